"""Searchlights (option night, 18.1.2) in the tracked game, switched on alone: a vehicle's orders
turn the searchlight its scenario gives it on at the Adjust Markers Step; from then on its side
sights what it lights as by Day, and the enemy sights the vehicle itself, by the rule calc sight
answers with the same case; and what a searchlight order refuses."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from umpire.ask.calc import run_case
from umpire.core.dice import SeededDice
from umpire.errors import UmpireError
from umpire.rules.mbt.state import MbtUnit
from umpire.turns.mbt.advanced.cases import sight_case
from umpire.turns.mbt.advanced.shots import sees
from umpire.turns.mbt.advanced.table import AdvTable


def _data(options: list[str] | None = None, conditions: str = "night") -> dict[str, Any]:
    """An M1 with a WL searchlight and an M1 without, 12 and 12.2 hexes from a T-72 in the clear:
    beyond Night's sighting range (4), within a WL light's 15 hexes (18.1.2.3)."""
    return scenario([unit("m1", "USA-1B", [8, 18], 90, searchlights=["WL"]), unit("m2", "USA-1B", [8, 20], 90)],
                    [unit("t1", "USSR-2A", [20, 18], 270)],
                    options=["night"] if options is None else options, conditions=conditions)


def _next_turn(g: Any) -> list[dict[str, Any]]:
    """On to the next Turn's Command phase; the resolutions on the way."""
    seen, turn = len(g.events()), g.state.turn
    while not (g.state.phase == "Command" and g.state.turn > turn):
        g.act("mbt.phase", {}, SeededDice(5))
    return [r for e in g.events()[seen:] for r in e.results]


def _seen(g: Any, viewer: str, target: str) -> tuple[bool, bool]:
    """Whether the tracked turn sees it, and whether calc sight, asked the turn's case, does."""
    t = AdvTable(g.state)
    u, v = g.state.units[viewer], g.state.units[target]
    case = sight_case(g.state, t, u, v)
    return sees(t, u, v).legal, run_case({"ruleset": "mbt", "procedure": "sight", **case})[0].resolution.outcome[
        "seen"]


def test_a_searchlight_turned_on_lights_its_side_and_shows_itself(tmp_path: Path) -> None:
    g = new(tmp_path, _data())
    orders(g, {"nato": {"m1": {"order": "OW", "searchlight": "WL"}}})
    assert _seen(g, "m1", "t1") == (False, False)  # on only at the Adjust Markers Step (18.1.2.1)
    res = _next_turn(g)
    assert any("turns its WL searchlight on (18.1.2.3)" in r["summary"] for r in res)
    assert MbtUnit.of(g.state.units["m1"]).searchlight == "WL"
    assert _seen(g, "m1", "t1") == (True, True)  # its own light, 12 hexes: Day sighting
    assert _seen(g, "m2", "t1") == (True, True)  # a friendly unit sights by its light (18.1.2.3)
    assert _seen(g, "t1", "m1") == (True, True)  # the enemy sees the light's unit at Day ranges
    assert _seen(g, "t1", "m2") == (False, False)
    case = sight_case(g.state, AdvTable(g.state), g.state.units["m2"], g.state.units["t1"])
    assert case["searchlight"] == "WL" and case["searchlight_range"] == pytest.approx(12)
    orders(g, {"nato": {"m1": {"order": "OW", "searchlight": "off"}}})
    _next_turn(g)
    assert MbtUnit.of(g.state.units["m1"]).searchlight is None
    assert _seen(g, "m1", "t1") == (False, False)


@pytest.mark.parametrize(("options", "conditions", "unit_id", "value", "why"), [
    (["night"], "night", "m1", "IR", "units.m1.searchlight: IR: m1 carries no IR searchlight (allowed: WL, off"),
    (["night"], "night", "m2", "WL", "units.m2.searchlight: WL: m2 carries no WL searchlight (allowed: off"),
    ([], "night", "m1", "WL", "units.m1.searchlight: searchlights need the night option"),
    (["night"], "fog", "m1", "WL", "units.m1.searchlight: WL: no searchlight may be used in fog (18.1.2.2-3"),
])
def test_a_searchlight_the_rules_do_not_allow_is_refused(tmp_path: Path, options: list[str], conditions: str,
                                                         unit_id: str, value: str, why: str) -> None:
    g = new(tmp_path, _data(options, conditions))
    phase(g, SeededDice(5), "Command")
    seen = len(g.events())
    with pytest.raises(UmpireError, match=re.escape(why)):
        g.act("mbt.orders", {"side": "nato", "units": {unit_id: {"order": "OW", "searchlight": value}}},
              SeededDice(5))
    assert len(g.events()) == seen


def test_a_shot_by_searchlight_is_the_case_calc_fire_answers(tmp_path: Path) -> None:
    """m2 fires at the T-72 12 hexes off by m1's light: the shot's case says so, and calc fire,
    asked the case with the shot's dice, answers the same."""
    g = new(tmp_path, _data())
    orders(g, {"nato": {"m1": {"order": "OW", "searchlight": "WL"}}})
    _next_turn(g)
    orders(g, {"nato": {"m2": {"order": "F", "fire": {"target": "t1", "weapon": "120mm"}}}})
    res = phase(g, SeededDice(5), "Adjustment")
    (shot,) = [r for r in res if r["procedure"] == "fire" and r.get("firer") == "m2"]
    assert shot["case"]["searchlight"] == "WL"
    dice = [v for roll in shot["rolls"] for v in roll["values"]]
    again = run_case({"ruleset": "mbt", "procedure": "fire", **shot["case"], "dice": dice})[0].to_json()
    assert again["outcome"] == shot["outcome"]


def test_a_camouflaged_unit_that_turns_its_searchlight_on_loses_its_camouflage(tmp_path: Path) -> None:
    """17.6.1.3: "Camouflaged units permanently lose their camouflage advantage if they ... use searchlights"."""
    data = _data(["night", "camouflage"])
    data["sides"][0]["formations"][0]["units"][0]["camouflaged"] = True
    g = new(tmp_path, data)
    orders(g, {"nato": {"m1": {"order": "OW", "searchlight": "WL"}}})
    assert MbtUnit.of(g.state.units["m1"]).camouflaged
    res = _next_turn(g)
    assert any("has lost its camouflage: it used its searchlight (17.6.1.3)" in r["summary"] for r in res)
    assert not MbtUnit.of(g.state.units["m1"]).camouflaged
