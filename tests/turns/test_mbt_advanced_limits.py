"""The card NOTES that limit units in the Advanced Game turn: long main guns on paths, in woods
and in buildings (15.6), leg units up in a building (14.1.3.2), riders firing from their carrier
(15.3.4). Each test quotes the rule it shows."""

from __future__ import annotations

import re

import pytest

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from umpire.errors import UmpireError
from umpire.reports.model import briefing, report_for_game
from umpire.reports.turn_text import plain_text

SQUAD = {"card": "USA-7B", "type": "Squad Heavy Mechanized Infantry"}


def _fire(res: list[dict], firer: str) -> list[dict]:
    return [r for r in res if r.get("firer") == firer and r["procedure"] in ("fire", "gp", "ap")]


def test_a_long_gun_in_woods_may_not_turn_its_turret_and_so_fires_only_where_it_points(tmp_path):
    """15.6.3: "Unless located in a hex containing a road ..., these vehicle units may not have
    their turret units turned while located in a woods (light or heavy) or building hex."
    15.6.4: "While inside a building, these vehicle units may never have their turret units
    turned." The M1A1's card NOTES carry the path restrictions."""
    woods = {"id": "w1", "type": "woods", "polygon": [[8, 18], [14, 18], [14, 21], [8, 21]]}
    town = {"id": "b1", "type": "brick_buildings", "polygon": [[30, 2], [34, 2], [34, 6], [30, 6]]}
    road = {"id": "r1", "type": "road", "line": [[30, 4.2], [40, 4.2]]}
    g = new(tmp_path, scenario([unit("m1", "USA-1B", [10, 20.6]), unit("m1b", "USA-1B", [32, 4], inside=True)],
                               [unit("t72", "USSR-2A", [10, 30.6], 180)], [woods, town, road]))
    with pytest.raises(UmpireError, match=r"units\.m1\.turret_facing: 0: its long main gun may not be turned "
                                          r"in a woods or building hex without a road \(15\.6\.3"):
        orders(g, {"nato": {"m1": {"order": "F", "turret_facing": 0, "fire": {"target": "t72"}}}})
    with pytest.raises(UmpireError, match=r"never be turned while it is inside a building \(15\.6\.4"):
        orders(g, {"nato": {"m1b": {"order": "OW", "turret_facing": 0}}})  # a road in its hex does not help
    dice = orders(g, {"nato": {"m1": {"order": "F", "fire": {"target": "t72"}}}})
    shot = _fire(phase(g, dice, "Movement"), "m1")
    assert shot[0]["outcome"]["fired"] is False and "outside the 120mm's firing arc" in shot[0]["summary"]


def test_a_long_gun_with_its_turret_turned_keeps_off_paths_into_woods_and_out_of_light_woods(tmp_path):
    """15.6.1: "These vehicle units may only be moved following a path across a hexside to or
    from a woods (light or heavy) or building hex if their turret unit faces directly to the
    vehicle unit's front or rear." 15.6.2: "Unless following the track of a road, these vehicle
    units may only be moved to enter light woods hexes if their turret unit faces directly to
    the vehicle unit's front or rear." """
    light = {"id": "lw", "type": "light_woods", "polygon": [[20, 2], [26, 2], [26, 8], [20, 8]]}
    road = {"id": "r1", "type": "road", "line": [[0, 3], [48, 3]]}
    town = {"id": "b1", "type": "wooden_buildings", "polygon": [[34, 18], [38, 18], [38, 22], [34, 22]]}
    trail = {"id": "p1", "type": "path", "line": [[28, 20], [44, 20]]}
    g = new(tmp_path, scenario([unit("m1", "USA-1B", [17, 6]), unit("m2", "USA-1B", [17, 3]),
                                unit("m3", "USA-1B", [30, 20])],
                               [unit("t72", "USSR-2A", [46, 30], 270)], [light, road, town, trail]))
    with pytest.raises(UmpireError, match=r"units\.m1\.move: it may not enter light woods .*\(15\.6\.2"):
        orders(g, {"nato": {"m1": {"order": "M", "turret_facing": 0, "move": {"path": [[21, 6]]}}}})
    with pytest.raises(UmpireError, match=r"units\.m3\.move: it may not follow a path into or out of a woods or "
                                          r"building hex .*\(15\.6\.1"):
        orders(g, {"nato": {"m3": {"order": "M", "turret_facing": 0, "move": {"path": [[35, 20]]}}}})
    dice = orders(g, {"nato": {"m1": {"order": "M", "move": {"path": [[21, 6]]}},  # turret to its front
                               "m2": {"order": "M", "turret_facing": 0, "move": {"path": [[23, 3]]}},  # a road
                               "m3": {"order": "M", "turret_facing": 270, "move": {"path": [[35, 20]]}}}})
    moved = {r["unit"]: r["outcome"]["to"] for r in phase(g, dice, "Adjustment") if r["procedure"] == "move"}
    assert moved == {"m1": [21, 6], "m2": [23, 3], "m3": [35, 20]}


