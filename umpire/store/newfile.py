"""Making a new game file whole or not at all.

The game is built in a temporary file beside the target (``.NAME.new-PID-XXXX.tmp``) and
renamed over the target only when it is complete, so a bad input, a full disk or a kill half way
leaves the old file (or no file) exactly as it was. A temporary file left by a killed ``new`` is
ignored by the next one and removed once the process that made it is gone.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import sqlite3
from collections.abc import Callable
from pathlib import Path

from umpire.errors import StoreError
from umpire.store.db import GAME, KNOWN, MARKER, FileKind, connect, migrate
from umpire.store.errors import BusyError, describe, sql_errors

SIDECARS = ("-journal", "-wal", "-shm")


def temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.new-{os.getpid()}-{secrets.token_hex(4)}.tmp")


def temp_pattern(path: Path) -> re.Pattern[str]:
    return re.compile(rf"^\.{re.escape(path.name)}\.new-(\d+)-[0-9a-f]+\.tmp(-journal|-wal|-shm)?$")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, run by someone else
    return True


def clean_stale(path: Path) -> list[Path]:
    """Remove the temporary files an interrupted ``new`` of ``path`` left behind (those whose
    process is gone); returns them."""
    return remove_stale(path.parent if str(path.parent) else Path("."), temp_pattern(path))


def remove_stale(folder: Path, pattern: re.Pattern[str]) -> list[Path]:
    """Remove the files (and folders) of ``folder`` whose name matches ``pattern`` (its first
    group: the id of the process that made it) when that process is gone; returns them."""
    import shutil

    removed = []
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    for name in names:
        m = pattern.match(name)
        if m and not _alive(int(m.group(1))):
            path = folder / name
            with contextlib.suppress(OSError):
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path)
                else:
                    path.unlink()
                removed.append(path)
    return removed


def _writable(path: Path) -> bool:
    if os.access in os.supports_effective_ids:
        return os.access(path, os.W_OK, effective_ids=True)
    return os.access(path, os.W_OK)


def check_target(path: Path, replace: bool, kind: FileKind = GAME) -> None:
    """:raises StoreError: if a new file of ``kind`` cannot be made at ``path``."""
    w, noun = kind.where(path), kind.noun
    another = f"choose another {kind.option} path" if kind.option else "choose another path"
    try:
        if path.is_dir():
            raise StoreError(f"{w}: is a folder; give the {noun}'s path (e.g. {path / (kind.table + '.db')})")
        if path.exists() and not replace:
            raise StoreError(f"{w}: a file is already there ({another}, or use --replace)")
        if path.exists() and not _writable(path):
            raise StoreError(
                f"{w}: the {noun} is read-only; --replace leaves it alone (make it writable first)"
            )
        if path.exists():
            _check_replaceable(path, kind)
        parent = path.parent if str(path.parent) else Path(".")
        if not parent.exists():
            raise StoreError(f"{w}: folder {str(parent)!r} does not exist")
        if not parent.is_dir():
            raise StoreError(f"{w}: {str(parent)!r} is not a folder")
    except OSError as exc:
        raise StoreError(f"{w}: cannot look at it ({exc.strerror})") from None


def _check_replaceable(path: Path, kind: FileKind) -> None:
    """:raises StoreError: unless the file at ``path`` is an umpire file of ``kind`` (or empty):
    ``--replace`` replaces a game with a game, never another program's database or a text file."""
    if path.stat().st_size == 0:
        return
    what = "not an SQLite file"
    try:
        conn = connect(path)  # read-write, as every command opens a game: a hot journal is rolled back
        try:
            names = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")}
        finally:
            conn.close()
        if MARKER in names and kind.table in names:
            return
        other = next((noun for table, noun in KNOWN.items() if table != kind.table and table in names), None)
        what = f"it is an umpire {other}" if MARKER in names and other else "an SQLite file without umpire's tables"
    except sqlite3.Error as exc:
        found = describe(path, exc, kind.noun)
        if getattr(exc, "sqlite_errorname", "") != "SQLITE_NOTADB":
            raise found from None  # busy, damaged, unreadable: said as any command says it
    raise StoreError(f"{kind.where(path)}: not an umpire {kind.noun} ({what}); --replace replaces only "
                     f"a {kind.noun} (remove the file yourself if it is to go)")


def create_game_file(path: Path, fill: Callable[[sqlite3.Connection], None], *, replace: bool = False,
                     before_install: Callable[[], None] | None = None) -> None:
    """Make a complete game file at ``path`` (see :func:`create_file`)."""
    create_file(path, fill, replace=replace, kind=GAME, before_install=before_install)


