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

:func:`map_view` is the part of a report the map draws, and :func:`build_map` draws nothing
else: two reports with the same map view give the same map, so a printed map's version is a
digest of its view (:func:`map_facts`), got without drawing it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from umpire.reports import maplegend
from umpire.reports.labels import Ink, Placer, Spot, along, around
from umpire.reports.layout import MapStyle, map_style
from umpire.reports.mapshapes import (
    SMOKE,
    Circle,
    Label,
    MapDrawing,
    Mark,
    Paint,
    Point,
    Poly,
    Shape,
    darker,
    lighter,
)
from umpire.reports.maptext import wrap
from umpire.reports.tablemap_draw import to_reportlab, to_svg
from umpire.reports.views import EventView, TurnReport, UnitView
from umpire.reports.words import altitude_words
from umpire.text import num

_SOMETHING = (EventView(0, None, None, "", "", ""),)  # a map only asks whether anything happened yet


def map_view(report: TurnReport) -> TurnReport:
    """``report`` with only what its map draws: the table, terrain, sides, the stands where the
    reader knows them (their place, facing, base, status and who has seen them), the trails,
    fire lines, templates, smoke and set-up zones, and the words of its title and page."""
    drawn = tuple(UnitView(u.id, "", u.side, None, u.x, u.y, u.facing, u.base, status=u.status,
                           spotted_by=u.spotted_by, observed=u.observed, seen_turn=u.seen_turn, now=u.now,
                           turret=u.turret, altitude=u.altitude) for u in report.units)
    return replace(report, units=drawn, formations=(), events=_SOMETHING if report.events else (), losses=(),
                   rulings=(), victory=(), stamp="", source=None,
                   fire_lines=tuple(replace(f, seq=0, label="") for f in report.fire_lines),
                   templates=tuple(replace(t, seq=0) for t in report.templates))


def map_facts(report: TurnReport) -> str:
    """What the map of ``report`` shows, as text (the same text, the same map): its
    :func:`map_view` written out whole (every field of every part, as Python writes them)."""
    return repr(map_view(report))


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
EDGE = 10.0  # points for a table edge's name, outside the ruler
RULER = 14.0  # points kept for the ruler labels, top and left
FOOT = 34.0  # scale bar and north arrow row
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def map_title(report: TurnReport) -> tuple[str, str]:
    """The map's title (whose map, of which game) and the line under it (the turn it draws and
    where the game stands)."""
    who = f"Map for {report.side(report.viewer).name}" if report.viewer else "The umpire's map"
    now = f"the game is in turn {report.turn}, {report.phase_name}"
    if not report.events and not report.trails and not report.fire_lines:  # nothing has happened yet
        return f"{who}, before turn {report.turn}: {report.name}", f"the set-up: units where they start; {now}"
    drawn = report.map_turn if report.map_turn is not None else report.turn
    what = f"turn {report.only_turn}" if report.only_turn is not None else f"turn {drawn}"
    sub = f"{what}: units as they stand, moves and fire of turn {drawn}; {now}"
    if report.viewer:
        sub += "; enemy units where your side saw them"
    return f"{who}, {what}: {report.name}", sub


def edge_names(north: float) -> dict[str, str]:
    """Each table edge by name and compass point (north: the bearing of north on the table,
    degrees clockwise from the far edge)."""
    out = {}
    for edge, bearing in (("far", 0.0), ("right", 90.0), ("near", 180.0), ("left", 270.0)):
        point = COMPASS[round(((bearing - north) % 360) / 45) % 8]
        out[edge] = f"{edge} edge ({point})" + (" · the umpire's side" if edge == "near" else "")
    return out


@dataclass(frozen=True)
class _Frame:
    """Where a map draws the table: the report drawn, the style, points per inch ``s``, the
    table's top-left corner in points (``ox``, ``oy``), its size in inches, the sides' colours."""

    report: TurnReport
    st: MapStyle
    s: float
    ox: float
    oy: float
    tw: float
    td: float
    colours: dict[str, str]

    def P(self, x: float, y: float) -> Point:  # noqa: N802 - table inches to drawing points
        return (round(self.ox + x * self.s, 2), round(self.oy + (self.td - y) * self.s, 2))

    def colour(self, side: str) -> str:
        return self.colours.get(side, "#555555")


