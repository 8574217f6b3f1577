"""Where each MBT value comes from, said wherever it decides a result (issue #12, point 13).

A value the text states is ``rulebook``; one worked out by arithmetic on stated figures is
``derived``; one a named ruling reads out of the text is ``ruling``; the rest are ``estimated``.
6.1.3.4 prints "a vehicle in a scrub hex can be seen from up to a 7 hex range by a combat unit
with an open turret unit and up to a 10 hex range by one with a buttoned turret unit": the shipped
cells hold the swapped reading of ruling sighting.scrub_example, so they are ``ruling`` values.
"""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from umpire.ask.calc import run_case
from umpire.cli import app
from umpire.errors import UmpireError
from umpire.rules.mbt import data

runner = CliRunner()


def test_the_scrub_cells_are_a_ruling_and_reactive_armour_cost_is_derived() -> None:
    scrub = data.chart("sighting").ranges["day"]
    assert scrub["open"]["scrub"][0].origin == "ruling"
    assert scrub["open"]["scrub"][0].ruling == "sighting.scrub_example"
    assert scrub["buttoned"]["scrub"][0].origin == "ruling"
    cost = data.card("USSR-1A").notes.reactive_armor
    assert cost is not None and cost.cost.origin == "derived"
    assert "95 - 80" in (cost.cost.derived or "")


def test_data_status_counts_every_kind() -> None:
    result = runner.invoke(app, ["data", "status", "mbt"])
    assert result.exit_code == 0, result.output
    head = next(line for line in result.output.splitlines() if "rulebook" in line)
    assert head.split()[-6:] == ["rulebook", "derived", "ruling", "official", "estimated", "total"]
    total = next(line for line in result.output.splitlines() if line.split()[:1] == ["all"])
    rulebook, derived, ruling, official, estimated, _ = (int(x) for x in total.split()[1:])
    assert derived > 80 and ruling == 2  # TO&E point values of every card, and the reactive armour costs
    assert rulebook > 100 and estimated > 5000 and official == 0


def _sight(**case: Any):
    answer, _ = run_case({"procedure": "sight", "ruleset": "mbt", **case})
    return answer.resolution


def test_the_ruling_is_named_where_it_decides() -> None:
    res = _sight(range=9, sighter={"turret": "open"}, target={"terrain": "scrub"})
    assert res.outcome["seen"] is True
    assert any("sighting.scrub_example" in r for r in res.ruled)
    assert any(line.startswith("decided by ruling:") for line in res.explain())
    literal = _sight(range=9, sighter={"turret": "open"}, target={"terrain": "scrub"},
                     rulings={"sighting.scrub_example": "literal"})
    assert literal.outcome["seen"] is False
    assert any("= literal" in r for r in literal.ruled)


def _fire(**over: Any):
    case: dict[str, Any] = {
        "procedure": "fire", "ruleset": "mbt", "game": "advanced",
        "firer": {"card": "USSR-1B", "ammo": "APFSDS", "orders": "F"},
        "target": {"card": "FRG-1A", "orders": "F", "spotted": "fired"}, "range": 9, "dice": [100],
    }
    for k, v in over.items():
        case[k] = {**case[k], **v} if isinstance(v, dict) else v
    answer, _ = run_case(case)
    return answer.resolution


def test_estimated_stabilisation_sights_and_column_order_are_named() -> None:
    moving = _fire(firer={"orders": "FM"})
    assert any("125mm Stab." in e for e in moving.estimated)
    sighted = _fire(target={"card": "USSR-1B"}, firer={"card": "USA-1B"})
    assert any("sights (LTO)" in e for e in sighted.estimated)
    mixed = _fire(target={"terrain": ["scrub", "rough"]})
    assert any("column order" in e for e in mixed.estimated)


def test_victory_points_say_when_they_are_estimated() -> None:
    from umpire.registry import initial_state
    from umpire.rules.mbt.scenario_model import MbtScenario as Scenario
    from umpire.turns.mbt.victory import tally

    sc = Scenario.model_validate({
        "name": "v", "ruleset": "mbt", "table": {"width": 48, "depth": 36}, "mbt": {"game": "basic"},
        "sides": [{"id": "a", "units": [{"id": "m1", "card": "USA-1B", "at": [2, 2]}]},
                  {"id": "b", "units": [{"id": "t64", "card": "USSR-1B", "at": [40, 30]},
                                        {"id": "t64b", "card": "USSR-1B", "at": [40, 20]}]}],
    })
    st = initial_state(sc, seed=1)
    st.units["t64"].status = "eliminated"
    t = tally(st)
    assert t.points["a"] == 75
    assert t.estimated == ["USSR-1B point values (75-38-19)"]


def test_an_order_refused_on_estimated_movement_factors_says_so() -> None:
    from umpire.registry import initial_state
    from umpire.rules.mbt.scenario_model import MbtScenario as Scenario
    from umpire.turns.mbt.orders_file import check

    sc = Scenario.model_validate({
        "name": "m", "ruleset": "mbt", "table": {"width": 48, "depth": 36}, "mbt": {"game": "basic"},
        "sides": [{"id": "a", "units": [{"id": "t64", "card": "USSR-1B", "at": [2, 2], "facing": 90}]},
                  {"id": "b", "units": [{"id": "m1", "card": "USA-1B", "at": [40, 30]}]}],
    })
    st = initial_state(sc, seed=1)
    st.phase = "Command"
    with pytest.raises(UmpireError, match="estimated values: .*USSR-1B"):
        check({"side": "a", "units": {"t64": {"order": "M", "move": {"path": [[30, 2]]}}}}, st)
