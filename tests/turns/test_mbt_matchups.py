"""Every matchup of the Basic Game (2.3, A-D) sets up from its forces in basic_game.MATCHUPS,
inside the setup zones of 2.5, and plays a turn with written orders: fire, moves, overwatch."""

from __future__ import annotations

import pytest

from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.registry import scenario_from_data
from umpire.rules.mbt.basic_game import MATCHUPS


def _scenario(key: str) -> dict:
    (nato_card, n_nato), (ussr_card, n_ussr) = MATCHUPS[key]

    def side(sid: str, card: str, n: int, x: float, facing: float) -> dict:
        return {"id": sid, "units": [{"id": f"{sid}-{i + 1}", "card": card, "at": [x, round(36 * (i + 1) / (n + 1), 2)],
                                      "facing": facing} for i in range(n)]}

    return {
        "name": f"matchup {key}", "ruleset": "mbt", "table": {"width": 24, "depth": 36}, "seed": 3,
        "mbt": {"matchup": key, "turns": 10,
                "setup": {"nato": {"edge": "left", "depth": 4}, "ussr": {"edge": "right", "depth": 4}}},
        "terrain": [{"id": "w1", "type": "woods", "polygon": [[10, 14], [14, 14], [14, 20], [10, 20]]}],
        "sides": [side("nato", nato_card, n_nato, 2, 90), side("ussr", ussr_card, n_ussr, 22, 270)],
    }


@pytest.mark.parametrize("key", sorted(MATCHUPS))
def test_each_matchup_sets_up_and_plays_a_turn(tmp_path, key):
    game = Game.create(tmp_path / "g.db", scenario_from_data(_scenario(key), key))
    dice = SeededDice(11)
    game.act("mbt.phase", {}, dice)
    units = game.state.units
    nato = [u for u in units.values() if u.side == "nato"]
    ussr = [u for u in units.values() if u.side == "ussr"]
    game.act("mbt.orders", {"side": "nato", "units": {
        u.id: {"order": "F", "fire": {"target": ussr[i % len(ussr)].id}} for i, u in enumerate(nato)}}, dice)
    game.act("mbt.orders", {"side": "ussr", "units": {
        u.id: ({"order": "M", "move": {"path": [[u.x - 2, u.y]]}} if i % 2 else {"order": "OW"})
        for i, u in enumerate(ussr)}}, dice)
    for _ in range(4):
        game.act("mbt.phase", {}, dice)
    assert (game.state.turn, game.state.phase) == (2, "Initiative")
    fire = [r for e in game.events() for r in (e.results or []) if r["procedure"] == "fire"]
    # every NATO tank fired in Direct Fire, or was told why not (the wood w1 blocks some sight lines)
    assert {r["firer"] for r in fire if r.get("step") == "Direct Fire"} >= {u.id for u in nato}
    assert any("hits" in r["outcome"] for r in fire)
    assert any(r["procedure"] == "move" for e in game.events() for r in (e.results or []))
    assert game.check() == []