def test_upper_floors_fire_only_the_weapons_their_notes_allow(tmp_path):
    """14.1.3.2: "When on the ground in a building hex, it can be assumed that the operators step
    outside to fire these weapons, so there are no restrictions. However, when leg units are
    located up in upper floors of a building hex, only some weapons can be fired (see NOTES on
    the leg data cards)." The US card lets its MG fire from upper floors, not its Dragon."""
    town = {"id": "b1", "type": "brick_buildings", "height": 2, "polygon": [[28, 18], [32, 18], [32, 20.4], [28, 20.4]]}
    g = new(tmp_path, scenario([unit("up", at=[30, 20], facing=0, up=1, equipment="with Dragon & MG", **SQUAD),
                                unit("down", at=[31, 20.2], facing=0, equipment="with Dragon & MG", **SQUAD)],
                               [unit("t72", "USSR-2A", [30, 26], 180)], [town]))
    with pytest.raises(UmpireError, match=r"units\.up\.fire\.weapon: the Dragon is not fired from the upper floors "
                                          r"of a building \(back-blast; 14\.1\.3\.2, leg card NOTES\)"):
        orders(g, {"nato": {"up": {"order": "ATGM", "fire": {"target": "t72", "weapon": "Dragon"}}}})
    dice = orders(g, {"nato": {"up": {"order": "F", "fire": {"target": "t72", "weapon": "MG"}},
                               "down": {"order": "ATGM", "fire": {"target": "t72", "weapon": "Dragon"}}}})
    res = phase(g, dice, "Movement")
    assert [r["weapon"] for r in _fire(res, "up")] == ["MG"]
    assert any(r.get("weapon") == "Dragon" and r.get("firer") == "down" for r in res)


def test_riders_fire_from_their_carrier_as_its_card_allows(tmp_path):
    """15.3.3.1: "when the vehicle unit is being fired, transported units may also (if allowed)
    be fired with it." 15.3.4.1: "many infantry weapons (machineguns, missiles, etc.) may not be
    fired while being transported. Others (ie., rocket launchers) may be fired only if the
    transporting vehicle unit is non-full cover or, if full cover, is open." 15.3.4.2: "Leg
    units, when transported by certain full cover vehicle units may be fired when the vehicle
    unit is buttoned (see NOTES on the Vehicle unit's data cards). The maximum range for this
    fire is "2" hexes." The Bradley's NOTES give its riders firing ports."""
    rider = unit("sq", at=None, carried_by="brad", equipment="with Dragon & LAW", **SQUAD)
    g = new(tmp_path, scenario([unit("brad", "USA-2A/1", [10, 10]), rider],
                               [unit("near", "USSR-11B", [12, 10], 270, type="Team"),
                                unit("far", "USSR-11B", [13.5, 10], 270, type="Team")]))
    buttoned = {"order": "F", "turret": "buttoned"}
    with pytest.raises(UmpireError, match=r"fire\.weapon: the LAW is fired from a full-cover carrier only when the "
                                          r"carrier is open \(15\.3\.4\.1"):
        orders(g, {"nato": {"brad": buttoned | {"fire": {"target": "near", "weapon": "LAW", "by": "sq"}}}})
    with pytest.raises(UmpireError, match=r"the Dragon is not fired while its unit is carried \(15\.3\.4\.1"):
        orders(g, {"nato": {"brad": {"order": "ATGM", "fire": {"target": "near", "weapon": "Dragon", "by": "sq"}}}})
    with pytest.raises(UmpireError, match=r"fire\.by: unknown unit carried by brad 'sq2'"):
        orders(g, {"nato": {"brad": buttoned | {"fire": {"target": "near", "weapon": "Small arms", "by": "sq2"}}}})
    ports = [{"target": t, "weapon": "Small arms", "by": "sq"} for t in ("near", "far")]
    dice = orders(g, {"nato": {"brad": buttoned | {"fire": ports}}})
    near, far = _fire(phase(g, dice, "Movement"), "sq")
    assert near["outcome"].get("fired") is not False and near["range"] == 2
    assert any(m["rule"] == "14.4.2.1.5" and m["value"] == -10 for m in near["modifiers"])  # transported firer
    assert {s["unit"] for s in near["sighted"] if s["by"] == "ussr"} <= {"brad"}  # 15.3.3.3: buttoned, full cover
    assert far["outcome"]["fired"] is False and "firing ports it reaches 2 hexes" in far["summary"]
    seen = " ".join(plain_text(briefing(report_for_game(g, turn=1), "ussr")).split())
    # what they saw: its carrier, by the contact label the Soviets know it by (24.2.2)
    assert re.search(r"contact-\d+'s riders fired at near: ", seen) and "sq fired" not in seen and "brad" not in seen
    dice = orders(g, {"nato": {"brad": {"order": "F", "turret": "open", "fire": {
        "target": "far", "weapon": "LAW", "by": "sq"}}}})
    (law,) = _fire(phase(g, dice, "Movement"), "sq")
    assert law["weapon"] == "LAW" and law["outcome"].get("fired") is not False and law["range"] == 4
    dice = orders(g, {"nato": {"brad": {"order": "OW", "turret": "buttoned", "overwatch": {"riders": True}}},
                      "ussr": {"near": {"order": "F", "fire": {"target": "brad"}}}})
    res = phase(g, dice, "Movement")
    assert {(r["firer"], r["step"]) for r in res if r.get("firer") in ("brad", "sq") and r.get("target") == "near"} \
        == {("brad", "Overwatch Fire"), ("sq", "Overwatch Fire")}  # the squad fires with its carrier (15.3.3.1)
