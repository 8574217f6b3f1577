"""The campaign file as an umpire file: the same opening, write path and atomic creation as a
game file (:mod:`umpire.store.db`, :mod:`umpire.store.newfile`), with its own kind.

Opening repairs an interrupted write (SQLite rolls back the hot journal); every action is one
``BEGIN IMMEDIATE`` transaction with the busy timeout; ``umpire campaign new`` builds the file
beside its target and renames it into place; a file that still needs a migration is migrated in
memory to read and on disk by the next write.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

from umpire.campaign import store
from umpire.store.db import MARKER, FileKind, UmpireFile


def migrate(conn: sqlite3.Connection) -> None:
    """Apply the campaign file's missing migrations, each in a savepoint (inside the caller's
    transaction, if any)."""
    conn.execute(f"create table if not exists {MARKER} (name text primary key, applied text)")
    done = {r[0] for r in conn.execute(f"select name from {MARKER}")}
    for fn in store.MIGRATIONS:
        if fn.__name__ in done:
            continue
        conn.execute("savepoint umpire_migration")
        try:
            fn(conn)
            conn.execute(f"insert into {MARKER} values (?, ?)",
                         (fn.__name__, datetime.now(UTC).isoformat(timespec="seconds")))
        except BaseException:
            conn.execute("rollback to umpire_migration")
            conn.execute("release umpire_migration")
            raise
        conn.execute("release umpire_migration")


CAMPAIGN = FileKind(
    noun="campaign file", table=store.TABLE, schema=store.SCHEMA, migration_names=store.MIGRATION_NAMES,
    migrate=migrate, start="start one with 'umpire campaign new FILE --from SEASON'",
)


class CampaignFile(UmpireFile):
    """An open campaign file."""

    KIND = CAMPAIGN