Stands = list[tuple[UnitView, list[Shape], tuple[float, float, float, float]]]


def build_map(report: TurnReport, width: float = 520.0, max_height: float | None = None,
              style: MapStyle | None = None, label_size: float | None = None, labels: bool = True) -> MapDrawing:
    """The map of ``report`` ``width`` points wide (and at most ``max_height`` tall), drawn
    from its :func:`map_view` alone.

    ``labels=False``: a map for a screen that zooms: the stands' ids and the terrain's names are
    not placed on the drawing but listed as its :attr:`~MapDrawing.marks`, which the screen draws
    at its own size for the zoom it shows (placing hundreds of labels on paper is most of the
    cost of a big map)."""
    report = map_view(report)
    st = style or map_style()
    tw, td = report.table
    present = maplegend.entries(report, st)
    left, right = EDGE + RULER, EDGE + 6
    legend_h = maplegend.height(present, width - left)
    s = (width - left - right) / tw
    title, sub = map_title(report)
    heads = wrap(title, 10.0, width - left - 4, bold=True)
    subs = wrap(sub, 6.5, width - left - 4)
    title_h = 12.0 + 11.0 * (len(heads) - 1) + 8.5 * len(subs) + 5
    top = title_h + EDGE + RULER
    if max_height is not None:
        s = min(s, (max_height - top - EDGE - FOOT - legend_h - 4) / td)
    s = max(s, 0.5)
    ox, oy = left, top
    height = oy + td * s + EDGE + FOOT + legend_h
    colours = {sv.id: st.side_colour(sv.color, i) for i, sv in enumerate(report.sides)}
    fr = _Frame(report, st, s, ox, oy, tw, td, colours)

    m = MapDrawing(width=round(width, 2), height=round(height, 2), title=title, frame=(ox, oy, s, td))
    m.add("title", "title", *(Label((ox, 12.0 + 11.0 * i), line, 10.0, "#111111", bold=True)
                              for i, line in enumerate(heads)),
          *(Label((ox, 12.0 + 11.0 * (len(heads) - 1) + 10.5 + 8.5 * i), line, 6.5, "#444444")
            for i, line in enumerate(subs)))
    _table(m, fr)
    _terrain(m, fr)
    _under_stands(m, fr)
    stands = _stand_shapes(fr)
    placer = _placer(report, st, s, fr.P, stands) if labels else None
    _stands(m, fr, stands, placer, label_size or st.stands.label_size)
    if placer is not None:
        _terrain_names(m, report, st, fr.P, placer)
    else:
        _terrain_marks(m, report, st, fr.P)
    _zone_and_template_names(m, fr, placer)

    # foot: near edge, scale bar, north arrow, legend
    y0 = oy + td * s + EDGE + 12
    m.add("scale", "scale", *maplegend.scale_bar(report, st, s, ox, y0, ox + tw * s - 30))
    m.add("north", "north", *maplegend.north_arrow(report.north, ox + tw * s - 14, y0 + 8))
    m.add("legend", "legend", *maplegend.draw(present, ox, y0 + FOOT - 8, width - ox - 4))
    return m


