"""Replaying the log: one recorded event applied to a state, and the stored state compared with it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from umpire.core.dice import ScriptedDice, keyed_values
from umpire.core.diff import json_diff
from umpire.core.state import GameState, canonical_state
from umpire.engine.acting import handlers_of, keys_of, settle
from umpire.errors import StoreError, UmpireError
from umpire.store import events as log


def apply_recorded(path: Path, state: GameState, ev: log.StoredEvent) -> GameState:
    """``state`` after the recorded event ``ev`` (its dice played back), in canonical form.

    :raises StoreError: naming the event, if it cannot be replayed (a damaged file, or a log
        made by an umpire whose rules differ).
    """
    handler = handlers_of(state.ruleset).get(ev.kind)
    if handler is None:
        raise StoreError(f"{path}: event #{ev.seq} has an unknown action kind {ev.kind!r}")
    dice = ScriptedDice(v for r in ev.rolls for v in r.values)
    try:
        applied = handler(state, ev.payload, dice)
        settle(applied, state, keys_of(ev.rolls))
    except UmpireError as exc:
        raise StoreError(f"{path}: event #{ev.seq} ({ev.kind}) cannot be replayed: {exc}") from None
    except Exception as exc:  # a payload the handler cannot read: the row was changed
        raise StoreError(
            f"{path}: event #{ev.seq} ({ev.kind}) cannot be replayed: its payload is not what a "
            f"{ev.kind} action records ({type(exc).__name__}: {exc})"
        ) from None
    return canonical_state(applied.state)


def fold_checked(path: Path, state: GameState, events: list[log.StoredEvent], live: list[log.StoredEvent],
                 checkpoints: dict[int, str]) -> tuple[GameState, list[str]]:
    """``state`` with the actions ``live`` applied, and what differs from it among the stored
    ``checkpoints`` still valid (the JSON text after each event, by number)."""
    from umpire.core.state import state_json
    from umpire.engine.checkpoints import usable

    check = set(usable(events, [e.seq for e in live])) & set(checkpoints)
    problems = []
    for ev in live:
        state = apply_recorded(path, state, ev)
        if ev.seq in check and state_json(state) != checkpoints[ev.seq]:
            problems.append(f"the checkpoint after event #{ev.seq} is not the state the replay gives there")
    return state, problems


def compare(stored: GameState, replayed: GameState, units: dict[str, dict[str, Any]]) -> list[str]:
    """What differs between the stored state (and ``units`` rows) and the replay."""
    diffs = list(json_diff(stored.model_dump(mode="json"), replayed.model_dump(mode="json"), ""))
    if stored.terrain != replayed.terrain:
        diffs.append("terrain: the stored terrain differs from the scenario's")
    for r in log.unit_rows(replayed):
        if units.get(r["id"]) != r:
            diffs.append(f"units table row {r['id']!r} differs from the replay")
    if set(units) - set(replayed.units):
        diffs.append("units table has rows the replay does not")
    return diffs




def _faces(values: tuple[int, ...]) -> str:
    return ", ".join(map(str, values))


def dice_differences(seed: int, events: list[log.StoredEvent], *, whose: str = "game",
                     keyed_by_why: bool = False) -> list[str]:
    """Every seeded roll of ``events`` whose faces are not what the seed and the roll's key give
    (a die edited by hand in the file), named by its event, action and key; rolls typed in
    (``--roll``, ``--dice manual``) are the umpire's word and stay as typed, and rolls kept
    without a key (made before keyed dice) cannot be checked. A campaign's rolls are keyed by
    what they are for (``keyed_by_why``: :mod:`umpire.campaign.dice`).

    >>> from umpire.core.dice import Roll
    >>> ev = log.StoredEvent(seq=3, kind="fire", payload={}, summary="", turn=1, phase="p", undoes=None,
    ...     created="", rolls=(Roll("shot", 10, (11,), key="t1/p/fire#0", typed=False),))
    >>> dice_differences(4711, [ev])
    ["event #3 (fire): the roll for 'shot' keyed t1/p/fire#0 shows 11 where the game's seed gives 1"]
    """
    out = []
    for e in events:
        for r in e.rolls:
            key = r.why if keyed_by_why else r.key
            if r.typed or not key or r.sides < 1:
                continue
            want = keyed_values(seed, key, r.sides, len(r.values))
            if want != tuple(r.values):
                what = "" if keyed_by_why else f" for {r.why!r}"
                out.append(f"event #{e.seq} ({e.kind}): the roll{what} keyed {key} shows {_faces(r.values)} "
                           f"where the {whose}'s seed gives {_faces(want)}")
    return out
