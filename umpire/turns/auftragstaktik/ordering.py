"""Order changes and the HQ rolls that gate them (ORDERS; MORALE).

One HQ roll per battalion per turn, by any HQ level (ruling ``orders.reaction_phase_roll``:
``one_per_turn``, or ``own_allowance`` for a second roll in the Reaction Phase); in the Reaction
Phase only battalion HQs roll. Success: the new orders stand at once. Delay: they come into
force at the next Orders Phase without a roll (ruling ``orders.delay_effect``); a 7-8 under
``hq_roll.band_7_8=reaction_phase`` takes effect in this turn's Reaction Phase. Failure: the
old orders stay. No roll is needed for the first orders of the game (ruling
``orders.initial_orders``) or for recon stands (ruling ``recon.eligibility``).

Brigade and division orders give every stand of the battalion the same order (ruling
``orders.company_vs_stand``). A Checked battalion may only receive No Orders or Withdraw, a
Routed one no orders at all (MORALE).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Resolution
from umpire.core.shared import held_unit, held_values
from umpire.core.state import FormationState, GameState, UnitState
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik.command import Hq, hq_roll
from umpire.rules.auftragstaktik.data import tables
from umpire.rules.auftragstaktik.facts import AtCommandFacts
from umpire.rules.auftragstaktik.ratings import ORDERS
from umpire.rules.auftragstaktik.state import Plan
from umpire.turns.auftragstaktik import tracked as tr

if TYPE_CHECKING:
    from umpire.turns.auftragstaktik.orders_file import OrdersFile, UnitOrders

ORDER_PHASES = ("orders", "reaction")


def check_order_phase(state: GameState, what: str) -> str:
    phase = tr.current_phase(state)
    if phase not in ORDER_PHASES:
        raise UmpireError(
            f"{what}: orders are given in the Orders Phase or the Reaction Phase (now: {tr.phase_name(phase)}; "
            "resolve the turn on with umpire phase next)"
        )
    return phase


def _hq_for(state: GameState, bn: FormationState, level: str) -> Hq:
    side = next(s for s in state.sides if s.id == bn.side)
    return Hq(level=level, doctrine=bn.doctrine or "balanced", rating=side.hq_rating or 0)


def _enemy_rating(state: GameState, side: str) -> int:
    """The prevailing enemy HQ rating: the best of the other sides' (ruling
    hq_roll.hq_rating_definition)."""
    return max((s.hq_rating or 0 for s in state.sides if s.id != side), default=0)


def check_allowed(state: GameState, bn: FormationState | None, order: str, field: str) -> None:
    if bn is None:
        return
    status = tr.read_book(state).battalion_status.get(bn.id, "ok")
    if status == "routed":
        raise UmpireError(f"{field}: battalion {bn.id} is Routed and may not be issued orders (MORALE)")
    allowed = tables().morale.effects.checked_orders
    if status == "checked" and order not in allowed:
        raise UmpireError(
            f"{field}: battalion {bn.id} is Checked and may only receive "
            f"{' or '.join(ORDERS[o] for o in allowed)} (allowed: {', '.join(allowed)}; MORALE)"
        )


def needs_roll(state: GameState, u: UnitState) -> bool:
    if tr.is_recon(u):
        return False
    return not (state.turn == 1 and u.orders is None)


def roll_for(state: GameState, bn: FormationState, level: str, dice: Dice) -> Resolution:
    """The battalion's HQ roll for this turn (made on ``state``, a copy being changed).

    :raises UmpireError: a second roll this turn, or a brigade/division roll in the Reaction Phase.
    """
    ext = tr.book(state)
    phase = tr.current_phase(state)
    rulings = tr.rulings_of(state)
    done = ext.rolled.get(bn.id)
    already = done is not None and not (
        phase == "reaction"
        and done.get("phase") == "orders"
        and rulings["orders.reaction_phase_roll"] == "own_allowance"
    )
    rating, enemy = _hq_for(state, bn, level), _enemy_rating(state, bn.side)
    when: Literal["orders", "reaction"] = "reaction" if phase == "reaction" else "orders"
    res = hq_roll(rating, enemy, scoped(dice, "hq", bn.id), rulings, phase=when, already_rolled=already)
    fx = AtCommandFacts.of(res)
    fx.case = {"procedure": "hq", "ruleset": "auftragstaktik", "rulings": dict(state.rulings),
                         "hq": rating.model_dump(mode="json"), "enemy_rating": enemy, "phase": when,
                         "already_rolled": already}
    units = tr.battalion_units(state, bn.id)
    hq = bn.hq if bn.hq in state.units else (units[0].id if units else None)
    fx.unit, fx.battalion, fx.level = hq, bn.id, level
    res.summary = f"HQ roll for {bn.id} ({level}): {res.summary}"
    ext.rolled[bn.id] = {"phase": phase, "result": res.outcome["result"], "level": level}
    return res


def give(state: GameState, u: UnitState, order: str, direction: Any, *, when: str) -> str:
    """Put ``order`` on the stand now (``when='now'``), or leave it pending."""
    ext = tr.book(state)
    unit = state.units[u.id]
    if when == "now":
        if order == "NO" and (unit.orders or "NO") != "NO" or (order == "NO" and unit.orders is None):
            if unit.id not in ext.new_no_orders:
                ext.new_no_orders.append(unit.id)
        unit.orders = order
        if direction is not None:
            ext.direction[unit.id] = list(direction) if isinstance(direction, list | tuple) else direction
        ext.pending.pop(unit.id, None)
        return f"{unit.id} {order}"
    ext.pending[unit.id] = {"order": order, "direction": direction, "when": when}
    return f"{unit.id} {order} ({'next Orders Phase' if when == 'orders' else 'Reaction Phase'})"


def _check_wanted(
    state: GameState, bn: FormationState | None, wanted: dict[str, tuple[str, Any]], level: str, field: str
) -> None:
    """Each order allowed the stand's battalion; a brigade's or division's the same for all."""
    for uid, (order, _d) in wanted.items():
        check_allowed(state, bn, order, f"{field}.{uid}" if bn is None else field)
    if level != "battalion" and bn is not None:
        orders = {o for o, _ in wanted.values()}
        if len(orders) > 1:
            raise UmpireError(
                f"{field}: {level} orders give every stand of {bn.id} the same order "
                f"(got {', '.join(sorted(orders))}; ORDERS; ruling orders.company_vs_stand)"
            )


