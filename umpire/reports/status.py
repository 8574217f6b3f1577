"""The umpire's game at a glance (``umpire status``) and action log (``umpire log``); a side's
are composed from its briefing (:mod:`umpire.reports.side_status`, ``log --side``)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from umpire.core.state import GameState
from umpire.errors import UmpireError, unknown
from umpire.registry import telling
from umpire.reports.air import air_of
from umpire.reports.screen import name_column, number_column, table, text_column
from umpire.reports.words import altitude_words, phase_name, short_phase, status_words
from umpire.reports.words import num as cell_num
from umpire.store.events import StoredEvent

OWN_STATUS = {"ok": "ok"}  # as a report's tables write a unit's status: ok, Checked, Routed, eliminated...
STATUS_STYLE = {"ok": "green", "checked": "yellow", "routed": "red", "eliminated": "dim red", "surrendered": "dim red",
                "off_table": "dim"}


def check_side(state: GameState, side: str) -> None:
    if side not in state.side_ids():
        raise unknown("side", side, state.side_ids())


def seen_by(state: GameState, u: Any) -> str:
    """What the enemy knows of ``u`` now: the sides that have it spotted (MBT: at the level they
    identified it, 24.2.2), for the umpire's eyes."""
    ident = u.ident
    seen = [x for x in u.spotted_by if x != u.side]
    if telling(state.ruleset).levels:
        return ", ".join(f"{x} ({ident.get(x, 'full')})" for x in seen) or "-"
    return ", ".join(seen) or "-"


def status_json(state: GameState) -> dict[str, Any]:
    """The umpire's status as data: the whole state (a side's is :mod:`umpire.reports.side_status`)."""
    return state.model_dump(mode="json")


TERRAIN_LISTED = 40  # more pieces than this: status sums the terrain up in a line (--terrain lists it)


def render_status(state: GameState, *, terrain: bool | None = None) -> Group:
    """The umpire's game at a glance: where the turn stands and every unit by side and formation, then the
    terrain: listed piece by piece if ``terrain`` (None: when there are at most
    :data:`TERRAIN_LISTED` pieces), else summed up by type in one line."""
    head = Text.assemble(
        (state.name, "bold"), f"  {state.ruleset}, turn {state.turn}, {phase_name(state.ruleset, state.phase)}, ",
        f"table {cell_num(state.table.width)}\" x {cell_num(state.table.depth)}\", seed {state.seed}",
    )
    parts: list[Any] = [head]
    if state.rulings:
        parts.append(Text("rulings: " + ", ".join(f"{k}={v}" for k, v in state.rulings.items()), style="yellow"))
    for s in state.sides:
        parts.append(Text(f"{s.name} ({s.id})", style="bold"))
        parts.append(_side_units(state, s.id))
    if state.terrain:
        parts.append(_terrain(state, terrain if terrain is not None else len(state.terrain) <= TERRAIN_LISTED))
    return Group(*parts)


def _side_units(state: GameState, side: str) -> Table:
    """One side's units, a row each, under a row per formation."""
    formations = {f.id: f for f in state.formations}
    air = {uid: x for uid, x in air_of(state).items() if x[0].side == side}  # its helicopters, after its units
    units = [*state.units_of(side), *(u for u, _alt in air.values())]
    rows: list[list[str | Text]] = []
    for u in units:
        where = "off table" if not u.placed else f"({cell_num(u.x)}, {cell_num(u.y)}) {cell_num(round(u.facing))}°"
        if u.id in air:
            where += f" {altitude_words(air[u.id][1])}"
        rows.append([
            u.id, u.name, u.type or u.card or (u.statline or "")[:24], where,
            Text(OWN_STATUS.get(u.status) or status_words(u.status), style=STATUS_STYLE.get(u.status, "")),
            str(u.hits), u.orders or "-", seen_by(state, u)])
    t = table()
    t.add_column("unit", no_wrap=True)
    name_column(t, "name", [u.name for u in units])
    text_column(t, "type", [r[2] for r in rows])
    text_column(t, "at / facing", [r[3] for r in rows])
    text_column(t, "status", [r[4] for r in rows])
    number_column(t, "hits")
    t.add_column("orders", no_wrap=True)
    # the umpire's status: a side's (umpire.reports.side_status) says nothing the rules do not tell it
    text_column(t, "seen by the enemy", [r[7] for r in rows])
    last = None
    for u, row in zip(units, rows, strict=True):
        f = formations.get(u.formation or "")
        if f is not None and f.id != last:
            t.add_row("", Text(f.name, style="dim italic"), *([""] * (len(row) - 2)))
            last = f.id
        t.add_row(*row)
    return t


def _terrain(state: GameState, listed: bool) -> Text | Table:
    """The terrain: a table of every piece if ``listed``, else one line summing it up by type."""
    from collections import Counter

    if not listed:
        kinds = Counter(piece.type for piece in state.terrain)
        return Text.assemble(
            ("terrain", "bold"), f": {len(state.terrain):,} pieces (",
            ", ".join(f"{n:,} {kind}" for kind, n in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))),
            "); umpire status --terrain lists them, umpire map draws them",
        )
    t = table("terrain")
    t.add_column("id", no_wrap=True)
    t.add_column("type")
    name_column(t, "name", [piece.name or "-" for piece in state.terrain])
    number_column(t, "height")
    number_column(t, "points")
    for piece in state.terrain:
        pts = piece.polygon or piece.line or ()
        t.add_row(piece.id, piece.type, piece.name or "-", cell_num(piece.height), str(len(pts)))
    return t


