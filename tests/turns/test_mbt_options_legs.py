"""Leg unit variations (option leg_variations, 17.4 less quickmarch) in the tracked game, switched
on alone: a squad plus fires GP at +10 (17.4.1.1), a machinegun team's normal pinning fire is +10
and its effective result suppresses (17.4.3.1), a squad in full cover with OVERWATCH orders three
Turns builds a hasty entrenchment that puts GP fire at it at -10 (17.4.4); each gp case is the
one calc gp answers alike; and what the option refuses."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from tests.turns.test_mbt_options_hits import WhyDice
from tests.turns.test_mbt_options_turn import _one_error_line
from umpire.ask.calc import run_case
from umpire.errors import UmpireError
from umpire.rules.mbt.state import MbtGame, MbtUnit

TEAM = {"type": "Team", "equipment": "with MG"}
SQUAD = {"type": "Squad Heavy Mechanized Infantry"}
RED_SQUAD = {"type": "Squad Heavy Motorized Rifle Infantry"}


def _game(tmp_path: Path, opts: list[str], nato: list[dict[str, Any]] | None = None) -> Any:
    return new(tmp_path, scenario(nato or [unit("mg", "USA-7B", [27, 18], 90, **TEAM)],
                                  [unit("rs", "USSR-11B", [30, 18], 270, **RED_SQUAD)], options=opts))


def _mods(r: dict[str, Any]) -> list[tuple[str, int, str]]:
    return [(m["name"], m["value"], m["rule"]) for m in r["modifiers"]]


def _calc(r: dict[str, Any]) -> dict[str, Any]:
    answer, _ = run_case({"ruleset": "mbt", **r["case"], "dice": [v for x in r["rolls"] for v in x["values"]]})
    return answer.to_json()["outcome"]  # type: ignore[no-any-return]


def _on(g: Any, dice: Any, plans: dict[str, dict[str, Any]]) -> None:
    """On to the next Turn's Command phase, then these plans."""
    g.act("mbt.phase", {}, dice)
    orders(g, plans, dice)


def _gp(res: list[dict[str, Any]], firer: str) -> dict[str, Any]:
    (gp,) = [r for r in res if r["procedure"] == "gp" and r.get("firer") == firer]
    return gp


def test_an_effective_pinning_fire_suppresses_the_squad_instead_of_halving_it(tmp_path: Path) -> None:
    g = _game(tmp_path, ["leg_variations"])
    dice = WhyDice({"GP": [99]})
    orders(g, {"nato": {"mg": {"order": "F", "fire": {"target": "rs", "weapon": "MG", "pinning": "normal"}}}}, dice)
    gp = _gp(phase(g, dice, "Movement"), "mg")
    assert ("normal pinning fire", 10, "17.4.3.1") in _mods(gp)
    assert gp["outcome"]["result"] == "EF" and gp["outcome"]["effect"] == "suppressed"
    assert gp["case"]["firer"]["pinning"] == "normal" and gp["case"]["leg_variations"] is True
    assert _calc(gp) == gp["outcome"]  # one rule, one place
    rs = g.state.units["rs"]
    assert rs.type == RED_SQUAD["type"] and MbtUnit.of(rs).suppressed == "on"


def test_the_same_fire_without_pinning_halves_the_squad(tmp_path: Path) -> None:
    g = _game(tmp_path, ["leg_variations"])
    dice = WhyDice({"GP": [99]})
    orders(g, {"nato": {"mg": {"order": "F", "fire": {"target": "rs", "weapon": "MG"}}}}, dice)
    gp = _gp(phase(g, dice, "Movement"), "mg")
    assert gp["outcome"]["effect"] == "half" and "pinning" not in gp["case"]["firer"]


