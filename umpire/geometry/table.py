"""Points given the way players give them: distances from two table edges.

MBT 23.3.2.3: "23" from the top of the table and 13" from the right side of the table
specifies an exact point on the table." The bottom edge is the umpire's near edge (y = 0),
the top the far edge (y = depth), left x = 0, right x = width.
"""

from __future__ import annotations

import math

from umpire.errors import UmpireError
from umpire.geometry.facts import check_on_table

EDGES = ("left", "right", "top", "bottom")


def point_from_edges(table_width: float, table_depth: float, **edges: float) -> tuple[float, float]:
    """Return ``(x, y)`` from distances to exactly one of left/right and one of top/bottom.

    >>> point_from_edges(72, 48, top=23, right=13)
    (59.0, 25.0)
    """
    unknown_edges = sorted(set(edges) - set(EDGES))
    if unknown_edges:
        raise UmpireError(
            f"edge {unknown_edges[0]!r} is not a table edge (allowed: {', '.join(EDGES)})"
        )
    for name, value in edges.items():
        if not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
            raise UmpireError(f"{name}: {value!r} is not allowed (a distance of 0 inches or more)")
    across = [e for e in ("left", "right") if e in edges]
    along = [e for e in ("top", "bottom") if e in edges]
    if len(across) != 1 or len(along) != 1:
        raise UmpireError(
            f"point from edges {sorted(edges)}: give exactly one of left/right and one of "
            "top/bottom (MBT 23.3.2.3: e.g. 23 from the top and 13 from the right)"
        )
    x = edges["left"] if "left" in edges else table_width - edges["right"]
    y = edges["bottom"] if "bottom" in edges else table_depth - edges["top"]
    check_on_table("point from edges", x, y, table_width, table_depth)
    return (float(x), float(y))
