"""What SQLite says, as one line the umpire can act on: busy, read-only, damaged, not a game file.

Every store function that touches the file runs its SQL inside :func:`sql_errors`, so an
``sqlite3`` exception never reaches the user as a traceback.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from umpire.errors import StoreError

BUSY = "the game file is busy (another umpire command is writing it); try again"
DEFAULT_BUSY_TIMEOUT = 10.0  # seconds a command waits for another one's write to finish
MAX_BUSY_TIMEOUT = 600.0


class BusyError(StoreError):
    """Another command held the file's lock for longer than the busy timeout."""

    def __init__(self, message: str = BUSY) -> None:
        super().__init__(message)


def busy_timeout() -> float:
    """Seconds to wait for the lock: ``UMPIRE_BUSY_TIMEOUT`` if set, else 10.

    :raises StoreError: if the variable is not a number of seconds from 0 to 600.
    """
    text = os.environ.get("UMPIRE_BUSY_TIMEOUT")
    if text is None or not text.strip():
        return DEFAULT_BUSY_TIMEOUT
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= MAX_BUSY_TIMEOUT:  # also refuses nan
        raise StoreError(f"UMPIRE_BUSY_TIMEOUT: {text!r} is not a number of seconds (0-600)")
    return value


def describe(path: Path, exc: sqlite3.Error, noun: str = "game file") -> StoreError:
    """The one-line error for ``exc`` raised while using the game file (or the ``noun``: a
    campaign file) at ``path``."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    msg = str(exc)
    folder = path.parent if str(path.parent) else Path(".")
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in msg:
        return BusyError() if noun == "game file" else BusyError(BUSY.replace("game file", noun))
    if name == "SQLITE_READONLY_ROLLBACK":
        return StoreError(
            f"{path}: an interrupted write left a journal ({path.name}-journal) that must be rolled "
            "back, but the file or its folder is read-only; make both writable and run any umpire "
            "command to repair it"
        )
    if name == "SQLITE_READONLY_DIRECTORY":
        return StoreError(
            f"{path}: the folder {folder} is read-only (umpire writes a journal beside the {noun} "
            "while it records an action); nothing was written"
        )
    if name.startswith("SQLITE_READONLY"):
        return StoreError(f"{path}: the {noun} is read-only; nothing was written")
    if name == "SQLITE_NOTADB":
        return StoreError(f"{path}: not an umpire {noun} (not an SQLite database)")
    if name.startswith("SQLITE_CORRUPT"):
        return StoreError(f"{path}: the {noun} is damaged ({msg}); 'umpire doctor' lists what is wrong")
    if name.startswith("SQLITE_FULL"):
        return StoreError(f"{path}: the disk is full; nothing was written")
    if name.startswith("SQLITE_CANTOPEN"):
        return StoreError(f"{path}: cannot open the {noun} or its journal ({msg})")
    if name.startswith("SQLITE_IOERR"):
        return StoreError(f"{path}: the {noun} could not be read or written ({name}); nothing was written")
    if msg.startswith(("no such table", "no such column", "table ", "has no column")):
        return StoreError(f"{path}: the {noun} is damaged ({msg}); 'umpire doctor' lists what is wrong")
    return StoreError(f"{path}: the {noun} cannot be used ({msg})")


@contextmanager
def sql_errors(path: Path, noun: str = "game file") -> Iterator[None]:
    """Turn any SQLite error raised inside the block into a one-line :class:`StoreError`."""
    try:
        yield
    except sqlite3.Error as exc:
        raise describe(Path(path), exc, noun) from None
