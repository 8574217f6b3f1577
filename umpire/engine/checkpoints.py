"""Checkpoints: the state kept after each action that moved the game to another phase, so that
undo, redo and amend fold the few actions since the last one still valid instead of replaying
the game from its start.

A checkpoint after action #S holds the state with exactly the actions then in force up to #S.
It stays valid while no later correction has taken back or put back an action up to #S; a
damaged one is passed over (``umpire doctor`` names it). ``umpire replay --check`` never uses
them: it replays the log from the scenario.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING

from umpire.core.snapshot import read_only
from umpire.core.state import GameState, Terrain
from umpire.store import events as log
from umpire.store.history import restores, takes_back, walk
from umpire.store.rows_of import read_checkpoints, write_checkpoint

if TYPE_CHECKING:
    from umpire.engine.game import Game


def due(before: GameState, after: GameState) -> bool:
    """Whether an action from ``before`` to ``after`` earns a checkpoint (it changed the phase)."""
    return (before.turn, before.phase) != (after.turn, after.phase)


def write(conn: sqlite3.Connection, seq: int, text: str) -> None:
    write_checkpoint(conn, seq, text)


def usable(events: Sequence[log.StoredEvent], target: Sequence[int]) -> list[int]:
    """The checkpoints' event numbers that may start a fold to the actions ``target`` (in force
    after the correction), latest first, before any is read: an action of ``target`` that no
    correction since has touched at or below it, with ``target`` and the actions in force now
    agreeing up to it."""
    w = walk(events)
    touched = [(c, min([*takes_back(w.kinds[c], p), *restores(w.kinds[c], p)], default=c))
               for c, p in w.controls.items()]
    live = sorted(w.live)
    out = []
    for s in sorted(target, reverse=True):
        if any(c > s and m <= s for c, m in touched):
            continue
        if [x for x in target if x <= s] != [x for x in live if x <= s]:
            continue
        out.append(s)
    return out


def start(game: Game, conn: sqlite3.Connection, events: Sequence[log.StoredEvent],
          target: Sequence[log.StoredEvent], terrain: Terrain) -> tuple[GameState, list[log.StoredEvent]]:
    """Where to fold ``target`` (the actions in force, in order) from: the latest usable
    checkpoint and the actions after it, else the initial state and all of them."""
    from pydantic import ValidationError

    seqs = [e.seq for e in target]
    have = read_checkpoints(conn)
    for s in usable(events, seqs):
        text = have.get(s)
        if not isinstance(text, str):
            continue
        try:
            state = GameState.model_validate_json(text, context=game.own_models())
        except ValidationError:
            continue  # damaged: the doctor says so; fold from an earlier one
        state.terrain = terrain
        return read_only(state), [e for e in target if e.seq > s]
    return game.initial_state(), list(target)
