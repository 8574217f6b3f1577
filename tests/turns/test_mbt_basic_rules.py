"""Basic Game rules on the table: stream crossings and bridges (8.4.1, 8.5, 8.6), setup zones
and one combat unit per hex (2.5, 4.3), units of both sides in one hex (8.8), and each phase's
event logged under the phase it resolved."""

from __future__ import annotations

import copy

import pytest

from umpire.core.dice import ScriptedDice
from umpire.engine import Game
from umpire.errors import UmpireError
from umpire.registry import initial_state, scenario_from_data
from umpire.rules.mbt import data
from umpire.rules.mbt.state import MbtGame
from umpire.turns.mbt.table import Table


def _scenario(**mbt) -> dict:
    return {
        "name": "rules", "ruleset": "mbt", "table": {"width": 48, "depth": 36},
        "mbt": {"turns": 2, **mbt},
        "terrain": [{"id": "s1", "type": "stream", "line": [[10, 0], [10, 36]]},
                    {"id": "r1", "type": "road", "line": [[0, 18], [48, 18]]}],
        "sides": [
            {"id": "nato", "units": [{"id": "a", "card": "USA-1B", "at": [2, 10], "facing": 90},
                                     {"id": "b", "card": "USA-1B", "at": [2, 18], "facing": 90}]},
            {"id": "ussr", "units": [{"id": "c", "card": "USSR-1B", "at": [46, 10], "facing": 270},
                                     {"id": "d", "card": "USSR-1B", "at": [46, 30], "facing": 270}]},
        ],
    }


def _cost(body: dict, uid: str, at: list[float], path: list[list[float]]):
    body = copy.deepcopy(body)
    for s in body["sides"]:
        for u in s["units"]:
            if u["id"] == uid:
                u["at"] = at
    state = initial_state(scenario_from_data(body, "rules"), seed=1)
    t = Table(state)
    assert state.units[uid].card == "USA-1B"
    return t.move_cost(t.move_case(state.units[uid], "M", path))


def test_a_stream_crossing_is_one_stream_hex_and_a_bridge_is_the_road_plus_one():
    body = _scenario()
    # 4" straight across the stream: hexes clear 1, stream 3, clear 1, clear 1 = 6 (8.4.1)
    across = _cost(body, "a", [8, 10], [[12, 10]])
    assert round(across.spent, 6) == 6 and across.legal
    assert any("stream" in line for line in across.lines)
    # the same 4" along the road over the stream: 4 road hexes at 1/3, +1 for the bridge (8.5.3, 8.6)
    bridge = _cost(body, "b", [8, 18], [[12, 18]])
    assert round(bridge.spent, 6) == round(4 / 3 + 1, 6)
    assert any("bridge" in line for line in bridge.lines)
    # crossing a road is not following it (8.5.2): 4" of clear across it cost 4
    cross_road = _cost(body, "a", [20, 16], [[20, 20]])  # a turn of 2 hexsides first: 1 (8.3)
    assert round(cross_road.spent, 6) == 1 + 4 and not any("road" in line for line in cross_road.lines)


def test_setup_zones_and_one_unit_per_hex_are_checked_when_the_game_is_created(tmp_path):
    zones = {"setup": {"nato": {"edge": "left", "depth": 4}, "ussr": {"edge": "right", "depth": 4}}}
    Game.create(tmp_path / "ok.db", scenario_from_data(_scenario(**zones), "rules"))
    far = _scenario(**zones)
    far["sides"][1]["units"][0]["at"] = [40, 10]
    with pytest.raises(UmpireError, match=r"unit 'c'.*8\" from the right edge.*2\.5"):
        Game.create(tmp_path / "far.db", scenario_from_data(far, "rules"))
    stacked = _scenario(**zones)
    stacked["sides"][0]["units"][1]["at"] = [2.2, 10.2]
    with pytest.raises(UmpireError, match=r"units 'a' and 'b'.*one hex"):
        Game.create(tmp_path / "stack.db", scenario_from_data(stacked, "rules"))
    assert not (tmp_path / "far.db").exists() and not (tmp_path / "stack.db").exists()


def _game(tmp_path, body) -> Game:
    game = Game.create(tmp_path / "g.db", scenario_from_data(body, "rules"))
    game.act("mbt.phase", {}, ScriptedDice([7, 3]))  # nato has the initiative
    return game


