"""Opening an existing game file: it must be an umpire game, with all of umpire's tables.

Reading stays light (plain sqlite3; sqlite-utils is imported only to migrate an old file). The
file is opened read-write whenever the file system allows, because SQLite repairs a write that
was interrupted (it rolls back the hot journal) only through a read-write connection; reading
never writes anything else. An old file that needs a migration is migrated on disk by the next
command that writes, and in memory (a copy) by a command that only reads.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from umpire.errors import StoreError
from umpire.store.errors import BusyError, busy_timeout, describe, sql_errors

MARKER = "_umpire_migrations"
# The names of umpire.store.migrations.MIGRATIONS, kept here so that opening a file for reading
# does not import sqlite-utils (a test checks the two lists agree).
MIGRATION_NAMES = (
    "m001_initial", "m002_event_results", "m003_terrain_once", "m004_roll_keys", "m005_corrections",
)

# Every table and column of a file with every migration applied (a test checks it against the
# migrations); a file missing one is damaged.
SCHEMA: dict[str, tuple[str, ...]] = {
    MARKER: ("name", "applied"),
    "game": ("id", "name", "ruleset", "seed", "scenario", "rulings", "created", "umpire_version", "terrain"),
    "events": (
        "seq", "kind", "payload", "summary", "turn", "phase", "undoes", "created", "results", "part_of", "replaces",
    ),
    "rolls": ("id", "seq", "n", "why", "sides", "vals", "key", "typed"),
    "snapshot": ("id", "seq", "state"),
    "checkpoints": ("seq", "state"),
    "units": (
        "id", "side", "name", "formation", "kind", "type", "quality", "x", "y", "facing",
        "base_w", "base_d", "status", "hits", "orders",
    ),
}


def connect(path: Path) -> sqlite3.Connection:
    """A connection to the file at ``path`` with umpire's settings (autocommit; umpire's own
    transactions; a busy timeout; a rollback journal, so the game stays one file)."""
    conn = sqlite3.connect(os.fsencode(path), timeout=busy_timeout(), isolation_level=None)
    return conn


def check_path(path: Path) -> Path:
    """``path`` if it names an existing regular file. :raises StoreError: otherwise."""
    path = Path(path)
    try:
        if path.is_dir():
            raise StoreError(f"--db {path}: is a folder, not a game file (give the game file's path)")
        if not path.exists():
            raise StoreError(
                f"--db {path}: no game file there (start one with 'umpire new SCENARIO', "
                "or give --db / UMPIRE_DB)"
            )
        if not path.is_file():
            raise StoreError(f"--db {path}: not a regular file")
    except OSError as exc:
        raise StoreError(f"--db {path}: cannot look at the file ({exc.strerror})") from None
    return path


def table_columns(conn: sqlite3.Connection) -> dict[str, list[str]]:
    """Every table of the file with its columns, in order."""
    rows = conn.execute(
        "select m.name, p.name from sqlite_master m, pragma_table_info(m.name) p "
        "where m.type = 'table' order by m.name, p.cid"
    ).fetchall()
    out: dict[str, list[str]] = {}
    for table, col in rows:
        out.setdefault(table, []).append(col)
    return out


def schema_problems(columns: dict[str, list[str]]) -> list[str]:
    """What is missing from a migrated file's tables (empty: the schema is whole)."""
    problems = []
    for table, cols in SCHEMA.items():
        if table not in columns:
            problems.append(f"table {table!r} is missing")
            continue
        missing = [c for c in cols if c not in columns[table]]
        if missing:
            problems.append(f"table {table!r} lacks column{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    return problems


def applied_migrations(conn: sqlite3.Connection, path: Path) -> set[str]:
    """The migrations recorded in the file. :raises StoreError: if it is not an umpire file."""
    names = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'").fetchall()}
    if MARKER not in names or "game" not in names:
        raise StoreError(f"--db {path}: not an umpire game file (an SQLite file without umpire's tables)")
    applied = {str(r[0]) for r in conn.execute(f"select name from {MARKER}").fetchall()}
    newer = applied - set(MIGRATION_NAMES)
    if newer:
        raise StoreError(f"--db {path}: made by a newer umpire (schema {sorted(newer)[-1]}); upgrade umpire")
    return applied


def migrated_copy(conn: sqlite3.Connection, path: Path) -> sqlite3.Connection:
    """An in-memory copy of the file with every migration applied (the file is not touched)."""
    mem = sqlite3.connect(":memory:", isolation_level=None)
    conn.backup(mem)
    migrate(mem, path)
    return mem


def migrate(conn: sqlite3.Connection, path: Path) -> None:
    """Apply the missing migrations on ``conn`` (inside the caller's transaction, if any).

    :raises StoreError: if one fails (the file's tables are not what its migrations say).
    """
    from sqlite_utils import Database

    from umpire.store.migrations import migrate as run

    try:
        run(Database(conn, execute_plugins=False))
    except sqlite3.Error as exc:
        if getattr(exc, "sqlite_errorname", "") != "SQLITE_ERROR":
            raise describe(path, exc) from None  # busy, read-only, full...: not the file's fault
        raise StoreError(
            f"{path}: cannot bring the game file up to date (a migration failed: {exc}); the file "
            "is damaged; 'umpire doctor' lists what is wrong"
        ) from None


def _one_file(conn: sqlite3.Connection) -> None:
    """Keep the game one file: a file another tool switched to WAL goes back to a rollback
    journal (when no other connection has it open; otherwise it stays as it is)."""
    if str(conn.execute("pragma journal_mode").fetchone()[0]).lower() == "wal":
        try:
            conn.execute("pragma journal_mode = delete").fetchall()
        except sqlite3.OperationalError:
            pass


class GameFile:
    """An open game file: the one place umpire starts and ends its transactions on it.

    ``conn`` answers reads. For a file that still needs migrations it is an up-to-date copy in
    memory, and the file itself is migrated inside the first write transaction.
    """

    def __init__(self, path: Path, conn: sqlite3.Connection, pending: tuple[str, ...] = (),
                 disk: sqlite3.Connection | None = None) -> None:
        self.path = path
        self.conn = conn
        self.pending = pending
        self._disk = disk or conn

    @classmethod
    def open(cls, path: Path) -> GameFile:
        """Open an existing game file for reading (and for writing, if the file system allows).

        :raises StoreError: if there is no file, it is not an umpire game file, it is busy, or
            its tables are damaged.
        """
        path = check_path(path)
        disk = connect(path)
        try:
            with sql_errors(path):
                applied = applied_migrations(disk, path)
                pending = tuple(n for n in MIGRATION_NAMES if n not in applied)
                conn = migrated_copy(disk, path) if pending else disk
                problems = schema_problems(table_columns(conn))
        except BaseException:
            disk.close()
            raise
        gf = cls(path, conn, pending, disk)
        if problems:
            gf.close()
            raise StoreError(f"{path}: the game file is damaged: {problems[0]}; 'umpire doctor' lists what is wrong")
        return gf

    def close(self) -> None:
        if self.conn is not self._disk:
            self.conn.close()
        self._disk.close()

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """A consistent view for several reads (no other command's write lands in between)."""
        if self.conn.in_transaction:
            yield self.conn
            return
        with sql_errors(self.path):
            self.conn.execute("BEGIN")
        try:
            yield self.conn
        finally:
            if self.conn.in_transaction:
                with sql_errors(self.path):
                    self.conn.execute("COMMIT")

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """The one write transaction: ``BEGIN IMMEDIATE`` (waiting up to the busy timeout for
        another command to finish), then everything read and written inside the block, then
        ``COMMIT``. An exception rolls everything back; a lock not had in time raises the busy
        error, with nothing written.
        """
        conn = self._disk
        if conn.in_transaction:
            raise StoreError(f"{self.path}: a write is already under way in this command")
        try:
            _one_file(conn)
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise describe(self.path, exc) from None
        try:
            migrated = bool(self.pending) and self._migrate_on_disk(conn)
            yield conn
            conn.execute("COMMIT")
            if migrated:  # from now on read the file itself, not the copy in memory
                self.conn.close()
                self.conn, self.pending = conn, ()
        except BaseException as exc:
            if conn.in_transaction:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # the transaction is gone either way; the journal undoes it on next open
            if isinstance(exc, sqlite3.Error):
                raise describe(self.path, exc) from None
            raise

    def _migrate_on_disk(self, conn: sqlite3.Connection) -> bool:
        """Migrate the file itself (we hold the lock, so we look again at what is applied)."""
        if tuple(n for n in MIGRATION_NAMES if n not in applied_migrations(conn, self.path)):
            migrate(conn, self.path)
        problems = schema_problems(table_columns(conn))
        if problems:
            raise StoreError(f"{self.path}: the game file is damaged: {problems[0]}")
        return True


__all__ = ["BusyError", "GameFile", "SCHEMA", "StoreError"]
