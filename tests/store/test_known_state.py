"""An action takes the state this process last wrote instead of parsing the snapshot again,
but only while the file holds just what it was written as and the state holds just that too:
another writer's action, or a change made in place to the state, sends it back to the file."""

from __future__ import annotations

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
