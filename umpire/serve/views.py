"""What the console shows, read from the game file at one moment.

:class:`Reader` stands for the one game file the server was started with. Every request opens
its own :class:`~umpire.engine.Game` (a SQLite connection belongs to one thread) and closes it
after. :meth:`Reader.moment` reads the state, the log, the turn and the umpire's report in one
consistent read and keeps them, with the map drawn from them, until the log moves on: the last
event's number is the version of everything a page shows, and a page that knows it knows
whether it is out of date.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from umpire.core.state import find_unit
from umpire.engine import Game
from umpire.registry import measuring

if TYPE_CHECKING:
    from umpire.core.state import GameState, UnitState
    from umpire.reports.mapshapes import MapDrawing
    from umpire.reports.views import TurnReport
    from umpire.turns import TurnView

MAP_WIDTH = 900.0  # points: the map's drawing width (the page scales it to the screen)


@dataclass
class Moment:
    """The game as it stood after event #``seq``: everything a console page shows of it."""

    seq: int
    state: GameState
    view: TurnView
    log: list[dict[str, Any]]
    report: TurnReport
    amending: int | None = None  # the map of the game just before action #amending
    _units: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False)

    @cached_property
    def drawing(self) -> MapDrawing:
        from umpire.reports.tablemap import build_map

        return build_map(self.report, width=MAP_WIDTH, labels=False)  # the page draws the labels (static/mapview.js)

    @cached_property
    def svg(self) -> str:
        """The map as an SVG element for the page (the standalone file's XML prolog left out)."""
        from umpire.reports.tablemap import to_svg

        text = to_svg(self.drawing)
        return text[text.index("<svg"):]

    @property
    def frame(self) -> tuple[float, float, float, float]:
        assert self.drawing.frame is not None
        return self.drawing.frame

    def unit(self, uid: str) -> dict[str, Any]:
        """The facts of one unit for the console's panel (see :func:`unit_facts`)."""
        if uid not in self._units:
            self._units[uid] = unit_facts(self.state, self.report, uid, self.log)
        return self._units[uid]


class Reader:
    """The game file the server serves (and no other)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._moment: Moment | None = None
        self._start: tuple[tuple[Any, ...], GameState] | None = None
        self._links: tuple[tuple[int, int, int], frozenset[int]] | None = None

    @contextmanager
    def game(self) -> Iterator[Game]:
        """The game, opened for this request and closed after it."""
        game = Game.open(self.path)
        try:
            yield game
        finally:
            game.close()

    def version(self) -> int:
        """The last event's number: it changes with every write, by the console or the CLI."""
        return self.versions()[0]

    def versions(self) -> tuple[int, int]:
        """The last event's number and that of the last write to the players' tables (links,
        orders sent from pages, locks, releases)."""
        from umpire.engine import players

        with self.game() as game, game.file.read():
            return game.last_seq(), players.stamp(game)

    def live_links(self) -> frozenset[int]:
        """The sides' links live now: read again whenever the file has changed (so a link revoked
        by any command is refused at the next request), else as last read."""
        import os

        from umpire.engine import players

        try:
            st = os.stat(self.path)
        except OSError:
            return frozenset()
        key = (st.st_mtime_ns, st.st_size, st.st_ino)
        kept = self._links
        if kept is not None and kept[0] == key:
            return kept[1]
        with self.game() as game:
            live = players.live_ids(game)
        self._links = (key, live)
        return live

    def moment(self, amending: int | None = None) -> Moment:
        """The game as the file holds it now (kept until the log moves on); with ``amending``,
        the game as it stood just before action #amending, which an amendment replaces."""
        with self.game() as game, game.file.read():
            seq = game.last_seq()
            kept = self._moment
            if amending is None and kept is not None and kept.seq == seq:
                return kept
            with self._lock:
                made = _read(OneRead(game, self._initial(game)), seq, amending)
                if amending is None:
                    self._moment = made
                return made


    def _initial(self, game: Game) -> GameState:
        """The game's state before any action: the same for the whole life of the file (kept,
        unless the file now holds another game)."""
        info = game.info
        key = (info["name"], info["seed"], info["created"], info["ruleset"])
        if self._start is None or self._start[0] != key:
            self._start = (key, game.initial_state())
        return self._start[1]


class OneRead:
    """A game as one read sees it (a :class:`~umpire.reports.model.StoredGame`): its log read
    once, its state before any action kept by the reader."""

    def __init__(self, game: Game, initial: GameState) -> None:
        self.game = game
        self._initial = initial
        self._events: list[Any] | None = None

    @property
    def state(self) -> GameState:
        return self.game.state

    def events(self) -> list[Any]:
        if self._events is None:
            self._events = self.game.events()
        return self._events

    def initial_state(self) -> GameState:
        return self._initial

    def fold(self, state: GameState, events: list[Any]) -> GameState:
        return self.game.fold(state, events)

    def state_of(self, live: list[Any]) -> GameState:
        return self.game.state_of(live, self.events())  # the log as this read has it, not read again