def _table(m: MapDrawing, fr: _Frame) -> None:
    """The table, its inch grid, the ruler along the far and left edges, the edges' names."""
    P, tw, td, tp, g = fr.P, fr.tw, fr.td, fr.st.table, fr.st.grid  # noqa: N806 - as in build_map
    m.add("table", "table", Poly((P(0, 0), P(tw, 0), P(tw, td), P(0, td)), Paint(tp.fill, None, 0)))
    grid: list[Shape] = []
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
        ruler.append(Label((px, py - 3), num(x), 6.0, "#666666", "middle"))
        k += 1
    k = 0
    while k * g.major <= td + 1e-9:
        y = k * g.major
        px, py = P(0, y)
        ruler.append(Label((px - 2.5, py + 2), num(y), 6.0, "#666666", "end"))
        k += 1
    m.add("ruler", "ruler", *ruler)
    names = edge_names(fr.report.north)
    (x0, y0), (x1, y1) = P(0, td), P(tw, 0)
    m.add("edges", "edges",
          Label(((x0 + x1) / 2, y0 - RULER + 1), names["far"], 6.5, "#444444", "middle", italic=True),
          Label(((x0 + x1) / 2, y1 + EDGE - 2), names["near"], 6.5, "#444444", "middle", italic=True),
          Label((x0 - RULER - 3, (y0 + y1) / 2), names["left"], 6.5, "#444444", "middle", italic=True, angle=90),
          Label((x1 + EDGE - 2, (y0 + y1) / 2), names["right"], 6.5, "#444444", "middle", italic=True, angle=90))


def _terrain(m: MapDrawing, fr: _Frame) -> None:
    """Terrain: areas first (hills under woods and towns), then lines; the table's outline; the
    set-up zones."""
    P, st, report, tw, td = fr.P, fr.st, fr.report, fr.tw, fr.td  # noqa: N806 - as in build_map
    order = {"hill": 0}
    areas = sorted((t for t in report.terrain if t.polygon), key=lambda t: (order.get(t.type, 1), t.id))
    for t in areas:
        ts = st.terrain_style(t.type)
        m.add("terrain", t.id, Poly(tuple(P(x, y) for x, y in t.polygon or ()), Paint(ts.fill, ts.stroke, ts.width,
                                                                                        ts.dash)))
    lines = sorted((t for t in report.terrain if t.line), key=lambda t: t.id)
    for t in lines:
        ts = st.terrain_style(t.type)
        pts = tuple(P(x, y) for x, y in t.line or ())
        m.add("terrain", t.id, Poly(pts, Paint(None, ts.stroke or ts.fill, ts.width, ts.dash), closed=False))
    tp = st.table
    m.add("outline", "outline", Poly((P(0, 0), P(tw, 0), P(tw, td), P(0, td)), Paint(None, tp.stroke, tp.width)))
    for z in report.zones:  # set-up zones: a wash of the side's colour, its edge dashed
        ink = fr.colour(z.side)
        m.add("zone", z.side, Poly(tuple(P(x, y) for x, y in z.polygon), Paint(ink, darker(ink, 0.7), 0.8, (4, 2),
                                                                                  0.12)))


def _under_stands(m: MapDrawing, fr: _Frame) -> None:
    """What lies under the stands: templates, smoke, the moves' trails and the fire lines."""
    P, st, report, s = fr.P, fr.st, fr.report, fr.s  # noqa: N806 - as in build_map
    tps = st.template
    for k, tpl in enumerate(report.templates):  # numbered on the map, not by the umpire's action
        c = P(*tpl.at)
        paint = Paint(tps.colour, tps.colour, tps.width, (2, 1.5), 0.18)
        if tpl.size is not None:
            from umpire.geometry.facts import Pose
            from umpire.geometry.footprint import corners

            box = corners(Pose(tpl.at[0], tpl.at[1], tpl.facing, tpl.size[0], tpl.size[1]))
            m.add("template", f"template-{k + 1}", Poly(tuple(P(x, y) for x, y in box), paint))
        else:
            m.add("template", f"template-{k + 1}", Circle(c, tpl.radius * s, paint))
    for k, where in enumerate(report.smoke):
        m.add("smoke", f"smoke-{k + 1}", Circle(P(*where), report.smoke_radius * s, Paint(SMOKE, "#8a8a8a", 0.4,
                                                                                          (1, 1), 0.55)))
    tr_style = st.trail
    for trail in report.trails:
        pts = tuple(P(x, y) for x, y in trail.points)
        ink = darker(fr.colour(trail.side), 0.8)
        m.add("trail", trail.unit, Poly(pts, Paint(None, ink, tr_style.width, tr_style.dash), closed=False),
              Circle(pts[0], 1.4, Paint(ink, None, 0)))
    for k, f in enumerate(report.fire_lines):
        fl = st.fire_line if f.own or report.viewer is None else st.fire_received
        a, b = P(*f.a), P(*f.b)
        m.add("fire", f"fire-{k + 1}",
              Poly((a, b), Paint(None, fl.colour, fl.width, fl.dash), closed=False),
              Poly(_arrowhead(a, b, 5.0), Paint(fl.colour, None, 0)))


