"""Forfeits, byes and drop-outs (#26): each as a season ruling (``campaign.forfeit``,
``campaign.bye``, ``campaign.stand_in``) and a command, with standings worked out by hand.

The hand-worked figures use the season's numbers: 3 league points for a win, 1 for a draw, 0 for
a loss; a side scores 10 when the other forfeits (``numbers.forfeit``). Round 1 of the played
fixture, from its two game files: NATO wins r1-north 40-0 (Smith and Jones against Ivanov and
Petrov) and r1-south 20-0 (Becker and Miller against Sidorov and Kuznetsov), six Pact stands
lost in all; an AT game ended by the umpire before a move is a 0-0 draw.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.campaign.conftest import copy_of, ok
from tests.campaign.test_bad_inputs import _season, assert_refused
from umpire.campaign.engine import Campaign

FIELDS = ("played", "won", "drawn", "lost", "points", "scored", "forfeited", "byes")


def _table(season: Path) -> dict[str, dict[str, tuple[int, ...]]]:
    data = json.loads(ok("campaign", "standings", season, "--json").stdout)
    return {part: {r["name"]: tuple(r[k] for k in FIELDS) for r in data[part]} for part in ("sides", "players")}


def _new(tmp_path: Path, **rulings: str) -> Path:
    """A fresh hof-autumn-1985 campaign, with these campaign rulings."""
    path = _season(tmp_path, lambda d: d.update(rulings=dict(rulings))) if rulings else "hof-autumn-1985"
    season = tmp_path / "season.db"
    ok("campaign", "new", season, "--from", path)
    return season


def _draw(season: Path, game: str, folder: Path) -> None:
    """Set ``game`` up, end it at once (a 0-0 draw) and import it."""
    ok("campaign", "next", season, "--game", game, "--out", folder / f"{game}.db")
    ok("--db", folder / f"{game}.db", "end", "--reason", "the club closes early")
    ok("campaign", "import", season, folder / f"{game}.db")


def test_a_forfeit_scores_by_the_ruling_and_changes_nobodys_forces(round1_played, tmp_path):
    d = copy_of(round1_played, tmp_path / "f")
    season = d / "season.db"
    ok("campaign", "import", season, d / "r1-north.db", d / "r1-south.db")
    before = Campaign.open(season).state
    hits = {u.id: u.hits for f in before.forces.values() for u in f.units}
    assert hits["t80-1"] == 2  # carried from r1-north: recover_one would take one off after a game played
    out = ok("campaign", "forfeit", season, "--game", "r2-south", "--side", "pact", "--reason", "two players ill")
    assert ("game r2-south forfeited: NATO wins: Warsaw Pact forfeits (two players ill; ruling campaign.forfeit: "
            "loss); nobody's forces change") in out.stdout
    after = Campaign.open(season).state
    assert {p: f.model_dump() for p, f in after.forces.items()} == {p: f.model_dump() for p, f in before.forces.items()}
    log = json.loads(ok("campaign", "log", season, "--json").stdout)
    assert log[-1]["kind"] == "campaign.forfeit" and log[-1]["rolls"] == []  # no recovery or repair rolls
    table = _table(season)
    #                              played won drawn lost points scored forfeited byes
    assert table["sides"] == {"NATO": (3, 3, 0, 0, 9, 70, 0, 0), "Warsaw Pact": (3, 0, 0, 3, 0, 0, 1, 0)}
    assert table["players"] == {
        "M. Becker": (2, 2, 0, 0, 6, 30, 0, 0), "R. Miller": (2, 2, 0, 0, 6, 30, 0, 0),
        "J. Smith": (1, 1, 0, 0, 3, 40, 0, 0), "A. Jones": (1, 1, 0, 0, 3, 40, 0, 0),
        "P. Ivanov": (2, 0, 0, 2, 0, 0, 1, 0), "S. Petrov": (2, 0, 0, 2, 0, 0, 1, 0),
        "V. Sidorov": (1, 0, 0, 1, 0, 0, 0, 0), "O. Kuznetsov": (1, 0, 0, 1, 0, 0, 0, 0)}
    assert "forfeited: NATO wins" in ok("campaign", "status", season).stdout
    assert_refused(["campaign", "next", season, "--game", "r2-south", "--out", d / "x.db"], season,
                   "--game r2-south: already forfeited (round 2); umpire campaign undo takes the forfeit back")
    assert "gives the stored state exactly" in ok("campaign", "replay", season, "--check").stdout
    ok("campaign", "undo", season)
    assert Campaign.open(season).state.model_dump() == before.model_dump()


@pytest.mark.parametrize(("ruling", "sides", "player"), [
    #                            played won drawn lost points scored forfeited byes
    ("loss", {"NATO": (2, 1, 0, 1, 3, 10, 1, 0), "Warsaw Pact": (2, 1, 0, 1, 3, 10, 1, 0)},
     {"J. Smith": (1, 0, 0, 1, 0, 0, 1, 0), "P. Ivanov": (1, 1, 0, 0, 3, 10, 0, 0)}),
    ("draw", {"NATO": (2, 0, 2, 0, 2, 0, 1, 0), "Warsaw Pact": (2, 0, 2, 0, 2, 0, 1, 0)},
     {"J. Smith": (1, 0, 1, 0, 1, 0, 1, 0), "P. Ivanov": (1, 0, 1, 0, 1, 0, 0, 0)}),
    ("void", {"NATO": (0, 0, 0, 0, 0, 0, 0, 0), "Warsaw Pact": (0, 0, 0, 0, 0, 0, 0, 0)},
     {"J. Smith": (0, 0, 0, 0, 0, 0, 0, 0), "P. Ivanov": (0, 0, 0, 0, 0, 0, 0, 0)}),
])
def test_each_forfeit_ruling_by_hand(tmp_path, ruling, sides, player):
    """NATO forfeits r1-north (Smith and Jones against Ivanov and Petrov), the Pact r1-south."""
    season = _new(tmp_path, **{"campaign.forfeit": ruling})
    ok("campaign", "forfeit", season, "--game", "r1-north", "--side", "nato")
    out = ok("campaign", "forfeit", season, "--game", "r1-south", "--side", "pact").stdout
    assert "round 1 is finished" in out
    table = _table(season)
    assert table["sides"] == sides
    assert {k: table["players"][k] for k in player} == player
    assert Campaign.open(season).state.round == 2


@pytest.mark.parametrize(("ruling", "points"), [("nothing", 0), ("draw", 1), ("win", 3)])
def test_a_bye_earns_what_the_ruling_says_once_its_round_is_finished(tmp_path, ruling, points):
    """Round 1 with Miller and Kuznetsov left out of r1-south: each has a bye; both games end 0-0."""
    def change(d: dict) -> None:
        d["rulings"] = {"campaign.bye": ruling}
        for pid in ("miller", "kuznetsov"):
            del d["rounds"][0]["games"][1]["deploy"][pid]

    ok("campaign", "new", tmp_path / "season.db", "--from", _season(tmp_path, change))
    season = tmp_path / "season.db"
    _draw(season, "r1-north", tmp_path)
    assert _table(season)["players"]["R. Miller"] == (0, 0, 0, 0, 0, 0, 0, 0)  # the round is not finished yet
    _draw(season, "r1-south", tmp_path)
    table = _table(season)
    #                                               played won drawn lost points scored forfeited byes
    assert table["players"]["R. Miller"] == (0, 0, 0, 0, points, 0, 0, 1)
    assert table["players"]["O. Kuznetsov"] == (0, 0, 0, 0, points, 0, 0, 1)
    assert table["players"]["M. Becker"] == (1, 0, 1, 0, 1, 0, 0, 0)
    assert table["sides"]["NATO"] == (2, 0, 2, 0, 2, 0, 0, 0)  # a bye is a player's, not a side's
    assert "byes" in ok("campaign", "standings", season).stdout


@pytest.mark.parametrize(("ruling", "rows"), [
    #                                                 played won drawn lost points scored forfeited byes
    ("force_record", {"K. Orlov (after S. Petrov)": (2, 1, 1, 0, 4, 10, 0, 0)}),
    ("own_record", {"S. Petrov": (1, 0, 1, 0, 1, 0, 0, 0), "K. Orlov": (1, 1, 0, 0, 3, 10, 0, 0)}),
])
def test_a_player_who_drops_out_is_replaced_and_the_standings_follow_the_ruling(tmp_path, ruling, rows):
    """Round 1 ends in two draws; S. Petrov leaves, K. Orlov takes over his battalion; in round 2
    NATO forfeits r2-south (Ivanov and Petrov's battalions against Becker and Miller)."""
    season = _new(tmp_path, **{"campaign.stand_in": ruling})
    _draw(season, "r1-north", tmp_path)
    _draw(season, "r1-south", tmp_path)
    out = ok("campaign", "replace", season, "--player", "petrov", "--name", "K. Orlov").stdout
    assert "K. Orlov takes over 2-й танковый батальон (petrov) from S. Petrov, from round 2 on; its losses stay" in out
    ok("campaign", "forfeit", season, "--game", "r2-south", "--side", "nato")
    players = _table(season)["players"]
    assert {k: players[k] for k in rows} == rows
    assert players["P. Ivanov"] == (2, 1, 1, 0, 4, 10, 0, 0)
    assert "K. Orlov" in ok("campaign", "status", season).stdout
    assert "gives the stored state exactly" in ok("campaign", "replay", season, "--check").stdout


def test_bad_forfeits_and_replacements_are_one_error_line_and_write_nothing(tmp_path):
    season = _new(tmp_path)
    for args, expect in [
        (["--game", "r1-nort", "--side", "nato"], "unknown game 'r1-nort' (did you mean 'r1-north'?"),
        (["--game", "r1-north", "--side", "natto"], "unknown side 'natto' (did you mean 'nato'?"),
        (["--game", "r2-north", "--side", "nato"], "--game r2-north: round 2 cannot start before round 1 is finished"),
    ]:
        assert_refused(["campaign", "forfeit", season, *args], season, expect)
    for args, expect in [
        (["--player", "petrow", "--name", "K. Orlov"], "unknown player 'petrow' (did you mean 'petrov'?"),
        (["--player", "petrov", "--name", " "], "--name: give the name of the player who takes over petrov's force"),
        (["--player", "petrov", "--name", "S. Petrov"], "S. Petrov already commands petrov's force"),
    ]:
        assert_refused(["campaign", "replace", season, *args], season, expect)
