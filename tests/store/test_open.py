"""Points 2 and 8: opening a game repairs what SQLite repairs (a hot journal), refuses what it
cannot with one precise line, and reading never writes or migrates. A read-only file or folder
and a --db that names a folder are one Error line each (reads work where reading is possible)."""

from __future__ import annotations

import shutil
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from tests.conftest import at_scenario
from tests.store.files import as_made_before, fingerprint, hot_journal, one_error, run, shared_folder, unprivileged
from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.registry import load_scenario
from umpire.store.errors import BUSY


def _game(path: Path) -> Path:
    game = Game.create(path, load_scenario(at_scenario()), seed=4)
    game.act("place", {"unit": "a-1-64", "x": 5, "y": 5, "facing": 0}, SeededDice(1))
    game.close()
    return path


def _make_old(path: Path) -> None:
    """Turn a game file into one made before migration m002 (no results column)."""
    as_made_before(path, "m002_event_results")


# -- point 2: interrupted writes and locks -------------------------------------------------------
def test_a_hot_journal_is_rolled_back_and_the_game_opens_as_it_was(tmp_path):
    path = _game(tmp_path / "g.db")
    before = fingerprint(path)
    hot_journal(path)
    r = run(path, "status")
    assert r.exit_code == 0, r.stderr
    assert not Path(f"{path}-journal").exists()
    assert fingerprint(path) == before
    assert run(path, "replay", "--check").exit_code == 0


def test_every_command_repairs_a_hot_journal_first(tmp_path):
    for args in (("log",), ("replay", "--check"), ("place", "b-1-64", "3", "3"), ("doctor",)):
        path = _game(tmp_path / f"{args[0]}.db")
        hot_journal(path)
        r = run(path, *args)
        assert r.exit_code == 0, (args, r.stderr)
        assert not Path(f"{path}-journal").exists()


def test_a_hot_journal_that_cannot_be_rolled_back_is_one_precise_line():
    with shared_folder() as folder:
        path = _game(folder / "g.db")
        hot_journal(path)
        for p in (path, Path(f"{path}-journal")):
            p.chmod(0o444)
        run(path, "--help")  # the command's modules are loaded before the user changes
        with unprivileged():
            line = one_error(run(path, "status"))
        assert line == (
            f"Error: {path}: an interrupted write left a journal (g.db-journal) that must be rolled back, "
            "but the file or its folder is read-only; make both writable and run any umpire command to "
            "repair it"
        )


def test_a_file_locked_for_a_while_waits_then_reads(tmp_path):
    path = _game(tmp_path / "g.db")
    ready = threading.Event()

    def hold() -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("begin exclusive")  # nobody may even read
        ready.set()
        time.sleep(0.5)
        conn.execute("rollback")
        conn.close()

    holder = threading.Thread(target=hold)
    holder.start()
    ready.wait()
    start = time.monotonic()
    r = run(path, "status")
    holder.join()
    assert r.exit_code == 0, r.stderr
    assert time.monotonic() - start >= 0.4


def test_a_file_locked_too_long_is_busy_not_not_a_database(tmp_path, monkeypatch):
    path = _game(tmp_path / "g.db")
    monkeypatch.setenv("UMPIRE_BUSY_TIMEOUT", "0.2")
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("begin exclusive")
    try:
        for args in (("status",), ("log",), ("place", "a-1-64", "1", "1"), ("doctor",)):
            r = run(path, *args)
            if args == ("doctor",):
                assert BUSY in r.output, r.output
            else:
                assert one_error(r) == f"Error: {BUSY}"
    finally:
        conn.execute("rollback")


def test_reading_never_migrates(tmp_path):
    path = _game(tmp_path / "g.db")
    _make_old(path)
    before = path.read_bytes()
    for args in (("status",), ("log",), ("replay", "--check"), ("report",), ("turn",), ("doctor",)):
        r = run(path, *args)
        assert r.exit_code == 0, (args, r.stderr)
        assert path.read_bytes() == before, args
    r = run(path, "place", "b-1-64", "3", "3")  # the first write migrates the file itself
    assert r.exit_code == 0, r.stderr
    conn = sqlite3.connect(path)
    assert "results" in [c[1] for c in conn.execute("pragma table_info(events)")]
    assert ("m002_event_results",) in conn.execute("select name from _umpire_migrations").fetchall()
    assert run(path, "replay", "--check").exit_code == 0