def _stand_shapes(fr: _Frame) -> Stands:
    """Each stand on the table: its shapes (a base with a thick front edge, crossed out when
    destroyed, a diamond when another side knows where it is; a ring where one seen only firing
    fired from) and its bounding box. Every label keeps clear of them all."""
    P, st = fr.P, fr.st  # noqa: N806 - as in build_map
    sp = st.spotted
    stands: Stands = []
    for u in fr.report.units:
        if not u.placed or u.status == "off_table":  # MBT 8.7: gone off the table
            continue
        base = fr.colour(u.side)
        dead = u.status in ("eliminated", "surrendered")
        if u.observed and u.facing is None:  # seen only as it fired: a ring where the fire came from
            c = P(u.x, u.y)  # type: ignore[arg-type]
            stands.append((u, [Circle(c, 3.2, Paint(None, darker(base, 0.7), 1.0, (1.2, 0.8)))],
                           (c[0] - 3.7, c[1] - 3.7, c[0] + 3.7, c[1] + 3.7)))
            continue
        if u.altitude:
            stands.append(_air_shapes(fr, u, base, dead))
            continue
        box4 = tuple(P(x, y) for x, y in stand_corners(u))
        fill = st.stands.eliminated_fill if dead else (lighter(base, 0.35) if u.observed else base)
        paint = Paint(fill, st.stands.stroke, st.stands.width, (1.5, 1) if u.observed else None)
        shapes: list[Shape] = [
            Poly(box4, paint),
            Poly((box4[0], box4[1]), Paint(None, darker(base, 0.45), st.stands.front_width), closed=False)]
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
        xs, ys = [p[0] for p in box4], [p[1] for p in box4]
        stands.append((u, shapes, (min(xs), min(ys), max(xs), max(ys))))
    return stands


def _air_shapes(fr: _Frame, u: UnitView, base: str, dead: bool
                ) -> tuple[UnitView, list[Shape], tuple[float, float, float, float]]:
    """A unit that flies (MBT's helicopter): a disc its base's width across, with a line from the
    centre to its front; at low altitude a dashed ring around it (above the NOE's treetops),
    landed a disc alone without the ring; crossed out when destroyed, the diamond when another
    side knows where it is."""
    P, st = fr.P, fr.st  # noqa: N806 - as in build_map
    assert u.x is not None and u.y is not None
    c = P(u.x, u.y)
    half = max(u.base) / 2
    r = math.dist(c, P(u.x + half, u.y))
    fill = st.stands.eliminated_fill if dead else (lighter(base, 0.35) if u.observed else base)
    a = math.radians(u.facing or 0.0)
    nose = P(u.x + math.sin(a) * half, u.y + math.cos(a) * half)
    shapes: list[Shape] = [
        Circle(c, r, Paint(fill, st.stands.stroke, st.stands.width, (1.5, 1) if u.observed else None)),
        Poly((c, nose), Paint(None, darker(base, 0.45), st.stands.front_width), closed=False)]
    if u.altitude == "low":
        shapes.append(Circle(c, r * 1.45, Paint(None, darker(base, 0.45), 0.8, (2.0, 1.5))))
    elif u.altitude == "noe":
        shapes.append(Circle(c, r * 1.25, Paint(None, darker(base, 0.45), 0.6, (0.8, 1.2))))
    if dead:
        d = r * 0.7
        shapes.append(Poly(((c[0] - d, c[1] - d), (c[0] + d, c[1] + d)), Paint(None, "#333333", 0.6), closed=False))
        shapes.append(Poly(((c[0] + d, c[1] - d), (c[0] - d, c[1] + d)), Paint(None, "#333333", 0.6), closed=False))
    if u.observed or [x for x in u.spotted_by if x != u.side]:
        bx, by, k = c[0] + r, c[1] + r, 2.2
        shapes.append(Poly(((bx, by - k), (bx + k, by), (bx, by + k), (bx - k, by)), Paint(fr.st.spotted.colour,
                                                                                          "#333333", 0.3)))
    out = r * 1.5
    return u, shapes, (c[0] - out, c[1] - out, c[0] + out, c[1] + out)


