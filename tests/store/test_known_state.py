"""An action takes the state this process last wrote instead of parsing the snapshot again,
but only while the file holds just what it was written as and the state holds just that too:
another writer's action, or a change made in place to the state, sends it back to the file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.conftest import at_scenario
from umpire.engine import Game
from umpire.registry import load_scenario
from umpire.rules.auftragstaktik.state import AtUnit


def _place(game: Game, unit: str, x: float) -> None:
    game.act("place", {"unit": unit, "x": x, "y": 5, "facing": 0}, None)


def _game(path: Path) -> Game:
    game = Game.create(path, load_scenario(at_scenario()), seed=4)
    _place(game, "a-1-64", 5)
    return game


def test_the_next_action_starts_from_the_state_just_written(tmp_path):
    game = _game(tmp_path / "g.db")
    written = game.state
    with game.transaction() as tx:
        assert tx.state is written
    game.close()


def test_another_writer_sends_it_back_to_the_file(tmp_path):
    game = _game(tmp_path / "g.db")
    written = game.state
    other = Game.open(game.path)
    _place(other, "a-1-64", 7)
    other.close()
    with game.transaction() as tx:
        assert tx.state is not written
        assert tx.state.units["a-1-64"].x == 7.0
    game.close()


def test_a_state_changed_in_place_is_not_taken(tmp_path):
    game = _game(tmp_path / "g.db")
    written = game.state
    AtUnit.of(written.units["a-1-64"]).path_2.append((1, 1))  # read-only, but nothing stops a careless caller
    with game.transaction() as tx:
        assert tx.state is not written
        assert AtUnit.of(tx.state.units["a-1-64"]).path_2 == []
    game.close()


def _reads(monkeypatch) -> list[int]:
    """Counts the reads of the snapshot a transaction makes (store.events.load_state)."""
    from umpire.engine import transaction
    from umpire.store import events

    reads: list[int] = []
    real = events.load_state

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        reads.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(transaction.log, "load_state", counted)
    return reads


def _rows(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("select rowid, * from units order by rowid").fetchall()


def _whole_rows(path: Path, tmp: Path) -> list[tuple[object, ...]]:
    """The units table as writing the stored state whole leaves it (in a copy of the file)."""
    import shutil

    from umpire.store.events import load_state, write_projection

    copy = tmp / "whole.db"
    shutil.copy(path, copy)
    with sqlite3.connect(copy) as conn:
        state = load_state(conn, copy, models=Game.open(path).own_models())
        seq = conn.execute("select seq from snapshot").fetchone()[0]
        write_projection(conn, state, seq)
    return _rows(copy)


def test_the_next_action_reads_nothing_of_the_file_nobody_else_has_written(tmp_path, monkeypatch):
    game = _game(tmp_path / "g.db")
    _place(game, "a-1-64", 6)  # (the first write of this connection checks the file)
    reads = _reads(monkeypatch)
    for x in (7, 8, 9):
        _place(game, "a-1-64", x)
    assert reads == []
    assert game.check() == []
    game.close()


def test_a_second_writer_is_seen_between_two_actions_of_one_process(tmp_path, monkeypatch):
    game = _game(tmp_path / "g.db")
    _place(game, "a-1-64", 6)
    other = Game.open(game.path)
    _place(other, "b-1-64", 11)
    other.close()
    reads = _reads(monkeypatch)
    _place(game, "a-1-64", 7)  # on top of the other writer's action, not over it
    assert reads == [1]
    again = Game.open(game.path)
    assert (again.state.units["a-1-64"].x, again.state.units["b-1-64"].x) == (7.0, 11.0)
    assert again.check() == []
    game.close()


def test_another_write_through_the_same_file_sends_it_back_to_the_file(tmp_path, monkeypatch):
    from umpire.engine.players import make_link

    game = _game(tmp_path / "g.db")
    _place(game, "a-1-64", 6)
    reads = _reads(monkeypatch)
    make_link(game, "nato")  # a write of this connection that is not an action
    _place(game, "a-1-64", 7)
    assert reads == [1]
    game.close()


def test_units_rows_written_in_place_are_those_a_whole_rewrite_writes(tmp_path):
    """Rows changed in place (the units that moved), the others untouched: the table is row for
    row, rowid for rowid, what writing it whole gives; and so after another writer too."""
    game = _game(tmp_path / "g.db")
    for x in (6, 7):
        _place(game, "a-1-64", x)
    game.act("place", {"unit": "b-1-64", "x": 12, "y": 30, "facing": 180}, None)
    assert _rows(game.path) == _whole_rows(game.path, tmp_path)
    other = Game.open(game.path)
    other.undo()
    other.close()
    _place(game, "a-1-64", 9)
    assert _rows(game.path) == _whole_rows(game.path, tmp_path)
    assert [r[8] for r in _rows(game.path) if r[1] == "a-1-64"] == [9.0]
    game.close()
