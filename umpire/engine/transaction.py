"""One write transaction on a game: the fresh state and log, and the events appended to it.

:meth:`umpire.engine.game.Game.transaction` makes one. Everything here runs while the file's
write lock is held, so what :attr:`Transaction.state` and :meth:`Transaction.live` say is what
the file holds, and nothing another command writes can land between reading and appending.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING

from umpire.core.snapshot import canonical_state, state_json, unchanged, written_text
from umpire.core.state import GameState
from umpire.errors import UmpireError
from umpire.store import events as log
from umpire.store.history import CONTROL

if TYPE_CHECKING:
    from umpire.engine.game import Game
    from umpire.turns.common import Applied


class StaleError(UmpireError):
    """The file has changed since the state an action was chosen on was read."""

    def __init__(self, seen: int, now: int) -> None:
        super().__init__(
            f"the game changed since this was shown (the log was at #{seen}, another command has written "
            f"it up to #{now}); nothing was written: look again and repeat it if it still holds"
        )
        self.seen, self.now = seen, now


def when(applied: Applied) -> tuple[int, str]:
    """The turn and phase an action happened in: where its handler says, else where the state
    it led to stands."""
    turn = applied.state.turn if applied.turn is None else applied.turn
    return turn, applied.state.phase if applied.phase is None else applied.phase


@dataclass(frozen=True)
class Left:
    """What a game's last transaction in this process left the file holding: the number of
    writes its file had made then (:attr:`umpire.store.db.UmpireFile.writes`), the state (the
    snapshot's), the last event, and the ``units`` rows as this process wrote them, if it did
    (a later write then changes only the rows that differ)."""

    writes: int
    state: GameState
    seq: int
    rows: log.Rows | None


class Transaction:
    """The state and log as of now, under the lock; :meth:`append` adds events to the log."""

    def __init__(self, game: Game, conn: sqlite3.Connection) -> None:
        self.game = game
        self.conn = conn
        left, known = game.left, game._known
        if (left is not None and known is left.state and game.file.untouched and left.writes == game.file.writes
                and unchanged(known)):
            # nothing has written the file since this process's last transaction on it (no other
            # connection, no other write through this one), and the state it left holds just that
            self.state: GameState = known
            self.seq = left.seq
            self.rows: log.Rows | None = left.rows
        else:
            self.state = log.load_state(conn, game.path, known=known, models=game.own_models())
            self.seq = log.last_seq(conn)  # the last event in the file (0: none yet)
            self.rows = None  # the units rows the file holds, as this process wrote them
        self.appended: list[int] = []
        self._events: list[log.StoredEvent] | None = None
        self._checkpoints: list[tuple[int, GameState]] = []

    def events(self) -> list[log.StoredEvent]:
        """Every event of the log (each row checked), including those appended here."""
        if self._events is None:
            from umpire.store.rows import read_events  # (as Game.events)

            self._events = read_events(self.conn, self.game.path)
            self.game.check_kinds(self._events)
        return self._events

    def live(self) -> list[log.StoredEvent]:
        """The actions in force: not undos, not undone."""
        return log.effective(self.events())

    def state_with(self, target: list[log.StoredEvent]) -> GameState:
        """The state with the actions ``target`` in force (from the latest usable checkpoint)."""
        from umpire.engine import checkpoints

        state, rest = checkpoints.start(self.game, self.conn, self.events(), target, self.state.terrain)
        return self.game.fold(state, rest)

    def append(self, state: GameState, event: log.NewEvent) -> int:
        """Append ``event``, which leads to ``state``; returns its number."""
        seq = log.append(self.conn, event)
        from umpire.engine import checkpoints

        new = canonical_state(state)
        if event.kind not in CONTROL and checkpoints.due(self.state, new):
            self._checkpoints.append((seq, new))
        self.state = new
        self.seq = seq
        self.appended.append(seq)
        if self._events is not None:
            e = event
            done, records = log.split_results(json.loads(json.dumps(e.results or [], default=str)))
            self._events.append(
                log.StoredEvent(seq, e.kind, e.payload, e.summary, e.turn, e.phase, e.undoes, "", tuple(e.rolls), done,
                                records, e.part_of, e.replaces)
            )
        return seq

    def finish(self) -> None:
        """Write the snapshot and ``units`` rows of the last state (before the commit)."""
        from umpire.engine import checkpoints

        # the text canonical_state wrote for the last state (nothing has touched it since)
        text = (written_text(self.state) or state_json(self.state)) if self.appended else None
        if text is not None:
            self.rows = log.write_projection(self.conn, self.state, self.seq, text, self.rows)
        for seq, state in self._checkpoints:  # a phase's action: its checkpoint is the last state
            mine = text if state is self.state else None
            checkpoints.write(self.conn, seq, mine or written_text(state) or state_json(state))
