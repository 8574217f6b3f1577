"""Geometry over a tracked game: the facts between two of its units."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.core.state import GameState, UnitState, find_unit
from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.geometry.measure import Aspect, InsideDepth


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


def measure_units(state: GameState, a: str, b: str, inside_depth: InsideDepth, aspect: Aspect) -> dict[str, Any]:
    """Distance, aspect and line of sight from unit ``a`` to unit ``b`` (the measure case answer),
    under the game's rulings; ``inside_depth`` is the ruleset's sight into woods and towns and
    ``aspect`` its aspect rule (see :mod:`.measure`)."""
    from umpire.geometry.measure import measure_case

    ua, ub = find_unit(state, a), find_unit(state, b)
    case = {"ruleset": state.ruleset, "rulings": dict(state.rulings), "terrain": _terrain_case(state),
            "from": _end(ua), "to": _end(ub)}
    return measure_case(case, inside_depth, aspect)
