"""The game commands through the CLI: output, exit codes, one-line errors, nothing half-written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import at_scenario


@pytest.fixture
def game(cli):
    r = cli("new", str(at_scenario()))
    assert r.exit_code == 0, r.output
    return cli


def test_new_status_place_move_undo_log_replay(game):
    r = game("status")
    assert r.exit_code == 0 and "1-я рота Т-80Б" in r.output and "TF 1-64 Armor" in r.output
    r = game("place", "a-1-64", "20", "21", "--facing", "45")
    assert r.exit_code == 0 and "a-1-64 placed at (20, 21) facing 45" in r.output
    r = game("move", "a-1-64", "24", "21", "--via", "22,23")
    assert r.exit_code == 0 and "moved" in r.output
    st = json.loads(game("status", "--json").output)
    assert st["units"]["a-1-64"]["x"] == 24 and st["units"]["a-1-64"]["y"] == 21
    r = game("undo")
    assert r.exit_code == 0 and "undone #2 move" in r.output
    st = json.loads(game("status", "--json").output)
    assert st["units"]["a-1-64"]["x"] == 20
    log = json.loads(game("log", "--json").output)
    assert [e["kind"] for e in log] == ["place", "move", "undo"] and log[1]["undone"]
    r = game("replay", "--check")
    assert r.exit_code == 0 and "exactly" in r.output


def test_place_from_two_table_edges(game):
    r = game("place", "t80-1", "--edges", "top=23,right=13")
    assert r.exit_code == 0, r.output
    u = json.loads(game("status", "--json").output)["units"]["t80-1"]
    assert (u["x"], u["y"]) == (59, 25)


def test_status_for_one_side_and_unknown_side(game):
    data = json.loads(game("status", "--side", "nato", "--json").output)
    assert data["side"] == "nato" and {u["id"] for u in data["units"]} == {"hq-1-64", "a-1-64", "b-1-64", "c-4-8"}
    assert "seed" not in data and "extra" not in data  # composed from the briefing, not the state
    r = game("status", "--side", "natp")
    assert r.exit_code == 2 and "did you mean 'nato'" in r.stderr


def _one_error_line(r) -> str:
    assert r.exit_code == 2, (r.exit_code, r.output)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("args", "expect"),
    [
        (("place", "a-1-46", "1", "1"), "unknown unit 'a-1-46' (did you mean 'a-1-64'?"),
        (("place", "a-1-64", "80", "10"), "off the table (x 0-72, y 0-48)"),
        (("move", "a-1-64", "10", "60"), "off the table (x 0-72, y 0-48)"),
        (("place", "a-1-64", "1", "1", "--facing", "east"), "facing: 'east' is not a number"),
        (("place", "a-1-64", "--edges", "up=3,left=2"), "--edges"),
        (("move", "a-1-64", "10", "10", "--via", "3;4"), "--via"),
        (("measure", "a-1-64", "nobody"), "unknown unit or terrain piece 'nobody'"),
    ],
)
def test_bad_input_is_one_line_and_leaves_the_file_as_it_was(game, args, expect):
    before = Path(game.db).read_bytes()
    line = _one_error_line(game(*args))
    assert expect in line
    assert Path(game.db).read_bytes() == before


def test_undo_with_nothing_to_undo(game):
    before = Path(game.db).read_bytes()
    assert "nothing to undo" in _one_error_line(game("undo"))
    assert Path(game.db).read_bytes() == before


def test_a_file_that_is_not_an_umpire_database(cli, tmp_path):
    for content in (b"hello, not a database\n" * 10, None):
        path = tmp_path / "other.db"
        if content is None:
            import sqlite3

            path.unlink()
            sqlite3.connect(path).execute("create table t (x)").connection.commit()
        else:
            path.write_bytes(content)
        before = path.read_bytes()
        r = cli.runner.invoke(__import__("umpire.cli").cli.app, ["--db", str(path), "status"])
        assert "not an umpire game file" in _one_error_line(r)
        assert path.read_bytes() == before


def test_no_game_file_is_an_error_and_creates_nothing(cli):
    assert "no game file" in _one_error_line(cli("status"))
    assert not Path(cli.db).exists()


def test_new_refuses_to_overwrite_a_game(game):
    before = Path(game.db).read_bytes()
    assert "already there" in _one_error_line(game("new", str(at_scenario())))
    assert Path(game.db).read_bytes() == before


def test_the_log_cuts_long_summaries_and_shows_one_action_in_full(game):
    from umpire.reports.status import GIST, gist

    long = "; ".join(f"t80-{i} holds fire: its target is not spotted" for i in range(8))
    cut = gist(long)
    assert len(cut) <= GIST + 2 and cut.endswith(" …") and cut.startswith("t80-0 holds fire")
    assert gist("short") == "short"
    path = Path(__file__).parents[2] / "data" / "orders" / "nato-turn1.yaml"
    assert game("turn", "orders", str(path)).exit_code == 0
    assert game("turn", "orders", str(path.with_name("pact-turn1.yaml"))).exit_code == 0
    for _ in range(6):  # Orders ... Second Combat: #3-#8
        assert game("phase", "next").exit_code == 0
    table = game("log").output
    assert "…" in table and "(to-hit roll" not in table  # summaries cut, dice as faces only
    one = game("log", "8").output
    assert "#8 auftragstaktik.phase" in one and "t1/combat_2/fire/a-1-64/" in one and "to-hit roll" in one
    assert json.loads(game("log", "8", "--json").output)["seq"] == 8
    r = game("log", "99")
    assert r.exit_code == 2 and r.output.strip().splitlines() == [
        "Error: log 99: there is no event #99 (the log runs from #1 to #8)"
    ]


def test_status_sums_up_a_big_terrain_and_lists_it_on_request(cli, tmp_path):
    import yaml

    data = yaml.safe_load(at_scenario().read_text(encoding="utf-8"))
    data["terrain"] += [{"id": f"copse-{i}", "type": "woods", "polygon": [[1 + i, 44], [1.5 + i, 44], [1.5 + i, 44.5]]}
                        for i in range(41)]
    path = tmp_path / "many.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert cli("new", str(path)).exit_code == 0
    out = cli("status").output
    assert "terrain: 47 pieces (43 woods, 1 hill, 1 road, 1 stream, 1 town); umpire status --terrain lists them" in (
        " ".join(out.split()))
    assert "copse-7" not in out
    listed = cli("status", "--terrain").output
    assert "copse-7" in listed and "Frankenwald (north)" in listed
    assert "Frankenwald (north)" not in cli("status", "--no-terrain").output
