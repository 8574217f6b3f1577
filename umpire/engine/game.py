"""A game: its file, its current state, and the one write path that changes it.

Every action goes through :meth:`Game.transaction`: the file's write lock is taken
(``BEGIN IMMEDIATE``, waiting up to the busy timeout), the state and the log are read fresh
inside it, the handler runs, and the event, its dice, the new snapshot and the ``units`` rows
are written before ``COMMIT``. Two commands at once therefore run one after the other, and a
crash at any point leaves the file as it was before or after the action, never between.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from umpire import __version__
from umpire.core.dice import Dice, GivenDice, ManualDice, Roll, ScriptedDice
from umpire.core.resolution import Resolution
from umpire.core.snapshot import canonical, canonical_start
from umpire.core.state import GameState, OwnModels, Terrain
from umpire.engine.corrections import Correction, amend, redo, state_before, undo
from umpire.engine.transaction import Left, StaleError, Transaction, when
from umpire.errors import StoreError, UmpireError, unknown
from umpire.registry import (
    checked_initial_state,
    game_rules,
    initial_state,
    initial_state_on,
    scenario_from_data,
    scenario_ruleset,
)
from umpire.schema.scenario import Scenario
from umpire.store import events as log
from umpire.store.db import SCHEMA, GameFile
from umpire.store.errors import sql_errors
from umpire.store.history import CONTROL
from umpire.store.rows_of import insert_row, read_checkpoints, read_row, stored_units

if TYPE_CHECKING:
    from umpire.registry import TrackedGame
    from umpire.turns import TurnRules, TurnView
    from umpire.turns.common import Handler


@dataclass
class ActionResult:
    seq: int
    kind: str
    summary: str
    state: GameState
    rolls: list[Roll] = field(default_factory=list)
    resolutions: list[Resolution] = field(default_factory=list)


class Game:
    """One game file. Use :meth:`create` or :meth:`open`."""

    def __init__(self, file: GameFile) -> None:
        self.file = file
        self.path = file.path
        self._state: GameState | None = None
        # the canonical state this process last read or wrote, with the text it was written as:
        # the next transaction takes it instead of parsing the snapshot again if that is the text
        self._known: GameState | None = None
        self.left: Left | None = None  # what this process's last transaction left the file holding
        self._info: dict[str, Any] | None = None
        self._initial: GameState | None = None  # see initial_state()
        self._amend: tuple[int, bool] | None = None  # see amending()
        self.expected: int | None = None  # see expecting()
        self.correction: Correction | None = None  # what the last amend made in amending mode did
        self.checked = 0  # the number of events the last check() read
        self.forged: list[str] = []  # the seeded rolls the last check() found not to be the seed's

    # -- opening --------------------------------------------------------------------------
    @classmethod
    def create(
        cls, path: Path, scenario: Scenario, *, seed: int | None = None, replace: bool = False,
        where: str = "scenario", before_install: Callable[[], None] | None = None,
    ) -> Game:
        """Start a game from a validated scenario. The file is built beside ``path`` and moved
        into place only when complete (after ``before_install()``, if given): on any failure
        the old file (if any) is untouched and nothing is left behind."""
        from umpire.store.newfile import create_game_file

        seed = seed if seed is not None else scenario.seed
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        if not -(2**63) <= seed < 2**63:  # what the game file can hold
            raise UmpireError(f"seed {seed}: too large to keep in the game file (allowed: 0 to {2**63 - 1})")
        _, scenario = scenario_ruleset(scenario, where)  # kept under its ruleset's own name
        state, text = canonical(checked_initial_state(scenario, seed=seed, where=where))
        row = {
            "id": 1, "name": scenario.name, "ruleset": scenario.ruleset, "seed": seed,
            "scenario": json.dumps(scenario.model_dump(mode="json"), ensure_ascii=False),
            "rulings": json.dumps(state.rulings, sort_keys=True),
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "umpire_version": __version__, "terrain": state.terrain.to_json(),
        }

        def fill(conn: Any) -> None:
            insert_row(conn, SCHEMA, "game", row)
            log.write_projection(conn, state, 0, text)

        create_game_file(Path(path), fill, replace=replace, before_install=before_install)
        game = cls.open(Path(path))
        game._state = game._known = state
        return game

    @classmethod
    def open(cls, path: Path) -> Game:
        return cls(GameFile.open(Path(path)))

    def close(self) -> None:
        self.file.close()

    def refresh(self) -> None:
        """Forget the state read: the next read of :attr:`state` reads the file again (what
        another process wrote since is seen; the text this process last read or wrote is taken
        as it is, not parsed again)."""
        self._state = None

    # -- reading --------------------------------------------------------------------------
    @property
    def info(self) -> dict[str, Any]:
        """The ``game`` row: name, ruleset, seed, scenario (JSON), rulings, when, which umpire.
        The large columns (the scenario, the terrain) are read when first asked for."""
        if self._info is None:
            with sql_errors(self.path):
                row = read_row(self.file.conn, SCHEMA, "game",
                               [c for c in SCHEMA["game"] if c not in _Row.LARGE])
            if row is None:
                raise StoreError(f"{self.path}: the file holds no game (the game row is missing)")
            info = _Row(self, row.items())
            if not isinstance(info["ruleset"], str) or not isinstance(info["seed"], int):
                raise StoreError(
                    f"{self.path}: the game row is damaged (ruleset {info['ruleset']!r}, seed {info['seed']!r})"
                )
            self._info = info
        return self._info

    @property
    def state(self) -> GameState:
        """The current state (the stored snapshot)."""
        if self._state is None:
            with sql_errors(self.path):
                self._state = log.load_state(self.file.conn, self.path, known=self._known, models=self.own_models())
            self._known = self._state
        return self._state

    def scenario(self, *, terrain: bool = True) -> Scenario:
        """The stored scenario; without ``terrain``, without its terrain pieces (not read)."""
        text = self.info["scenario"]
        try:
            data = json.loads(text) if isinstance(text, str | bytes) else None
        except (ValueError, RecursionError):
            data = None
        if not isinstance(data, dict):
            raise StoreError(f"{self.path}: the stored scenario is not valid JSON (a JSON object)")
        if not terrain:
            data["terrain"] = []
        return scenario_from_data(data, f"{self.path} (stored scenario)")

    def _scenario_of_game(self, *, terrain: bool = True) -> Scenario:
        """The stored scenario (:meth:`scenario`), which must be for the game's ruleset."""
        scenario = self.scenario(terrain=terrain)
        if scenario.ruleset != self.info["ruleset"]:
            raise StoreError(
                f"{self.path}: the game row says ruleset {self.info['ruleset']!r} but the stored "
                f"scenario is for {scenario.ruleset!r}"
            )
        return scenario

    def initial_state(self) -> GameState:
        """The state before any action, in its canonical form (as the snapshot would hold it),
        on the game's terrain as stored (made from the same scenario when the file was made,
        and checked then): the rest is built from the stored scenario without its terrain pieces
        (a table may hold thousands), unless its ruleset's checks need them (then the whole
        scenario is built). Built once per opened game (it is read-only: an action changes a
        copy; the scenario and seed it is built from are written once, when the file is made)."""
        if self._initial is None:
            terrain = self.info["terrain"]
            start = initial_state_on(self._scenario_of_game(terrain=False), self._terrain(terrain),
                                     seed=int(self.info["seed"])) if isinstance(terrain, str) else None
            self._initial = canonical_start(start) if start is not None else self.scenario_state()
        return self._initial

    def scenario_state(self) -> GameState:
        """The state before any action built wholly from the stored scenario, its terrain too
        (what a replay checked against the stored state starts from: the stored terrain is
        compared with it, not taken), in its canonical form."""
        return canonical_start(initial_state(self._scenario_of_game(), seed=int(self.info["seed"])))

    def _terrain(self, text: str) -> Terrain:
        """The terrain stored as ``text``: the very object of the state last read, if it was read
        from that text (its shapes and indexes already made), else read when first needed."""
        known = self._known
        if known is not None and known.terrain.to_json() == text:
            return known.terrain
        return Terrain.from_json(text)

    def last_seq(self) -> int:
        """The number of the last event in the file (0: none yet). Every write appends at least
        one event (undo, redo and amend too), so a page that knows this number knows whether the
        file has changed since it was drawn."""
        with sql_errors(self.path):
            return log.last_seq(self.file.conn)

    def events(self) -> list[log.StoredEvent]:
        """Every event of the log, each row checked. :raises StoreError: at the first bad one."""
        from umpire.store.rows import read_events  # the row checks: a one-shot command reads the snapshot alone

        with self.file.read() as conn, sql_errors(self.path):  # events and dice of one moment
            events = read_events(conn, self.path)
        self.check_kinds(events)
        return events

    def live_events(self, events: list[log.StoredEvent] | None = None) -> list[log.StoredEvent]:
        """The actions in force (not undone, not corrections), in order: what the reports tell
        (``events``: the whole log, if the caller has just read it)."""
        return log.effective(self.events() if events is None else events)

    def state_before(self, n: int) -> GameState:
        """The state just before action #n (in force) was taken, as an amendment of #n starts
        from. :raises UmpireError: if #n is not an action in force."""
        return state_before(self, n)

    def turn_view(self) -> TurnView:
        """Where the turn stands and what the umpire must enter next (``umpire turn``); once
        the game is over, that it is, and for a campaign game where its result goes."""
        from umpire.turns.ending import as_over

        return as_over(self.turn_rules().view(self.state), self.state, self.path, self.ruleset().over)

    def check_kinds(self, events: list[log.StoredEvent]) -> None:
        handlers = self.handlers()
        for e in events:
            if e.kind not in CONTROL and e.kind not in handlers:
                raise StoreError(f"{self.path}: event #{e.seq} has an unknown action kind {e.kind!r}")

    # -- acting ---------------------------------------------------------------------------
    def ruleset(self) -> TrackedGame:
        """This game's ruleset object. :raises UmpireError: if umpire does not know it."""
        return game_rules(self.info["ruleset"])

    def own_models(self) -> OwnModels:
        """The models its ruleset keeps a unit's own state in: what a stored state is read with
        (none if umpire does not know the ruleset: the state is read as far as it can be)."""
        try:
            return self.ruleset().own_models()
        except UmpireError:
            return OwnModels()

    def turn_rules(self) -> TurnRules:
        """The turn rules of this game's ruleset: where the turn stands, how orders are read."""
        return self.ruleset().turn()

    def handlers(self) -> dict[str, Handler]:
        """Every action this game takes, by kind (its ruleset object's)."""
        return self.ruleset().handlers

    def check_kind(self, kind: str) -> None:
        """:raises UmpireError: if this game takes no action ``kind`` (naming the ones it takes)."""
        handlers = self.handlers()
        if kind not in handlers:
            raise unknown("action", kind, handlers)

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """The one write path: the lock, the fresh state and log, then every event appended in
        the block, the snapshot and ``units`` rows, and ``COMMIT`` (all or nothing).

        Use it for every kind of event::

            with game.transaction() as tx:
                applied = handler(tx.state, payload, dice)    # tx.live() for the log in force
                tx.append(applied.state, log.NewEvent(kind, payload, rolls, applied.state.turn, applied.state.phase,
                                                      summary=applied.summary))

        :raises BusyError: if another command holds the lock past the busy timeout.
        """
        self._state = None
        with self.file.write() as conn:
            tx = Transaction(self, conn)
            if self.expected is not None and tx.seq != self.expected:
                raise StaleError(self.expected, tx.seq)
            yield tx
            tx.finish()
        self._known = tx.state
        self._state = tx.state if tx.appended else None
        self.left = Left(self.file.writes, tx.state, tx.seq, tx.rows)

    def act(self, kind: str, payload: dict[str, Any], dice: Dice | None = None) -> ActionResult:
        """Apply one action and append it, with its dice, in one transaction.

        Without ``dice`` the action rolls the game's keyed dice (:mod:`umpire.core.keyed`); dice
        given (``--roll``, ``--dice manual``, a script) win over them and are recorded as typed.
        """
        from umpire.engine.acting import keyed_dice, run

        self.check_kind(kind)
        if self._amend is not None:
            n, drop = self._amend
            done = self.amend(n, kind, payload, dice, drop_invalid=drop)
            self.correction = done
            new = next(b for _, b in done.pairs if b is not None)
            return ActionResult(new.seq, kind, new.summary, done.state, list(new.rolls), [])
        seen = None
        if isinstance(dice, ManualDice):
            dice, seen = self._roll_by_hand(kind, payload, dice)  # refused before any die if the game is over
        with self.transaction() as tx:
            if seen is not None and tx.seq != seen:
                raise StoreError(
                    "the game changed while the dice were being rolled (another command wrote it); "
                    "nothing was written: run the command again"
                )
            keyed = keyed_dice(tx.state, given=dice)
            applied = run(tx.state, kind, payload, keyed)
            if isinstance(dice, GivenDice):
                dice.check_all_used("--roll")
            rolls = list(keyed.rolls)
            seq = tx.append(applied.state, log.NewEvent(
                kind, payload, rolls, *when(applied), summary=applied.summary,
                results=[r.to_json() for r in applied.resolutions],
            ))
        return ActionResult(seq, kind, applied.summary, tx.state, rolls, applied.resolutions)

    def preview(self, kind: str, payload: dict[str, Any]) -> ActionResult:
        """What ``kind`` would do now, with the game's keyed dice, without writing anything: the
        same handler and checks as :meth:`act`, so a move's cost against its allowance, or the
        error that refuses it, is in the words the action itself would use. ``seq`` is the last
        event the preview was made on (the action itself would be the next).

        :raises UmpireError: exactly as :meth:`act` would for this action now.
        """
        self.check_kind(kind)
        applied, keyed, seen = self._try(kind, payload, None)
        return ActionResult(seen, kind, applied.summary, applied.state, list(keyed.rolls), applied.resolutions)

    def _try(self, kind: str, payload: dict[str, Any], dice: Dice | None) -> tuple[Any, Any, int]:
        """``kind`` run on the current state (under amending(): the state before the action
        amended) without the lock; returns what it did, its dice and the last event it saw."""
        from umpire.engine.acting import keyed_dice, run

        with self.file.read() as conn:
            seen = log.last_seq(conn)
            state = self.state if self._amend is not None else \
                log.load_state(conn, self.path, known=self._known, models=self.own_models())
        keyed = keyed_dice(state, given=dice)
        return run(state, kind, payload, keyed), keyed, seen

    def _roll_by_hand(self, kind: str, payload: dict[str, Any], dice: Dice) -> tuple[Dice, int]:
        """Dice the umpire types in are asked for before the lock is taken (nobody waits on a
        prompt): the action is tried on the current state, and then made for real, inside the
        transaction, with the values read, provided the log has not moved on meanwhile."""
        _, keyed, seen = self._try(kind, payload, dice)
        return ScriptedDice(v for r in keyed.rolls for v in r.values), seen

    def expecting(self, seq: int | None) -> Game:
        """This game, set so that every write first checks that the file's last event is still
        #``seq`` (what a page showed when the umpire clicked), inside the lock: if another
        command has written since, the write is refused whole with :class:`StaleError`."""
        self.expected = seq
        return self

    # -- corrections (umpire.engine.corrections) ---------------------------------------------
    def undo(self, to: int | None = None) -> Correction:
        """Take back the last step in force (an action, or the amendment made last, whole), or
        with ``to`` every action in force after #to. :raises UmpireError: if it cannot."""
        return undo(self, to)

    def redo(self) -> Correction:
        """Re-apply what the last undo took back. :raises UmpireError: if nothing is to redo."""
        return redo(self)

    def amend(self, n: int, kind: str, payload: dict[str, Any], dice: Dice | None = None, *,
              drop_invalid: bool = False) -> Correction:
        """Replace action #n and re-resolve every later action on top of it (keyed dice).

        :raises UmpireError: if #n is not an action in force, or the result would not be legal.
        """
        seen = None
        if isinstance(dice, ManualDice):
            dice, seen = self._roll_by_hand(kind, payload, dice)
        return amend(self, n, kind, payload, dice, drop_invalid=drop_invalid, seen=seen)

    def amending(self, n: int, *, drop_invalid: bool = False) -> Game:
        """This game, set so that :attr:`state` is the state just before action #n and
        :meth:`act` amends #n instead of appending (how ``umpire amend N COMMAND ...`` runs
        COMMAND). :raises UmpireError: if #n is not an action in force."""
        self._state = self.state_before(n)
        self._amend = (n, drop_invalid)
        return self

    # -- replay ---------------------------------------------------------------------------
    def fold(self, state: GameState, events: list[log.StoredEvent]) -> GameState:
        """``state`` with ``events`` applied in order, their dice played back as recorded.

        Each handler gets the state in its canonical form, exactly as a live action gets it
        from the snapshot. :raises StoreError: naming the event that cannot be replayed.
        """
        from umpire.engine.replay import apply_recorded

        for ev in events:
            state = apply_recorded(self.path, state, ev)
        return state

    def state_of(self, live: list[log.StoredEvent], events: list[log.StoredEvent] | None = None) -> GameState:
        """The state with the actions ``live`` in force (in order, as the log has them), folded
        from the latest checkpoint that fits them (a report of a turn, or of the game before a
        correction, is not replayed from the start); ``events``: the whole log, if the caller
        has just read it."""
        from umpire.engine import checkpoints

        with self.file.read() as conn, sql_errors(self.path):
            state, rest = checkpoints.start(self, conn, self.events() if events is None else events, live,
                                            self.state.terrain)
        return self.fold(state, rest)

    def replay(self) -> GameState:
        """The state rebuilt from the scenario and the log, dice played back as recorded."""
        return self.fold(self.scenario_state(), log.effective(self.events()))

    def check(self) -> list[str]:
        """Differences between the stored state (and checkpoints) and the replay of the log
        (empty: they agree). Every seeded roll is derived again from the seed and its key on the
        way: those that differ are kept in :attr:`forged`."""
        import json

        from umpire.engine.replay import compare, dice_differences, fold_checked

        with self.file.read() as conn, sql_errors(self.path):
            stored = log.load_state(conn, self.path, models=self.own_models())
            events = self.events()
            units = stored_units(conn, SCHEMA)
            kept = read_checkpoints(conn)
        self._state = stored
        self.checked = len(events)  # how many events the check read
        self.forged = dice_differences(int(self.info["seed"]), events)
        bad = []
        seqs = {e.seq for e in events}
        for seq, text in sorted(kept.items()):
            if seq not in seqs:
                bad.append(f"a checkpoint belongs to event #{seq}, which does not exist")
                del kept[seq]
                continue
            try:
                json.loads(text)
            except (ValueError, TypeError, RecursionError):
                bad.append(f"the checkpoint after event #{seq} is not valid JSON")
                del kept[seq]
        replayed, problems = fold_checked(self.path, self.scenario_state(), events, log.effective(events), kept)
        return compare(stored, replayed, units) + bad + problems


class _Row(dict):  # type: ignore[type-arg]
    """The game row, its large columns read on first use (most commands never need them)."""

    LARGE = ("scenario", "terrain")

    def __init__(self, game: Game, items: Any) -> None:
        super().__init__(items)
        self._game = game

    def __missing__(self, key: str) -> Any:
        if key not in self.LARGE:
            raise KeyError(key)
        with sql_errors(self._game.path):
            row = read_row(self._game.file.conn, SCHEMA, "game", [key])
        self[key] = row[key] if row else None
        return self[key]
