"""Planned artillery fire (19.2.1.1) and Soviet artillery doctrine (option 19.5) in the tracked
game: planned plots written in the scenario land on their Turn without an observer; under the
doctrine two thirds of the Soviet fire missions (fractions up) must be planned, else the scenario
is refused; and the checks of planned fire."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.turns.test_mbt_options_turn import new_game, orders, to_command
from umpire.ask.calc import run_case
from umpire.errors import UmpireError

OPTS = ["area_fire", "artillery", "soviet_artillery_doctrine"]


def battery(missions: dict[str, int], planned: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    return {"batteries": [{"id": "B", "side": "ussr", "nation": "USSR", "size": "medium", "attachment": "organic",
                           "missions": missions, "planned": planned, **more}]}


def test_soviet_planned_fire_lands_on_its_turn_without_an_observer(tmp_path: Path) -> None:
    """HE 3: two planned (ceil 3 x 2/3), on Turns 1 and 3 (one Turn skipped, 19.2.1.1.3)."""
    g = new_game(tmp_path, OPTS, **battery({"HE": 3}, [{"turn": 1, "target": [15, 18]},
                                                      {"turn": 3, "target": [8, 18], "sheaf": "loose"}]))
    to_command(g)
    orders(tmp_path, g, "nato", {})
    orders(tmp_path, g, "ussr", {})
    g.act("mbt.phase", {}, None)  # Command
    g.act("mbt.phase", {}, None)  # Fire: the Artillery Step opens it
    (art,) = [r for e in g.events()[-1:] for r in e.results if r["procedure"] == "artillery"]
    assert art["battery"] == "B" and art["case"]["fire_type"] == "planned" and art["case"]["observed"] is False
    answer, _ = run_case({"ruleset": "mbt", "procedure": "artillery", **art["case"],
                          "dice": [v for x in art["rolls"] for v in x["values"]]})
    assert answer.to_json()["outcome"] == art["outcome"]
    from umpire.turns.mbt.options import state as OS

    plots = OS.read(g.state).plots
    assert [(p.impact, p.status) for p in plots] == [(2 if art["outcome"]["delayed"] else 1,
                                                     "delayed" if art["outcome"]["delayed"] else "fired"), (3, "due")]


def test_a_called_plot_may_not_interfere_with_the_batterys_planned_fire(tmp_path: Path) -> None:
    g = new_game(tmp_path, ["area_fire", "artillery"], **battery({"HE": 3}, [{"turn": 2, "target": [15, 18]}]))
    to_command(g)
    with pytest.raises(UmpireError, match=re.escape("artillery[0].battery: B fires planned fire on Turn 2; other fire "
                                                    "may not interfere with its planned plots (19.2.1.1.3)")):
        orders(tmp_path, g, "ussr", {"t1": {"order": "OW"}},
               artillery=[{"battery": "B", "target": [15, 18], "observer": "t1"}])


@pytest.mark.parametrize(("opts", "mbt", "why"), [
    (OPTS, battery({"HE": 3}, [{"turn": 1, "target": [15, 18]}]),
     "Soviet artillery doctrine plans two thirds of the Soviet fire missions before the game (19.5): 2 of 3 "
     "(fractions up), and 1 is planned"),
    (OPTS, battery({}, []), "mbt.batteries[0].missions: under Soviet artillery doctrine a Soviet battery lists"),
    (["area_fire", "artillery"], battery({"HE": 3}, [{"turn": 1, "target": [15, 18]}, {"turn": 2, "target": [8, 8]}]),
     "planned[1].turn: 2: a battery's planned plots skip at least one Turn between them (its last is on Turn 1"),
    (["area_fire", "artillery"], battery({"SM": 1}, [{"turn": 1, "target": [15, 18], "mission": "SM"}]),
     "planned[0].sheaf: 'tight': a SM mission is fired in a line or loose SHEAF"),
    (["area_fire", "artillery"], battery({"HE": 1}, [{"turn": 1, "target": [15, 18]}, {"turn": 3, "target": [9, 9]}]),
     "mbt.batteries[0].planned: 2 planned HE plots, and the battery has 1 HE fire missions"),
    (["area_fire", "artillery"], battery({"HE": 1}, [{"turn": 9, "target": [15, 18]}]),
     "planned[0].turn: 9 is after the game's last Turn (4)"),
])
def test_the_scenario_refuses_planned_fire_the_rules_do_not_allow(tmp_path: Path, opts: list[str],
                                                                   mbt: dict[str, Any], why: str) -> None:
    with pytest.raises(UmpireError, match=re.escape(why)):
        new_game(tmp_path, opts, **mbt)
