"""Hand-checked answers: the measure case, rotated stands, aspects, edges, bad input."""

from __future__ import annotations

import math

import pytest
import yaml

from umpire.ask.calc import run_case
from umpire.errors import UmpireError
from umpire.geometry.arcs import (
    base_arc,
    bearing,
    relative_bearing,
)
from umpire.geometry.distance import center_distance, edge_distance, within
from umpire.geometry.facts import Feature, Pose, check_on_table, check_polygon
from umpire.geometry.footprint import corners
from umpire.geometry.measure import measure_case
from umpire.geometry.movement import path_length, path_terrain
from umpire.geometry.sight import TerrainIndex
from umpire.geometry.table import point_from_edges
from umpire.registry import find_ruleset
from umpire.rules.mbt.arcs import hit_angle_choices


def aspect_mbt(firer: Pose, target: Pose, rulings: dict[str, str] | None = None) -> str:
    return find_ruleset("mbt").aspect(firer, target, rulings or {})


def aspect_mbt_choices(firer: Pose, target: Pose) -> tuple[str, ...]:
    return tuple(a.replace("_", "-") for a in hit_angle_choices(bearing(target.xy, firer.xy), target.facing))

CASE = """
ruleset: auftragstaktik
terrain:
  - {id: w1, type: woods, polygon: [[28, 20], [32, 20], [32, 28], [28, 28]]}
  - {id: h1, type: hill, height: 1, polygon: [[0, 40], [20, 40], [20, 48], [0, 48]]}
  - {id: r1, type: road, line: [[0, 10], [72, 10]]}
from: {at: [10, 24], facing: 90, base: [1.5, 1.0]}
to:   {at: [50, 24], facing: 270, base: [1.5, 1.0]}
"""


def case(**changes):
    c = yaml.safe_load(CASE)
    c.update(changes)
    return c


def test_measure_case_with_terrain():
    out = measure_case(case(), find_ruleset)
    assert out["distance"] == 39.0
    assert out["center_distance"] == 40.0
    assert out["aspect"] == "front"
    assert out["bearing"] == 90.0
    assert out["los"]["clear"] is False
    assert out["los"]["blocked_by"] == ["w1"]
    assert out["los"]["crossed"] == [
        {"id": "w1", "type": "woods", "height": 0.0, "enter": 18.0, "exit": 22.0}
    ]
    assert out["from_elevation"] == 0.0 and out["to_elevation"] == 0.0
    assert out["ruleset"] == "auftragstaktik"


def test_measure_case_without_terrain_is_clear():
    c = case()
    del c["terrain"]
    out = measure_case(c, find_ruleset)
    assert (out["distance"], out["center_distance"], out["aspect"]) == (39.0, 40.0, "front")
    assert out["los"] == {"clear": True, "blocked_by": [], "crossed": []}


def test_measure_through_the_calc_dispatcher_with_an_alias():
    c = case(ruleset="at", procedure="measure")
    answer, dice = run_case(c)
    assert answer.to_json()["los"]["blocked_by"] == ["w1"]
    assert dice.rolls == []


def test_measure_mbt_default_base_and_edges():
    c = case(ruleset="mbt", table=[72, 48])
    del c["from"]["base"], c["to"]["base"]
    c["to"]["at"] = {"top": 24, "right": 22}  # = (50, 24)
    out = measure_case(c, find_ruleset)
    assert out["center_distance"] == 40.0
    assert out["distance"] == 39.25  # MBT default base [0.5, 0.75]: 40 - 0.375 - 0.375
    assert out["aspect"] == "front"


def test_measure_on_a_hill_sees_over_nothing_else():
    hill = {"id": "h1", "type": "hill", "polygon": [[0, 20], [12, 20], [12, 28], [0, 28]]}
    c = case(terrain=[hill])
    out = measure_case(c, find_ruleset)
    assert out["from_elevation"] == 1.0 and out["to_elevation"] == 0.0
    assert out["los"]["clear"] is True
    assert out["los"]["crossed"][0]["id"] == "h1"


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"terrain": [{"id": "f", "type": "forest", "polygon": [[0, 0], [1, 0], [1, 1]]}]},
         ["terrain[0]", "'forest'", "woods", "hill"]),
        ({"terrain": [{"id": "w9", "type": "woods", "polygon": [[0, 0], [1, 0]]}]},
         ["'w9'", "2 corners", "at least 3"]),
        ({"terrain": [{"id": "bow", "type": "woods",
                       "polygon": [[0, 0], [2, 2], [2, 0], [0, 2]]}]},
         ["'bow'", "not simple", "no edge crossing"]),
        ({"terrain": [{"id": "r", "type": "road", "polygon": [[0, 0], [2, 2], [2, 0]]}]},
         ["terrain[0]", "line"]),
        ({"colour": "red"}, ["colour", "unknown field"]),
        ({"from": {"at": [1]}}, ["from.at", "[x, y]"]),
        ({"table": [72, 48], "to": {"at": [80, 3]}}, ["to.at", "off the table", "0-72"]),
    ],
)
def test_bad_cases_raise_a_helpful_umpire_error(change, words):
    with pytest.raises(UmpireError) as err:
        measure_case(case(**change), find_ruleset)
    message = str(err.value)
    assert "\n" not in message
    for w in words:
        assert w in message


