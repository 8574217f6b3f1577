"""The map's foot: the scale bar, the north arrow and the legend, an entry for every kind of
thing the map draws (each terrain type by its own name, the sides' stands, marks, lines and
templates), laid out in rows as wide as the map, each entry as wide as its text, so no two run
into each other."""

from __future__ import annotations

import math

from umpire.reports.layout import MapStyle
from umpire.reports.mapshapes import SMOKE, Circle, Label, Paint, Point, Poly, Shape, darker, lighter
from umpire.reports.maptext import text_width, wrap
from umpire.reports.views import TurnReport
from umpire.text import num

ROW = 11.0  # points from one legend row to the next
SIZE = 6.5  # the legend's type size
SWATCH = 18.0  # the sample and the room after it
SPACE = 12.0  # between two entries of a row

Entry = tuple[str, str, Paint]  # kind (area, line, stand, mark, dead, note, circle), label, paint


def type_label(kind: str, st: MapStyle) -> str:
    """How the legend names a terrain type: the style's label, else the type's own name
    ("stone_buildings" -> "Stone buildings")."""
    ts = st.terrain.get(kind)
    return ts.label if ts is not None and ts.label else kind.replace("_", " ").capitalize()


def entries(report: TurnReport, st: MapStyle) -> list[Entry]:
    """What this map shows, in the legend's order."""
    out: list[Entry] = []
    seen: set[str] = set()
    for t in sorted(report.terrain, key=lambda t: (t.line is not None, t.type)):
        if t.type in seen:
            continue
        seen.add(t.type)
        ts = st.terrain_style(t.type)
        if t.line:
            out.append(("line", type_label(t.type, st), Paint(None, ts.stroke or ts.fill, ts.width, ts.dash)))
        else:
            out.append(("area", type_label(t.type, st), Paint(ts.fill, ts.stroke, ts.width, ts.dash)))
    for i, sv in enumerate(report.sides):
        c = st.side_colour(sv.color, i)
        if any(u.side == sv.id and u.placed for u in report.units):
            observed = report.viewer is not None and sv.id != report.viewer
            label = f"{sv.name}" + (" (seen)" if observed else "") + " stand; thick edge = front"
            out.append(("stand", label, Paint(lighter(c, 0.35) if observed else c, "#111111", 0.5,
                                              (1.5, 1) if observed else None)))
    if any(u.altitude for u in report.units if u.placed):
        out.append(("circle", "helicopter: a disc, its line to the front; ring dotted at NOE, dashed at low altitude",
                    Paint(None, "#333333", 0.8, (2.0, 1.5))))
    if any(u.observed or [x for x in u.spotted_by if x != u.side] for u in report.units if u.placed):
        out.append(("mark", st.spotted.label if report.viewer is None else "enemy stand your side has seen",
                    Paint(st.spotted.colour, "#333333", 0.3)))
    if any(u.dead for u in report.units if u.placed):
        out.append(("dead", "destroyed", Paint(st.stands.eliminated_fill, "#333333", 0.5)))
    last = sorted({u.seen_turn for u in report.units if u.observed and not u.now and u.seen_turn})
    if last:
        out.append(("note", f"(T{last[0]}) after an enemy stand's id: where it was last seen, in turn {last[0]}",
                    Paint()))
    if report.trails:
        out.append(("line", st.trail.label, Paint(None, "#444444", st.trail.width, st.trail.dash)))
    if any(f.own or report.viewer is None for f in report.fire_lines):
        out.append(("line", st.fire_line.label, Paint(None, st.fire_line.colour, st.fire_line.width,
                                                      st.fire_line.dash)))
    if any(not f.own and report.viewer is not None for f in report.fire_lines):
        fr = st.fire_received
        out.append(("line", fr.label, Paint(None, fr.colour, fr.width, fr.dash)))
    for z in report.zones:
        c = st.side_colour(report.side(z.side).color, [s.id for s in report.sides].index(z.side))
        out.append(("area", z.label, Paint(c, darker(c, 0.7), 0.8, (4, 2), 0.12)))
    if report.templates:
        out.append(("circle", st.template.label, Paint(st.template.colour, st.template.colour, 0.8, None, 0.18)))
    if report.smoke:
        out.append(("circle", "smoke (a marker's hex, 12.9)", Paint(SMOKE, "#8a8a8a", 0.4, (1, 1), 0.55)))
    return out


