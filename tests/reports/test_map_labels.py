"""Maps a reader can read (#25), checked geometrically over the demo games' maps (the umpire's
and each side's) and a crowded one of 150 stands a side after a turn of moves and fire: no two
label boxes overlap, no label touches a stand, every terrain type drawn is named in the legend
by its own name, each terrain name is inside its piece or joined to it by a leader, and the
title names the side and the turn."""

from __future__ import annotations

import itertools

import pytest
from shapely import Polygon, STRtree, box

from umpire.reports.layout import map_style
from umpire.reports.maplegend import type_label
from umpire.reports.mapshapes import Circle, Label, MapDrawing, Poly
from umpire.reports.maptext import label_box
from umpire.reports.model import briefing, report_for_game
from umpire.reports.tablemap import build_map, map_title


def labels(m: MapDrawing) -> list[tuple[str, str, Label]]:
    return [(g.kind, g.key, sh) for g in m.groups for sh in g.shapes if isinstance(sh, Label)]


def check_map(report, width: float = 520.0) -> MapDrawing:
    m = build_map(report, width=width)
    found = labels(m)
    boxes = [label_box(lb) for _k, _key, lb in found]
    tree = STRtree([box(*b) for b in boxes])
    for i, j in zip(*tree.query([box(*b) for b in boxes], predicate="intersects"), strict=True):
        if i >= j:
            continue
        a, b = boxes[i], boxes[j]
        overlap = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
        assert min(overlap) <= 0.01, (found[i][2].text, found[j][2].text, a, b)
    stands = []
    for g in m.of_kind("stand"):
        first = g.shapes[0]
        stands.append(Polygon(first.points) if isinstance(first, Poly) else
                      box(first.centre[0] - first.r, first.centre[1] - first.r, first.centre[0] + first.r,
                          first.centre[1] + first.r) if isinstance(first, Circle) else None)
    for shape in stands:
        hits = tree.query(shape, predicate="intersects")
        assert not len(hits), [found[k][2].text for k in hits]
    # every terrain type drawn is in the legend, by its own name
    legend = {sh.text for g in m.of_kind("legend") for sh in g.shapes if isinstance(sh, Label)}
    st = map_style()
    assert {type_label(t.type, st) for t in report.terrain} <= legend
    assert "Other terrain" not in legend and "" not in legend
    # terrain names inside their piece, or beside it with a leader
    pieces = {t.id: t for t in report.terrain}
    for g in m.of_kind("name"):
        t = pieces.get(g.key)
        if t is None or not t.polygon:
            continue
        lb = next(sh for sh in g.shapes if isinstance(sh, Label))
        area = Polygon(next(x for x in m.groups if x.kind == "terrain" and x.key == t.id).shapes[0].points)
        led = any(isinstance(sh, Poly) for sh in g.shapes)
        assert led or area.buffer(0.01).contains(box(*label_box(lb))), lb.text
    # the title names the side and the turn
    title, _sub = map_title(report)
    assert m.title == title
    turn = report.map_turn if report.map_turn is not None else report.turn
    assert f"turn {turn}" in title
    if report.viewer:
        assert report.side(report.viewer).name in title
    assert " ".join(lb.text for g in m.of_kind("title") for lb in g.shapes if lb.bold) == title
    return m


@pytest.mark.parametrize("which", ["at_game", "mbt_game"])
def test_demo_maps_have_clear_labels_a_full_legend_and_a_title(which, request):
    full = report_for_game(request.getfixturevalue(which))
    for rep in [full, *(briefing(full, s.id) for s in full.sides)]:
        for width in (340.0, 520.0, 900.0):  # an orders sheet's small map, a page's, the SVG export's
            check_map(rep, width=width)


def test_an_advanced_game_map_names_every_building_type(tmp_path):
    from umpire.engine import Game
    from umpire.registry import load_scenario
    from umpire.resources import resolve_scenario

    game = Game.create(tmp_path / "v.db", load_scenario(resolve_scenario("mbt-advanced-village")))
    m = check_map(report_for_game(game))
    legend = {sh.text for g in m.of_kind("legend") for sh in g.shapes if isinstance(sh, Label)}
    assert {"Brick buildings", "Stone buildings", "Wooden buildings"} <= legend


def test_a_crowded_map_of_150_stands_a_side_keeps_every_label_clear(tmp_path):
    from bench.big_game import new_game, play_turn
    from umpire.core.dice import SeededDice

    game = new_game(tmp_path / "big.db", 150, 30)
    play_turn(game, SeededDice(1))
    full = report_for_game(game)
    m = check_map(full)
    assert len(m.of_kind("stand")) == sum(1 for u in full.units if u.placed)
    check_map(briefing(full, "nato"))


def test_every_terrain_type_has_its_own_style():
    from umpire.schema.terrain_types import terrain_types

    st = map_style()
    assert set(terrain_types().types) <= set(st.terrain)
    names = [type_label(k, st) for k in terrain_types().types]
    assert len(set(names)) == len(names)


def test_a_type_without_a_style_is_named_by_itself():
    assert type_label("sunken_lane", map_style()) == "Sunken lane"


def test_no_two_legend_entries_of_the_mbt_briefing_run_into_each_other(mbt_game):
    m = build_map(briefing(report_for_game(mbt_game), "nato"))
    legend = [sh for g in m.of_kind("legend") for sh in g.shapes if isinstance(sh, Label)]
    for a, b in itertools.combinations(legend, 2):
        ba, bb = label_box(a), label_box(b)
        apart = min(ba[2], bb[2]) - max(ba[0], bb[0]) <= 0 or min(ba[3], bb[3]) - max(ba[1], bb[1]) <= 0
        assert apart, (a.text, b.text)
    assert max(label_box(lb)[2] for lb in legend) <= m.width
