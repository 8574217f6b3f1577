"""Variable ammunition (17.3.2.1.4.2), fuel (17.3.3) and a reduced GP rate of fire (17.3.2.2) in the
tracked game, under option weapon_limits switched on alone: the rolls are ``calc ammo`` and ``calc
fuel``'s own, kept with their cases; a vehicle out of fuel is given no move; a GP fire entry's
``shots`` is fired at -10 a shot less, as ``calc gp`` answers; bad scenarios and orders are refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from tests.turns.test_mbt_options_hits import WhyDice
from tests.turns.test_mbt_options_turn import _one_error_line
from umpire.ask.calc import run_case
from umpire.errors import UmpireError


def _game(tmp_path: Path, opts: list[str], far: bool = False, **mbt: Any) -> Any:
    """An M60A3 and a US squad, a T-72M1 and a Soviet squad; ``far``: out of each other's sight."""
    tmp_path.mkdir(exist_ok=True)
    x = 46 if far else 30
    squad = "Squad Standard Infantry"
    return new(tmp_path, scenario([unit("m60", "USA-3A/1", [2, 2], 90), unit("sq", "USA-7B", [2, 6], 90, type=squad)]
                                  if far else [unit("m60", "USA-3A/1", [10, 18], 90),
                                               unit("sq", "USA-7B", [12, 24], 90, type=squad)],
                                  [unit("t1", "USSR-2A", [x, 30 if far else 18], 270),
                                   unit("rs", "USSR-11B", [x if far else 24, 31 if far else 24], 270, type=squad)],
                                  options=opts, **mbt))


def _rolled(g: Any, procedure: str) -> list[Any]:
    return [r for e in g.events() for r in e.results if r["procedure"] == procedure]


def test_variable_ammunition_is_rolled_before_the_game_by_calc_ammo(tmp_path: Path) -> None:
    g = _game(tmp_path, ["weapon_limits"], ammunition="variable")
    phase(g, WhyDice({"variable ammunition": [9, 6, 2, 1, 4, 4]}), "Command")
    rolls = {(r["unit"], r["case"]["weapon"]): r for r in _rolled(g, "ammo")}
    m60 = rolls[("m60", "105mm")]
    assert m60["outcome"] == {"rounds": 14, "maximum": 14}  # 17.3.2.1.4.2's own example: 9 + 6 = 15, the maximum 14
    assert m60["side"] == "nato" and m60["step"] == "before the game"
    for r in rolls.values():  # the quick answer agrees with every roll kept
        dice = [x for roll in r["rolls"] for x in roll["values"]]
        answer, _ = run_case({"ruleset": "mbt", **r["case"], "dice": dice})
        assert answer.to_json()["outcome"] == r["outcome"]
    t72 = rolls[("t1", "125mm")]
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.options import weapon_limits as WL

    gun = next(x for x in U.weapons(g.state.units["t1"]) if x.name == "125mm")
    assert WL.carried(g.state.units["t1"], gun, g.state) == t72["outcome"]["rounds"] < t72["outcome"]["maximum"]


def test_without_variable_ammunition_nothing_is_rolled(tmp_path: Path) -> None:
    g = _game(tmp_path, ["weapon_limits"])
    phase(g, WhyDice({}), "Command")
    assert not _rolled(g, "ammo") and not _rolled(g, "fuel")


