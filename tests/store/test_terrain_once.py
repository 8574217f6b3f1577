"""Part 4 of #10: the terrain, which no action changes, is kept once in the game file (not in
the snapshot every action rewrites), shared by every copy of the state, and read when needed."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import at_scenario
from tests.store.files import as_made_before, run
from umpire.engine import Game
from umpire.registry import load_scenario
from umpire.resources import bundled_scenarios


def _game(path: Path) -> Path:
    game = Game.create(path, load_scenario(at_scenario()), seed=4)
    game.act("place", {"unit": "a-1-64", "x": 5, "y": 5, "facing": 0}, None)
    game.close()
    return path


def _row(path: Path, sql: str):  # noqa: ANN202
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql).fetchone()
    finally:
        conn.close()


def test_the_terrain_is_kept_once_beside_the_snapshot(tmp_path):
    path = _game(tmp_path / "g.db")
    (state,) = _row(path, "select state from snapshot")
    (terrain,) = _row(path, "select terrain from game")
    assert "terrain" not in json.loads(state)
    pieces = json.loads(terrain)
    assert [t["id"] for t in pieces] == [t.id for t in load_scenario(at_scenario()).terrain]
    game = Game.open(path)
    assert [t.id for t in game.state.terrain] == [t["id"] for t in pieces]
    assert game.check() == []


def test_an_action_copies_neither_terrain_nor_untouched_units(tmp_path):
    from umpire.core.snapshot import canonical_state
    from umpire.registry import find_ruleset

    game = Game.open(_game(tmp_path / "g.db"))
    before = game.state
    place = find_ruleset(before.ruleset).handlers["place"]
    placed = place(before, {"unit": "t80-1", "x": 40, "y": 30, "facing": 180}, None)  # type: ignore[arg-type]
    after = canonical_state(placed.state)
    assert after.terrain is before.terrain
    assert dict.__getitem__(after.units, "a-1-64") is dict.__getitem__(before.units, "a-1-64")
    assert dict.__getitem__(after.units, "t80-1") is not dict.__getitem__(before.units, "t80-1")


def test_a_file_from_before_m003_is_migrated_by_the_first_write(tmp_path):
    path = _game(tmp_path / "g.db")
    as_made_before(path, "m003_terrain_once")
    assert "terrain" in json.loads(_row(path, "select state from snapshot")[0])
    before = path.read_bytes()
    for args in (("status",), ("replay", "--check"), ("doctor",)):
        r = run(path, *args)
        assert r.exit_code == 0, (args, r.stderr)
    assert path.read_bytes() == before  # reading never migrates
    r = run(path, "place", "b-1-64", "3", "3")
    assert r.exit_code == 0, r.stderr
    assert "terrain" not in json.loads(_row(path, "select state from snapshot")[0])
    assert len(json.loads(_row(path, "select terrain from game")[0])) == len(load_scenario(at_scenario()).terrain)
    assert run(path, "replay", "--check").exit_code == 0
    assert run(path, "doctor").exit_code == 0


def test_a_migration_with_an_unreadable_snapshot_takes_the_scenario_terrain(tmp_path):
    path = _game(tmp_path / "g.db")
    as_made_before(path, "m003_terrain_once")
    conn = sqlite3.connect(path)
    conn.execute("update snapshot set state = '{oops'")
    conn.commit()
    conn.close()
    r = run(path, "doctor")
    assert r.exit_code == 2 and "snapshot" in r.output
    assert "stored terrain" not in r.output  # the terrain itself came through whole (from the scenario)


@pytest.mark.parametrize("name", sorted(bundled_scenarios()))
def test_the_state_before_any_action_is_the_scenario_s_on_the_stored_terrain(tmp_path, name):
    """A game's state before any action (what its reports and corrections start from) stands on
    the terrain stored with the game, its scenario's pieces not read again: the very state the
    whole scenario builds (a ruleset that checks the terrain at the start builds that)."""
    from umpire.core.snapshot import state_json
    from umpire.registry import initial_state_on

    game = Game.create(tmp_path / "g.db", load_scenario(bundled_scenarios()[name]), seed=3)
    game.close()
    game = Game.open(tmp_path / "g.db")
    terrain = game.state.terrain
    start, whole = game.initial_state(), game.scenario_state()
    assert state_json(start) == state_json(whole)
    assert start.terrain == whole.terrain and start.units == whole.units and start.own == whole.own
    light = initial_state_on(game.scenario(terrain=False), terrain, seed=3)
    if light is not None:  # built without the scenario's pieces: on the very terrain the game read
        assert start.terrain is terrain
    else:  # an objective on a piece, a fire in a building: the whole scenario is built
        assert name.startswith("mbt")


def test_a_replay_checked_still_starts_from_the_scenario_s_own_terrain(tmp_path):
    path = _game(tmp_path / "g.db")
    conn = sqlite3.connect(path)
    pieces = json.loads(conn.execute("select terrain from game").fetchone()[0])
    pieces[0]["polygon"][0][0] += 1.0  # the stored terrain no longer the scenario's
    conn.execute("update game set terrain = ?", (json.dumps(pieces, sort_keys=True),))
    conn.commit()
    conn.close()
    game = Game.open(path)
    assert game.initial_state().terrain == game.state.terrain  # play goes on on the stored terrain
    assert game.scenario_state().terrain != game.state.terrain
    r = run(path, "doctor")
    assert r.exit_code == 2 and "the stored terrain differs from the stored scenario's terrain" in r.output
