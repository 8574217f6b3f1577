"""The helicopters and anti_aircraft options in the tracked game (20.2-20.4), each switched on
in a scenario: the main path, what it refuses (one Error line, exit 2, nothing written), and
every resolution the calc answer of the case it recorded."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.turns.test_mbt_options_turn import _one_error_line, orders, scenario, to_command
from umpire.ask.calc import run_case
from umpire.core.dice import ScriptedDice
from umpire.core.resolution import Resolution
from umpire.engine import Game
from umpire.errors import UmpireError
from umpire.registry import scenario_from_data
from umpire.rules.mbt.state import MbtGame

HELI = {"helicopters": [
    {"id": "h1", "side": "nato", "card": "USA-6A/2", "name": "Apache pair", "at": [10, 10], "facing": 90,
     "rockets": 2},
    {"id": "h2", "side": "nato", "card": "USA-6A/1", "at": [10, 26], "facing": 90, "altitude": "low"},
]}


def game_with(tmp_path: Path, options: list[str], zsu: bool = False, **mbt: Any) -> Game:
    data = scenario(options, **mbt)
    if zsu:
        data["sides"][1]["units"].append({"id": "zsu", "card": "USSR-8A", "at": [30, 10], "facing": 270})
    return Game.create(tmp_path / "game.db", scenario_from_data(data, "scenario"))


def fire_phase(tmp_path: Path, g: Game, flights: dict[str, Any]) -> list[dict[str, Any]]:
    """Write NATO's helicopter orders, then play the Fire phase; its results."""
    to_command(g)
    orders(tmp_path, g, "nato", {}, helicopters=flights)
    orders(tmp_path, g, "ussr", {})
    g.act("mbt.phase", {}, None)
    seq = g.events()[-1].seq
    g.act("mbt.phase", {}, None)
    return [r for e in g.events() if e.seq > seq for r in e.results]


def heli(g: Game, hid: str) -> dict[str, Any]:
    return MbtGame.of(g.state).options_state.model_dump(mode="json")["helicopters"][hid]  # type: ignore[union-attr]


def same_as_calc(r: dict[str, Any]) -> None:
    dice = [v for roll in r["rolls"] for v in roll["values"]]
    answer, _ = run_case({"ruleset": "mbt", "procedure": r["procedure"], **r["case"], "dice": dice})
    out = answer.to_json()
    assert out["outcome"] == r["outcome"], r["summary"]
    assert out["modified_roll"] == r["modified_roll"]


def test_a_helicopter_flies_its_orders_and_no_aa_fires_without_the_option(tmp_path: Path) -> None:
    g = game_with(tmp_path, ["helicopters"], zsu=True, **HELI)
    res = fire_phase(tmp_path, g, {"h1": {"altitude": "low", "path": [[22, 10]]}})
    (move,) = [r for r in res if r["procedure"] == "helicopter" and r["helicopter"] == "h1"]
    assert move["case"] == {"card": "USA-6A/2", "start": "noe", "end": "low", "hexes": 12, "reverse": False,
                            "terrain": "clear", "popup": False, "conditions": "day"}
    same_as_calc(move)
    h = heli(g, "h1")
    assert (h["x"], h["y"], h["altitude"], h["hovering"], h["flown"]) == (22, 10, "low", False, 12)
    (hover,) = [r for r in res if r["procedure"] == "helicopter" and r["helicopter"] == "h2"]
    assert hover["outcome"]["hovering"] is True  # no orders: it hovers (20.2.2.1.1)
    assert not [r for r in res if r["procedure"] == "aa"]  # the zsu is in range: AA fire is the other option
    (seen,) = [r for r in res if r["procedure"] == "helicopter_sighting" and r["side"] == "ussr"]
    assert {(s["helicopter"], s["altitude"]) for s in seen["helicopters"]} == {("h1", "low"), ("h2", "low")}


def test_a_helicopter_fires_a_rocket_at_a_target_it_sees_in_its_arc(tmp_path: Path) -> None:
    g = game_with(tmp_path, ["helicopters"], **HELI)
    res = fire_phase(tmp_path, g, {"h1": {"path": [[22, 16]], "facing": 90, "rocket": "t1"}})
    (rocket,) = [r for r in res if r["procedure"] == "air_drop"]
    assert rocket["helicopter"] == "h1" and rocket["case"]["range"] == 9 and rocket["case"]["aircraft"] == "USA-6A/2"
    same_as_calc(rocket)
    assert heli(g, "h1")["rockets"] == 1


