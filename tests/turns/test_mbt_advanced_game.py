"""The scripted MBT Advanced Game (data/scenarios/mbt-advanced-village.yaml, orders in
data/orders/mbt-advanced/): three turns in which a mechanised infantry platoon dismounts, an
ATGM team and a towed gun fight, smoke is laid and a house is fought over. Golden turn reports
and briefings (``pytest --update-golden`` rewrites them), and an exact replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.turns import scripted
from tests.turns.scripted import play_mbt
from umpire.engine import Game
from umpire.reports.model import report_for_game
from umpire.reports.turn_text import plain_text

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "data" / "scenarios" / "mbt-advanced-village.yaml"
ORDERS = ROOT / "data" / "orders" / "mbt-advanced"
GOLDEN = ROOT / "tests" / "reports" / "golden" / "mbt-advanced"
TURNS = 3


def play(path: Path) -> Game:
    return play_mbt(path, SCENARIO, ORDERS, TURNS)


def renders(game: Game) -> dict[str, str]:
    return scripted.renders(game, ("nato", "ussr"), TURNS)


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Game:
    return play(tmp_path_factory.mktemp("advanced") / "game.db")


def _results(game: Game) -> list[dict]:
    return [r for e in game.events() for r in e.results]


def test_the_story_happens(game):
    """Dismounting, the ATGM team, the towed gun, smoke and the fight for the house."""
    res = _results(game)
    summaries = [r["summary"] for r in res]
    assert any("dismounts from a1-2" in s for s in summaries)
    assert any(r.get("firer") == "atgm" and r.get("weapon") == "AT-3" and r["outcome"].get("fired") is not False
               for r in res)
    assert any(r.get("firer") == "sd44" and r["outcome"].get("fired") is not False for r in res)
    assert any(r["procedure"] == "smoke" for r in res) and any("exhaust smoke" in s for s in summaries)
    assert any(r["procedure"] == "hand_to_hand" and r.get("target") == "msq" for r in res)
    assert game.state.units["a1-6"].type == "½ Squad Heavy Mechanized Infantry"  # lost the fight (14.6.2.2)
    # 14.6.2.2: "All units involved in the combat on the other, or losing, side suffer an effective
    # result ... squads are reduced to ½ squads and suppressed": the report says so, not "no hits"
    assert "a1-6 attacked msq hand-to-hand: msq won; a1-6 reduced to a half squad and suppressed (14.6.2.2)" in \
        " ".join(plain_text(report_for_game(game, turn=3)).split())
    assert game.state.phase == "Game over"


def test_golden_reports(game, update_golden):
    assert scripted.unlike_goldens(renders(game), GOLDEN, update_golden) == [], "pytest --update-golden, then review"


def test_replaying_the_log_gives_the_same_state_and_reports(game, tmp_path):
    assert game.check() == []
    again = scripted.replayed(game, tmp_path / "again.db", SCENARIO)
    assert again.state.model_dump() == game.state.model_dump()
    assert renders(again) == renders(game)


def test_carried_infantry_is_seen_only_with_an_open_carrier(game):
    """15.3.3.3, 24.2: the Soviet side sights the squads in the Bradleys while these are open
    (the start of the game), never once they are buttoned, until the squads dismount."""
    carried = {"a1-5": "a1-1", "a1-6": "a1-2", "a1-7": "a1-3", "a1-8": "a1-1"}
    opened = False
    for e in game.events():
        for r in e.results:
            if r["procedure"] != "sighting" or r.get("side") != "ussr":
                continue
            seen = {x["unit"] for x in r["sighted"]}
            if e.turn == 1 and e.phase == "Initiative":
                opened = opened or bool(seen & set(carried))  # open carriers at the start (turret open)
            elif e.turn == 1:
                assert not seen & set(carried), (e.seq, e.phase, seen & set(carried))
    assert opened


def test_calc_answers_every_resolution_as_the_tracked_turn_did(game):
    """Every resolution kind of the scripted game, asked of ``umpire calc`` on the case the
    tracked resolution kept, with its dice, gives the result the tracked turn recorded (#28)."""
    from tests.consistency import NOT_RULES, differences

    asked: dict[str, int] = {}
    for r in _results(game):
        if r["procedure"] in NOT_RULES or r["outcome"].get("fired") is False:
            continue  # bookkeeping, and shots refused before any rule was asked
        assert "case" in r or r["procedure"] == "sighting", f"{r['procedure']} keeps no case: {r['summary']}"
        assert differences(r) == [], r["summary"]
        asked[r["procedure"]] = asked.get(r["procedure"], 0) + 1
    assert set(asked) == {"fire", "gp", "hand_to_hand", "smoke", "move", "sighting"}, asked
