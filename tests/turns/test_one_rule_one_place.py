"""The quick answer and the tracked turn work a rule out in one place (issue #27, items 1 and 2):
each test shows a divergence that was, and holds both sides to the one function."""

from __future__ import annotations

import math

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from umpire.calc import run_case
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
