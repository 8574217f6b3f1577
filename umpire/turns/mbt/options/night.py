"""Night in a tracked MBT game (18.1): the sighting conditions at a point.

An illumination fire mission makes its impact hex and every hex within 5 hexes of it (an
artillery battery's) or the hexes adjacent to it (a mortar's) an area of Day sighting in the Turn
it impacts, through any terrain or smoke (19.2.4.6). A fire lights the hexes within two hexes
range of its burning marker: Dusk sighting there during Night and Moonlight (18.3.4), as ``calc
sight`` and ``calc fire`` answer with ``near_fire: true``. Elsewhere the scenario's conditions hold.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from umpire.core.state import GameState
from umpire.rules.mbt import conversions, data
from umpire.rules.mbt.state import MbtGame
from umpire.turns.mbt.options.state import burning, illuminated

NIGHTTIME = ("dusk", "moonlight", "night", "fog", "blowing_snow")


def light(state: GameState, conditions: str, at: Sequence[float]) -> tuple[str, bool]:
    """The conditions at ``at`` a case states, and whether a fire's light falls there (its
    ``near_fire``): ``day`` inside this Turn's illuminated areas at nighttime; the scenario's
    conditions, near a fire or not, elsewhere."""
    if conditions not in NIGHTTIME or conditions in ("fog", "blowing_snow"):
        return conditions, False  # illumination does nothing by day; fog and blowing snow are not lit away
    for x, y, r, turn in illuminated(state):
        if turn == state.turn and math.dist((x, y), (at[0], at[1])) <= r + 1e-9:
            return "day", False
    fires = burning(state) if conditions in ("night", "moonlight") else []
    if fires:
        from umpire.rules.mbt.options.terrain import FIRE_LIGHT_HEXES

        scale = float(MbtGame.of(state).scale)
        rounding = data.rulings().select(state.rulings)["scale.range_rounding"]
        if any(conversions.to_hexes(math.dist((x, y), (at[0], at[1])), scale, rounding) <= FIRE_LIGHT_HEXES
               for x, y in fires):
            return conditions, True
    return conditions, False


def conditions_at(state: GameState, conditions: str, at: Sequence[float]) -> str:
    """The sighting conditions at ``at``: :func:`light`'s, Dusk near a fire (18.3.4)."""
    from umpire.rules.mbt.options.terrain import fire_light

    said, near = light(state, conditions, at)
    return fire_light(said, near)[0]
