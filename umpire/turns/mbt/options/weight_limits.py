"""Bridge and ice weight limits (option 17.8) over the tracked game.

A scenario's ``mbt.weight_limits`` lowers bridges below the standard 60 tons, which hold any unit
(17.8.1): a move whose way passes within half a hex length of a limited bridge's point by a
vehicle heavier than it holds is refused (it must take another route). ``mbt.ice_tons`` is the
weight the ice of frozen streams holds (17.8.2): a heavier vehicle pays for a stream as if it were
not frozen, in the move case :func:`umpire.rules.mbt.calc.movement_of` prices. The weights are
public facts about the vehicles (``rulesets/mbt/options/vehicles.yaml``, estimated).
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core.state import GameState, UnitState
from umpire.rules.mbt.state import MbtGame
from umpire.turns.mbt.options import on
from umpire.turns.mbt.paths import segment_distance

NAME = "weight_limits"


def bridge_why(state: GameState, u: UnitState, path: Sequence[Sequence[float]]) -> tuple[int, str] | None:
    """The first waypoint of a move whose leg crosses a bridge too weak for ``u`` (17.8.1), and
    why; None if none."""
    from umpire.rules.mbt.options.terrain import too_heavy
    from umpire.turns.mbt.advanced.table import AdvTable

    limits = MbtGame.of(state).weight_limits
    if not on(state, NAME) or not limits or not u.card:
        return None
    t = AdvTable(state)
    r = t.scale / 2 + 1e-9
    prev: Sequence[float] = t.xy(u)
    for i, p in enumerate(path):
        for lim in limits:
            at = (float(lim.at[0]), float(lim.at[1]))
            if segment_distance(at, prev, p) <= r:
                why = too_heavy(u.card, int(lim.tons), [])
                if why:
                    return i, (f"({p[0]:g}, {p[1]:g}): the way there crosses the bridge at ({at[0]:g}, {at[1]:g}); "
                               f"{why.replace('it holds', 'the bridge holds')}: take another route")
        prev = p
    return None