def test_area_pinning_fire_sums_the_hex_and_suppresses_every_unit_in_it(tmp_path: Path) -> None:
    """17.4.3.2: the GP defenses of all the leg units in the hex added, no +10, the one result against
    all of them, an effective one treated as suppressed."""
    g = new(tmp_path, scenario([unit("mg", "USA-7B", [27, 18], 90, **TEAM)],
                               [unit("rs", "USSR-11B", [30, 18], 270, **RED_SQUAD),
                                unit("rt", "USSR-11B", [30.2, 18.1], 270, type="Team")], options=["leg_variations"]))
    dice = WhyDice({"GP": [99]})
    orders(g, {"nato": {"mg": {"order": "F", "fire": {"target": "rs", "weapon": "MG", "pinning": "area"}}}}, dice)
    gp = _gp(phase(g, dice, "Movement"), "mg")
    one = run_case({"ruleset": "mbt", **gp["case"], "target": {k: v for k, v in gp["case"]["target"].items()
                                                                if k != "gp_defense"}, "dice": [99]})[0].to_json()
    assert gp["gp_defense"] > one["gp_defense"]  # the team's defense added to the squad's
    assert not [m for m in _mods(gp) if "pinning" in m[0]] and gp["pinned"] == ["rt"]
    assert _calc(gp) == gp["outcome"] and gp["outcome"]["effect"] == "suppressed"
    assert {u: MbtUnit.of(g.state.units[u]).suppressed for u in ("rs", "rt")} == {"rs": "on", "rt": "on"}
    assert g.state.units["rs"].type == RED_SQUAD["type"]


def test_a_squad_plus_fires_gp_at_plus_10(tmp_path: Path) -> None:
    sq = unit("sq", "USA-7B", [27, 18], 90, equipment="with Squad Plus", **SQUAD)
    g = _game(tmp_path, ["leg_variations"], nato=[sq])
    dice = WhyDice({})
    orders(g, {"nato": {"sq": {"order": "F", "fire": {"target": "rs", "weapon": "Small arms"}}}}, dice)
    gp = _gp(phase(g, dice, "Movement"), "sq")
    assert ("squad plus", 10, "17.4.1.1") in _mods(gp) and gp["case"]["firer"]["squad_plus"] is True
    assert _calc(gp) == gp["outcome"]


def test_three_turns_in_full_cover_on_overwatch_build_a_hasty_entrenchment(tmp_path: Path) -> None:
    sq = unit("sq", "USA-7B", [10, 18], 90, **SQUAD)
    g = new(tmp_path, scenario([sq], [unit("mg", "USSR-11B", [13, 18], 270, type="Team")],
                               options=["leg_variations"]))
    dice = WhyDice({"GP": [1]})
    orders(g, {"nato": {"sq": {"order": "M", "full_cover": "take"}}}, dice)
    for turn in (2, 3, 4):
        _on(g, dice, {"nato": {"sq": {"order": "OW"}}})
        assert g.state.turn == turn
    g.act("mbt.phase", {}, dice)
    phase(g, dice, "Command")
    notes = [r["summary"] for e in g.events() for r in e.results if r["procedure"] == "umpire note"]
    assert [n for n in notes if "hasty entrenchment" in n][-1].startswith("sq completes a hasty entrenchment")
    assert len(MbtGame.of(g.state).entrenchments) == 1
    orders(g, {"ussr": {"mg": {"order": "F", "fire": {"target": "sq"}}},
               "nato": {"sq": {"order": "OW"}}}, dice)
    gp = _gp(phase(g, dice, "Movement"), "mg")
    assert ("in a hasty entrenchment", -10, "17.4.4.3") in _mods(gp) and gp["case"]["target"]["entrenched"] is True
    assert _calc(gp) == gp["outcome"]


def test_two_turns_are_not_enough(tmp_path: Path) -> None:
    sq = unit("sq", "USA-7B", [10, 18], 90, **SQUAD)
    g = new(tmp_path, scenario([sq], [unit("t1", "USSR-2A", [44, 8], 270)], options=["leg_variations"]))
    dice = WhyDice({})
    orders(g, {"nato": {"sq": {"order": "M", "full_cover": "take"}}}, dice)
    for _ in range(2):
        _on(g, dice, {"nato": {"sq": {"order": "OW"}}})
    g.act("mbt.phase", {}, dice)
    phase(g, dice, "Command")
    assert not MbtGame.of(g.state).entrenchments
    assert MbtUnit.of(g.state.units["sq"]).entrenching.turns == 2  # type: ignore[union-attr]


