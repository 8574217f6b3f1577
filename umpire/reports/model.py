"""Build the report model: the umpire's report of a game (or of one turn), and each side's
briefing composed from the same facts for what that side knew.

:func:`build_report` reads the game state and its events into a :class:`~.knowledge.Chronicle`
(the facts and who knew what, event by event) and writes the umpire's
:class:`~.views.TurnReport`; :func:`briefing` writes the same chronicle again for one side
(:mod:`umpire.reports.observe`): its own units in full, enemy units at the level it saw them,
each event as it knew it then. Nothing is scrubbed out of a fuller text. Nothing here imports
rich or reportlab.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol

from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.registry import TrackedGame, game_rules
from umpire.reports.air import table_units
from umpire.reports.knowledge import Chronicle, Sight
from umpire.reports.lines import fact_lines
from umpire.reports.observe import UNSEEN, Line, Observer, card_identity
from umpire.reports.views import (
    EventView,
    FireLine,
    FormationView,
    Loss,
    SideView,
    Template,
    TerrainView,
    Trail,
    TurnReport,
    UnitView,
)
from umpire.reports.words import PAIR, phase_name

if TYPE_CHECKING:
    from umpire.store.events import StoredEvent


class StoredGame(Protocol):
    """What a report reads of a stored game (the engine's ``Game`` is one)."""

    @property
    def state(self) -> GameState: ...

    def events(self) -> list[StoredEvent]: ...

    def initial_state(self) -> GameState: ...

    def fold(self, state: GameState, events: list[StoredEvent]) -> GameState: ...

    def state_of(self, live: list[StoredEvent]) -> GameState: ...


@dataclass(frozen=True)
class Source:
    """What a report was written from (kept on the umpire's report for its briefings)."""

    chronicle: Chronicle
    state: GameState

    @cached_property
    def _table(self) -> tuple[Mapping[str, UnitState], dict[str, str]]:
        return table_units(self.state)

    @property
    def units(self) -> Mapping[str, UnitState]:
        """Every unit of the table now: the game's and those its ruleset keeps apart because they fly."""
        return self._table[0]

    @property
    def altitudes(self) -> dict[str, str]:
        """The altitude state of each unit that flies."""
        return self._table[1]

    @cached_property
    def views(self) -> dict[str, UnitView]:
        """Every unit of the table as the umpire's report shows it, made once: a side's briefing
        shows its own units the same, without the enemy sides that see them."""
        rs = _ruleset(self.state.ruleset)
        return {uid: _unit_view(self.state, u, rs, self.altitudes.get(u.id)) for uid, u in self.units.items()}

    def terrain(self) -> tuple[TerrainView, ...]:
        """The table's terrain as the report shows it (the same for every view: made once)."""
        return self._terrain

    @cached_property
    def _terrain(self) -> tuple[TerrainView, ...]:
        # made once per terrain and kept with it (no action changes it: every report of the game
        # shares it); a piece's points are already tuples of (x, y)
        return self.state.terrain.derived("report.terrain", lambda: tuple(
            TerrainView(t.id, t.type, t.name, t.polygon or None, t.line or None, t.height) for t in self.state.terrain))


def build_report(state: GameState, events: Sequence[StoredEvent] = (), *, initial: GameState | None = None,
                 turn: int | None = None) -> TurnReport:
    """The umpire's report of ``state``, reached from ``initial`` (default: ``state`` itself) by
    ``events`` (those in force: undone ones already dropped, see
    :func:`umpire.store.events.effective`). With ``turn``, only that turn's events are told, and
    the events after it are not read at all."""
    start = initial if initial is not None else state
    chosen = [e for e in events if turn is None or (e.turn or 0) <= turn]
    chron = Chronicle(state.ruleset, state.side_ids(), table_units(start)[0], chosen, final=table_units(state)[0])
    return compose(Source(chron, state), None, turn)


def briefing(report: TurnReport, side: str, player: str | None = None) -> TurnReport:
    """``report`` (the umpire's) written again for ``side``: what that side knew, as it knew it;
    with ``player``, for that one player of the side (several players a side):
    what his own units saw and the messages that reached him (:mod:`umpire.reports.player_view`).

    :raises KeyError: if ``side`` is not a side of the report, or ``player`` not a player of it
        (the CLI checks first).
    """
    report.side(side)
    src: Source = report.source
    if player is None:
        return compose(src, side, report.only_turn)
    from umpire.reports.player_view import PlayerLens, players

    every = players(src.state)[side]
    lens = PlayerLens(side, player, frozenset(every[player]),
                      frozenset(x for p, ids in every.items() if p != player for x in ids) - frozenset(every[player]))
    return compose(Source(src.chronicle.narrowed(side, lens), src.state), side, report.only_turn, player)


def compose(src: Source, viewer: str | None, turn: int | None, player: str | None = None) -> TurnReport:
    state, chron = src.state, src.chronicle
    names = {s.id: s.name for s in state.sides}
    rs = _ruleset(state.ruleset)
    smoke, radius = rs.smoke(state) if rs is not None else ((), 0.5)
    obs = Observer(chron, src.units, viewer, names, {name: _ruling(state, name, default) for name, default in
                                                        (("report.hidden_dice", "withhold"), ("cb.locating", "none"))})
    events: list[EventView] = []
    for e, facts in chron.events:
        if turn is not None and e.turn != turn:
            continue
        told: list[Line] = []
        for f in facts:
            told += fact_lines(obs, f)
        lines = tuple(told)
        if viewer is not None and not lines:
            continue
        events.append(EventView(e.seq, e.turn, e.phase, phase_name(state.ruleset, e.phase), e.kind,
                                _title(e, viewer, bool(lines)), lines))
    if viewer is not None:
        events = in_side_order(events)
    last = max((e.turn or 0 for e in events), default=turn)
    units = _units(src) if viewer is None else _briefing_units(obs, src, viewer, rs)
    return TurnReport(
        name=state.name, ruleset=state.ruleset, turn=state.turn, phase=state.phase,
        phase_name=phase_name(state.ruleset, state.phase), table=(state.table.width, state.table.depth),
        sides=tuple(SideView(s.id, s.name, s.color) for s in state.sides),
        formations=tuple(FormationView(f.id, f.name, f.side, f.level, f.parent, f.hq) for f in state.formations
                         if viewer is None or f.side == viewer and (player is None or any(
                             u.formation == f.id and u.side == viewer for u in units))),
        units=units,
        terrain=src.terrain(),
        events=tuple(events), fire_lines=_fire_lines(events, last), trails=_trails(obs, events, last),
        templates=_templates(chron, obs, events, last), losses=_losses(obs, state, turn),
        rulings=tuple(sorted(state.rulings.items())), victory=_victory(rs, state, viewer),
        north=state.north,
        smoke=smoke, smoke_radius=radius,
        only_turn=turn, map_turn=last, viewer=viewer, player=player, source=src,
    )


def _line_key(ln: Line) -> tuple[int, str, int]:
    """Where a line stands within its phase in a side's briefing: orders first, then each own
    unit's lines by its id (what it did, what was done to it, the notes on it), then sightings and what
    changed. Nothing of the order in which the rules resolved them (initiative, who was spotted,
    troop quality) is kept."""
    if ln.kind == "orders":
        return (0, "", 0)
    for role, r in enumerate((ln.actor, ln.target)):
        if r is not None and r.level == "own" and r.id:
            return (1, r.id, 2 if ln.kind == "note" else role)  # the notes on what it took come last
    return (2, "", 0)


def in_side_order(events: Sequence[EventView]) -> list[EventView]:
    """``events`` with the lines of each phase in the order of :func:`_line_key` (the order
    within one unit and one kind kept), cut back into events where the event changes."""
    out: list[EventView] = []
    k = 0
    while k < len(events):
        j = k
        while j < len(events) and (events[j].turn, events[j].phase) == (events[k].turn, events[k].phase):
            j += 1
        pairs = [(e, ln) for e in events[k:j] for ln in e.lines]
        order = sorted(range(len(pairs)), key=lambda n: (_line_key(pairs[n][1]), n))
        runs: list[tuple[EventView, list[Line]]] = []  # the phase's lines cut where the event changes
        for n in order:
            e, ln = pairs[n]
            if runs and runs[-1][0].seq == e.seq:
                runs[-1][1].append(ln)
            else:
                runs.append((e, [ln]))
        out.extend(replace(e, lines=tuple(lines)) for e, lines in runs)
        k = j
    return out


def _ruleset(name: str) -> TrackedGame | None:
    """The game's ruleset object (None for a ruleset umpire does not know: its report still renders)."""
    try:
        return game_rules(name)
    except UmpireError:
        return None


def _ruling(state: GameState, name: str, default: str) -> str:
    """The game's choice of ruling ``name`` (``default`` for a ruleset that does not declare it)."""
    rs = _ruleset(state.ruleset)
    if rs is None:
        return state.rulings.get(name, default)
    book = rs.rulings_book()
    known = book.by_name()
    return state.rulings.get(name) or (known[name].default if name in known else default)


def _title(e: StoredEvent, viewer: str | None, lines: bool) -> str:
    if viewer is None and not lines:
        return e.summary or e.kind  # the umpire: an event with nothing else to tell says what it was
    if e.kind.endswith(".phase"):
        return "phase resolved"
    if e.kind.endswith(".orders"):
        return "orders entered"
    return f"by hand: {e.kind.split('.')[-1]}" if viewer is None else e.kind.split(".")[-1]


# -- units ------------------------------------------------------------------------------------
def _identity(ruleset: str, u: UnitState) -> tuple[str | None, str | None]:
    """The nation and the vehicle's name of a unit's data card (None, None: it has none)."""
    ident = card_identity(ruleset, u.card)
    return (ident[0], ident[2]) if ident is not None else (None, None)


def _unit_view(state: GameState, u: UnitState, rs: TrackedGame | None, altitude: str | None = None,
               spotted: bool = True) -> UnitView:
    """A unit as the umpire sees it (``spotted``: with the enemy sides that see it, which its own side is not told)."""
    nation, type_name = _identity(state.ruleset, u)
    return UnitView(
        id=u.id, name=u.name, side=u.side, type=u.type, x=u.x, y=u.y, facing=u.facing, base=tuple(u.base),  # type: ignore[arg-type]
        formation=u.formation, kind=u.kind, statline=u.statline, card=u.card, quality=u.quality, status=u.status,
        hits=u.hits, orders=u.orders, spotted_by=tuple(sorted(u.spotted_by)) if spotted else (), nation=nation,
        type_name=type_name,
        turret=rs.turret(u) if rs is not None and altitude is None else None,
        lost_as=u.destroyed or None, altitude=altitude,
    )


def _units(src: Source) -> tuple[UnitView, ...]:
    return tuple(src.views.values())


def known_as(report: TurnReport) -> dict[str, str]:
    """For a side's briefing: the unit each enemy label of it stands for (``contact-2`` or a
    unit's own id -> the unit's id), so what a player names from the briefing can be written in
    the umpire's words. Never itself shown to a side."""
    side = report.viewer
    assert side is not None and report.source is not None
    src: Source = report.source
    obs = Observer(src.chronicle, src.units, side, {s.id: s.name for s in src.state.sides})
    shown = {u.id for u in report.units if u.observed}
    out = {}
    for uid, s in obs.c.last_seen(side).items():
        label = obs.sighted(uid, s).id
        if label in shown:
            out[label] = uid
    return out


def _briefing_units(obs: Observer, src: Source, side: str, rs: TrackedGame | None) -> tuple[UnitView, ...]:
    own = [v if not (v := src.views[uid]).spotted_by else _unit_view(src.state, u, rs, v.altitude, spotted=False)
           for uid, u in src.units.items() if obs.c.side_of(u.id) == side]
    seen = obs.c.last_seen(side)
    full = obs.c.last_identified(side)
    now = obs.c.now(side)
    enemy = [_enemy_view(obs, side, u, s, uid in full, uid in now)
             for uid, s in seen.items() if (u := src.units.get(uid)) is not None]
    enemy.sort(key=lambda v: (v.side, _number(v.id), v.id))
    return tuple(own + enemy)


def _number(label: str) -> int:
    """The number of a contact label (``contact-12`` -> 12), so contact-10 follows contact-9."""
    head, _, n = label.rpartition("-")
    return int(n) if head == "contact" and n.isdigit() else 0


def _enemy_view(obs: Observer, side: str, u: UnitState, s: Sight, identified: bool, now: bool) -> UnitView:
    """An enemy unit where ``side`` last saw it, written as it last knew it: in a ruleset of
    identification levels (MBT) by its contact label, with the type 24.2.2 told when it was
    identified (then or before)."""
    death = obs.c.death_known(side, u.id)
    status = death.status if death is not None else None
    lost = death.how or death.status if death is not None else None
    x, y = s.at if s.at is not None else (None, None)
    common: dict[str, Any] = {"side": u.side, "x": x, "y": y, "observed": True, "level": s.level,
                              "seen_turn": s.turn, "now": now, "status": status, "lost_as": lost,
                              "altitude": s.altitude}
    ref = obs.sighted(u.id, s)
    if s.level == "full" or identified:
        nation, type_name = _identity(obs.c.ruleset, u)
        name = u.name if not obs.t.levels else obs.label(u.id, "full")
        facing = s.facing if s.level != "fired" else None
        return UnitView(id=ref.id or u.id, name=name, type=u.type if not obs.t.levels else None,
                        facing=facing, base=tuple(u.base) if facing is not None else (0.3, 0.3),  # type: ignore[arg-type]
                        nation=nation, type_name=type_name, **common)
    if s.level == "type":
        ident = obs.identity(u.id)
        return UnitView(id=ref.id or "contact", name=obs.label(u.id, "type"), type=ident[1] if ident else None,
                        facing=s.facing, base=tuple(u.base), **common)  # type: ignore[arg-type]
    return UnitView(id=ref.id or "contact", name="something that fired from here", type=None, facing=None,
                    base=(0.3, 0.3), **common)


# -- losses, map marks ----------------------------------------------------------------------
def _losses(obs: Observer, state: GameState, turn: int | None) -> tuple[Loss, ...]:
    out = []
    for uid, d in obs.c.deaths.items():
        if turn is not None and d.turn != turn:
            continue
        side = obs.c.side_of(uid) or ""
        if obs.side is None or side == obs.side:
            out.append(Loss(uid, uid, side, d.status, d.turn, d.how, obs.side is not None))
            continue
        if obs.c.death_known(obs.side, uid) is None:
            continue
        r = obs.sighted(uid, obs.c.death_sight(obs.side, uid))
        out.append(Loss(r.id, r.text if r.text != UNSEEN else "an enemy unit", side, d.status, d.turn, d.how, False))
    return tuple(sorted(out, key=lambda x: (x.turn or 0, not x.own, x.side, x.text)))


def _fire_lines(events: Sequence[EventView], last: int | None) -> tuple[FireLine, ...]:
    out: list[FireLine] = []
    for e in events:
        if e.turn != last:
            continue
        for ln in e.lines:
            a, b = ln.data.get("from_at"), ln.data.get("to_at")
            if isinstance(a, tuple) and isinstance(b, tuple):
                out.append(FireLine(e.seq, e.turn, a, b, ln.mine, ln.kind))
    return tuple(out)


def _trails(obs: Observer, events: Sequence[EventView], last: int | None) -> tuple[Trail, ...]:
    paths: dict[str, list[tuple[float, float]]] = {}
    for e in events:
        if e.turn != last:
            continue
        for ln in e.lines:
            if ln.kind != "move" or not ln.actor or not ln.actor.id:
                continue
            trail = paths.setdefault(ln.actor.id, [])
            for p in ln.data.get("path") or (ln.data.get("from"), ln.data.get("to")):
                if isinstance(p, PAIR) and len(p) >= 2:
                    q = (float(p[0]), float(p[1]))
                    if not trail or math.dist(trail[-1], q) > 1e-6:
                        trail.append(q)
    return tuple(Trail(uid, obs.c.side_of(uid) or "", tuple(p)) for uid, p in paths.items() if len(p) > 1)


def _templates(chron: Chronicle, obs: Observer, events: Sequence[EventView], last: int | None) -> tuple[Any, ...]:
    out: list[Template] = []
    for e in events:
        if e.turn != last:
            continue
        for ln in e.lines:
            tpl = ln.data.get("template")
            if not isinstance(tpl, Mapping) or tpl.get("at") is None:
                continue
            size = tpl.get("size")
            for where in (tpl["at"], tpl.get("second")):
                if where is None:
                    continue
                t = Template(e.seq, (float(where[0]), float(where[1])), float(tpl.get("radius", 1.0)),
                             str(tpl.get("label", "") or "") if obs.side is None else "",
                             (float(size[0]), float(size[1])) if size else None, float(tpl.get("facing", 0.0)))
                if t not in out:
                    out.append(t)
    return tuple(out)


def _victory(rs: TrackedGame | None, state: GameState, viewer: str | None) -> tuple[str, ...]:
    """The game's result as its rules declared it: the reason, and for the umpire the tally's lines."""
    lines = rs.result(state) if rs is not None else ()
    return lines if viewer is None else lines[:1]


# -- a stored game ----------------------------------------------------------------------------
def reports_of(game: StoredGame, live: Sequence[StoredEvent], state: GameState | None,
               turns: Sequence[int | None]) -> dict[int | None, TurnReport]:
    """The umpire's reports of one run of a stored game (the actions ``live`` in force, which
    end at ``state``; ``None``: worked out) for each of ``turns`` (``None``: all of it). A turn's
    report ends with the state at the end of that turn (from the game's checkpoints); the reports
    of the whole game and of its last turn are written from one reading of the log."""
    last = max((e.turn or 0 for e in live), default=0)
    state = game.state_of(list(live)) if state is None else state
    initial = game.initial_state()
    out: dict[int | None, TurnReport] = {}
    whole: Source | None = None  # the whole log read once, composed for each turn asked of it
    for t in turns:
        if t is None or t >= last:
            whole = whole or Source(Chronicle(state.ruleset, state.side_ids(), table_units(initial)[0], list(live),
                                              final=table_units(state)[0]), state)
            out[t] = compose(whole, None, t)
        else:
            upto = list(live[:next(i for i, e in enumerate(live) if (e.turn or 0) > t)])
            out[t] = build_report(game.state_of(upto), upto, initial=initial, turn=t)
    return out


def report_for_game(game: StoredGame, *, turn: int | None = None) -> TurnReport:
    """The umpire's report of a stored game: all of it, or one turn (``turn``)."""
    from umpire.store.events import effective

    return reports_of(game, effective(game.events()), game.state, [turn])[turn]


def action_report(game: StoredGame, seq: int, state: GameState) -> TurnReport | None:
    """The umpire's report of action #``seq`` alone (``state``: the state it led to), told as
    the report tells it: what ``phase next`` and ``turn orders`` print, and the console shows.
    None if the action is no longer in force (another command took it back since)."""
    from umpire.store.events import effective

    live = effective(game.events())
    mine = next((e for e in reversed(live) if e.seq == seq), None)
    if mine is None:
        return None
    report = build_report(state, live, initial=game.initial_state(), turn=mine.turn)
    return replace(report, events=tuple(e for e in report.events if e.seq == seq))


__all__ = ["Line", "TurnReport", "UNSEEN", "action_report", "briefing", "build_report", "report_for_game",
           "reports_of"]
