"""Point 3: ``new`` builds the game beside the target and renames it into place when complete, so
``--replace`` never loses the old game on failure, and a killed ``new`` blocks nothing."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.conftest import at_scenario
from tests.store.files import fingerprint, hot_journal, one_error, run
from umpire.store.errors import BUSY


@pytest.fixture
def old(tmp_path: Path) -> Path:
    path = tmp_path / "g.db"
    assert run(path, "new", str(at_scenario()), "--seed", "3").exit_code == 0
    assert run(path, "place", "a-1-64", "5", "5").exit_code == 0
    return path


def _others(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir() if p.name != path.name)


def test_a_failure_while_building_leaves_the_old_game(old, monkeypatch):
    from umpire.store import events

    before = old.read_bytes()

    def disk_full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(events, "write_projection", disk_full)
    r = run(old, "new", str(at_scenario()), "--replace")
    assert r.exit_code != 0
    assert old.read_bytes() == before
    assert _others(old) == []  # the temporary file is gone too


def test_a_seed_too_large_to_store_leaves_the_old_game(old):
    before = old.read_bytes()
    r = run(old, "new", str(at_scenario()), "--replace", "--seed", "1180591620717411303424")
    assert r.exit_code == 2
    assert old.read_bytes() == before
    assert _others(old) == []


def test_replace_makes_a_fresh_game(old):
    assert run(old, "new", str(at_scenario()), "--replace", "--seed", "9").exit_code == 0
    assert run(old, "log", "--json").output.strip() == "[]"
    assert _others(old) == []


def test_a_journal_of_the_old_game_is_not_played_into_the_new_one(old):
    hot_journal(old)
    assert run(old, "new", str(at_scenario()), "--replace", "--seed", "9").exit_code == 0
    assert _others(old) == []
    r = run(old, "doctor")
    assert r.exit_code == 0, r.output
    assert "healthy (0 events" in r.output


def test_a_stray_journal_without_its_game_is_not_played_into_a_new_one(old, tmp_path):
    hot_journal(old)
    stray = tmp_path / "other.db-journal"
    shutil.move(f"{old}-journal", stray)
    target = tmp_path / "other.db"
    assert run(target, "new", str(at_scenario())).exit_code == 0
    assert not stray.exists()
    assert run(target, "doctor").exit_code == 0


def test_replace_waits_for_a_command_writing_the_old_game(old, monkeypatch):
    monkeypatch.setenv("UMPIRE_BUSY_TIMEOUT", "0.2")
    ready, done = threading.Event(), threading.Event()

    def hold() -> None:
        conn = sqlite3.connect(old, isolation_level=None)
        conn.execute("begin immediate")
        ready.set()
        done.wait(5)
        conn.execute("rollback")
        conn.close()

    holder = threading.Thread(target=hold)
    holder.start()
    ready.wait()
    before = fingerprint(old)
    try:
        assert one_error(run(old, "new", str(at_scenario()), "--replace")) == f"Error: {BUSY}"
    finally:
        done.set()
        holder.join()
    assert fingerprint(old) == before
    assert _others(old) == []


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_what_a_killed_new_left_is_ignored_and_cleaned(tmp_path):
    target = tmp_path / "g.db"
    dead = _dead_pid()
    stale = [tmp_path / f".g.db.new-{dead}-0badf00d.tmp", tmp_path / f".g.db.new-{dead}-0badf00d.tmp-journal"]
    for p in stale:
        p.write_bytes(b"half a game")
    alive = tmp_path / f".g.db.new-{os.getpid()}-00c0ffee.tmp"  # a new still running: left alone
    alive.write_bytes(b"")
    r = run(target, "new", str(at_scenario()))
    assert r.exit_code == 0, r.stderr
    assert not any(p.exists() for p in stale)
    assert alive.exists()
    assert run(target, "status").exit_code == 0


def test_a_new_killed_half_way_leaves_no_file_that_blocks_the_next(tmp_path):
    """Kill 'umpire new' at several moments: afterwards there is either no game file or a whole
    one, and the next 'new' (with --replace where a game is there) succeeds."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    target = tmp_path / "g.db"
    outcomes = set()
    for delay in (0.3, 0.6, 0.9, 1.2, 1.5):
        proc = subprocess.Popen([sys.executable, "-m", "umpire", "--db", str(target), "new", str(at_scenario())],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:  # kill it after ``delay``, unless it has finished by then
            proc.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            pass
        proc.kill()
        proc.wait()
        if target.exists():
            outcomes.add("made")
            assert run(target, "doctor").exit_code == 0
            target.unlink()
        else:
            outcomes.add("not made")
        assert [p for p in _others(target) if not p.startswith(".g.db.new-")] == []
        r = run(target, "new", str(at_scenario()))
        assert r.exit_code == 0, r.stderr
        assert _others(target) == []  # the next new cleaned what the killed one left
        target.unlink()
    assert outcomes  # (which of the two happened depends on the machine's speed)


def test_a_game_made_meanwhile_by_another_new_is_not_overwritten(old, monkeypatch):
    """Without --replace, a file that appears while the new game is built is left alone."""
    from umpire.store import newfile

    before = old.read_bytes()
    monkeypatch.setattr(newfile, "check_target", lambda path, replace, kind=None: None)  # it was not there yet
    r = run(old, "new", str(at_scenario()))
    assert one_error(r) == f"Error: --db {old}: a file is already there (choose another --db path, or use --replace)"
    assert old.read_bytes() == before
    assert _others(old) == []
