"""The campaign's log: games of a round import in any order to the same campaign; undo takes an
import back and the same import gives the same result again; the log replays to the state."""

from __future__ import annotations

import json

from tests.campaign.conftest import copy_of, ok, run
from umpire.campaign.engine import Campaign


def _state(path):
    data = Campaign.open(path).state.model_dump(mode="json")
    for g in data["games"].values():
        g.pop("file", None)
    return data


def test_games_of_a_round_import_in_any_order(round1_played, tmp_path):
    a = copy_of(round1_played, tmp_path / "a")
    b = copy_of(round1_played, tmp_path / "b")
    ok("campaign", "import", a / "season.db", a / "r1-north.db", a / "r1-south.db")
    ok("campaign", "import", b / "season.db", b / "r1-south.db")
    ok("campaign", "import", b / "season.db", b / "r1-north.db")
    sa, sb = _state(a / "season.db"), _state(b / "season.db")
    assert sa["forces"] == sb["forces"] and sa["strength"] == sb["strength"]
    assert sa["games"] == sb["games"] and sa["after_round"] == sb["after_round"]


def test_undo_takes_an_import_back_and_it_comes_again_the_same(round1_played, tmp_path):
    d = copy_of(round1_played, tmp_path / "u")
    season = d / "season.db"
    before = _state(season)
    ok("campaign", "import", season, d / "r1-north.db")
    after = _state(season)
    r = ok("campaign", "undo", season)
    assert r.stdout.startswith("undone #3 campaign.import: game r1-north imported")
    assert _state(season) == before
    ok("campaign", "import", season, d / "r1-north.db")
    assert _state(season) == after
    log = json.loads(ok("campaign", "log", season, "--json").stdout)
    assert [(e["kind"], e["undone"]) for e in log] == [
        ("campaign.issue", False), ("campaign.issue", False), ("campaign.import", True), ("undo", False),
        ("campaign.import", False)]
    plain = ok("campaign", "log", season).stdout
    assert "undo #3" in plain and "[undone by #4]" in plain  # in words: no strike-through when piped
    assert [e["taken_back"] for e in log] == [None, None, "undone by #4", None, None]
    assert "gives the stored state exactly" in ok("campaign", "replay", season, "--check").stdout


def test_replay_check_finds_a_tampered_snapshot(round1_played, tmp_path):
    import sqlite3

    d = copy_of(round1_played, tmp_path / "t")
    season = d / "season.db"
    ok("campaign", "import", season, d / "r1-north.db")
    conn = sqlite3.connect(season)
    conn.execute("update forces set hits = 3 where id = 't80-2'")
    conn.commit()
    conn.close()
    r = run("campaign", "replay", season, "--check")
    assert r.exit_code == 1 and "forces table row 't80-2' differs from the replay" in r.stdout
    nothing = run("campaign", "undo", d / "empty.db")
    assert nothing.exit_code == 2 and "no campaign file there" in nothing.stderr


def test_undo_with_nothing_to_undo_is_refused(tmp_path):
    ok("campaign", "new", tmp_path / "s.db", "--from", "fulda-1989")
    r = run("campaign", "undo", tmp_path / "s.db")
    assert r.exit_code == 2 and r.stderr == "Error: undo: nothing to undo (no action has been taken in this campaign)\n"
    assert "no actions yet" in ok("campaign", "log", tmp_path / "s.db").stdout


def test_doctor_lists_what_is_wrong_with_a_campaign_file(round1_played, tmp_path):
    import sqlite3

    d = copy_of(round1_played, tmp_path / "doc")
    season = d / "season.db"
    ok("campaign", "import", season, d / "r1-north.db", d / "r1-south.db")
    assert "healthy (4 events, round 2 of 3)" in ok("campaign", "doctor", season).stdout
    conn = sqlite3.connect(season)
    conn.execute("delete from rolls where id = 1")  # a keyed roll lost
    conn.commit()
    conn.close()
    r = run("campaign", "doctor", season)
    assert r.exit_code == 2 and "1 problem" in r.stdout
    assert "event #3 (campaign.import) does not replay: scripted dice ran out at 'round 1" in r.stdout
    assert r.stderr == f"Error: {season}: the campaign file is damaged (1 problem, listed above)\n"
