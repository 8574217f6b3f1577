"""Measuring between any two of unit, point and terrain piece, and spots worked out on the table:
hand-checked answers, and the property that a stand placed "D DIR of X" measures D from X."""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import SCENARIOS
from umpire.core.state import GameState
from umpire.errors import UmpireError
from umpire.geometry.game import measure_in_game
from umpire.geometry.measure import measure_case
from umpire.geometry.spot_words import COMPASS, parse_contact, parse_spot, spot_words
from umpire.geometry.spots import resolve_place, resolve_point
from umpire.registry import aspect, initial_state, inside_depth
from umpire.schema.scenario import load_scenario


@lru_cache(maxsize=2)
def _state(name: str) -> GameState:
    return initial_state(load_scenario(SCENARIOS / f"{name}.yaml"), seed=1)


def at_state() -> GameState:
    return _state("hof-gap-meeting")


def mbt_state() -> GameState:
    return _state("mbt-basic-a")


def test_point_to_point():
    out = measure_in_game(at_state(), "30,22", "45,27", inside_depth, aspect)
    assert (out["distance"], out["center_distance"], out["range"], out["bearing"]) == (15.81, 15.81, 15.81, 71.6)
    assert out["aspect"] is None and out["from"] == {"kind": "point", "at": [30.0, 22.0]}


def test_unit_to_terrain_measures_to_the_nearest_point_of_the_piece():
    # a-1-64 at (18, 21) facing 90, base 1.5 x 1: its corner (18.5, 21.75) is nearest town-1's (44, 22)
    out = measure_in_game(at_state(), "a-1-64", "town-1", inside_depth, aspect)
    assert out["distance"] == 25.5 and out["range"] == 25.5
    assert out["center_distance"] == 26.02  # (18, 21) to (44, 22)
    assert out["to"] == {"kind": "terrain", "at": [44.0, 22.0]}
    assert out["los"]["clear"] and out["aspect"] is None


def test_mbt_range_is_centre_to_centre():
    out = measure_in_game(mbt_state(), "m1-1", "t64-1", inside_depth, aspect)
    assert out["range"] == out["center_distance"] == 41.05 and out["distance"] < 41.05  # (4, 28) to (45, 30)
    assert out["range_is"].startswith("centre to centre")


def test_a_piece_never_blocks_the_view_of_itself_and_a_piece_between_does():
    st_ = at_state()
    assert measure_in_game(st_, "t80-1", "town-1", inside_depth, aspect)["los"]["clear"]
    out = measure_in_game(st_, "t80-1", "40,20", inside_depth, aspect)  # across Töpen
    assert out["los"]["blocked_by"] == ["town-1"]


def test_game_measure_is_the_calc_measure_case():
    st_ = at_state()
    terrain = [{"id": "town-1", "type": "town", "polygon": [[44, 22], [48, 22], [48, 26], [44, 26]]}]
    case = {"ruleset": "auftragstaktik", "terrain": terrain,
            "from": {"at": [54, 25], "facing": 270, "base": [1.5, 1.0]}, "to": {"terrain": "town-1"}}
    calc = measure_case(case, inside_depth, aspect)
    game = measure_in_game(st_, "t80-1", "town-1", inside_depth, aspect)
    assert calc == {**game, "los": calc["los"]}  # the game's table has more pieces on the line
    assert calc["distance"] == game["distance"] == 5.5


@pytest.mark.parametrize(
    ("case", "needle"),
    [
        ({"from": {"point": [1, 1], "facing": 90}}, "facing: and base: belong to a stand"),
        ({"from": {"at": [1, 1], "point": [2, 2]}}, "give one of at:"),
        ({"to": {"terrain": "w9"}}, "to.terrain: unknown terrain piece 'w9'"),
        ({"table": [72, 48], "to": {"point": [80, 3]}}, "to.point: (80, 3) is off the table"),
    ],
)
def test_bad_measure_ends(case, needle):
    base = {"ruleset": "auftragstaktik", "from": {"at": [1, 1]}, "to": {"point": [5, 5]}}
    with pytest.raises(UmpireError, match=None) as err:
        measure_case({**base, **case}, inside_depth, aspect)
    assert needle in str(err.value)


@pytest.mark.parametrize(
    ("word", "needle"),
    [("1e999,3", "x: '1e999' is out of range"), ("nan,3", "x: 'nan' is not a number"),
     ("3,x1", "y: 'x1' is not a number"), ("\uff13,4", "x: '\uff13' is not a number")],
)
def test_a_mistyped_point_is_named_as_a_point_not_as_an_unknown_unit(word, needle):
    with pytest.raises(UmpireError) as err:
        parse_spot(word, what="measure", known=lambda: ["a-1-64"])
    assert needle in str(err.value) and "unknown" not in str(err.value)


