"""What a side's page shows, composed from that side's knowledge alone.

:class:`SideReader` reads, for one side, the briefing of the last turn the umpire released (the
map, its own units, the enemy units it knows, as :func:`umpire.reports.model.briefing` composes
them for the printed briefing), the window of its orders (:func:`umpire.engine.players.window`)
and, while it is open, the entries it may write (:mod:`umpire.turns.entries`) and what its page
sent. Nothing else of the game reaches a :class:`SidePage`: the enemy units a target field may
name are the briefing's, under the briefing's labels.

The umpire's report of a released turn is kept while the actions in force up to that turn are
the same (later turns' actions change nothing in it), and each side's (each player's) briefing
of it with its map: the pages of a game share them, and a page asked again after a phase is
answered from what was read; a page that asks again while nothing changed is answered whole.
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from umpire.engine.players import SentEntry, Window
    from umpire.reports.views import TurnReport, UnitView
    from umpire.serve.views import Reader
    from umpire.turns.entries import Entry

from umpire.errors import UmpireError
from umpire.serve.views import MAP_WIDTH, OneRead

KEEP = 64  # reports kept (by last event and turn)


@dataclass
class SidePage:
    """Everything one side's page shows now; ``version`` changes only when that does."""

    side: str
    side_name: str
    game: str
    ruleset: str
    released: int
    window: Window
    report: TurnReport  # the side's briefing of the last released turn (0: the game as set up)
    entries: list[Entry] = field(default_factory=list)  # while its window is open
    sent: list[SentEntry] = field(default_factory=list)
    known: dict[str, str] = field(default_factory=dict, repr=False)  # label -> unit id (never shown)
    player: str | None = None  # the player of the side whose page it is (several a side, MBT 21.3)
    commands: frozenset[str] | None = None  # that player's units (and what else he holds): the only ones he orders
    held: frozenset[str] = frozenset()  # what any player of the side holds

    def may_order(self, key: str) -> bool:
        """Whether this page writes the entry ``key`` (``units.ID``, ``artillery[A]``): a player's
        page writes what he holds and what no other player of his side holds (a message, the note)."""
        if self.commands is None:
            return True
        name = key[:-1].partition("[")[2] if key.endswith("]") else key.partition(".")[2]
        return name in self.commands or name not in self.held

    #: what is drawn of ``report``, shared by every page of the same briefing (its map and SVG)
    drawn: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def svg(self) -> str:
        if "svg" not in self.drawn:
            from umpire.reports.tablemap import to_svg

            text = to_svg(self.drawing)
            self.drawn["svg"] = text[text.index("<svg"):]
        return str(self.drawn["svg"])

    @property
    def drawing(self) -> Any:
        if "map" not in self.drawn:
            from umpire.reports.tablemap import build_map

            self.drawn["map"] = build_map(self.report, width=MAP_WIDTH, labels=False)  # the page draws the labels
        return self.drawn["map"]

    @property
    def frame(self) -> tuple[float, float, float, float]:
        frame: tuple[float, float, float, float] = self.drawing.frame
        return frame

    @property
    def targets(self) -> list[tuple[str, str]]:
        """The enemy units the side may name as a target: (its label, how the briefing writes it)."""
        out = []
        for u in self.report.units:
            if u.observed and not u.dead and u.id in self.known:
                out.append((u.id, u.id if u.name == u.id else f"{u.id}: {u.name}"))
        return sorted(set(out))

    @property
    def labels(self) -> dict[str, str]:
        """Unit id -> the label the side knows it by (for what it sent, written back)."""
        return {uid: label for label, uid in self.known.items()}

    @cached_property
    def version(self) -> str:
        """A short digest of what the page shows: a page that has it has everything."""
        facts = [self.released, self.window.turn, self.window.closed, self.svg,
                 [(e.key, e.changed, e.state, e.reason) for e in self.sent],
                 [(e.key, e.facts) for e in self.entries]]
        return hashlib.sha256(json.dumps(facts, default=str).encode()).hexdigest()[:16]


def _mine(e: Entry, player: str | None) -> bool:
    """Whether a player's page offers the entry: an entry ``from`` a player (a message, 21.3.3.2)
    is that player's alone."""
    sender = next((f for f in e.fields if f.key == "from" and f.kind == "choice"), None)
    return player is None or sender is None or any(c[0] == player for c in sender.choices)


