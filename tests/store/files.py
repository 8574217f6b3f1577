"""Helpers for the game-file tests: a folder anyone may read, and running code as a user who
may not write there (as root, who may write anything, the block runs as 'nobody')."""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from typer.testing import CliRunner

from umpire.cli import app

NOBODY = 65534


@contextmanager
def shared_folder() -> Iterator[Path]:
    """A fresh folder that every user can read (pytest's own are private to their owner)."""
    folder = Path(tempfile.mkdtemp(prefix="umpire-test-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for p in folder.rglob("*"):
            p.chmod(0o777)
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def unprivileged() -> Iterator[None]:
    """Run the block as a user bound by file permissions (nobody, when we are root)."""
    if os.geteuid() != 0:
        yield
        return
    os.setegid(NOBODY)
    os.seteuid(NOBODY)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


def run(path: Path, *args: str):
    return CliRunner().invoke(app, ["--db", str(path), *args])


def one_error(result) -> str:  # noqa: ANN001
    exc = result.exception
    assert exc is None or isinstance(exc, SystemExit), f"{type(exc).__name__}: {exc}"
    lines = result.stderr.splitlines()
    assert result.exit_code == 2 and len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    return lines[0]


def hot_journal(path: Path) -> None:
    """Leave ``path`` as a writer killed half way through its commit leaves it: some pages of
    the change already in the file, the journal that undoes them beside it."""
    import signal
    import subprocess
    import sys

    code = (
        "import sqlite3, os, signal\n"
        f"c = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
        "c.execute('pragma cache_size = 1')\n"
        "c.execute('begin immediate')\n"
        "c.execute(\"update snapshot set state = '{}'\")\n"
        "c.execute('delete from units')\n"
        "for i in range(300):\n"
        "    c.execute(\"insert into events (kind, payload, created) values ('x', '{}', '')\")\n"
        f"os.kill(os.getpid(), {int(signal.SIGKILL)})\n"
    )
    subprocess.run([sys.executable, "-c", code], check=False)
    assert Path(f"{path}-journal").stat().st_size > 0


def fingerprint(path: Path) -> tuple:
    """Everything umpire keeps in a game file, read after SQLite has repaired it."""
    conn = sqlite3.connect(path)
    try:
        return tuple(
            tuple(conn.execute(f"select * from {t} order by 1").fetchall())
            for t in ("game", "events", "rolls", "snapshot", "units", "checkpoints", "_umpire_migrations")
        )
    finally:
        conn.close()


def _undo_m003(conn: sqlite3.Connection) -> None:
    """Put the terrain back into the snapshot, where files made before m003 keep it."""
    import json

    (terrain,) = conn.execute("select terrain from game").fetchone()
    state = json.loads(conn.execute("select state from snapshot").fetchone()[0])
    state["terrain"] = json.loads(terrain)
    conn.execute("update snapshot set state = ?", (json.dumps(state, sort_keys=True, ensure_ascii=False),))
    conn.execute("alter table game drop column terrain")


def _undo_m002(conn: sqlite3.Connection) -> None:
    conn.execute("alter table events drop column results")


def _undo_m005(conn: sqlite3.Connection) -> None:
    conn.execute("drop table checkpoints")
    conn.execute("alter table events drop column part_of")
    conn.execute("alter table events drop column replaces")


def _undo_m004(conn: sqlite3.Connection) -> None:
    conn.execute("alter table rolls drop column key")
    conn.execute("alter table rolls drop column typed")


UNDO = {  # newest first
    "m005_corrections": _undo_m005, "m004_roll_keys": _undo_m004, "m003_terrain_once": _undo_m003,
    "m002_event_results": _undo_m002,
}


def as_made_before(path: Path, migration: str) -> None:
    """Turn a game file into one an umpire without ``migration`` (and every later one) made."""
    conn = sqlite3.connect(path)
    names = list(UNDO)  # newest first
    for name in names[: names.index(migration) + 1]:
        UNDO[name](conn)
        conn.execute("delete from _umpire_migrations where name = ?", (name,))
    conn.commit()
    conn.close()
