"""The umpire's report and a side's briefing as PDF, from the report model.

The page: the title and what the document holds, the map, then per turn and phase each event's
lines (orders as entered in a table, own actions with a compact modifier table, the dice and
the table cell), then the losses of both sides, the enemy units seen and the units now. Every
part is its own flowable (a paragraph per line, tables that split between rows), so a long game
runs over as many pages as it needs and no single flowable is ever taller than a page.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, BinaryIO

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, Indenter, Paragraph, Spacer

from umpire.reports import sections as S
from umpire.reports.layout import paper
from umpire.reports.marks import Mark
from umpire.reports.observe import Line
from umpire.reports.pdf_page import PaperDoc, Progress, Styles, esc, footer_line, heading, map_flowable
from umpire.reports.side_status import situation as situation_of
from umpire.reports.views import TurnReport

INDENT = 12  # points: a line's table and explanation sit under its text


def _table(s: Styles, head: tuple[str, ...], rows: Sequence[tuple[str, ...]], widths: list[float],
           small: bool = True, lost: set[int] | None = None) -> Flowable:
    style = s.cell_small if small else s.cell
    data: list[list[Any]] = [list(head)] + [[Paragraph(esc(c), style) for c in row] for row in rows]
    extra = [("TEXTCOLOR", (0, i + 1), (-1, i + 1), s.lost) for i in sorted(lost or ())]
    return s.table(data, widths, font_size=s.p.sizes.small if small else None, extra=extra)


def _line(s: Styles, seq: int | None, ln: Line, width: float) -> list[Flowable]:
    muted = s.p.colours.muted
    tag = f"<font color='{muted}'>#{seq}</font>&nbsp;&nbsp;" if seq is not None else ""
    text = esc(ln.text)
    out: list[Flowable] = [Paragraph(tag + (f"<b>{text}</b>" if ln.kind == "orders" else text), s.line),
                           Indenter(left=INDENT)]
    width -= INDENT
    if ln.rows:
        fr = [0.13, 0.08, 0.3, 0.22, 0.27]
        out.append(_table(s, ln.head, list(ln.rows), [width * f for f in fr[:len(ln.head)]]))
        out.append(Spacer(1, 3))
    w = ln.why
    if w:
        if w.modifiers:
            rows = [(m.value, m.what, m.rule) for m in w.modifiers]
            out.append(_table(s, ("mod", "what", "rule"), rows, [width * 0.07, width * 0.5, width * 0.35]))
        bits = [S.dice_line(w), *S.extra_lines(w)] if S.dice_line(w) else S.extra_lines(w)
        for b in bits:
            out.append(Paragraph(f"<font color='{muted}'>{esc(b)}</font>", s.indented))
        if w.modifiers or bits:
            out.append(Spacer(1, 2))
    for x in ln.later:
        out.append(Paragraph(f"<i>later: {esc(x)}</i>", s.indented))
    out.append(Indenter(left=-INDENT))
    return out


def _story_events(r: TurnReport, s: Styles, width: float) -> list[Flowable]:
    out: list[Flowable] = heading("What happened" if r.viewer is None else "What your side did and saw", s.h1)
    if not r.events:
        out.append(Paragraph("Nothing happened" + (" that your side saw." if r.viewer else "."), s.body))
    for turn, _phase, name, events in r.phases():
        out += heading(esc(S.heading(turn, name)), s.h2)
        for e in events:
            if not e.lines:
                out.append(Paragraph(f"<font color='{s.p.colours.muted}'>#{e.seq}</font>&nbsp;&nbsp;"
                                     f"{esc(e.title)}", s.line))
            for i, ln in enumerate(e.lines):
                out += _line(s, e.seq if i == 0 and r.viewer is None else None, ln, width - 12)
    return out


def _story_tail(r: TurnReport, s: Styles, width: float) -> list[Flowable]:
    out: list[Flowable] = heading("Losses", s.h1)
    for sv in r.sides:
        rows = S.side_losses(r, sv.id)
        enemy = r.viewer is not None and sv.id != r.viewer
        title = esc(sv.name) + (f" (as {r.seers} saw them)" if enemy else "")
        if not rows:
            out.append(Paragraph(f"<b>{title}</b>: none.", s.body))
            continue
        out += heading(title, s.h2)
        out.append(_table(s, S.LOSS_HEAD, rows, [width * 0.1, width * 0.5, width * 0.3], small=False))
    out += heading("Units", s.h1)
    for sv in r.sides:
        enemy = r.viewer is not None and sv.id != r.viewer
        if enemy:
            rows = S.enemy_rows(r, sv.id)
            title = f"{esc(sv.name)}: units {r.seers} {'have' if r.player else 'has'} seen"
            if not rows:
                out.append(Paragraph(f"<b>{title}</b>: none.", s.body))
                continue
            out += heading(title, s.h2)
            fr = [0.12, 0.26, 0.2, 0.1, 0.17, 0.15]
            out.append(_table(s, S.ENEMY_HEAD, rows, [width * f for f in fr], small=False))
            continue
        rows = S.own_rows(r, sv.id)
        out += heading(esc(sv.name) + (": your units now" if r.viewer else ": units now"), s.h2)
        fr = [0.1, 0.22, 0.2, 0.16, 0.12, 0.06, 0.09]
        lost = {i for i, row in enumerate(rows) if row[4] not in ("ok", "Checked", "Routed")}
        out.append(_table(s, S.OWN_HEAD, rows, [width * f for f in fr], small=False, lost=lost))
    return out


def turn_report_pdf(report: TurnReport, out: BinaryIO, *, paper_name: str = "a4",
                    progress: Progress | None = None, mark: Mark | None = None) -> None:
    """The umpire's report, or (for a briefing model) a side's briefing."""
    s = Styles(paper())
    briefing = report.viewer is not None
    side = report.side(report.viewer).name if briefing and report.viewer else ""
    doc = PaperDoc(out, paper_name, title=report.title, kind="Briefing" if briefing else "Umpire's report",
               footer=footer_line(report), progress=progress, mark=mark,
               confidential=f"for {side} only" if briefing else "umpire only: not for the players")
    story: list[Flowable] = [Paragraph(esc(report.title), s.title), Paragraph(esc(S.game_line(report)), s.sub)]
    if report.stamp:
        story.append(Paragraph(esc(report.stamp), s.sub))
    if report.victory:
        lines = [f"<b>Victory: {esc(report.victory[0])}</b>", *(esc(v) for v in report.victory[1:])]
        story.append(Paragraph("<br/>".join(lines), s.body))
    story.append(Paragraph(esc(S.knows_line(report)), s.muted_small))
    situation = situation_of(report)
    if situation:
        story.append(Paragraph("<b>Situation</b><br/>" + "<br/>".join(esc(x) for x in situation), s.body))
    story.append(Spacer(1, 4))
    story.append(map_flowable(report, doc.width, doc.height * 0.62))
    if report.map_turn is not None:
        story.append(Paragraph(f"The map shows the units now, and the moves and fire of turn {report.map_turn}.",
                               s.muted_small))
    story.append(CondPageBreak(40 * mm))
    story += _story_events(report, s, doc.width)
    story += _story_tail(report, s, doc.width)
    doc.build(story)
