"""The map drawing rendered: as standalone SVG text, or as a reportlab Drawing for the PDFs."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from umpire.reports.mapshapes import Circle, MapDrawing, Paint, Poly, Shape, _fmt

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing


# -- SVG ----------------------------------------------------------------------------------------
def _svg_paint(p: Paint) -> str:
    parts = [f'fill="{p.fill}"' if p.fill else 'fill="none"']
    if p.stroke and p.width > 0:
        parts.append(f'stroke="{p.stroke}" stroke-width="{_fmt(p.width)}"')
        if p.dash:
            parts.append(f'stroke-dasharray="{" ".join(_fmt(d) for d in p.dash)}"')
    if p.opacity < 1 and p.fill:
        parts.append(f'fill-opacity="{_fmt(p.opacity)}"')
    return " ".join(parts)


def _svg_shape(sh: Shape) -> str:
    if isinstance(sh, Poly):
        pts = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in sh.points)
        tag = "polygon" if sh.closed else "polyline"
        paint = _svg_paint(sh.paint if sh.closed else Paint(None, sh.paint.stroke, sh.paint.width, sh.paint.dash))
        return f'<{tag} points="{pts}" {paint}/>'
    if isinstance(sh, Circle):
        return f'<circle cx="{_fmt(sh.centre[0])}" cy="{_fmt(sh.centre[1])}" r="{_fmt(sh.r)}" {_svg_paint(sh.paint)}/>'
    anchor = {"start": "start", "middle": "middle", "end": "end"}[sh.anchor]
    extra = (' font-weight="600"' if sh.bold else "") + (' font-style="italic"' if sh.italic else "")
    return (f'<text x="{_fmt(sh.at[0])}" y="{_fmt(sh.at[1])}" font-size="{_fmt(sh.size)}" fill="{sh.colour}" '
            f'text-anchor="{anchor}"{extra}>{escape(sh.text)}</text>')


def to_svg(m: MapDrawing) -> str:
    """The map as a standalone SVG document (sizes in points)."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_fmt(m.width)}pt" height="{_fmt(m.height)}pt" '
        f'viewBox="0 0 {_fmt(m.width)} {_fmt(m.height)}" font-family="\'Source Sans Pro\', \'Source Sans 3\', '
        'sans-serif">',
        f"<title>{escape(m.title)}</title>",
        f'<rect width="{_fmt(m.width)}" height="{_fmt(m.height)}" fill="#ffffff"/>',
    ]
    for g in m.groups:
        key = f' data-unit={quoteattr(g.key)}' if g.kind == "stand" else f" data-id={quoteattr(g.key)}"
        lines.append(f'<g class="{g.kind}"{key}>')
        lines.extend(_svg_shape(sh) for sh in g.shapes)
        lines.append("</g>")
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


# -- reportlab ----------------------------------------------------------------------------------
def to_reportlab(m: MapDrawing, fonts: dict[str, str] | None = None,
                 covers: Callable[[str, str], bool] | None = None) -> Drawing:
    """The map as a reportlab Drawing (a flowable). ``fonts`` maps regular/bold/italic to
    registered font names (default: Helvetica, which has no Cyrillic); ``covers(font, text)``
    says whether a font has the glyphs of a text (else the regular face is used)."""
    from reportlab.graphics.shapes import Circle as RCircle
    from reportlab.graphics.shapes import Drawing, Polygon, PolyLine, String
    from reportlab.graphics.shapes import Group as RGroup
    from reportlab.lib.colors import HexColor

    f = {"regular": "Helvetica", "bold": "Helvetica-Bold", "italic": "Helvetica-Oblique", **(fonts or {})}
    H = m.height  # noqa: N806

    def colour(c: str | None) -> Any:
        return HexColor(c) if c else None

    def common(p: Paint) -> dict[str, Any]:
        kw: dict[str, Any] = {"strokeColor": colour(p.stroke) if p.width > 0 else None, "strokeWidth": p.width}
        if p.dash:
            kw["strokeDashArray"] = list(p.dash)
        return kw

    d = Drawing(m.width, m.height)
    for g in m.groups:
        grp = RGroup()
        for sh in g.shapes:
            if isinstance(sh, Poly):
                flat = [v for x, y in sh.points for v in (x, H - y)]
                if sh.closed:
                    grp.add(Polygon(flat, fillColor=colour(sh.paint.fill), fillOpacity=sh.paint.opacity,
                                    **common(sh.paint)))
                else:
                    grp.add(PolyLine(flat, **common(sh.paint)))
            elif isinstance(sh, Circle):
                grp.add(RCircle(sh.centre[0], H - sh.centre[1], sh.r, fillColor=colour(sh.paint.fill),
                                fillOpacity=sh.paint.opacity, **common(sh.paint)))
            else:
                font = f["bold"] if sh.bold else f["italic"] if sh.italic else f["regular"]
                if covers is not None and not covers(font, sh.text):
                    font = f["regular"]
                grp.add(String(sh.at[0], H - sh.at[1], sh.text, fontName=font, fontSize=sh.size,
                               fillColor=colour(sh.colour), textAnchor=sh.anchor))
        d.add(grp)
    return d
