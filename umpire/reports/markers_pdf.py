"""The markers to print for a photo of the table: the four corner markers, then one small marker
a stand, each on a card with its cutting line and its unit's id.

Drawn to scale on A4 or Letter in reportlab's invariant mode, the markers as vector squares
(crisp on any printer). Each page says to print at actual size and carries a two-inch bar to
check it. A corner card is named for its corner and goes flush into it; a stand's card goes in
the middle of the stand's base, its label at the back (:mod:`umpire.photo.layout`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

from umpire.errors import unknown
from umpire.photo.layout import CORNER_MARGIN, CORNERS, LABEL, QUIET, card

INCH = 72.0
PAPERS = ("a4", "letter")
GAP = 0.12  # inches between cards
SEAM = 0.002  # inches each black cell is drawn beyond its edge, so two black cells leave no hairline


@dataclass(frozen=True)
class StandMarker:
    unit: str
    marker: int
    size: float  # inches: the marker's black square


def _cells(marker: int) -> list[list[int]]:
    from umpire.photo.family import cells

    return cells(marker)


def _draw_marker(c: Any, marker: int, x: float, y: float, size: float) -> None:
    """Marker ``marker`` with its black square's bottom-left corner at (x, y) points, ``size`` points."""
    grid = _cells(marker)
    n = len(grid)
    cell = size / n
    e = SEAM * INCH
    c.setFillColorRGB(0, 0, 0)
    for i, row in enumerate(grid):
        j = 0
        while j < n:
            if not row[j]:
                j += 1
                continue
            k = j
            while k < n and row[k]:
                k += 1
            top = y + size - i * cell
            c.rect(x + j * cell - e, top - cell - e, (k - j) * cell + 2 * e, cell + 2 * e, stroke=0, fill=1)
            j = k


def _cut(c: Any, x: float, y: float, w: float, h: float) -> None:
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.3)
    c.setDash(2, 2)
    c.rect(x, y, w, h, stroke=1, fill=0)
    c.setDash()


def _fit_text(c: Any, font: str, text: str, width: float, biggest: float, smallest: float = 3.5) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    size = biggest
    while size > smallest and stringWidth(text, font, size) > width:
        size -= 0.25
    return size


def _page_head(c: Any, fonts: dict[str, str], page: tuple[float, float], margin: float, title: str,
               line: str) -> float:
    """The page's heading, its instructions and the two-inch bar; returns the y below them."""
    w, h = page
    y = h - margin
    c.setFillColorRGB(0.1, 0.1, 0.1)
    c.setFont(fonts["bold"], 12)
    c.drawString(margin, y - 12, title)
    c.setFont(fonts["regular"], 8)
    c.drawString(margin, y - 25, line)
    c.drawString(margin, y - 36, "Print at actual size (100%, no 'fit to page'): the bar on the right is two "
                                 "inches long.")
    bar = 2 * INCH
    c.setFillColorRGB(0, 0, 0)
    c.rect(w - margin - bar, y - 34, bar, 4, stroke=0, fill=1)
    c.setFont(fonts["regular"], 7)
    c.drawRightString(w - margin, y - 44, "2 inches")
    return y - 54


@dataclass(frozen=True)
class _Sheet:
    """What every page of the markers is drawn with: the canvas, the fonts, the page's size and
    margin in points, the game's title."""

    c: Any
    fonts: dict[str, str]
    page: tuple[float, float]
    margin: float
    title: str


