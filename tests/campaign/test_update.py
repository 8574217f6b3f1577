"""A game corrected after its import (#26): the campaign keeps a digest of each imported game,
``campaign status`` and ``campaign doctor`` name a game changed since, ``campaign import
--update`` brings the correction in (later actions applied again, what changed said), and the
campaign then equals one built from the corrected game; a later round played with the old
forces is refused, or taken back with --drop-later, and its old files are refused in words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.campaign.conftest import copy_of, ok, run
from tests.campaign.test_bad_inputs import assert_refused
from umpire.campaign.engine import Campaign
from umpire.engine import Game


def _amend_nato_turn2(game_file: Path) -> None:
    """NATO's turn-2 orders of the game entered again with no fire: fewer Pact stands are lost."""
    game = Game.open(game_file)
    n = next(e.seq for e in game.events() if e.kind == "auftragstaktik.orders" and e.turn == 2
             and e.payload.get("side") == "nato")
    fixed = game_file.parent / "nato-turn2-fixed.yaml"
    fixed.write_text(yaml.safe_dump({"side": "nato", "turn": 2, "units": {}}), encoding="utf-8")
    amending = game.amending(n)
    amending.act("auftragstaktik.orders", amending.turn_rules().read_orders(fixed, amending.state))
    assert Game.open(game_file).check() == []


def _file_states(season: Path) -> dict:
    return {g["id"]: g["file_state"] for g in json.loads(ok("campaign", "status", season, "--json").stdout)["games"]}


@pytest.fixture
def imported(round1_played, tmp_path) -> Path:
    d = copy_of(round1_played, tmp_path / "u")
    ok("campaign", "import", d / "season.db", d / "r1-north.db", d / "r1-south.db")
    return d


def test_a_game_corrected_after_its_import_is_named_and_brought_in(imported, tmp_path):
    d, season = imported, imported / "season.db"
    assert _file_states(season) == {"r1-north": "same", "r1-south": "same", "r2-north": None, "r2-south": None,
                                    "r3-north": None, "r3-south": None}
    assert "healthy" in ok("campaign", "doctor", season).stdout
    before = Campaign.open(season).state
    _amend_nato_turn2(d / "r1-north.db")
    assert _file_states(season)["r1-north"] == "changed"
    status = ok("campaign", "status", season).stdout
    assert "game r1-north:" in status and "changed after it was imported" in status and "--update" in status
    doctor = run("campaign", "doctor", season)
    assert doctor.exit_code == 2 and "sound, but out of date: 1 game changed after its import" in doctor.stdout
    assert doctor.stderr.startswith(f"Error: {season}: the campaign is out of date")
    assert_refused(["campaign", "import", season, d / "r1-north.db"], season,
                   "game r1-north is already imported (from r1-north.db), and the game changed since: "
                   "umpire campaign import --update brings the correction in")
    out = ok("campaign", "import", "--update", season, d / "r1-north.db").stdout
    assert "update of game r1-north: game r1-north imported:" in out
    assert "#4 applied again as #7: game r1-south imported" in out  # the later import, applied again
    assert "standings, side NATO: scored 60 -> 40, inflicted 6 -> 4" in out
    assert "forces, t80-1 (ivanov): ready, regular, 2 hits -> ready, regular" in out
    assert _file_states(season)["r1-north"] == "same"
    assert "healthy" in ok("campaign", "doctor", season).stdout
    assert "gives the stored state exactly" in ok("campaign", "replay", season, "--check").stdout
    assert "nothing to update" in ok("campaign", "import", "--update", season, d / "r1-north.db").stdout
    # the standings and forces equal a campaign that imported the corrected game the first time
    fresh = tmp_path / "fresh"
    copy_of(d, fresh, ("r1-north.db", "r1-south.db"))
    _new_like(season, fresh / "season.db")
    ok("campaign", "import", fresh / "season.db", fresh / "r1-north.db", fresh / "r1-south.db")
    updated, built = Campaign.open(season).state, Campaign.open(fresh / "season.db").state
    assert updated.model_dump(mode="json") == built.model_dump(mode="json")
    assert ok("campaign", "standings", season, "--json").stdout == ok("campaign", "standings", fresh / "season.db",
                                                                       "--json").stdout
    # undo takes the update back whole
    assert "undone #5 amend: update of game r1-north" in ok("campaign", "undo", season).stdout
    assert Campaign.open(season).state.model_dump(mode="json") == before.model_dump(mode="json")
    assert "gives the stored state exactly" in ok("campaign", "replay", season, "--check").stdout
    assert "[undone by #8]" in ok("campaign", "log", season, "--no-rolls").stdout


def _new_like(season: Path, path: Path) -> None:
    """A new campaign file of the same season and campaign id (its games' files are marked with it)."""
    from umpire.campaign.season import resolve_season
    from umpire.campaign.setup import load_season

    c = Campaign.open(season)
    s, scenarios = load_season(resolve_season("hof-autumn-1985"))
    Campaign.create(path, s, scenarios, campaign_id=c.state.id)


def test_a_later_round_played_with_the_old_forces_is_refused_or_taken_back(imported):
    d, season = imported, imported / "season.db"
    ok("campaign", "next", season, "--game", "r2-south", "--out", d / "r2s.db")  # Ivanov and Petrov play in it
    ok("--db", d / "r2s.db", "end")
    ok("campaign", "import", season, d / "r2s.db")
    _amend_nato_turn2(d / "r1-north.db")
    line = assert_refused(["campaign", "import", "--update", season, d / "r1-north.db"], season,
                          "the update of game r1-north would make #")
    assert "(import of game r2-south) no longer valid: r2s.db: game r2-south: its forces do not match the slot" in line
    assert "nothing was written (--drop-later takes such actions back)" in line
    assert "{" not in line  # umpire's words, no Python dicts
    out = ok("campaign", "import", "--update", "--drop-later", season, d / "r1-north.db").stdout
    assert "taken back, no longer valid: r2s.db: game r2-south: its forces do not match the slot" in out
    assert "game r2-south was set up from the forces before this update: set it up again" in out
    line = assert_refused(["campaign", "import", season, d / "r2s.db"], season, "its forces do not match the slot")
    assert "started with 2 hits, but the campaign has it unharmed" in line, line
    assert "gives the stored state exactly" in ok("campaign", "replay", season, "--check").stdout


def test_bad_updates_are_one_error_line_and_write_nothing(imported, round1_played, tmp_path):
    d, season = imported, imported / "season.db"
    assert_refused(["campaign", "import", season, d / "r1-north.db", "--drop-later"], season,
                   "--drop-later: only with --update")
    fresh = copy_of(round1_played, tmp_path / "f")
    assert_refused(["campaign", "import", "--update", fresh / "season.db", fresh / "r1-north.db"],
                   fresh / "season.db", "game r1-north is not imported yet: import it without --update")
    assert_refused(["campaign", "import", "--update", season, season], season, "is the campaign file itself")
