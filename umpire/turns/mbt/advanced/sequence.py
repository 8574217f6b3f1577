"""The Advanced Game Turn in the umpired sequence (11.0, 24.3), one phase per ``umpire phase
next``: Initiative (11.1, 24.3.1), Command (11.2, 24.3.2: the written plans, pivots and turrets
as the players made them, 9.1, 16.1, 16.2), Fire (11.3, :mod:`.fire_phase`), Movement (11.4,
:mod:`.moving`), Adjustment (11.5, 16: markers, victory).
"""

from __future__ import annotations

from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Facts, Resolution
from umpire.core.state import GameState
from umpire.errors import UmpireError
from umpire.rules.mbt import orders
from umpire.rules.mbt.state import MbtGame, MbtUnit
from umpire.turns.common import Applied
from umpire.turns.mbt.advanced import shots as S
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.advanced.closing import close_phase
from umpire.turns.mbt.advanced.losses import Note
from umpire.turns.mbt.advanced.table import AdvTable
from umpire.turns.mbt.phases import OVER, resolve_phase
from umpire.turns.mbt.turn_state import claim_objectives, mbt, plan, sides_in_order, unit_note


def initiative(state: GameState, dice: Dice) -> Applied:
    new = state.copy_for_change()
    m = mbt(new)
    if state.phase == "setup":
        new.turn = 1
    rolls: dict[str, int] = {}
    while True:
        rolls = {s: scoped(dice, "initiative", s).roll(10, why=f"initiative: {s}")[0] for s in new.side_ids()}
        top = max(rolls.values())
        if sum(1 for v in rolls.values() if v == top) == 1:
            break
    first = max(rolls, key=lambda s: rolls[s])
    m.initiative, m.orders, m.sequence, m.atgm, m.fired, m.ow_fired = first, {}, {}, [], [], []
    for u in new.units.values():
        u.orders = None
        own = MbtUnit.of(u)
        own.used, own.unloaded = False, None
        u.moved = 0.0
        carrier = new.units.get(str(u.carried_by or ""))
        if carrier is not None and carrier.placed:  # a carrier placed by hand (a relief force) brings its riders
            u.x, u.y, u.facing = carrier.x, carrier.y, carrier.facing
    t = AdvTable(new)
    if state.phase == "setup":
        claim_objectives(new, t, [u for u in new.units.values() if U.on_table(u)])
    res = [Resolution(ruleset="mbt", procedure="initiative", outcome={"first": first, "rolls": rolls},
                      summary=f"{first} has the initiative and goes first "
                              f"({', '.join(f'{s} {v}' for s, v in rolls.items())}; 11.1, kept from the players, "
                              "24.3.1)",
                      facts=Facts(side="umpire"))]
    from umpire.turns.mbt.options.camouflage import roll as camouflage_dice

    res += camouflage_dice(new, dice)  # 17.6.1.1
    new.phase = "Initiative"
    return close_phase(new, res, [], "Command",
                       "initiative rolled (kept by the umpire, 24.3.1); sighting step (11.2.1)")


def command(state: GameState) -> Applied:
    m = MbtGame.of(state)
    missing = [s.id for s in state.sides if any(U.alive(u) for u in state.units_of(s.id))
               and s.id not in m.orders]
    if missing:
        raise UmpireError(f"phase next: the Command phase needs every side's written orders (24.3.2); missing: "
                          f"{', '.join(missing)} (allowed now: umpire turn orders FILE)")
    new = state.copy_for_change()
    m = mbt(new)
    notes: list[Note] = []
    for side in sides_in_order(new):
        for uid, spec in plan(m, side):
            u = new.units[uid]
            if not U.alive(u):
                continue
            if spec.get("pivot") is not None:
                u.facing = round(float(spec["pivot"]), 3)
                notes.append(unit_note(uid, f"pivots to {u.facing:g} (9.1, 16.1)", "pivot", sep=" "))
            if spec.get("turret"):
                MbtUnit.of(u).turret = spec["turret"]
            if MbtUnit.of(u).compartment == "turret":
                MbtUnit.of(u).turret = "open"  # 16.2
            if spec.get("turret_facing") is not None:
                MbtUnit.of(u).turret_facing = round(float(spec["turret_facing"]) % 360, 3)
            MbtUnit.of(u).may_pivot = False
            u.orders = spec.get("order")
            for p in U.passengers(new, u):
                p.orders = u.orders  # 15.3.3.1
    from umpire.turns.mbt.options.messages import confer

    return close_phase(new, confer(new), notes, "Fire",
                       "orders marked (13.3); pivots and turrets as written (9.1, 9.2, 16.1)")


