"""Records an event keeps beside its resolutions: what changed on the table and the umpire's
notes, as plain data for the reports to compose each side's view from.

A record is a :class:`~umpire.core.resolution.Resolution` with no dice, stored with the event's
results but marked ``"record": true`` (:class:`~umpire.store.events.StoredEvent` keeps records
apart from the resolutions): ``procedure`` names what it records, its facts hold the fields (a
model per kind of record: :class:`ChangesFacts` and :class:`NotesFacts` here, a ruleset's own
beside its results), and ``side`` says who may read it: a side id, or ``"umpire"`` for the
umpire alone.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from umpire.core.dice import Dice
from umpire.core.resolution import Facts, Resolution
from umpire.core.shared import held_units
from umpire.core.state import GameState
from umpire.turns.common import Applied, Handler


class ChangesFacts(Facts):
    """The units whose position, facing, status or hits an event changed."""

    units: list[dict[str, Any]] = []


class NotesFacts(Facts):
    """The lines of a handler's summary no resolution tells."""

    lines: list[str] = []


def record(ruleset: str, kind: str, facts: Facts | None = None, *, side: str | None = None,
           summary: str = "") -> Resolution:
    """One record of ``kind`` (``procedure``), its fields ``facts``."""
    facts = facts if facts is not None else Facts()
    if side is not None:
        facts.side = side
    facts.record = True
    return Resolution(ruleset=ruleset, procedure=kind, outcome={}, summary=summary, facts=facts)


def _r(v: float | None) -> float | None:
    return None if v is None else round(float(v), 3)


def changes(before: GameState, after: GameState) -> Resolution | None:
    """Every unit whose position, facing, status or hits changed between the two states: where
    it went and what it became (``destroyed`` says how, where the ruleset tells)."""
    out: list[dict[str, Any]] = []
    # read as held: a unit the action never handed out is the very one before holds (not copied)
    for uid, a in held_units(after.units):
        b = before.units.get(uid)
        if b is None or b is a:
            continue
        moved = (a.x, a.y, a.facing) != (b.x, b.y, b.facing)
        if not moved and (a.status, a.hits) == (b.status, b.hits):
            continue
        entry: dict[str, Any] = {"unit": uid}
        if moved:
            entry.update({"from": [_r(b.x), _r(b.y)], "at": [_r(a.x), _r(a.y)], "facing": _r(a.facing)})
        if a.status != b.status:
            entry["status"] = [b.status, a.status]
            if a.destroyed:
                entry["destroyed"] = a.destroyed
        if a.hits != b.hits:
            entry["hits"] = [b.hits, a.hits]
        out.append(entry)
    return record(after.ruleset, "changes", ChangesFacts(units=out), side="umpire") if out else None


def notes(ruleset: str, lines: Iterable[str], results: Iterable[Resolution], side: str = "umpire",
          ) -> Resolution | None:
    """The lines of a handler's summary that no resolution already tells (warnings, bookkeeping),
    for ``side`` to read."""
    covered: set[Any] = set()
    for r in results:
        covered.update((r.summary, r.facts.line))
    rest = [ln for ln in lines if ln not in covered]
    return record(ruleset, "notes", NotesFacts(lines=rest), side=side) if rest else None


def recorded(fn: Handler) -> Handler:
    """A handler that also records what changed on the table (:func:`changes`)."""

    @functools.wraps(fn)
    def wrapper(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
        applied = fn(state, payload, dice)
        done = changes(state, applied.state)
        if done is not None:
            applied.resolutions = [*applied.resolutions, done]
        return applied

    return wrapper
