"""CLGP fire missions (19.2.4.7) in the tracked game: a Copperhead called on an enemy vehicle by an
observer with a laser designator lands the next Turn, rolled for by calc's clgp procedure; and what
the plot refuses."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.turns.test_mbt_options_turn import new_game, orders, scenario, to_command
from umpire.ask.calc import run_case
from umpire.engine import Game
from umpire.errors import UmpireError
from umpire.registry import scenario_from_data

BATTERY = {"batteries": [{"id": "A", "side": "nato", "nation": "USA", "size": "medium", "attachment": "attached",
                          "organization": ["obs"], "missions": {"CLGP": 1, "HE": 1}}]}
OPTS = ["area_fire", "artillery"]


def _game(tmp_path: Path, observer: str = "USA-4A/2") -> Game:
    data = scenario(OPTS, **BATTERY)
    data["sides"][0]["formations"][0]["units"][0]["card"] = observer
    data["sides"][1]["units"][1]["at"] = [30.3, 18.1]  # t2 in t1's hex
    return Game.create(tmp_path / "game.db", scenario_from_data(data, "scenario"))


def _plot(tmp_path: Path, g: Game, **plot: Any) -> None:
    orders(tmp_path, g, "nato", {"obs": {"order": "OW"}},
           artillery=[{"battery": "A", "mission": "CLGP", "target": "t1", "observer": "obs", **plot}])


def test_a_copperhead_lands_next_turn_on_the_designated_vehicle(tmp_path: Path) -> None:
    g = _game(tmp_path)
    to_command(g)
    _plot(tmp_path, g)
    orders(tmp_path, g, "ussr", {})
    to_command(g)
    orders(tmp_path, g, "nato", {"obs": {"order": "OW"}})
    orders(tmp_path, g, "ussr", {})
    g.act("mbt.phase", {}, None)
    g.act("mbt.phase", {}, None)  # Fire: the Artillery Step
    res = [r for r in g.events()[-1].results if r["procedure"] in ("artillery", "clgp")]
    shots = [r for r in res if r["procedure"] == "clgp"]
    assert res[0]["procedure"] == "artillery" and res[0]["outcome"] == {
        "delayed": False, "mission": "CLGP", "impact_at": [30.0, 18.0],
        "results": {r["unit"]: "brewed up" if r["outcome"]["brewed_up"] else "missed" for r in shots}}
    assert [r["unit"] for r in shots] == ["t1", "t2"]  # t2 shares t1's hex (19.2.4.7.2)
    for r in shots:
        assert r["case"] == {"observer_sees": True, "observer_suppressed": False}
        answer, _ = run_case({"ruleset": "mbt", "procedure": "clgp", **r["case"],
                              "dice": [v for x in r["rolls"] for v in x["values"]]})
        assert answer.to_json()["outcome"] == r["outcome"]
        assert (g.state.units[r["unit"]].destroyed == "brewed_up") is r["outcome"]["brewed_up"]


@pytest.mark.parametrize(("observer", "plot", "why"), [
    ("USA-1B", {}, "artillery[0].observer: obs has no laser designator (D sight; 19.2.4.7)"),
    ("USA-4A/2", {"target": "m1"}, "artillery[0].target: a CLGP mission is fired at an enemy vehicle"),
    ("USA-4A/2", {"target": [30, 18]}, "artillery[0].target: a CLGP mission names its target vehicle (19.2.4.7)"),
    ("USA-4A/2", {"mission": "HE", "target": "t1"}, "artillery[0].target: 't1': a HE mission is fired at a point"),
])
def test_a_clgp_plot_needs_a_designator_on_an_enemy_vehicle(tmp_path: Path, observer: str, plot: dict[str, Any],
                                                             why: str) -> None:
    g = _game(tmp_path, observer)
    to_command(g)
    seen = len(g.events())
    with pytest.raises(UmpireError, match=re.escape(why)):
        _plot(tmp_path, g, **plot)
    assert len(g.events()) == seen


def test_the_soviet_card_has_no_clgp(tmp_path: Path) -> None:
    with pytest.raises(UmpireError, match=re.escape("'CLGP' is not on the USSR artillery card")):
        new_game(tmp_path, OPTS, batteries=[{"id": "B", "side": "ussr", "nation": "USSR", "missions": {"CLGP": 1}}])
