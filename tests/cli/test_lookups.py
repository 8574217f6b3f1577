"""#20: names looked up in both rulesets, found by a word of them; suggestions that find the
vehicle meant; name lists never cut short."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from umpire.cli import app
from umpire.errors import closest, unknown

runner = CliRunner()


def _json(*args: str) -> list[dict[str, object]]:
    r = runner.invoke(app, [*args, "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.output)  # type: ignore[no-any-return]


def test_units_abrams_finds_both_rulesets() -> None:
    rows = _json("units", "abrams")
    assert {(r["ruleset"], r["name"]) for r in rows} == {
        ("auftragstaktik", "M1A1 Company"), ("mbt", "M1"), ("mbt", "M1A1"), ("mbt", "M1A2")}


def test_cards_rulings_procedures() -> None:
    assert [r["id"] for r in _json("cards", "leopard 2")] == ["FRG-1B"]
    assert [r["name"] for r in _json("rulings", "fire.flank_rear")] == ["fire.flank_rear_shift_direction"]
    procs = _json("procedures")
    assert {"fire SHOOTER TARGET RANGE ASPECT WEAPON", "fire FIRER TARGET RANGE FIRER.AMMO ANGLE"} <= {
        str(r["form"]) for r in procs}
    assert {r["ruleset"] for r in _json("procedures", "fire")} == {"auftragstaktik", "mbt"}
    assert len(_json("units", "--ruleset", "auftragstaktik")) == 18


def test_one_ruling_found_is_shown_whole() -> None:
    r = runner.invoke(app, ["rulings", "flank_rear_shift"])
    assert r.exit_code == 0 and "firer (default)" in r.output
    assert "--ruling fire.flank_rear_shift_direction=" in r.output


@pytest.mark.parametrize("args, said", [
    (["units", "zzqx"], "no unit matches 'zzqx' (umpire units lists them all)"),
    (["cards", "--ruleset", "mtb"], "unknown ruleset 'mtb' (did you mean 'mbt'?"),
])
def test_a_bad_look_up_is_one_error(args: list[str], said: str) -> None:
    r = runner.invoke(app, args)
    lines = [x for x in r.output.splitlines() if x]
    assert r.exit_code == 2 and len(lines) == 1 and said in lines[0], r.output


def test_suggestions_look_inside_names_before_typos() -> None:
    aliases = {"M1": ["Abrams"], "M1A1": ["Abrams"], "BRDM": []}
    assert closest("Abrams", ["BRDM", "M1", "M1A1"], aliases) == ["M1", "M1A1"]
    assert closest("fire.flank", ["fire.flank_rear_shift_direction", "fire.hq"]) == ["fire.flank_rear_shift_direction"]
    assert closest("abrms", ["M1 Abrams", "BRDM"]) == ["M1 Abrams"]
    r = runner.invoke(app, ["calc", "mbt", "fire", "USSR-2A", "abrms", "5", "APFSDS"])
    assert r.exit_code == 2 and "did you mean 'USA-1A' (M1)" in r.output, r.output


def test_name_lists_are_never_cut() -> None:
    names = [f"unit-{i}" for i in range(40)]
    text = str(unknown("unit", "zz", names))
    assert "..." not in text and all(n in text for n in names)


def test_a_card_named_by_the_start_of_its_vehicle_name() -> None:
    """"T-72" is the only card whose vehicle's name begins so (T-72M1): taken, and the answer
    says how it was read; "BMP" begins three names: all of them named, nothing guessed."""
    from umpire.errors import UmpireError
    from umpire.rules.mbt.data import card_id

    assert card_id("T-72") == "USSR-2A"
    assert card_id("t72") == "USSR-2A"
    with pytest.raises(UmpireError, match=r"could be any of USSR-2B/1 \(BMP-R\), USSR-2B/2 \(BMP-1\), USSR-3B"):
        card_id("BMP")
    r = runner.invoke(app, ["calc", "mbt", "fire", "M1A1", "T-72", "12", "APFSDS",
                            "--roll", "45", "--roll", "30", "--roll", "50"])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == ("MBT Advanced Game: M1A1 (USA-1B) -> T-72M1 (USSR-2A) "
                                        "('T-72' read as T-72M1 (USSR-2A))")