def create_file(
    path: Path, fill: Callable[[sqlite3.Connection], None], *, replace: bool = False, kind: FileKind = GAME,
    before_install: Callable[[], None] | None = None,
) -> None:
    """Make a complete file of ``kind`` at ``path``: the schema, then ``fill(conn)``, in a temporary
    file that is renamed into place at the end (over the old file with ``replace``).
    ``before_install()`` runs when the file is complete, before it is renamed into place (what
    another file records about it: ``campaign next`` records the game in the campaign's log);
    if it fails, nothing is left behind.

    :raises StoreError: if a file is there (without ``replace``), the folder is missing or not
        writable, or the old game is being written by another command; the old file is then
        untouched. Any exception from ``fill`` or ``before_install`` also leaves it untouched.
    """
    path = Path(path)
    check_target(path, replace, kind)
    clean_stale(path)
    tmp = temp_name(path)
    try:
        os.close(os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
    except OSError as exc:
        folder = path.parent if str(path.parent) else Path(".")
        raise StoreError(
            f"{kind.where(path)}: cannot write in the folder {folder} ({exc.strerror}); nothing was changed"
        ) from None
    conn = None
    try:
        try:
            with sql_errors(path, kind.noun):
                conn = connect(tmp)
                conn.execute("BEGIN IMMEDIATE")
                migrate(conn, path, kind)
                fill(conn)
                conn.execute("COMMIT")
        finally:
            if conn is not None:
                conn.close()
        if before_install is not None:
            before_install()
        install(tmp, path, replace=replace, kind=kind)
    except BaseException:
        for suffix in ("", *SIDECARS):
            with contextlib.suppress(OSError):
                Path(f"{tmp}{suffix}").unlink()
        raise


def install(tmp: Path, path: Path, *, replace: bool = True, kind: FileKind = GAME) -> None:
    """Rename the finished game ``tmp`` over ``path`` (without ``replace``: only if nothing
    appeared there meanwhile, such as another ``new``'s game).

    When a game is already there, its lock is taken first (after SQLite has rolled back any
    interrupted write of it), so no command is half way through writing it; its journal files
    are then removed, because a journal left beside the new file would be played into it.
    """
    old = _lock_old(path) if replace else None
    try:
        try:
            for suffix in SIDECARS if replace or not path.exists() else ():
                with contextlib.suppress(FileNotFoundError):
                    Path(f"{path}{suffix}").unlink()
            if replace:
                os.replace(tmp, path)
            else:
                _place_new(tmp, path)
        except FileExistsError:
            another = f"choose another {kind.option} path" if kind.option else "choose another path"
            raise StoreError(f"{kind.where(path)}: a file is already there ({another}, or use --replace)") from None
        except OSError as exc:
            raise StoreError(f"{kind.where(path)}: cannot write the {kind.noun} there ({exc.strerror})") from None
        _sync_folder(path.parent)
    finally:
        if old is not None:
            with contextlib.suppress(sqlite3.Error):
                old.close()


def _place_new(tmp: Path, path: Path) -> None:
    """Move ``tmp`` to ``path`` unless a file is there: a hard link is made atomically or not at
    all (where the file system has none, the check and the rename are two steps)."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:
        if path.exists():
            raise FileExistsError(path) from None
        os.replace(tmp, path)
        return
    os.unlink(tmp)


def _lock_old(path: Path) -> sqlite3.Connection | None:
    """The write lock on the game at ``path`` (None if there is none, or it is not SQLite)."""
    if not path.exists():
        return None
    conn = connect(path)
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("select count(*) from sqlite_master").fetchall()
    except sqlite3.Error as exc:
        conn.close()
        if isinstance(describe(path, exc), BusyError):
            raise BusyError() from None
        return None  # not an SQLite file, or one that cannot be written: it is replaced as it is
    return conn


def _sync_folder(folder: Path) -> None:
    """Make the rename durable (where the platform allows opening a folder)."""
    try:
        fd = os.open(folder if str(folder) else ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# -- a folder of files, built beside its target and moved into place ------------------------------
def _folder_pattern(out: Path) -> re.Pattern[str]:
    return re.compile(rf"^\.{re.escape(out.name)}\.demo-(\d+)-[a-z0-9_]+$")


def remove_stale_folders(out: Path) -> None:
    """Remove the temporary folders a killed build of ``out`` left beside it (their process gone)."""
    remove_stale(out.parent if str(out.parent) else Path("."), _folder_pattern(out))


def move_into(work: Path, out: Path) -> None:
    """Move everything built in the folder ``work`` to the folder ``out``: by renaming ``work``
    when there is no ``out`` yet, else file by file (a game file as :func:`install` does, after
    the lock of the game it replaces). Files of ``out`` the build did not make are kept.

    :raises StoreError: if a file cannot be moved (the files moved before it stay moved).
    """
    if not out.exists():
        try:
            os.rename(work, out)
            return
        except OSError:
            pass  # made meanwhile, or another file system: file by file
    for src in sorted(p for p in work.rglob("*") if p.is_file()):
        target = out / src.relative_to(work)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            if src.suffix == ".db":
                install(src, target, replace=True)
            else:
                os.replace(src, target)
        except OSError as exc:
            raise StoreError(f"--out {out}: cannot move {target.name} into place ({exc.strerror})") from None
    _sync_folder(out)