@pytest.mark.parametrize(("opts", "nato", "fire", "why"), [
    ([], None, {"target": "rs", "weapon": "MG", "pinning": "normal"},
     "units.mg.fire.pinning: normal: pinning fire needs the leg_variations option (17.4.3)"),
    (["leg_variations"], [unit("sq", "USA-7B", [27, 18], 90, **SQUAD)],
     {"target": "rs", "weapon": "Small arms", "pinning": "normal"},
     "pinning: normal: only leg machinegun teams fire pinning fire (17.4.3; this is a squad's small_arms)"),
    (["leg_variations"], None, {"target": "rs", "weapon": "MG", "pinning": "sweeping"},
     "units.mg.fire.pinning: 'sweeping' (allowed: normal, area)"),
])
def test_a_pinning_fire_the_rules_do_not_allow_is_refused(tmp_path: Path, opts: list[str], nato: Any,
                                                         fire: dict[str, Any], why: str) -> None:
    g = _game(tmp_path, opts, nato)
    phase(g, WhyDice({}), "Command")
    seen = len(g.events())
    uid = "sq" if nato else "mg"
    with pytest.raises(UmpireError, match=re.escape(why)):
        g.act("mbt.orders", {"side": "nato", "units": {uid: {"order": "F", "fire": fire}}}, WhyDice({}))
    assert len(g.events()) == seen


def test_a_bad_pinning_fire_is_one_error_line_and_nothing_written(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(scenario([unit("mg", "USA-7B", [27, 18], 90, **TEAM)],
                                            [unit("rs", "USSR-11B", [30, 18], 270, **RED_SQUAD)],
                                            options=["leg_variations"])), encoding="utf-8")
    assert cli("new", str(path)).exit_code == 0
    assert cli("phase", "next").exit_code == 0
    before = json.loads(cli("log", "--json").output)
    o = tmp_path / "o.yaml"
    o.write_text(yaml.safe_dump({"side": "nato", "turn": 1, "units": {
        "mg": {"order": "F", "fire": {"target": "rs", "weapon": "Small arms", "pinning": "normal"}}}}),
        encoding="utf-8")
    line = _one_error_line(cli("turn", "orders", str(o)))
    assert ("units.mg.fire.pinning: normal: only leg machinegun teams fire pinning fire (17.4.3; this is a team's "
            "small_arms)") in line, line
    assert json.loads(cli("log", "--json").output) == before


@pytest.mark.parametrize(("firer", "target", "lv", "why"), [
    ({"pinning": "normal"}, {}, False,
     "firer.pinning: normal: is option 17.4, the leg unit variations (allowed only with leg_variations: true)"),
    ({"squad_plus": True}, {}, True, "firer.squad_plus: a team is no squad plus (allowed: squads and the half squads"),
    ({}, {"entrenched": True, "card": "USSR-2A"}, True, "target.entrenched: a vehicle is not in a hasty entrenchment"),
    ({"pinning": "normal", "orders": "FM"}, {}, True,
     "firer.pinning: normal: pinning fire is fired with FIRE or OVERWATCH orders (17.4.3; the order is FM)"),
])
def test_calc_gp_refuses_what_17_4_does_not_allow(firer: dict[str, Any], target: dict[str, Any], lv: bool,
                                                   why: str) -> None:
    case = {"ruleset": "mbt", "procedure": "gp", "game": "advanced", "range": 3, "leg_variations": lv,
            "firer": {"card": "USA-7B", "type": "Team", "weapon": "MG", **firer},
            "target": {"card": "USSR-11B", **target}}
    with pytest.raises(UmpireError, match=re.escape(why)):
        run_case(case)


def test_calc_gp_area_pinning_fire_adds_no_modifier_and_suppresses_on_effective() -> None:
    """17.4.3.2: the targets' GP defenses summed (given), no +10, effective treated as suppressed."""
    case = {"ruleset": "mbt", "procedure": "gp", "game": "advanced", "range": 3, "leg_variations": True,
            "firer": {"card": "USA-7B", "type": "Team", "weapon": "MG", "pinning": "area"},
            "target": {"card": "USSR-11B", "gp_defense": 2}, "dice": [99]}
    out = run_case(case)[0].to_json()
    assert out["outcome"]["result"] == "EF" and out["outcome"]["effect"] == "suppressed"
    assert not [m for m in out["modifiers"] if "pinning" in m["name"]]


SF = {"equipment": "with Special Forces", "grade": "crack", **SQUAD}


