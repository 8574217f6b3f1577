"""A correction of a game already imported into its season says so in the same output, with the
``campaign import --update`` command that brings the season in step; ``--update-campaign`` does it
as part of the correction, and the season is then the one that imported the corrected game (#37)."""

from __future__ import annotations

import shlex
from pathlib import Path

import yaml

from tests.campaign.conftest import copy_of, ok, run
from tests.campaign.test_update import _new_like
from umpire.campaign.engine import Campaign
from umpire.engine import Game


def _fixed_orders(game_file: Path) -> tuple[int, Path]:
    """The number of NATO's turn-2 orders of the game, and those orders entered again with no fire."""
    game = Game.open(game_file)
    n = next(e.seq for e in game.live_events() if e.kind == "auftragstaktik.orders" and e.turn == 2
             and e.payload.get("side") == "nato")
    game.close()
    fixed = game_file.parent / "nato-turn2-fixed.yaml"
    fixed.write_text(yaml.safe_dump({"side": "nato", "turn": 2, "units": {}}), encoding="utf-8")
    return n, fixed


def _imported(round1_played: Path, into: Path) -> Path:
    d = copy_of(round1_played, into)
    ok("campaign", "import", d / "season.db", d / "r1-north.db", d / "r1-south.db")
    return d


def test_an_amendment_names_the_season_and_the_command_that_brings_it_in_step(round1_played, tmp_path):
    d = _imported(round1_played, tmp_path / "a")
    n, fixed = _fixed_orders(d / "r1-north.db")
    out = ok("--db", d / "r1-north.db", "amend", n, "--orders", fixed).stdout
    (line,) = [ln for ln in out.splitlines() if ln.startswith("season ")]
    assert line.startswith("season 'Hof Gap, autumn 1985' (") and "imported game r1-north before this correction" \
        in line, line
    command = line.split("bring the season in step with ", 1)[1].split(" (or correct with", 1)[0]
    assert shlex.split(command) == ["umpire", "campaign", "import", "--update", str(d / "season.db"),
                                    str(d / "r1-north.db")]
    assert "changed after it was imported" in ok("campaign", "status", d / "season.db").stdout
    ok(*shlex.split(command)[1:])
    assert "changed after" not in ok("campaign", "status", d / "season.db").stdout
    # undone, the game is as the season imported it no more (the season took the correction in)
    out = ok("--db", d / "r1-north.db", "undo").stdout
    assert "imported game r1-north before this correction" in out


def test_update_campaign_brings_the_season_in_step_in_the_same_command(round1_played, tmp_path):
    d = _imported(round1_played, tmp_path / "b")
    n, fixed = _fixed_orders(d / "r1-north.db")
    out = ok("--db", d / "r1-north.db", "amend", n, "--orders", fixed, "--update-campaign").stdout
    assert "season 'Hof Gap, autumn 1985' (" in out and "brought in step: #" in out, out
    assert "standings, side NATO:" in out
    status = ok("campaign", "status", d / "season.db").stdout
    assert "changed after" not in status
    # the season equals one built from the corrected game the first time
    fresh = copy_of(d, tmp_path / "fresh", ("r1-north.db", "r1-south.db"))
    _new_like(d / "season.db", fresh / "season.db")
    ok("campaign", "import", fresh / "season.db", fresh / "r1-north.db", fresh / "r1-south.db")
    assert ok("campaign", "standings", d / "season.db", "--json").stdout == \
        ok("campaign", "standings", fresh / "season.db", "--json").stdout
    assert Campaign.open(d / "season.db").state.model_dump(mode="json") == \
        Campaign.open(fresh / "season.db").state.model_dump(mode="json")
    assert "gives the stored state exactly" in ok("campaign", "replay", d / "season.db", "--check").stdout
    # undo and redo with --update-campaign keep the season in step with the game each time
    out = ok("--db", d / "r1-north.db", "undo", "--update-campaign").stdout
    assert "brought in step" in out
    assert "changed after" not in ok("campaign", "status", d / "season.db").stdout
    out = ok("--db", d / "r1-north.db", "redo", "--update-campaign").stdout
    assert "brought in step" in out
    assert ok("campaign", "standings", d / "season.db", "--json").stdout == \
        ok("campaign", "standings", fresh / "season.db", "--json").stdout


def test_the_season_named_where_it_is_not_beside_the_game(round1_played, tmp_path):
    d = _imported(round1_played, tmp_path / "c")
    elsewhere = tmp_path / "club"
    elsewhere.mkdir()
    (d / "season.db").rename(elsewhere / "season.db")
    n, fixed = _fixed_orders(d / "r1-north.db")
    logged = len(Game.open(d / "r1-north.db").events())
    r = run("--db", d / "r1-north.db", "amend", n, "--orders", fixed, "--update-campaign")
    assert r.exit_code == 2 and "is not beside" in r.stderr and "nothing was written" in r.stderr, r.stderr
    assert len(Game.open(d / "r1-north.db").events()) == logged
    out = ok("--db", d / "r1-north.db", "amend", n, "--orders", fixed).stdout
    assert "whose file is not beside the game" in out and "--campaign FILE" in out
    out = ok("--db", d / "r1-north.db", "undo", "--campaign", elsewhere / "season.db", "--update-campaign").stdout
    assert "game r1-north is as the season imported it" in out, out  # the amendment taken back whole
    wrong = run("--db", d / "r1-north.db", "undo", "--campaign", d / "r1-south.db")
    assert wrong.exit_code == 2 and "not a campaign file" in wrong.stderr


def test_a_game_of_no_season_says_nothing_of_one_and_refuses_update_campaign(tmp_path):
    from tests.papers.printed import play_at

    play_at(tmp_path / "g.db", turns=1)
    out = ok("--db", tmp_path / "g.db", "undo").stdout
    assert "season" not in out
    r = run("--db", tmp_path / "g.db", "undo", "--update-campaign")
    assert r.exit_code == 2 and "not a campaign game" in r.stderr and "nothing was written" in r.stderr
