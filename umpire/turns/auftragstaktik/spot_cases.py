"""The ``calc spot`` case of one pair of stands as the tracked turn's vectorised spotting prices
it (:mod:`umpire.turns.auftragstaktik.sighting`): the two stands as spotter and target, their
edge-to-edge distance, which stands higher and whether the target is in the spotter's front arc.
A test holds every pair's vectorised total to calc spot on this case."""

from __future__ import annotations

from typing import Any

import numpy as np

from umpire.core.state import GameState, UnitState
from umpire.turns.auftragstaktik.sighting import arrays, facing_pairs, footprints, is_night, looker


def spot_case(state: GameState, spotter: UnitState, target: UnitState, phase: int | None) -> dict[str, Any]:
    """The ``calc spot`` case of ``spotter`` looking at ``target`` (see the module notes): the sum
    of its modifiers is the pair's total in :func:`~umpire.turns.auftragstaktik.sighting.candidate_pairs`."""
    import shapely

    from umpire.turns.auftragstaktik.table import terrain_index

    s, x = looker(state, spotter, None, phase), looker(state, target, spotter.side, phase)
    sa, ta = arrays([s]), arrays([x])
    one = np.zeros(1, dtype=int)
    es, et = terrain_index(state).elevations(np.array([[s.x, s.y], [x.x, x.y]]))
    return {
        "procedure": "spot", "ruleset": "auftragstaktik", "rulings": dict(state.rulings),
        "spotter": {**s.spotter.model_dump(), "facing_target": bool(facing_pairs(sa, ta, one, one)[0]),
                    "higher": bool(es > et)},
        "target": {**x.target.model_dump(), "higher": bool(et > es)},
        "distance": float(shapely.distance(footprints([s], sa)[0], footprints([x], ta)[0])),
        "night": is_night(state),
    }
