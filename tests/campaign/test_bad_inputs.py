"""Bad inputs to the campaign commands: one ``Error:`` line, exit status 2, and the campaign file
byte for byte as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from tests.campaign.conftest import copy_of, ok, run
from umpire.resources import resource_dir


def assert_refused(args: list, campaign: Path, expect: str) -> str:
    before = campaign.read_bytes()
    r = run(*args)
    assert r.exit_code == 2, (args, r.output, r.stderr)
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr
    assert expect in lines[0], lines[0]
    assert campaign.read_bytes() == before
    return lines[0]


@pytest.fixture
def ended(tmp_path: Path) -> Path:
    """A fresh Auftragstaktik campaign whose game r1-north was set up and ended at once by the
    umpire (finished: campaign.game_end), imported; r1-south set up, not played."""
    season = tmp_path / "season.db"
    ok("campaign", "new", season, "--from", "hof-autumn-1985")
    ok("campaign", "next", season, "--game", "r1-north", "--out", tmp_path / "north.db")
    ok("--db", tmp_path / "north.db", "end", "--reason", "the club closes early")
    ok("campaign", "import", season, tmp_path / "north.db")
    ok("campaign", "next", season, "--game", "r1-south", "--out", tmp_path / "south.db")
    return tmp_path


def test_a_game_imported_twice_is_refused(ended):
    assert_refused(["campaign", "import", ended / "season.db", ended / "north.db"], ended / "season.db",
            "game r1-north is already imported")


def test_one_game_given_twice_in_one_import_is_refused(ended):
    ok("--db", ended / "south.db", "end")
    assert_refused(["campaign", "import", ended / "season.db", ended / "south.db", ended / "south.db"],
            ended / "season.db", "is given twice")


def test_an_unfinished_game_is_refused(ended):
    line = assert_refused(["campaign", "import", ended / "season.db", ended / "south.db"], ended / "season.db",
                   "game r1-south is not finished (turn 1, setup)")
    assert "umpire --db" in line and "end" in line


def test_a_game_of_another_campaign_is_refused(ended, tmp_path):
    other = tmp_path / "other.db"
    ok("campaign", "new", other, "--from", "hof-autumn-1985")
    ok("campaign", "next", other, "--game", "r1-south", "--out", tmp_path / "foreign.db")
    ok("--db", tmp_path / "foreign.db", "end")
    assert_refused(["campaign", "import", ended / "season.db", tmp_path / "foreign.db"], ended / "season.db",
            "a game of another campaign")


def test_a_bad_file_among_good_ones_writes_nothing(ended):
    ok("--db", ended / "south.db", "end")
    assert_refused(["campaign", "import", ended / "season.db", ended / "south.db", ended / "north.db"],
            ended / "season.db", "already imported")


def test_an_unknown_game_id_is_refused(ended):
    assert_refused(["campaign", "next", ended / "season.db", "--game", "r1-nort", "--out", ended / "x.db"],
            ended / "season.db", "unknown game 'r1-nort' (did you mean 'r1-north'?")
    assert not (ended / "x.db").exists()


def test_a_game_file_that_is_no_campaign_game_is_refused(ended, tmp_path):
    ok("--db", tmp_path / "plain.db", "new", "hof-gap-meeting")
    ok("--db", tmp_path / "plain.db", "end")
    assert_refused(["campaign", "import", ended / "season.db", tmp_path / "plain.db"], ended / "season.db",
            "not a campaign game")
    assert_refused(["campaign", "import", ended / "season.db", tmp_path / "missing.db"], ended / "season.db",
            "no game file there")


def test_no_command_writes_onto_the_campaign_file(ended):
    season = ended / "season.db"
    assert_refused(["campaign", "next", season, "--game", "r1-south", "--out", season, "--replace"], season,
            "that is the campaign file (")
    assert_refused(["campaign", "print", season, "--out", season], season, "that is the campaign file (")
    assert_refused(["campaign", "report", season, "--out", season], season, "that is the campaign file (")
    assert_refused(["campaign", "import", season, season], season, "is the campaign file itself, not a game file")
    assert_refused(["campaign", "next", season, "--game", "r1-south", "--out", f"{season}-journal"], season,
            "that is the journal of the campaign file (")


def test_a_game_file_is_not_a_campaign_file(ended):
    assert_refused(["campaign", "status", ended / "north.db"], ended / "north.db",
            "not an umpire campaign file (it is an umpire game file)")


def _season(tmp_path: Path, change) -> Path:  # noqa: ANN001
    src = resource_dir("campaigns") / "hof-autumn-1985.yaml"
    data = yaml.safe_load(src.read_text(encoding="utf-8"))
    change(data)
    shutil.copytree(resource_dir("campaigns") / "maps", tmp_path / "maps", dirs_exist_ok=True)
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(("change", "expect"), [
    (lambda d: d["players"][0]["force"]["units"][1].update(type="M1A3 Company"),
     "players[0].force.units[1].type: unknown unit 'M1A3 Company' (did you mean 'M1A1 Company'?"),
    (lambda d: d["players"][2]["force"]["units"][2].update(qualty="elite"),
     "players[2].force.units[2].qualty: unknown field"),
    (lambda d: d.update(rounds_=d.pop("rounds")), "rounds: missing field"),
    (lambda d: d["rounds"][0]["games"][0]["deploy"].update(smith={"box": [70, 15, 76, 19]}),
     "deploy.smith.box: [70.0, 15.0, 76.0, 19.0] is off the table"),
    (lambda d: d["rounds"][1]["games"][0]["deploy"].update(becker={"box": [6, 1, 12, 5], "facing": 90}),
     "rounds[1].games[1].deploy.becker: the player already plays 'r2-north' in round 2"),
    (lambda d: d.update(rulings={"campaign.hits": "forget"}), "ruling campaign.hits: unknown choice 'forget'"),
])
def test_a_bad_season_file_is_refused_and_no_campaign_is_made(tmp_path, change, expect):
    path = _season(tmp_path, change)
    r = run("campaign", "new", tmp_path / "c.db", "--from", path)
    assert r.exit_code == 2, r.output
    assert all(line.startswith("Error: ") for line in r.stderr.splitlines())
    assert expect in r.stderr, r.stderr
    assert not (tmp_path / "c.db").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".c.db")] == []


def test_a_game_whose_forces_no_longer_match_its_slot_is_refused(round1_played, tmp_path):
    """The organiser imported the wrong file for r1-north (the played one, with its losses), set up
    round 2, took both back and imported the right one (the game was called off at once): the
    round-2 game set up from the wrong forces no longer matches its slot."""
    d = copy_of(round1_played, tmp_path / "m")
    season = d / "season.db"
    ok("campaign", "next", season, "--game", "r1-north", "--out", d / "called-off.db")
    ok("--db", d / "called-off.db", "end")
    ok("campaign", "import", season, d / "r1-south.db", d / "r1-north.db")
    ok("campaign", "next", season, "--game", "r2-south", "--out", d / "r2s.db")
    ok("campaign", "undo", season)
    ok("campaign", "undo", season)
    ok("campaign", "import", season, d / "called-off.db")
    ok("--db", d / "r2s.db", "end")
    assert_refused(["campaign", "import", season, d / "r2s.db"], season, "its forces do not match the slot (units")


def test_a_game_of_a_round_not_yet_reached_is_refused(round1_played, tmp_path):
    d = copy_of(round1_played, tmp_path / "r")
    season = d / "season.db"
    ok("campaign", "import", season, d / "r1-south.db", d / "r1-north.db")
    ok("campaign", "next", season, "--game", "r2-north", "--out", d / "r2n.db")
    ok("campaign", "undo", season)
    ok("campaign", "undo", season)  # r1-north's import taken back: round 1 is open again
    ok("--db", d / "r2n.db", "end")
    assert_refused(["campaign", "import", season, d / "r2n.db"], season,
            "game r2-north is in round 2, but round 1 is not finished (not imported yet: r1-north)")


def test_a_game_file_whose_state_does_not_replay_is_refused(round1_played, tmp_path):
    import sqlite3

    d = copy_of(round1_played, tmp_path / "x")
    conn = sqlite3.connect(d / "r1-north.db")
    conn.execute("update units set hits = 3 where id = 't80-2'")  # someone edited the file by hand
    conn.commit()
    conn.close()
    assert_refused(["campaign", "import", d / "season.db", d / "r1-north.db"], d / "season.db",
            "r1-north.db: the file's state differs from the replay of its log (units table row 't80-2'")


def test_a_damaged_campaign_file_is_one_error_line(ended, tmp_path):
    import sqlite3

    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 100)
    assert_refused(["campaign", "status", junk], junk, "not an umpire campaign file (not an SQLite database)")
    season = ended / "season.db"
    conn = sqlite3.connect(season)
    conn.execute("update snapshot set state = '{\"id\": 3}'")
    conn.commit()
    conn.close()
    assert_refused(["campaign", "standings", season], season, "the stored campaign state is damaged (id:")
    conn = sqlite3.connect(season)
    conn.execute("drop table games")
    conn.commit()
    conn.close()
    assert_refused(["campaign", "status", season], season, "the campaign file is damaged: table 'games' is missing")


def test_a_game_whose_result_was_rewritten_by_hand_is_refused(round1_played, tmp_path):
    """'t64-2 eliminated' made 'escaped' in the stored events: the season report would drop that
    kill, so the import is refused, naming the event (#26)."""
    import sqlite3

    d = copy_of(round1_played, tmp_path / "w")
    conn = sqlite3.connect(d / "r1-north.db")
    seq, summary = conn.execute("select seq, summary from events where summary like '%eliminated%' "
                                "order by seq limit 1").fetchone()
    conn.execute("update events set summary = ? where seq = ?", (summary.replace("eliminated", "escaped"), seq))
    conn.commit()
    conn.close()
    line = assert_refused(["campaign", "import", d / "season.db", d / "r1-north.db"], d / "season.db",
                          f"r1-north.db: the file's state differs from the replay of its log (event #{seq} (")
    assert "its stored summary is not what its resolution gives" in line and "escaped" in line


def test_a_campaign_summary_rewritten_by_hand_is_named_by_replay_check_and_doctor(round1_played, tmp_path):
    import sqlite3

    d = copy_of(round1_played, tmp_path / "cs")
    season = d / "season.db"
    ok("campaign", "import", season, d / "r1-north.db", d / "r1-south.db")
    conn = sqlite3.connect(season)
    conn.execute("update events set summary = replace(summary, 'imported', 'imported (a walkover)') where seq = 3")
    conn.commit()
    conn.close()
    r = run("campaign", "replay", season, "--check")
    assert r.exit_code == 1
    assert "event #3 (campaign.import): its stored summary is not what the action gives" in r.stdout
    r = run("campaign", "doctor", season)
    assert r.exit_code == 2 and "event #3 (campaign.import): its stored summary" in r.stdout