def log_json(events: list[StoredEvent]) -> list[dict[str, Any]]:
    from umpire.store.history import CONTROL, fates, walk

    live = walk(events).live
    fate = fates(events)
    return [
        {
            "seq": e.seq, "kind": e.kind, "summary": e.summary, "turn": e.turn, "phase": e.phase,
            "payload": e.payload, "undoes": e.undoes, "undone": e.kind not in CONTROL and e.seq not in live,
            "in_force": e.seq in live, "taken_back": fate.get(e.seq), "part_of": e.part_of, "replaces": e.replaces,
            "created": e.created,
            "rolls": [{**r.as_dict(), "key": r.key, "typed": r.typed} for r in e.rolls],
        }
        for e in events
    ]


def ruleset_of(events: list[StoredEvent]) -> str:
    """The ruleset a log's actions belong to, by their names (``auftragstaktik.phase``)."""
    return next((e.kind.split(".")[0] for e in events if "." in e.kind), "")


GIST = 100  # characters of an action's summary shown in the log's table


def gist(summary: str, most: int = GIST) -> str:
    """An action's summary cut to ``most`` characters at a clause, for the log's one-glance table."""
    if len(summary) <= most:
        return summary
    cut = max(summary.rfind(sep, 0, most) for sep in ("; ", ": ", ", "))
    return (summary[:cut] if cut > most // 2 else summary[: most - 1].rstrip()) + " …"


def _dice_gist(e: StoredEvent) -> str:
    """The faces rolled for an action, in order ("d10 7, 3 · d6 2"); typed ones marked."""
    return " · ".join(f"d{r.sides} {','.join(map(str, r.values))}{' typed' if r.typed else ''}" for r in e.rolls) or "-"


def render_log(events: list[StoredEvent], *, rolls: bool = True, full: bool = False) -> Table | Text:
    """Every action, one row each: its number, when, what happened in short and the dice.

    ``full`` prints every summary whole; ``umpire log N`` shows one action in detail."""
    if not events:
        return Text("no actions yet", style="dim")
    from umpire.store.history import CONTROL, fates, walk

    live = walk(events).live
    fate = fates(events)
    t = table()
    t.add_column("#", no_wrap=True, justify="right")
    t.add_column("turn · phase", overflow="fold", max_width=16)
    t.add_column("what happened", overflow="fold", ratio=4)
    if rolls:
        t.add_column("dice", overflow="fold", ratio=1, max_width=24)
    ruleset = ruleset_of(events)
    for e in events:
        control = e.kind in CONTROL
        style = "italic" if control else ("" if e.seq in live else "strike dim")
        what = Text.assemble((f"{e.kind.split('.')[-1]}: ", "dim"))
        if e.seq in fate:  # in words too: strike-through is lost when the log is piped or mailed
            what.append(f"[{fate[e.seq]}] ", style="bold")
        what.append(e.summary if full else gist(e.summary), style=style)
        if e.replaces is not None:
            verb = "amends" if e.seq == e.part_of + 1 else "re-resolves"  # type: ignore[operator]
            what.append(f" ({verb} #{e.replaces})", style="dim")
        row: list[str | Text] = [str(e.seq), f"{e.turn or '-'} · {short_phase(ruleset, e.phase)}", what]
        if rolls:
            row.append(_dice_gist(e))
        t.add_row(*row)
    return t


def render_event(events: list[StoredEvent], seq: int) -> Group:
    """One action in full: when, what it was, whether it is in force, its summary and every die
    with what it was for and its key (the umpire's view: keys may name any unit)."""
    from umpire.store.history import CONTROL, fates, walk

    found = next((e for e in events if e.seq == seq), None)
    if found is None:
        last = events[-1].seq if events else 0
        raise UmpireError(f"log {seq}: there is no event #{seq} (the log runs from #1 to #{last})")
    e = found
    live = walk(events).live
    fate = fates(events).get(e.seq)
    ruleset = ruleset_of(events)
    head = Text.assemble(
        (f"#{e.seq} ", "bold"), (e.kind, "bold"),
        f" · turn {e.turn or '-'}, {phase_name(ruleset, e.phase)}",
        ("" if e.seq in live or e.kind in CONTROL else f" · taken back: {fate or 'not in force'}", "dim"),
        (f" · replaces #{e.replaces}" if e.replaces is not None else "", "dim"),
    )
    parts: list[Any] = [head, Text(e.summary)]
    if e.rolls:
        dice = table()
        for col in ("die", "rolled", "for", "key"):
            dice.add_column(col, overflow="fold")
        for r in e.rolls:
            faces = ",".join(map(str, r.values)) + (" typed" if r.typed else "")
            dice.add_row(f"d{r.sides}", faces, r.why, r.key or "-")
        parts.append(dice)
    return Group(*parts)
