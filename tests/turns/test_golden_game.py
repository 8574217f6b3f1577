"""A scripted game: three turns of orders files and the scenario's own seed (its keyed dice)
give the golden turn reports and briefings (text at 80 columns, no colour); replaying its log
gives the same state and the same reports. ``pytest --update-golden`` rewrites the files (review
the diff)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.turns import scripted
from umpire.engine import Game
from umpire.registry import load_scenario
from umpire.reports.model import briefing, report_for_game
from umpire.reports.turn_text import plain_text
from umpire.turns.auftragstaktik.script import demo_orders, play_turn

HERE = Path(__file__).resolve().parent
GOLDEN = HERE.parent / "reports" / "golden"
SCENARIO = HERE.parents[1] / "data" / "scenarios" / "hof-gap-meeting.yaml"
TURNS = 3


def orders(turn: int) -> list[Path]:
    if turn <= 2:
        return demo_orders(turn)
    return [HERE / "orders" / f"nato-turn{turn}.yaml", HERE / "orders" / f"pact-turn{turn}.yaml"]


def renders(game: Game) -> dict[str, str]:
    return scripted.renders(game, ("nato", "pact"), TURNS)


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Game:
    g = Game.create(tmp_path_factory.mktemp("golden") / "game.db", load_scenario(SCENARIO))
    for turn in range(1, TURNS + 1):
        play_turn(g, orders(turn))
    return g


def test_golden_reports(game, update_golden):
    assert scripted.unlike_goldens(renders(game), GOLDEN, update_golden) == [], "pytest --update-golden, then review"


def test_the_game_reaches_turn_4_with_losses(game):
    assert game.state.turn == TURNS + 1 and game.state.phase == "orders"
    assert any(u.status == "eliminated" for u in game.state.units.values())


def test_replaying_the_log_gives_the_same_state_and_reports(game, tmp_path):
    assert game.check() == []
    again = scripted.replayed(game, tmp_path / "again.db", SCENARIO)
    assert again.state.model_dump() == game.state.model_dump()
    assert renders(again) == renders(game)


def test_briefings_never_name_an_enemy_never_spotted(game):
    full = report_for_game(game)
    for side in ("nato", "pact"):
        ever = {x["unit"] for e in game.events() for r in e.records if r["procedure"] == "sighting"
                and r["side"] == side for x in r["sighted"]}
        text = plain_text(briefing(full, side))
        for u in game.state.units.values():
            if u.side != side and u.id not in ever:
                assert u.id not in text and u.name not in text, (side, u.id)