def _read(once: OneRead, seq: int, amending: int | None) -> Moment:
    """The moment after event #seq. Its report (which the map draws) tells the last turn that
    has events: the map draws that turn's moves and fire, as ``umpire map`` does, and a long
    game's earlier turns are not written out again for every change."""
    from umpire.reports.model import build_report, report_for_game
    from umpire.reports.status import log_json

    game = once.game
    log = log_json(once.events())
    if amending is None:
        last = max((e["turn"] or 0 for e in log if e["in_force"]), default=0)
        return Moment(seq, game.state, game.turn_view(), log, report_for_game(once, turn=last or None))
    state = game.state_before(amending)
    live = [e for e in game.live_events() if e.seq < amending]
    last = max((e.turn or 0 for e in live), default=0)
    report = build_report(state, live, initial=once.initial_state(), turn=last or None)
    return Moment(seq, state, game.turn_rules().view(state), log, report, amending=amending)


def unit_facts(state: GameState, report: TurnReport, uid: str, log: list[dict[str, Any]]) -> dict[str, Any]:
    """One unit as the umpire sees it: who it is, its stat line or card, where it stands, its
    state and hits, its orders this turn (as entered), what its line of sight reaches and which
    sides know where it is.

    :raises UmpireError: for a unit the game does not have.
    """
    from umpire.reports.sections import position
    from umpire.reports.words import status_words

    u = find_unit(state, uid)
    view = report.unit(u.id)
    names = {s.id: s.name for s in state.sides}
    formations = {f.id: f.name for f in state.formations}
    facts: dict[str, Any] = {
        "id": u.id, "name": u.name, "side": u.side, "side_name": names.get(u.side, u.side),
        "formation": formations.get(u.formation or "", u.formation or "-"), "kind": u.kind,
        "type": u.type or (view.type_name if view else None) or "-", "statline": u.statline, "card": u.card,
        "quality": u.quality, "placed": u.placed, "x": u.x, "y": u.y, "facing": u.facing,
        "where": position(view) if view is not None else "off table",
        "status": status_words(u.status), "hits": u.hits, "orders": u.orders or "-",
        "turret": view.turret if view else None,
        "seen_by": [names.get(s, s) for s in u.spotted_by if s != u.side],
        "entered": _entered(log, state.turn, u.id),
        "notes": {k: v for k, v in sorted(_kept(u).items()) if not isinstance(v, dict | list) or len(str(v)) < 80},
    }
    facts["sees"], facts["blocked"] = _sight(state, u)
    return facts


def _kept(u: Any) -> dict[str, Any]:
    """What the game keeps of a unit beside its place and condition: its ruleset's own state (the
    fields not at their defaults) and the generic marks it carries."""
    kept = {k: v for k, v in (("ident", u.ident), ("moved", u.moved), ("carried_by", u.carried_by),
                              ("destroyed", u.destroyed)) if v}
    kept.update(u.own.model_dump(mode="json", exclude_defaults=True))
    return kept


def _entered(log: list[dict[str, Any]], turn: int, uid: str) -> list[str]:
    """The unit's orders as entered this turn: each field of its entry in the side's orders, as
    ``field: value``."""
    out: list[str] = []
    for e in log:
        if e["in_force"] and e["kind"].endswith(".orders") and e["turn"] == turn:
            spec = (e["payload"].get("units") or {}).get(uid)
            if isinstance(spec, dict):
                out = [f"{k}: {_short(v)}" for k, v in spec.items() if k not in ("default",)]
    return out


def _short(v: Any) -> str:
    import json

    text = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)
    return text if len(text) <= 120 else text[:119] + "…"


def _sight(state: GameState, u: UnitState) -> tuple[list[str], list[tuple[str, str]]]:
    """The enemy units its line of sight reaches (centre to centre, as ``umpire measure`` finds
    it) and those it does not, with what blocks each line."""
    if not u.placed:
        return [], []
    from umpire.geometry.game import sight_lines

    lines = sight_lines(state, u.id, measuring(state.ruleset))
    names = {t.id: t.name or t.id for t in state.terrain}
    enemies = [e for e in state.units.values() if e.side != u.side and e.id in lines
               and e.status not in ("eliminated", "surrendered", "off_table")]
    sees = [e.id for e in enemies if not lines[e.id]]
    blocked = [(e.id, ", ".join(names.get(t, t) for t in lines[e.id])) for e in enemies if lines[e.id]]
    return sees, blocked