@pytest.mark.parametrize(
    ("flight", "why"),
    [({"path": [[22, 16]], "facing": 0, "rocket": "t1"}, "outside its 120 degree arc (20.2.3.1)"),
     ({"facing": 90, "rocket": "t1"}, "its target is 22 hexes off, beyond a rocket's 20 (20.1.3.4.1)")],
)
def test_a_rocket_it_may_not_fire_is_held(tmp_path: Path, flight, why) -> None:
    g = game_with(tmp_path, ["helicopters"], **HELI)
    res = fire_phase(tmp_path, g, {"h1": flight})
    (held,) = [r for r in res if r["procedure"] == "helicopter_fire"]
    assert why in held["summary"] and heli(g, "h1")["rockets"] == 2


def test_aa_fires_at_a_helicopter_it_sees_in_range_and_has_acquired(tmp_path: Path) -> None:
    g = game_with(tmp_path, ["helicopters", "anti_aircraft"], zsu=True, **HELI)
    res = fire_phase(tmp_path, g, {"h1": {"altitude": "low", "path": [[22, 10]]}})
    (aa,) = [r for r in res if r["procedure"] == "aa"]
    assert (aa["unit"], aa["helicopter"], aa["case"]["altitude"], aa["case"]["radar"]) == ("zsu", "h1", "low", True)
    same_as_calc(aa)  # h2 at low altitude is 20 hexes off: beyond the 23mm's 10 (20.3.2.4)
    for r in res:
        if r["procedure"] == "crash":
            same_as_calc(r)


def test_aa_at_a_hovering_helicopter_out_of_range_holds(tmp_path: Path) -> None:
    g = game_with(tmp_path, ["helicopters", "anti_aircraft"], zsu=True, **HELI)
    res = fire_phase(tmp_path, g, {})
    assert not [r for r in res if r["procedure"] == "aa"]


def test_impacts_on_a_helicopter_at_noe_are_special_combats(tmp_path: Path) -> None:
    """20.4.1.1: HE (GP 40) impacting in the hex of a helicopter at NOE: the GP factor is the hit
    number, no modifiers; the same calc aa rule, with hit_number."""
    from umpire.rules.mbt.options.facts import ImpactFacts
    from umpire.turns.mbt.options.anti_aircraft import special_combats

    g = game_with(tmp_path, ["helicopters", "anti_aircraft"], **HELI)
    state = g.state.copy_for_change()
    impact = Resolution(ruleset="mbt", procedure="artillery", outcome={"impact_at": [10.2, 10.1]},
                        facts=ImpactFacts(gp=40, case={"mission": "HE"}, battery="A"))
    smoke = Resolution(ruleset="mbt", procedure="artillery", outcome={"impact_at": [10, 10]},
                       facts=ImpactFacts(gp=0, case={"mission": "SM"}))
    (hit, crash), _ = special_combats(state, [impact, smoke], ScriptedDice([12, 30]))
    assert (hit.facts.case or {})["hit_number"] == 40 and hit.outcome["destroyed"] is True
    assert crash.procedure == "crash" and crash.outcome["crash_at"] == [10, 10]  # hovering: in its hex (20.3.4.2.1)
    for r in (hit, crash):
        same_as_calc(r.to_json())
    h2, _ = special_combats(state, [impact.model_copy(update={"outcome": {"impact_at": [10, 26]}})], ScriptedDice([]))
    assert h2 == []  # h2 is at low altitude: only NOE or landed helicopters are hit


