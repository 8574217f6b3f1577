"""The file half of ``umpire doctor``: SQLite's own check, umpire's tables, and every stored row.

Nothing here stops at the first problem: each check adds what it finds and the next one goes on
with whatever could still be read. Nothing is written (SQLite may roll back an interrupted
write when the file is opened, as any command does).
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from umpire.errors import StoreError
from umpire.store import events as log
from umpire.store.db import (
    GAME,
    SCHEMA,
    FileKind,
    applied_migrations,
    check_path,
    connect,
    extra_objects,
    migrated_copy,
    schema_problems,
    table_columns,
)
from umpire.store.errors import describe
from umpire.store.rows import scan_events


@dataclass
class FileCheck:
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    conn: sqlite3.Connection | None = None  # an up-to-date view to read on, if the tables allow
    events: list[log.StoredEvent] = field(default_factory=list)
    game: dict[str, Any] | None = None
    state_text: str | None = None
    units: dict[str, dict[str, Any]] | None = None  # the units table, read with the rest
    checkpoints: dict[int, str] = field(default_factory=dict)  # the readable ones, by event
    # what the file holds that umpire did not make (a planted trigger...): problems, but none
    # that stops the checks that read the file (those never touch it)
    extra: list[str] = field(default_factory=list)


def check_file(path: Path, kind: FileKind = GAME) -> FileCheck:
    """Everything wrong with the file of ``kind`` at ``path`` that can be seen without the rules
    (for a campaign file, ``game`` holds its ``campaign`` row)."""
    out = FileCheck()
    try:
        check_path(path, kind)
    except StoreError as exc:
        out.problems.append(str(exc))
        return out
    journal = Path(f"{path}-journal")
    had_journal = journal.exists() and journal.stat().st_size > 0
    conn = connect(path)
    try:
        rows = conn.execute("pragma integrity_check").fetchall()
        if had_journal and not journal.exists():
            out.notes.append("an interrupted write was rolled back when the file was opened (its journal was hot)")
        bad = [str(r[0]) for r in rows if r[0] != "ok"]
        out.problems += [f"SQLite integrity check: {b}" for b in bad[:20]]
        applied = applied_migrations(conn, path, kind)
        pending = [n for n in kind.migration_names if n not in applied]
        if pending:
            out.notes.append(f"needs migration {', '.join(pending)} (the next command that writes applies it)")
            conn = migrated_copy(conn, path, kind)
    except StoreError as exc:
        out.problems.append(str(exc))
        conn.close()
        return out
    except sqlite3.Error as exc:
        out.problems.append(str(describe(path, exc, kind.noun)))
        conn.close()
        return out
    out.conn = conn
    try:
        conn.execute("begin")  # every check reads the same moment of the file
        _contents(conn, out, kind)
    except sqlite3.Error as exc:
        out.problems.append(str(describe(path, exc, kind.noun)))
    finally:
        if conn.in_transaction:
            conn.execute("commit")
    _stale_files(path, out)
    return out


def _contents(conn: sqlite3.Connection, out: FileCheck, kind: FileKind) -> None:
    """What the file holds, checked: its schema and objects umpire did not make, its own row, its
    events and rolls, its snapshot and checkpoints, its units."""
    columns = table_columns(conn)
    schema = schema_problems(columns, kind)
    out.problems += schema
    out.extra = [f"{x} that umpire did not make (no umpire command writes the file while it is there)"
                 for x in extra_objects(conn, columns, kind)]
    missing = {p.split("'")[1] for p in schema}
    if kind is GAME and "game" not in missing:
        _game_row(conn, out)
    elif kind is not GAME and kind.table not in missing:
        _own_row(conn, out, kind.table)
    if not {"events", "rolls"} & missing:
        scan = scan_events(conn)
        out.events = scan.events
        out.problems += scan.problems
    if not {"snapshot", "events"} & missing:
        _snapshot(conn, out)
    if kind is GAME and "checkpoints" not in missing:
        _checkpoints(conn, out)
    if kind is GAME and "units" not in missing:
        cur = conn.execute(f"select {', '.join(SCHEMA['units'])} from units")
        cols = [d[0] for d in cur.description]
        out.units = {r[0]: dict(zip(cols, r, strict=True)) for r in cur.fetchall()}


def _game_row(conn: sqlite3.Connection, out: FileCheck) -> None:
    cur = conn.execute("select * from game")
    rows = cur.fetchall()
    names = [d[0] for d in cur.description]
    if not rows:
        out.problems.append("the game row is missing (table 'game' is empty)")
        return
    if len(rows) > 1:
        out.problems.append(f"table 'game' has {len(rows)} rows (one game per file)")
    game = dict(zip(names, rows[0], strict=True))
    if game.get("id") != 1:
        out.problems.append(f"the game row has id {game.get('id')!r} (1 expected)")
    if not isinstance(game.get("ruleset"), str):
        out.problems.append(f"the game row has the ruleset {game.get('ruleset')!r}")
    if not isinstance(game.get("seed"), int):
        out.problems.append(f"the game row has the seed {game.get('seed')!r} (a whole number)")
    for col, want in (("scenario", dict), ("rulings", dict), ("terrain", list)):
        try:
            value = json.loads(game.get(col) or "")
        except (ValueError, TypeError, RecursionError):
            out.problems.append(f"the stored {col} is not valid JSON")
            continue
        if not isinstance(value, want):
            out.problems.append(f"the stored {col} is not a JSON {'object' if want is dict else 'list'}")
    out.game = game


def _own_row(conn: sqlite3.Connection, out: FileCheck, table: str) -> None:
    """The one row of the table that says what the file is (another kind of umpire file)."""
    cur = conn.execute(f"select * from {table}")
    rows = cur.fetchall()
    names = [d[0] for d in cur.description]
    if len(rows) != 1:
        out.problems.append(f"table {table!r} has {len(rows)} rows (one expected)")
        if not rows:
            return
    row = dict(zip(names, rows[0], strict=True))
    if row.get("id") != 1:
        out.problems.append(f"the {table} row has id {row.get('id')!r} (1 expected)")
    out.game = row


def _snapshot(conn: sqlite3.Connection, out: FileCheck) -> None:
    rows = conn.execute("select id, seq, state from snapshot").fetchall()
    if not rows:
        out.problems.append("the stored state (snapshot) is missing")
        return
    _, seq, text = rows[0]
    last = log.last_seq(conn)
    if seq != last:
        out.problems.append(f"the stored state is at event #{seq} but the log ends at event #{last}")
    try:
        json.loads(text)
    except (ValueError, TypeError, RecursionError):
        out.problems.append("the stored state (snapshot) is not valid JSON")
        return
    out.state_text = text


def _checkpoints(conn: sqlite3.Connection, out: FileCheck) -> None:
    seqs = {e.seq for e in out.events}
    for seq, text in conn.execute("select seq, state from checkpoints order by seq").fetchall():
        if not isinstance(seq, int) or (out.events and seq not in seqs):
            out.problems.append(f"a checkpoint belongs to event #{seq}, which does not exist")
            continue
        try:
            json.loads(text)
        except (ValueError, TypeError, RecursionError):
            out.problems.append(f"the checkpoint after event #{seq} is not valid JSON")
            continue
        out.checkpoints[seq] = text


def _stale_files(path: Path, out: FileCheck) -> None:
    from umpire.store.newfile import temp_pattern

    pattern = temp_pattern(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        stale = [n for n in os.listdir(folder) if pattern.match(n)]
    except OSError:
        return
    if stale:
        out.notes.append(
            f"{len(stale)} temporary file(s) of an interrupted 'umpire new' beside it "
            f"({stale[0]}); the next 'umpire new' removes them"
        )
