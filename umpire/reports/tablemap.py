"""The map of the table: one drawing description, rendered as SVG text or a reportlab Drawing.

:func:`build_map` reads a :class:`~umpire.reports.views.TurnReport` (the umpire's, or a side's
briefing, which already holds only what that side knows) and returns a :class:`MapDrawing`:
plain shapes with their paint, in points, y growing downwards. :func:`to_svg` and
:func:`to_reportlab` draw the same shapes, so the SVG export and the map inside the PDFs cannot
drift apart (:mod:`umpire.reports.tablemap_draw`; the shapes are in
:mod:`umpire.reports.mapshapes`). Styles come from ``templates/map.yaml``.

What is drawn: the table to scale with an inch grid and a ruler (labels in inches from the
umpire's near-left corner), terrain with a legend (hills carry their height), stands as rotated
bases coloured by side with a thick front edge and their id, destroyed ones crossed out, a
spotted mark on stands another side knows about, for MBT a line from each vehicle's centre along
its turret facing, the moves of the map's turn as trails, its fire lines and indirect-fire
templates, the smoke on the table (every side sees it), a scale bar in inches and ground units,
and a north arrow (north is the far edge unless the game says otherwise). In a briefing, enemy
stands are drawn where the side last saw them, marked with the turn if that was not at the end,
and one seen only firing as a ring.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from umpire.reports.layout import MapStyle, map_style
from umpire.reports.mapshapes import Circle, Label, MapDrawing, Paint, Point, Poly, Shape, _darker, _fmt, _lighter
from umpire.reports.tablemap_draw import to_reportlab, to_svg
from umpire.reports.views import TurnReport, UnitView


# -- geometry of a stand ----------------------------------------------------------------------
def stand_corners(u: UnitView) -> tuple[Point, Point, Point, Point]:
    """The four corners of ``u``'s base in table inches: front-left, front-right, back-right,
    back-left. Facing is degrees clockwise from the far edge (+y)."""
    assert u.x is not None and u.y is not None
    a = math.radians(u.facing or 0.0)
    fx, fy = math.sin(a), math.cos(a)  # towards the front
    rx, ry = math.cos(a), -math.sin(a)  # towards the right
    w, d = u.base[0] / 2, u.base[1] / 2
    return (
        (u.x + fx * d - rx * w, u.y + fy * d - ry * w),
        (u.x + fx * d + rx * w, u.y + fy * d + ry * w),
        (u.x - fx * d + rx * w, u.y - fy * d + ry * w),
        (u.x - fx * d - rx * w, u.y - fy * d - ry * w),
    )


# -- building ---------------------------------------------------------------------------------
RULER = 14.0  # points kept for the ruler labels, top and left
FOOT = 34.0  # scale bar and north arrow row
LEGEND_ROW = 11.0


def build_map(report: TurnReport, width: float = 520.0, max_height: float | None = None,
              style: MapStyle | None = None, label_size: float | None = None) -> MapDrawing:
    """The map of ``report`` ``width`` points wide (and at most ``max_height`` tall)."""
    st = style or map_style()
    tw, td = report.table
    present = _legend_entries(report, st)
    legend_cols = max(1, int((width - RULER) // 165))  # room for the longest label at 6.5 pt
    legend_h = LEGEND_ROW * math.ceil(len(present) / legend_cols) + 4
    s = (width - RULER - 6) / tw
    if max_height is not None:
        s = min(s, (max_height - RULER - FOOT - legend_h - 4) / td)
    s = max(s, 0.5)
    ox, oy = RULER, RULER
    height = oy + td * s + FOOT + legend_h

    def P(x: float, y: float) -> Point:  # noqa: N802 - table inches to drawing points
        return (round(ox + x * s, 2), round(oy + (td - y) * s, 2))

    m = MapDrawing(width=round(width, 2), height=round(height, 2), title=report.title, frame=(ox, oy, s, td))
    ls = label_size or st.stands.label_size

    # table, grid and ruler
    tp = st.table
    m.add("table", "table", Poly((P(0, 0), P(tw, 0), P(tw, td), P(0, td)), Paint(tp.fill, None, 0)))
    grid: list[Shape] = []
    g = st.grid
    for i in range(1, int(tw / g.minor) + 1):
        x = i * g.minor
        if x >= tw:
            break
        major = abs(x / g.major - round(x / g.major)) < 1e-9
        grid.append(Poly((P(x, 0), P(x, td)), Paint(None, g.major_colour if major else g.minor_colour,
                                                    0.5 if major else 0.3), closed=False))
    for j in range(1, int(td / g.minor) + 1):
        y = j * g.minor
        if y >= td:
            break
        major = abs(y / g.major - round(y / g.major)) < 1e-9
        grid.append(Poly((P(0, y), P(tw, y)), Paint(None, g.major_colour if major else g.minor_colour,
                                                    0.5 if major else 0.3), closed=False))
    m.add("grid", "grid", *grid)
    ruler: list[Shape] = []
    k = 0
    while k * g.major <= tw + 1e-9:
        x = k * g.major
        px, py = P(x, td)
        ruler.append(Label((px, py - 3), _fmt(x), 6.0, "#666666", "middle"))
        k += 1
    k = 0
    while k * g.major <= td + 1e-9:
        y = k * g.major
        px, py = P(0, y)
        ruler.append(Label((px - 2.5, py + 2), _fmt(y), 6.0, "#666666", "end"))
        k += 1
    m.add("ruler", "ruler", *ruler)

    # terrain: areas first (hills under woods and towns), then lines
    order = {"hill": 0}
    areas = sorted((t for t in report.terrain if t.polygon), key=lambda t: (order.get(t.type, 1), t.id))
    for t in areas:
        ts = st.terrain_style(t.type)
        pts = tuple(P(x, y) for x, y in t.polygon or ())
        shapes: list[Shape] = [Poly(pts, Paint(ts.fill, ts.stroke, ts.width, ts.dash))]
        cx, cy = _centroid(pts)
        name = t.name or t.id
        if t.type == "hill":
            name = f"{name} (height {_fmt(t.height)})"
        shapes.append(Label((cx, cy + 2), name, 6.0, _darker(ts.stroke or "#888888", 0.7), "middle", italic=True))
        m.add("terrain", t.id, *shapes)
    for t in sorted((t for t in report.terrain if t.line), key=lambda t: t.id):
        ts = st.terrain_style(t.type)
        pts = tuple(P(x, y) for x, y in t.line or ())
        shapes = [Poly(pts, Paint(None, ts.stroke or ts.fill, ts.width, ts.dash), closed=False)]
        if t.name:
            # along the longest leg, a third of the way: clear of the ends where towns often sit
            i = max(range(len(pts) - 1), key=lambda k: math.dist(pts[k], pts[k + 1]))
            a, b = pts[i], pts[i + 1]
            shapes.append(Label((a[0] + (b[0] - a[0]) / 3 + 3, a[1] + (b[1] - a[1]) / 3 - 3), t.name, 6.0,
                                _darker(ts.stroke or "#888888", 0.8), "start", italic=True))
        m.add("terrain", t.id, *shapes)
    m.add("outline", "outline", Poly((P(0, 0), P(tw, 0), P(tw, td), P(0, td)), Paint(None, tp.stroke, tp.width)))
    colours = {sv.id: st.side_colour(sv.color, i) for i, sv in enumerate(report.sides)}
    for z in report.zones:  # set-up zones: a wash of the side's colour, its edge dashed
        ink = colours.get(z.side, "#555555")
        pts = tuple(P(x, y) for x, y in z.polygon)
        cx, cy = _centroid(pts)
        m.add("zone", z.side, Poly(pts, Paint(ink, _darker(ink, 0.7), 0.8, (4, 2), 0.12)),
              Label((cx, cy), f"{z.side} set-up", 7.0, _darker(ink, 0.6), "middle", bold=True))

    # templates and fire lines under the stands
    tps = st.template
    for tpl in report.templates:
        c = P(*tpl.at)
        paint = Paint(tps.colour, tps.colour, tps.width, (2, 1.5), 0.18)
        if tpl.size is not None:
            from umpire.geometry.facts import Pose
            from umpire.geometry.footprint import corners

            box = corners(Pose(tpl.at[0], tpl.at[1], tpl.facing, tpl.size[0], tpl.size[1]))
            shapes = [Poly(tuple(P(x, y) for x, y in box), paint)]
        else:
            shapes = [Circle(c, tpl.radius * s, paint)]
        if tpl.label:
            shapes.append(Label((c[0], c[1] - tpl.radius * s - 2), tpl.label, 5.5, tps.colour or "#000000", "middle"))
        m.add("template", f"template-{len(m.of_kind('template')) + 1}", *shapes)
    for k, where in enumerate(report.smoke):
        m.add("smoke", f"smoke-{k + 1}", Circle(P(*where), report.smoke_radius * s, Paint(SMOKE, "#8a8a8a", 0.4,
                                                                                          (1, 1), 0.55)))
    tr_style = st.trail
    for trail in report.trails:
        pts = tuple(P(x, y) for x, y in trail.points)
        ink = _darker(colours.get(trail.side, "#555555"), 0.8)
        m.add("trail", trail.unit, Poly(pts, Paint(None, ink, tr_style.width, tr_style.dash), closed=False),
              Circle(pts[0], 1.4, Paint(ink, None, 0)))
    for k, f in enumerate(report.fire_lines):
        fl = st.fire_line if f.own or report.viewer is None else st.fire_received
        a, b = P(*f.a), P(*f.b)
        m.add("fire", f"fire-{k + 1}",
              Poly((a, b), Paint(None, fl.colour, fl.width, fl.dash), closed=False),
              Poly(_arrowhead(a, b, 5.0), Paint(fl.colour, None, 0)))

    # stands
    sp = st.spotted
    taken = _Boxes()
    for u in report.units:
        if not u.placed or u.status == "off_table":  # MBT 8.7: gone off the table
            continue
        base = colours.get(u.side, "#555555")
        dead = u.status in ("eliminated", "surrendered")
        if u.observed and u.facing is None:  # seen only as it fired: a ring where the fire came from
            c = P(u.x, u.y)  # type: ignore[arg-type]
            m.add("stand", u.id, Circle(c, 3.2, Paint(None, _darker(base, 0.7), 1.0, (1.2, 0.8))),
                  Label(_free(taken, _mark(u), ls, c[0], c[1] - 4.5, c[1] + 4.5 + ls), _mark(u), ls,
                        _darker(base, 0.55), "middle", bold=True))
            continue
        box4 = tuple(P(x, y) for x, y in stand_corners(u))
        fill = st.stands.eliminated_fill if dead else (_lighter(base, 0.35) if u.observed else base)
        paint = Paint(fill, st.stands.stroke, st.stands.width, (1.5, 1) if u.observed else None)
        shapes = [Poly(box4, paint),
                  Poly((box4[0], box4[1]), Paint(None, _darker(base, 0.45), st.stands.front_width), closed=False)]
        if dead:
            shapes.append(Poly((box4[0], box4[2]), Paint(None, "#333333", 0.6), closed=False))
            shapes.append(Poly((box4[1], box4[3]), Paint(None, "#333333", 0.6), closed=False))
        others = [x for x in u.spotted_by if x != u.side]
        if u.observed or others:
            # a small diamond at the back-right corner: someone else knows where this stand is
            bx, by = box4[2]
            r = 2.2
            shapes.append(Poly(((bx, by - r), (bx + r, by), (bx, by + r), (bx - r, by)),
                               Paint(sp.colour, "#333333", 0.3)))
        cx, cy = P(u.x, u.y)  # type: ignore[arg-type]
        top, low = min(p[1] for p in box4), max(p[1] for p in box4)
        shapes.append(Label(_free(taken, _mark(u), ls, cx, top - 1.5, low + 1.5 + ls), _mark(u), ls,
                            _darker(base, 0.55), "middle", bold=True))
        m.add("stand", u.id, *shapes)
        if u.turret is not None and not dead:
            m.add("turret", u.id, _turret_line(u, P))

    # foot: scale bar, north arrow, legend
    y0 = oy + td * s + 12
    m.add("scale", "scale", *_scale_bar(report, st, s, ox, y0))
    m.add("north", "north", *_north_arrow(report.north, ox + tw * s - 14, y0 + 8))
    m.add("legend", "legend", *_legend(present, ox, y0 + FOOT - 8, (width - ox) / legend_cols, legend_cols))
    return m


TURRET_COLOUR = "#111111"
SMOKE = "#c8c8c8"


Box = tuple[float, float, float, float]  # left, top, right, bottom (points)


class _Boxes:
    """The labels placed so far, filed by the cells of a coarse grid they cover, so that a big
    game's hundreds of labels each look only at their neighbours (not at every label before)."""

    CELL = 24.0

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list[Box]] = {}

    def _keys(self, b: Box) -> list[tuple[int, int]]:
        c = self.CELL
        return [(i, j) for i in range(int(b[0] // c), int(b[2] // c) + 1)
                for j in range(int(b[1] // c), int(b[3] // c) + 1)]

    def overlaps(self, box: Box) -> bool:
        return any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]
                   for k in self._keys(box) for b in self._cells.get(k, ()))

    def add(self, box: Box) -> None:
        for k in self._keys(box):
            self._cells.setdefault(k, []).append(box)


def _free(taken: _Boxes, text: str, size: float, x: float, above: float, below: float) -> Point:
    """Where a stand's label goes: above the stand, else below it, else further up, clear of the
    labels placed before (two stands in one place keep both labels readable)."""
    w = len(text) * size * 0.55
    tries = [above, below, above - size - 1, below + size + 1, above - 2 * (size + 1)]
    for y in tries:
        box = (x - w / 2, y - size, x + w / 2, y)
        if not taken.overlaps(box):
            taken.add(box)
            return (x, round(y, 2))
    return (x, above)


def _mark(u: UnitView) -> str:
    """A stand's label: its id, and for an enemy stand not seen at the end, the turn it was."""
    return u.id + (f" (T{u.seen_turn})" if u.observed and not u.now and u.seen_turn else "")


def _turret_line(u: UnitView, P: Callable[[float, float], Point]) -> Poly:  # noqa: N803 - as in build_map
    """MBT: the gun, a line from the stand's centre along the turret facing, reaching just past
    the base's edge, so it reads apart from the hull's thick front edge."""
    assert u.x is not None and u.y is not None and u.turret is not None
    a = math.radians(u.turret)
    reach = max(u.base) * 0.75
    tip = P(u.x + math.sin(a) * reach, u.y + math.cos(a) * reach)
    return Poly((P(u.x, u.y), tip), Paint(None, TURRET_COLOUR, 1.1), closed=False)


def _centroid(pts: tuple[Point, ...]) -> Point:
    a = cx = cy = 0.0
    n = len(pts)
    for i in range(n):
        x0, y0 = pts[i]
        x1, y1 = pts[(i + 1) % n]
        c = x0 * y1 - x1 * y0
        a += c
        cx += (x0 + x1) * c
        cy += (y0 + y1) * c
    if abs(a) < 1e-9:
        return (sum(p[0] for p in pts) / n, sum(p[1] for p in pts) / n)
    return (round(cx / (3 * a), 2), round(cy / (3 * a), 2))


def _arrowhead(a: Point, b: Point, size: float) -> tuple[Point, ...]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    tip = (b[0] - ux * 3, b[1] - uy * 3)
    back = (tip[0] - ux * size, tip[1] - uy * size)
    return (tip, (round(back[0] - uy * size / 2.5, 2), round(back[1] + ux * size / 2.5, 2)),
            (round(back[0] + uy * size / 2.5, 2), round(back[1] - ux * size / 2.5, 2)))


def _scale_bar(report: TurnReport, st: MapStyle, s: float, x0: float, y0: float) -> list[Shape]:
    sc = st.scales.get(report.ruleset)
    inches = sc.bar_inches if sc else 6.0
    steps = 3
    seg = inches / steps
    out: list[Shape] = []
    for i in range(steps):
        xa = x0 + i * seg * s
        out.append(Poly(((xa, y0), (xa + seg * s, y0), (xa + seg * s, y0 + 4), (xa, y0 + 4)),
                        Paint("#222222" if i % 2 == 0 else "#ffffff", "#222222", 0.5)))
        out.append(Label((xa, y0 - 2), f'{_fmt(i * seg)}"', 6.0, "#333333", "middle"))
    end = x0 + inches * s
    ground = ""
    if sc:
        amount = inches * sc.per_inch
        unit = sc.unit + ("es" if sc.unit == "hex" and amount != 1 else "")
        ground = f" = {_fmt(amount)} {unit}  (1\" = {_fmt(sc.per_inch)} {sc.unit})"
    out.append(Label((end, y0 - 2), f'{_fmt(inches)}"', 6.0, "#333333", "middle"))
    out.append(Label((end + 6, y0 + 4), f"scale: {_fmt(inches)}\"{ground}; grid 1\" squares, "
                     "ruler in inches from the near-left corner", 6.5, "#333333"))
    return out


def _north_arrow(north: float, cx: float, cy: float) -> list[Shape]:
    a = math.radians(north)
    ux, uy = math.sin(a), -math.cos(a)  # screen: up is -y
    px, py = -uy, ux
    tip = (cx + ux * 9, cy + uy * 9)
    tail = (cx - ux * 7, cy - uy * 7)
    left = (cx + px * 4 - ux * 2, cy + py * 4 - uy * 2)
    right = (cx - px * 4 - ux * 2, cy - py * 4 - uy * 2)

    def r2(p: Point) -> Point:
        return (round(p[0], 2), round(p[1], 2))

    return [
        Poly((r2(tip), r2(left), r2((cx, cy)), r2(right)), Paint("#222222", "#222222", 0.5)),
        Poly((r2((cx, cy)), r2(tail)), Paint(None, "#222222", 0.8), closed=False),
        Label(r2((cx + 7, cy + 3)), "N", 8.0, "#222222", "start", bold=True),
    ]


def _legend_entries(report: TurnReport, st: MapStyle) -> list[tuple[str, str, Paint]]:
    """``(kind, label, paint)`` for what this map shows: kind is area, line, stand, mark, circle."""
    out: list[tuple[str, str, Paint]] = []
    seen: set[str] = set()
    for t in sorted(report.terrain, key=lambda t: (t.line is not None, t.type)):
        ts = st.terrain_style(t.type)
        key = t.type if t.type in st.terrain else "other"
        if key in seen:
            continue
        seen.add(key)
        label = ts.label or t.type
        if t.line:
            out.append(("line", label, Paint(None, ts.stroke or ts.fill, ts.width, ts.dash)))
        else:
            out.append(("area", label, Paint(ts.fill, ts.stroke, ts.width, ts.dash)))
    for i, sv in enumerate(report.sides):
        c = st.side_colour(sv.color, i)
        if any(u.side == sv.id and u.placed for u in report.units):
            observed = report.viewer is not None and sv.id != report.viewer
            label = f"{sv.name}" + (" (seen)" if observed else "") + " stand; thick edge = front"
            out.append(("stand", label, Paint(_lighter(c, 0.35) if observed else c, "#111111", 0.5,
                                              (1.5, 1) if observed else None)))
    if any(u.observed or [x for x in u.spotted_by if x != u.side] for u in report.units if u.placed):
        out.append(("mark", st.spotted.label if report.viewer is None else "enemy stand your side has seen",
                    Paint(st.spotted.colour, "#333333", 0.3)))
    if any(u.dead for u in report.units if u.placed):
        out.append(("dead", "destroyed", Paint(st.stands.eliminated_fill, "#333333", 0.5)))
    if any(u.observed and not u.now for u in report.units):
        out.append(("note", "(T1) after an enemy stand's id: where it was last seen, in turn 1", Paint()))
    if report.trails:
        out.append(("line", st.trail.label, Paint(None, "#444444", st.trail.width, st.trail.dash)))
    if any(f.own or report.viewer is None for f in report.fire_lines):
        out.append(("line", st.fire_line.label, Paint(None, st.fire_line.colour, st.fire_line.width,
                                                      st.fire_line.dash)))
    if any(not f.own and report.viewer is not None for f in report.fire_lines):
        fr = st.fire_received
        out.append(("line", fr.label, Paint(None, fr.colour, fr.width, fr.dash)))
    if report.smoke:
        out.append(("circle", "smoke (a marker's hex, 12.9)", Paint(SMOKE, "#8a8a8a", 0.4, (1, 1), 0.55)))
    for z in report.zones:
        c = st.side_colour(report.side(z.side).color, [s.id for s in report.sides].index(z.side))
        out.append(("area", z.label, Paint(c, _darker(c, 0.7), 0.8, (4, 2), 0.12)))
    if report.templates:
        out.append(("circle", st.template.label, Paint(st.template.colour, st.template.colour, 0.8, None, 0.18)))
    return out


def _legend(entries: list[tuple[str, str, Paint]], x0: float, y0: float, colw: float, per_row: int) -> list[Shape]:
    out: list[Shape] = []
    for i, (kind, label, paint) in enumerate(entries):
        col, row = i % per_row, i // per_row
        x = x0 + col * colw
        y = y0 + row * LEGEND_ROW
        if kind == "area":
            out.append(Poly(((x, y), (x + 14, y), (x + 14, y + 7), (x, y + 7)), paint))
        elif kind == "line":
            out.append(Poly(((x, y + 3.5), (x + 14, y + 3.5)), paint, closed=False))
        elif kind == "stand":
            out.append(Poly(((x + 2, y + 1), (x + 12, y + 1), (x + 12, y + 7), (x + 2, y + 7)), paint))
            out.append(Poly(((x + 2, y + 1), (x + 12, y + 1)), Paint(None, "#111111", 2.0), closed=False))
        elif kind == "note":
            out.append(Label((x, y + 6), label, 6.5, "#222222"))
            continue
        elif kind == "dead":
            out.append(Poly(((x + 2, y + 1), (x + 12, y + 1), (x + 12, y + 7), (x + 2, y + 7)), paint))
            out.append(Poly(((x + 2, y + 1), (x + 12, y + 7)), Paint(None, "#333333", 0.6), closed=False))
            out.append(Poly(((x + 12, y + 1), (x + 2, y + 7)), Paint(None, "#333333", 0.6), closed=False))
        elif kind == "mark":
            out.append(Poly(((x + 7, y + 1), (x + 10, y + 4), (x + 7, y + 7), (x + 4, y + 4)), paint))
        else:
            out.append(Circle((x + 7, y + 3.5), 3.5, paint))
        out.append(Label((x + 18, y + 6), label, 6.5, "#222222"))
    return out


__all__ = ["MapDrawing", "build_map", "stand_corners", "to_reportlab", "to_svg"]
