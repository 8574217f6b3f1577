"""PDF documents from the report model: rosters, orders sheets, the map, and the page shell and
styles the turn reports and briefings use (:mod:`umpire.reports.pdf_report`).

Every document is built with reportlab's platypus in invariant mode, so the same game gives the
same bytes on the same machine. Text is set in Source Sans Pro, embedded from the
``font-source-sans-pro`` package (SIL Open Font License 1.1, licence text shipped in that
package as ``files/LICENSE.txt``), so Cyrillic and German names (Т-80Б, Schützenpanzer, Straße)
print whatever fonts the system has. Page sizes, margins, fonts, colours and column widths come
from ``templates/paper.yaml``; order codes from ``templates/orders-<ruleset>.yaml``.

Each ``*_pdf`` function writes to a binary file object and takes ``progress``, a callback called
with the page number after each page is drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
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
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from umpire.errors import UmpireError, unknown
from umpire.reports.layout import Paper, paper, roster_rules
from umpire.reports.marks import Mark
from umpire.reports.tablemap import build_map, to_reportlab
from umpire.reports.views import FormationView, TurnReport, UnitView
from umpire.text import xml_text

Progress = Callable[[int], None]
FONT = "UmpireSans"
FONTS = {"regular": FONT, "bold": f"{FONT}-Bold", "italic": f"{FONT}-Italic"}
PAPERS = ("a4", "letter")
_CMAPS: dict[str, set[int]] = {}


def covers(font: str, text: str) -> bool:
    """Whether the registered ``font`` has a glyph for every character of ``text`` (the italic
    face of Source Sans Pro has no Cyrillic: such labels fall back to the upright face)."""
    cmap = _CMAPS.get(font)
    return cmap is None or all(ord(c) in cmap or c.isspace() for c in text)


@cache
def register_fonts() -> dict[str, str]:
    """Register the embedded font family once; returns the names for regular, bold, italic."""
    import font_source_sans_pro
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    folder = Path(font_source_sans_pro.font_directory)
    files = paper().fonts
    for key, file in (("regular", files.regular), ("bold", files.bold), ("italic", files.italic)):
        path = folder / file
        if not path.is_file():
            raise UmpireError(f"font {file}: not found in the font-source-sans-pro package ({folder})")
        pdfmetrics.registerFont(TTFont(FONTS[key], str(path)))
    _CMAPS.update({name: set(pdfmetrics.getFont(name).face.charToGlyph) for name in FONTS.values()})
    pdfmetrics.registerFontFamily(FONT, normal=FONTS["regular"], bold=FONTS["bold"], italic=FONTS["italic"],
                                  boldItalic=FONTS["bold"])
    return dict(FONTS)


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


# -- turn report and briefing -----------------------------------------------------------------
def map_flowable(report: TurnReport, width: float, max_height: float) -> Flowable:
    return to_reportlab(build_map(report, width=width, max_height=max_height), register_fonts(), covers)


def turn_report_pdf(report: TurnReport, out: BinaryIO, *, paper_name: str = "a4",
                    progress: Progress | None = None, mark: Mark | None = None) -> None:
    """The umpire's report, or (for a briefing model) a side's briefing
    (:mod:`umpire.reports.pdf_report`); ``mark``: what the file says about itself."""
    from umpire.reports.pdf_report import turn_report_pdf as write

    write(report, out, paper_name=paper_name, progress=progress, mark=mark)


def map_pdf(report: TurnReport, out: BinaryIO, *, paper_name: str = "a4", progress: Progress | None = None,
            mark: Mark | None = None) -> None:
    """One page: the map, as large as the page allows (landscape)."""
    register_fonts()
    doc = PaperDoc(out, paper_name, title=report.title, kind="Map of the table", footer=footer_line(report),
               progress=progress, landscape=True, mark=mark,
               confidential=f"for {report.side(report.viewer).name} only" if report.viewer else "umpire only")
    # the drawing carries its own title (whose map, the turn, the phase): the page is the map
    story = [map_flowable(report, doc.width, doc.height)]
    doc.build(story)


# -- roster -----------------------------------------------------------------------------------
def _boxes(n: int, hits: int | None) -> str:
    taken = min(max(hits or 0, 0), n)
    return " ".join(["■"] * taken + ["☐"] * (n - taken))


def _tree(report: TurnReport, side: str) -> list[tuple[FormationView, int]]:
    return [(f, d) for f, d, _u in report.by_formation(side) if f is not None]


def roster_pdf(report: TurnReport, out: BinaryIO, *, paper_name: str = "a4", sides: list[str] | None = None,
               progress: Progress | None = None) -> None:
    """Every unit of each side (or of ``sides``): organisation tree, ratings or card, quality,
    status and hit boxes to tick."""
    s = Styles(paper())
    rules = roster_rules(report.ruleset)
    chosen = [sv for sv in report.sides if sides is None or sv.id in sides]
    doc = PaperDoc(out, paper_name, title=f"Roster: {report.name}", kind="Roster", footer=footer_line(report),
               progress=progress)
    width = doc.width
    story: list[Flowable] = []
    for n, sv in enumerate(chosen):
        if n:
            story.append(PageBreak())
        units = report.units_of(sv.id)
        story.append(Paragraph(f"Roster: {esc(sv.name)}", s.title))
        story.append(Paragraph(esc(f"{report.name} · {report.ruleset} · turn {report.turn} · {len(units)} units"),
                               s.sub))
        story.append(Paragraph("Organisation", s.h2))
        tree = []
        for f, depth, fu in report.by_formation(sv.id):
            if f is None:
                tree.append(f"{'&nbsp;' * 4 * depth}Units outside any formation: {len(fu)}")
                continue
            hq = f", HQ {esc(f.hq)}" if f.hq else ""
            tree.append(f"{'&nbsp;' * 5 * depth}{'· ' if depth else ''}<b>{esc(f.name)}</b> "
                        f"({esc(f.level)}{hq}): {len(fu)} unit{'s' if len(fu) != 1 else ''}")
        story.append(Paragraph("<br/>".join(tree) or "No formations.", s.body))
        hits_title = "Hits" if rules.hit_boxes else "Damage"
        head = ["unit", "name", "type", rules.ratings_title, "quality", "status", hits_title]
        for f, depth, fu in report.by_formation(sv.id):
            if not fu:
                continue
            title = ("· " * depth) + (f.name if f else "Units outside any formation")
            story.append(CondPageBreak(30 * mm))
            story.append(Paragraph(esc(title), s.h2))
            rows: list[list[Any]] = [head]
            for u in fu:
                ratings = u.statline if rules.ratings == "statline" else _card(u)
                rows.append([
                    u.id, Paragraph(esc(u.name), s.cell_small), Paragraph(esc(u.label or u.kind or ""), s.cell_small),
                    Paragraph(esc(ratings or "-"), s.cell_small), u.quality or "", u.status or "",
                    _boxes(rules.hit_boxes, u.hits) if rules.hit_boxes else "",
                ])
            story.append(s.table(rows, s.p.widths("roster", width), font_size=s.p.sizes.small,
                                 extra=[("FONTSIZE", (-1, 1), (-1, -1), s.p.sizes.body + 2)]))
        if rules.source:
            story.append(Spacer(1, 4))
            story.append(Paragraph(esc(f"Hit boxes: {rules.source}."), s.muted_small))
        cards = [(u.card, u.type) for u in units if u.card and not u.dead]
        if rules.ratings == "card" and cards:
            from umpire.reports.pdf_cards import cards_section

            story.append(PageBreak())
            story += cards_section(s, report.ruleset, cards, width)
    doc.build(story)


def _card(u: UnitView) -> str:
    bits = [f"card {u.card}" if u.card else "", u.type or ""]
    return " · ".join(b for b in bits if b) or (u.statline or "")


# -- orders sheet -----------------------------------------------------------------------------
def orders_sheet_pdf(report: TurnReport, out: BinaryIO, *, side: str | None = None, paper_name: str = "a4",
                     formation: str | None = None, turn: int | None = None, link: str | None = None,
                     progress: Progress | None = None, mark: Mark | None = None) -> None:
    """Orders sheets (:mod:`umpire.reports.pdf_orders`)."""
    from umpire.reports.pdf_orders import orders_sheet_pdf as write

    write(report, out, side=side, paper_name=paper_name, formation=formation, turn=turn, link=link,
          progress=progress, mark=mark)
