"""A photo's difference from the game, shown: a table for the terminal and the console, and the
map of the table with an arrow for each stand the photo moved.

Both read a :class:`~umpire.photo.compare.Difference` (plain values) and print nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from umpire.photo.compare import Difference, corners
from umpire.reports.words import num

if TYPE_CHECKING:
    from rich.table import Table

    from umpire.reports.mapshapes import MapDrawing
    from umpire.reports.views import TurnReport

MOVED_COLOUR = "#d81b60"
UNSEEN_COLOUR = "#f57c00"
ODD_COLOUR = "#6a1b9a"
STILL_COLOUR = "#2e7d32"


def _pos(p: tuple[float, float, float] | None) -> str:
    return "-" if p is None else f"({num(round(p[0], 2))}, {num(round(p[1], 2))}) {num(round(p[2], 1))}°"


@dataclass(frozen=True)
class Line:
    """One row of the difference as words: the unit, what the photo shows, where it was and is,
    how far and how sure."""

    unit: str
    what: str
    before: str
    after: str
    by: str
    sure: str
    note: str


def lines(diff: Difference) -> list[Line]:
    """The rows worth showing: every change, every stand not seen, every stand gone; the stands
    still where the game has them are counted in the summary only."""
    out = []
    order = {"moved and turned": 0, "moved": 0, "placed": 1, "turned": 2, "gone": 3, "not seen": 4}
    for r in sorted((r for r in diff.rows if r.what != "still"), key=lambda r: (order.get(r.what, 9), r.unit)):
        by = []
        if r.what in ("moved", "moved and turned"):
            by.append(f'{num(round(r.distance, 2))}"')
        if r.what in ("turned", "moved and turned"):
            by.append(f"{num(round(r.turn, 1))}°")
        sure = "" if r.after is None or r.what == "not seen" else \
            f'±{num(round(r.error, 2))}" ±{num(round(r.turn_error, 1))}°' + ("" if r.sure else " (doubtful)")
        out.append(Line(r.unit, r.what, _pos(r.before), _pos(r.after) if r.what != "not seen" else "not seen",
                        " ".join(by), sure, r.note))
    return out


def odd_lines(diff: Difference) -> list[str]:
    out = []
    for o in diff.odd:
        at = f" at ({num(round(o.x, 1))}, {num(round(o.y, 1))})" if o.x is not None and o.y is not None else ""
        out.append(f"{o.why}{at}")
    return out


def render_difference(diff: Difference) -> Table:
    """The difference as a rich table (its caption the summary)."""
    from rich.table import Table

    t = Table(title=f"The photo against the game: {diff.summary()}", title_justify="left", show_edge=False)
    for col in ("unit", "photo shows", "game has", "photo has", "by", "how sure", "note"):
        t.add_column(col, overflow="fold")
    for ln in lines(diff):
        t.add_row(ln.unit, ln.what, ln.before, ln.after, ln.by, ln.sure, ln.note)
    return t


# -- the map ------------------------------------------------------------------------------------
def _arrow(a: tuple[float, float], b: tuple[float, float], size: float) -> tuple[tuple[float, float], ...]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    return (b, (b[0] - ux * size - uy * size * 0.5, b[1] - uy * size + ux * size * 0.5),
            (b[0] - ux * size + uy * size * 0.5, b[1] - uy * size - ux * size * 0.5))


def difference_map(report: TurnReport, diff: Difference, width: float = 900.0) -> MapDrawing:
    """The umpire's map of the game as it stands, with the photo drawn over it: an arrow from
    each stand the photo moved to where it shows it and its base there in outline, a ring round
    each stand it did not see, a cross at each marker it could not read."""
    from umpire.reports.mapshapes import Circle, Label, Paint, Poly, Shape
    from umpire.reports.tablemap import build_map

    m = build_map(report, width=width)
    assert m.frame is not None
    ox, oy, s, depth = m.frame
    # the title says what this map is: the game as it stands, the photo drawn over it
    for i, g in enumerate(m.groups):
        if g.kind == "title":
            labels = [sh for sh in g.shapes if isinstance(sh, Label)]
            if labels:
                head, *rest = labels
                words = [f"A photo of the table against the game: {report.name}",
                         f"{diff.summary()}; arrows: stands the photo moved; rings: stands not seen; "
                         "crosses: markers not read"]
                new = [replace(head, text=words[0]), *(replace(x, text=words[1] if k == 0 else "")
                                                       for k, x in enumerate(rest))]
                m.groups[i] = replace(g, shapes=tuple(x for x in new if x.text))
            break

    def P(x: float, y: float) -> tuple[float, float]:  # noqa: N802 - inches to drawing points
        return (round(ox + x * s, 2), round(oy + (depth - y) * s, 2))

    bases = {u.id: u.base for u in report.units}
    for r in diff.rows:
        shapes: list[Shape] = []
        if r.changes and r.after is not None:
            base = bases.get(r.unit, (1.0, 1.0))
            outline = tuple(P(*c) for c in corners(r.after[0], r.after[1], r.after[2], tuple(base)))  # type: ignore[arg-type]
            shapes.append(Poly(outline, Paint(None, MOVED_COLOUR, 1.2, (3.0, 2.0))))
            if r.before is not None and r.distance > 0:
                a, b = P(r.before[0], r.before[1]), P(r.after[0], r.after[1])
                shapes.append(Poly((a, b), Paint(None, MOVED_COLOUR, 1.6), closed=False))
                shapes.append(Poly(_arrow(a, b, 6.0), Paint(MOVED_COLOUR, None, 0)))
            front = (r.after[0] + math.sin(math.radians(r.after[2])) * base[1] / 2,
                     r.after[1] + math.cos(math.radians(r.after[2])) * base[1] / 2)
            shapes.append(Poly((P(r.after[0], r.after[1]), P(*front)), Paint(None, MOVED_COLOUR, 1.2), closed=False))
        elif r.what == "not seen" and r.before is not None:
            shapes.append(Circle(P(r.before[0], r.before[1]), max(s * 1.2, 6.0),
                                 Paint(None, UNSEEN_COLOUR, 1.4, (2.0, 2.0))))
            shapes.append(Label(P(r.before[0] + 1.3, r.before[1] + 0.6), "not seen", 6.5, UNSEEN_COLOUR))
        if shapes:
            m.add("photo", r.unit, *shapes)
    for o in diff.odd:
        if o.x is None or o.y is None:
            continue
        c = P(o.x, o.y)
        k = 5.0
        m.add("photo", f"marker {o.marker}",
              Poly(((c[0] - k, c[1] - k), (c[0] + k, c[1] + k)), Paint(None, ODD_COLOUR, 1.6), closed=False),
              Poly(((c[0] - k, c[1] + k), (c[0] + k, c[1] - k)), Paint(None, ODD_COLOUR, 1.6), closed=False),
              Label((c[0] + k + 2, c[1] + 3), f"marker {o.marker}", 6.5, ODD_COLOUR))
    return m

