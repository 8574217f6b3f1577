"""Terrain checked and built many pieces at once answers exactly as one piece at a time: the same
polygons, the same error for the first unusable piece, the same sparse cover and elevations."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from hypothesis import given
from hypothesis import strategies as st

from umpire.errors import UmpireError
from umpire.geometry.facts import Feature, check_polygon, check_polygons, polygons_of
from umpire.geometry.sight import TerrainIndex

GOOD = [(0, 0), (2, 0), (2, 2), (0, 2)]
BAD = {
    "two corners": [(0, 0), (1, 0)],
    "closed, two corners": [(0, 0), (1, 0), (0, 0)],
    "on one line": [(0, 0), (1, 1), (2, 2)],
    "bow-tie": [(0, 0), (2, 2), (2, 0), (0, 2)],
    "not finite": [(0, 0), (float("nan"), 1), (1, 1)],
    "not a pair": [(0, 0), (1, 0, 3), (1, 1)],
    "text": [(0, 0), ("1", 0), (1, 1)],
}


@pytest.mark.parametrize("name", BAD)
@pytest.mark.parametrize("at", [0, 3])
def test_first_bad_piece_gives_the_single_check_error(name, at):
    items = [(f"g{k}", GOOD) for k in range(5)]
    items.insert(at, ("bad", BAD[name]))
    items.append(("later", BAD["bow-tie"]))
    with pytest.raises(UmpireError) as single:
        check_polygon("bad", BAD[name])
    with pytest.raises(UmpireError) as bulk:
        check_polygons(items)
    assert str(bulk.value) == str(single.value)


def test_good_pieces_pass_closed_or_not():
    check_polygons([("a", GOOD), ("b", [*GOOD, GOOD[0]]), ("c", [(0, 0), (3, 0), (1, 2)])])
    check_polygons([])


@given(st.lists(st.tuples(st.lists(st.tuples(st.integers(-20, 20), st.integers(-20, 20)), min_size=3, max_size=7),
                          st.booleans()), min_size=1, max_size=6))
def test_the_polygons_checked_are_the_ones_an_index_makes(pieces):
    """The polygons :func:`check_polygons` returns (a closed ring's last point dropped) are, byte
    for byte, those a terrain index makes of the features, so an index takes them as they are."""
    items = [(f"p{k}", [*ring, ring[0]] if closed else ring) for k, (ring, closed) in enumerate(pieces)]
    try:
        checked = check_polygons(items)
    except UmpireError:
        return
    feats = [Feature(fid, "woods", coords) for fid, coords in items]
    made = TerrainIndex(feats)._geoms
    given_them = TerrainIndex(feats, polygons=checked)._geoms
    assert list(shapely.to_wkb(checked)) == list(shapely.to_wkb(made)) == list(shapely.to_wkb(given_them))


@pytest.mark.parametrize("coords", [((0, 0), (2, 0), (2, 2)), ((0.0, 0.0), (2.0, 0.0), (2.0, 2.0)),
                                    [[0.5, 0], [2, 0], [2, 2]], ((np.float64(0.5), 0.0), (2.0, 0.0), (2.0, 2.0))])
def test_a_features_points_are_pairs_of_floats(coords):
    f = Feature("a", "woods", coords)
    assert f.coords == tuple((float(x), float(y)) for x, y in coords)
    assert all(type(p) is tuple and type(p[0]) is float and type(p[1]) is float for p in f.coords)


rings = st.lists(
    st.tuples(st.integers(-20, 20), st.integers(-20, 20)).map(lambda p: (p[0] / 4, p[1] / 4)),
    min_size=3, max_size=8,
)


@given(st.lists(rings, min_size=1, max_size=6))
def test_polygons_of_is_polygon_one_by_one(many):
    got = polygons_of(many)
    for ring, poly in zip(many, got, strict=True):
        assert shapely.equals_exact(poly, shapely.Polygon(ring), tolerance=0)


@given(st.lists(st.tuples(st.floats(0, 10), st.floats(0, 10)), min_size=1, max_size=20))
def test_elevations_and_cover_match_the_dense_answer(points):
    feats = [
        Feature("h1", "hill", ((1, 1), (6, 1), (6, 6), (1, 6)), height=1, is_hill=True, blocks_los=True),
        Feature("h2", "hill", ((3, 3), (9, 3), (9, 9), (3, 9)), height=2, is_hill=True, blocks_los=True),
        Feature("w1", "woods", ((0, 5), (4, 5), (4, 10), (0, 10))),
        Feature("r1", "road", ((0, 0), (10, 10)), kind="line", blocks_los=False),
    ]
    index = TerrainIndex(feats)
    pts = np.array(points, dtype=float)
    dense = np.array([[f.kind == "area" and shapely.intersects(shapely.Polygon(f.coords), shapely.Point(p))
                       for f in feats] for p in pts])
    cover = index._covering(pts)
    got = np.array([[bool(index._holds(cover, i, np.array([f]))[0]) for f in range(len(feats))]
                    for i in range(len(pts))])
    assert (got == dense).all()
    heights = np.array([f.height for f in feats])
    hills = dense & np.array([f.is_hill for f in feats])
    want = np.where(hills.any(axis=1), np.where(hills, heights, -np.inf).max(axis=1), 0.0)
    assert (index.elevations(pts) == want).all()
    assert [index.elevation_at(p) for p in pts] == list(want)


crowd = st.lists(
    st.tuples(st.integers(0, 40), st.integers(0, 30), st.integers(2, 12), st.sampled_from(["woods", "town", "hill"]),
              st.integers(1, 2)),
    max_size=25,
)
ends = st.lists(st.tuples(st.integers(0, 80).map(lambda v: v / 2), st.integers(0, 60).map(lambda v: v / 2)),
                min_size=1, max_size=8)


@given(crowd, ends, ends, st.sampled_from([None, 0.0, 1.0]))
def test_blocked_by_pairs_is_each_lines_own_answer(pieces, pa, pb, depth):
    feats = [Feature(f"t{k}", kind, ((x, y), (x + r / 2, y), (x + r / 2, y + r / 3), (x, y + r / 2)),
                     height=h, is_hill=kind == "hill") for k, (x, y, r, kind, h) in enumerate(pieces)]
    index = TerrainIndex(feats, inside_depth=depth)
    ii, jj = np.nonzero(np.ones((len(pa), len(pb)), dtype=bool))
    got = index.blocked_by_pairs(pa, pb, ii, jj)
    assert got == [index.line_of_sight(pa[i], pb[j]).blocked_by for i, j in zip(ii, jj, strict=True)]


def test_a_huge_whole_number_is_refused_as_one_at_a_time():
    items = [("g", GOOD), ("big", [(0, 0), (10**400, 0), (1, 1)])]
    with pytest.raises((UmpireError, OverflowError)) as single:
        check_polygon("big", items[1][1])
    with pytest.raises(type(single.value)) as bulk:
        check_polygons(items)
    assert str(bulk.value) == str(single.value)
