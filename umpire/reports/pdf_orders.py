"""The printed orders sheet: per side, a small map of its own units and what it has seen, the
enemy it has seen, and (given the side's link) a QR code of its page; then one sheet per
command with a row per unit: where it stands, its order now and how far it may move (the same
form the pre-filled orders file prints, :mod:`umpire.reports.orders_paper`), and boxes to write
the order, the arrow or target, the waypoints and notes; the order codes and a signature line.

Everything a side's sheet shows comes from that side's briefing (its own units, and the enemy
as its knowledge has it): the umpire's facts never reach it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, BinaryIO

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from umpire.registry import telling
from umpire.reports.fonts import FONT
from umpire.reports.layout import order_codes, paper
from umpire.reports.marks import Mark
from umpire.reports.pdf_page import PaperDoc, Progress, Styles, esc, footer_line, map_flowable
from umpire.reports.views import FormationView, TurnReport, UnitView
from umpire.turns.orders_form import Entry, OrdersForm


def commands(report: TurnReport, side: str, formation: str | None = None) -> list[FormationView | None]:
    """The commands an orders sheet is printed for: ``formation``, or the side's top formations
    (``None`` stands for units outside any formation)."""
    if formation is not None:
        return [next(f for f in report.formations if f.id == formation)]
    tops: list[FormationView | None] = [f for f, d, _u in report.by_formation(side) if f is not None and d == 0]
    if any(f is None for f, _d, _u in report.by_formation(side)):
        tops.append(None)
    return tops


def _units_under(report: TurnReport, side: str, top: FormationView | None) -> list[tuple[str | None, UnitView]]:
    groups = report.by_formation(side)
    if top is None:
        return [(None, u) for f, _d, units in groups if f is None for u in units]
    out: list[tuple[str | None, UnitView]] = []
    inside = False
    top_depth = 0
    for f, depth, units in groups:
        if f is not None and f.id == top.id:
            inside, top_depth = True, depth
        elif inside and (f is None or depth <= top_depth):
            inside = False
        if inside:
            for u in units:
                out.append((f.name if f is not None and f.id != top.id else None, u))
    return out


def _form(report: TurnReport, brief: TurnReport) -> OrdersForm | None:
    from umpire.reports.orders_paper import side_form

    src = report.source
    return side_form(src.state, brief) if src is not None and getattr(src, "state", None) is not None else None


def _panel(s: Styles, brief: TurnReport, form: OrdersForm | None, link: str | None, width: float,
           height: float) -> Flowable:
    """The head of a side's sheets: its map, then what it has seen and its page's QR code."""
    muted = s.p.colours.muted
    right: list[Flowable] = [Paragraph("Seen of the enemy", s.h2)]
    seen = form.seen if form is not None else ()
    right += [Paragraph(esc(line), s.cell_small) for line in seen] or [
        Paragraph(f"<font color='{muted}'>nothing yet</font>", s.cell_small)]
    if link:
        from umpire.reports.qr import qr_flowable

        right += [Spacer(1, 6), Paragraph("Your side's page", s.h2), qr_flowable(link, min(width * 0.3, 34 * mm)),
                  Paragraph(f"<font color='{muted}'>{esc(link)}</font>", s.cell_small)]
    t = Table([[map_flowable(brief, width * 0.66, height), right]], colWidths=[width * 0.68, width * 0.32],
              hAlign="LEFT", splitInRow=1)
    t.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                           ("RIGHTPADDING", (0, 0), (-1, -1), 4)]))
    return t


def _unit_cell(s: Styles, u: UnitView, e: Entry | None) -> Paragraph:
    muted = s.p.colours.muted
    facts = e.facts if e is not None else ((f"now: {u.orders}",) if u.orders else ())
    status = f" · {u.status}" if u.status and u.status != "ok" and e is None else ""
    lines = "".join(f"<br/><font color='{muted}'>{esc(f)}</font>" for f in facts)
    return Paragraph(f"<b>{esc(u.id)}</b> {esc(u.name)}{esc(status)}{lines}", s.cell_small)


def orders_sheet_pdf(report: TurnReport, out: BinaryIO, *, side: str | None = None, paper_name: str = "a4",
                     formation: str | None = None, turn: int | None = None, link: str | None = None,
                     progress: Progress | None = None, mark: Mark | None = None) -> None:
    """One orders sheet per command (a side's top formations, or ``formation``; every side when
    neither is given), each side's first with its map panel (:func:`_panel`); ``link``: the
    side's page, printed as a QR code (one side's sheets only)."""
    from umpire.reports.model import briefing

    s = Styles(paper())
    p = paper()
    codes = order_codes(report.ruleset)
    turn = turn if turn is not None else report.turn
    if formation is not None:
        side = next(f.side for f in report.formations if f.id == formation)
    sides = [side] if side else [sv.id for sv in report.sides]
    who = report.side(side).name if side else "every side"
    if side and report.viewer == side and report.player:  # one player's sheets (MBT 21.3)
        who = f"{who}, player {report.player}"
    doc = PaperDoc(out, paper_name, title=f"Orders: {who}, turn {turn}", kind="Orders sheet",
               footer=footer_line(report), progress=progress, mark=mark,
               confidential=f"for {who} and the umpire" if side else "")
    width = doc.width
    row_h = p.orders_sheet.row_height * mm
    story: list[Flowable] = []
    for sid in sides:
        sv = report.side(sid)
        brief = report if report.viewer == sid else briefing(report, sid)
        form = _form(report, brief)
        entries = {e.id: e for e in form.units()} if form is not None else {}
        if story:
            story.append(PageBreak())
        story.append(Paragraph(f"Orders for turn {turn}: {esc(who if side else sv.name)}", s.title))
        story.append(Paragraph(esc(f"{report.name} · {report.ruleset} · write each unit's order, its arrow or "
                                    "target and its waypoints in inches; leave a row empty to keep its orders"),
                               s.sub))
        story.append(_panel(s, brief, form, link if side else None, width, doc.height * 0.4))
        only = _held(report, sid, brief.player)
        tops = [t for t in commands(report, sid, formation)
                if only is None or any(u.id in only for _g, u in _units_under(report, sid, t))]
        for n, top in enumerate(tops):
            story.append(CondPageBreak(70 * mm) if n == 0 else PageBreak())
            story += _command(_Sheets(s, report, sid, entries, codes, width, row_h, turn, only), top)
    doc.build(story)


def _held(report: TurnReport, side: str, player: str | None) -> frozenset[str] | None:
    """A player's sheets (MBT 21.3.1): the units he commands (None: the side's sheets, every unit)."""
    if player is None or report.source is None:
        return None
    from umpire.reports.player_view import players

    return frozenset(players(report.source.state).get(side, {}).get(player, ()))


@dataclass(frozen=True)
class _Sheets:
    """What every command's sheet of one side is drawn with: the styles, the report, the side,
    its units' entries, the order codes, the frame's width, a unit row's height, the turn, and the
    units one player holds (None: every unit)."""

    s: Styles
    report: TurnReport
    sid: str
    entries: dict[str, Entry]
    codes: Any
    width: float
    row_h: float
    turn: int
    only: frozenset[str] | None = None


def _command(sh: _Sheets, top: FormationView | None) -> list[Flowable]:
    """One command's sheet: its title, a row per unit to write its orders in, the order codes
    and a signature line."""
    s, p = sh.s, sh.s.p
    sv = sh.report.side(sh.sid)
    out: list[Flowable] = []
    name = top.name if top else "Units outside any formation"
    out.append(Paragraph(f"Orders for turn {sh.turn}: {esc(name)}", s.title))
    hq = f" · HQ {top.hq}" if top and top.hq else ""
    out.append(Paragraph(esc(f"{sv.name} · {sh.report.name} · {sh.report.ruleset}{hq}"), s.sub))
    rows, extra = _unit_rows(sh, top)
    for _ in range(p.orders_sheet.blank_rows):
        rows.append(["", "", "", Spacer(1, sh.row_h), ""])
    # a row taller than a page (a name of thousands of characters) goes on over the next page
    t = Table(rows, colWidths=p.widths("orders", sh.width), repeatRows=1, hAlign="LEFT", splitInRow=1)
    t.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), FONT, p.sizes.small), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                           ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3), *extra]))
    out += [t, Spacer(1, 6), _codes_and_signature(s, sh.codes, sh.width)]
    return out


def _unit_rows(sh: _Sheets, top: FormationView | None) -> tuple[list[list[Any]], list[tuple[Any, ...]]]:
    """The orders table's head and a row per unit still on the table (a carried one greyed: it
    takes its carrier's orders), under a row per formation; and the styles of those rows."""
    s, p, codes = sh.s, sh.s.p, sh.codes
    head = ["unit", "order", f"direction / target\n({codes.direction_hint})" if codes.direction_hint
            else "direction / target", f"moves\n({codes.moves_hint})" if codes.moves_hint else "moves", "notes"]
    rows: list[list[Any]] = [[Paragraph(esc(h).replace("\n", "<br/>"), s.cell_small) for h in head]]
    extra: list[tuple[Any, ...]] = [("BACKGROUND", (0, 0), (-1, 0), s.header_fill),
                                    ("GRID", (0, 0), (-1, -1), 0.4, s.rule)]
    waypoints = ["1st:", "2nd:"] if telling(sh.report.ruleset).orders == "phases" else ["path:"]
    last_group: str | None = None
    for group, u in _units_under(sh.report, sh.sid, top):
        if u.status in ("eliminated", "surrendered", "off_table") or (sh.only is not None and u.id not in sh.only):
            continue
        if group is not None and group != last_group:
            rows.append([Paragraph(f"<b>{esc(group)}</b>", s.cell_small), "", "", "", ""])
            extra += [("SPAN", (0, len(rows) - 1), (-1, len(rows) - 1)),
                      ("BACKGROUND", (0, len(rows) - 1), (-1, len(rows) - 1), s.zebra)]
        last_group = group
        e = sh.entries.get(u.id)
        if e is not None and not e.listed:  # carried: it takes its carrier's orders
            rows.append([_unit_cell(s, u, e), "", "", "", ""])
            extra.append(("BACKGROUND", (1, len(rows) - 1), (-1, len(rows) - 1), s.zebra))
            continue
        moves: list[Flowable] = []
        for w in waypoints:
            moves += [Paragraph(f"<font color='{p.colours.muted}'>{w}</font>", s.cell_small),
                      Spacer(1, sh.row_h / len(waypoints) - p.sizes.small * 1.2)]
        rows.append([_unit_cell(s, u, e), "", "", moves, ""])
    return rows, extra


