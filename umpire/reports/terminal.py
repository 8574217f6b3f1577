"""Rich renderables for the terminal; nothing here prints (the CLI's console does)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from umpire.reports.screen import table
from umpire.text import num, visible

if TYPE_CHECKING:
    from umpire.ask.calc import CalcAnswer


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return num(value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_fmt(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_fmt(v) for v in value) or "-"
    return str(value)


def render_calc(answer: CalcAnswer) -> Group:
    """The result of ``umpire calc``: outcome first, then how it was reached, then the odds."""
    parts: list[Any] = []
    res = answer.resolution
    if res is not None:
        title = Text(f"{res.ruleset} {res.procedure}: ", style="bold")
        title.append(res.summary or _fmt(res.outcome), style="bold green")
        parts.append(title)
        if res.modifiers or res.shifts:
            t = table()
            t.add_column("mod", justify="right")
            t.add_column("what")
            t.add_column("rule", style="cyan")
            for m in [*res.modifiers, *res.shifts]:
                t.add_row(m.signed(), m.name + (f" ({m.detail})" if m.detail else ""), m.rule)
            parts.append(t)
        for line in res.explain()[1 + len(res.modifiers) + len(res.shifts) if res.summary else 0:]:
            style = "yellow" if line.startswith(("used estimated", "ruling ")) else ""
            parts.append(Text(line, style=style))
    if answer.data is not None and {"los", "distance", "center_distance"} <= set(answer.data):
        roles = (answer.resolved or {}).get("roles") or []
        a, b = (str(r.get("read_as", "")) for r in roles) if len(roles) == 2 else ("from", "to")
        parts.append(render_measure(a, b, answer.data, titled=False))
    elif answer.data is not None:
        t = table(header=False)
        t.add_column(style="bold")
        t.add_column()
        for k, v in answer.data.items():
            t.add_row(k, _fmt(v))
        parts.append(t)
    if answer.odds is not None:
        t = table("odds")
        t.add_column("outcome")
        t.add_column("chance", justify="right")
        for k, p in answer.odds.items():
            t.add_row(str(k), f"{100 * p:.1f}%")
        parts.append(t)
    return Group(*parts)


def _measures_centres(ruleset: str) -> bool:
    from umpire.errors import UmpireError
    from umpire.registry import measuring

    try:
        return measuring(ruleset).measures_centres
    except UmpireError:
        return False


def render_measure(a: str, b: str, data: dict[str, Any], *, titled: bool = True) -> Table:
    """``umpire measure`` (and ``calc measure``, whose answer names the ends on its first line,
    ``titled=False``): the facts between two units, points or terrain pieces."""
    los = data.get("los", {})
    t = table(f"{a} -> {b}" if titled else None, header=False)
    t.add_column(style="bold")
    t.add_column()
    by_centres = _measures_centres(str(data.get("ruleset", "")))
    t.add_row(f"range ({data.get('ruleset', '')})", f"{_fmt(data.get('range', data['distance']))}\" "
              + data.get("range_is", "edge to edge"))
    if by_centres:
        t.add_row("edge to edge", f"{_fmt(data['distance'])}\"")
    else:
        t.add_row("centre to centre", f"{_fmt(data['center_distance'])}\"")
    if data.get("aspect") is not None:
        t.add_row(f"aspect ({data.get('ruleset', '')})", f"{b} is seen on its {data['aspect']}")
    if "bearing" in data:
        t.add_row("bearing", f"{_fmt(data['bearing'])} deg")
    clear = los.get("clear", True)

    # a piece's id comes from a file: shown visibly (a Text would drop a control character unseen)
    t.add_row("line of sight", Text("clear", style="green") if clear else Text(
        "blocked by " + ", ".join(visible(b) for b in los.get("blocked_by", [])), style="red"))
    ends = [f"{w} {e['kind']} at ({_fmt(float(e['at'][0]))}, {_fmt(float(e['at'][1]))})"
            for w, e in (("from", data.get("from")), ("to", data.get("to")))
            if isinstance(e, dict) and e.get("kind") != "stand"]
    if ends:
        t.add_row("measured", "; ".join(ends))
    return t


def render_turn(view: Any, ruleset: str = "") -> Group:
    """``umpire turn``: the phases with the current one marked, then what comes next."""
    from umpire.reports.words import short_phase

    line = Text(f"turn {view.turn}: ", style="bold")
    for i, ph in enumerate(view.phases):
        if i:
            line.append(" > ", style="dim")
        line.append(short_phase(ruleset, ph), style="bold reverse" if ph == view.phase else "dim")
    parts: list[Any] = [line, Text(f"next: {view.next_step}", style="green")]
    if view.waiting_for:
        parts.append(Text("waiting for: " + ", ".join(view.waiting_for), style="yellow"))
    parts.extend(Text(x) for x in view.lines)
    return Group(*parts)