def test_duplicate_terrain_ids_are_refused():
    t = {"id": "w", "type": "woods", "polygon": [[0, 0], [1, 0], [1, 1]]}
    with pytest.raises(UmpireError, match="'w' is used twice"):
        measure_case(case(terrain=[t, t]), find_ruleset)


def test_check_polygon_and_on_table():
    check_polygon("ok", [(0, 0), (1, 0), (1, 1), (0, 0)])  # a closed ring is fine
    with pytest.raises(UmpireError, match="polygon has 2 corners"):
        check_polygon("x", [(0, 0), (1, 1), (0, 0)])
    with pytest.raises(UmpireError, match="one line"):
        check_polygon("x", [(0, 0), (1, 1), (2, 2)])
    with pytest.raises(UmpireError, match="off the table"):
        check_on_table("stand", -1, 5, 72, 48)


def test_points_from_edges():
    assert point_from_edges(72, 48, top=23, right=13) == (59.0, 25.0)
    assert point_from_edges(72, 48, bottom=2, left=3) == (3.0, 2.0)
    for bad in ({"top": 1}, {"top": 1, "bottom": 2, "left": 1}, {"up": 1, "left": 2},
                {"top": 60, "left": 1}):
        with pytest.raises(UmpireError):
            point_from_edges(72, 48, **bad)


def test_footprint_of_a_turned_stand():
    assert set(corners(Pose(10, 24, facing=90))) == {
        (10.5, 24.75), (10.5, 23.25), (9.5, 23.25), (9.5, 24.75)
    }
    h = math.sqrt(2) / 2
    c = corners(Pose(0, 0, facing=45, width=2, depth=2))
    assert c[0] == pytest.approx((0, 2 * h * math.sqrt(2) / 2 * math.sqrt(2)))  # front-left
    assert c[0] == pytest.approx((0.0, math.sqrt(2)))
    assert c[1] == pytest.approx((math.sqrt(2), 0.0))


def test_distances_of_rotated_stands():
    a = Pose(0, 0, facing=45, width=2, depth=2)  # a diamond reaching x = sqrt 2
    b = Pose(5, 0, facing=0, width=2, depth=2)  # square from x = 4
    assert edge_distance(a, b) == pytest.approx(4 - math.sqrt(2))
    assert center_distance(a, b) == 5.0
    # side by side, touching edges
    assert edge_distance(Pose(0, 0), Pose(1.5, 0)) == 0.0
    assert within(Pose(0, 0), Pose(4, 0), 2.5)
    assert not within(Pose(0, 0), Pose(4, 0), 2.5, edge=False)


def test_bearings():
    assert bearing((0, 0), (0, 1)) == 0.0
    assert bearing((0, 0), (1, 0)) == 90.0
    assert bearing((0, 0), (0, -1)) == 180.0
    assert bearing((0, 0), (-1, 0)) == 270.0
    assert relative_bearing(Pose(0, 0, facing=270), (0, -5)) == -90.0  # on its left
    assert relative_bearing(Pose(0, 0, facing=270), (0, 5)) == 90.0
    assert relative_bearing(Pose(0, 0, facing=0), (0, -5)) == 180.0


@pytest.mark.parametrize(
    ("at", "expected"),
    [
        ((0, 5), "front"),
        ((2, 5), "front"),  # inside the 45-degree lines from the front corners
        ((5, 3), "flank"),
        ((-5, -3), "flank"),
        ((3, -5), "rear"),
        ((0.75 + 2, 0.5 + 2), "front"),  # exactly on the front-right line: front
        ((-0.75 - 2, -0.5 - 2), "flank"),  # exactly on the rear-left line: flank
    ],
)
def test_auftragstaktik_aspects(at, expected):
    target = Pose(0, 0, facing=0)
    assert base_arc(Pose(*at), target) == expected


