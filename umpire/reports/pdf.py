"""PDF documents from the report model: rosters, the map; the turn reports and briefings
(:mod:`umpire.reports.pdf_report`); the orders sheets are :mod:`umpire.reports.pdf_orders`'s;
the page shell and styles they all use in :mod:`umpire.reports.pdf_page`, the embedded font in
:mod:`umpire.reports.fonts`.

Every document is built with reportlab's platypus in invariant mode, so the same game gives the
same bytes on the same machine. Order codes come from ``templates/orders-<ruleset>.yaml``.

Each ``*_pdf`` function writes to a binary file object and takes ``progress``, a callback called
with the page number after each page is drawn.
"""

from __future__ import annotations

from typing import Any, BinaryIO

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, PageBreak, Paragraph, Spacer

from umpire.reports import pdf_report
from umpire.reports.fonts import register_fonts
from umpire.reports.layout import paper, roster_rules
from umpire.reports.marks import Mark
from umpire.reports.pdf_cards import cards_section
from umpire.reports.pdf_page import PaperDoc, Progress, Styles, esc, footer_line, map_flowable
from umpire.reports.views import FormationView, TurnReport, UnitView


def turn_report_pdf(report: TurnReport, out: BinaryIO, *, paper_name: str = "a4",
                    progress: Progress | None = None, mark: Mark | None = None) -> None:
    """The umpire's report, or (for a briefing model) a side's briefing
    (:mod:`umpire.reports.pdf_report`); ``mark``: what the file says about itself."""
    pdf_report.turn_report_pdf(report, out, paper_name=paper_name, progress=progress, mark=mark)


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
            story.append(PageBreak())
            story += cards_section(s, report.ruleset, cards, width)
    doc.build(story)


def _card(u: UnitView) -> str:
    bits = [f"card {u.card}" if u.card else "", u.type or ""]
    return " · ".join(b for b in bits if b) or (u.statline or "")

