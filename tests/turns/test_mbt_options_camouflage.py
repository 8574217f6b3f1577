"""Camouflage and less visible firing weapons (option 17.6) in the tracked game, switched on alone:
a camouflaged unit is sighted only on a camouflage die at or under the sighting range (calc's
camouflage procedure, 17.6.1.1), rolled once a pair a Turn on keyed dice; at 1 hex (17.6.1.2) and by
a thermal imager (17.6.1.4) it is sighted normally; firing, moving or turning loses it for good
(17.6.1.3); and what the option refuses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from tests.turns.test_mbt_options_hits import WhyDice
from tests.turns.test_mbt_options_turn import _one_error_line
from umpire.ask.calc import run_case
from umpire.rules.mbt.state import MbtUnit
from umpire.turns.mbt.advanced.table import AdvTable
from umpire.turns.mbt.options.camouflage import case

WOOD = [{"id": "w1", "type": "woods", "polygon": [[15.5, 22.5], [16.5, 22.5], [16.5, 23.5], [15.5, 23.5]]}]


def _game(tmp_path: Path, hider: str, at: list[float], opts: tuple[str, ...] = ("camouflage",)) -> Any:
    """``hider`` (m1, an M1A1 with a thermal imager, or t1, a T-72M1 without) camouflaged in the
    woods hex at (16, 23); its enemy at ``at``."""
    m1 = unit("m1", "USA-1B", [16, 23] if hider == "m1" else at, 90 if hider == "m1" else 270,
              camouflaged=hider == "m1")
    t1 = unit("t1", "USSR-2A", [16, 23] if hider == "t1" else at, 90 if hider == "t1" else 270,
              camouflaged=hider == "t1")
    return new(tmp_path, scenario([m1], [t1], terrain=WOOD, options=list(opts)))


def _seen(res: list[dict[str, Any]], side: str) -> list[str]:
    (r,) = [r for r in res if r["procedure"] == "sighting" and r.get("side") == side]
    return [x["unit"] for x in r["sighted"]]


@pytest.mark.parametrize(("die", "seen"), [(9, False), (1, True)])
def test_a_camouflaged_unit_is_sighted_only_on_its_die_at_or_under_the_sighting_range(
        tmp_path: Path, die: int, seen: bool) -> None:
    g = _game(tmp_path, "m1", [20, 23])
    res = phase(g, WhyDice({"camouflage": [die]}), "Command")
    assert ("m1" in _seen(res, "ussr")) is seen
    assert "t1" in _seen(res, "nato")  # the T-72 is not camouflaged
    (dice_res,) = [r for r in res if r["procedure"] == "camouflage dice"]
    assert dice_res["outcome"]["rolls"] == {"m1": {"t1": die}} and dice_res["side"] == "umpire"
    t = AdvTable(g.state)
    c = case(t, g.state.units["t1"], g.state.units["m1"])
    answer, _ = run_case({"ruleset": "mbt", **c, "dice": [die]})  # one rule, one place
    assert answer.to_json()["outcome"]["sighted"] is seen
    assert MbtUnit.of(g.state.units["m1"]).camouflaged is True


def test_without_the_option_the_same_table_sights_it_normally(tmp_path: Path) -> None:
    g = new(tmp_path, scenario([unit("m1", "USA-1B", [16, 23], 270)], [unit("t1", "USSR-2A", [20, 23], 270)],
                               terrain=WOOD))
    res = phase(g, WhyDice({"camouflage": [9]}), "Command")
    assert "m1" in _seen(res, "ussr") and not [r for r in res if r["procedure"] == "camouflage dice"]


@pytest.mark.parametrize(("hider", "at", "why"), [
    ("m1", [17, 23], "1 hex (17.6.1.2)"),
    ("t1", [20, 23], "thermal imagers within 20 hexes (17.6.1.4)"),
])
def test_at_one_hex_or_to_a_thermal_imager_camouflage_does_not_hide(tmp_path: Path, hider: str, at: list[float],
                                                                      why: str) -> None:
    g = _game(tmp_path, hider, at)
    res = phase(g, WhyDice({"camouflage": [10]}), "Command")
    assert hider in _seen(res, "ussr" if hider == "m1" else "nato")
    t = AdvTable(g.state)
    other = "t1" if hider == "m1" else "m1"
    answer, _ = run_case({"ruleset": "mbt", **case(t, g.state.units[other], g.state.units[hider])})
    assert answer.to_json()["outcome"]["sighted"] is True and why in answer.resolution.summary


def test_the_die_is_rolled_once_a_pair_a_turn_on_keyed_dice_and_replays_exactly(tmp_path: Path) -> None:
    g = _game(tmp_path, "m1", [20, 23])
    for _ in range(6):  # two Initiative phases, orders between
        if g.state.phase == "Command":
            for side in ("nato", "ussr"):
                g.act("mbt.orders", {"side": side, "units": {}})
        g.act("mbt.phase", {})
    keys = [r.key for e in g.events() for r in e.rolls if r.why.startswith("camouflage")]
    assert keys == ["t1/setup/camouflage/t1/m1#0", "t2/Initiative/camouflage/t1/m1#0"], keys
    assert g.replay().model_dump() == g.state.model_dump()


@pytest.mark.parametrize(("spec", "why"), [
    ({"order": "F", "fire": {"target": "t1", "weapon": "120mm", "ammo": "APFSDS", "shots": 1}}, "it fired"),
    ({"order": "M", "move": {"path": [[19, 23]]}}, "it moved or turned"),
])
def test_firing_moving_or_turning_loses_the_camouflage_for_good(tmp_path: Path, spec: dict[str, Any],
                                                                why: str) -> None:
    g = _game(tmp_path, "m1", [24, 23])
    dice = WhyDice({"camouflage": [9]})
    orders(g, {"nato": {"m1": spec}}, dice)
    res = phase(g, dice, "Initiative")
    assert [r["summary"] for r in res if r.get("kind") == "camouflage_lost"] == [
        f"m1: has lost its camouflage: {why} (17.6.1.3)"]
    assert not MbtUnit.of(g.state.units["m1"]).camouflaged
    res = phase(g, dice, "Command")
    assert not [r for r in res if r["procedure"] == "camouflage dice"]


def test_a_turn_within_its_hex_loses_the_camouflage(tmp_path: Path) -> None:
    g = _game(tmp_path, "m1", [24, 23])
    dice = WhyDice({"camouflage": [9]})
    orders(g, {"nato": {"m1": {"order": "M"}}}, dice)  # stays put: it may pivot next Turn (9.1)
    phase(g, dice, "Initiative")
    assert MbtUnit.of(g.state.units["m1"]).camouflaged is True
    orders(g, {"nato": {"m1": {"order": "OW", "pivot": 60}}}, dice)
    res = phase(g, dice, "Fire")
    assert [r["summary"] for r in res if r.get("kind") == "camouflage_lost"] == [
        "m1: has lost its camouflage: it moved or turned (17.6.1.3)"]


def test_a_unit_firing_only_small_arms_is_marked_spotted_moved(tmp_path: Path) -> None:
    sq = unit("sq", "USA-7B", [16, 23], 270, type="Squad Heavy Mechanized Infantry")
    s2 = unit("s2", "USSR-11B", [19, 23], 270, type="Squad Heavy Motorized Rifle Infantry")
    g = new(tmp_path, scenario([sq], [unit("t1", "USSR-2A", [30, 8], 270), s2], terrain=WOOD, options=["camouflage"]))
    dice = WhyDice({})
    orders(g, {"nato": {"sq": {"order": "F", "fire": {"target": "s2", "weapon": "small arms"}}}}, dice)
    res = phase(g, dice, "Movement")
    assert any(r["procedure"] == "gp" and r.get("firer") == "sq" for r in res), [r["summary"] for r in res]
    assert MbtUnit.of(g.state.units["sq"]).spotted == "moved"  # 17.6.2


@pytest.mark.parametrize(("opts", "hider", "why"), [
    ((), {"at": [16, 23]}, "unit 'm1': camouflaged: true needs the camouflage option (17.6; add it to mbt.options)"),
    (("camouflage",), {}, "unit 'm1': camouflaged: true: only units that start on the mapboard may be camouflaged"),
])
def test_camouflage_the_scenario_may_not_have_is_one_error_line_at_new(cli: Any, tmp_path: Path, opts: tuple[str],
                                                                       hider: dict[str, Any], why: str) -> None:
    data = scenario([{"id": "m1", "card": "USA-1B", "facing": 270, "camouflaged": True, **hider}],
                    [unit("t1", "USSR-2A", [30, 23], 270)], options=list(opts))
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    line = _one_error_line(cli("new", str(path)))
    assert why in line, line
    assert not (tmp_path / "game.db").exists()


def test_the_briefings_show_a_hidden_unit_to_no_one_and_the_camouflage_dice_to_the_umpire_alone(
        tmp_path: Path) -> None:
    from tests.reports.test_fog_property import Recorder, check_briefings
    from umpire.reports.model import briefing, report_for_game
    from umpire.reports.turn_text import plain_text

    g = _game(tmp_path, "m1", [20, 23])
    rec, dice = Recorder(g), WhyDice({"camouflage": [9]})
    rec.act("mbt.phase", {}, dice)
    for side in ("nato", "ussr"):
        rec.act("mbt.orders", {"side": side, "units": {}}, dice)
    for _ in range(4):
        rec.act("mbt.phase", {}, dice)
    check_briefings(rec, tmp_path, commands=True)
    report = report_for_game(g)
    ussr, nato = plain_text(briefing(report, "ussr")), plain_text(briefing(report, "nato"))
    assert "M1A1" not in ussr and "camouflage" not in ussr + nato, ussr
    assert "T-72M1" in nato  # seen as a contact: the briefings name what they saw
