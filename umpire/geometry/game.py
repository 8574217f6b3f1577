"""Geometry over a tracked game: the facts between two of its units."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.core.state import GameState, UnitState, find_unit
from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.geometry.measure import InsideDepth


def _terrain_case(state: GameState) -> list[dict[str, Any]]:
    out = []
    for f in state.terrain:
        item: dict[str, Any] = {"id": f.id, "type": f.type, "height": f.height}
        if f.polygon is not None:
            item["polygon"] = [list(p) for p in f.polygon]
        else:
            item["line"] = [list(p) for p in f.line or []]
        out.append(item)
    return out


def _end(u: UnitState) -> dict[str, Any]:
    if not u.placed:
        raise UmpireError(f"unit {u.id} is not on the table (place it first: umpire place {u.id} X Y)")
    return {"at": [u.x, u.y], "facing": u.facing, "base": list(u.base)}


def measure_units(state: GameState, a: str, b: str, inside_depth: InsideDepth) -> dict[str, Any]:
    """Distance, aspect and line of sight from unit ``a`` to unit ``b`` (the measure case answer);
    ``inside_depth`` is the ruleset's sight into woods and towns (see :mod:`.measure`)."""
    from umpire.geometry.measure import measure_case

    ua, ub = find_unit(state, a), find_unit(state, b)
    case = {"ruleset": state.ruleset, "terrain": _terrain_case(state), "from": _end(ua), "to": _end(ub)}
    return measure_case(case, inside_depth)


End = str | tuple[float, float]
POINT_BASE = [0.01, 0.01]  # a point measured from or to: a base too small to count


def measure_between(state: GameState, a: End, b: End, inside_depth: InsideDepth) -> dict[str, Any]:
    """:func:`measure_units` between any two ends, each a unit id or a point ``(x, y)`` on the
    table (a point is a base of 0.01" square: its edge is the point itself, near enough).

    :raises UmpireError: for an unknown or unplaced unit, or a point off the table.
    """
    from umpire.geometry.measure import measure_case

    def end(e: End, name: str) -> dict[str, Any]:
        if isinstance(e, str):
            return _end(find_unit(state, e))
        from umpire.geometry.facts import check_on_table

        check_on_table(name, e[0], e[1], state.table.width, state.table.depth)
        return {"at": [e[0], e[1]], "facing": 0.0, "base": POINT_BASE}

    case = {"ruleset": state.ruleset, "terrain": _terrain_case(state), "from": end(a, "from"), "to": end(b, "to")}
    return measure_case(case, inside_depth)


def sight_lines(state: GameState, unit: str, inside_depth: InsideDepth) -> dict[str, tuple[str, ...]]:
    """The line of sight, centre to centre, from ``unit`` to every other unit on the table, as
    ``umpire measure`` finds it: for each unit id, what blocks the line (empty: it is clear).
    The terrain is indexed once and the lines asked all at once."""
    from umpire.geometry.measure import TerrainCase, terrain_feature, terrain_types
    from umpire.geometry.sight import TerrainIndex

    me = find_unit(state, unit)
    _end(me)
    others = [u for u in state.units.values() if u.placed and u.id != me.id]
    if not others:
        return {}
    types = terrain_types()
    features = [terrain_feature(i, TerrainCase(**t), types) for i, t in enumerate(_terrain_case(state))]
    index = TerrainIndex(features, inside_depth=inside_depth(state.ruleset, {}, 1.0))
    points = [(float(u.x), float(u.y)) for u in others if u.x is not None and u.y is not None]
    assert me.x is not None and me.y is not None
    found = index.blocked_by_pairs([(me.x, me.y)], points, [0] * len(others), list(range(len(others))))
    return {u.id: tuple(b) for u, b in zip(others, found, strict=True)}
