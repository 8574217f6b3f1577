"""MBT's models read from a photo: their 0.375" markers (the largest that fits a 0.5" x 0.75"
base), on the MBT meeting table, at 8 megapixels; applied through the MBT ruleset's own check on
where a unit may be put."""

from __future__ import annotations

import math

import pytest
from typer.testing import CliRunner

from umpire.cli import app


@pytest.fixture(scope="module")
def mbt_game(tmp_path_factory):
    path = tmp_path_factory.mktemp("mbt") / "game.db"
    res = CliRunner().invoke(app, ["--db", str(path), "new", "mbt-meeting"])
    assert res.exit_code == 0, res.output
    return path


def test_mbt_models_are_read_and_placed(mbt_game, tmp_path):
    from tests.photo.photos import game_table, shot
    from umpire.engine import Game

    game = Game.open(mbt_game)
    first = next(u for u in game.state.units.values() if u.placed)
    game.close()
    table = game_table(mbt_game, {first.id: (2.0, -1.0, 20.0)})
    assert {s.size for s in table.stands} == {0.375}
    data, cells = shot(table, 8.0, seed=21, tilt=25.0, blur=0.6)
    (tmp_path / "p.jpg").write_bytes(data)
    res = CliRunner().invoke(app, ["--db", str(mbt_game), "table", "read", str(tmp_path / "p.jpg"), "--apply"])
    assert res.exit_code == 0, res.output
    game = Game.open(mbt_game)
    try:
        u = game.state.units[first.id]
        assert math.dist((u.x, u.y), (first.x + 2.0, first.y - 1.0)) < 0.1
        assert abs((u.facing - first.facing - 20 + 180) % 360 - 180) < 3
        assert game.check() == []
    finally:
        game.close()