def _stands(m: MapDrawing, fr: _Frame, stands: Stands, placer: Placer | None, ls: float) -> None:
    """The stands drawn, each with its id placed beside it (or listed as a mark for a screen)
    and, for MBT, its turret line."""
    for u, shapes, bb in stands:
        base = fr.colour(u.side)
        centre = (round((bb[0] + bb[2]) / 2, 2), round((bb[1] + bb[3]) / 2, 2))
        if placer is not None:
            lb, leader = placer.place(_mark(u), Ink(ls, darker(base, 0.55), bold=True), around(*bb, ls),
                                      target=centre)
            m.add("stand", u.id, *shapes, *([leader] if leader else []), lb)
        else:
            m.marks.append(Mark(u.id, _mark(u), centre, darker(base, 0.55), "enemy" if u.observed else "own", bb))
            m.add("stand", u.id, *shapes)
        if u.turret is not None and not u.dead:
            m.add("turret", u.id, _turret_line(u, fr.P))


def _zone_and_template_names(m: MapDrawing, fr: _Frame, placer: Placer | None) -> None:
    """The set-up zones' names and the templates' labels, placed clear of the rest (at their
    place on a screen)."""
    P, report = fr.P, fr.report  # noqa: N806 - as in build_map
    for z in report.zones:
        ink = fr.colour(z.side)
        pts = tuple(P(x, y) for x, y in z.polygon)
        c = _centroid(pts)
        if placer is None:  # a screen: at its place (a zone's name crowds nothing)
            m.add("name", f"zone:{z.side}", Label(c, f"{z.side} set-up", 7.0, darker(ink, 0.6), "middle", bold=True))
            continue
        lb, leader = placer.place(f"{z.side} set-up", Ink(7.0, darker(ink, 0.6), bold=True), [Spot(c)], target=c)
        m.add("name", f"zone:{z.side}", *([leader] if leader else []), lb)
    tps = fr.st.template
    for k, tpl in enumerate(report.templates):
        if tpl.label:
            c = P(*tpl.at)
            r = tpl.radius * fr.s
            if placer is None:
                m.add("name", f"template-{k + 1}", Label((c[0], c[1] - r - 2), tpl.label, 5.5, tps.colour or "#000000",
                                                         "middle"))
                continue
            spots = [Spot((c[0], c[1] - r - 2))] + around(c[0] - r, c[1] - r, c[0] + r, c[1] + r, 5.5)
            lb, leader = placer.place(tpl.label, Ink(5.5, tps.colour or "#000000"), spots, target=c)
            m.add("name", f"template-{k + 1}", *([leader] if leader else []), lb)


def _placer(report: TurnReport, st: MapStyle, s: float, P: Callable[[float, float], Point],  # noqa: N803
            stands: Stands) -> Placer:
    """The label placer of this map: stands are solid, the lines of roads and streams soft."""
    from shapely import LineString, Polygon
    from shapely import Point as SPoint

    solid = []
    for _u, shapes, _bb in stands:
        first = shapes[0]
        if isinstance(first, Poly):
            solid.append(Polygon(first.points))
        elif isinstance(first, Circle):
            solid.append(SPoint(first.centre).buffer(first.r + 0.5))
    soft = [LineString([P(x, y) for x, y in t.line]).buffer(st.terrain_style(t.type).width / 2 + 0.3)
            for t in report.terrain if t.line and len(t.line) > 1]
    soft += [LineString([P(*f.a), P(*f.b)]).buffer(0.6) for f in report.fire_lines if f.a != f.b]
    soft += [LineString([P(x, y) for x, y in tr.points]).buffer(0.6) for tr in report.trails if len(tr.points) > 1]
    tw, td = report.table
    (x0, y0), (x1, y1) = P(0, td), P(tw, 0)
    return Placer((x0 + 1, y0 + 1, x1 - 1, y1 - 1), solid, soft)


