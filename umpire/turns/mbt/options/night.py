"""Night in a tracked MBT game (18.1): the sighting conditions at a point.

An illumination fire mission makes its impact hex and every hex within 5 hexes of it (an
artillery battery's) or the hexes adjacent to it (a mortar's) an area of Day sighting in the Turn
it impacts, through any terrain or smoke (19.2.4.6); elsewhere the scenario's conditions hold.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from umpire.core.state import GameState
from umpire.turns.mbt.options.state import illuminated

NIGHTTIME = ("dusk", "moonlight", "night", "fog", "blowing_snow")


def conditions_at(state: GameState, conditions: str, at: Sequence[float]) -> str:
    """``day`` inside this Turn's illuminated areas at nighttime, else ``conditions``."""
    if conditions not in NIGHTTIME or conditions in ("fog", "blowing_snow"):
        return conditions  # illumination does nothing by day; fog and blowing snow are not lit away
    for x, y, r, turn in illuminated(state):
        if turn == state.turn and math.dist((x, y), (at[0], at[1])) <= r + 1e-9:
            return "day"
    return conditions
