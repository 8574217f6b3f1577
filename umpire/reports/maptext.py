"""How much room a map's text takes: widths from the embedded font's own metrics (the font the
PDF, the PNG and, where it is installed, the SVG are set in), and the box a label covers.

A label's box is what the placer keeps clear and what the tests check: from the baseline up by
the font's ascent and down by its descent, as wide as the text set in that face.
"""

from __future__ import annotations

from functools import cache

from umpire.reports.mapshapes import Label

ASCENT = 0.75  # of the font size, above the baseline (Source Sans Pro caps and ascenders)
DESCENT = 0.25  # below it

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in drawing points (y down)


@cache
def _faces() -> dict[str, str]:
    from umpire.reports.fonts import register_fonts

    return register_fonts()


def text_width(text: str, size: float, *, bold: bool = False, italic: bool = False) -> float:
    """The width in points of ``text`` set at ``size`` in the map's face (italic text in a script
    the italic face lacks is set upright, as the PDF sets it)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from umpire.reports.fonts import covers

    faces = _faces()
    face = faces["bold"] if bold else faces["italic"] if italic else faces["regular"]
    if not covers(face, text):
        face = faces["regular"]
    return float(stringWidth(text, face, size))


def wrap(text: str, size: float, width: float, *, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (a word wider than that has a
    line of its own)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", size, bold=bold) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines or [""]


def label_box(lb: Label) -> Box:
    """The box ``lb`` covers on the drawing (a quarter turn swaps its sides)."""
    w = text_width(lb.text, lb.size, bold=lb.bold, italic=lb.italic)
    x, y = lb.at
    left = {"start": 0.0, "middle": w / 2, "end": w}[lb.anchor]
    if lb.angle:  # turned a quarter anticlockwise: the text runs up the page from (x, y)
        return (x - lb.size * ASCENT, y - w + left, x + lb.size * DESCENT, y + left)
    return (x - left, y - lb.size * ASCENT, x - left + w, y + lb.size * DESCENT)


def box_at(text: str, size: float, x: float, y: float, anchor: str = "middle", *, bold: bool = False,
           italic: bool = False) -> Box:
    return label_box(Label((x, y), text, size, anchor=anchor, bold=bold, italic=italic))


__all__ = ["ASCENT", "DESCENT", "Box", "box_at", "label_box", "text_width", "wrap"]
