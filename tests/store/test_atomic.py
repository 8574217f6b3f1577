"""A failure in the middle of an action writes nothing: the file is byte-identical."""

from pathlib import Path

import pytest

from tests.conftest import at_scenario
from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.registry import load_scenario
from umpire.store import events


def test_crash_after_the_event_row_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    game = Game.create(tmp_path / "g.db", load_scenario(at_scenario()), seed=3)
    game.act("place", {"unit": "a-1-64", "x": 5, "y": 5, "facing": 0}, SeededDice(1))
    before = Path(game.path).read_bytes()

    def boom(*args, **kwargs):
        raise RuntimeError("power cut")

    monkeypatch.setattr(events, "write_projection", boom)
    with pytest.raises(RuntimeError):
        game.act("move", {"unit": "a-1-64", "path": [[6, 6]], "facing": None}, SeededDice(1))
    assert Path(game.path).read_bytes() == before
    monkeypatch.undo()
    reopened = Game.open(game.path)
    assert [e.kind for e in reopened.events()] == ["place"]
    assert reopened.check() == []
