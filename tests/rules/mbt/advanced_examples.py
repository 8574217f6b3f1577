"""Runners for the Advanced Game worked examples of tests/examples/mbt (sections 10-16 and the
Scenario Format): one function per procedure, each checking ``expect`` against the rules core."""

from __future__ import annotations

from typing import Any

from umpire.core.dice import ScriptedDice
from umpire.core.modifiers import Modifier
from umpire.registry import scenario_from_data
from umpire.rules.mbt.state import MbtUnit


def _state(terrain: list[dict[str, Any]], units: list[dict[str, Any]]) -> Any:
    from umpire.registry import initial_state

    data = {"name": "x", "ruleset": "mbt", "table": {"width": 30, "depth": 20}, "mbt": {"game": "advanced"},
            "terrain": terrain, "sides": [{"id": "a", "units": units}, {"id": "b", "units": []}]}
    return initial_state(scenario_from_data(data, "example"), seed=1)


def heights(i: dict[str, Any], expect: dict[str, Any]) -> None:
    from umpire.turns.mbt.advanced.table import AdvTable

    state = _state([{"id": "h", "type": "hill", "height": i["hill"], "polygon": [[5, 5], [25, 5], [25, 15], [5, 15]]},
                    {"id": "w", "type": "woods", "height": i["woods_on_hill"],
                     "polygon": [[12, 6], [18, 6], [18, 14], [12, 14]]}],
                   [{"id": "u", "card": "USSR-1A", "at": [15, 10]}])
    t = AdvTable(state)
    assert t.unit_height(state.units["u"]) == expect["unit_height"]
    (ob,) = [o for o in t.obstacles((7, 10), (23, 10), 16) if o.what.startswith("woods")]
    assert ob.height == expect["obstacle_height"]


def stacking(i: dict[str, Any], expect: dict[str, Any]) -> None:
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.table import AdvTable

    units = [{"id": f"v{k}", "card": c, "at": [10, 10]} for k, c in enumerate(i["units"])]
    units += [{"id": f"p{k}", "card": c, "type": t, "at": [10, 10], "carried_by": "v0"}
              for k, (c, t) in enumerate(i.get("carried", []))]
    units += [{"id": f"w{k}", "card": "USSR-1A", "at": [10.1, 10]} for k in range(i.get("wrecks", 0))]
    state = _state([], units)
    for k in range(i.get("wrecks", 0)):
        state.units[f"w{k}"].status = "eliminated"
        state.units[f"w{k}"].destroyed = "knocked_out"
    t = AdvTable(state)
    assert t.stacking_points((10, 10)) == expect["points"]
    if "transport" in expect:
        v = state.units["v0"]
        assert U.card_of(v).target.transport.v == expect["transport"]  # type: ignore[union-attr]
        assert U.room(state, v) == expect["room_left"]


def toe(i: dict[str, Any], expect: dict[str, Any]) -> None:
    from umpire.rules.mbt import cards
    from umpire.rules.mbt import toe as T

    _, org = T.find(i["org"])
    v = T.variant(org, i.get("variant"))
    veh = {u.card: cards.any_card(u.card).kind == "vehicle" for u in v.units}
    got = [[m.card, m.doctrine] for m in T.models(org, v, i["grade"], i.get("doctrine"), veh)]
    assert got == expect["models"]
    assert T.points(org, v, i["grade"], i.get("doctrine")) == expect["points"]


def doctrine_shots(i: dict[str, Any], expect: list[list[str]]) -> None:
    from umpire.rules.mbt import orders

    assert [list(x) for x in orders.doctrine_shots(i["strength"], i["targets"])] == expect


def atgm_speed(i: dict[str, Any], expect: dict[str, int]) -> None:
    from umpire.rules.mbt import data, missiles

    w = data.card(i["card"]).weapon(i["weapon"])
    for moved, speed in expect.items():
        v = missiles.speed(w, int(moved))
        assert v.v == speed and not v.estimated


def gp_factor(i: dict[str, Any], expect: dict[str, int]) -> None:
    from umpire.core.state import UnitState
    from umpire.rules.mbt import data
    from umpire.turns.mbt.advanced.shots import gp_factor as factor

    u = UnitState(id="u", name="u", side="a", card=i["card"])
    w = data.card(i["card"]).weapon(i["weapon"])
    for order, want in expect.items():
        got, est = factor(u, w, i["ammo"], order, i["range"])
        assert got == want and not est


