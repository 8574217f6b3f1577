"""Bad inputs through the CLI: one Error line naming what is allowed, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from umpire.cli import app

runner = CliRunner()
BASE = """ruleset: mbt
procedure: fire
scale: 1
firer:  {{card: {firer}, weapon: 125mm, ammo: {ammo}, orders: {orders}, turret: open}}
target: {{card: {target}, orders: F, terrain: woods, spotted: fired}}
range: {range}
elevation: level
angle: front
dice: [{die}, 25, 60]
"""


def run(tmp_path: Path, **kw: object) -> object:
    values = {
        "firer": "USSR-2A",
        "ammo": "APFSDS",
        "orders": "F",
        "target": "FRG-1A",
        "range": 5,
        "die": 6,
    } | kw
    path = tmp_path / "case.yaml"
    path.write_text(BASE.format(**values), encoding="utf-8")
    return runner.invoke(app, ["calc", "fire", str(path), "--json"])


@pytest.mark.parametrize(
    ("kw", "words"),
    [
        ({"ammo": "HESH"}, ["unknown ammunition", "APFSDS, GP, HEAT"]),
        ({"range": 45}, ["range 45", "allowed: 1-40"]),
        ({"orders": "M"}, ["cannot be fired with M orders", "allowed: F, FM, OW"]),
        ({"orders": "ATGM"}, ["cannot be fired with ATGM orders"]),
        ({"target": "USSR-9Z"}, ["unknown data card 'USSR-9Z'", "did you mean 'USSR-9B'"]),
        ({"die": 101}, ["impossible on a d100", "allowed: 1-100"]),
        ({"die": -1}, ["impossible on a d100", "allowed: 1-100"]),
    ],
)
def test_bad_input(tmp_path: Path, kw: dict[str, object], words: list[str]) -> None:
    result = run(tmp_path, **kw)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line]
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    for w in words:
        assert w in lines[0]


def test_good_input_json(tmp_path: Path) -> None:
    import json

    result = run(tmp_path)
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["hit_number"] == 59 and out["outcome"]["hits"] == 1
    assert out["provenance"]["estimated"]


def test_terminal_says_estimated(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(
        BASE.format(firer="USSR-2A", ammo="APFSDS", orders="F", target="FRG-1A", range=5, die=6)
    )
    result = runner.invoke(app, ["calc", "fire", str(path)])
    assert result.exit_code == 0 and "used estimated values" in result.output


def test_sight_case(tmp_path: Path) -> None:
    import json

    path = tmp_path / "s.yaml"
    path.write_text(
        "ruleset: mbt\nprocedure: sight\nscale: 1\nconditions: day\nsighter: {turret: open}\n"
        "target: {kind: vehicle, terrain: woods, spotted: moved}\nrange: 8\n"
    )
    out = json.loads(runner.invoke(app, ["calc", "sight", str(path), "--json"]).output)
    assert out["outcome"]["seen"] is True and out["max_range"] == 10
    assert out["outcome"]["identification"] == "type"


def test_order_the_unit_cannot_carry_out() -> None:
    from umpire.errors import UmpireError
    from umpire.rules.mbt.orders import UnitState, check_order

    with pytest.raises(UmpireError, match=r"cannot carry out M .*allowed: ATGM, F, OW"):
        check_order("M", UnitState(can_move=False, has_missile=True, advanced=False))
    assert check_order("M", UnitState(can_move=False, doctrine=True)) == "M"


@pytest.mark.parametrize(("said", "meant", "never"), [("USA-9Z", "USA-8A", "USSR-"), ("FRG-9", "FRG-8B", "USA-")])
def test_unknown_card_suggests_its_own_nations(said: str, meant: str, never: str) -> None:
    """A card id of one nation is never suggested another nation's card (USA-9Z once read as
    the Soviet SA-9's USSR-7A/1, for the digit its name shares)."""
    from umpire.errors import UmpireError
    from umpire.rules.mbt.data import card_id

    with pytest.raises(UmpireError) as got:
        card_id(said)
    hint = str(got.value).split("known:")[0]
    assert f"did you mean {meant!r}" in hint and never not in hint, hint