def change_orders(
    state: GameState,
    bn: FormationState | None,
    wanted: dict[str, tuple[str, Any]],
    level: str,
    dice: Dice,
    field: str,
) -> tuple[list[Resolution], list[str]]:
    """Change the orders of stands of one battalion (``wanted``: unit -> (order, direction)),
    rolling for the battalion when the rules ask for it. Changes ``state`` (a copy)."""
    ext = tr.book(state)
    phase = tr.current_phase(state)
    lines: list[str] = []
    results: list[Resolution] = []
    _check_wanted(state, bn, wanted, level, field)
    changes = {uid: v for uid, v in wanted.items() if v[0] != (state.units[uid].orders or "") or v[1] is not None}
    real = {uid: v for uid, v in changes.items() if v[0] != state.units[uid].orders}
    free = {uid: v for uid, v in real.items() if not needs_roll(state, state.units[uid])}
    rolled = {uid: v for uid, v in real.items() if uid not in free}
    if free:
        given = [give(state, state.units[uid], order, d, when="now") for uid, (order, d) in free.items()]
        lines.append(
            "no HQ roll (first orders or recon; rulings orders.initial_orders, recon.eligibility): " + ", ".join(given)
        )
    for uid, (_order, d) in changes.items():  # a new arrow for an unchanged order needs no roll
        if uid not in real and d is not None:
            ext.direction[uid] = list(d) if isinstance(d, list | tuple) else d
    if not rolled:
        return results, lines
    if bn is None:
        raise UmpireError(f"{field}: stands outside a battalion have no HQ to roll for their orders")
    if phase == "reaction" and level != "battalion":
        raise UmpireError(
            f"{field}: in the Reaction Phase only battalion HQs may change orders (allowed: battalion; ORDERS)"
        )
    done = ext.rolled.get(bn.id)
    if done is not None and done.get("result") == "delay-applied" and phase == "orders":
        raise UmpireError(
            f"{field}: {bn.id}'s delayed orders came into force this Orders Phase; that was its "
            "change for this turn (ruling orders.delay_effect)"
        )
    if done is not None and done.get("phase") == phase:
        result = done["result"]  # orders entered again in the same phase: the roll stands
        lines.append(f"{bn.id}: HQ roll already made this phase ({result})")
    else:
        res = roll_for(state, bn, level, dice)
        results.append(res)
        result = res.outcome["result"]
    when = {"success": "now", "delay": "orders", "reaction": "reaction" if phase == "orders" else "orders"}.get(result)
    if when is None:
        lines.append(f"{bn.id}: HQ roll failed, orders unchanged ({', '.join(sorted(rolled))})")
        return results, lines
    given = [give(state, state.units[uid], order, d, when=when) for uid, (order, d) in rolled.items()]
    lines.append(f"{bn.id}: " + ", ".join(given))
    return results, lines


