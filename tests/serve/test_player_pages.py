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
