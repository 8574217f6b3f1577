"""The append-only event log, and the projections written beside it.

Each umpire action is one row in ``events`` plus its dice in ``rolls``; :func:`append` writes
both, and :func:`write_projection` the new snapshot and ``units`` rows, all inside the caller's
write transaction (see :meth:`umpire.store.db.GameFile.write`). An ``undo`` is itself an event
(``kind='undo'``, ``undoes=<seq>``): nothing is ever deleted. Reading validates every row
(:mod:`umpire.store.rows`), so a damaged file is reported by event number, never a traceback.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from umpire.core.dice import Roll
from umpire.core.shared import held_values
from umpire.core.snapshot import read_only, state_json, unchanged, written_text
from umpire.core.state import GameState, OwnModels, Terrain, UnitState
from umpire.errors import StoreError
from umpire.store.db import SCHEMA


@dataclass(frozen=True)
class StoredEvent:
    seq: int
    kind: str
    payload: dict[str, Any]
    summary: str = ""
    turn: int | None = None
    phase: str | None = None
    undoes: int | None = None
    created: str = ""
    rolls: tuple[Roll, ...] = field(default_factory=tuple)
    results: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    # what the event recorded beside its resolutions for the reports (``"record": true``; ``n``:
    # its place among the results as stored)
    records: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    part_of: int | None = None  # the correction that appended it (an ``amend``)
    replaces: int | None = None  # the action it stands in for (amended, or re-resolved on top of it)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def dump_state(state: GameState) -> str:
    """The state as canonical JSON (what the snapshot holds)."""
    return state_json(state)


UNIT_COLUMNS = SCHEMA["units"]  # the units table's columns, declared once with the file's schema


def unit_rows(state: GameState) -> list[dict[str, Any]]:
    return [
        {
            "id": u.id, "side": u.side, "name": u.name, "formation": u.formation, "kind": u.kind,
            "type": u.type or u.card or u.statline, "quality": u.quality, "x": u.x, "y": u.y,
            "facing": u.facing, "base_w": u.base[0], "base_d": u.base[1], "status": u.status,
            "hits": u.hits, "orders": u.orders,
        }
        for u in state.units.values()
    ]


def write_projection(conn: sqlite3.Connection, state: GameState, seq: int, text: str | None = None,
                     rows: Rows | None = None) -> Rows:
    """Replace the snapshot and the units table with ``state`` (inside a write transaction);
    ``text`` is the state's JSON when the caller already has it. ``rows``: the rows the units
    table holds, as this process wrote them (by unit id, in the table's order): if ``state``
    holds the same units in the same order, only the rows that differ are written, in place (the
    table ends row for row as writing it whole leaves it). Returns the rows the table now holds."""
    conn.execute(
        "insert or replace into snapshot (id, seq, state) values (1, ?, ?)",
        (seq, dump_state(state) if text is None else text),
    )
    now = {u.id: _row(u) for u in held_values(state.units)}
    if rows is not None and list(rows) == list(now):
        changed = [(*row[1:], row[0]) for uid, row in now.items() if rows[uid] != row]
        if changed:
            conn.executemany(_UPDATE, changed)
        return now
    conn.execute("delete from units")
    if now:
        conn.executemany(f"insert into units ({', '.join(UNIT_COLUMNS)}) values ({', '.join('?' * len(UNIT_COLUMNS))})",
                         list(now.values()))
    return now


Rows = dict[str, tuple[Any, ...]]  # the units table's rows by unit id, in its order


def _row(u: UnitState) -> tuple[Any, ...]:
    """A unit's row: the columns of unit_rows, in its order (made as a tuple: a big game writes thousands)."""
    return (u.id, u.side, u.name, u.formation, u.kind, u.type or u.card or u.statline, u.quality, u.x, u.y, u.facing,
            u.base[0], u.base[1], u.status, u.hits, u.orders)


_UPDATE = f"update units set {', '.join(f'{c} = ?' for c in UNIT_COLUMNS[1:])} where id = ?"


@dataclass(frozen=True)
class NewEvent:
    """An event to append: the action (``kind``, ``payload``) with its rolls and summary, when
    it happened (``turn``, ``phase``), the event it takes back (``undoes``), its resolutions
    (``results``), the correction it is part of (``part_of``) and the event it stands in for
    (``replaces``)."""

    kind: str
    payload: dict[str, Any]
    rolls: list[Roll]
    turn: int
    phase: str
    summary: str = ""
    undoes: int | None = None
    results: list[dict[str, Any]] | None = None
    part_of: int | None = None
    replaces: int | None = None


def append(conn: sqlite3.Connection, event: NewEvent) -> int:
    """Append one event with its rolls (inside a write transaction). Returns its seq."""
    e = event
    cur = conn.execute(
        "insert into events (kind, payload, summary, turn, phase, undoes, created, results, part_of, replaces) "
        "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            e.kind, _PAYLOAD.encode(e.payload), e.summary, e.turn, e.phase,
            e.undoes, _now(), _RESULTS.encode(e.results or []), e.part_of, e.replaces,
        ),
    )
    seq = int(cur.lastrowid or 0)
    rolls = e.rolls
    if rolls:
        conn.executemany(
            "insert into rolls (seq, n, why, sides, vals, key, typed) values (?, ?, ?, ?, ?, ?, ?)",
            [
                (seq, n, r.why, r.sides, json.dumps(list(r.values)), r.key, None if r.typed is None else int(r.typed))
                for n, r in enumerate(rolls)
            ],
        )
    return seq


