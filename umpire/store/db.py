"""Opening an existing umpire file (a game file, or a campaign file): it must be one, with all
of its tables. What differs between the two kinds is a :class:`FileKind`: the table that says
what the file is, the schema, the migrations and the words of the messages.

Reading stays light (plain sqlite3; sqlite-utils is imported only to migrate an old file). The
file is opened read-write whenever the file system allows, because SQLite repairs a write that
was interrupted (it rolls back the hot journal) only through a read-write connection; reading
never writes anything else. An old file that needs a migration is migrated on disk by the next
command that writes, and in memory (a copy) by a command that only reads.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Self

from umpire.errors import StoreError
from umpire.store.errors import BusyError, busy_timeout, describe, sql_errors

MARKER = "_umpire_migrations"
# The names of umpire.store.migrations.MIGRATIONS, kept here so that opening a file for reading
# does not import sqlite-utils (a test checks the two lists agree).
MIGRATION_NAMES = (
    "m001_initial", "m002_event_results", "m003_terrain_once", "m004_roll_keys", "m005_corrections",
    "m006_players", "m007_unit_state", "m008_printed", "m009_game_state", "m010_markers",
    "m011_one_air_phase",
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
    "links": ("id", "side", "player", "digest", "made", "revoked", "changed"),
    "page_orders": ("side", "turn", "key", "entry", "sent_by", "sent_at", "state", "reason", "changed"),
    "locks": ("side", "turn", "locked", "changed"),
    "releases": ("turn", "released", "changed"),
    "printed": ("folder", "turn", "printed"),
    "markers": ("marker", "unit", "size", "made"),
}


Migration = tuple[str, Callable[[sqlite3.Connection], None]]
"""A migration by its name (as the file records it) and what it does on the connection."""


def run_migrations(conn: sqlite3.Connection, migrations: Sequence[Migration]) -> None:
    """Apply those of ``migrations`` the file has not recorded, in order, each in a savepoint
    (inside the caller's transaction, if any) with its name recorded in the marker table: the
    one migration runner of every kind of umpire file."""
    from datetime import UTC, datetime

    conn.execute(f"create table if not exists {MARKER} (name text primary key, applied text)")
    done = {r[0] for r in conn.execute(f"select name from {MARKER}")}
    for name, fn in migrations:
        if name in done:
            continue
        conn.execute("savepoint umpire_migration")
        try:
            fn(conn)
            conn.execute(f"insert into {MARKER} (name, applied) values (?, ?)",
                         (name, datetime.now(UTC).isoformat(timespec="seconds")))
        except BaseException:
            if conn.in_transaction:  # an error may have ended the transaction, savepoint and all
                conn.execute("rollback to umpire_migration")
                conn.execute("release umpire_migration")
            raise
        conn.execute("release umpire_migration")


def _migrate_game(conn: sqlite3.Connection) -> None:
    from umpire.store.migrations import migrations

    run_migrations(conn, migrations())


@dataclass(frozen=True)
class FileKind:
    """What one kind of umpire file is: its identifying ``table``, its ``schema`` and
    ``migration_names`` (every migration applied), ``migrate(conn)`` (apply the missing ones,
    inside the caller's transaction), its ``noun`` and how its path is given (``option``) and
    how to start one (``start``), for the messages; the ``indexes`` its migrations make."""

    noun: str
    table: str
    schema: dict[str, tuple[str, ...]]
    migration_names: tuple[str, ...]
    migrate: Callable[[sqlite3.Connection], None]
    option: str = ""
    start: str = ""
    indexes: tuple[str, ...] = ("idx_rolls_seq",)  # umpire's own; SQLite's are named sqlite_autoindex_*

    def where(self, path: Path) -> str:
        return f"{self.option} {path}".strip()


# The table that says what an umpire file is, and what it is then called (so a campaign file
# given as a game file, or the other way round, is named for what it is).
KNOWN = {"game": "game file", "campaign": "campaign file"}

GAME = FileKind(
    noun="game file", table="game", schema=SCHEMA, migration_names=MIGRATION_NAMES, migrate=_migrate_game,
    option="--db", start="start one with 'umpire new SCENARIO', or give --db / UMPIRE_DB",
)


def connect(path: Path) -> sqlite3.Connection:
    """A connection to the file at ``path`` with umpire's settings (autocommit; umpire's own
    transactions; a busy timeout; a rollback journal, so the game stays one file; the file's
    schema not trusted to call functions with side effects)."""
    conn = sqlite3.connect(os.fsencode(path), timeout=busy_timeout(), isolation_level=None)
    conn.execute("pragma trusted_schema = off")
    return conn


def check_path(path: Path, kind: FileKind = GAME) -> Path:
    """``path`` if it names an existing regular file. :raises StoreError: otherwise."""
    path = Path(path)
    w, noun = kind.where(path), kind.noun
    try:
        if path.is_dir():
            raise StoreError(f"{w}: is a folder, not a {noun} (give the {noun}'s path)")
        if not path.exists():
            raise StoreError(f"{w}: no {noun} there ({kind.start})")
        if not path.is_file():
            raise StoreError(f"{w}: not a regular file")
    except OSError as exc:
        raise StoreError(f"{w}: cannot look at the file ({exc.strerror})") from None
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


def schema_problems(columns: dict[str, list[str]], kind: FileKind = GAME) -> list[str]:
    """What is missing from a migrated file's tables (empty: the schema is whole)."""
    problems = []
    for table, cols in kind.schema.items():
        if table not in columns:
            problems.append(f"table {table!r} is missing")
            continue
        missing = [c for c in cols if c not in columns[table]]
        if missing:
            problems.append(f"table {table!r} lacks column{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    return problems


def extra_objects(conn: sqlite3.Connection, columns: dict[str, list[str]], kind: FileKind = GAME) -> list[str]:
    """What the file holds that umpire did not put there, one phrase each: a table, a column, an
    index, a trigger or a view (a file from someone else may carry a trigger that rewrites every
    die as umpire writes it). SQLite's own objects (``sqlite_*``) are not extra.

    >>> conn = sqlite3.connect(":memory:")
    >>> _ = conn.execute("create table rolls (id, seq, vals)")
    >>> _ = conn.execute("create trigger t after insert on rolls begin update rolls set vals = '6'; end")
    >>> extra_objects(conn, table_columns(conn))
    ["trigger 't' on table 'rolls'"]
    """
    out = []
    rows = conn.execute("select type, name, tbl_name, sql from sqlite_master order by type, name").fetchall()
    for kind_of, name, table, sql in rows:
        if str(name).startswith("sqlite_"):
            continue
        if kind_of == "table" and str(sql or "").lstrip()[:14].lower() == "create virtual":
            out.append(f"virtual table {name!r}")
        elif kind_of == "table" and name not in kind.schema:
            out.append(f"table {name!r}")
        elif kind_of == "index" and name not in kind.indexes:
            out.append(f"index {name!r} on table {table!r}")
        elif kind_of in ("trigger", "view"):
            out.append(f"{kind_of} {name!r}" + (f" on table {table!r}" if kind_of == "trigger" else ""))
    for table, cols in columns.items():
        extra = [c for c in cols if table in kind.schema and c not in kind.schema[table]]
        out += [f"column {c!r} of table {table!r}" for c in extra]
    return out


def applied_migrations(conn: sqlite3.Connection, path: Path, kind: FileKind = GAME) -> set[str]:
    """The migrations recorded in the file. :raises StoreError: if it is not an umpire file of ``kind``."""
    names = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'").fetchall()}
    if MARKER not in names or kind.table not in names:
        other = next((noun for table, noun in KNOWN.items() if table != kind.table and table in names), None)
        what = f"it is an umpire {other}" if MARKER in names and other else "an SQLite file without umpire's tables"
        raise StoreError(f"{kind.where(path)}: not an umpire {kind.noun} ({what})")
    applied = {str(r[0]) for r in conn.execute(f"select name from {MARKER}").fetchall()}
    newer = applied - set(kind.migration_names)
    if newer:
        raise StoreError(f"{kind.where(path)}: made by a newer umpire (schema {sorted(newer)[-1]}); upgrade umpire")
    return applied


def migrated_copy(conn: sqlite3.Connection, path: Path, kind: FileKind = GAME) -> sqlite3.Connection:
    """An in-memory copy of the file with every migration applied (the file is not touched)."""
    mem = sqlite3.connect(":memory:", isolation_level=None)
    mem.execute("pragma trusted_schema = off")
    conn.backup(mem)
    migrate(mem, path, kind)
    return mem


def migrate(conn: sqlite3.Connection, path: Path, kind: FileKind = GAME) -> None:
    """Apply the missing migrations on ``conn`` (inside the caller's transaction, if any).

    :raises StoreError: if one fails (the file's tables are not what its migrations say).
    """
    try:
        kind.migrate(conn)
    except sqlite3.Error as exc:
        if getattr(exc, "sqlite_errorname", "") != "SQLITE_ERROR":
            raise describe(path, exc, kind.noun) from None  # busy, read-only, full...: not the file's fault
        raise StoreError(
            f"{path}: cannot bring the {kind.noun} up to date (a migration failed: {exc}); the file "
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


class UmpireFile:
    """An open umpire file of kind :attr:`KIND`: the one place umpire starts and ends its
    transactions on it.

    ``conn`` answers reads. For a file that still needs migrations it is an up-to-date copy in
    memory, and the file itself is migrated inside the first write transaction.
    """

    KIND: FileKind = GAME

    def __init__(self, path: Path, conn: sqlite3.Connection, pending: tuple[str, ...] = (),
                 disk: sqlite3.Connection | None = None) -> None:
        self.path = path
        self.conn = conn
        self.pending = pending
        self._disk = disk or conn
        # SQLite's data_version as of this connection's last write, read under its lock (another
        # connection's commit changes it, this one's never does), and the writes made through
        # this object: see untouched
        self._version: int | None = None
        self.writes = 0
        self.untouched = False

    @classmethod
    def open(cls, path: Path) -> Self:
        """Open an existing file for reading (and for writing, if the file system allows).

        :raises StoreError: if there is no file, it is not an umpire file of this kind, it is
            busy, or its tables are damaged.
        """
        kind = cls.KIND
        path = check_path(path, kind)
        disk = connect(path)
        try:
            with sql_errors(path, kind.noun):
                applied = applied_migrations(disk, path, kind)
                pending = tuple(n for n in kind.migration_names if n not in applied)
                conn = migrated_copy(disk, path, kind) if pending else disk
                problems = schema_problems(table_columns(conn), kind)
        except BaseException:
            disk.close()
            raise
        gf = cls(path, conn, pending, disk)
        if problems:
            gf.close()
            raise StoreError(f"{path}: the {kind.noun} is damaged: {problems[0]}; 'umpire doctor' lists what is wrong")
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
        with sql_errors(self.path, self.KIND.noun):
            self.conn.execute("BEGIN")
        try:
            yield self.conn
        finally:
            if self.conn.in_transaction:
                with sql_errors(self.path, self.KIND.noun):
                    self.conn.execute("COMMIT")

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """The one write transaction: ``BEGIN IMMEDIATE`` (waiting up to the busy timeout for
        another command to finish), then everything read and written inside the block, then
        ``COMMIT``. An exception rolls everything back; a lock not had in time raises the busy
        error, with nothing written; so does a file holding a table, column, index, trigger or
        view umpire did not make (:func:`extra_objects`), checked under the lock (unless no
        other connection has committed since this one's last write, which checked it:
        :attr:`untouched` says so inside the block, and :attr:`writes` counts the writes made).
        """
        conn = self._disk
        if conn.in_transaction:
            raise StoreError(f"{self.path}: a write is already under way in this command")
        try:
            _one_file(conn)
            conn.execute("BEGIN IMMEDIATE")
            version = int(conn.execute("pragma data_version").fetchone()[0])
            # no other connection has committed since this one's last write (checked then)
            self.untouched = version == self._version and not self.pending
            extra = [] if self.untouched else extra_objects(conn, table_columns(conn), self.KIND)
        except sqlite3.Error as exc:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise describe(self.path, exc, self.KIND.noun) from None
        if extra:
            conn.execute("ROLLBACK")
            more = f" and {len(extra) - 1} more" if len(extra) > 1 else ""
            raise StoreError(f"{self.path}: the {self.KIND.noun} holds what umpire did not make ({extra[0]}{more}); "
                             "nothing was written ('umpire doctor' lists it)")
        try:
            migrated = bool(self.pending) and self._migrate_on_disk(conn)
            yield conn
            conn.execute("COMMIT")
            self._version, self.writes = version, self.writes + 1
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
                raise describe(self.path, exc, self.KIND.noun) from None
            raise

    def _migrate_on_disk(self, conn: sqlite3.Connection) -> bool:
        """Migrate the file itself (we hold the lock, so we look again at what is applied)."""
        kind = self.KIND
        if tuple(n for n in kind.migration_names if n not in applied_migrations(conn, self.path, kind)):
            migrate(conn, self.path, kind)
        problems = schema_problems(table_columns(conn), kind)
        if problems:
            raise StoreError(f"{self.path}: the {kind.noun} is damaged: {problems[0]}")
        return True


class GameFile(UmpireFile):
    """An open game file."""

    KIND = GAME


__all__ = ["BusyError", "FileKind", "GAME", "GameFile", "KNOWN", "SCHEMA", "StoreError", "UmpireFile"]
