"""Replaying the log: one recorded event applied to a state, and the stored state compared with it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from umpire.core.dice import ScriptedDice, keyed_values
from umpire.core.diff import json_diff
from umpire.core.snapshot import canonical_state, state_json
from umpire.core.state import GameState
from umpire.engine.acting import handlers_of, keys_of, settle
from umpire.errors import StoreError, UmpireError
from umpire.store import events as log
from umpire.turns.common import Applied


def apply_recorded(path: Path, state: GameState, ev: log.StoredEvent) -> GameState:
    """``state`` after the recorded event ``ev`` (its dice played back), in canonical form.

    :raises StoreError: naming the event, if it cannot be replayed (a damaged file, or a log
        made by an umpire whose rules differ).
    """
    return canonical_state(_run(path, state, ev).state)


def _run(path: Path, state: GameState, ev: log.StoredEvent) -> Applied:
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
    return applied


def result_problems(ev: log.StoredEvent, applied: Applied) -> list[str]:
    """Where the texts and results stored with ``ev`` (its summary, each resolution and record)
    differ from what its replay gives: a result rewritten by hand ("bmp-51 eliminated" made
    "escaped") is named, so reports and campaigns never read a result the dice did not give."""
    out = []
    if ev.summary != applied.summary:
        out.append(f"event #{ev.seq} ({ev.kind}): its stored summary is not what its resolution gives "
                   f"({_first_difference(ev.summary, applied.summary)})")
    stored = log.stored_results(ev)
    made = json.loads(json.dumps([r.to_json() for r in applied.resolutions], ensure_ascii=False, default=str))
    if len(stored) != len(made):
        out.append(f"event #{ev.seq} ({ev.kind}): {len(stored)} results are stored, its resolution gives {len(made)}")
    for i, (a, b) in enumerate(zip(stored, made, strict=False)):
        where = list(json_diff(a, b, ""))
        if where:
            out.append(f"event #{ev.seq} ({ev.kind}): stored result {i + 1} ({_named(b)}) is not what its "
                       f"resolution gives: {where[0].lstrip('.')}")
    return out


def _named(r: Any) -> str:
    """A stored result named by what it is and whom it concerns: ``fire a-1-64 -> t80-1``."""
    if not isinstance(r, dict):
        return "not a result"
    who = [str(r[k]) for k in ("firer", "unit", "attacker", "spotter", "side", "battalion") if r.get(k)][:1]
    return " ".join([str(r.get("procedure") or "result"), *who]) + (f" -> {r['target']}" if r.get("target") else "")


def _first_difference(stored: str, replayed: str) -> str:
    """The clause where two texts part: ``stored '... escaped', the replay '... eliminated'``."""
    a, b = stored.split("; "), replayed.split("; ")
    i = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    x, y = (a[i] if i < len(a) else ""), (b[i] if i < len(b) else "")
    return f"stored {x!r}, the replay {y!r}"


def fold_checked(path: Path, state: GameState, events: list[log.StoredEvent], live: list[log.StoredEvent],
                 checkpoints: dict[int, str]) -> tuple[GameState, list[str]]:
    """``state`` with the actions ``live`` applied, and what differs from it among the stored
    ``checkpoints`` still valid (the JSON text after each event, by number) and among the texts
    and results stored with each action (:func:`result_problems`)."""
    from umpire.engine.checkpoints import usable

    check = set(usable(events, [e.seq for e in live])) & set(checkpoints)
    problems = []
    for ev in live:
        applied = _run(path, state, ev)
        problems += result_problems(ev, applied)
        state = canonical_state(applied.state)
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
