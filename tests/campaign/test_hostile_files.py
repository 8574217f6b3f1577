"""A campaign file from someone else (issue #21, points 6, 9 and 12): planted objects refuse every
write and are named by the doctor, a roll edited by hand is named by its action and key, a
campaign next refused on a full disk leaves nothing behind, and --replace replaces only a game."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.campaign.conftest import copy_of, ok, run


def _sql(db: Path, *statements: str) -> None:
    conn = sqlite3.connect(db)
    for s in statements:
        conn.execute(s)
    conn.commit()
    conn.close()


def test_a_trigger_planted_in_a_campaign_file_refuses_writes_and_the_doctor_names_it(at_round1, tmp_path):
    d = copy_of(at_round1, tmp_path / "c", ("season.db",))
    season = d / "season.db"
    _sql(season, "create trigger forge after insert on rolls begin update rolls set vals = '[6]'; end")
    before = season.read_bytes()
    r = run("campaign", "undo", season)
    assert r.exit_code == 2 and r.stderr.splitlines() == [
        f"Error: {season}: the campaign file holds what umpire did not make (trigger 'forge' on table 'rolls'); "
        "nothing was written ('umpire doctor' lists it)"]
    assert season.read_bytes() == before
    r = run("campaign", "doctor", season)
    assert r.exit_code == 2 and "  trigger 'forge' on table 'rolls' that umpire did not make" in r.stdout


def test_a_campaign_roll_edited_by_hand_is_named_by_action_and_key(at_round1, tmp_path):
    d = copy_of(at_round1, tmp_path / "c", ("season.db",))
    season = d / "season.db"
    assert "healthy" in ok("campaign", "doctor", season).stdout
    conn = sqlite3.connect(season)
    row = conn.execute("select id, seq, why, vals, sides from rolls order by id limit 1").fetchone()
    rid, seq, why, vals, sides = row
    faces = json.loads(vals)
    faces[0] = faces[0] % sides + 1
    conn.execute("update rolls set vals = ? where id = ?", (json.dumps(faces), rid))
    conn.commit()
    conn.close()
    r = run("campaign", "doctor", season)
    assert r.exit_code == 2 and f"  event #{seq} (campaign.import): the roll keyed {why} shows" in r.stdout
    assert "where the campaign's seed gives" in r.stdout
    r = run("campaign", "replay", season, "--check")
    assert r.exit_code == 1 and f"event #{seq} (campaign.import): the roll keyed {why}" in r.stdout.replace("\n", " ")


def test_campaign_next_refused_on_a_full_disk_leaves_no_game_file(tmp_path, monkeypatch):
    from umpire.campaign import store

    season = tmp_path / "season.db"
    ok("campaign", "new", season, "--from", "hof-autumn-1985")
    real = store.write_projection

    def full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "write_projection", full)
    r = run("campaign", "next", season, "--game", "r1-north", "--out", tmp_path / "north.db")
    assert r.exit_code == 2 and "disk is full" in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["season.db"]  # no game, no temporary file
    monkeypatch.setattr(store, "write_projection", real)
    ok("campaign", "next", season, "--game", "r1-north", "--out", tmp_path / "north.db")
    assert (tmp_path / "north.db").is_file()


def test_campaign_next_replaces_only_a_game_file(tmp_path):
    season = tmp_path / "season.db"
    ok("campaign", "new", season, "--from", "hof-autumn-1985")
    notes = tmp_path / "north.db"
    notes.write_text("not a game\n", encoding="utf-8")
    r = run("campaign", "next", season, "--game", "r1-north", "--out", notes, "--replace")
    assert r.exit_code == 2 and "not an umpire game file (not an SQLite file)" in r.stderr
    assert notes.read_text(encoding="utf-8") == "not a game\n"
    games = json.loads(ok("campaign", "status", season, "--json").stdout)["games"]
    assert games[0]["status"] == "scheduled"  # nothing recorded either


@pytest.mark.parametrize("side", ["../../escaped", "blue/force"])
def test_a_stored_season_with_a_path_for_a_side_id_prints_nothing(tmp_path, side):
    season = tmp_path / "season.db"
    ok("campaign", "new", season, "--from", "hof-autumn-1985")
    conn = sqlite3.connect(season)
    (text,) = conn.execute("select season from campaign").fetchone()
    conn.execute("update campaign set season = ?", (text.replace('"nato"', json.dumps(side)),))
    conn.commit()
    conn.close()
    inner = tmp_path / "inner"
    inner.mkdir()
    r = run("campaign", "print", season, "--out", inner / "papers")
    assert r.exit_code == 2 and "not an id umpire can use in file names" in r.stderr
    assert list(inner.iterdir()) == [] and sorted(p.name for p in tmp_path.iterdir()) == ["inner", "season.db"]


def test_a_game_file_with_planted_objects_is_not_imported_and_they_are_named(round1_played, tmp_path):
    """campaign import refuses what umpire doctor calls damaged (a table, a trigger and a view
    that umpire did not make), naming them, and writes nothing."""
    d = copy_of(round1_played, tmp_path / "c")
    game = d / "r1-north.db"
    _sql(game, "create table loot (x)", "create trigger t1 after insert on events begin select 1; end",
         "create view v1 as select 1")
    assert run("--db", game, "doctor").exit_code == 2
    before = (d / "season.db").read_bytes()
    r = run("campaign", "import", d / "season.db", game)
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1, r.output
    for name in ("'loot'", "'t1'", "'v1'"):
        assert name in r.stderr, (name, r.stderr)
    assert "doctor" in r.stderr and (d / "season.db").read_bytes() == before
    assert run("campaign", "import", d / "season.db", d / "r1-south.db").exit_code == 0  # a sound one still is
