"""The quick answer's rough edges (issue #12, points 15-17, and issue #11 item 5): a d10 typed
as 0, the words said at the table, the defaults a case leaned on, every error at once, the die
beside the modified roll, one CRT notation, the fields a case may hold, and --db after the
command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from umpire.cli import app

runner = CliRunner()


def write(tmp_path: Path, case: dict[str, Any]) -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(case, allow_unicode=True), encoding="utf-8")
    return path


def at_fire(**over: Any) -> dict[str, Any]:
    return {"procedure": "fire", "ruleset": "auftragstaktik", "shooter": {"unit": "T-80B Company"},
            "target": {"unit": "M1A1 Company"}, "weapon": "gun", "range": 6, **over}


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


# --- 15. the d10's 0 face --------------------------------------------------------------------------


def test_roll_0_is_the_d10s_ten(tmp_path: Path) -> None:
    """A01 (dice.d10_zero): "a d10 reads 1-10; the 0 face counts as 10"."""
    path = write(tmp_path, at_fire())
    zero = run("calc", "fire", str(path), "--roll", "0", "--json")
    ten = run("calc", "fire", str(path), "--roll", "10", "--json")
    assert zero.exit_code == 0, zero.output
    assert zero.output == ten.output
    two_d6 = run("calc", "fire", str(path), "--roll", "0", "--roll", "3", "--ruling", "dice.method=2d6-2")
    assert two_d6.exit_code == 2 and "impossible on a d6" in two_d6.output


# --- 16. vocabulary, defaults, errors, summary, notation ---------------------------------------------


def test_table_words_are_understood(tmp_path: Path) -> None:
    case = at_fire(shooter={"unit": "T80B"}, target={"unit": "Abrams"}, weapon="atgm",
                   range='7"', aspect="Flank", dice=[6])
    r = run("calc", "fire", str(write(tmp_path, case)), "--json")
    assert r.exit_code == 0, r.output
    side = run("calc", "fire", str(write(tmp_path, {**case, "aspect": "side"})), "--json")
    assert side.exit_code == 0 and side.output == r.output
    other = run("calc", "fire", str(write(tmp_path, {**case, "shooter": {"unit": "T-80 Company"}})))
    assert other.exit_code == 2 and "did you mean 'T-80B Company'" in other.output  # another tank
    bad = run("calc", "fire", str(write(tmp_path, {**case, "weapon": "bazooka"})))
    assert bad.exit_code == 2 and "weapon 'bazooka'" in bad.output
    assert "allowed: gun, missile, he, hw, sa" in bad.output


def test_unknown_words_are_suggested(tmp_path: Path) -> None:
    r = run("calc", "fire", str(write(tmp_path, at_fire(weapon="misile"))))
    assert r.exit_code == 2
    assert "did you mean 'missile'" in r.output


def test_every_error_of_a_case_at_once(tmp_path: Path) -> None:
    case = at_fire(shooter={"unit": "T-90 Coy", "quality": "elitee"}, target={"unit": "Abrams X"},
                   range=-2)
    path = str(write(tmp_path, case))
    r = run("calc", "fire", path)
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith("Error: "), r.output
    assert f"(and 3 more problems: umpire check {path} lists them all)" in lines[0]
    r = run("check", path)
    assert r.exit_code == 2
    for where in ("shooter.quality", "range", "shooter.unit", "target.unit"):
        assert f": {where}" in r.output, r.output


def test_defaults_taken_are_named(tmp_path: Path) -> None:
    r = run("calc", "fire", str(write(tmp_path, at_fire(dice=[6]))))
    assert r.exit_code == 0, r.output
    last = r.output.strip().splitlines()[-1]
    assert last.startswith("assumed (not in the case):")
    assert "shooter.moved false" in last and "target.quality regular" in last


def test_zeroed_modifiers_are_said(tmp_path: Path) -> None:
    """COMBAT: "Vehicle stands do not benefit from Cover"; HE: "Heavy HE reduces Entrenchment and
    Cover modifiers by 1 (to a minimum of 0)"."""
    r = run("calc", "fire", str(write(tmp_path, at_fire(target={"unit": "M1A1 Company", "cover": "heavy"},
                                                        dice=[6]))), "--json")
    mods = {m["name"]: m for m in yaml.safe_load(r.output)["modifiers"]}
    assert mods["target cover"]["value"] == 0 and "do not benefit" in mods["target cover"]["detail"]
    inf = "mc | 2 | {0} | CC: 2 | HW: 2 [4] SA: 2/4 | -- | --"
    he = at_fire(shooter={"unit": "T-80B Company", "orders": "NO"},
                 target={"statline": inf, "cover": "light", "orders": "NO"}, weapon="he", dice=[6])
    r = run("calc", "fire", str(write(tmp_path, he)), "--json")
    mods = {m["name"]: m for m in yaml.safe_load(r.output)["modifiers"]}
    assert mods["target cover"]["value"] == 0 and "-1 -> +0" in mods["target cover"]["detail"]
    icm = {"procedure": "indirect", "ruleset": "auftragstaktik", "firer": {"unit": "M109A2 Battery"},
           "target": {"unit": "T-72A Company"}, "icm": True, "dice": [5]}
    r = run("calc", "indirect", str(write(tmp_path, icm)), "--json")
    mods = {m["name"]: m for m in yaml.safe_load(r.output)["modifiers"]}
    assert mods["target cover"]["value"] == 0 and "ICM" in mods["target cover"]["detail"]


