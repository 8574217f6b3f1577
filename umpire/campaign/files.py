"""Opening, creating and writing the campaign file (SQLite), whole or not at all."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from umpire.campaign import store
from umpire.errors import StoreError

MARKER = "_umpire_migrations"
BUSY_MS = 5000


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"pragma busy_timeout = {BUSY_MS}")
    return conn


def _migrate(conn: sqlite3.Connection) -> None:
    conn.execute(f"create table if not exists {MARKER} (name text primary key, applied text)")
    done = {r[0] for r in conn.execute(f"select name from {MARKER}")}
    for fn in store.MIGRATIONS:
        if fn.__name__ in done:
            continue
        conn.execute("begin immediate")
        try:
            fn(conn)
            conn.execute(f"insert into {MARKER} values (?, ?)",
                         (fn.__name__, datetime.now(UTC).isoformat(timespec="seconds")))
            conn.execute("commit")
        except BaseException:
            conn.execute("rollback")
            raise


def create_file(path: Path, fill: Callable[[sqlite3.Connection], None], *, replace: bool = False) -> None:
    """Build a campaign file in a temporary file beside ``path`` and rename it into place.

    :raises StoreError: if a file is there (without ``replace``) or the folder is missing.
    """
    if path.is_dir():
        raise StoreError(f"{path}: is a folder; give the campaign file's path (e.g. {path / 'season.db'})")
    if path.exists() and not replace:
        raise StoreError(f"{path}: a file is already there (choose another path, or use --replace)")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise StoreError(f"{path}: folder {str(parent)!r} does not exist")
    fd, tmp = tempfile.mkstemp(dir=parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)
    try:
        conn = _connect(Path(tmp))
        try:
            _migrate(conn)
            conn.execute("begin immediate")
            fill(conn)
            conn.execute("commit")
        finally:
            conn.close()
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def open_file(path: Path) -> sqlite3.Connection:
    """Open an existing campaign file. :raises StoreError: no file, or not a campaign file."""
    if not path.is_file():
        raise StoreError(f"{path}: no campaign file there (start one with umpire campaign new FILE --from SEASON)")
    try:
        conn = _connect(path)
        names = {r[0] for r in conn.execute("select name from sqlite_master where type='table'")}
    except sqlite3.DatabaseError:
        raise StoreError(f"{path}: not an umpire campaign file (not an SQLite database)") from None
    if MARKER not in names or store.TABLE not in names:
        conn.close()
        what = "a game file (use umpire --db FILE ...)" if "game" in names else "an SQLite file without its tables"
        raise StoreError(f"{path}: not an umpire campaign file ({what})")
    applied = {r[0] for r in conn.execute(f"select name from {MARKER}")}
    newer = applied - set(store.MIGRATION_NAMES)
    if newer:
        conn.close()
        raise StoreError(f"{path}: made by a newer umpire (schema {sorted(newer)[-1]}); upgrade umpire")
    if set(store.MIGRATION_NAMES) - applied:
        _migrate(conn)
    return conn


@contextmanager
def write(conn: sqlite3.Connection, path: Path) -> Iterator[sqlite3.Connection]:
    """One write transaction: ``BEGIN IMMEDIATE`` (waiting for another writer up to the busy
    timeout), then ``COMMIT``, or ``ROLLBACK`` on any error."""
    try:
        conn.execute("begin immediate")
    except sqlite3.OperationalError as exc:
        raise StoreError(f"{path}: busy (another command is writing it: {exc}); try again") from None
    try:
        yield conn
    except BaseException:
        conn.execute("rollback")
        raise
    conn.execute("commit")
