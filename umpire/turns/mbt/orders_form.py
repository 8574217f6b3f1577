"""A side's MBT orders form for a Turn (24.3.2): every model it commands with its position,
facing, turret, the orders it may be given now (6.2.3, 13.3) and how far each moving order takes
it (8.2.1, 15.1.1), and the fields of the orders file (:mod:`.orders_file`, Advanced:
:mod:`.advanced.orders`).

Every field is commented, so the file left as it is lists no unit, and every unit gets
OVERWATCH orders with no special instructions, as a plan that does not name it does
(24.3.2). Units move in the order they are listed (24.3.2.2): reorder the entries to change it.
"""

from __future__ import annotations

from typing import Any

from umpire.core.state import GameState, UnitState
from umpire.rules.mbt import cards, data, orders, smoke
from umpire.rules.mbt.state import MbtUnit
from umpire.text import num
from umpire.turns.mbt.games import is_advanced
from umpire.turns.mbt.orders_file import unit_capability
from umpire.turns.mbt.table import Table
from umpire.turns.orders_form import Entry, OrdersForm, Section, Slot, point, scalar


def _allowed(state: GameState, u: UnitState, advanced: bool) -> list[str]:
    if advanced:
        from umpire.turns.mbt.advanced.orders import capability

        return orders.allowed_orders(capability(u, state))

    return orders.allowed_orders(unit_capability(u, data.card(u.card or "")))


def allowance(state: GameState, u: UnitState, code: str, advanced: bool) -> float:
    """Inches ``u`` may move with ``code`` orders this Turn, before terrain (8.2.1; leg units
    15.1.1; towed guns 15.2.1; at night 18.1.1), priced as the orders check prices a move: by the
    function ``calc move`` uses, on an empty route."""
    if advanced:
        from umpire.turns.mbt.advanced import units as U
        from umpire.turns.mbt.advanced.table import AdvTable

        t: Any = AdvTable(state)
        if U.kind(u) != "vehicle":
            if U.suppressed(u):
                return 0.0  # 12.3.3
            case = {"ruleset": "mbt", "game": "advanced", "scale": t.scale, "card": u.card, "type": u.type,
                    "orders": code, "conditions": t.conditions, "route": [], "floors": 0,
                    "rulings": dict(state.rulings)}
            return float(t.move_cost(case).allowance)
        return float(t.move_cost(t.move_case(u, code, [], suppressed=U.suppressed(u))).allowance)

    t = Table(state)
    return float(t.move_cost(t.move_case(u, code, [])).allowance)