def test_fuel_is_rolled_spent_a_turn_a_vehicle_moves_and_a_dry_vehicle_is_given_no_move(tmp_path: Path) -> None:
    g = _game(tmp_path, ["weapon_limits"], far=True, fuel=True)
    dice = WhyDice({"fuel factors": [1, 1, 1]})
    phase(g, dice, "Command")
    fuel = {r["unit"]: r for r in _rolled(g, "fuel")}
    assert set(fuel) == {"m60", "t1"}  # vehicles only (17.3.3)
    assert fuel["m60"]["outcome"]["factors"] == 3
    answer, _ = run_case({"ruleset": "mbt", **fuel["m60"]["case"], "dice": [1, 1, 1]})
    assert answer.to_json()["outcome"]["factors"] == 3
    spent = []
    for x in (3, 4, 5):
        orders(g, {"nato": {"m60": {"order": "M", "move": {"path": [[x, 2]]}}}}, dice)
        spent += [r["summary"] for r in phase(g, dice, "Initiative") if r["procedure"] == "fuel_used"]
    assert spent == ["m60 entered a new hex: one fuel factor spent, 2 left (17.3.3.2)",
                     "m60 entered a new hex: one fuel factor spent, 1 left (17.3.3.2)",
                     "m60 entered a new hex: one fuel factor spent, 0 left: out of fuel (17.3.3.2)"]
    phase(g, dice, "Command")
    seen = len(g.events())
    with pytest.raises(UmpireError, match=r"units.m60.move: m60 has no fuel factors left \(17.3.3.2\): it may not "
                                          r"move nor make exhaust smoke"):
        orders(g, {"nato": {"m60": {"order": "M", "move": {"path": [[6, 2]]}}}}, dice)
    assert len(g.events()) == seen
    orders(g, {"nato": {"m60": {"order": "F"}}}, dice)  # it still fires


def test_a_gp_fire_entry_with_fewer_shots_fires_at_minus_ten_a_shot(tmp_path: Path) -> None:
    g = _game(tmp_path, ["weapon_limits"])
    dice = WhyDice({})
    orders(g, {"nato": {"m60": {"order": "F", "fire": {"target": "rs", "weapon": "105mm", "ammo": "GP",
                                                       "shots": 1}}}}, dice)
    got = phase(g, dice, "Movement")
    shot = next(r for r in got if r["procedure"] == "gp")
    assert shot["case"]["shots"] == 1
    mods = [[m["name"], m["value"], m["rule"]] for m in shot["modifiers"]]
    assert ["1 shot under the maximum rate", -10, "17.3.2.2"] in mods
    answer, _ = run_case({**shot["case"], "dice": [x for roll in shot["rolls"] for x in roll["values"]]})
    assert answer.to_json()["modified_roll"] == shot["modified_roll"]


@pytest.mark.parametrize(("opts", "shots", "why"), [
    ([], 1, r"units.m60.fire.shots: 1: GP fire is at the weapon's maximum rate of fire \(2\); fewer shots at -10 each "
            r"is option 17.3.2.2"),
    (["weapon_limits"], 3, r"units.m60.fire.shots: 3 \(allowed: 1-2, the 105mm's maximum rate of fire; 17.3.2.2\)"),
])
def test_a_bad_gp_shots_is_refused_and_nothing_written(tmp_path: Path, opts: list[str], shots: int, why: str) -> None:
    g = _game(tmp_path, opts)
    dice = WhyDice({})
    phase(g, dice, "Command")
    seen = len(g.events())
    with pytest.raises(UmpireError, match=why):
        orders(g, {"nato": {"m60": {"order": "F", "fire": {"target": "rs", "weapon": "105mm", "ammo": "GP",
                                                           "shots": shots}}}}, dice)
    assert len(g.events()) == seen


@pytest.mark.parametrize(("mbt", "why"), [
    ({"ammunition": "variable"}, "mbt.ammunition: variable ammunition is part of option 17.3 (add weapon_limits to "
                                 "mbt.options)"),
    ({"fuel": True}, "mbt.fuel: fuel is part of option 17.3 (add weapon_limits to mbt.options)"),
])
def test_supplies_without_the_option_are_one_error_line_and_no_game(cli: Any, tmp_path: Path, mbt: dict[str, Any],
                                                                    why: str) -> None:
    data = scenario([unit("m60", "USA-3A/1", [10, 18], 90)], [unit("t1", "USSR-2A", [30, 18], 270)], **mbt)
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    line = _one_error_line(cli("new", str(path)))
    assert why in line, line
    assert not list(tmp_path.glob("*.db"))
