"""Spots worked out on the table: where ``umpire place --at/--contact`` puts a stand, and the
point a spot names at an end of ``umpire measure`` (the words: :mod:`umpire.geometry.spot_words`).

- ``ID`` / ``ID +DX,DY``: the centre of the piece or stand (an area's centroid, a line's middle,
  a stand's centre), shifted by ``(DX, DY)`` inches;
- ``D DIR of ID``, ``D behind ID from X``, ``D in front of ID``: along that direction from ID's
  centre, to where the placed stand is ``D`` inches from ID as the ruleset measures
  (``centres``, :func:`umpire.geometry.ends.range_between`: Auftragstaktik from the base's edge,
  MBT from its centre; a point measured at an end of ``measure`` has no base). Outward from where the line
  last leaves ID, so "0 east of town-1" touches town-1's east side from outside;
- ``--contact t80-1 [SIDE]``: base to base, the placed stand's centre on the line through the
  middle of that side of t80-1 and, unless a facing is given, facing t80-1; without a side, the
  side of t80-1 facing where the placed stand is now.

A spot off the table, and a stand put where its base would overlap another stand's base, are
refused (touching is allowed: that is base contact). A stand placed by numbers (``place UNIT X Y``)
is put where the umpire says.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError, unknown
from umpire.geometry.ends import End, range_between
from umpire.geometry.facts import Feature, Pose, check_on_table
from umpire.geometry.footprint import footprint, footprints, sin_cos
from umpire.geometry.spot_words import COMPASS, checked_spot, spot_words
from umpire.text import num

Pair = tuple[float, float]
GONE = ("eliminated", "surrendered", "off_table")


@dataclass(frozen=True)
class Placed:
    """Where a spot puts a stand: its centre, its facing, and the spot in words."""

    x: float
    y: float
    facing: float
    words: str



def _pose(u: UnitState, where: str) -> Pose:
    if u.x is None or u.y is None:
        raise UmpireError(f"{where}: unit {u.id} is not on the table (place it first: umpire place {u.id} X Y)")
    return Pose(u.x, u.y, u.facing, u.base[0], u.base[1])


def ref_end(state: GameState, ref: Any, where: str) -> End:
    """The unit, terrain piece or point a spot names.

    :raises UmpireError: for an unknown id or a unit not on the table."""
    if not isinstance(ref, str):
        return End(xy=(float(ref[0]), float(ref[1])))
    if ref in state.units:
        return End(pose=_pose(state.units[ref], where))
    for t in state.terrain:
        if t.id == ref:
            if t.polygon is not None:
                return End(feature=Feature(t.id, t.type, t.polygon, kind="area", checked=True))
            return End(feature=Feature(t.id, t.type, t.line or (), kind="line"))
    raise UmpireError(f"{where}: {unknown_end(state, ref)}")


def known_ends(state: GameState) -> list[str]:
    """The words that name an end of a measure in ``state``: its units' and terrain pieces' ids."""
    return [*state.units, *(t.id for t in state.terrain)]


def unknown_end(state: GameState, word: str) -> UmpireError:
    return unknown("unit or terrain piece", word, known_ends(state))


def centre_of(end: End) -> Pair:
    """A stand's centre, the point itself, an area's centroid or the middle of a line."""
    c = end.centre()
    if c is not None:
        return c
    shape = end.shape()
    p = shape.centroid if isinstance(shape, shapely.Polygon) else shape.interpolate(0.5, normalized=True)
    return (float(p.x), float(p.y))


def _unit_vector(bearing: float) -> np.ndarray:
    s, c = sin_cos(bearing)
    return np.array([float(s), float(c)])


def _direction(state: GameState, spot: dict[str, Any], ref: End, where: str) -> np.ndarray:
    if "compass" in spot:
        north = state.north
        return _unit_vector(float(north if isinstance(north, int | float) else 0.0) + COMPASS[spot["compass"]])
    if "bearing" in spot:
        return _unit_vector(float(spot["bearing"]))
    if "from" in spot:
        seen_from = centre_of(ref_end(state, spot["from"], where))
        d = np.subtract(centre_of(ref), seen_from) * (1 if spot["behind"] else -1)
        n = float(np.hypot(*d))
        if n < 1e-9:
            raise UmpireError(f"{where}: {spot['from']} and {spot['ref']} have one centre: behind or in front "
                              "of it is no direction")
        return np.asarray(d / n)
    if ref.pose is None:
        raise UmpireError(f"{where}: say from where ({spot_words({**spot, 'from': 'UNIT'})}): only a stand has "
                          "a behind and a front of its own")
    return _unit_vector(ref.pose.facing + (180.0 if spot["behind"] else 0.0))


def _out_along(state: GameState, spot: dict[str, Any], ref: End, body: Callable[[Pair], End],
               where: str, centres: bool) -> Pair:
    """The centre ``D`` inches out from ``ref`` along the spot's direction (module notes)."""
    u = _direction(state, spot, ref, where)
    origin = np.asarray(centre_of(ref))
    reach = 2 * math.hypot(state.table.width, state.table.depth) + 10
    ray = shapely.LineString([origin, origin + u * reach])
    meet = shapely.get_coordinates(shapely.intersection(ref.shape(), ray))
    lo = float(((meet - origin) @ u).max()) if len(meet) else 0.0
    lo = max(lo, 0.0)
    gap = float(spot["gap"])

    ref_shape = ref.shape()

    def short(t: float) -> bool:  # still nearer than the gap, or still overlapping ref
        b = body(tuple(origin + u * t))
        return range_between(centres, b, ref) < gap or bool(
            shapely.relate_pattern(b.shape(), ref_shape, "T********"))

    hi = lo + 1.0
    while short(hi):
        hi = lo + 2 * (hi - lo)
        if hi - lo > reach:
            raise UmpireError(f"{where}: no spot {gap:g}\" from {spot['ref']} that way on the table")
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if short(mid) else (lo, mid)
    x, y = origin + u * hi
    return (float(x), float(y))


