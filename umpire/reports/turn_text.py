"""The report as text: rich renderables for the terminal (readable at 80 columns), and Markdown.

Both read the :class:`~umpire.reports.views.TurnReport` (the umpire's, or a side's briefing),
like the PDF: per turn and phase, each event's lines, with the explanation of the reader's own
actions as a compact modifier table; then the losses, the enemy units seen and the units now.
Nothing here prints.
"""

from __future__ import annotations

from typing import Any

from umpire.reports import sections as S
from umpire.reports.observe import Line
from umpire.reports.screen import DataConsole, rows_table, table
from umpire.reports.side_status import situation as situation_of
from umpire.reports.views import TurnReport
from umpire.text import md_plain, md_text


def _why_renderables(ln: Line) -> list[Any]:
    from rich.text import Text

    out: list[Any] = []
    # the columns get ratios, not measured widths: a long game has thousands of these
    if ln.rows:
        t = table(expand=True)
        for h in ln.head:
            if h == "order":
                t.add_column(h, width=5)
            else:
                t.add_column(h, overflow="fold", ratio={"unit": 2, "moves": 4, "fire at": 3}.get(h, 4))
        for row in ln.rows:
            t.add_row(*row)
        out.append(t)
    w = ln.why
    if w:
        if w.modifiers:
            t = table(expand=True)
            t.add_column("mod", justify="right", width=4)
            t.add_column("what", overflow="fold", ratio=3)
            t.add_column("rule", style="cyan", overflow="fold", ratio=2)
            for m in w.modifiers:
                t.add_row(m.value, m.what, m.rule)
            out.append(t)
        if S.dice_line(w):
            out.append(Text(S.dice_line(w), style="dim"))
        out.extend(Text(x, style="dim") for x in S.extra_lines(w))
    out.extend(Text(f"later: {x}", style="italic") for x in ln.later)
    return out


def _table(title: str, head: tuple[str, ...], rows: list[tuple[str, ...]], lost: set[int] | None = None) -> Any:
    from rich.console import Group
    from rich.text import Text

    t = rows_table(head, rows)
    for i, row in enumerate(rows):
        t.add_row(*row, style="red" if lost and i in lost else None)
    return Group(Text(""), Text(title, style="bold"), t)


def render_report(r: TurnReport) -> Any:
    """Rich renderables for ``umpire report --format text``."""
    from rich.console import Group
    from rich.text import Text

    parts: list[Any] = [Text(r.title, style="bold"), Text(S.game_line(r), style="dim"),
                        *([Text(r.stamp, style="dim")] if r.stamp else []), Text(S.knows_line(r), style="dim italic")]
    if r.victory:
        parts.append(Text("Victory: " + r.victory[0], style="bold green"))
        parts.extend(Text("  " + line) for line in r.victory[1:])
    situation = situation_of(r)
    if situation:
        parts += [Text(""), Text("Situation", style="bold")] + [Text(f"  {x}") for x in situation]
    if not r.events:
        parts.append(Text("Nothing happened" + (" that your side saw." if r.viewer else "."), style="dim"))
    parts += render_events(r)
    parts += _tail(r)
    return Group(*parts)


def render_events(r: TurnReport) -> list[Any]:
    """The events of ``r`` under their turn and phase headings, each line with its modifiers,
    dice and table cells: the body of ``umpire report``, and what ``phase next`` prints."""
    from rich.console import Group
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    parts: list[Any] = []
    for turn, _phase, name, events in r.phases():
        parts.append(Text(""))
        parts.append(Text(S.heading(turn, name), style="bold underline"))
        # fixed widths: a long game's thousands of lines are not measured one by one
        width = max(4, len(str(events[-1].seq)) + 1) if r.viewer is None else 1
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(justify="right", style="dim", no_wrap=True, width=width)
        grid.add_column(overflow="fold", ratio=1)
        for e in events:
            for i, ln in enumerate(e.lines or ()):
                body: list[Any] = [Text(ln.text, style="bold" if ln.kind == "orders" else "")]
                body += [Padding(x, (0, 0, 0, 2)) for x in _why_renderables(ln)]
                tag = "-" if r.viewer is not None else f"#{e.seq}" if i == 0 else ""  # a side sees no event numbers
                grid.add_row(tag, Group(*body))
            if not e.lines:
                grid.add_row(f"#{e.seq}", Text(e.title, style="dim"))
        parts.append(Padding(grid, (0, 0, 0, 1)))
    return parts


def side_log_json(r: TurnReport) -> list[dict[str, Any]]:
    """A side's log as data (``umpire log --side --json``): per turn and phase, its lines."""
    return [{"turn": turn, "phase": name, "lines": [ln.text for e in events for ln in e.lines]}
            for turn, _phase, name, events in r.phases()]


