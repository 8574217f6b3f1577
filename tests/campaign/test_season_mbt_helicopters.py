"""A season's helicopters (MBT 20.2): a force's Apache flies in its games as the options'
helicopters do, a loss to AA fire is the force's loss like a tank's, and the next game of the
season is played without it (the campaign's carried losses).

The season (written here): an Apache pair and a scout against a T-72 and a ZSU-23-4 on the Apache
scenario's table, one Turn a game. In game g1 Apache 1 climbs to low altitude and flies at the
ZSU-23-4; the campaign's keyed dice (season seed 1) have it shot down (20.3.4). Lost vehicles are
never replaced in this season (ruling campaign.replacements: none), so the loss is seen whole."""

from __future__ import annotations

from pathlib import Path

from tests.campaign.conftest import ok
from umpire.campaign.engine import Campaign
from umpire.engine import Game
from umpire.rules.mbt.state import MbtGame

SEASON = """\
name: Apache season
ruleset: mbt
description: An Apache section against a T-72 and a ZSU-23-4, twice.
seed: 1
rulings: {campaign.replacements: none}
sides:
  - {id: nato, name: NATO, color: blue}
  - {id: ussr, name: Soviet Union, color: red}
players:
  - id: hall
    name: D. Hall
    side: nato
    force:
      id: sec-1
      name: Aero Weapons Section
      level: platoon
      units:
        - {id: m3, name: Scout (M3A1), card: USA-2A/2}
        - {id: ah-1, name: Apache 1, card: USA-6A/2}
        - {id: ah-2, name: Apache 2, card: USA-6A/2}
  - id: orlov
    name: A. Orlov
    side: ussr
    force:
      id: tv-1
      name: 1-й танковый взвод
      level: platoon
      units:
        - {id: t721, name: Т-72 231, card: USSR-2A}
        - {id: zsu, name: ЗСУ-23-4, card: USSR-8A}
rounds:
  - name: First
    games:
      - id: g1
        scenario: mbt-options-apaches
        turns: 1
        deploy:
          hall: {box: [6, 14, 10, 24], facing: 90}
          orlov: {box: [28, 16, 32, 22], facing: 270}
  - name: Second
    games:
      - id: g2
        scenario: mbt-options-apaches
        turns: 1
        deploy:
          hall: {box: [6, 14, 10, 24], facing: 90}
          orlov: {box: [28, 16, 32, 22], facing: 270}
"""


def _play_g1(path: Path) -> Game:
    game = Game.open(path)
    game.act("mbt.phase", {}, None)
    zsu = game.state.units["zsu"]
    game.act("mbt.orders", {"side": "nato", "units": {},
                            "helicopters": {"ah-1": {"altitude": "low", "path": [[zsu.x - 8, zsu.y]]}}}, None)
    game.act("mbt.orders", {"side": "ussr", "units": {}}, None)
    for _ in range(4):
        game.act("mbt.phase", {}, None)
    return game


def test_a_helicopter_lost_stays_lost_in_the_next_game(tmp_path: Path) -> None:
    (tmp_path / "season.yaml").write_text(SEASON, encoding="utf-8")
    season = tmp_path / "season.db"
    ok("campaign", "new", season, "--from", tmp_path / "season.yaml")
    ok("campaign", "next", season, "--game", "g1", "--out", tmp_path / "g1.db")
    flying = MbtGame.of(Game.open(tmp_path / "g1.db").state).helicopters
    assert [(h.id, h.side, h.card, h.altitude) for h in flying] == [
        ("ah-1", "nato", "USA-6A/2", "noe"), ("ah-2", "nato", "USA-6A/2", "noe")]  # the force's, not the scenario's
    assert "ah-1" not in Game.open(tmp_path / "g1.db").state.units  # no ground unit
    game = _play_g1(tmp_path / "g1.db")
    (aa,) = [r for e in game.events() for r in e.results if r["procedure"] == "aa"]
    assert (aa["unit"], aa["helicopter"], aa["outcome"]["destroyed"]) == ("zsu", "ah-1", True)
    assert game.state.phase == "Game over"
    game.close()
    ok("campaign", "import", season, tmp_path / "g1.db")
    state = Campaign.open(season).state
    hall = state.forces["hall"]
    assert {u.id: (u.status, u.lost_in) for u in hall.units} == {
        "m3": ("ready", None), "ah-1": ("lost", "g1"), "ah-2": ("ready", None)}
    assert state.games["g1"].result is not None and state.games["g1"].result.lost == {"nato": ["ah-1"], "ussr": []}
    ok("campaign", "next", season, "--game", "g2", "--out", tmp_path / "g2.db")
    g2 = Game.open(tmp_path / "g2.db").state
    assert [h.id for h in MbtGame.of(g2).helicopters] == ["ah-2"]
    assert sorted(g2.units) == ["m3", "t721", "zsu"]