def adjustment(state: GameState) -> Applied:
    from umpire.turns.mbt.advanced.victory import tally

    new = state.copy_for_change()
    m = mbt(new)
    t = AdvTable(new)
    notes: list[Note] = []
    for side in new.side_ids():  # 9.1, 16.1
        for uid, spec in plan(m, side):
            u = new.units[uid]
            if not U.alive(u) or MbtUnit.of(u).used:
                continue
            mark = orders.spotted_after_pivot(spec["order"], False) if spec.get("order") else None
            if mark and not MbtUnit.of(u).full_cover:
                MbtUnit.of(u).spotted = mark
            if spec.get("order") in ("M", "FM", "OR") and U.kind(u) == "vehicle" and not U.stopped(u):
                MbtUnit.of(u).may_pivot = True
    m.smoke = [{**s, "kind": "off"} for s in m.smoke if s["kind"] == "on"]  # 16.3.1, 16.3.2: OFF and DS go, ON is OFF
    for u in new.units.values():
        MbtUnit.of(u).temp_sup = False
        if MbtUnit.of(u).suppressed == "off":
            MbtUnit.of(u).suppressed = None
        elif MbtUnit.of(u).suppressed == "on":
            MbtUnit.of(u).suppressed = "off"
    for side in new.side_ids():  # 16.3.3: full cover markers the players take off
        for uid, spec in plan(m, side):
            u = new.units[uid]
            if spec.get("full_cover") == "leave" and MbtUnit.of(u).full_cover:
                MbtUnit.of(u).full_cover = False
                if U.alive(u):
                    notes.append(unit_note(uid, "leaves full cover: its marker is removed (16.3.3)", "full_cover"))
    for u in new.units.values():  # 9.3
        if not U.on_table(u) or MbtUnit.of(u).spotted == "none":
            continue
        if not any(S.sees(t, e, u).legal for e in new.units.values() if e.side != u.side and U.on_table(e)):
            MbtUnit.of(u).spotted = "none"
            notes.append(unit_note(u.id, "spotted marker removed, unseen (9.3)", "unspotted"))
    tl = tally(new)
    res = [Resolution(ruleset="mbt", procedure="victory", outcome=tl.as_json(), summary=tl.reason, notes=tl.lines,
                      estimated=tl.estimated, facts=Facts(side="umpire"))]
    if tl.decided:
        m.result = tl.as_json()
        return close_phase(new, res, notes, OVER, f"the game is over: {tl.reason}")
    applied = close_phase(new, res, notes, "Initiative", f"markers adjusted (16.3); turn {new.turn + 1} begins (16.4)")
    applied.state.turn += 1
    return applied


def next_phase(state: GameState, dice: Dice) -> Applied:
    """Resolve the current phase of the Advanced Game (10-16 in the sequence of 24.3)."""
    from umpire.turns.mbt.advanced.fire_phase import fire_phase
    from umpire.turns.mbt.advanced.moving import movement_phase
    from umpire.turns.mbt.options.artillery_step import fire_with_artillery, movement_with_air
    from umpire.turns.mbt.options.command_step import initiative_with_command
    from umpire.turns.mbt.options.fires import adjustment_with_fires
    from umpire.turns.mbt.options.hit_variations import after_hits
    from umpire.turns.mbt.options.legs import with_entrenchments
    from umpire.turns.mbt.options.minefields import movement_with_mines
    from umpire.turns.mbt.options.searchlights import with_searchlights
    from umpire.turns.mbt.options.supplies import after_movement
    from umpire.turns.mbt.options.supplies import initiative as with_supplies

    return resolve_phase(state, dice, {  # the options open the Mark Orders Step and the Fire phase, close Movement
        "Initiative": lambda s, d: with_supplies(s, d, lambda s2, d2: initiative_with_command(s2, d2, initiative)),
        "Command": lambda s, d: command(s),
        "Fire": lambda s, d: after_hits(fire_with_artillery(s, d, fire_phase), d),
        "Movement": lambda s, d: after_movement(after_hits(movement_with_air(
            s, d, lambda s2, d2: movement_with_mines(s2, d2, movement_phase)), d)),
        "Adjustment": lambda s, d: adjustment_with_fires(s, d, with_searchlights(with_entrenchments(adjustment))),
    })