def _terrain_names(m: MapDrawing, report: TurnReport, st: MapStyle, P: Callable[[float, float], Point],  # noqa: N803
                   placer: Placer) -> None:
    """Each area's name inside it (else beside it with a leader), each named line's beside it."""
    from shapely import Polygon

    for t in sorted((t for t in report.terrain if t.polygon), key=lambda t: (-_area(t.polygon or ()), t.id)):
        ts = st.terrain_style(t.type)
        pts = tuple(P(x, y) for x, y in t.polygon or ())
        name = t.name or t.id
        if t.type == "hill":
            name = f"{name} (height {num(t.height)})"
        shape = Polygon(pts)
        if not shape.is_valid:
            shape = shape.buffer(0)
        inner = shape.representative_point()
        c = _centroid(pts)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        spots = [Spot((c[0], c[1] + 2)), Spot((inner.x, inner.y + 2))]
        spots += [Spot((c[0] + dx, c[1] + 2 + dy)) for dy in (-8, 8, -16, 16) for dx in (0, -12, 12)]
        spots += around(min(xs), min(ys), max(xs), max(ys), 6.0, rings=3, leader_from=0)
        lb, leader = placer.place(name, Ink(6.0, darker(ts.stroke or "#888888", 0.7), italic=True), spots,
                                  target=(inner.x, inner.y), inside=shape)
        m.add("name", t.id, *([leader] if leader else []), lb)
    for t in sorted((t for t in report.terrain if t.line and t.name), key=lambda t: t.id):
        ts = st.terrain_style(t.type)
        pts = tuple(P(x, y) for x, y in t.line or ())
        spots = along(pts, 6.0)
        mid = spots[0].at if spots else pts[0]
        lb, leader = placer.place(t.name, Ink(6.0, darker(ts.stroke or "#888888", 0.8), italic=True), spots,
                                  target=(mid[0], mid[1] + 3))
        m.add("name", t.id, *([leader] if leader else []), lb)


def _terrain_marks(m: MapDrawing, report: TurnReport, st: MapStyle, P: Callable[[float, float], Point]  # noqa: N803
                   ) -> None:
    """Each area's and named line's name as a mark a screen places (largest areas first)."""
    for t in sorted((t for t in report.terrain if t.polygon), key=lambda t: (-_area(t.polygon or ()), t.id)):
        ts = st.terrain_style(t.type)
        pts = tuple(P(x, y) for x, y in t.polygon or ())
        name = t.name or t.id
        if t.type == "hill":
            name = f"{name} (height {num(t.height)})"
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        m.marks.append(Mark(t.id, name, _centroid(pts), darker(ts.stroke or "#888888", 0.7), "terrain",
                            (min(xs), min(ys), max(xs), max(ys))))
    for t in sorted((t for t in report.terrain if t.line and t.name), key=lambda t: t.id):
        ts = st.terrain_style(t.type)
        pts = tuple(P(x, y) for x, y in t.line or ())
        mid = pts[len(pts) // 2]
        m.marks.append(Mark(t.id, t.name or t.id, mid, darker(ts.stroke or "#888888", 0.8), "terrain",
                            (mid[0], mid[1], mid[0], mid[1])))


def _area(pts: tuple[Point, ...]) -> float:
    return abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1], strict=False))) / 2


TURRET_COLOUR = "#111111"


def _mark(u: UnitView) -> str:
    """A stand's label: its id, and for an enemy stand not seen at the end, the turn it was."""
    alt = f" {altitude_words(u.altitude)}" if u.altitude else ""
    return u.id + alt + (f" (T{u.seen_turn})" if u.observed and not u.now and u.seen_turn else "")


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


__all__ = ["MapDrawing", "build_map", "map_facts", "map_view", "stand_corners", "to_reportlab", "to_svg"]
