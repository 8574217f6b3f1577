"""The one-row tables and the checkpoints, read and written by name: the ``game`` row of a game
file, the ``campaign`` row of a campaign file, the units as the ``units`` table keeps them, the
states kept after a phase. Columns are those the file's schema declares
(:data:`umpire.store.db.SCHEMA`, :data:`umpire.store.campaign_file.SCHEMA`), never written out again."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any


def insert_row(conn: sqlite3.Connection, schema: Mapping[str, Sequence[str]], table: str,
               row: Mapping[str, Any]) -> None:
    """Insert ``row`` (column -> value) into ``table`` of a file with ``schema``."""
    unknown = [c for c in row if c not in schema[table]]
    if unknown:
        raise ValueError(f"{table} has no columns {unknown} (its columns: {', '.join(schema[table])})")
    conn.execute(f"insert into {table} ({', '.join(row)}) values ({', '.join('?' * len(row))})", tuple(row.values()))


def read_row(conn: sqlite3.Connection, schema: Mapping[str, Sequence[str]], table: str,
             columns: Sequence[str] | None = None) -> dict[str, Any] | None:
    """The row ``id = 1`` of a one-row ``table`` (its ``columns``, all by default), None if missing."""
    cols = list(columns if columns is not None else schema[table])
    if any(c not in schema[table] for c in cols):
        raise ValueError(f"{table}: unknown columns in {cols}")
    row = conn.execute(f"select {', '.join(cols)} from {table} where id = 1").fetchone()
    return None if row is None else dict(zip(cols, row, strict=True))


def stored_units(conn: sqlite3.Connection, schema: Mapping[str, Sequence[str]]) -> dict[str, dict[str, Any]]:
    """The ``units`` table's rows by unit id."""
    cols = list(schema["units"])
    return {r[0]: dict(zip(cols, r, strict=True)) for r in conn.execute(f"select {', '.join(cols)} from units")}


def read_checkpoints(conn: sqlite3.Connection) -> dict[int, Any]:
    """The states kept after phases, by the event they follow (as stored: text, or whatever a damaged file holds)."""
    return dict(conn.execute("select seq, state from checkpoints").fetchall())


def write_checkpoint(conn: sqlite3.Connection, seq: int, text: str) -> None:
    conn.execute("insert or replace into checkpoints (seq, state) values (?, ?)", (seq, text))
