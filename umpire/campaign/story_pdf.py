"""The season's story as a PDF: the same model as the Markdown and HTML, in the embedded font
(so Т-80Б prints), built in reportlab's invariant mode, with the charts as drawings."""

from __future__ import annotations

from typing import Any, BinaryIO

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from umpire.campaign.story import Story, game_lines, standing_rows
from umpire.text import xml_text


def _e(text: Any) -> str:
    return xml_text(text)


class _Styles:
    def __init__(self) -> None:
        from umpire.reports.fonts import FONT, FONTS, register_fonts
        from umpire.reports.layout import paper

        register_fonts()
        p = paper()
        z, c = p.sizes, p.colours
        self.font, self.bold = FONT, FONTS["bold"]
        self.ink, self.muted = HexColor(c.ink), HexColor(c.muted)
        self.rule, self.fill = HexColor(c.rule), HexColor(c.header_fill)
        self.body = ParagraphStyle("b", fontName=FONT, fontSize=z.body + 0.5, leading=(z.body + 0.5) * 1.3,
                                   textColor=self.ink)
        self.small = ParagraphStyle("s", self.body, fontSize=z.small + 0.5, leading=(z.small + 0.5) * 1.25)
        self.sub = ParagraphStyle("u", self.body, textColor=self.muted, spaceAfter=6)
        self.title = ParagraphStyle("t", self.body, fontName=self.bold, fontSize=z.title + 4,
                                    leading=(z.title + 4) * 1.2, spaceAfter=4)
        self.h1 = ParagraphStyle("h1", self.body, fontName=self.bold, fontSize=z.heading + 2,
                                 leading=(z.heading + 2) * 1.3, spaceBefore=10, spaceAfter=4)
        self.h2 = ParagraphStyle("h2", self.body, fontName=self.bold, fontSize=z.subheading + 1,
                                 leading=(z.subheading + 1) * 1.3, spaceBefore=6, spaceAfter=2)
        self.margins, self.page = p.margins, p.page


def _game(story: Story, g: Any, s: _Styles, width: float) -> list[Any]:
    rows = [[Paragraph(_e(label), s.small), Paragraph(_e(text), s.small)] for label, text in game_lines(story, g)]
    t = Table(rows, colWidths=[width * 0.22, width * 0.78], hAlign="LEFT", splitInRow=1)
    t.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("TEXTCOLOR", (0, 0), (0, -1), s.muted),
                           ("LEFTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 1),
                           ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]))
    head = [Paragraph(f"{_e(g.name)} <font color='#666666'>({_e(g.id)})</font>", s.h2), t]
    out: list[Any] = [KeepTogether(head)]
    if g.events:
        out.append(Paragraph("<b>Decisive events</b>", s.small))
        out += [Paragraph(f"{i}. {_e(x)}", s.small) for i, x in enumerate(g.events, 1)]
    if g.after:
        out.append(Paragraph("<b>After the game</b>", s.small))
        out += [Paragraph(f"· {_e(x)}", s.small) for x in g.after]
    out.append(Spacer(1, 6))
    return out


def _standings(story: Story, s: _Styles, width: float) -> list[Any]:
    out: list[Any] = []
    for title, rows in standing_rows(story):
        head = [Paragraph(f"<b>{_e(c)}</b>", s.small) for c in rows[0]]
        body = [[Paragraph(_e(row[0]), s.small), *row[1:]] for row in rows[1:]]
        t = Table([head, *body], colWidths=[width * 0.28] + [width * 0.09] * 8, repeatRows=1, hAlign="LEFT",
                  splitInRow=1)
        t.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), s.font, s.small.fontSize),
                               ("BACKGROUND", (0, 0), (-1, 0), s.fill), ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                               ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("LINEBELOW", (0, 0), (-1, -1), 0.25, s.rule)]))
        out += [Paragraph(_e(title), s.h2), t]
    return out


def story_pdf(story: Story, out: BinaryIO, *, paper_name: str = "a4") -> None:
    """Write the story to ``out``."""
    from umpire.campaign.charts import chart_data, losses_chart, strength_chart

    s = _Styles()
    size = s.page(paper_name)
    m = s.margins
    doc = SimpleDocTemplate(out, pagesize=(size.width * mm, size.height * mm), leftMargin=m.left * mm,
                            rightMargin=m.right * mm, topMargin=m.top * mm, bottomMargin=m.bottom * mm,
                            title=story.title, author="umpire", subject="The season's story", creator="umpire",
                            invariant=1, pageCompression=1)
    width = doc.width

    def footer(canv: Any, d: Any) -> None:
        canv.saveState()
        canv.setFont(s.font, 7)
        canv.setFillColor(s.muted)
        canv.drawString(d.leftMargin, d.bottomMargin - 8 * mm, f"umpire · {story.title} · {story.ruleset}")
        canv.drawRightString(d.leftMargin + d.width, d.bottomMargin - 8 * mm, f"page {d.page}")
        canv.restoreState()

    data = chart_data(story)
    story_flow: list[Any] = [Paragraph(_e(story.title), s.title),
                             Paragraph(_e(f"{story.ruleset}; {story.where}."), s.sub)]
    if story.description:
        story_flow.append(Paragraph(_e(story.description), s.body))
    story_flow += [Paragraph("Standings", s.h1), *_standings(story, s, width)]
    half = width / 2 - 4
    charts = Table([[strength_chart(data["labels"], data["strength"], font=s.font, width=half, height=180),
                     losses_chart(data["games"], data["losses"], font=s.font, width=half, height=180)]],
                   colWidths=[width / 2, width / 2], hAlign="LEFT")
    charts.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
    story_flow += [CondPageBreak(80 * mm), Paragraph("The season in charts", s.h1), charts]
    for r in story.rounds:
        story_flow += [CondPageBreak(60 * mm), Paragraph(_e(f"Round {r.number}: {r.name}"), s.h1)]
        for g in r.games:
            story_flow += _game(story, g, s, width)
        if r.after:
            story_flow.append(Paragraph(f"<b>End of round {r.number}</b>", s.small))
            story_flow += [Paragraph(f"· {_e(x)}", s.small) for x in r.after]
    story_flow += [CondPageBreak(40 * mm), Paragraph("Campaign rules in force", s.h1)]
    story_flow += [Paragraph(f"<b>{_e(n)}</b> = {_e(c)}: {_e(t)}", s.small) for n, c, t in story.rulings]
    doc.build(story_flow, onFirstPage=footer, onLaterPages=footer)
