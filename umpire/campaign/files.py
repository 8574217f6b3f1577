"""The campaign file as an umpire file: the same opening, write path and atomic creation as a
game file (:mod:`umpire.store.db`, :mod:`umpire.store.newfile`), with its own kind.

Opening repairs an interrupted write (SQLite rolls back the hot journal); every action is one
``BEGIN IMMEDIATE`` transaction with the busy timeout; ``umpire campaign new`` builds the file
beside its target and renames it into place; a file that still needs a migration is migrated in
memory to read and on disk by the next write.
"""

from __future__ import annotations

import sqlite3

from umpire.campaign import store
from umpire.store.db import FileKind, UmpireFile, run_migrations


def migrate(conn: sqlite3.Connection) -> None:
    """Apply the campaign file's missing migrations (the store's one runner)."""
    run_migrations(conn, [(fn.__name__, fn) for fn in store.MIGRATIONS])


CAMPAIGN = FileKind(
    noun="campaign file", table=store.TABLE, schema=store.SCHEMA, migration_names=store.MIGRATION_NAMES,
    migrate=migrate, start="start one with 'umpire campaign new FILE --from SEASON'",
)


class CampaignFile(UmpireFile):
    """An open campaign file."""

    KIND = CAMPAIGN
