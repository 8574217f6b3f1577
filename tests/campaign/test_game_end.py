"""How a game ends (what a campaign needs to know its result is final): ``umpire end``, MBT's own
end (9.4), and the turn limit a campaign gives an Auftragstaktik game."""

from __future__ import annotations

from tests.campaign.conftest import ok, run
from umpire.engine import Game
from umpire.registry import game_over


def test_umpire_end_makes_the_game_over_and_undo_takes_it_back(tmp_path):
    db = tmp_path / "g.db"
    ok("--db", db, "new", "hof-gap-meeting")
    r = ok("--db", db, "end", "--reason", "  the  players   agree a draw ")
    assert r.stdout.strip() == "#1 the game ends in turn 1 (setup): the players agree a draw"
    over = game_over(Game.open(db).state)
    assert (over.by, over.turn, over.reason) == ("umpire", 1, "the players agree a draw")
    refused = run("--db", db, "turn", "orders", "data/orders/nato-turn1.yaml")
    assert refused.exit_code == 2
    assert refused.stderr.startswith("Error: orders: the game is over (the players agree a draw); allowed now:")
    again = run("--db", db, "end")
    assert again.exit_code == 2 and "end: the game is already over" in again.stderr
    assert "exactly" in ok("--db", db, "replay", "--check").stdout
    ok("--db", db, "undo")
    assert game_over(Game.open(db).state) is None
    ok("--db", db, "place", "a-1-64", "20", "21")


def test_a_long_reason_is_refused(tmp_path):
    db = tmp_path / "g.db"
    ok("--db", db, "new", "hof-gap-meeting")
    r = run("--db", db, "end", "--reason", "x" * 201)
    assert r.exit_code == 2 and "at most 200" in r.stderr


def test_a_campaign_game_stops_at_its_turn_limit(round1_played):
    g = Game.open(round1_played / "r1-north.db")
    assert g.state.campaign is not None and g.state.campaign.turns == 3 and g.state.turn == 4
    over = game_over(g.state)
    assert over is not None and over.by == "turn limit" and over.turn == 3
    r = run("--db", round1_played / "r1-north.db", "phase", "next")
    assert r.exit_code == 2 and "the game is over (the End Phase of turn 3, the last, is resolved)" in r.stderr
    view = ok("--db", round1_played / "r1-north.db", "turn").stdout.replace("\n", " ")
    assert "the game is over" in view and "umpire campaign import CAMPAIGN-FILE" in view and "missing" not in view


def test_mbt_game_over_by_its_own_rules(tmp_path):
    from umpire.campaign.results import finished
    from umpire.core.state import Ended, GameState, Table
    from umpire.rules.mbt.state import MbtGame

    declared = {"points": {}, "winner": "nato", "decided": True, "reason": "nato leads by 40", "lines": [],
                "estimated": []}
    st = GameState(name="x", ruleset="mbt", table=Table(width=1, depth=1), seed=1, phase="Game over",
                   own=MbtGame.model_validate({"result": declared}))
    assert game_over(st).by == "rules"
    assert finished(st, "game_over_only") is not None
    st.phase, st.ended = "Fire", Ended(turn=2, phase="Fire", reason="time")
    assert finished(st, "game_over_or_end").by == "umpire" and finished(st, "game_over_only") is None
