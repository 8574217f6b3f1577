"""Where a flying helicopter is seen from and fires from, and who sees it (20.2.2.1.2, 20.2.3.1,
20.3.3.5): its bearing and arc, the altitude it is seen at, its height over the table, and the
line of sight between it and a ground unit. The helicopters' flight (:mod:`.helicopters_air`),
their fire (:mod:`.helicopter_fire`) and the anti-aircraft fire at them (:mod:`.anti_aircraft`)
ask the same.
"""

from __future__ import annotations

import math
from typing import Any

from umpire.core.state import GameState, UnitState
from umpire.rules.mbt import sighting
from umpire.turns.mbt.options import state as OS

ARC = 60.0  # half the helicopter's 120 degree sighting arc (20.2.3.1)


def bearing(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The table bearing from ``a`` to ``b`` (degrees clockwise from the far edge).

    >>> bearing((0, 0), (0, 5)), bearing((0, 0), (5, 0))
    (0.0, 90.0)
    """
    return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360.0


def off_arc(facing: float, a: tuple[float, float], b: tuple[float, float]) -> float:
    """Degrees between ``facing`` and the bearing from ``a`` to ``b`` (0-180)."""
    d = abs((bearing(a, b) - facing + 180.0) % 360.0 - 180.0)
    return d


def flying_altitude(h: OS.Helicopter) -> str:
    """The altitude it is seen and fired at: low during a pop-up attack (20.2.2.1.2)."""
    return "low" if h.popup else h.altitude


def highest_point(t: Any, xy: tuple[float, float]) -> int:
    return int(max([t.elevation(xy), *(t.top(p) for p in t.pieces_at(xy))]))


def height_at(t: Any, h: OS.Helicopter) -> int:
    """The height a helicopter sights, is seen and fires from (20.2.3.1.1, by
    :func:`umpire.rules.mbt.options.helicopters.fly_height`): one above the highest point of its hex
    at NOE, on it landed; at low altitude, above every height of the table (20.1.3.2.2.1: a falling
    shot)."""
    from umpire.rules.mbt.options.helicopters import fly_height

    top = highest_point(t, (h.x, h.y))
    height = fly_height(top, h.altitude)
    return top + 20 if height is None else height


def sees(state: GameState, t: Any, g: UnitState, h: OS.Helicopter) -> tuple[bool, str]:
    """Whether ground unit ``g`` and helicopter ``h`` see each other (20.2.3.1, 20.3.3.5)."""
    from umpire.rules.mbt.options import air
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.options.night import conditions_at

    a, b = t.xy(g), (h.x, h.y)
    rng = t.hexes(a, b)
    base = sighting.chart_range(conditions_at(state, t.conditions, b), U.hatch(g), "clear", "vehicle", t.rulings)
    if rng > base.v:
        return False, f"{rng} hexes is beyond the sighting range of {base.v} (13.1.3)"
    alt = flying_altitude(h)
    if alt in ("noe", "landed"):
        los = t.los_adv(a, b, t.unit_height(g, a), height_at(t, h))
        if los.blocked:
            return False, "line of sight blocked: " + (los.reasons[-1] if los.reasons else "terrain") + \
                " (20.2.3.1.1, 13.2.1)"
        return True, ""
    toward = math.radians(bearing(a, b))
    obstacles = []
    for d in range(1, min(rng, 6)):
        p = (a[0] + d * t.scale * math.sin(toward), a[1] + d * t.scale * math.cos(toward))
        obstacles.append((d, highest_point(t, p)))
    blocked, why = air.sight_blocked("low", obstacles, [])
    return (False, why) if blocked else (True, "")