def test_the_game_stays_one_file(tmp_path):
    """A rollback journal, not WAL: nothing is left beside the game between commands."""
    path = _game(tmp_path / "g.db")
    run(path, "place", "b-1-64", "3", "3")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.db"]
    conn = sqlite3.connect(path)
    conn.execute("pragma journal_mode = wal")  # another tool switched it
    conn.close()
    assert run(path, "place", "b-1-64", "4", "4").exit_code == 0
    conn = sqlite3.connect(path)
    assert conn.execute("pragma journal_mode").fetchone()[0] == "delete"
    conn.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.db"]


# -- point 8: read-only files and folders, --db a folder --------------------------------------
@pytest.mark.parametrize("what", ["file", "folder", "both"])
def test_a_read_only_game_can_be_read_but_not_written(what):
    with shared_folder() as folder:
        path = _game(folder / "g.db")
        path.chmod(0o444 if what in ("file", "both") else 0o666)
        folder.chmod(0o555 if what in ("folder", "both") else 0o777)
        before = fingerprint(path)
        for args in (("status",), ("place", "a-1-64", "1", "1"), ("new", str(at_scenario()), "--replace")):
            run(path, *args[:1], "--help")  # load the command's modules first
        with unprivileged():
            reads = [run(path, *a) for a in (("status",), ("log",), ("replay", "--check"), ("doctor",))]
            place = run(path, "place", "a-1-64", "1", "1")
            undo = run(path, "undo")
            new = run(path, "new", str(at_scenario()), "--replace")
        for r in reads:
            assert r.exit_code == 0, r.stderr
        expected = (
            f"Error: {path}: the game file is read-only; nothing was written" if what != "folder" else
            f"Error: {path}: the folder {folder} is read-only (umpire writes a journal beside the game file "
            "while it records an action); nothing was written"
        )
        assert one_error(place) == expected
        assert one_error(undo) == expected
        assert one_error(new) == (
            f"Error: --db {path}: the game file is read-only; --replace leaves it alone (make it writable first)"
            if what != "folder" else
            f"Error: --db {path}: cannot write in the folder {folder} (Permission denied); nothing was changed"
        )
        assert fingerprint(path) == before


def test_status_on_a_read_only_file_that_needs_a_migration():
    with shared_folder() as folder:
        path = _game(folder / "g.db")
        _make_old(path)
        path.chmod(0o444)
        before = path.read_bytes()
        run(path, "status", "--help")
        with unprivileged():
            r = run(path, "status")
            w = run(path, "place", "a-1-64", "1", "1")
        assert r.exit_code == 0, r.stderr
        assert "a-1-64" in r.output
        assert one_error(w) == f"Error: {path}: the game file is read-only; nothing was written"
        assert path.read_bytes() == before


@pytest.mark.parametrize("args", [("status",), ("log",), ("place", "a-1-64", "1", "1"), ("undo",), ("doctor",)])
def test_db_naming_a_folder_is_one_error_line(tmp_path, args):
    r = run(tmp_path, *args)
    if args == ("doctor",):
        assert "is a folder" in r.output and r.exit_code == 2
    else:
        assert one_error(r) == f"Error: --db {tmp_path}: is a folder, not a game file (give the game file's path)"


def test_new_with_db_naming_a_folder_is_one_error_line(tmp_path):
    assert one_error(run(tmp_path, "new", str(at_scenario()))) == (
        f"Error: --db {tmp_path}: is a folder; give the game file's path (e.g. {tmp_path / 'game.db'})"
    )
    assert list(tmp_path.iterdir()) == []


def test_copying_a_game_between_commands_copies_all_of_it(tmp_path):
    path = _game(tmp_path / "g.db")
    copy = tmp_path / "copy.db"
    shutil.copy(path, copy)
    assert fingerprint(copy) == fingerprint(path)
    assert run(copy, "replay", "--check").exit_code == 0
