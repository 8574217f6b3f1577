"""Where a map's labels go: a greedy placer that tries each label's candidate positions in order
of preference and takes the first whose box is clear of every stand, every label placed before
and (when it can) every road and stream, drawing a leader line to a label set away from what it
names.

The stands and lines are fixed obstacles in a shapely ``STRtree`` built once; the labels placed
so far sit in a grid of buckets, so a map of hundreds of stands places its labels in well under
a second. A label that finds no place among its candidates is searched for outward in rings
until a clear place inside the table is found (the table is always large enough in practice:
the search ends at the table's size, where it takes the last place tried).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from umpire.reports.mapshapes import Label, Paint, Point, Poly
from umpire.reports.maptext import ASCENT, DESCENT, Box, text_width

GAP = 1.0  # points kept between a label and what it must not touch
CELL = 24.0  # points: the side of a bucket of the placed-labels grid


@dataclass(frozen=True)
class Ink:
    """How a label is written: its size in points, its colour, bold or italic."""

    size: float
    colour: str
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True)
class Spot:
    """A candidate place: the label's anchor point and whether it reads as away from its thing."""

    at: Point
    anchor: str = "middle"
    leader: bool = False


class Placer:
    """Places labels within ``bounds`` (x0, y0, x1, y1) clear of ``solid`` shapes (stands: never
    touched) and, where it can, of ``soft`` ones (roads, streams)."""

    def __init__(self, bounds: Box, solid: Sequence[Any] = (), soft: Sequence[Any] = ()) -> None:
        from shapely import STRtree

        self.bounds = bounds
        self._solid = STRtree(list(solid)) if solid else None
        self._soft = STRtree(list(soft)) if soft else None
        self._grid: dict[tuple[int, int], list[Box]] = {}

    # -- the placed labels -----------------------------------------------------------------
    def _cells(self, b: Box) -> Iterable[tuple[int, int]]:
        for i in range(int(b[0] // CELL), int(b[2] // CELL) + 1):
            for j in range(int(b[1] // CELL), int(b[3] // CELL) + 1):
                yield (i, j)

    def take(self, b: Box) -> None:
        """Keep ``b`` clear of every label placed after it."""
        for c in self._cells(b):
            self._grid.setdefault(c, []).append(b)

    def _crowded(self, b: Box) -> bool:
        g = GAP / 2
        for c in self._cells(b):
            for o in self._grid.get(c, ()):
                if b[0] - g < o[2] and o[0] < b[2] + g and b[1] - g < o[3] and o[1] < b[3] + g:
                    return True
        return False

    def clear(self, b: Box, *, soft: bool = True, inside: Any = None) -> bool:
        """Whether a label may cover ``b``: within the bounds, clear of placed labels and stands
        (and roads when ``soft``), and within ``inside`` if given."""
        from shapely import box

        x0, y0, x1, y1 = self.bounds
        if b[0] < x0 or b[1] < y0 or b[2] > x1 or b[3] > y1 or self._crowded(b):
            return False
        shape = box(b[0] - GAP, b[1] - GAP, b[2] + GAP, b[3] + GAP)
        if self._solid is not None and len(self._solid.query(shape, predicate="intersects")):
            return False
        if soft and self._soft is not None and len(self._soft.query(box(*b), predicate="intersects")):
            return False
        return inside is None or bool(inside.contains(box(*b)))

    # -- placing ------------------------------------------------------------------------------
    def place(self, text: str, ink: Ink, spots: Sequence[Spot], *, target: Point,
              inside: Any = None) -> tuple[Label, Poly | None]:
        """The label of ``text`` written in ``ink`` at the first clear ``spot`` (first keeping
        clear of roads, then not), else at the nearest clear place found in rings around
        ``target``, with a leader line from ``target`` when it is set away. ``inside``: a shape
        the first spots must lie within (a terrain piece's own area)."""
        size, colour, bold, italic = ink.size, ink.colour, ink.bold, ink.italic
        w = text_width(text, size, bold=bold, italic=italic)
        h = size * (ASCENT + DESCENT)

        def box_of(s: Spot) -> Box:
            x, y = s.at
            left = {"start": 0.0, "middle": w / 2, "end": w}[s.anchor]
            return (x - left, y - size * ASCENT, x - left + w, y + size * DESCENT)

        chosen: Spot | None = None
        for soft in (True, False):
            for s in spots:
                if self.clear(box_of(s), soft=soft, inside=inside if not s.leader else None):
                    chosen = s
                    break
            if chosen is not None:
                break
        if chosen is None:
            chosen = self._search(target, w, h, size, box_of)
        b = box_of(chosen)
        self.take(b)
        lb = Label((round(chosen.at[0], 2), round(chosen.at[1], 2)), text, size, colour, chosen.anchor, bold, italic)
        leader = None
        if chosen.leader:
            end = (min(max(target[0], b[0]), b[2]), min(max(target[1], b[1]), b[3]))
            leader = Poly(((round(target[0], 2), round(target[1], 2)), (round(end[0], 2), round(end[1], 2))),
                          Paint(None, "#777777", 0.35), closed=False)
        return lb, leader

    def _search(self, target: Point, w: float, h: float, size: float, box_of: Any) -> Spot:
        """Rings of places around ``target``, nearest first, until one is clear."""
        x0, y0, x1, y1 = self.bounds
        most = max(x1 - x0, y1 - y0)
        step = h + GAP
        last = Spot(target, "middle", True)
        k = 1
        while k * step <= most:
            r = k * step
            n = max(8, int(2 * math.pi * r / (w / 2 + step)))
            for i in range(n):
                a = 2 * math.pi * i / n
                s = Spot((target[0] + math.cos(a) * (r + w / 2), target[1] + math.sin(a) * r + size * ASCENT / 2),
                         "middle", True)
                last = s
                if self.clear(box_of(s), soft=False):
                    return s
            k += 1
        return last


def around(x0: float, y0: float, x1: float, y1: float, size: float, *, rings: int = 3,
           leader_from: int = 1) -> list[Spot]:
    """Candidate spots around a box (a stand's, a piece's): above, below, right, left and the
    corners, then the same further out (with a leader from ring ``leader_from`` on)."""
    cx = (x0 + x1) / 2
    out: list[Spot] = []
    for k in range(rings):
        d = GAP + 0.5 + k * (size + 2)
        lead = k >= leader_from
        above, below = y0 - d - size * DESCENT, y1 + d + size * ASCENT
        mid = (y0 + y1) / 2 + size * (ASCENT - DESCENT) / 2
        out += [Spot((cx, above), "middle", lead), Spot((cx, below), "middle", lead),
                Spot((x1 + d + 0.5, mid), "start", lead), Spot((x0 - d - 0.5, mid), "end", lead),
                Spot((x1 + d, above), "start", lead), Spot((x0 - d, above), "end", lead),
                Spot((x1 + d, below), "start", lead), Spot((x0 - d, below), "end", lead)]
    return out


def along(points: Sequence[Point], size: float, fractions: Sequence[float] = (0.33, 0.5, 0.66, 0.2, 0.8, 0.1, 0.9)
          ) -> list[Spot]:
    """Candidate spots beside a line: just above, then below, at points a fraction of its length
    along it."""
    legs = [math.dist(a, b) for a, b in zip(points, points[1:], strict=False)]
    total = sum(legs) or 1.0
    out: list[Spot] = []
    for f in fractions:
        want, walked = f * total, 0.0
        for (a, b), leg in zip(zip(points, points[1:], strict=False), legs, strict=False):
            if walked + leg >= want and leg > 0:
                t = (want - walked) / leg
                p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                out += [Spot((p[0], p[1] - 3.0), "middle"), Spot((p[0], p[1] + 3.0 + size * ASCENT), "middle")]
                break
            walked += leg
    return out


__all__ = ["Placer", "Spot", "along", "around"]