def _width(kind: str, label: str) -> float:
    return text_width(label, SIZE) + (0.0 if kind == "note" else SWATCH)


def rows(items: list[Entry], width: float) -> list[list[Entry]]:
    """The entries in rows no wider than ``width`` (an entry wider than a row has one alone)."""
    out: list[list[Entry]] = [[]]
    used = 0.0
    for e in items:
        w = _width(e[0], e[1])
        if out[-1] and used + SPACE + w > width:
            out.append([])
            used = 0.0
        used += (SPACE if out[-1] else 0.0) + w
        out[-1].append(e)
    return [r for r in out if r]


def height(items: list[Entry], width: float) -> float:
    return ROW * len(rows(items, width)) + 4 if items else 0.0


def draw(items: list[Entry], x0: float, y0: float, width: float) -> list[Shape]:
    """The legend's shapes, its first row's top at ``y0``."""
    out: list[Shape] = []
    for r, row in enumerate(rows(items, width)):
        x = x0
        y = y0 + r * ROW
        for kind, label, paint in row:
            if kind == "area":
                out.append(Poly(((x, y), (x + 14, y), (x + 14, y + 7), (x, y + 7)), paint))
            elif kind == "line":
                out.append(Poly(((x, y + 3.5), (x + 14, y + 3.5)), paint, closed=False))
            elif kind in ("stand", "dead"):
                out.append(Poly(((x + 2, y + 1), (x + 12, y + 1), (x + 12, y + 7), (x + 2, y + 7)), paint))
                if kind == "stand":
                    out.append(Poly(((x + 2, y + 1), (x + 12, y + 1)), Paint(None, "#111111", 2.0), closed=False))
                else:
                    out.append(Poly(((x + 2, y + 1), (x + 12, y + 7)), Paint(None, "#333333", 0.6), closed=False))
                    out.append(Poly(((x + 12, y + 1), (x + 2, y + 7)), Paint(None, "#333333", 0.6), closed=False))
            elif kind == "mark":
                out.append(Poly(((x + 7, y + 1), (x + 10, y + 4), (x + 7, y + 7), (x + 4, y + 4)), paint))
            elif kind == "circle":
                out.append(Circle((x + 7, y + 3.5), 3.5, paint))
            tx = x if kind == "note" else x + SWATCH
            out.append(Label((round(tx, 2), round(y + 6, 2)), label, SIZE, "#222222"))
            x += _width(kind, label) + SPACE
    return out



def scale_bar(report: TurnReport, st: MapStyle, s: float, x0: float, y0: float, x1: float) -> list[Shape]:
    """The scale bar from ``x0``, its words after it up to ``x1`` (the north arrow), in lines."""
    sc = st.scales.get(report.ruleset)
    inches = sc.bar_inches if sc else 6.0
    steps = 3
    seg = inches / steps
    out: list[Shape] = []
    for i in range(steps):
        xa = x0 + i * seg * s
        out.append(Poly(((xa, y0), (xa + seg * s, y0), (xa + seg * s, y0 + 4), (xa, y0 + 4)),
                        Paint("#222222" if i % 2 == 0 else "#ffffff", "#222222", 0.5)))
        if i == 0 or seg * s >= text_width('00"', 6.0) + 3:  # every tick's inches where they fit
            out.append(Label((xa, y0 - 2), f'{num(i * seg)}"', 6.0, "#333333", "middle"))
    end = x0 + inches * s
    ground = ""
    if sc:
        amount = inches * sc.per_inch
        unit = sc.unit + ("es" if sc.unit == "hex" and amount != 1 else "")
        ground = f" = {num(amount)} {unit}  (1\" = {num(sc.per_inch)} {sc.unit})"
    out.append(Label((end, y0 - 2), f'{num(inches)}"', 6.0, "#333333", "middle"))
    words = f"scale: {num(inches)}\"{ground}; grid 1\" squares, ruler in inches from the near-left corner"
    for i, line in enumerate(wrap(words, 6.5, max(x1 - end - 10, 60.0))):
        out.append(Label((end + 6, y0 + 4 + 8 * i), line, 6.5, "#333333"))
    return out


def north_arrow(north: float, cx: float, cy: float) -> list[Shape]:
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


__all__ = ["draw", "entries", "height", "north_arrow", "rows", "scale_bar", "type_label"]
