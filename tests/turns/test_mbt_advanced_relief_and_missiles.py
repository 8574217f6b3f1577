"""Scenario Four's relief force entering the table on its turn and edge, and overwatch missiles
at moving units flying from where the overwatch fire was triggered (14.2.2.2)."""

from __future__ import annotations

import pytest

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from umpire.core.dice import SeededDice
from umpire.errors import UmpireError

RELIEF = {"relief": {"side": "nato", "formations": ["relief"], "from_turn": 2, "edge": "left"}}


def test_the_relief_force_enters_on_its_edge_from_its_turn_before_the_initiative_dice(tmp_path):
    """Scenario Four C: "The relief force may enter the mapboard on Turn 12 and/or any later
    Turn. Entering relief force ground units are placed in any edge hexes along the defender's
    mapboard side before the dice are rolled during an Initiative Phase, and may be moved/fired,
    etc. normally from there during that and all later Turns." (Here from turn 2.)"""
    rider = {"id": "rs", "card": "USA-7B", "type": "Squad Heavy Mechanized Infantry", "carried_by": "rb"}
    g = new(tmp_path, scenario([unit("m1", "USA-1B", [6, 6])], [unit("t72", "USSR-2A", [46, 30], 270)],
                               relief=[unit("rb", "USA-2A/1", None), rider, unit("rm", "USA-1B", None)],
                               advanced=RELIEF))
    dice = SeededDice(3)
    with pytest.raises(UmpireError, match=r"place: unit rb is of the relief force \(Scenario Four C\): it enters from "
                                          r"turn 2, before the Initiative Phase's dice"):
        g.act("place", {"unit": "rb", "x": 0.5, "y": 16}, dice)
    orders(g, {}, dice)
    with pytest.raises(UmpireError, match=r"no orders|not on the table yet"):
        g.act("mbt.orders", {"side": "nato", "units": {"rb": {"order": "M"}}}, dice)
    phase(g, dice, "Initiative")
    assert g.state.turn == 2
    with pytest.raises(UmpireError, match=r"it enters in an edge hex along the left edge; \(3, 16\) is 3\" from it"):
        g.act("place", {"unit": "rb", "x": 3, "y": 16}, dice)
    with pytest.raises(UmpireError, match=r"it rides in rb; place rb and its riders enter with it"):
        g.act("place", {"unit": "rs", "x": 0.5, "y": 16}, dice)
    g.act("place", {"unit": "rb", "x": 0.5, "y": 16, "facing": 90}, dice)
    orders(g, {"nato": {"rb": {"order": "M", "move": {"path": [[5, 16]]}}}}, dice)
    assert (g.state.units["rs"].x, g.state.units["rs"].y) == (0.5, 16)  # its rider came with it
    with pytest.raises(UmpireError, match=r"it enters from turn 2, before the Initiative Phase's dice \(umpire phase "
                                          r"next rolls them\); the game is at turn 2, Command phase"):
        g.act("place", {"unit": "rm", "x": 0.5, "y": 20}, dice)
    phase(g, dice, "Adjustment")
    assert (g.state.units["rb"].x, g.state.units["rs"].x) == (5, 5)


def test_an_overwatch_missile_at_a_mover_flies_from_where_it_was_fired(tmp_path):
    """14.2.2.2.2: "If the missile shot was announced because overwatch fire was triggered during
    the Movement Phase, the initial hex is the one in which the target unit was in when the
    overwatch fire was triggered (announced)." 14.2.2.2.4: the missile flies its speed, then the
    target moves one hex, until the missile reaches it; the shot is resolved there."""
    g = new(tmp_path, scenario([unit("m1", "USA-1B", [16, 20])],
                               [unit("atgm", "USSR-11B", [40, 20], 270, type="Team", equipment="with AT-3")]))
    dice = orders(g, {"nato": {"m1": {"order": "M", "move": {"path": [[22, 20]]}}},
                      "ussr": {"atgm": {"order": "OW", "overwatch": {"weapon": "AT-3"}}}})
    res = phase(g, dice, "Adjustment")
    (launch,) = [r for r in res if r["procedure"] == "atgm_announcement"]
    (shot,) = [r for r in res if r.get("firer") == "atgm" and r["procedure"] != "atgm_announcement"]
    assert launch["step"] == "Movement (overwatch)" and shot["step"] == "Movement (missile)"
    assert "against a move of 5 hexes, 14.2.2.2.3" in shot["summary"]  # counted from the trigger hex (17, 20)
    assert shot["target_at"] != [17.0, 20.0] and shot["range"] < 23  # it hit the tank further along its move