def _tail(r: TurnReport) -> list[Any]:
    from rich.text import Text

    parts: list[Any] = [Text("")]
    for s in r.sides:
        rows = S.side_losses(r, s.id)
        enemy = r.viewer is not None and s.id != r.viewer
        title = f"Losses: {s.name}" + (f" (as {r.seers} saw them)" if enemy else "")
        parts.append(_table(title, S.LOSS_HEAD, rows) if rows else Text(f"{title}: none", style="bold"))
    for s in r.sides:
        enemy = r.viewer is not None and s.id != r.viewer
        if enemy:
            rows = S.enemy_rows(r, s.id)
            title = f"{s.name}: units {r.seers} {'have' if r.player else 'has'} seen"
            parts.append(_table(title, S.ENEMY_HEAD, rows) if rows else Text(f"\n{title}: none", style="bold"))
        else:
            rows = S.own_rows(r, s.id)
            lost = {i for i, row in enumerate(rows) if row[4] not in ("ok", "Checked", "Routed")}
            title = f"{s.name}: units now" if r.viewer is None else "Your units now"
            parts.append(_table(title, S.OWN_HEAD, rows, lost))
    return parts


def plain_text(r: TurnReport, width: int = 80) -> str:
    """The terminal report rendered at a fixed width with no colour (files, golden tests)."""
    from io import StringIO


    buf = StringIO()
    console = DataConsole(width=width, file=buf, color_system=None, force_terminal=False, legacy_windows=False)
    console.print(render_report(r))
    return "\n".join(line.rstrip() for line in buf.getvalue().splitlines()) + "\n"


# -- Markdown -----------------------------------------------------------------------------------
# Every text written into the Markdown passes _md: HTML escaped, and no emphasis, link, code or
# table cell made by what a name holds (umpire.text.md_text).
_md = md_text


def _md_row(cells: tuple[str, ...], indent: str) -> str:
    """One row of a table, each cell through :func:`md_text`: a row with nothing to escape in
    any cell (the most) is looked at once, its cells joined by a tab (which no cell escapes)."""
    try:
        plain = md_plain("\t".join(cells))
    except TypeError:  # a cell that is not text: written as md_text writes it
        plain = False
    if plain:
        return f"{indent}| {' | '.join(cells)} |"
    return f"{indent}| {' | '.join(_md(c) for c in cells)} |"


def _md_table(head: tuple[str, ...], rows: list[tuple[str, ...]], indent: str = "") -> list[str]:
    out = [indent + "| " + " | ".join(_md(h) for h in head) + " |", indent + "|" + "---|" * len(head)]
    out += [_md_row(row, indent) for row in rows]
    return out


def event_markdown(seq: int | None, ln: Line, first: bool) -> list[str]:
    """One line of an event, with its table and explanation, as Markdown list items (``seq``
    None: a side's briefing, which shows no event numbers)."""
    out = [f"- {'**#' + str(seq) + '** ' if first and seq is not None else ''}{_md(ln.text)}"]
    if ln.rows:
        out += [""] + _md_table(ln.head, list(ln.rows), "  ") + [""]
    w = ln.why
    if w is not None and w:
        if w.modifiers:
            out += [""] + _md_table(("mod", "what", "rule"), [(m.value, m.what, m.rule) for m in w.modifiers],
                                    "  ") + [""]
        if dice := S.dice_line(w):
            out.append(f"  - {_md(dice)}")
        out += [f"  - {_md(x)}" for x in S.extra_lines(w)]
    if ln.later:
        out += [f"  - *later: {_md(x)}*" for x in ln.later]
    return out


def to_markdown(r: TurnReport) -> str:
    """The report as Markdown (``umpire report --format md``)."""
    out = [f"# {_md(r.title)}", "", _md(S.game_line(r)), "", *([_md(r.stamp), ""] if r.stamp else []),
           f"*{_md(S.knows_line(r))}*", ""]
    if r.victory:
        out += ["## Victory", "", f"**{_md(r.victory[0])}**", ""] + [f"- {_md(v)}" for v in r.victory[1:]] + [""]
    situation = situation_of(r)
    if situation:
        out += ["## Situation", ""] + [f"- {_md(x)}" for x in situation] + [""]
    if not r.events:
        out += ["Nothing happened" + (" that your side saw." if r.viewer else "."), ""]
    for turn, _phase, name, events in r.phases():
        out += [f"## {_md(S.heading(turn, name))}", ""]
        for e in events:
            for i, ln in enumerate(e.lines):
                out += event_markdown(e.seq if r.viewer is None else None, ln, i == 0)
            if not e.lines:
                out.append(f"- **#{e.seq}** {_md(e.title)}")
        out.append("")
    out += ["## Losses", ""]
    for s in r.sides:
        rows = S.side_losses(r, s.id)
        enemy = r.viewer is not None and s.id != r.viewer
        out += [f"### {_md(s.name)}" + (f" (as {r.seers} saw them)" if enemy else ""), ""]
        out += (_md_table(S.LOSS_HEAD, rows) if rows else ["No losses."]) + [""]
    out += ["## Units", ""]
    for s in r.sides:
        enemy = r.viewer is not None and s.id != r.viewer
        if enemy:
            rows = S.enemy_rows(r, s.id)
            out += [f"### {_md(s.name)}: units {r.seers} {'have' if r.player else 'has'} seen", ""]
            out += (_md_table(S.ENEMY_HEAD, rows) if rows else ["No unit seen."]) + [""]
        else:
            out += [f"### {_md(s.name)}" + (": your units now" if r.viewer else ""), ""]
            out += _md_table(S.OWN_HEAD, S.own_rows(r, s.id)) + [""]
    return "\n".join(out).rstrip() + "\n"
