"""Markers the Advanced Game turn places and removes: wire and block markers destroyed by GP
fire (14.4.3.3) and the location (FULL COVER) marker (15.5, 16.3.3). Each test quotes its rule."""

from __future__ import annotations

import pytest

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from umpire.core.dice import ScriptedDice, SeededDice
from umpire.errors import UmpireError
from umpire.rules.mbt.state import MbtGame, MbtUnit

WIRE = {"id": "w1", "type": "wire", "polygon": [[19, 9], [21, 9], [21, 11], [19, 11]]}
BLOCK = {"id": "k1", "type": "block", "polygon": [[9, 19], [11, 19], [11, 21], [9, 21]]}
HOUSE = {"id": "b1", "type": "brick_buildings", "polygon": [[30, 20], [34, 20], [34, 24], [30, 24]]}


def test_gp_fire_destroys_wire_on_an_effective_result_only(tmp_path):
    """14.4.3.3.1: "Weapons capable of GP point effect fire, with the exception of those listed in
    their data card NOTES as "small arms", may direct their GP factors against block, temporary
    bridge, building, and wire hexes". 14.4.3.3.3: "A combat result of effective is required to
    eliminate or destroy the terrain ... the block, temporary bridge, and wire markers are
    removed from the mapboard ... all ground combat units in the same hex are suppressed".
    14.4.4.2.2.3: a suppressed result against a block or wire hex is no effect. Scenario Four
    gives block 6 and wire 1 GP defense."""
    g = new(tmp_path, scenario(
        [unit("m1", "USA-1B", [10, 10]), unit("m2", "USA-1B", [10, 14], 0)],
        [unit("rus", "USSR-11B", [20, 10.4], 270, type="Team"), unit("t72", "USSR-2A", [46, 30], 270)],
        [WIRE, BLOCK, HOUSE], advanced={"terrain_gp_defense": {"block": 6, "wire": 1}}))
    with pytest.raises(UmpireError, match=r"units\.m1\.fire\.weapon: the MG is small arms, which may not fire at "
                                          r"terrain \(14\.4\.3\.3\.1\)"):
        orders(g, {"nato": {"m1": {"order": "F", "fire": {"terrain": "w1", "weapon": "MG"}}}}, ScriptedDice([9, 2]))
    with pytest.raises(UmpireError, match=r"b1 is a brick buildings piece: building and bridge hexes fall only to "
                                          r"artillery, bombs or assault infantry \(14\.4\.3\.3\.2\)"):
        orders(g, {"nato": {"m1": {"order": "F", "fire": {"terrain": "b1"}}}})
    dice = ScriptedDice([99, 80])
    orders(g, {"nato": {"m1": {"order": "F", "fire": {"terrain": "w1", "weapon": "120mm"}},
                        "m2": {"order": "F", "fire": {"terrain": "k1", "weapon": "120mm"}}}})
    res = phase(g, dice, "Movement")
    wire, block = (r for r in res if r["procedure"] == "terrain_fire")
    assert (wire["piece"], wire["outcome"]["result"], wire["gp_defense"]) == ("w1", "EF", 1)
    assert (block["piece"], block["outcome"]["result"], block["gp_defense"]) == ("k1", "S", 6)
    assert block["outcome"]["effects"] == ["no effect (14.4.4.2.2.3)"]
    assert not any("GP defense" in e for e in block["provenance"]["estimated"])  # the scenario's value
    assert MbtGame.of(g.state).removed_terrain == ["w1"]
    assert MbtUnit.of(g.state.units["rus"]).suppressed == "on"
    with pytest.raises(UmpireError, match=r"the wire w1 is already destroyed"):
        orders(g, {"nato": {"m1": {"order": "F", "fire": {"terrain": "w1"}}}}, SeededDice(1))


def test_full_cover_is_taken_with_move_orders_and_left_at_the_adjust_markers_step(tmp_path):
    """15.5: "a leg or towed unit with MOVE orders has a location (FULL COVER) marker placed and
    does nothing else during a Movement Step ... A unit already marked for full cover may be given
    any orders, but can do nothing ... during a Movement Step (full cover can only be changed
    during an Adjust Markers Step)." 16.3.3: "players may remove any desired FULL COVER markers
    with their units." """
    g = new(tmp_path, scenario([unit("tm", "USA-7B", [5, 28], type="Team")], [unit("t72", "USSR-2A", [46, 4], 270)]))
    with pytest.raises(UmpireError, match=r"units\.tm\.full_cover: full cover is taken by a leg or towed unit with M "
                                          r"orders \(15\.5\)"):
        orders(g, {"nato": {"tm": {"order": "F", "full_cover": "take"}}})
    dice = orders(g, {"nato": {"tm": {"order": "M", "full_cover": "take"}}})
    phase(g, dice, "Adjustment")
    tm = g.state.units["tm"]
    assert MbtUnit.of(tm).full_cover is True and MbtUnit.of(tm).spotted == "none"  # not MOVED (15.5)
    with pytest.raises(UmpireError, match=r"units\.tm\.move: it is in full cover and does nothing in a Movement Step "
                                          r"\(15\.5\) until its marker comes off at an Adjust Markers Step"):
        orders(g, {"nato": {"tm": {"order": "M", "move": {"path": [[6, 28]]}}}}, dice)
    orders(g, {"nato": {"tm": {"order": "OW", "full_cover": "leave"}}}, dice)
    phase(g, dice, "Adjustment")
    assert MbtUnit.of(g.state.units["tm"]).full_cover is True  # still in cover through this turn's Movement Step
    phase(g, dice, "Initiative")
    assert not MbtUnit.of(g.state.units["tm"]).full_cover  # 16.3.3
    orders(g, {"nato": {"tm": {"order": "M", "move": {"path": [[6, 28]]}}}}, dice)
    phase(g, dice, "Adjustment")
    assert (g.state.units["tm"].x, g.state.units["tm"].y) == (6, 28)