def test_a_special_forces_squad_fires_with_the_game_cards_modifier(tmp_path: Path) -> None:
    """17.4.1.3.2: special forces (crack) take the Game Card's GP modifier, an estimated +10 named as such."""
    g = _game(tmp_path, ["leg_variations"], nato=[unit("sf", "USA-7B", [27, 18], 90, **SF)])
    dice = WhyDice({})
    orders(g, {"nato": {"sf": {"order": "F", "fire": {"target": "rs"}}}}, dice)
    (shot,) = [r for r in phase(g, dice, "Movement") if r["procedure"] == "gp"]
    assert ("special forces", 10, "17.4.1.3.2") in _mods(shot)
    assert shot["case"]["firer"]["special_forces"] is True and shot["case"]["leg_variations"] is True
    assert "special forces (10)" in shot["provenance"]["estimated"]
    assert _calc(shot) == shot["outcome"]


@pytest.mark.parametrize(("more", "why"), [
    ({"grade": "average"}, "unit 'sf': equipment: Special Forces: a special forces unit is crack grade (17.4.1.3.2; "
                           "this one is average)"),
    ({"type": "Team", "equipment": "with MG, Special Forces"}, "unit 'sf': equipment: Special Forces: a team is no "
                                                               "special forces unit"),
])
def test_special_forces_not_a_crack_squad_are_refused_at_check(tmp_path: Path, more: dict[str, Any],
                                                               why: str) -> None:
    from umpire.errors import DataError

    sf = unit("sf", "USA-7B", [27, 18], 90, **{**SF, **more})
    with pytest.raises(DataError, match=re.escape(why)):
        _game(tmp_path, ["leg_variations"], nato=[sf])
    (tmp_path / "without").mkdir()
    assert _game(tmp_path / "without", [], nato=[sf]) is not None  # the Advanced Game fields it for its points


def test_a_suppressed_special_forces_squad_moves_one_hex_and_no_more(tmp_path: Path) -> None:
    """17.4.1.3.2: "It may be moved (with a MOVE order) one hex, even while suppressed, unless marked
    with a location (FULL COVER) marker, and no repelling or quickmarching can be done while
    suppressed"; other leg units may not move suppressed (12.3.3)."""
    from umpire.turns.mbt.advanced.orders import capability
    from umpire.turns.mbt.advanced.plan import check

    g = _game(tmp_path, ["leg_variations"], nato=[unit("sf", "USA-7B", [10, 18], 90, **SF),
                                                    unit("sq", "USA-7B", [10, 22], 90, **SQUAD)])
    dice = WhyDice({})
    phase(g, dice, "Command")
    state = g.state.copy_for_change()  # as a suppression in an earlier turn left them
    for uid in ("sf", "sq"):
        MbtUnit.of(state.units[uid]).suppressed = "on"
    assert "M" in orders_allowed(state, "sf") and "M" not in orders_allowed(state, "sq")
    plan = check({"side": "nato", "units": {"sf": {"order": "M", "move": {"path": [[11, 18]]}}}}, state)
    assert plan["units"]["sf"]["move"]["cost"] > 0
    with pytest.raises(UmpireError, match=re.escape("units.sf.move: a suppressed special forces unit moves one hex, "
                                                    "with no repelling nor quickmarch (17.4.1.3.2)")):
        check({"side": "nato", "units": {"sf": {"order": "M", "move": {"path": [[12, 18]]}}}}, state)
    MbtUnit.of(state.units["sf"]).full_cover = True
    assert "M" not in orders_allowed(state, "sf")
    assert capability(state.units["sq"], state).special_forces is False


def orders_allowed(state: Any, uid: str) -> list[str]:
    from umpire.rules.mbt import orders as O
    from umpire.turns.mbt.advanced.orders import capability

    return O.allowed_orders(capability(state.units[uid], state))


HILL = {"id": "h1", "type": "hill", "height": 4, "polygon": [[0, 0], [12, 0], [12, 32], [0, 32]]}


