"""The streamlined umpired Turn (24.3) over the Basic Game (3.0), one phase per
``umpire phase next``:

1. **Initiative** (5.1, 24.3.1): the umpire rolls a d10 for each side, again on a tie; the
   winner goes first (the choice 5.1 gives it: ruled "first"). Nobody is told. Then the
   Sighting Step (6.1) for the briefings.
2. **Command** (24.3.2): each side's written plan is entered (``umpire turn orders``); this
   phase applies the Pivot and Adjust Turrets Steps the players made (9.1, 9.2) and reveals the
   orders to the umpire.
3. **Fire** (3.3): Direct Fire (simultaneous, 5.3: damage after the step), ATGM Announcement,
   Overwatch Fire (simultaneous; chains of 7.5.3 until nobody may fire).
4. **Movement** (3.4): each side's movers in turn (initiative side first), in the written order;
   overwatch units watch every point of the path one hex length apart and fire as their
   instructions say (24.3.3.2, 7.5.2), hits that stop a mover end its move there; then ATGM
   Resolution (7.2.2), then sighting for every pair.
5. **Adjustment** (9.1, 9.3, 9.4, 24.3.4): spotted markers for unused orders, unseen markers
   removed, victory checked; the next Turn begins (or the game ends).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Facts, Resolution
from umpire.core.state import GameState
from umpire.errors import UmpireError
from umpire.rules.mbt import orders
from umpire.rules.mbt.game_book import OVER as OVER
from umpire.rules.mbt.game_book import PHASES as PHASES
from umpire.rules.mbt.state import MbtGame, MbtUnit
from umpire.turns.common import Applied
from umpire.turns.mbt import fire as F
from umpire.turns.mbt.fire_phase import fire_phase
from umpire.turns.mbt.movement_phase import movement_phase
from umpire.turns.mbt.table import Table
from umpire.turns.mbt.turn_state import (
    claim_objectives,
    enemies_of,
    mbt,
    note_resolutions,
    plan,
    see_every_pair,
    sides_in_order,
    table_coord,
    unit_note,
    update_sighting,
)
from umpire.turns.mbt.victory import tally


# -- 1. Initiative --------------------------------------------------------------------------
def initiative(state: GameState, dice: Dice) -> Applied:
    new = state.copy_for_change()
    m = mbt(new)
    if state.phase == "setup":
        new.turn = 1
    sides = new.side_ids()
    rolls: dict[str, int] = {}
    while True:
        rolls = {s: scoped(dice, "initiative", s).roll(10, why=f"initiative: {s}")[0] for s in sides}
        top = max(rolls.values())
        if sum(1 for v in rolls.values() if v == top) == 1:
            break
    first = max(rolls, key=lambda s: rolls[s])
    m.initiative = first
    m.orders = {}
    m.sequence = {}
    m.atgm = []
    m.fired = []
    for u in new.units.values():
        u.orders = None
        MbtUnit.of(u).used = False
        u.moved = 0.0
    table = Table(new)
    if state.phase == "setup":
        claim_objectives(new, table, [u for u in new.units.values() if F.alive(u)])
    res = [Resolution(
        ruleset="mbt", procedure="initiative", outcome={"first": first, "rolls": rolls},
        summary=f"{first} has the initiative and goes first ({', '.join(f'{s} {v}' for s, v in rolls.items())};"
                " 5.1, kept from the players, 24.3.1)",
        facts=Facts(side="umpire"),
    )]
    res += update_sighting(new, table)
    new.phase = "Command"
    return Applied(new, f"turn {new.turn}: initiative rolled (kept by the umpire, 24.3.1); sighting step (6.1)", res)


# -- 2. Command -----------------------------------------------------------------------------
def command(state: GameState) -> Applied:
    m = MbtGame.of(state)
    missing = [s.id for s in state.sides if any(F.alive(u) for u in state.units_of(s.id))
               and s.id not in m.orders]
    if missing:
        raise UmpireError(
            f"phase next: the Command phase needs every side's written orders (24.3.2); missing: "
            f"{', '.join(missing)} (allowed now: umpire turn orders FILE)"
        )
    new = state.copy_for_change()
    m = mbt(new)
    lines: list[Any] = []
    for side in sides_in_order(new):
        for uid, spec in plan(m, side):
            u = new.units[uid]
            if not F.alive(u):
                continue
            if spec.get("pivot") is not None:
                u.facing = table_coord(spec["pivot"])
                lines.append(unit_note(uid, f"pivots to {u.facing:g} (9.1)", "pivot", sep=" "))
            if spec.get("turret"):
                MbtUnit.of(u).turret = spec["turret"]
            if spec.get("turret_facing") is not None:
                MbtUnit.of(u).turret_facing = table_coord(spec["turret_facing"])
            MbtUnit.of(u).may_pivot = False
            u.orders = spec.get("order")
    res = update_sighting(new, Table(new))
    new.phase = "Fire"
    res += note_resolutions(lines)
    return Applied(new, f"turn {new.turn}: orders marked (6.2); pivots and turrets as written (9.1, 9.2)", res)


# -- 5. Adjustment ----------------------------------------------------------------------------
def adjustment(state: GameState) -> Applied:
    new = state.copy_for_change()
    m = mbt(new)
    table = Table(new)
    lines = []
    # 9.1 Pivot Step: markers for unused orders; who may pivot (done next Command, 24.3.4).
    for side in new.side_ids():
        for uid, spec in plan(m, side):
            u = new.units[uid]
            if not F.alive(u) or MbtUnit.of(u).used:
                continue
            mark = orders.spotted_after_pivot(spec["order"], False) if spec.get("order") else None
            if mark:
                MbtUnit.of(u).spotted = mark
            if spec.get("order") in ("M", "FM") and not F.stopped(u):
                MbtUnit.of(u).may_pivot = True
    # 9.3 Adjust Markers: a spotted marker stays only while some enemy sees the unit.
    see_every_pair(new, table)
    for u in new.units.values():
        if not F.alive(u) or MbtUnit.of(u).spotted == "none":
            continue
        if not any(F.sees(table, e, u).legal for e in enemies_of(new, u.side)):
            MbtUnit.of(u).spotted = "none"
            lines.append(f"{u.id}: spotted marker removed, unseen (9.3)")
    res = update_sighting(new, table)
    t = tally(new)
    res.append(Resolution(ruleset="mbt", procedure="victory", outcome=t.as_json(), summary=t.reason,
                          notes=t.lines, estimated=t.estimated, facts=Facts(side="umpire")))
    if t.decided:
        m.result = t.as_json()
        new.phase = OVER
        summary = f"end of turn {new.turn}: the game is over: {t.reason}"
    else:
        new.turn += 1
        new.phase = "Initiative"
        summary = f"end of turn {state.turn}: markers adjusted (9.1, 9.3); turn {new.turn} begins (9.4)"
    res += note_resolutions(lines)
    return Applied(new, summary, res)


Step = Callable[[GameState, Dice], Applied]


def next_phase(state: GameState, dice: Dice) -> Applied:
    """Resolve the current phase of the Basic Game; the event is logged under the turn and phase
    it resolved (the state it returns already stands in the next one)."""
    return resolve_phase(state, dice, {
        "Initiative": initiative, "Command": lambda s, d: command(s), "Fire": fire_phase,
        "Movement": movement_phase, "Adjustment": lambda s, d: adjustment(s),
    })


def resolve_phase(state: GameState, dice: Dice, steps: Mapping[str, Step]) -> Applied:
    """Resolve the current phase by ``steps`` (one per name of :data:`PHASES`; the game's set-up
    goes to its Initiative), logged under the turn and phase it resolved. :raises UmpireError:
    if the game is over."""
    ph = "Initiative" if state.phase == "setup" else state.phase
    if ph in steps:
        done = steps[ph](state, dice)
        done.turn = state.turn if state.phase != "setup" else done.state.turn
        done.phase = ph
        return done
    if ph == OVER:
        declared = MbtGame.of(state).result
        why = declared["reason"] if declared is not None else ""
        raise UmpireError(f"phase next: the game is over ({why}); allowed now: umpire report")
    raise UmpireError(f"phase next: unknown phase {ph!r} (allowed: {', '.join(PHASES)})")
