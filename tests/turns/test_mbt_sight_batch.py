"""MBT lines of sight worked out many at once (Table.see_all) give each pair's own answer, and
the crossings of a few features are those the full line of sight lists for them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.registry import initial_state, scenario_from_data
from umpire.turns.mbt.table import Table

point = st.tuples(st.integers(0, 96).map(lambda v: v / 4), st.integers(0, 72).map(lambda v: v / 4))
piece = st.tuples(st.integers(2, 18), st.integers(2, 12), st.integers(2, 6),  # on the 24" x 18" table
                  st.sampled_from(["woods", "town", "hill", "depression", "rough"]), st.integers(1, 2))


def _table(pieces: list[tuple[int, int, int, str, int]]) -> Table:
    terrain = [
        {"id": f"p{k}", "type": kind, "polygon": [[x, y], [x + r, y], [x + r, y + r], [x, y + r]],
         **({"height": h} if kind in ("hill", "depression") else {})}
        for k, (x, y, r, kind, h) in enumerate(pieces)
    ]
    sc = scenario_from_data({
        "name": "sight", "ruleset": "mbt", "table": {"width": 24, "depth": 18}, "seed": 1,
        "mbt": {"game": "basic"}, "terrain": terrain,
        "sides": [{"id": "nato", "units": [{"id": "m1", "card": "USA-1B", "at": [1, 1], "facing": 90}]},
                  {"id": "ussr", "units": [{"id": "t1", "card": "USSR-1B", "at": [23, 17], "facing": 270}]}],
    }, "sight")
    return Table(initial_state(sc, seed=1))


@settings(max_examples=60, deadline=None)
@given(st.lists(piece, max_size=8), st.lists(st.tuples(point, point), min_size=1, max_size=12))
def test_see_all_gives_each_pairs_own_answer(pieces, pairs):
    one_by_one, batch = _table(pieces), _table(pieces)
    batch.see_all(pairs)
    assert [batch.los(a, b) for a, b in pairs] == [one_by_one._los(a, b) for a, b in pairs]


@settings(max_examples=60, deadline=None)
@given(st.lists(piece, min_size=1, max_size=8), point, point, st.data())
def test_crossings_of_some_features_are_those_of_the_full_line(pieces, a, b, data):
    index = _table(pieces).index
    among = data.draw(st.lists(st.integers(0, len(index.features) - 1), unique=True))
    ids = {index.features[k].id for k in among}
    full = [c for c in index.line_of_sight(a, b).crossed if c.id in ids]
    assert list(index.crossings(a, b, among)) == full
