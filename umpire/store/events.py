"""The append-only event log.

Each umpire action is one row in ``events`` plus its dice in ``rolls``; :func:`append` writes
both, with the new snapshot and the ``units`` projection, inside one transaction. An ``undo``
is itself an event (``kind='undo'``, ``undoes=<seq>``): nothing is ever deleted.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from umpire.core.dice import Roll
from umpire.core.state import GameState

if TYPE_CHECKING:
    from sqlite_utils import Database


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


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def dump_state(state: GameState) -> str:
    return json.dumps(state.model_dump(mode="json"), sort_keys=True, ensure_ascii=False)


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


def write_projection(db: Database, state: GameState, seq: int) -> None:
    """Replace the snapshot and the units table with ``state`` (call inside a transaction)."""
    db["snapshot"].upsert({"id": 1, "seq": seq, "state": dump_state(state)}, pk="id")
    db.execute("delete from units")
    rows = unit_rows(state)
    if rows:
        cols = list(rows[0])
        db.conn.executemany(
            f"insert into units ({', '.join(cols)}) values ({', '.join('?' * len(cols))})",
            [tuple(r[c] for c in cols) for r in rows],
        )


def append(
    db: Database,
    *,
    kind: str,
    payload: dict[str, Any],
    rolls: list[Roll],
    state: GameState,
    summary: str = "",
    undoes: int | None = None,
    results: list[dict[str, Any]] | None = None,
    turn: int | None = None,
    phase: str | None = None,
) -> int:
    """Append one event with its rolls and the state it led to, atomically. Returns its seq.

    ``turn`` and ``phase`` default to where ``state`` stands."""
    with db.atomic():
        table = db["events"]
        table.insert(
            {
                "kind": kind,
                "payload": json.dumps(payload, sort_keys=True, ensure_ascii=False),
                "summary": summary,
                "turn": state.turn if turn is None else turn,
                "phase": state.phase if phase is None else phase,
                "undoes": undoes,
                "created": _now(),
                "results": json.dumps(results or [], ensure_ascii=False, default=str),
            }
        )
        seq = int(table.last_pk)  # type: ignore[arg-type]
        if rolls:
            db["rolls"].insert_all(
                {"seq": seq, "n": n, "why": r.why, "sides": r.sides, "vals": json.dumps(list(r.values))}
                for n, r in enumerate(rolls)
            )
        write_projection(db, state, seq)
    return seq


def _query(conn: sqlite3.Connection, sql: str) -> list[dict[str, Any]]:
    cur = conn.execute(sql)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, row, strict=True)) for row in cur.fetchall()]


def read_events(conn: sqlite3.Connection) -> list[StoredEvent]:
    """Every event in order, each with its rolls (plain sqlite3: reading stays light)."""
    rolls: dict[int, list[Roll]] = {}
    for row in _query(conn, "select seq, why, sides, vals from rolls order by seq, n"):
        rolls.setdefault(row["seq"], []).append(
            Roll(why=row["why"], sides=row["sides"], values=tuple(json.loads(row["vals"])))
        )
    out = []
    for row in _query(conn, "select * from events order by seq"):
        stored = json.loads(row.get("results") or "[]")
        out.append(StoredEvent(
            seq=row["seq"], kind=row["kind"], payload=json.loads(row["payload"]),
            summary=row["summary"] or "", turn=row["turn"], phase=row["phase"],
            undoes=row["undoes"], created=row["created"], rolls=tuple(rolls.get(row["seq"], [])),
            results=tuple(r for r in stored if not (isinstance(r, dict) and r.get("record"))),
            records=tuple({**r, "n": n} for n, r in enumerate(stored) if isinstance(r, dict) and r.get("record")),
        ))
    return out


def effective(events: list[StoredEvent]) -> list[StoredEvent]:
    """The actions still in force: every non-undo event not taken back by an undo."""
    undone = {e.undoes for e in events if e.kind == "undo"}
    return [e for e in events if e.kind != "undo" and e.seq not in undone]


def stored_state(conn: sqlite3.Connection) -> tuple[int, str] | None:
    row = conn.execute("select seq, state from snapshot where id = 1").fetchone()
    return (row[0], row[1]) if row else None
