"""Fires in building hexes (option 18.3) in the tracked game, switched on alone: GP fire at a unit in
a building starts a fire in the Adjust Markers Step by ``calc building_fire``'s roll; a fire spreads
into the adjacent building hexes, continues or ends; a unit that stays in a burning hex to the end
of the next Turn brews up; a move into a burning hex is refused; without the option nothing burns."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from tests.turns.test_mbt_options_hits import WhyDice
from tests.turns.test_mbt_options_turn import _one_error_line
from umpire.ask.calc import run_case
from umpire.errors import UmpireError
from umpire.turns.mbt.options import state as OS

TOWN = {"id": "b1", "type": "brick_buildings", "polygon": [[28, 12], [36, 12], [36, 24], [28, 24]]}


def _game(tmp_path: Path, opts: list[str], **mbt: Any) -> Any:
    return new(tmp_path, scenario([unit("m1", "USA-1B", [26, 18], 90)], [unit("bmp", "USSR-2B/2", [28.4, 18], 270)],
                                  terrain=[TOWN], options=opts, **mbt))


def _gp_turn(g: Any, dice: WhyDice) -> list[dict[str, Any]]:
    orders(g, {"nato": {"m1": {"order": "F", "fire": {"target": "bmp", "weapon": "120mm", "ammo": "GP"}}},
               "ussr": {"bmp": {"order": "OW"}}}, dice)
    return phase(g, dice, "Initiative")


def test_gp_fire_at_a_unit_in_a_building_starts_a_fire_by_calcs_roll(tmp_path: Path) -> None:
    g = _game(tmp_path, ["building_fires"])
    res = _gp_turn(g, WhyDice({"new fire": [7]}))
    (r,) = [r for r in res if r["procedure"] == "building_fire"]
    assert r["case"]["building"] == "brick" and r["case"]["gp"] >= 1 and r["side"] == "umpire"
    assert r["outcome"] == {"new_fire": True} and r["modified_roll"] == 7
    answer, _ = run_case({"ruleset": "mbt", "procedure": "building_fire", **r["case"], "dice": [7]})
    assert answer.to_json()["outcome"] == r["outcome"]  # one rule, one place
    assert [f[:2] for f in OS.read(g.state).fires] == [(28.4, 18.0)]
    assert any(x["procedure"] == "burning_marker" for x in res)


def test_a_roll_over_the_band_starts_no_fire(tmp_path: Path) -> None:
    g = _game(tmp_path, ["building_fires"])
    res = _gp_turn(g, WhyDice({"new fire": [99]}))
    assert [r["outcome"] for r in res if r["procedure"] == "building_fire"] == [{"new_fire": False}]
    assert OS.read(g.state).fires == []


def test_without_the_option_nothing_burns(tmp_path: Path) -> None:
    g = _game(tmp_path, [])
    res = _gp_turn(g, WhyDice({"new fire": [1]}))
    assert not [r for r in res if r["procedure"] in ("building_fire", "burning_marker")]


@pytest.mark.parametrize(("roll", "status", "markers"), [(5, "spread", 7), (40, "continue", 1), (90, "end", 0)])
def test_a_fire_from_an_earlier_turn_spreads_continues_or_ends(tmp_path: Path, roll: int, status: str,
                                                               markers: int) -> None:
    from umpire.turns.mbt.options.fires import adjust

    g = _game(tmp_path, ["building_fires"], fires=[[32, 18]])
    state = g.state.copy_for_change()
    state.turn = 1
    res, _ = adjust(state, WhyDice({"fire status": [roll]}))
    assert [r.outcome for r in res if r.procedure == "building_fire"] == [{"status": status}]
    fires = OS.read(state).fires
    assert len(fires) == markers  # 18.3.1.1: the six adjacent hexes are all in the town
    assert all(TOWN["polygon"][0][0] <= x <= TOWN["polygon"][1][0] for x, _, _ in fires)


def test_a_unit_still_in_a_burning_hex_after_the_next_turn_brews_up(tmp_path: Path) -> None:
    from umpire.turns.mbt.options.fires import adjust

    g = _game(tmp_path, ["building_fires"], fires=[[28.4, 18]])
    state = g.state.copy_for_change()
    state.turn = 1
    _, notes = adjust(state, WhyDice({"fire status": [40]}))
    bmp = state.units["bmp"]
    assert bmp.status == "eliminated" and bmp.destroyed == "brewed_up"
    assert any("stayed in the burning hex at (28.4, 18) (18.3.3)" in n["text"] for n in notes)
    assert state.units["m1"].status != "eliminated"


def test_a_fire_started_this_turn_leaves_its_units_a_turn_to_get_out(tmp_path: Path) -> None:
    g = _game(tmp_path, ["building_fires"])
    res = _gp_turn(g, WhyDice({"new fire": [1]}))
    assert OS.read(g.state).fires == [(28.4, 18.0, 1)]
    assert not any("burning hex" in r["summary"] for r in res)  # 18.3.3: by the end of the next Turn


def test_a_move_into_a_burning_hex_is_refused_and_nothing_written(tmp_path: Path) -> None:
    g = _game(tmp_path, ["building_fires"], fires=[[28.5, 15]])
    phase(g, WhyDice({}), "Command")
    seen = len(g.events())
    with pytest.raises(UmpireError, match=r"units.m1.move.path\[0\]: \(29, 14\): the way there enters the burning "
                                          r"hex at \(28.5, 15\)"):
        g.act("mbt.orders", {"side": "nato", "units": {"m1": {"order": "M", "move": {"path": [[29, 14]]}}}},
              WhyDice({}))
    assert len(g.events()) == seen
    g.act("mbt.orders", {"side": "nato", "units": {"m1": {"order": "M", "move": {"path": [[25, 19]]}}}}, WhyDice({}))


@pytest.mark.parametrize(("mbt", "why"), [
    ({"options": ["building_fires"], "fires": [[5, 5]]},
     "mbt.fires[0]: (5, 5) is not in a building (allowed: a point in a terrain piece of type wooden_buildings"),
    ({"fires": [[30, 18]]}, "mbt.fires: burning markers are option 18.3 (add building_fires to mbt.options)"),
])
def test_a_bad_burning_marker_is_one_error_line_and_no_game(cli: Any, tmp_path: Path, mbt: dict[str, Any],
                                                            why: str) -> None:
    data = scenario([unit("m1", "USA-1B", [10, 18], 90)], [unit("bmp", "USSR-2B/2", [28.4, 18], 270)],
                    terrain=[TOWN], **mbt)
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    line = _one_error_line(cli("new", str(path)))
    assert why in line, line
    assert not list(tmp_path.glob("*.db"))


def test_a_move_into_a_burning_hex_at_the_command_line_is_one_error_line(cli: Any, tmp_path: Path) -> None:
    data = scenario([unit("m1", "USA-1B", [26, 18], 90)], [unit("bmp", "USSR-2B/2", [28.4, 18], 270)],
                    terrain=[TOWN], options=["building_fires"], fires=[[28.5, 15]])
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert cli("new", str(path)).exit_code == 0
    assert cli("phase", "next").exit_code == 0
    before = json.loads(cli("log", "--json").output)
    o = tmp_path / "o.yaml"
    o.write_text(yaml.safe_dump({"side": "nato", "turn": 1, "units": {"m1": {"order": "M", "move": {
        "path": [[29, 14]]}}}}), encoding="utf-8")
    line = _one_error_line(cli("turn", "orders", str(o)))
    assert "units.m1.move.path[0]: (29, 14): the way there enters the burning hex at (28.5, 15)" in line, line
    assert json.loads(cli("log", "--json").output) == before


def test_which_weapons_start_fires() -> None:
    from types import SimpleNamespace as N

    from umpire.turns.mbt.options.fires import starts_fires

    assert starts_fires(N(kind="gun", name="120mm")) and starts_fires(N(kind="mg", name="14.5mm HMG"))
    assert not starts_fires(N(kind="mg", name="7.62mm MG")) and not starts_fires(N(kind="mg", name="MG"))
    assert starts_fires(N(kind="launcher", name="RPG-7")) and not starts_fires(N(kind="small_arms", name="rifles"))


def test_artillery_gp_fire_is_noted_at_every_building_hex_its_sheaf_covers(tmp_path: Path) -> None:
    from umpire.core.resolution import Resolution
    from umpire.rules.mbt.options.facts import ImpactFacts
    from umpire.turns.mbt.options.fires import artillery

    state = _game(tmp_path, ["building_fires"]).state.copy_for_change()
    opts = OS.read(state)
    r = Resolution(ruleset="mbt", procedure="artillery", summary="", outcome={},
                   facts=ImpactFacts(gp=23, hexes_affected=[[0, 0], [0, 1], [0, -8]]))
    artillery(state, opts, r, (30.0, 18.0))
    assert opts.fire_gp == [(30.0, 18.0, 23), (30.866, 18.5, 23)]  # the hex 8 away is clear ground


def test_a_burning_hex_is_an_other_smoke_hex_on_the_string(tmp_path: Path) -> None:
    from umpire.turns.mbt.advanced.table import AdvTable

    g = _game(tmp_path, ["building_fires"], fires=[[32, 18]])
    state = g.state.copy_for_change()
    OS.write(state, OS.read(state))
    t = AdvTable(state)
    assert t.other_smoke((26, 18), (35, 18)) == 1 and t.other_smoke((26, 20), (35, 20)) == 0  # 18.3.4


def test_a_fire_lights_two_hexes_about_it_at_night_as_calc_sight_and_fire_answer(tmp_path: Path) -> None:
    """18.3.4: Dusk sighting within two hexes range of a fire hex during Night and Moonlight: a
    T-72M1 beside a burning building is seen 15 hexes off in Moonlight, one farther from it is not."""
    from umpire.turns.mbt.advanced.cases import fire_case, sight_case
    from umpire.turns.mbt.advanced.shots import sees
    from umpire.turns.mbt.advanced.table import AdvTable

    g = new(tmp_path, scenario([unit("m1", "USA-1B", [12, 18], 90)],
                               [unit("lit", "USSR-2A", [26.6, 18], 270), unit("dark", "USSR-2A", [26.6, 27], 270)],
                               terrain=[TOWN], options=["building_fires"], conditions="moonlight", fires=[[28.5, 18]]))
    t = AdvTable(g.state)
    m1, lit, dark = (g.state.units[x] for x in ("m1", "lit", "dark"))
    assert sees(t, m1, lit).legal and not sees(t, m1, dark).legal
    case = sight_case(g.state, t, m1, lit)
    assert case["near_fire"] is True and case["conditions"] == "moonlight"
    answer, _ = run_case({**case, "dice": []})
    out = answer.to_json()
    assert out["outcome"]["seen"]
    assert "Dusk sighting: within 2 hexes of a burning hex at Moonlight (18.3.4)" in out["notes"]
    assert "near_fire" not in sight_case(g.state, t, m1, dark)
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.shots import AdvShot

    m1_gun = next(w for w in U.weapons(m1) if w.main)
    shot = fire_case(g.state, t, AdvShot(m1, lit, m1_gun, "APFSDS", "F", "Direct Fire"))
    assert shot["near_fire"] is True
    (tmp_path / "day").mkdir()
    day = new(tmp_path / "day", scenario([unit("m1", "USA-1B", [12, 18], 90)],
                                         [unit("lit", "USSR-2A", [26.6, 18], 270)],
                                         terrain=[TOWN], options=["building_fires"], fires=[[28.5, 18]]))
    assert "near_fire" not in sight_case(day.state, AdvTable(day.state), day.state.units["m1"], day.state.units["lit"])


def _assault(tmp_path: Path, opts: list[str], target: dict[str, Any]) -> tuple[Any, list[dict[str, Any]]]:
    sq = unit("sq", "USA-7B", [27.6, 18], 90, type="Squad Heavy Mechanized Infantry",
              equipment="with Assault, Flamethrower")
    g = new(tmp_path, scenario([sq], [target], terrain=[TOWN], options=opts))
    dice = WhyDice({})
    orders(g, {"nato": {"sq": {"order": "CA", "assault": {"target": target["id"]}}}}, dice)
    return g, phase(g, dice, "Movement")


@pytest.mark.parametrize("opts", [["building_fires"], ["building_fires", "leg_variations"]])
def test_a_flamethrower_in_close_assault_sets_the_building_hex_on_fire_at_once(tmp_path: Path,
                                                                                opts: list[str]) -> None:
    """17.4.1.2.1: "A flamethrower automatically and immediately starts fires (see option 18.3) when
    used against units in a building (any type) hex." """
    g, res = _assault(tmp_path, opts, unit("bmp", "USSR-2B/2", [28.4, 18], 270))
    (ca,) = [r for r in res if r["procedure"] == "close_assault"]
    assert ca["case"]["building"] == "brick" and ca["case"]["flamethrower"] is True
    assert ca["outcome"]["fire"] is True
    assert any("17.4.1.2.1" in n for n in ca["notes"])
    assert [f[:2] for f in OS.read(g.state).fires] == [(28.4, 18.0)]
    answer, _ = run_case({"ruleset": "mbt", "procedure": "close_assault", **{k: v for k, v in ca["case"].items()
                                                                            if k != "procedure"},
                          "dice": [v for x in ca["rolls"] for v in x["values"]]})
    assert answer.to_json()["outcome"]["fire"] is True


def test_a_flamethrower_hand_to_hand_in_a_building_sets_it_on_fire_under_the_leg_variations(tmp_path: Path) -> None:
    g, res = _assault(tmp_path, ["building_fires", "leg_variations"],
                      unit("rs", "USSR-11B", [28.4, 18], 270, type="Squad Heavy Motorized Rifle Infantry"))
    (h,) = [r for r in res if r["procedure"] == "hand_to_hand"]
    assert h["case"]["attacker_flamethrower"] is True and h["case"]["building"] == "brick"
    assert ["attacking flamethrower", -20, "17.4.1.2"] in [[m["name"], m["value"], m["rule"]] for m in h["modifiers"]]
    assert [f[:2] for f in OS.read(g.state).fires] == [(28.4, 18.0)]


def test_without_building_fires_a_flamethrower_starts_none(tmp_path: Path) -> None:
    g, res = _assault(tmp_path, [], unit("bmp", "USSR-2B/2", [28.4, 18], 270))
    (ca,) = [r for r in res if r["procedure"] == "close_assault"]
    assert "building" not in ca["case"] and "fire" not in ca["outcome"]
    assert OS.read(g.state).fires == []
