"""The Auftragstaktik turn's actions (named by kind in :data:`umpire.turns.auftragstaktik.ACTIONS`):
the orders file, the phase, and the step commands (one order, one HQ roll, one shot, one morale check). Each validates
against the tracked state, changes a copy and says what happened, so each is one atomic,
undoable event that replays exactly."""

from __future__ import annotations

from typing import Any

from umpire.core.dice import Dice
from umpire.core.shared import held_unit
from umpire.core.state import GameState
from umpire.errors import UmpireError, unknown
from umpire.rules.auftragstaktik.ratings import read_order
from umpire.turns.auftragstaktik import tracked as tr
from umpire.turns.common import Applied
from umpire.turns.facts import notes, recorded


@recorded
def orders(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
    from umpire.turns.auftragstaktik.ordering import apply_orders

    phase = tr.current_phase(state)
    new = state.copy_for_change()
    if new.phase in ("setup", ""):
        new.phase = "orders"
    results, lines = apply_orders(new, payload, dice)
    side = payload.get("side", "?")
    plans = [p for uid, p in tr.read_book(new).plan.items() if getattr(held_unit(new.units, uid), "side", None) == side]
    moves = sum(1 for p in plans for k in ("move1", "move2") if p.get(k))
    text = f"orders of {tr.side_name(state, side)} entered ({payload.get('file', 'orders')}, {moves} moves planned)"
    if lines:
        text += ": " + "; ".join(lines)
    told = notes(state.ruleset, lines, results, side=str(side))
    return Applied(new, text, results + ([told] if told else []), turn=state.turn, phase=phase)


@recorded
def phase(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
    from umpire.turns.auftragstaktik.phases import payload_info, resolve, summary

    allow = payload_info(payload)
    turn = state.turn
    new, done, results, lines = resolve(state, dice, allow_integrity_break=allow)
    told = notes(state.ruleset, lines, results)
    return Applied(new, summary(done, lines, results), results + ([told] if told else []), turn=turn, phase=done)


@recorded
def order(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
    """One stand's new order (``{"unit", "order", "direction"?, "level"?}``)."""
    from umpire.turns.auftragstaktik.ordering import change_orders, check_order_phase

    phase = check_order_phase(state, "order")
    u = tr.find_unit_of(state, str(payload["unit"]), "order")
    if not tr.alive(u):
        raise UmpireError(f"order: {u.id} is {u.status if u.placed else 'not on the table'} and takes no orders")
    code = read_order(payload["order"], "order")
    level = str(payload.get("level") or "battalion")
    if level not in ("battalion", "brigade", "division"):
        raise UmpireError(f"--by: unknown HQ level {level!r} (allowed: battalion, brigade, division)")
    new = state.copy_for_change()
    if new.phase in ("setup", ""):
        new.phase = "orders"
    bn = tr.battalion_of(new, new.units[u.id])
    wanted = {u.id: (code, payload.get("direction"))}
    if bn is not None and level != "battalion":
        wanted = {x.id: (code, payload.get("direction")) for x in tr.battalion_units(new, bn.id) if tr.alive(x)}
    results, lines = change_orders(new, bn, wanted, level, dice, "order")
    return Applied(
        new, f"order {code} for {u.id}: " + ("; ".join(lines) or "unchanged"), results, turn=state.turn, phase=phase
    )


@recorded
def hq(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
    """A battalion's HQ roll for this turn (``{"battalion", "level"?}``)."""
    from umpire.turns.auftragstaktik.ordering import check_order_phase, roll_for

    phase = check_order_phase(state, "hq")
    bid = str(payload["battalion"])
    forms = tr.formations(state)
    bns = {f for f, x in forms.items() if x.level in ("battalion", "regiment")}
    if bid not in bns:
        raise UmpireError(f"hq: {unknown('battalion', bid, bns)}")
    level = str(payload.get("level") or "battalion")
    new = state.copy_for_change()
    if new.phase in ("setup", ""):
        new.phase = "orders"
    res = roll_for(new, forms[bid], level, dice)
    return Applied(new, res.summary, [res], turn=state.turn, phase=phase)


@recorded
def fire(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
    """One shot (``{"firer", "target", "weapon"?}``), in a combat phase."""
    from umpire.turns.auftragstaktik.firing import COMBAT_PHASES, land, shoot
    from umpire.turns.auftragstaktik.shot_checks import check_shot

    phase = tr.current_phase(state)
    if phase not in COMBAT_PHASES:
        raise UmpireError(
            f"fire: direct fire is resolved in the First or Second Combat Phase (now: "
            f"{tr.phase_name(phase)}; resolve the turn on with umpire phase next)"
        )
    n = COMBAT_PHASES[phase]
    firer = tr.find_unit_of(state, str(payload["firer"]), "firer")
    target = tr.find_unit_of(state, str(payload["target"]), "target")
    weapon, d = check_shot(state, firer, target, n, payload.get("weapon"))
    res = shoot(state, firer, target, weapon, d, n, dice)
    new = state.copy_for_change()
    after = land(new, new.units[firer.id], new.units[target.id], res, n)
    return Applied(new, f"{res.summary}; {after}", [res], turn=state.turn, phase=phase)


@recorded
def indirect(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
    """One indirect fire mission (``{"battery", "at" | "target" | "counter_battery", "also"?, "facing"?,
    "ordered_by"?, "icm"?, "planned"?}``), in the First Combat Phase."""
    # the fire procedures: a one-shot command that fires nothing (a move by hand) loads none of them
    from umpire.turns.auftragstaktik import support as sp
    from umpire.turns.auftragstaktik.firing import land
    from umpire.turns.auftragstaktik.indirect import check_mission, fire_mission, lay, spend_icm

    phase = tr.current_phase(state)
    if phase != "combat_1":
        raise UmpireError(
            f"fire --indirect: indirect fire is resolved in the First Combat Phase only (now: {tr.phase_name(phase)}; "
            "COMBAT > HE indirect fire effects)"
        )
    u = tr.find_unit_of(state, str(payload.get("battery")), "battery")
    if not tr.alive(u):
        raise UmpireError(f"battery: {u.id} is {u.status if u.placed else 'not on the table'} and cannot fire")
    m = {k: v for k, v in payload.items() if k != "battery" and v is not None}
    check_mission(state, u, m, "fire --indirect", now=True)
    label = f"{state.turn}.1"
    done = tr.read_book(state).indirect_fired
    if done.get(u.id) == label:
        raise UmpireError(f"battery: {u.id} has already fired indirect this phase (one mission per phase)")
    new = state.copy_for_change()
    ext = tr.book(new)
    nu = new.units[u.id]
    if m.get("counter_battery") is not None:
        if done.get(m["counter_battery"]) != label:
            fired = sorted(k for k, v in done.items() if v == label and new.units[k].side != u.side)
            raise UmpireError(
                f"fire --counter-battery: {m['counter_battery']} has not fired indirect this phase (counter-battery "
                f"fire answers batteries that fired; ruling cb.timing; fired: {', '.join(fired) or 'none'})"
            )
        t, res = sp.counter_battery(new, nu, m, dice)
        pairs = [(t, res)]
    else:
        pairs, tpl = fire_mission(new, nu, m, dice)
        lay(new, nu, m, tpl)
    ext.indirect_fired[u.id] = label
    spend_icm(new, nu, m)
    after = [f"{t.id}: {land(new, nu, new.units[t.id], res, 1)}" for t, res in pairs]
    what = "counter-battery fire" if m.get("counter_battery") else "indirect fire"
    text = f"{u.id} {what}: " + ("; ".join(after) if after else "no stand under the template")
    return Applied(new, text, [r for _, r in pairs], turn=state.turn, phase=phase)


@recorded
def morale(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
    """One battalion's morale check (``{"battalion"}``), in the Morale Phase."""
    from umpire.turns.auftragstaktik.morale_cc import check_battalion

    phase = tr.current_phase(state)
    if phase != "morale":
        raise UmpireError(
            f"morale: morale is checked in the Morale Phase (now: {tr.phase_name(phase)}; "
            "resolve the turn on with umpire phase next)"
        )
    bid = str(payload["battalion"])
    forms = tr.formations(state)
    if bid not in forms:
        raise UmpireError(
            f"morale: {unknown('battalion', bid, [f for f, x in forms.items() if x.level == 'battalion'])}"
        )
    new = state.copy_for_change()
    res, line = check_battalion(new, bid, dice)
    return Applied(new, res.summary, [res], turn=state.turn, phase=phase)