def unit_facts(u: UnitView) -> list[str]:
    """What a side's page says of one unit of its briefing when it is tapped: its own unit's
    state, or a contact as the side saw it (the briefing holds nothing more)."""
    from umpire.reports.words import num

    out = []
    what = " ".join(x for x in (u.nation, u.type_name or u.label) if x)
    if what and what.lower() not in (u.name or "").lower():
        out.append(what)
    if u.placed:
        where = f"at ({num(u.x)}, {num(u.y)})"
        out.append(where + (f" facing {num(u.facing)}" if u.facing is not None else ""))
    if u.observed:
        seen = "seen at the end of the turn" if u.now else f"last seen in turn {u.seen_turn}"
        out.append(seen + ({"fired": ", seen only as it fired", "type": ", its type seen"}.get(u.level or "", "")))
        if u.status:
            out.append(f"seen {u.lost_as or u.status}")
        return out
    if u.formation:
        out.append(f"formation {u.formation}")
    if u.quality:
        out.append(f"quality {u.quality}")
    if u.status:
        out.append(f"status {u.status}" + (f", {u.hits} hits" if u.hits else ""))
    if u.orders:
        out.append(f"orders {u.orders}")
    return out


class SideReader:
    """The sides' pages over the server's game file (one for all sides)."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self._lock = threading.Lock()
        self._reports: dict[tuple[Any, ...], TurnReport] = {}
        self._briefs: dict[tuple[Any, ...], tuple[TurnReport, dict[str, Any]]] = {}
        self._pages: dict[tuple[str, str | None, int, int], SidePage] = {}

    def page(self, side: str, player: str = "") -> SidePage:
        """``side``'s page as the file holds it now; a page opened by the link of one of the side's
        players (several a side) shows his briefing, of what his own units saw."""
        from umpire.engine import players
        from umpire.reports.model import known_as
        from umpire.reports.player_view import players as game_players

        with self.reader.game() as game, game.file.read():
            seq, stamp = game.last_seq(), players.stamp(game)
            who = player if player in game_players(game.state).get(side, {}) else None
            kept = self._pages.get((side, who, seq, stamp))
            if kept is not None:
                return kept
            names = {s.id: s.name for s in game.state.sides}
            if side not in names:
                raise UmpireError(f"side {side!r}: the game has no such side")
            released = players.released(game)
            window = players.window_of(game, side)
            report, drawn = self._briefing(game, released, side, who)
            mine = frozenset(game_players(game.state)[side][who]) if who else None
            held = frozenset(x for ids in game_players(game.state).get(side, {}).values() for x in ids)
            page = SidePage(side, names.get(side, side), game.state.name, game.state.ruleset, released, window, report,
                            known=known_as(report), player=who, commands=mine, held=held, drawn=drawn)
            if window.closed is None or window.locked:
                page.sent = players.sent(game, side, window.turn)
            if window.closed is None:
                page.entries = [e for e in game.turn_rules().entries(game.state, side)
                                if page.may_order(e.key) and _mine(e, who)]
        with self._lock:
            self._pages = {k: v for k, v in self._pages.items() if k[2:] == (seq, stamp)}
            self._pages[(side, who, seq, stamp)] = page
        return page

    def briefing(self, side: str, turn: int, player: str | None = None) -> TurnReport:
        """``side``'s briefing of ``turn`` (released: the caller checks), or its ``player``'s."""
        with self.reader.game() as game, game.file.read():
            return self._briefing(game, turn, side, player)[0]

    def _briefing(self, game: Any, turn: int, side: str, player: str | None) -> tuple[TurnReport, dict[str, Any]]:
        """The briefing, and what is drawn of it, kept while the turn's actions are the same."""
        from umpire.reports.model import briefing

        report, key = self.umpires(game, turn)
        with self._lock:
            kept = self._briefs.get((key, side, player))
        if kept is not None:
            return kept
        made: tuple[TurnReport, dict[str, Any]] = (briefing(report, side, player), {})
        with self._lock:
            self._briefs = {k: v for k, v in self._briefs.items() if k[0] in self._reports}
            self._briefs[(key, side, player)] = made
        return made

    def umpires(self, game: Any, turn: int) -> tuple[TurnReport, tuple[Any, ...]]:
        """The umpire's report of ``turn`` (0: the game before its first turn), and what it was
        written from: the actions in force up to that turn (and whether it is the last turn that
        has any, whose report is the game's as it stands). Actions of a later turn change neither:
        a side's page after each phase reads its released briefing again from what was read."""
        from umpire.reports.model import report_for_game

        once = OneRead(game, self.reader._initial(game))
        live = game.live_events(once.events())
        last = max((e.turn or 0 for e in live), default=0)
        key = (turn, turn >= last, tuple(e.seq for e in live if turn >= last or (e.turn or 0) <= turn))
        with self._lock:
            kept = self._reports.get(key)
        if kept is not None:
            return kept, key
        report = report_for_game(once, turn=turn)
        with self._lock:
            if len(self._reports) >= KEEP:
                self._reports = {}
            self._reports[key] = report
        return report, key


__all__ = ["MAP_WIDTH", "SidePage", "SideReader"]
