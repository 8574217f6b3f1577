"""Checks on a game's terrain before it is stored: real shapes, known types."""

from __future__ import annotations

import shapely
from shapely.validation import explain_validity

from umpire.core.state import GameState
from umpire.errors import DataError


def check_terrain(state: GameState) -> None:
    """:raises DataError: one line per feature that is not a usable shape or type."""
    problems = []
    for f in state.terrain:
        if f.polygon is not None:
            if len(f.polygon) < 3:
                problems.append(f"terrain {f.id!r}: polygon has {len(f.polygon)} points (at least 3)")
                continue
            poly = shapely.Polygon(f.polygon)
            if not poly.is_valid:
                problems.append(
                    f"terrain {f.id!r}: polygon is not a simple shape ({explain_validity(poly)}); "
                    "list its corners in order around the edge, without crossing"
                )
            elif poly.area == 0:
                problems.append(f"terrain {f.id!r}: polygon has no area")
    if problems:
        raise DataError("\n".join(problems))