def _corner_pages(sh: _Sheet, corner_size: float) -> int:
    """The four corner markers' cards, as many to a page as fit; the pages drawn."""
    c, fonts, page, margin, title = sh.c, sh.fonts, sh.page, sh.margin, sh.title
    pages = 0
    side = corner_size * (1 + 2 * CORNER_MARGIN) * INCH
    names = {"near-left": "near-left: the umpire's left", "near-right": "near-right: the umpire's right",
             "far-right": "far-right", "far-left": "far-left"}
    k = 0
    while k < len(CORNERS):
        top = _page_head(c, fonts, page, margin, f"Corner markers: {title}",
                         "Cut each card out along its line and lay it flush into the corner of the table it "
                         "names, its two cut edges along the table's edges.")
        y = top
        while k < len(CORNERS) and y - side - 14 >= margin:
            x = margin
            while k < len(CORNERS) and x + side <= page[0] - margin + 1e-6 and y - side - 14 >= margin:
                c.setFillColorRGB(1, 1, 1)
                c.rect(x, y - side, side, side, stroke=0, fill=1)
                _cut(c, x, y - side, side, side)
                m = corner_size * CORNER_MARGIN * INCH
                _draw_marker(c, k, x + m, y - side + m, corner_size * INCH)
                c.setFillColorRGB(0.3, 0.3, 0.3)
                c.setFont(fonts["bold"], 9)
                c.drawString(x + 4, y - side - 11, f"corner marker {k}: {names[CORNERS[k]]}")
                x += side + GAP * INCH
                k += 1
            y -= side + 14 + GAP * INCH
        c.showPage()
        pages += 1
    return pages


def _stand_pages(sh: _Sheet, items: list[StandMarker], pages: int) -> int:
    """Each stand's card, labelled, in rows as many to a page as fit (one page with none when
    nothing else is printed); the pages drawn."""
    c, fonts, page, margin, title = sh.c, sh.fonts, sh.page, sh.margin, sh.title
    drawn = 0
    i = 0
    while i < len(items) or (pages + drawn == 0 and not items):
        top = _page_head(c, fonts, page, margin, f"Stand markers: {title}",
                         "Cut along the lines; stick each on its stand's base, the black square in the middle "
                         "and the label at the back (the square's top is the stand's front).")
        y = top
        row_h = 0.0
        x = margin
        while i < len(items):
            s = items[i]
            cw, ch = (v * INCH for v in card(s.size))
            if x + cw > page[0] - margin + 1e-6:
                x, y = margin, y - row_h - GAP * INCH
                row_h = 0.0
            if y - ch < margin:
                break
            c.setFillColorRGB(1, 1, 1)
            c.rect(x, y - ch, cw, ch, stroke=0, fill=1)
            _cut(c, x, y - ch, cw, ch)
            q = QUIET * s.size * INCH
            _draw_marker(c, s.marker, x + q, y - q - s.size * INCH, s.size * INCH)
            c.setFillColorRGB(0.1, 0.1, 0.1)
            fsize = _fit_text(c, fonts["bold"], s.unit, cw - 2, LABEL * INCH * 0.8)
            c.setFont(fonts["bold"], fsize)
            c.drawCentredString(x + cw / 2, y - ch + (LABEL * INCH - fsize) / 2 + 1, s.unit)
            x += cw + GAP * INCH
            row_h = max(row_h, ch)
            i += 1
        c.showPage()
        drawn += 1
        if not items:
            break
    return drawn


def markers_pdf(out: BinaryIO, *, title: str, stands: Sequence[StandMarker], corner_size: float,
                paper_name: str = "a4", corners: bool = True) -> int:
    """Write the markers PDF to ``out``; returns its number of pages.

    :raises UmpireError: for an unknown paper size."""
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from umpire.reports.fonts import register_fonts
    from umpire.reports.layout import paper

    if paper_name not in PAPERS:
        raise unknown("paper size", paper_name, PAPERS)
    fonts = register_fonts()
    size = paper().page(paper_name)
    page = (size.width * mm, size.height * mm)
    margin = 0.45 * INCH
    c = Canvas(out, pagesize=page, invariant=1, pageCompression=1)
    c.setTitle(f"Markers: {title}")
    c.setAuthor("umpire")
    c.setCreator("umpire")
    sheet = _Sheet(c, fonts, page, margin, title)
    pages = _corner_pages(sheet, corner_size) if corners else 0
    pages += _stand_pages(sheet, list(stands), pages)
    c.save()
    return pages
