"""What every PDF document shares: the page shell (margins, the header and footer on each page,
invariant mode), the paragraph and table styles, headings kept with what follows them, text
escaped for reportlab, and the map as a flowable. Page sizes, margins, colours and column widths
come from ``templates/paper.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, BinaryIO

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    PageTemplate,
    Paragraph,
    Table,
    TableStyle,
)

from umpire.errors import unknown
from umpire.reports.fonts import FONT, FONTS, covers, register_fonts
from umpire.reports.layout import Paper, paper
from umpire.reports.marks import Mark
from umpire.reports.tablemap import build_map, to_reportlab
from umpire.reports.views import TurnReport
from umpire.text import xml_text

Progress = Callable[[int], None]
PAPERS = ("a4", "letter")


# -- styles -----------------------------------------------------------------------------------
class Styles:
    def __init__(self, p: Paper) -> None:
        register_fonts()
        z, c = p.sizes, p.colours
        ink = HexColor(c.ink)
        self.p = p
        self.ink, self.muted = ink, HexColor(c.muted)
        self.rule, self.header_fill, self.zebra = HexColor(c.rule), HexColor(c.header_fill), HexColor(c.zebra)
        base = ParagraphStyle("body", fontName=FONT, fontSize=z.body, leading=z.body * 1.22, textColor=ink,
                              alignment=TA_LEFT)
        self.body = base
        self.small = ParagraphStyle("small", base, fontSize=z.small, leading=z.small * 1.2)
        self.muted_small = ParagraphStyle("msmall", self.small, textColor=self.muted)
        self.cell = ParagraphStyle("cell", base, fontSize=z.body, leading=z.body * 1.15)
        self.cell_small = ParagraphStyle("cells", base, fontSize=z.small, leading=z.small * 1.15)
        self.title = ParagraphStyle("title", base, fontName=FONTS["bold"], fontSize=z.title, leading=z.title * 1.2,
                                    spaceAfter=2)
        self.sub = ParagraphStyle("sub", base, textColor=self.muted, spaceAfter=6)
        self.h1 = ParagraphStyle("h1", base, fontName=FONTS["bold"], fontSize=z.heading, leading=z.heading * 1.25,
                                 spaceBefore=8, spaceAfter=4)
        self.h2 = ParagraphStyle("h2", base, fontName=FONTS["bold"], fontSize=z.subheading,
                                 leading=z.subheading * 1.25, spaceBefore=6, spaceAfter=3)
        self.line = ParagraphStyle("line", base, leftIndent=12, firstLineIndent=-12, spaceBefore=1.5)
        self.indented = ParagraphStyle("indented", self.small, leftIndent=0)
        self.withheld = HexColor(c.withheld)
        self.lost = HexColor(c.lost)

    def table(self, rows: list[list[Any]], widths: list[float], *, header: bool = True,
              extra: list[tuple[Any, ...]] | None = None, font_size: float | None = None) -> Table:
        size = font_size or self.p.sizes.body
        # a row taller than a page (a name of thousands of characters) goes on over the next page
        t = Table(rows, colWidths=widths, repeatRows=1 if header else 0, hAlign="LEFT", splitInRow=1)
        cmds: list[tuple[Any, ...]] = [
            ("FONT", (0, 0), (-1, -1), FONT, size),
            ("TEXTCOLOR", (0, 0), (-1, -1), self.ink),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, self.rule),
            ("LEFTPADDING", (0, 0), (-1, -1), 3),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ]
        if header:
            cmds += [("FONT", (0, 0), (-1, 0), FONTS["bold"], size), ("BACKGROUND", (0, 0), (-1, 0), self.header_fill)]
        t.setStyle(TableStyle(cmds + (extra or [])))
        return t


def heading(text: str, style: ParagraphStyle) -> list[Flowable]:
    """A heading that is never the last thing on a page (a table split after it is fine)."""
    return [CondPageBreak(28 * mm), Paragraph(text, style)]


def esc(text: Any) -> str:
    """Text for a reportlab paragraph (which reads markup): escaped, control characters visible."""
    return xml_text(text if text is not None else "")


# -- the document shell ----------------------------------------------------------------------
class PaperDoc(BaseDocTemplate):  # type: ignore[misc]  # reportlab ships no type stubs: its classes are Any
    def __init__(self, out: BinaryIO, paper_name: str, *, title: str, kind: str, footer: str,
                 progress: Progress | None = None, confidential: str = "", landscape: bool = False,
                 mark: Mark | None = None) -> None:
        p = paper()
        if paper_name not in PAPERS:
            raise unknown("paper size", paper_name, PAPERS)
        size = p.page(paper_name)
        m = p.margins
        dims = (size.width * mm, size.height * mm)
        super().__init__(
            out, pagesize=dims[::-1] if landscape else dims, leftMargin=m.left * mm, rightMargin=m.right * mm,
            topMargin=m.top * mm, bottomMargin=m.bottom * mm, title=title, author="umpire", subject=kind,
            creator="umpire", invariant=1, pageCompression=1, keywords=mark.text() if mark else "",
        )
        if mark is not None:
            footer = f"{footer} · version {mark.version}"
        self.kind, self.footer_text, self.progress, self.confidential = kind, footer, progress, confidential
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("page", frames=[frame], onPage=self._decorate)])

    def _decorate(self, canv: Any, doc: Any) -> None:
        p = paper()
        canv.saveState()
        w, h = self.pagesize
        canv.setFont(FONT, p.sizes.small)
        canv.setFillColor(HexColor(p.colours.muted))
        top = h - self.topMargin + 5 * mm
        canv.drawString(self.leftMargin, top, self.kind)
        if self.confidential:
            canv.setFont(FONTS["bold"], p.sizes.small)
            canv.drawRightString(w - self.rightMargin, top, self.confidential)
        canv.setFont(FONT, p.sizes.small)
        bottom = self.bottomMargin - 8 * mm
        canv.drawString(self.leftMargin, bottom, self.footer_text)
        canv.drawRightString(w - self.rightMargin, bottom, f"page {doc.page}")
        canv.setStrokeColor(HexColor(p.colours.rule))
        canv.setLineWidth(0.4)
        canv.line(self.leftMargin, top - 2.5, w - self.rightMargin, top - 2.5)
        canv.restoreState()
        if self.progress is not None:
            self.progress(doc.page)


def footer_line(report: TurnReport) -> str:
    what = f"turn {report.only_turn}" if report.only_turn is not None else f"to turn {report.turn}"
    return f"umpire · {report.name} · {report.ruleset} · {what}"


def map_flowable(report: TurnReport, width: float, max_height: float) -> Flowable:
    return to_reportlab(build_map(report, width=width, max_height=max_height), register_fonts(), covers)