def test_summary_shows_the_die_and_one_notation(tmp_path: Path) -> None:
    r = run("calc", "fire", str(write(tmp_path, at_fire(range=2, dice=[6]))), "--json")
    out = yaml.safe_load(r.output)
    assert "rolled 6" in out["summary"]
    assert out["column"] in ("+2..+3", "-6..-4", "-3..-2", "+4..+6", "0", "+1", "-1") or ".." in out["column"]
    assert "," not in out["column"] and "..." not in out["column"]


# --- issue #11 item 5: the fields of a case ------------------------------------------------------------


def test_calc_fields_lists_fields_values_and_defaults() -> None:
    r = run("calc", "fields", "fire", "--ruleset", "auftragstaktik")
    assert r.exit_code == 0, r.output
    assert "shooter.quality" in r.output and "elite | veteran" in r.output
    assert "weapon" in r.output and "required" in r.output
    both = run("calc", "fields", "fire")
    assert "auftragstaktik fire" in both.output and "mbt fire" in both.output
    assert "game" in both.output and "basic | advanced" in both.output
    bad = run("calc", "fields", "fier")
    assert bad.exit_code == 2 and "allowed:" in bad.output


# --- 17. --db after the command ---------------------------------------------------------------------------


def test_db_after_the_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    r = run("new", "hof-gap-meeting", "--db", "g.db")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "g.db").is_file() and not (tmp_path / "umpire.db").exists()
    assert run("status", "--db=g.db").exit_code == 0
    orders = Path(__file__).resolve().parents[2] / "data" / "orders" / "nato-turn1.yaml"
    r = run("turn", "orders", str(orders), "--db", "g.db")
    assert r.exit_code == 0, r.output
    assert run("log", "--db", "g.db", "--json").exit_code == 0


def test_mbt_side_asks_which_side(tmp_path: Path) -> None:
    """7.4.5.1: "Front, Front-Side (left and right), Rear-Side (left and right), and Rear"."""
    case = {"procedure": "fire", "ruleset": "mbt", "firer": {"card": "USA-1B", "ammo": "APFSDS"},
            "target": {"card": "USSR-1B"}, "range": '6"', "angle": "side", "dice": [100]}
    r = run("calc", "fire", str(write(tmp_path, case)))
    assert r.exit_code == 2 and "front-side or rear-side" in r.output
    r = run("calc", "fire", str(write(tmp_path, {**case, "angle": "Front-Side"})))
    assert r.exit_code == 0, r.output