@pytest.mark.parametrize(("who", "to", "why"), [
    ("sf", [12.4, 18], None),
    ("sq", [12.4, 18], "units.sq.move: a leg unit crosses at most two heights (15.1.2; special forces repel down up to "
                       "four, option 17.4)"),
])
def test_special_forces_repel_down_four_heights_into_an_adjacent_hex(tmp_path: Path, who: str, to: list[float],
                                                                     why: str | None) -> None:
    """17.4.1.3.2.1: special forces with MOVE orders repel down into an adjacent hex across a
    hexside of up to 4 heights, their whole move."""
    g = new(tmp_path, scenario([unit("sf", "USA-7B", [11.5, 18], 90, **SF), unit("sq", "USA-7B", [11.5, 22], 90,
                                                                                  **SQUAD)],
                               [unit("rs", "USSR-11B", [40, 18], 270, **RED_SQUAD)], terrain=[HILL],
                               options=["leg_variations"]))
    dice = WhyDice({})
    plan = {"nato": {who: {"order": "M", "move": {"path": [to if who == "sf" else [to[0], 22]]}}}}
    if why is None:
        orders(g, plan, dice)
        assert MbtGame.of(g.state).orders["nato"][who]["move"]["repel"] is True
        phase(g, dice, "Adjustment")
        assert (g.state.units[who].x, g.state.units[who].y) == (12.4, 18)
        return
    phase(g, dice, "Command")
    seen = len(g.events())
    with pytest.raises(UmpireError, match=re.escape(why)):
        orders(g, plan, dice)
    assert len(g.events()) == seen


@pytest.mark.parametrize(("opts", "mods"), [
    (["leg_variations"], [("attacker squad plus", -5, "17.4.1.1"), ("defender assault infantry", 10, "17.4.1.2")]),
    ([], []),
])
def test_hand_to_hand_takes_the_squad_plus_and_assault_infantry_modifiers(tmp_path: Path, opts: list[str],
                                                                         mods: list[tuple[str, int, str]]) -> None:
    """17.4.1.1-2 with the signs of rulings hand_to_hand.squad_plus_sign and assault_infantry_sign."""
    sq = unit("sq", "USA-7B", [27, 18], 90, equipment="with Squad Plus", **SQUAD)
    rs = unit("rs", "USSR-11B", [28, 18], 270, equipment="with Assault", **RED_SQUAD)
    g = new(tmp_path, scenario([sq], [rs], options=opts))
    dice = WhyDice({})
    orders(g, {"nato": {"sq": {"order": "CA", "assault": {"target": "rs"}}}}, dice)
    (h,) = [r for r in phase(g, dice, "Movement") if r["procedure"] == "hand_to_hand"]
    assert [m for m in _mods(h) if m[2].startswith("17.4")] == mods
    assert _calc(h) == h["outcome"]


def test_assault_infantry_place_smoke_in_their_own_hex_whatever_their_orders(tmp_path: Path) -> None:
    sq = unit("sq", "USA-7B", [10, 18], 90, equipment="with Assault", **SQUAD)
    g = new(tmp_path, scenario([sq], [unit("t1", "USSR-2A", [44, 8], 270)], options=["leg_variations"]))
    dice = WhyDice({})
    orders(g, {"nato": {"sq": {"order": "OW", "smoke": True}}}, dice)
    phase(g, dice, "Adjustment")
    assert [(s["x"], s["y"], s["kind"], s["by"]) for s in MbtGame.of(g.state).smoke] == [(10, 18, "on", "sq")]


@pytest.mark.parametrize(("opts", "equipment", "why"), [
    ([], "with Assault", "units.sq.smoke: true: smoke in its own hex is assault infantry's, option 17.4.1.2"),
    (["leg_variations"], None, "units.sq.smoke: true: only assault infantry place smoke in their own hex"),
])
def test_smoke_in_its_own_hex_is_refused_to_others(tmp_path: Path, opts: list[str], equipment: Any, why: str) -> None:
    sq = unit("sq", "USA-7B", [10, 18], 90, **SQUAD, **({"equipment": equipment} if equipment else {}))
    g = new(tmp_path, scenario([sq], [unit("t1", "USSR-2A", [44, 8], 270)], options=opts))
    phase(g, WhyDice({}), "Command")
    seen = len(g.events())
    with pytest.raises(UmpireError, match=re.escape(why)):
        g.act("mbt.orders", {"side": "nato", "units": {"sq": {"order": "OW", "smoke": True}}}, WhyDice({}))
    assert len(g.events()) == seen
