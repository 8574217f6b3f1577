"""Checking the rows of the event log as they are read: a damaged file is reported by event number.

:func:`scan_events` reads ``events`` and ``rolls`` and returns the events it could make sense of
with every problem found, in event order (``event #7 has a payload that is not valid JSON``).
Commands stop at the first problem; ``umpire doctor`` lists them all.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from umpire.core.dice import Roll
from umpire.errors import StoreError
from umpire.store.events import StoredEvent, split_results
from umpire.store.history import Broken, Walk


@dataclass
class Scan:
    events: list[StoredEvent] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


class _Bad(Exception):
    pass


def _json(text: Any, what: str, want: type, *, null_ok: bool = False) -> Any:
    """``text`` read as JSON of type ``want``; ``what`` names it with its verb ("a payload that is")."""
    if text is None and null_ok:
        return want()
    if not isinstance(text, str | bytes):
        raise _Bad(f"has {what} not JSON text")
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise _Bad(f"has {what} not valid JSON") from None
    if not isinstance(value, want):
        raise _Bad(f"has {what} not a JSON {'object' if want is dict else 'list'}")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _rolls(conn: sqlite3.Connection, seqs: set[int], out: list[tuple[int, str]]) -> dict[int, list[Roll]]:
    rolls: dict[int, list[Roll]] = {}
    for rid, seq, n, why, sides, vals, key, typed in conn.execute(
        "select id, seq, n, why, sides, vals, key, typed from rolls order by seq, n, id"
    ).fetchall():
        if not _int(seq) or seq not in seqs:
            out.append((seq if _int(seq) else 0, f"a roll (row {rid}) belongs to event #{seq}, which does not exist"))
            continue
        try:
            if not _int(sides) or sides < 1:
                raise _Bad(f"has a roll (number {n}) on a die of {sides!r} sides")
            values = _json(vals, f"a roll (number {n}) whose values are", list)
            if not values or not all(_int(v) and 1 <= v <= sides for v in values):
                raise _Bad(f"has a roll (number {n}) with values {values!r} no d{sides} can show")
            if not isinstance(why, str):
                raise _Bad(f"has a roll (number {n}) with no reason recorded")
            if key is not None and (not isinstance(key, str) or "#" not in key):
                raise _Bad(f"has a roll (number {n}) whose key {key!r} is not a roll key (scope#n)")
            if typed not in (None, 0, 1) or isinstance(typed, float):
                raise _Bad(f"has a roll (number {n}) that says typed {typed!r} (0 or 1)")
        except _Bad as exc:
            out.append((seq, f"event #{seq} {exc}"))
            continue
        rolls.setdefault(seq, []).append(
            Roll(why=why, sides=sides, values=tuple(values), key=key, typed=None if typed is None else bool(typed))
        )
    return rolls


def scan_events(conn: sqlite3.Connection) -> Scan:
    """Every event in order with its rolls, and everything wrong with the rows."""
    rows = conn.execute(
        "select seq, kind, payload, summary, turn, phase, undoes, created, results, part_of, replaces "
        "from events order by seq"
    ).fetchall()
    found: list[tuple[int, str]] = []
    seqs = {r[0] for r in rows if _int(r[0])}
    rolls = _rolls(conn, seqs, found)
    scan = Scan()
    history = Walk()
    expected = 1
    for seq, kind, payload, summary, turn, phase, undoes, created, results, part_of, replaces in rows:
        try:
            if not _int(seq) or seq < 1:
                raise _Bad(f"has the number {seq!r} (event numbers are whole numbers from 1)")
            if seq != expected:  # nothing is ever deleted from the log: the numbers run 1, 2, 3...
                gap = f"#{expected}" if seq == expected + 1 else f"#{expected} to #{seq - 1}"
                found.append((expected, f"event {gap} {'is' if seq == expected + 1 else 'are'} missing from the log"))
            expected = seq + 1
            if not isinstance(kind, str) or not kind:
                raise _Bad("has no action kind")
            data = _json(payload, "a payload that is", dict)
            res = _json(results, "results that are", list, null_ok=True)
            if not all(isinstance(r, dict) for r in res):
                raise _Bad("has results that are not a list of JSON objects")
            if turn is not None and not _int(turn):
                raise _Bad(f"has the turn {turn!r} (a whole number)")
            if phase is not None and not isinstance(phase, str):
                raise _Bad(f"has the phase {phase!r} (a name)")
            if summary is not None and not isinstance(summary, str):
                raise _Bad("has a summary that is not text")
            try:
                history.check(seq, kind, data, undoes, part_of, replaces, seqs)
            except Broken as exc:
                raise _Bad(str(exc)) from None
        except _Bad as exc:
            found.append((seq if _int(seq) else 0, f"event #{seq} {exc}"))
            continue
        results, records = split_results(res)
        scan.events.append(
            StoredEvent(
                seq=seq, kind=kind, payload=data, summary=summary or "", turn=turn, phase=phase,
                undoes=undoes, created=str(created or ""), rolls=tuple(rolls.get(seq, [])),
                results=results, records=records, part_of=part_of, replaces=replaces,
            )
        )
    scan.problems = [msg for _, msg in sorted(found, key=lambda p: p[0])]
    return scan


def read_events(conn: sqlite3.Connection, path: Path) -> list[StoredEvent]:
    """Every event in order, each with its rolls, every row checked (plain sqlite3).

    :raises StoreError: naming the first bad row by its event number.
    """
    scan = scan_events(conn)
    if scan.problems:
        raise StoreError(f"{path}: {scan.problems[0]}")
    return scan.events