def test_a_move_may_not_end_in_one_hex_with_a_friend(tmp_path):
    body = _scenario()
    body["sides"][0]["units"][1]["at"] = [2, 14]
    game = _game(tmp_path, body)
    bad = {"side": "nato", "units": {"a": {"order": "M", "move": {"path": [[2, 13.7]]}}}}
    with pytest.raises(UmpireError, match=r"units\.a\.move\.path.*from b.*4\.3"):
        game.act("mbt.orders", bad, ScriptedDice([]))
    ok = {"side": "nato", "units": {"a": {"order": "M", "move": {"path": [[2, 13.4]]}}}}
    game.act("mbt.orders", ok, ScriptedDice([]))


def test_units_of_both_sides_in_one_hex_are_adjusted_apart(tmp_path):
    body = _scenario()
    body["sides"][1]["units"][0]["at"] = [6, 10]  # c waits 4" in front of a, in the open
    game = _game(tmp_path, body)
    game.act("mbt.orders", {"side": "nato", "units": {"a": {"order": "M", "move": {"path": [[6.2, 10]]}},
                                                      "b": {"order": "OW", "overwatch": {"hold": True}}}},
             ScriptedDice([]))
    game.act("mbt.orders", {"side": "ussr", "units": {"c": {"order": "OW", "overwatch": {"hold": True}},
                                                      "d": {"order": "OW", "overwatch": {"hold": True}}}},
             ScriptedDice([]))
    for _ in range(3):  # Command, Fire, Movement
        game.act("mbt.phase", {}, ScriptedDice([]))
    a, c = game.state.units["a"], game.state.units["c"]
    assert (c.x, c.y) == (6, 10)  # it did not move: it stays (8.8.1)
    assert (a.x, a.y) == (5, 10)  # back to where it was before it entered (8.8.2)
    notes = [r["summary"] for e in game.events() for r in (e.results or [])]
    assert any("a is moved back to (5, 10)" in n and "8.8" in n for n in notes)


def test_each_phase_is_logged_under_the_phase_it_resolved(tmp_path):
    game = _game(tmp_path, _scenario())
    for side, own in (("nato", "ab"), ("ussr", "cd")):
        game.act("mbt.orders", {"side": side, "units": {u: {"order": "OW"} for u in own}}, ScriptedDice([]))
    for _ in range(4):
        game.act("mbt.phase", {}, ScriptedDice([]))
    phases = [(e.turn, e.phase) for e in game.events() if e.kind == "mbt.phase"]
    assert phases == [(1, "Initiative"), (1, "Command"), (1, "Fire"), (1, "Movement"), (1, "Adjustment")]
    assert game.state.turn == 2 and game.state.phase == "Initiative"


def test_a_move_off_the_table_edge_takes_the_unit_out_of_the_game(tmp_path):
    body = _scenario(turns=5)
    game = _game(tmp_path, body)
    # c heads off the right edge from 46": the path is cut where it crosses x = 48 (8.7)
    leave = {"side": "ussr", "units": {"c": {"order": "M", "move": {"path": [[47, 10], [52, 10]]}},
                                       "d": {"order": "OW", "overwatch": {"hold": True}}}}
    bad = copy.deepcopy(leave)
    bad["units"]["c"]["move"]["path"] = [[52, 10], [47, 10]]
    with pytest.raises(UmpireError, match=r"path\[0\].*off the table.*last waypoint.*8\.7"):
        game.act("mbt.orders", {**bad, "side": "ussr"}, ScriptedDice([]))
    game.act("mbt.orders", {"side": "nato", "units": {"a": {"order": "OW", "overwatch": {"hold": True}},
                                                      "b": {"order": "OW", "overwatch": {"hold": True}}}},
             ScriptedDice([]))
    game.act("mbt.orders", leave, ScriptedDice([]))
    assert MbtGame.of(game.state).orders["ussr"]["c"]["move"]["leaves_at"] == [48, 10]
    for _ in range(4):  # Command, Fire, Movement, Adjustment
        game.act("mbt.phase", {}, ScriptedDice([]))
    c = game.state.units["c"]
    assert c.status == "off_table" and (c.x, c.y) == (48, 10)
    summaries = [r["summary"] for e in game.events() for r in (e.results or [])]
    assert any("c leaves the table at (48, 10)" in n and "8.7" in n for n in summaries)
    assert "c" not in game.state.units["a"].spotted_by and "nato" not in c.spotted_by
    # no points for leaving (9.4.2.1), the game goes on while d is on the table
    from umpire.turns.mbt.victory import tally

    t = tally(game.state)
    assert t.points == {"nato": 0, "ussr": 0} and not t.decided
    assert any("c left the table (8.7)" in line for line in t.lines)
    game.act("mbt.phase", {}, ScriptedDice([3, 7]))  # turn 2 initiative
    with pytest.raises(UmpireError, match=r"'c' has left the table \(8\.7\)"):
        game.act("mbt.orders", {"side": "ussr", "units": {"c": {"order": "OW"}}}, ScriptedDice([]))
    with pytest.raises(UmpireError, match=r"fire\.target"):
        game.act("mbt.orders", {"side": "nato", "units": {"a": {"order": "F", "fire": {"target": "c"}}}},
                 ScriptedDice([]))
    # d leaves too: ussr has nothing on the table; not destroyed, so the points decide (ruling)
    game.act("mbt.orders", {"side": "ussr", "units": {"d": {"order": "M", "move": {"path": [[49, 30]]}}}},
             ScriptedDice([]))
    game.act("mbt.orders", {"side": "nato", "units": {}}, ScriptedDice([]))
    for _ in range(4):
        game.act("mbt.phase", {}, ScriptedDice([]))
    assert game.state.units["d"].status == "off_table"
    res = MbtGame.of(game.state).result
    assert res["decided"] and res["winner"] is None and "no unit left on the table (8.7)" in res["reason"]