def resolve_point(state: GameState, spot: dict[str, Any], *, where: str, centres: bool) -> Pair:
    """The point a spot names, measured as a point (no base): an end of ``umpire measure``
    (``centres``: the ruleset measures from a stand's centre, else from its base's edge).

    :raises UmpireError: for an unknown id, a spot off the table, a base contact (no point)."""
    spot = checked_spot(spot, where)
    if "contact" in spot:
        raise UmpireError(f"{where}: base contact is for placing a stand, not a point to measure")
    ref = ref_end(state, spot["ref"], where)
    if "gap" in spot:
        x, y = _out_along(state, spot, ref, lambda xy: End(xy=xy), where, centres)
    else:
        x, y = np.add(centre_of(ref), spot.get("shift", (0.0, 0.0)))
    check_on_table(where, float(x), float(y), state.table.width, state.table.depth)
    return (float(x), float(y))


def resolve_place(state: GameState, unit: UnitState, spot: dict[str, Any], facing: float | None, *,
                  centres: bool) -> Placed:
    """Where ``spot`` puts ``unit`` (``facing``: as given, else its own, or facing the stand it
    contacts; ``centres``: the ruleset measures from a stand's centre, else from its base's edge).
    :raises UmpireError: unknown id, off the table, a base overlapping another's."""
    spot = checked_spot(spot, f"place {unit.id}")
    where = f"place {unit.id} {spot_words(spot)}"
    w, d = unit.base
    if "contact" in spot:
        x, y, turned = _contact(state, unit, spot, facing, where)
        facing = turned
    else:
        facing = unit.facing if facing is None else facing
        ref = ref_end(state, spot["ref"], where)
        if "gap" in spot:
            f = facing
            x, y = _out_along(state, spot, ref, lambda xy: End(pose=Pose(xy[0], xy[1], f, w, d)), where, centres)
        else:
            x, y = (float(v) for v in np.add(centre_of(ref), spot.get("shift", (0.0, 0.0))))
    check_on_table(where, x, y, state.table.width, state.table.depth)
    check_room(state, unit, Pose(x, y, facing, w, d), where)
    return Placed(x, y, facing % 360, spot_words(spot))


def _contact(state: GameState, unit: UnitState, spot: dict[str, Any], facing: float | None,
             where: str) -> tuple[float, float, float]:
    other = state.units.get(spot["contact"])
    if other is None:
        raise UmpireError(f"{where}: {unknown('unit', spot['contact'], state.units)}")
    if other.id == unit.id:
        raise UmpireError(f"{where}: a stand cannot touch itself")
    t = _pose(other, where)
    s, c = sin_cos(t.facing)
    front, right = np.array([float(s), float(c)]), np.array([float(c), -float(s)])
    side = spot.get("side") or _facing_side(unit, t, front, right, where)
    n = {"front": front, "rear": -front, "right": right, "left": -right}[side]
    reach_t = t.depth / 2 if side in ("front", "rear") else t.width / 2
    if facing is None:
        facing = math.degrees(math.atan2(-n[0], -n[1])) % 360.0
    ps, pc = sin_cos(facing)
    pf, pr = np.array([float(ps), float(pc)]), np.array([float(pc), -float(ps)])
    reach_p = abs(float(n @ pf)) * unit.base[1] / 2 + abs(float(n @ pr)) * unit.base[0] / 2
    x, y = np.array(t.xy) + n * (reach_t + reach_p)
    return float(x), float(y), float(facing)


def _facing_side(unit: UnitState, t: Pose, front: np.ndarray, right: np.ndarray, where: str) -> str:
    if unit.x is None or unit.y is None:
        raise UmpireError(f"{where}: {unit.id} is not on the table yet, so say which side of the stand to touch "
                          "(front, rear, left or right, e.g. --contact 't80-1 front')")
    off = np.array([unit.x, unit.y]) - np.array(t.xy)
    along, across = float(off @ front) / (t.depth / 2), float(off @ right) / (t.width / 2)
    if abs(along) >= abs(across):
        return "front" if along >= 0 else "rear"
    return "right" if across > 0 else "left"


def check_room(state: GameState, unit: UnitState, pose: Pose, where: str) -> None:
    """:raises UmpireError: if ``unit``'s base at ``pose`` would overlap another stand's on the
    table (touching is allowed: that is base contact)."""
    others = [u for u in state.units.values() if u.id != unit.id and u.placed and u.status not in GONE
              and not u.carried_by]
    if not others:
        return
    mine = footprint(pose)
    theirs = footprints([Pose(u.x, u.y, u.facing, u.base[0], u.base[1]) for u in others])  # type: ignore[arg-type]
    cand = np.flatnonzero(shapely.intersects(mine, theirs))
    overlap = [others[k].id for k in cand if shapely.area(shapely.intersection(mine, theirs[k])) > 1e-6]
    if overlap:
        raise UmpireError(f"{where}: at ({num(pose.x)}, {num(pose.y)}) its base would overlap "
                          f"{', '.join(overlap)} (pick another spot or side; touching is allowed)")