def test_auftragstaktik_aspects_of_a_turned_target():
    target = Pose(20, 20, facing=90)  # front edge faces +x
    assert base_arc(Pose(30, 21), target) == "front"
    assert base_arc(Pose(20, 30), target) == "flank"
    assert base_arc(Pose(10, 19), target) == "rear"
    # facing 45: the front arc opens towards the upper right
    t45 = Pose(0, 0, facing=45)
    assert base_arc(Pose(10, 10), t45) == "front"
    assert base_arc(Pose(10, -10), t45) == "flank"
    assert base_arc(Pose(-10, -10), t45) == "rear"


def _at_relative(target: Pose, rel: float, r: float = 10.0) -> Pose:
    b = math.radians(target.facing + rel)
    return Pose(target.x + r * math.sin(b), target.y + r * math.cos(b))


@pytest.mark.parametrize(
    ("rel", "expected"),
    [
        (0, "front"), (29, "front"), (30, "front"), (-30, "front"), (31, "front-side"),
        (90, "front-side"), (-90, "front-side"), (91, "rear-side"), (150, "rear-side"),
        (-150, "rear-side"), (151, "rear"), (180, "rear"), (-179, "rear"),
    ],
)
def test_mbt_sectors_and_boundaries(rel, expected):
    target = Pose(30, 20, facing=33)
    assert aspect_mbt(_at_relative(target, rel), target) == expected


def test_mbt_boundary_choices():
    target = Pose(0, 0, facing=0)
    assert aspect_mbt_choices(_at_relative(target, 30), target) == ("front", "front-side")
    assert aspect_mbt_choices(_at_relative(target, 150), target) == ("rear-side", "rear")
    assert aspect_mbt_choices(_at_relative(target, 100), target) == ("rear-side",)


def test_measure_aspects_for_both_rulesets():
    flank = case(to={"at": [10, 40], "facing": 90})  # from is straight to its left
    assert measure_case(flank, find_ruleset)["aspect"] == "flank"
    assert measure_case({**flank, "ruleset": "mbt"}, find_ruleset)["aspect"] == "front-side"
    rear = case(to={"at": [50, 24], "facing": 90})  # from is straight behind it
    assert measure_case(rear, find_ruleset)["aspect"] == "rear"
    assert measure_case({**rear, "ruleset": "mbt"}, find_ruleset)["aspect"] == "rear"


def test_line_of_sight_rules():
    wood = Feature("w", "woods", ((4, -1), (6, -1), (6, 1), (4, 1)))
    hill = Feature("h", "hill", ((10, -1), (12, -1), (12, 1), (10, 1)), height=1, is_hill=True)
    big = Feature("H", "hill", ((-2, 5), (20, 5), (20, 9), (-2, 9)), height=2, is_hill=True)
    road = Feature("r", "road", ((0, -3), (20, 3)), kind="line", blocks_los=False)
    idx = TerrainIndex([wood, hill, big, road])
    los = idx.line_of_sight((0, 0), (8, 0))
    assert los.blocked_by == ("w",) and [c.id for c in los.crossed] == ["w"]
    assert idx.line_of_sight((5, 0), (8, 0)).clear  # from inside the wood
    assert idx.line_of_sight((0, 1), (8, 1)).clear  # along the wood's edge
    los = idx.line_of_sight((8, 0), (14, 0))
    assert los.blocked_by == ("h",)
    assert [(c.id, c.enter, c.exit) for c in los.crossed] == [("r", 2.0, 2.0), ("h", 2.0, 4.0)]
    assert idx.elevation_at((0, 7)) == 2.0 and idx.elevation_at((11, 0)) == 1.0
    assert idx.line_of_sight((9, 7), (14, 0)).clear  # the hill is not higher than the high end
    assert idx.features_at((11, 0)) == ("h",)
    assert idx.line_of_sight((3, 3), (3, 3)).clear


def test_path_terrain_and_length():
    idx = TerrainIndex(
        [
            Feature("m", "marsh", ((2, -1), (6, -1), (6, 1), (2, 1)), blocks_los=False),
            Feature("w", "woods", ((4, -1), (8, -1), (8, 1), (4, 1))),
            Feature("r", "road", ((0, 3), (10, 3)), kind="line", blocks_los=False),
        ]
    )
    route = path_terrain([(0, 0), (10, 0), (10, 3), (0, 3)], idx)
    legs = [(t, round(i, 3)) for t, i in route.legs()]
    assert legs[:4] == [("open", 2.0), ("marsh", 2.0), ("woods", 2.0), ("woods", 2.0)]
    assert route.stretches[2].areas == ("m", "w")  # overlap: the one listed last names it
    assert route.summary["road"] == pytest.approx(10.1, abs=0.01)
    total = sum(v for k, v in route.summary.items() if k != "road")
    assert total == pytest.approx(path_length([(0, 0), (10, 0), (10, 3), (0, 3)])) == 23.0
