"""Opening a game file: a new one, or an existing one that must really be an umpire game."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from umpire.errors import StoreError

if TYPE_CHECKING:
    from sqlite_utils import Database

MARKER = "_umpire_migrations"
# The names of umpire.store.migrations.MIGRATIONS, kept here so that opening a file for reading
# does not import sqlite-utils (a test checks the two lists agree).
MIGRATION_NAMES = ("m001_initial", "m002_event_results")


def create_db(path: Path, *, replace: bool = False) -> Database:
    """Create a fresh game file at ``path``.

    :raises StoreError: if a file is already there (unless ``replace``) or the folder is missing.
    """
    path = Path(path)
    if path.exists() and not replace:
        raise StoreError(
            f"--db {path}: a file is already there (choose another --db path, or use --replace)"
        )
    if not path.parent.exists():
        raise StoreError(f"--db {path}: folder {str(path.parent)!r} does not exist")
    from sqlite_utils import Database

    from umpire.store.migrations import migrate

    if path.exists():
        path.unlink()
    db = Database(path)
    migrate(db)
    return db


def open_db(path: Path) -> sqlite3.Connection:
    """Open an existing game file (plain sqlite3), bringing its schema up to date.

    :raises StoreError: if there is no file, or it is not an umpire game file.
    """
    path = Path(path)
    if not path.is_file():
        raise StoreError(
            f"--db {path}: no game file there (start one with 'umpire new SCENARIO', "
            "or give --db / UMPIRE_DB)"
        )
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            names = {r[0] for r in conn.execute("select name from sqlite_master where type='table'")}
            applied = (
                {r[0] for r in conn.execute(f"select name from {MARKER}")} if MARKER in names else set()
            )
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        raise StoreError(f"--db {path}: not an umpire game file (not an SQLite database)") from None
    if MARKER not in names or "game" not in names:
        raise StoreError(f"--db {path}: not an umpire game file (an SQLite file without umpire's tables)")
    known = set(MIGRATION_NAMES)
    if applied - known:
        raise StoreError(
            f"--db {path}: made by a newer umpire (schema {sorted(applied - known)[-1]}); upgrade umpire"
        )
    conn = sqlite3.connect(path)
    if known - applied:
        from sqlite_utils import Database

        from umpire.store.migrations import migrate

        migrate(Database(conn))
    return conn