def test_spot_words_parse_and_say_back():
    assert parse_spot("town-1 -2,1.5") == {"ref": "town-1", "shift": [-2.0, 1.5]}
    assert parse_spot("3 inches left of t80-1") == {"ref": "t80-1", "gap": 3.0, "bearing": 270.0}
    assert parse_spot("2 45deg of 10,10") == {"ref": [10.0, 10.0], "gap": 2.0, "bearing": 45.0}
    assert parse_spot("in front of wood-n from t80-1") == {"ref": "wood-n", "gap": 0.0, "behind": False,
                                                           "from": "t80-1"}
    assert spot_words(parse_contact("t80-1 back")) == "in base contact with t80-1 at its rear"
    for bad, needle in (("3 eest of town-1", "unknown direction 'eest'"), ("-1 east of x", "0 or more"),
                        ("two words", "not a spot"), ("t80-1 sideways", "not a spot")):
        with pytest.raises(UmpireError) as err:
            parse_spot(bad)
        assert needle in str(err.value) and str(err.value).startswith(f"--at {bad!r}")


def test_place_by_a_terrain_piece_and_by_contact():
    st_ = at_state()
    a = st_.units["a-1-64"]
    p = resolve_place(st_, a, parse_spot("town-1 +3,0"), None)
    assert (p.x, p.y, p.facing) == (49.0, 24.0, 90.0)  # Töpen's centre is (46, 24)
    p = resolve_place(st_, a, parse_spot("3 east of town-1"), None)
    assert (p.x, p.y) == pytest.approx((51.5, 24.0))  # the base's west edge 3" from x = 48
    c = resolve_place(st_, a, parse_contact("t80-1"), None)  # a-1-64 is west of t80-1, which faces west
    assert (c.x, c.y, c.facing) == (53.0, 25.0, 90.0)
    c = resolve_place(st_, a, parse_contact("t80-1 left"), None)  # t80-1 faces 270: its left is south
    assert (c.x, c.y, c.facing) == (54.0, 23.75, 0.0)  # 25 - 0.75 (its half width) - 0.5 (our half depth)


@pytest.mark.parametrize(
    ("spot", "needle"),
    [
        ("t80-1", "its base would overlap t80-1"),
        ("40 east of town-1", "is off the table"),
        ("3 east of nowhere", "unknown unit or terrain piece 'nowhere'"),
        ("behind town-1", "say from where"),
    ],
)
def test_place_refusals(spot, needle):
    st_ = at_state()
    with pytest.raises(UmpireError) as err:
        resolve_place(st_, st_.units["a-1-64"], parse_spot(spot), None)
    assert needle in str(err.value)


def test_contact_needs_a_side_for_a_stand_not_on_the_table():
    st_ = at_state().model_copy(deep=True)
    st_.units["a-1-64"].x = st_.units["a-1-64"].y = None
    with pytest.raises(UmpireError, match="say which side"):
        resolve_place(st_, st_.units["a-1-64"], parse_contact("t80-1"), None)


@given(gap=st.floats(0, 8), way=st.sampled_from(sorted(COMPASS)), ref=st.sampled_from(["town-1", "wood-n", "t80-2"]),
       facing=st.sampled_from([0.0, 90.0, 33.0]), game=st.sampled_from(["at", "mbt"]))
def test_a_stand_placed_d_from_a_piece_measures_d_from_it(gap, way, ref, facing, game):
    st_ = at_state() if game == "at" else mbt_state()
    if game == "mbt":
        ref = {"town-1": "sb1", "wood-n": "w1", "t80-2": "t64-2"}[ref]
    unit = st_.units["a-1-64" if game == "at" else "m1-1"]
    try:
        p = resolve_place(st_, unit, {"ref": ref, "gap": gap, "compass": way}, facing)
    except UmpireError as err:  # off the table, or onto another stand: refused, not misplaced
        assert "off the table" in str(err) or "overlap" in str(err)
        return
    moved = st_.model_copy(deep=True)
    moved.units[unit.id].x, moved.units[unit.id].y, moved.units[unit.id].facing = p.x, p.y, p.facing
    out = measure_in_game(moved, unit.id, ref, inside_depth, aspect)
    # exactly D away, unless D would put the bases over each other: then touching (MBT's centres)
    assert out["range"] == pytest.approx(gap, abs=0.006) or (out["distance"] == 0 and out["range"] > gap)
    try:
        point = resolve_point(st_, {"ref": ref, "gap": gap, "compass": way}, where="measure")
    except UmpireError as err:
        assert "off the table" in str(err)
        return
    spot = f"{point[0]!r},{point[1]!r}"
    out = measure_in_game(st_, spot, ref, inside_depth, aspect)
    assert out["range"] == pytest.approx(gap, abs=0.006) or (out["distance"] == 0 and out["range"] > gap)
