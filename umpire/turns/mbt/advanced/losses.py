"""What takes a unit out of the fight, whatever hit it: a suppressed (ON) marker (12.3) and its
destruction with what it carries (7.4.7, 14.3.3.2-3, 14.4.4.2.3.4; option 17.2.3's bail out
attempts marked for the end of the phase). The fire's effects (:mod:`.effects`) and the options
that sink, burn or mine a unit call them alike.
"""

from __future__ import annotations

from typing import Any

from umpire.core.state import GameState, UnitState
from umpire.rules.mbt.state import MbtUnit
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.options.hit_marks import bail_out_due
from umpire.turns.mbt.turn_state import unit_note

Note = dict[str, Any]


def suppress(u: UnitState, why: str, notes: list[Note]) -> None:
    """A suppressed (ON) marker (12.3); a new one replaces an OFF marker (12.3.4)."""
    if not U.alive(u):
        return
    MbtUnit.of(u).suppressed = "on"
    MbtUnit.of(u).temp_sup = False
    notes.append(unit_note(u.id, f"suppressed ({why})", "suppressed"))


def destroy(state: GameState, u: UnitState, how: str, when: str, notes: list[Note], *, wreck: bool = True,
            locations: tuple[str, ...] = ("EF_KO",)) -> None:
    """Knocked out, brewed up or eliminated: its passengers go with it (14.3.3.2); a brew-up
    suppresses every other unit in its hex (14.3.3.3). With option 17.2 a vehicle's crew and
    passengers try to bail out at the end of the phase instead (17.2.3: ``locations``, the hit
    locations that did it, EF_KO for GP fire)."""
    if u.status == "eliminated":
        return
    u.status = "eliminated"
    u.destroyed = how if wreck else "eliminated"
    MbtUnit.of(u).knocked_out_in = when
    words = {"knocked_out": "knocked out: a wreck (7.4.7.3)", "brewed_up": "brewed up: a burning wreck (7.4.7.4)",
             "eliminated": "eliminated (14.4.4.2.3.4)"}
    notes.append(unit_note(u.id, words.get(u.destroyed, how), "damage"))
    bail = bail_out_due(state, u, u.destroyed, locations)
    for p in U.passengers(state, u):
        p.status = "eliminated"
        p.destroyed = "eliminated"
        MbtUnit.of(p).knocked_out_in = when
        if bail:
            MbtUnit.of(p).bail_from = u.id
            notes.append(unit_note(p.id, f"is in the wreck of the {u.id} that carried it: it tries to bail out at the "
                               "end of the phase (17.2.3)", "damage"))
        else:
            notes.append(unit_note(p.id, f"eliminated with the {u.id} that carried it (14.3.3.2)", "damage"))
    if how == "brewed_up" and u.placed:
        from umpire.turns.mbt.advanced.table import AdvTable

        t = AdvTable(state)
        for o in t.in_hex(t.xy(u)):
            if o.id != u.id:  # the note is o's side's: an enemy's id is never its to read (24.2.2)
                who = u.id if o.side == u.side else "an enemy vehicle"
                suppress(o, f"{who} brewed up in its hex, 14.3.3.3", notes)