def _refuse(value: Any) -> Any:
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


# json.dumps(payload, sort_keys=True, ensure_ascii=False) and json.dumps(results, ensure_ascii=False,
# default=str), each by an encoder made once, without looking for a value inside itself (an
# action's payload and results are plain values: trees; a result list of a big phase runs to
# megabytes, and the check was a sixth of writing it)
_PAYLOAD = json.JSONEncoder(sort_keys=True, ensure_ascii=False, check_circular=False, default=_refuse)
_RESULTS = json.JSONEncoder(ensure_ascii=False, check_circular=False, default=str)


def split_results(stored: list[dict[str, Any]]) -> tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]]:
    """The ``results`` column as (resolutions, records): records are marked ``"record": true``
    and keep ``n``, their place among the results as stored."""
    return (
        tuple(r for r in stored if not r.get("record")),
        tuple({**r, "n": n} for n, r in enumerate(stored) if r.get("record")),
    )


def stored_results(e: StoredEvent) -> list[dict[str, Any]]:
    """The ``results`` column of ``e`` as it was written: its resolutions and records in their
    stored order (the inverse of :func:`split_results`)."""
    out = list(e.results)
    for r in sorted(e.records, key=lambda r: int(r.get("n", 1 << 30))):
        rest = {k: v for k, v in r.items() if k != "n"}
        out.insert(min(int(r.get("n", len(out))), len(out)), rest)
    return out


def effective(events: list[StoredEvent]) -> list[StoredEvent]:
    """The actions still in force, in order (:mod:`umpire.store.history` says how)."""
    from umpire.store.history import effective as in_force

    return in_force(events)


def last_seq(conn: sqlite3.Connection) -> int:
    return int(conn.execute("select coalesce(max(seq), 0) from events").fetchone()[0])


def _same(known: GameState, text: object, terrain: str) -> bool:
    """Whether ``known`` is what parsing snapshot ``text`` and ``terrain`` would give."""
    return text == written_text(known) and terrain == known.terrain.to_json() and unchanged(known)


def load_state(conn: sqlite3.Connection, path: Path, known: GameState | None = None,
               models: OwnModels | None = None) -> GameState:
    """The stored state (the snapshot, with the terrain kept beside it), checked: valid JSON, a
    valid state, up to the last event; ``models``: its ruleset's own state models (what its units
    keep of their own is read with them). It is read-only (:func:`umpire.core.snapshot.read_only`);
    the terrain is parsed when first read. ``known``: a canonical state this process read or
    wrote; if the snapshot and terrain are the very text it was written as (and read from),
    it is what parsing them would give, and is returned as it is.

    :raises StoreError: saying what is wrong with it.
    """
    from pydantic import ValidationError

    # One statement, so the snapshot and the end of the log are read at the same moment.
    row = conn.execute(
        "select seq, state, (select coalesce(max(seq), 0) from events), (select terrain from game where id = 1) "
        "from snapshot where id = 1"
    ).fetchone()
    if row is None:
        raise StoreError(f"{path}: the file holds no game state (the snapshot is missing)")
    seq, text, last, terrain = row
    if seq != last:
        raise StoreError(
            f"{path}: the stored state is at event #{seq} but the log ends at event #{last}; "
            "'umpire doctor' lists what is wrong"
        )
    if not isinstance(text, str | bytes):
        raise StoreError(f"{path}: the stored state (snapshot) is not JSON text")
    if not isinstance(terrain, str):
        raise StoreError(f"{path}: the stored terrain is missing; 'umpire doctor' lists what is wrong")
    if known is not None and _same(known, text, terrain):
        return known
    try:
        state = GameState.model_validate_json(text, context=models)
    except ValidationError as exc:
        first = exc.errors()[0]
        if first.get("type") == "json_invalid":
            raise StoreError(f"{path}: the stored state (snapshot) is not valid JSON") from None
        where = ".".join(str(p) for p in first.get("loc", ())) or "(state)"
        raise StoreError(
            f"{path}: the stored state (snapshot) is not a valid game state: {where}: {first.get('msg')}"
        ) from None
    state.terrain = Terrain.from_json(terrain)
    return read_only(state, text if isinstance(text, str) else None)
