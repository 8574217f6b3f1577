"""The map drawing rendered: as standalone SVG text, or as a reportlab Drawing for the PDFs."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from umpire.reports.mapshapes import Circle, MapDrawing, Paint, Poly, Shape
from umpire.text import num, visible, xml_attr, xml_text

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing


# -- SVG ----------------------------------------------------------------------------------------
# Every element is written by _element or _open: tag and attribute names are umpire's own, and
# every attribute value and every text (a unit's id, a terrain's name, the title) passes
# umpire.text.xml_attr / xml_text, so a name is always text: the document stays well-formed and
# inert (no element, attribute or script from data) whatever the name holds.
_NAME = re.compile(r"[a-zA-Z][a-zA-Z:-]*\Z")
_NAMES: set[str] = set()  # the attribute names seen to be names (a map writes a handful, thousands of times)


def _attrs(attrs: dict[str, object]) -> str:
    out = []
    for k, v in attrs.items():
        if v is None:
            continue
        if k not in _NAMES:
            if not _NAME.match(k):
                raise ValueError(f"not an SVG attribute name umpire writes: {k!r}")
            _NAMES.add(k)
        out.append(f" {k}={xml_attr(v)}")
    return "".join(out)


def _open(tag: str, attrs: dict[str, object]) -> str:
    return f"<{tag}{_attrs(attrs)}>"


def _element(tag: str, attrs: dict[str, object], text: str | None = None) -> str:
    return f"<{tag}{_attrs(attrs)}/>" if text is None else f"<{tag}{_attrs(attrs)}>{xml_text(text)}</{tag}>"


def _svg_paint(p: Paint) -> dict[str, object]:
    out: dict[str, object] = {"fill": p.fill or "none"}
    if p.stroke and p.width > 0:
        out["stroke"], out["stroke-width"] = p.stroke, num(p.width)
        if p.dash:
            out["stroke-dasharray"] = " ".join(num(d) for d in p.dash)
    if p.opacity < 1 and p.fill:
        out["fill-opacity"] = num(p.opacity)
    return out


def _svg_shape(sh: Shape) -> str:
    if isinstance(sh, Poly):
        pts = " ".join(f"{num(x)},{num(y)}" for x, y in sh.points)
        paint = sh.paint if sh.closed else Paint(None, sh.paint.stroke, sh.paint.width, sh.paint.dash)
        return _element("polygon" if sh.closed else "polyline", {"points": pts, **_svg_paint(paint)})
    if isinstance(sh, Circle):
        return _element("circle", {"cx": num(sh.centre[0]), "cy": num(sh.centre[1]),
                                   "r": num(sh.r), **_svg_paint(sh.paint)})
    anchor = {"start": "start", "middle": "middle", "end": "end"}[sh.anchor]
    return _element("text", {
        "x": num(sh.at[0]), "y": num(sh.at[1]), "font-size": num(sh.size), "fill": sh.colour,
        "text-anchor": anchor, "font-weight": "600" if sh.bold else None,
        "font-style": "italic" if sh.italic else None,
        "transform": (f"rotate({num(-sh.angle)} {num(sh.at[0])} {num(sh.at[1])})"
                      if sh.angle else None),
    }, sh.text)


def to_svg(m: MapDrawing) -> str:
    """The map as a standalone SVG document (sizes in points)."""
    w, h = num(m.width), num(m.height)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        _open("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": f"{w}pt", "height": f"{h}pt",
                      "viewBox": f"0 0 {w} {h}", "font-family": "'Source Sans Pro', 'Source Sans 3', sans-serif"}),
        _element("title", {}, m.title),
        _element("rect", {"width": w, "height": h, "fill": "#ffffff"}),
    ]
    for g in m.groups:
        lines.append(_open("g", {"class": g.kind, "data-unit" if g.kind == "stand" else "data-id": g.key}))
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
                text = String(sh.at[0], H - sh.at[1], visible(sh.text), fontName=font, fontSize=sh.size,
                              fillColor=colour(sh.colour), textAnchor=sh.anchor)
                if sh.angle:
                    turned = RGroup(text)
                    turned.translate(sh.at[0], H - sh.at[1])
                    turned.rotate(sh.angle)
                    turned.translate(-sh.at[0], -(H - sh.at[1]))
                    grp.add(turned)
                else:
                    grp.add(text)
        d.add(grp)
    return d