def _unit(state: GameState, u: UnitState, group: str | None, targets: list[str], advanced: bool) -> Entry:
    assert u.x is not None and u.y is not None
    allowed = _allowed(state, u, advanced)
    at = point((u.x, u.y))
    moves = {c: allowance(state, u, c, advanced) for c in allowed if c in orders.MOVING}
    moving = ", ".join(f'{c} {num(v)}"' for c, v in moves.items() if v > 0) or "cannot move"
    turret = MbtUnit.of(u).turret_facing
    last = u.orders
    facts = [f"{cards.any_card(u.card or '').name} at ({num(u.x)}, {num(u.y)}) facing {num(u.facing)}"
             + (f", turret {num(float(turret))}" if turret is not None and float(turret) != u.facing else "")
             + (f", {MbtUnit.of(u).turret}" if MbtUnit.of(u).turret else "")
             + (f"; last turn {last}" if last else "") + (f"; {u.status}" if u.status != "ok" else ""),
             f"may be given {', '.join(allowed) or 'no orders'}; moves up to {moving}"
             + ("; may pivot (9.1)" if MbtUnit.of(u).may_pivot else "")]
    target = scalar(targets[0]) if targets else "ID"
    slots = [Slot("order", "OW" if "OW" in allowed else (allowed[0] if allowed else "OW"), ", ".join(allowed)),
             Slot("turret", str(MbtUnit.of(u).turret or "open"), "open | buttoned (9.2.2)"),
             Slot("turret_facing", num(float(turret if turret is not None else u.facing)),
                  "degrees, within TRN hexsides of the last (9.2.1)")]
    if MbtUnit.of(u).may_pivot:
        slots.append(Slot("pivot", num(u.facing), "new facing before it moves (9.1)"))
    if advanced:
        slots += [Slot("fire", f"[{{target: {target}, weapon: W}}]", "a weapon each; GP or AP by the ammunition"),
                  Slot("move", f"{{path: [{at}], facing: {num(u.facing)}}}", "waypoints in inches; reverse: true, "
                       "exhaust: true, inside: true, up: 1"),
                  Slot("assault", f"{{target: {target}}}", "CA (14.5)"),
                  Slot("overrun", f"{{target: {target}}}", "OR, with a move (14.7)"),
                  Slot("overwatch", "{at: any, targets: [], max_range: 15}", "at: any | fired | moving (24.3.2.3)")]
        from umpire.turns.mbt.advanced import units as U

        if U.passengers(state, u):
            slots.append(Slot("unload", "{units: [" + ", ".join(scalar(p.id) for p in U.passengers(state, u))
                              + "], at: end}", "before (start) or after (end) it moves (15.3.2)"))
        if U.kind(u) == "vehicle" and U.room(state, u) > 0:
            slots.append(Slot("load", "{units: [ID], at: start}", "15.3.2"))
        if not smoke.discharger(smoke.makers(U.card_of(u)), used=bool(MbtUnit.of(u).ds_used),
                                turret_hit=MbtUnit.of(u).compartment == "turret"):
            slots.append(Slot("discharger", "true", "its smoke dischargers, once (12.6)"))
        slots.append(Slot("full_cover", "take", "take | leave (15.5, 16.3.3)"))
    else:
        slots += [Slot("fire", f"{{target: {target}}}", "F, FM, ATGM: the target; ammo: as on the card"),
                  Slot("move", f"{{path: [{at}], facing: {num(u.facing)}}}", "M, FM: waypoints in inches; "
                       "reverse: true"),
                  Slot("overwatch", "{at: any, targets: [], max_range: 15}", "OW: at: any | fired | moving "
                       "(24.3.2.3)")]
    return Entry(u.id, u.name, tuple(facts), tuple(slots), group, (u.x, u.y), u.facing, last,
                 f"moves up to {moving}")


def form(state: GameState, side: str, targets: list[str] | None = None) -> OrdersForm:
    """The orders form of ``side`` for the current Turn. ``targets`` are the enemy ids the side
    knows (from its knowledge; the form only offers them)."""
    advanced = is_advanced(state)
    targets = targets or []
    forms = {f.id: f.name for f in state.formations}
    units: list[Entry] = []
    for u in state.units_of(side):
        if not u.placed or u.status in ("eliminated", "off_table"):
            continue
        group = forms.get(u.formation or "")
        carrier = u.carried_by if advanced else None
        if carrier:
            units.append(Entry(u.id, u.name, (f"carried by {carrier}: takes its orders (15.3.3.1)",), (), group,
                               listed=False))
            continue
        units.append(_unit(state, u, group, targets, advanced))
    game = "Advanced Game" if advanced else "Basic Game"
    intro = (f"MBT {game}, the written plan of 24.3.2. A unit left as it is gets OVERWATCH orders "
             "with no special instructions.",
             "Units move in the order they are listed (24.3.2.2): reorder the entries to change it.",
             "umpire turn orders FILE reads this file.")
    codes = tuple(f"{c} {orders.NAMES[c]}" for c in (orders.ADVANCED_ORDERS if advanced else orders.BASIC_ORDERS))
    side_name = next((s.name for s in state.sides if s.id == side), side)
    return OrdersForm("mbt", state.name, side, side_name, state.turn, intro,
                      (Section("units", "in the order they are to move (24.3.2.2)", tuple(units)),), codes)
