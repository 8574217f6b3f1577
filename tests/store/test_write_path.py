"""Point 1: one write path. Two commands at once run one after the other: no update is lost, a
phase is resolved once, an undo takes back a different action; a writer that cannot get the lock
in time gets the busy Error line and writes nothing."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from tests.conftest import REPO, at_scenario
from tests.store.files import fingerprint, one_error, run
from umpire.core.dice import ManualDice, SeededDice
from umpire.engine import Game
from umpire.errors import StoreError
from umpire.registry import find_ruleset, load_scenario
from umpire.store.errors import BUSY
from umpire.store.events import NewEvent
from umpire.turns.common import Applied

ORDERS = REPO / "data" / "orders"


@pytest.fixture
def path(tmp_path):
    game = Game.create(tmp_path / "g.db", load_scenario(at_scenario()), seed=4)
    game.close()
    return tmp_path / "g.db"


def _orders_entered(path):
    game = Game.open(path)
    rules = game.turn_rules()
    for side in ("nato", "pact"):
        game.act("auftragstaktik.orders", rules.read_orders(ORDERS / f"{side}-turn1.yaml", game.state), SeededDice(1))
    game.close()


def test_a_stale_command_does_not_lose_the_other_ones_update(path):
    first, second = Game.open(path), Game.open(path)
    assert first.state.units["a-1-64"].x == second.state.units["a-1-64"].x  # both have read the state
    first.act("place", {"unit": "a-1-64", "x": 5, "y": 5, "facing": 0}, SeededDice(1))
    second.act("place", {"unit": "b-1-64", "x": 9, "y": 9, "facing": 0}, SeededDice(1))
    final = Game.open(path)
    assert (final.state.units["a-1-64"].x, final.state.units["b-1-64"].x) == (5, 9)
    assert final.check() == []


def test_two_phase_next_at_once_resolve_two_phases_not_one_twice(path):
    _orders_entered(path)
    first, second = Game.open(path), Game.open(path)
    assert first.state.phase == second.state.phase == "orders"
    a = first.act("auftragstaktik.phase", {}, SeededDice(1))
    b = second.act("auftragstaktik.phase", {}, SeededDice(1))
    assert a.summary.startswith("Orders Phase resolved")
    assert b.summary.startswith("First Movement Phase resolved")
    assert Game.open(path).check() == []


def test_two_undos_at_once_take_back_two_actions(path):
    game = Game.open(path)
    for x in (3, 4, 5):
        game.act("place", {"unit": "a-1-64", "x": x, "y": 5, "facing": 0}, SeededDice(1))
    first, second = Game.open(path), Game.open(path)
    first.events(), second.events()  # both have read the log
    assert first.undo().taken_back[0].seq == 3
    assert second.undo().taken_back[0].seq == 2
    final = Game.open(path)
    assert final.state.units["a-1-64"].x == 3
    assert final.check() == []


def _hold_lock(path, seconds: float, ready: threading.Event, release: threading.Event | None = None) -> None:
    """Hold the write lock for ``seconds``, or until ``release`` is set if that comes first."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("begin immediate")
    ready.set()
    if release is None:
        time.sleep(seconds)
    else:
        release.wait(seconds)
    conn.execute("rollback")
    conn.close()


@pytest.mark.parametrize("args", [
    ("place", "a-1-64", "5", "5"), ("undo",), ("phase", "next"), ("move", "a-1-64", "6", "6"),
])
def test_a_writer_that_cannot_get_the_lock_gets_the_busy_line_and_writes_nothing(path, monkeypatch, args):
    run(path, "place", "a-1-64", "4", "4")
    before = fingerprint(path)
    monkeypatch.setenv("UMPIRE_BUSY_TIMEOUT", "0.2")
    ready, release = threading.Event(), threading.Event()
    # held far longer than the 0.2 s the writer waits, and let go as soon as it has given up
    holder = threading.Thread(target=_hold_lock, args=(path, 30.0, ready, release))
    holder.start()
    ready.wait()
    try:
        assert one_error(run(path, *args)) == f"Error: {BUSY}"
    finally:
        release.set()
        holder.join()
    assert fingerprint(path) == before


def test_a_writer_waits_for_a_short_lock_and_then_succeeds(path):
    ready = threading.Event()
    holder = threading.Thread(target=_hold_lock, args=(path, 0.5, ready))
    holder.start()
    ready.wait()
    r = run(path, "place", "a-1-64", "5", "5")
    holder.join()
    assert r.exit_code == 0, r.stderr
    assert r.output.startswith("#1 a-1-64 placed")


def test_a_bad_busy_timeout_is_one_error_line(path, monkeypatch):
    monkeypatch.setenv("UMPIRE_BUSY_TIMEOUT", "soon")
    assert "UMPIRE_BUSY_TIMEOUT: 'soon' is not a number of seconds (0-600)" in one_error(run(path, "status"))


def test_event_and_snapshot_are_one_transaction(path, monkeypatch):
    """A failure after the event row is written, before the snapshot, writes nothing at all."""
    from umpire.store import events

    before = path.read_bytes()

    def power_cut(*args, **kwargs):
        raise RuntimeError("power cut")

    monkeypatch.setattr(events, "write_projection", power_cut)
    with pytest.raises(RuntimeError):
        Game.open(path).act("place", {"unit": "a-1-64", "x": 5, "y": 5, "facing": 0}, SeededDice(1))
    assert path.read_bytes() == before


def test_a_new_kind_of_event_can_use_the_write_path(path):
    """The transaction is the one way to write: it gives the fresh state and the live log."""
    game = Game.open(path)
    game.act("place", {"unit": "a-1-64", "x": 5, "y": 5, "facing": 0}, SeededDice(1))
    with game.transaction() as tx:
        assert [e.seq for e in tx.live()] == [1]
        state = game.fold(game.initial_state(), [])
        undo = NewEvent("undo", {"undoes": 1}, [], state.turn, state.phase, summary="undo #1", undoes=1)
        seq = tx.append(state, undo)
    assert seq == 2
    assert Game.open(path).state == game.initial_state()
    assert Game.open(path).check() == []


def _roll(state, payload, dice):  # noqa: ANN001, ANN202 - an action that rolls one die
    (value,) = dice.roll(6, why="a test roll")
    return Applied(state.copy_for_change(), f"rolled {value}")


def test_dice_typed_by_hand_are_asked_before_the_lock(path, monkeypatch):
    """Nobody waits on the umpire's prompt: the dice are read first, then the action is made
    under the lock with the values read; if another command wrote meanwhile, nothing is."""
    monkeypatch.setitem(find_ruleset("auftragstaktik").handlers, "test.roll", _roll)
    game = Game.open(path)
    locked = []

    def ask(sides, count, why):
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("begin immediate")  # would wait (and fail) if the prompt held the lock
        conn.execute("rollback")
        locked.append(why)
        return [4]

    assert game.act("test.roll", {}, ManualDice(ask)).summary == "rolled 4"
    assert locked == ["a test roll"]

    def ask_while_another_command_writes(sides, count, why):
        Game.open(path).act("place", {"unit": "a-1-64", "x": 5, "y": 5, "facing": 0}, SeededDice(1))
        return [2]

    with pytest.raises(StoreError, match="the game changed while the dice were being rolled"):
        game.act("test.roll", {}, ManualDice(ask_while_another_command_writes))
    assert [e.kind for e in Game.open(path).events()] == ["test.roll", "place"]
