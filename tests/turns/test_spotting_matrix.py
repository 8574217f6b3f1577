"""The vectorised spotting of a tracked game equals the rules asked pair by pair: for random
stands and terrain, every pair's answer from :func:`pair_matrix` is the rules' ``spot`` (with the
pair's edge distance, facing and ground heights) and a clear line of sight; the side-level answer
is the matrix's "anyone sees it", whether or not it is handed the matrix's candidate pairs."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.geometry.arcs import base_arc
from umpire.geometry.distance import edge_distance
from umpire.geometry.facts import Feature, Pose
from umpire.geometry.sight import TerrainIndex
from umpire.rules.auftragstaktik.data import rulings as ruleset_rulings
from umpire.rules.auftragstaktik.spotting import Spotted, Spotter, spot, woods_depth
from umpire.turns.auftragstaktik.sighting import (
    KINDS,
    Looker,
    arrays,
    candidate_pairs,
    facing_mask,
    facing_pairs,
    pair_matrix,
    side_spotting,
)

QUALITIES = ("elite", "veteran", "regular", "recruit", "militia")

stand = st.builds(
    lambda x, y, facing, q, moved, order, kind, thermal, cover: Looker(
        spotter=Spotter(quality=q, orders=order, moved=moved, thermal=thermal),
        target=Spotted(kind=kind, quality=q, orders=order, moved=moved, cover=cover),
        x=x, y=y, facing=facing, width=1.5, depth=1.0,
    ),
    st.floats(1, 23), st.floats(1, 23), st.sampled_from([0.0, 45.0, 90.0, 180.0, 271.0]),
    st.sampled_from(QUALITIES), st.booleans(), st.sampled_from(["HA", "DA", "NO", "TR"]),
    st.sampled_from(KINDS[:3]), st.booleans(), st.booleans(),
)
piece = st.tuples(st.floats(2, 22), st.floats(2, 22), st.floats(0.5, 3), st.sampled_from(["woods", "town", "hill"]))


def _one_pair(s: Looker, x: Looker, index: TerrainIndex, rulings) -> bool:
    ps, px = Pose(s.x, s.y, s.facing, s.width, s.depth), Pose(x.x, x.y, x.facing, x.width, x.depth)
    es, ex = index.elevation_at((s.x, s.y)), index.elevation_at((x.x, x.y))
    facing = base_arc(px, ps) == "front"  # the target lies in the spotter's front arc
    spotter = s.spotter.model_copy(update={"higher": es > ex, "facing_target": facing})
    target = x.target.model_copy(update={"higher": ex > es})
    res = spot(spotter, target, edge_distance(ps, px), rulings)
    return bool(res.outcome["spotted"]) and index.line_of_sight((s.x, s.y), (x.x, x.y)).clear


@settings(max_examples=40, deadline=None)
@given(st.lists(stand, min_size=1, max_size=6), st.lists(stand, min_size=1, max_size=6),
       st.lists(piece, max_size=8))
def test_matrix_and_side_level_equal_the_loop(blue, red, pieces):
    rulings = ruleset_rulings()
    feats = [
        Feature(f"t{k}", kind, ((x, y), (x + r, y), (x + r, y + r), (x, y + r)), height=1.0,
                is_hill=kind == "hill")
        for k, (x, y, r, kind) in enumerate(pieces)
    ]
    index = TerrainIndex(feats, inside_depth=woods_depth(rulings))
    matrix = pair_matrix(blue, red, index, rulings)
    loop = np.array([[_one_pair(s, x, index, rulings) for x in red] for s in blue])
    assert (matrix == loop).all()
    pairs = candidate_pairs(blue, red, index, rulings)
    assert (pair_matrix(blue, red, index, rulings, pairs=pairs) == matrix).all()
    for given_pairs in (None, pairs):
        seen, by, _ = side_spotting(blue, red, index, rulings, pairs=given_pairs)
        assert (seen == matrix.any(axis=0)).all()
        assert all(matrix[by[j], j] for j in np.flatnonzero(seen))


def _total(s: Looker, x: Looker, index: TerrainIndex, rulings) -> tuple[float, float]:
    """The rules' total of one pair, with its exact edge distance."""
    ps, px = Pose(s.x, s.y, s.facing, s.width, s.depth), Pose(x.x, x.y, x.facing, x.width, x.depth)
    es, ex = index.elevation_at((s.x, s.y)), index.elevation_at((x.x, x.y))
    spotter = s.spotter.model_copy(update={"higher": es > ex, "facing_target": base_arc(px, ps) == "front"})
    target = x.target.model_copy(update={"higher": ex > es})
    d = edge_distance(ps, px)
    return spot(spotter, target, d, rulings).outcome["total"], d


@settings(max_examples=60, deadline=None)
@given(st.lists(stand, min_size=1, max_size=10), st.lists(stand, min_size=1, max_size=10),
       st.lists(st.sampled_from([(1.5, 1.0), (1.0, 1.0), (3.0, 0.5), (0.5, 2.0)]), min_size=20, max_size=20))
def test_each_candidates_total_is_the_rules_total_with_its_exact_distance(blue, red, bases):
    """A pair's total is the rules' own with the exact edge distance, whether or not that
    distance had to be measured (it is where the bounds leave its step open; else its bound)."""
    blue = [b.__class__(**{**b.__dict__, "width": w, "depth": d}) for b, (w, d) in zip(blue, bases, strict=False)]
    red = [r.__class__(**{**r.__dict__, "width": w, "depth": d}) for r, (w, d) in zip(red, bases[10:], strict=False)]
    rulings = ruleset_rulings()
    index = TerrainIndex([Feature("h", "hill", ((5, 5), (9, 5), (9, 9), (5, 9)), height=1.0, is_hill=True)])
    pairs = candidate_pairs(blue, red, index, rulings)
    for i, j, total, distance in zip(pairs.ii, pairs.jj, pairs.total, pairs.distance, strict=True):
        want, exact = _total(blue[i], red[j], index, rulings)
        assert total == want
        assert distance >= exact - 1e-9
    above = {(int(i), int(j)) for i, j in zip(pairs.ii, pairs.jj, strict=True)}
    for i, s in enumerate(blue):
        for j, x in enumerate(red):
            assert ((i, j) in above) == (_total(s, x, index, rulings)[0] > 0)


@given(st.lists(stand, min_size=1, max_size=8), st.lists(stand, min_size=1, max_size=8))
def test_facing_of_some_pairs_is_the_dense_answer(blue, red):
    sa, ta = arrays(blue), arrays(red)
    ii, jj = np.nonzero(np.ones((len(blue), len(red)), dtype=bool))
    assert (facing_pairs(sa, ta, ii, jj) == facing_mask(sa, ta)[ii, jj]).all()