@pytest.mark.parametrize(
    ("flights", "why"),
    [
        ({"h2": {"altitude": "landed"}}, "helicopters.h2.altitude: a helicopter lands and takes off at NOE, not "
                                         "from low altitude (low to landed; 20.2.2.3.1)"),
        ({"h2": {"popup": True}}, "helicopters.h2.popup: a pop-up attack is made at NOE while hovering (20.2.2.1.2)"),
        ({"h1": {"popup": True, "altitude": "low"}}, "helicopters.h1.altitude: low: after a pop-up attack it is "
                                                     "back at NOE (allowed: noe; 20.2.2.1.2)"),
        ({"h1": {"path": [[40, 10]]}}, "helicopters.h1.hexes: 30 hexes cost 30, more than its 14 factors"),
        ({"h1": {"altitude": "landed", "path": [[16, 10]]}}, "enters at most a quarter of its 14 factors, 4 hexes"),
        ({"h1": {"altitude": "landed", "rocket": "t1"}}, "helicopters.h1.rocket: rockets may not be fired by "
                                                         "landed helicopters (allowed: at noe or low"),
        ({"h1": {"rocket": "m1"}}, "helicopters.h1.rocket: unknown enemy unit 'm1'"),
        ({"h2": {"rocket": "t1"}}, "helicopters.h2.rocket: h2 has no rockets left"),
        ({"h1": {"path": [[10, 40]]}}, "helicopters.h1.path[0]: (10, 40) is off the table"),
        ({"h9": {}}, "helicopters.h9: unknown helicopter of side nato 'h9'"),
        ({"h1": {"altitude": "high"}}, "helicopters.h1.altitude"),
    ],
)
def test_bad_helicopter_orders_are_one_error_line_and_nothing_written(cli, tmp_path: Path, flights, why) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(scenario(["helicopters"], **HELI)), encoding="utf-8")
    assert cli("new", str(path)).exit_code == 0
    assert cli("phase", "next").exit_code == 0
    before = json.loads(cli("log", "--json").output)
    o = tmp_path / "o.yaml"
    o.write_text(yaml.safe_dump({"side": "nato", "turn": 1, "units": {}, "helicopters": flights}), encoding="utf-8")
    line = _one_error_line(cli("turn", "orders", str(o)))
    assert why in line, line
    assert json.loads(cli("log", "--json").output) == before


def test_helicopter_orders_need_the_option(tmp_path: Path) -> None:
    g = game_with(tmp_path, [])
    to_command(g)
    with pytest.raises(UmpireError, match="helicopter orders need the helicopters option"):
        orders(tmp_path, g, "nato", {}, helicopters={"h1": {}})


@pytest.mark.parametrize(
    ("options", "mbt", "why"),
    [
        ([], HELI, "mbt.helicopters[0]: helicopters need the helicopters option (20.2)"),
        (["helicopters"], {"helicopters": [{**HELI["helicopters"][0], "card": "USA-1B"}]},
         "mbt.helicopters[0].card: 'USA-1B' is a vehicle card, not a helicopter's (20.2)"),
        (["helicopters", "night"], {"conditions": "fog", **HELI},
         "mbt.helicopters[0].altitude: noe: helicopters are limited to low altitude in fog (allowed: low; 20.2.2)"),
        (["helicopters"], {"helicopters": [{**HELI["helicopters"][0], "id": "m1"}]},
         "mbt.helicopters[0].id: 'm1' is given twice"),
    ],
)
def test_the_scenario_refuses_helicopters_it_cannot_fly(tmp_path: Path, options, mbt, why) -> None:
    with pytest.raises(UmpireError, match=re.escape(why)):
        game_with(tmp_path, options, **mbt)


def test_a_ground_unit_fires_aa_once_an_air_phase_at_aircraft_and_helicopters_alike(tmp_path: Path) -> None:
    """20.3.4: the ZSU fires at the first aircraft over it, not at the second nor at the helicopter
    that flies into its reach after them."""
    air = {"aircraft": [{"id": "j1", "side": "nato", "type": "F-111F", "loads": {"iron_bomb": 1}},
                        {"id": "j3", "side": "nato", "type": "F-111F", "loads": {"iron_bomb": 1}}]}
    g = game_with(tmp_path, ["area_fire", "aircraft", "helicopters", "anti_aircraft"], zsu=True, **air, **HELI)
    to_command(g)
    orders(tmp_path, g, "nato", {}, helicopters={"h1": {"altitude": "low", "path": [[22, 10]]}},
           air_strikes=[{"aircraft": j, "weapon": "iron_bomb", "target": [30, 18], "facing": 90} for j in ("j1", "j3")])
    orders(tmp_path, g, "ussr", {})
    g.act("mbt.phase", {}, None)
    g.act("mbt.phase", {}, None)
    aa = [(r["unit"], r.get("aircraft") or r.get("helicopter")) for e in g.events() for r in e.results
          if r["procedure"] == "aa"]
    assert aa == [("zsu", "j1")]


def test_the_air_phase_opens_the_fire_phase_whichever_the_artillery_step(tmp_path: Path) -> None:
    """Ruling options.artillery_step after_direct_fire moves the Artillery Step, not the Air Phase:
    the helicopters still fly first (20.2.2)."""
    data = scenario(["helicopters"], **HELI)
    data["rulings"] = {"options.artillery_step": "after_direct_fire"}
    g = Game.create(tmp_path / "game.db", scenario_from_data(data, "scenario"))
    res = fire_phase(tmp_path, g, {"h1": {"path": [[14, 10]]}})
    assert res[0]["procedure"] == "helicopter" and heli(g, "h1")["x"] == 14