def gp_modified(i: dict[str, Any], expect: dict[str, Any], dice: list[int]) -> None:
    from umpire.rules.mbt import gp_fire

    mods = [Modifier(name="net", value=v, rule="14.4.2") for v in i["modifiers"]]
    r = gp_fire.resolve(gp_fire.GpShot(i["gp"], i["defense"], gp_fire.GpTarget(kind="squad"), mods),
                        ScriptedDice(dice), [])
    assert r.modified_roll == expect["modified_roll"] and r.outcome["result"] == expect["result"]


def building_target(i: dict[str, Any], expect: dict[str, Any]) -> None:
    from umpire.rules.mbt import gp_fire

    est: list[str] = []
    assert gp_fire.building_target(i["heights"], est).value == expect["value"] and not est


def gp_defense(i: dict[str, Any], expect: dict[str, Any]) -> None:
    from umpire.rules.mbt import cards, data

    v = data.card(i["vehicle"]).target.gp_defense
    assert v.v == expect["vehicle"] and not v.estimated
    for c in i["legs"]:
        got, cell = cards.leg_card(c).gp_defense.value(i["terrain"], i["status"])
        assert got == expect["legs"] and not cell.estimated


def gp_effect(i: dict[str, Any], expect: dict[str, str]) -> None:
    from umpire.rules.mbt import data, gp_fire

    w = data.card(i["card"]).weapon(i["weapon"])
    kill = next(a for a in w.ammo if a.type == "GP").gp_kill
    assert kill is not None and not kill.gp_defense.estimated
    for defense, want in expect.items():
        tgt = gp_fire.GpTarget(kind="vehicle", gp_defense=int(defense), open=False)
        code, _ = gp_fire.effect("EF", tgt, int(defense), gp_fire.GpRound(rng=5, gp_kill=kill))
        assert code == want


def hand_to_hand_net(i: list[dict[str, Any]], expect: list[int]) -> None:
    from umpire.rules.mbt import close_assault, data
    from umpire.rules.mbt.cases import HandToHandCase
    from umpire.rules.mbt.facts import AssaultFacts

    for case, net in zip(i, expect, strict=True):
        c = HandToHandCase(attacker="squad", defender="squad", **case)
        r = close_assault.hand_to_hand(c, ScriptedDice([50]), data.rulings().select({}))
        assert AssaultFacts.of(r).net_modifier == net


def overrun_defence(i: dict[str, Any], expect: dict[str, int]) -> None:
    from umpire.core.state import UnitState
    from umpire.rules.mbt import cards
    from umpire.rules.mbt.gp_targets import overrun_defence_gp
    from umpire.turns.mbt.advanced import units as U

    u = UnitState(id="u", name="u", side="a", card=i["card"], type=i["type"], own=MbtUnit(equipment=i["equipment"]))
    assert overrun_defence_gp(cards.any_card(i["card"]), U.weapons(u))[0] == expect["gp"]


def into_buildings(i: list[dict[str, Any]], expect: list[dict[str, Any]]) -> None:
    from umpire.rules.mbt import buildings, data

    for case, want in zip(i, expect, strict=True):
        ca = case.get("ca_defense") or data.card(case["card"]).target.ca_defense.v
        r = buildings.into_buildings(case["building"], ca, case["gun"], ScriptedDice([case["roll"]]))
        if "modifier" in want:
            assert r.modifiers[0].value == want["modifier"]
        if "modified_roll" in want:
            assert r.modified_roll == want["modified_roll"] and r.outcome["damage"] == want["damage"]


def allowance(i: dict[str, Any], expect: dict[str, float]) -> None:
    from umpire.rules.mbt import orders

    assert orders.movement_allowance(i["order"], i["mf"], suppressed=i["suppressed"]) == expect["allowance"]


def half_squad_points(i: dict[str, Any], expect: dict[str, int]) -> None:
    """With ruling advanced.half_squad_weapons = lose_missiles, as the example loses its AT-3."""
    from umpire.core.state import UnitState
    from umpire.turns.mbt.advanced.effects import reduce
    from umpire.turns.mbt.advanced.victory import loss_points

    u = UnitState(id="u", name="u", side="a", card=i["card"], type=i["type"], x=1, y=1,
                  own=MbtUnit(equipment=f"with {i['lost']}"))
    reduce(u, [], "lose_missiles")
    est: list[str] = []
    assert loss_points(u, est) == (expect["points"], "reduced to a half squad, with weapons lost")


RUNNERS = {f.__name__: f for f in (heights, stacking, toe, doctrine_shots, atgm_speed, gp_factor, building_target,
                                   gp_defense, gp_effect, hand_to_hand_net, overrun_defence, into_buildings,
                                   allowance, half_squad_points)}