def test_leave_table_cuts_the_path_at_the_edge():
    from umpire.turns.mbt.paths import leave_table

    assert leave_table((10, 10), [[20, 10]], 48, 36) == ([(20.0, 10.0)], None)
    assert leave_table((10, 10), [[10, 30], [4, 42]], 48, 36)[1] == (7.0, 36.0)
    assert leave_table((2, 2), [[-2, 0]], 48, 36) == ([(0.0, 1.0)], (0.0, 1.0))


def test_a_depression_hides_what_is_in_it_except_from_a_hill_or_along_it():
    body = _scenario()
    body["terrain"] += [
        {"id": "dp", "type": "depression", "polygon": [[20, 4], [40, 4], [40, 8], [20, 8]]},
        {"id": "h1", "type": "hill", "height": 1, "polygon": [[20, 26], [26, 26], [26, 32], [20, 32]]},
        {"id": "w1", "type": "woods", "polygon": [[24, 12], [25, 12], [25, 20], [24, 20]]},
    ]
    table = Table(initial_state(scenario_from_data(body, "rules"), seed=1))
    # on the hill's crest, looking down: its own hex is all the hill it sees across (6.1.4.3)
    low, along, ground, hill = (30, 6), (38, 6), (30, 16), (25.8, 26.2)
    assert table.elevation(low) == -1 and table.elevation(ground) == 0 and table.elevation(hill) == 1
    assert table.los(low, along)  # all the way through depression (6.1.4.4)
    assert not table.los(ground, low) and not table.los(low, ground)  # open ground between blocks
    assert table.los((30, 8.4), low)  # at the rim: its own hex is all that lies outside
    assert not table.los((30, 9.2), low)  # 1.2" back from the rim: ground intervenes
    assert table.los(hill, low)  # from a hill only hills, woods, towns block
    assert not table.los((22, 26.3), (25.5, 6))  # ... and here the woods do
    assert not table.los((23, 29), low)  # 3" inside the hill: hill hexes intervene (6.1.4.3)
    deeper = copy.deepcopy(body)
    deeper["terrain"][2]["height"] = 2  # a piece's height gives its depth
    assert Table(initial_state(scenario_from_data(deeper, "rules"), seed=1)).elevation(low) == -2
    # going down into it is a height change (8.4.3)
    assert any(leg.height_change == -1 for leg in table.legs((30, 12), 180, [[30, 6]]))


def _atgm_turn(tmp_path, name, nato_path, rulings=None, facing=90):
    from umpire.core.dice import SeededDice

    body = _scenario()
    body["rulings"] = rulings or {}
    body["terrain"] = [{"id": "w1", "type": "woods", "polygon": [[13, 4], [17, 4], [17, 9.5], [13, 9.5]]}]
    body["sides"][0]["units"][0].update(at=[10, 10], facing=facing)
    body["sides"][1]["units"][0]["at"] = [40, 10]
    game = Game.create(tmp_path / f"{name}.db", scenario_from_data(body, "rules"))
    game.act("mbt.phase", {}, ScriptedDice([7, 3]))
    game.act("mbt.orders", {"side": "nato", "units": {
        "a": {"order": "M", "move": {"path": nato_path}},
        "b": {"order": "OW", "overwatch": {"hold": True}}}}, ScriptedDice([]))
    game.act("mbt.orders", {"side": "ussr", "units": {
        "c": {"order": "ATGM", "fire": {"target": "a"}},
        "d": {"order": "OW", "overwatch": {"hold": True}}}}, ScriptedDice([]))
    for _ in range(3):  # Command, Fire (announcement), Movement (resolution)
        game.act("mbt.phase", {}, SeededDice(3))
    ev = [e for e in game.events() if e.kind == "mbt.phase"][-1]
    return [r for r in ev.results if r.get("firer") == "c"]