def apply_orders(state: GameState, payload: dict[str, Any], dice: Dice) -> tuple[list[Resolution], list[str]]:
    """Enter one side's orders file on ``state`` (a copy being changed)."""
    # the orders file's models and checks: an order given by hand (``umpire order``) reads no file
    from umpire.turns.auftragstaktik.orders_file import check_payload

    body = {k: v for k, v in payload.items() if k != "file"}
    where = str(payload.get("file") or "orders")
    orders = check_payload(state, body, where)
    phase = check_order_phase(state, where)
    ext = tr.book(state)
    side = orders.side
    results: list[Resolution] = []
    lines: list[str] = []
    by_bn, loose = _wanted(state, orders)
    forms = tr.formations(state)
    for bid, wanted in sorted(by_bn.items()):
        level = orders.battalions[bid].issued_by if bid in orders.battalions else "battalion"
        r, ln = change_orders(state, forms[bid], wanted, level, dice, f"{where}: battalions.{bid}")
        results += r
        lines += ln
    if loose:
        r, ln = change_orders(state, None, loose, "battalion", dice, f"{where}: units")
        results += r
        lines += ln
    for uid, o in orders.units.items():
        ext.plan[uid] = _plan(o, phase, ext.plan.get(uid, Plan()) if phase == "reaction" else Plan())
    if phase == "orders":
        air = {k: v for k, v in ext.air_plan.items() if v.get("side") != side}
        air.update({fid: {**a.model_dump(mode="json"), "side": side} for fid, a in orders.air.items()})
        ext.air_plan = air
    if phase == "orders":
        ours = {u.id for u in held_values(state.units) if u.side == side}  # read, none copied
        for uid in [k for k in ext.plan if k in ours and k not in orders.units]:
            ext.plan.pop(uid)
    ext.entered[side] = {"turn": state.turn, "phase": phase, "file": where}
    return results, lines


Wanted = dict[str, tuple[str, Any]]


def _wanted(state: GameState, orders: OrdersFile) -> tuple[dict[str, Wanted], Wanted]:
    """The orders and directions the file asks for, by battalion (a battalion's for its live
    stands, a stand's own over it) and of the stands outside a battalion: each stand's
    ``(order, direction)``."""
    by_bn: dict[str, Wanted] = {}
    loose: Wanted = {}
    for bid, b in orders.battalions.items():
        if b.order is None and b.direction is None:
            continue
        for u in tr.battalion_units(state, bid):
            if tr.alive(u):
                by_bn.setdefault(bid, {})[u.id] = (b.order or u.orders or "NO", b.direction)
    for uid, o in orders.units.items():
        if o.order is None and o.direction is None:
            continue
        unit = held_unit(state.units, uid)  # read only: its orders change through change_orders
        assert unit is not None  # the orders file's check: a stand of the game
        bn = tr.battalion_of(state, unit)
        if bn is None:
            loose[uid] = (o.order or unit.orders or "NO", o.direction)
            continue
        current = by_bn.setdefault(bn.id, {}).get(uid, (unit.orders or "NO", None))
        by_bn[bn.id][uid] = (o.order or current[0], o.direction if o.direction is not None else current[1])
    return by_bn, loose


def _plan(o: UnitOrders, phase: str, plan: Plan) -> Plan:
    """A stand's plan for the turn: ``plan`` (its plan so far, in the Reaction Phase) with what its
    orders give."""
    if phase == "orders" and o.first:
        plan["move1"] = [list(p) for p in o.first]
    if o.second:
        plan["move2"] = [list(p) for p in o.second]
    if o.facing is not None:
        plan["facing"] = o.facing % 360
    if o.fire:
        plan["fire"] = list(o.fire)
        plan["fire_in"] = list(o.fire_in)
    if o.weapon:
        plan["weapon"] = o.weapon
    if o.note:
        plan["note"] = o.note
    if o.entrench:
        plan["entrench"] = o.engineer or True
    if o.cc_withdraw:
        plan["cc_withdraw"] = True
    if o.override:
        plan["override"] = True
    if o.indirect is not None:
        plan["indirect"] = o.indirect.model_dump(mode="json", exclude_defaults=True)
    return plan


def apply_pending(state: GameState, when: str) -> list[str]:
    """Delayed orders whose time has come (``when``: ``orders`` or ``reaction``)."""
    ext = tr.book(state)
    lines = []
    for uid, p in sorted(ext.pending.items()):
        if p["when"] != when or uid not in state.units or not tr.alive(state.units[uid]):
            continue
        u = state.units[uid]
        bn = tr.battalion_of(state, u)
        try:
            check_allowed(state, bn, p["order"], f"pending orders of {uid}")
        except UmpireError as exc:
            ext.pending.pop(uid)
            lines.append(f"{uid}: delayed orders dropped ({exc})")
            continue
        lines.append(give(state, u, p["order"], p.get("direction"), when="now") + " (delayed orders come into force)")
        if bn is not None and when == "orders":
            ext.rolled[bn.id] = {"phase": "orders", "result": "delay-applied", "level": "battalion"}
    return lines
