"""The quick answer and the tracked turn work a rule out in one place (issue #27, items 1 and 2):
each test shows a divergence that was, and holds both sides to the one function."""

from __future__ import annotations

import math

import pytest

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from umpire.calc import run_case
from umpire.errors import UmpireError
from umpire.geometry.game import measure_units
from umpire.registry import aspect, inside_depth


def _at(centre: tuple[float, float], bearing: float, r: float) -> list[float]:
    b = math.radians(bearing)
    return [round(centre[0] + r * math.sin(b), 3), round(centre[1] + r * math.cos(b), 3)]


def test_measure_and_fire_classify_a_bearing_by_the_same_sectors(tmp_path):
    """7.4.5.1 with ruling ``fire.hit_angle_sectors: quarters`` ("Front within 45 degrees"): a
    shot 40 degrees off the target's front is a Front hit for fire, and ``umpire measure`` says
    so too (it said "front-side", classifying the bearing by the hexside sectors on its own)."""
    data = scenario([unit("m1", "USA-1A", _at((20, 16), 40, 10), 220)], [unit("t72", "USSR-2A", [20, 16], 0)])
    data["rulings"] = {"fire.hit_angle_sectors": "quarters"}
    g = new(tmp_path, data)
    assert measure_units(g.state, "m1", "t72", inside_depth, aspect)["aspect"] == "front"
    dice = orders(g, {"nato": {"m1": {"order": "F", "fire": {"target": "t72"}}}})
    shot = next(r for r in phase(g, dice, "Movement") if r.get("firer") == "m1" and r["procedure"] == "fire")
    assert shot["angle"] == "front"
    case = {"procedure": "measure", "ruleset": "mbt", "rulings": {"fire.hit_angle_sectors": "quarters"},
            "from": {"at": _at((20, 16), 40, 10)}, "to": {"at": [20, 16], "facing": 0}}
    assert run_case(case)[0].data["aspect"] == "front"


def test_tracked_movement_at_night_costs_what_calc_move_says(tmp_path):
    """18.1.1: "Vehicle units have their movement reduced by two movement factors during Night or
    Moonlight conditions ... Leg units are reduced to a maximum movement of "1" hex." ``calc move``
    applied it; the tracked turn priced moves without the night (and let a squad go two hexes)."""
    g = new(tmp_path, scenario([unit("m1", "USA-1A", [4, 10]), unit("sq", "USA-7B", [4, 20],
                                                                    type="Squad Heavy Mechanized Infantry")],
                               [unit("t72", "USSR-2A", [44, 30], 270)], conditions="night"))
    orders(g, {"nato": {"m1": {"order": "M", "move": {"path": [[6, 10]]}}}})
    planned = g.state.extra["mbt"]["orders"]["nato"]["m1"]["move"]
    quick = run_case({"procedure": "move", "ruleset": "mbt", "card": "USA-1A", "orders": "M", "conditions": "night",
                      "route": [{"terrain": "clear", "inches": 2}]})[0].resolution
    assert planned["allowance"] == quick.outcome["allowance"]
    day = run_case({"procedure": "move", "ruleset": "mbt", "card": "USA-1A", "orders": "M",
                    "route": [{"terrain": "clear", "inches": 2}]})[0].resolution
    assert planned["allowance"] == day.outcome["allowance"] - 2
    with pytest.raises(UmpireError, match=r"units\.sq\.move: needs 2 in, the squad has 1 in"):
        orders(g, {"nato": {"sq": {"order": "M", "move": {"path": [[6, 20]]}}}})
