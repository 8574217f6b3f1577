"""A game: its store, its current state, and the actions that change it."""

from __future__ import annotations

import json
import random
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from umpire import __version__
from umpire.core.dice import Dice, GivenDice, RecordingDice, Roll, ScriptedDice
from umpire.core.resolution import Resolution
from umpire.core.state import GameState
from umpire.engine.handlers import HANDLERS
from umpire.errors import StoreError, UmpireError, unknown
from umpire.schema.scenario import Scenario, initial_state, scenario_from_data
from umpire.store import events as log
from umpire.store.db import create_db, open_db

if TYPE_CHECKING:
    from sqlite_utils import Database


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

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self._db: Database | None = None
        self._state: GameState | None = None

    @property
    def db(self) -> Database:
        """The sqlite-utils view of the file, made on first write (reads use plain sqlite3)."""
        if self._db is None:
            from sqlite_utils import Database

            self._db = Database(self.conn)
        return self._db

    # -- opening --------------------------------------------------------------------------
    @classmethod
    def create(
        cls, path: Path, scenario: Scenario, *, seed: int | None = None, replace: bool = False,
        where: str = "scenario",
    ) -> Game:
        """Start a game from a validated scenario. Nothing is written if the scenario is bad."""
        seed = seed if seed is not None else scenario.seed
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        state = initial_state(scenario, seed=seed, where=where)
        _check_rulings(state)
        _check_geometry(state)
        db = create_db(path, replace=replace)
        with db.atomic():
            db["game"].insert(
                {
                    "id": 1, "name": scenario.name, "ruleset": scenario.ruleset, "seed": seed,
                    "scenario": json.dumps(scenario.model_dump(mode="json"), ensure_ascii=False),
                    "rulings": json.dumps(state.rulings, sort_keys=True),
                    "created": datetime.now(UTC).isoformat(timespec="seconds"),
                    "umpire_version": __version__,
                }
            )
            log.write_projection(db, state, 0)
        game = cls(db.conn, Path(path))
        game._db = db
        game._state = state
        return game

    @classmethod
    def open(cls, path: Path) -> Game:
        return cls(open_db(path), Path(path))

    # -- reading --------------------------------------------------------------------------
    @property
    def info(self) -> dict[str, Any]:
        cur = self.conn.execute("select * from game where id = 1")
        row = cur.fetchone()
        if row is None:
            raise StoreError(f"--db {self.path}: the file holds no game")
        return dict(zip([d[0] for d in cur.description], row, strict=True))

    @property
    def state(self) -> GameState:
        if self._state is None:
            stored = log.stored_state(self.conn)
            if stored is None:
                raise StoreError(f"--db {self.path}: the file holds no game state")
            self._state = GameState.model_validate_json(stored[1])
        return self._state

    def scenario(self) -> Scenario:
        return scenario_from_data(json.loads(self.info["scenario"]), f"{self.path} (stored scenario)")

    def initial_state(self) -> GameState:
        return initial_state(self.scenario(), seed=int(self.info["seed"]))

    def events(self) -> list[log.StoredEvent]:
        return log.read_events(self.conn)

    # -- acting ---------------------------------------------------------------------------
    def turn_rules(self) -> Any:
        """The turn rules of this game's ruleset (their handlers are registered on import)."""
        from umpire.turns import load_turn_rules

        return load_turn_rules(self.info["ruleset"])

    def _load_handlers(self, kinds: set[str]) -> None:
        """Import the ruleset's turn module (its actions, and its checks on generic ones)."""
        del kinds
        try:
            self.turn_rules()
        except UmpireError:
            pass

    def act(self, kind: str, payload: dict[str, Any], dice: Dice) -> ActionResult:
        """Apply one action and append it, with its dice, in one transaction."""
        self._load_handlers({kind})
        if kind not in HANDLERS:
            raise unknown("action", kind, HANDLERS)
        recording = RecordingDice(dice)
        applied = HANDLERS[kind](self.state, payload, recording)
        if isinstance(dice, GivenDice):
            dice.check_all_used("--roll")
        rolls = recording.take()
        seq = log.append(
            self.db, kind=kind, payload=payload, rolls=rolls, state=applied.state,
            summary=applied.summary, results=[r.to_json() for r in applied.resolutions],
            turn=applied.turn, phase=applied.phase,
        )
        self._state = applied.state
        return ActionResult(seq, kind, applied.summary, applied.state, rolls, applied.resolutions)

    def undo(self) -> log.StoredEvent:
        """Take back the last action still in force (an ``undo`` event is appended)."""
        events = self.events()
        live = log.effective(events)
        if not live:
            raise StoreError("undo: nothing to undo (no action has been taken in this game)")
        target = live[-1]
        self._load_handlers({e.kind for e in live})
        state = self._fold(self.initial_state(), live[:-1])
        log.append(
            self.db, kind="undo", payload={"undoes": target.seq}, rolls=[], state=state,
            summary=f"undo #{target.seq}: {target.summary}", undoes=target.seq,
        )
        self._state = state
        return target

    # -- replay ---------------------------------------------------------------------------
    @staticmethod
    def _fold(state: GameState, events: list[log.StoredEvent]) -> GameState:
        for ev in events:
            dice = ScriptedDice(v for r in ev.rolls for v in r.values)
            state = HANDLERS[ev.kind](state, ev.payload, dice).state
        return state

    def replay(self) -> GameState:
        """The state rebuilt from the scenario and the log, dice played back as recorded."""
        live = log.effective(self.events())
        self._load_handlers({e.kind for e in live})
        return self._fold(self.initial_state(), live)

    def check(self) -> list[str]:
        """Differences between the stored state and the replay of the log (empty: they agree)."""
        replayed = self.replay()
        stored = self.state
        a, b = stored.model_dump(mode="json"), replayed.model_dump(mode="json")
        diffs = list(_diff(a, b, ""))
        cur = self.conn.execute("select * from units")
        cols = [d[0] for d in cur.description]
        rows = {r[0]: dict(zip(cols, r, strict=True)) for r in cur.fetchall()}
        for r in log.unit_rows(replayed):
            if rows.get(r["id"]) != r:
                diffs.append(f"units table row {r['id']!r} differs from the replay")
        if set(rows) - {u for u in replayed.units}:
            diffs.append("units table has rows the replay does not")
        return diffs


def _diff(a: Any, b: Any, path: str) -> Any:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                yield f"{path}.{k}: only in {'replay' if k in b else 'stored state'}"
            else:
                yield from _diff(a[k], b[k], f"{path}.{k}")
    elif a != b:
        yield f"{path or '(state)'}: stored {a!r}, replay {b!r}"


def _check_rulings(state: GameState) -> None:
    """Scenario rulings must name real rulings and choices of the ruleset (when it has a book)."""
    if not state.rulings:
        return
    from umpire.rules import find_ruleset

    find_ruleset(state.ruleset).rulings_book().select(state.rulings)


def _check_geometry(state: GameState) -> None:
    """Terrain shapes and types must be valid (geometry is imported only here, lazily)."""
    from umpire.geometry.terrain import check_terrain

    check_terrain(state)
