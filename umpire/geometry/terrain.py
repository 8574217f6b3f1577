"""Checks on a game's terrain before it is stored: real shapes, known types."""

from __future__ import annotations

from umpire.core.state import GameState
from umpire.errors import DataError, UmpireError
from umpire.geometry.facts import check_line, check_polygon, check_polygons
from umpire.schema.terrain_types import terrain_types


def check_terrain(state: GameState) -> None:
    """:raises DataError: one line per terrain feature with an unusable shape or an unknown type."""
    types = terrain_types()
    try:  # all at once (a big table has thousands of pieces); one by one only to word problems
        check_polygons([(f.id, f.polygon) for f in state.terrain if f.polygon is not None])
        shapes_ok = True
    except UmpireError:
        shapes_ok = False
    problems = []
    for f in state.terrain:
        try:
            _, t = types.lookup(f.type, where=f"terrain {f.id!r}")
            if t.kind == "area" and f.polygon is None:
                raise UmpireError(f"terrain {f.id!r}: type {f.type} is an area: give polygon:, not line:")
            if t.kind == "line" and f.line is None:
                raise UmpireError(f"terrain {f.id!r}: type {f.type} is a line: give line:, not polygon:")
            if f.polygon is not None:
                if not shapes_ok:
                    check_polygon(f.id, f.polygon)
            else:
                check_line(f.id, f.line or [])
        except UmpireError as exc:
            problems.append(str(exc))
    if problems:
        raise DataError("\n".join(problems))
