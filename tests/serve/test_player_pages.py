"""A player's page under the multi-player rules (MBT 21.3): a link made for one of a side's
players opens his briefing, of what his own units saw and the messages that reached him; a link
made for the side (or a name that is no player of the game) opens the side's."""

from __future__ import annotations

from pathlib import Path

from tests.serve.conftest import Client
from tests.serve.sides import SideClient, make_link
from tests.turns.test_mbt_options_game import play


def test_a_players_link_opens_his_own_briefing(tmp_path: Path) -> None:
    from umpire.engine import players

    game = play(tmp_path / "game.db")
    players.release(game, 3)
    game.close()
    umpire = Client(tmp_path / "game.db")
    pages = {who: SideClient(umpire.app, make_link(umpire, "nato", who), "nato") for who in ("alpha", "bravo", "")}
    text = {who: " ".join(c.get("/side/nato/briefing?turn=2").json()["html"].split()) for who, c in pages.items()}
    page = {who: c.get("/side/nato").text for who, c in pages.items()}
    assert "Flare over the T-72s" in text["alpha"] and "Flare over the T-72s" not in text["bravo"]
    assert "Flare over the T-72s" in text[""]  # the side's page: every message its players received
    assert "m1-1" in text["alpha"] and "m1-1" not in text["bravo"] and "m1-1" not in page["bravo"]
    assert "fist" in text["bravo"] and "fist" not in text["alpha"] and "fist" not in page["alpha"]
    assert "m1-1" in text[""] and "fist" in text[""]


def test_a_players_page_writes_orders_for_his_own_units_alone(tmp_path: Path) -> None:
    """21.3.1: each player commands his own units: his page's orders form lists them and no
    other unit of his side, and an entry for another player's unit is refused with nothing written."""
    from tests.serve.sides import stamp
    from tests.turns.test_mbt_options_game import ORDERS, SCENARIO
    from umpire.engine import Game, players
    from umpire.registry import load_scenario

    g = Game.create(tmp_path / "game.db", load_scenario(SCENARIO))
    rules = g.turn_rules()
    g.act("mbt.phase", {}, None)
    for side in ("nato", "ussr"):
        g.act("mbt.orders", rules.read_orders(ORDERS / f"turn1-{side}.yaml", g.state), None)
    for _ in range(5):
        g.act("mbt.phase", {}, None)  # on to turn 2's Command phase: its orders are open
    players.release(g, 1)
    g.close()
    umpire = Client(tmp_path / "game.db")
    alpha, bravo = (SideClient(umpire.app, make_link(umpire, "nato", who), "nato") for who in ("alpha", "bravo"))
    page = {"alpha": alpha.get("/side/nato").text, "bravo": bravo.get("/side/nato").text}
    assert "units.m1-1" in page["alpha"] and "units.fist" not in page["alpha"]
    assert "units.fist" in page["bravo"] and "units.m1-1" not in page["bravo"]
    before = stamp(tmp_path / "game.db")
    r = alpha.send("units.fist", {"order": "OW"}, turn=2)
    assert r.status_code == 400 and r.json()["error"] == "units.fist: not one of your units (player alpha commands " \
        "ah-1, j1, m1-1, m1-2, m1-3)"
    assert stamp(tmp_path / "game.db") == before
    assert bravo.send("units.fist", {"order": "OW"}, turn=2).status_code == 200
    # the side's orders are one file: alpha's entry is read with bravo's already in it, which is
    # the side's and not alpha's to learn of (a refusal lists alpha's own units alone)
    assert alpha.send("units.m1-1", {"order": "OW", "turret": "buttoned"}, turn=2).status_code == 200
    r = alpha.send("units.m1-9", {"order": "OW"}, turn=2)
    assert r.status_code == 400 and "fist" not in r.text and "allowed: units.m1-1, units.m1-2, units.m1-3" in r.text
