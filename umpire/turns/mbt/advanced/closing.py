"""How an Advanced Game phase ends: the units of both sides left in one hex parted (8.8), the
markers lost (17.6.1.3), the sighting brought up to date, the notes made resolutions and the
next phase named. The phases themselves (:mod:`.fire_phase`, :mod:`.moving`, :mod:`.sequence`)
end here alike.
"""

from __future__ import annotations

from typing import Any

from umpire.core.resolution import Resolution
from umpire.core.state import GameState
from umpire.turns.common import Applied
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.advanced.losses import Note
from umpire.turns.mbt.advanced.sighting import update as update_sighting
from umpire.turns.mbt.advanced.table import AdvTable
from umpire.turns.mbt.parting import parted
from umpire.turns.mbt.turn_state import mbt, note_resolutions, unit_note


def close_phase(new: GameState, res: list[Resolution], notes: list[Any], nxt: str, what: str) -> Applied:
    from umpire.turns.mbt.options.camouflage import lost

    notes = [*notes, *lost(new)]  # 17.6.1.3
    res += update_sighting(new, AdvTable(new))
    res += note_resolutions(notes)
    new.phase = nxt
    return Applied(new, f"turn {new.turn}: {what}", res)


def disputed(state: GameState) -> list[Note]:
    """8.8: units of both sides in one hex after all moves: the side that did not move into it
    (else the first to get there) stays; the others go back along their paths."""
    t = AdvTable(state)
    near = t.scale / 2
    walked = mbt(state).walked
    notes: list[Note] = []
    for go in parted(lambda: [u for u in state.units.values() if U.on_table(u)], t.xy, near, walked, list(walked),
                     rounds=4 * len(state.units)):
        for p in U.passengers(state, go):
            p.x, p.y = go.x, go.y
        notes.append(unit_note(go.id, f"is moved back to ({go.x:g}, {go.y:g}): it ended in one hex with an enemy that "
                           "was there first (8.8)", "moved_back", sep=" "))
    return notes
