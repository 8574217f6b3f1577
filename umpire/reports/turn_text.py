"""The turn report as text: rich renderables for the terminal, and Markdown.

Both read the :class:`~umpire.reports.model.TurnReport` (or a briefing of it), like the PDF.
Nothing here prints.
"""

from __future__ import annotations

from typing import Any

from umpire.reports.model import EventView, TurnReport, UnitView


def _num(v: float | None) -> str:
    return "-" if v is None else f"{v:.2f}".rstrip("0").rstrip(".")


def _pos(u: UnitView) -> str:
    return "off table" if not u.placed else f"{_num(u.x)}, {_num(u.y)} / {_num(u.facing)}°"


def _game_line(r: TurnReport) -> str:
    bits = [r.ruleset, f"turn {r.turn}", f"phase {r.phase}", f'table {_num(r.table[0])}" x {_num(r.table[1])}"']
    if r.only_turn is not None:
        bits.append(f"events of turn {r.only_turn}")
    if r.rulings:
        bits.append("rulings: " + ", ".join(f"{k}={v}" for k, v in r.rulings))
    return " · ".join(bits)


def event_lines(e: EventView, briefing: bool) -> list[str]:
    """The explanation lines under an event: each resolution's modifiers, table, dice, outcome."""
    lines: list[str] = []
    for r in e.resolutions:
        if r.procedure == "move":
            continue  # a phase's moves are in its summary; their terrain costs stay in the JSON
        lines.append(f"{r.procedure}: {r.summary}" if r.summary else r.procedure)
        for m in r.modifiers:
            lines.append(f"  {m.signed():>4} {m.name}" + (f" ({m.detail})" if m.detail else "")
                         + (f" [{m.rule}]" if m.rule else ""))
        if r.cell:
            lines.append(f"  table {r.cell}")
        lines.extend(f"  dice: {x.text()}" for x in r.rolls)
        if r.modified_roll is not None:
            lines.append(f"  modified roll {r.modified_roll}")
        if r.outcome:
            lines.append(f"  outcome: {r.outcome_text()}")
        if r.estimated:
            lines.append("  estimated values used: " + ", ".join(r.estimated))
        if briefing and r.withheld:
            lines.append(f"  ({r.withheld} enemy modifier(s) or roll(s) not shown)")
    shown = [(x.why, x.sides, x.values) for r in e.resolutions for x in r.rolls]
    for x in e.rolls:
        key = (x.why, x.sides, x.values)
        if key in shown:
            shown.remove(key)
        else:
            lines.append(f"dice: {x.text()}")
    return lines


def render_report(r: TurnReport) -> Any:
    """Rich renderables for ``umpire report --format text``."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    parts: list[Any] = [Text(r.title, style="bold"), Text(_game_line(r), style="dim")]
    if r.victory:
        parts.append(Text("Victory: " + r.victory[0], style="bold green"))
        parts.extend(Text("  " + line) for line in r.victory[1:])
    ev = Table(title="What happened", title_justify="left", title_style="bold", header_style="dim")
    for col in ("#", "turn", "phase", "action"):
        ev.add_column(col)
    for e in r.events:
        body = "\n".join([e.summary or e.kind, *event_lines(e, r.viewer is not None)])
        ev.add_row(str(e.seq), str(e.turn or "-"), e.phase or "-", body)
    parts.append(ev if r.events else Text("No actions" + (" involving your units." if r.viewer else "."), style="dim"))
    if r.changes:
        ch = Table(title="Losses and status changes", title_justify="left", title_style="bold", header_style="dim")
        for col in ("unit", "name", "status", "hits"):
            ch.add_column(col)
        for c in r.changes:
            ch.add_row(c.unit, c.name, c.after if c.before == c.after else f"{c.before} -> {c.after}",
                       f"{c.hits_before} -> {c.hits_after}", style="red" if c.lost else None)
        parts.append(ch)
    for s in r.sides:
        units = r.units_of(s.id)
        observed = r.viewer is not None and s.id != r.viewer
        t = Table(title=s.name + (" (seen)" if observed else ""), title_justify="left", title_style="bold",
                  header_style="dim")
        cols = ("unit", "name", "type", "x, y / facing") if observed else (
            "unit", "name", "type", "x, y / facing", "status", "hits", "orders")
        for col in cols:
            t.add_column(col)
        for u in units:
            row = [u.id, u.name, u.label, _pos(u)]
            if not observed:
                row += [u.status or "", str(u.hits), u.orders or "-"]
            t.add_row(*row)
        parts.append(t if units else Text(f"{s.name}: no unit seen.", style="dim"))
    return Group(*parts)


def plain_text(r: TurnReport, width: int = 100) -> str:
    """The terminal report rendered at a fixed width with no colour (files, golden tests)."""
    from io import StringIO

    from rich.console import Console

    buf = StringIO()
    console = Console(width=width, file=buf, color_system=None, force_terminal=False, legacy_windows=False)
    console.print(render_report(r))
    return "\n".join(line.rstrip() for line in buf.getvalue().splitlines()) + "\n"


def _md(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def to_markdown(r: TurnReport) -> str:
    """The report as Markdown (``umpire report --format md``)."""
    out = [f"# {r.title}", "", _game_line(r), ""]
    if r.victory:
        out += ["## Victory", "", f"**{_md(r.victory[0])}**", ""] + [f"- {_md(v)}" for v in r.victory[1:]] + [""]
    out += ["## What happened", ""]
    if not r.events:
        out.append("No actions" + (" involving your units." if r.viewer else ".") + "\n")
    for e in r.events:
        out.append(f"- **#{e.seq}** (turn {e.turn or '-'}, {e.phase or '-'}): {_md(e.summary or e.kind)}")
        out.extend(f"    - {_md(line.strip())}" for line in event_lines(e, r.viewer is not None))
    out += ["", "## Losses and status changes", ""]
    if not r.changes:
        out.append("None.")
    for c in r.changes:
        status = c.after if c.before == c.after else f"{c.before} → {c.after}"
        out.append(f"- {'**lost** ' if c.lost else ''}{c.unit} {_md(c.name)}: {status}, hits {c.hits_before} → "
                   f"{c.hits_after}")
    out += ["", "## Units"]
    for s in r.sides:
        units = r.units_of(s.id)
        observed = r.viewer is not None and s.id != r.viewer
        out += ["", f"### {s.name}" + (" (seen)" if observed else ""), ""]
        if not units:
            out.append("No unit seen.")
            continue
        if observed:
            out += ["| unit | name | type | x, y / facing |", "|---|---|---|---|"]
            out += [f"| {u.id} | {_md(u.name)} | {_md(u.label)} | {_pos(u)} |" for u in units]
        else:
            out += ["| unit | name | type | x, y / facing | status | hits | orders |", "|---|---|---|---|---|---|---|"]
            out += [f"| {u.id} | {_md(u.name)} | {_md(u.label)} | {_pos(u)} | {u.status} | {u.hits} | "
                    f"{_md(u.orders or '-')} |" for u in units]
    return "\n".join(out) + "\n"