def test_atgm_flight_against_a_moving_target_is_a_switch_over_the_basic_resolution(tmp_path):
    # 5" (5 hexes) straight back along the open row: 4+ hexes moved, Songster speed 12 (14.2.2.2.3);
    # ranges 30, 31, 32: the missile reaches it on the third count (36 >= 32), at hex 2 of its move
    away = [[5, 10]]
    [basic] = _atgm_turn(tmp_path, "basic", away, facing=270)
    assert "flight" not in basic and "range 35" in basic["summary"]  # 7.2.2: where it ended
    [flown] = _atgm_turn(tmp_path, "flight", away, {"atgm.moving_targets": "flight"}, facing=270)
    assert flown["flight"] == {"speed": 12, "hexes_moved": 5, "impact": 2, "at": [8, 10]}
    assert "range 32" in flown["summary"] and "14.2.2.2.3" in flown["summary"]
    # 3 hexes north (speed 24): at range 30 the missile needs two counts, and one hex on the
    # woods stand between (14.2.2.2.4)
    hide = [[10, 7]]
    [missed] = _atgm_turn(tmp_path, "hide", hide, {"atgm.moving_targets": "flight"}, facing=0)
    assert missed["outcome"]["fired"] is False and "speed 24" in missed["summary"]
    assert "cannot be hit" in missed["summary"] and "14.2.2.2.4" in missed["summary"]


def _road_cost(place: dict, uid: str, at: list[float], path: list[list[float]]):
    """Cost of ``uid``'s move with other units placed (``{id: (x, y, status, destroyed)}``)."""
    state = initial_state(scenario_from_data(_scenario(), "rules"), seed=1)
    for other, (x, y, status, destroyed) in place.items():
        u = state.units[other]
        u.x, u.y, u.status = x, y, status
        if destroyed:
            u.destroyed = destroyed
    u = state.units[uid]
    u.x, u.y = at
    t = Table(state)
    return t.move_cost(t.move_case(u, "M", path))


def test_a_wreck_or_an_enemy_on_the_road_takes_away_the_road_rate():
    far = {"c": (46, 2, "ok", None), "d": (46, 30, "ok", None)}
    free = _road_cost(far, "b", [14, 18], [[26, 18]])
    assert round(free.spent, 6) == 4  # 12" of road at 1/3 (8.5)
    for what in ({"d": (20, 18, "eliminated", "knocked_out")}, {"d": (20, 18, "ok", None)}):
        cost = _road_cost({**far, **what}, "b", [14, 18], [[26, 18]])
        # the hex holding it (1" of road, half a hex length either side) is charged as clear (8.5.2)
        assert round(cost.spent, 6) == round(11 / 3 + 1, 6)
        assert any("no road rate (8.5.2)" in line for line in cost.lines)
    # a friend on the road does not take it away
    assert round(_road_cost({**far, "a": (20, 18.2, "ok", None)}, "b", [14, 18], [[26, 18]]).spent, 6) == 4


def test_a_wreck_on_a_bridge_makes_it_clear_or_smoke_ground():
    far = {"c": (46, 2, "ok", None), "d": (46, 30, "ok", None)}
    bridge = _road_cost(far, "b", [8, 18], [[12, 18]])
    assert round(bridge.spent, 6) == round(4 / 3 + 1, 6)  # road rate plus 1 (8.5.3, 8.6)
    wreck = _road_cost({**far, "d": (10, 18, "eliminated", "knocked_out")}, "b", [8, 18], [[12, 18]])
    assert wreck.legal and round(wreck.spent, 6) == round(3 / 3 + 1, 6)  # 1" of clear, no +1 (8.6.1)
    burning = _road_cost({**far, "d": (10, 18, "eliminated", "brewed_up")}, "b", [8, 18], [[12, 18]])
    smoke = float(data.card("USA-1B").movement_costs.plus["smoke"].v)
    assert round(burning.spent, 6) == round(3 / 3 + 1 + smoke, 6)