def _codes_and_signature(s: Styles, codes: Any, width: float) -> Flowable:
    """The order codes with what each allows, and the line to sign, kept together."""
    p = s.p
    code_rows: list[list[Any]] = [[Paragraph(f"<b>{esc(c.code)}</b>", s.cell_small),
                                   Paragraph(esc(c.name), s.cell_small), Paragraph(esc(c.allows), s.cell_small)]
                                  for c in codes.codes]
    ct = Table(code_rows, colWidths=[width * 0.08, width * 0.2, width * 0.72], hAlign="LEFT")
    ct.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.25, s.rule),
                            ("LEFTPADDING", (0, 0), (-1, -1), 3), ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                            ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5)]))
    sig = Table([["Signed", "", "Rank / role", "", "Handed in at", ""]],
                colWidths=[width * f for f in (0.08, 0.34, 0.11, 0.2, 0.12, 0.15)], hAlign="LEFT",
                rowHeights=[10 * mm])
    sig.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), FONT, p.sizes.body), ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                             ("LINEBELOW", (1, 0), (1, 0), 0.6, colors.black),
                             ("LINEBELOW", (3, 0), (3, 0), 0.6, colors.black),
                             ("LINEBELOW", (5, 0), (5, 0), 0.6, colors.black)]))
    return KeepTogether([
        Paragraph(f"{esc(codes.title)} <font color='{p.colours.muted}' size='{p.sizes.small}'>"
                  f"({esc(codes.source)})</font>", s.h2),
        Paragraph(esc(codes.intro), s.small), Spacer(1, 3), ct, Spacer(1, 4), sig,
    ])


__all__ = ["commands", "orders_sheet_pdf"]
