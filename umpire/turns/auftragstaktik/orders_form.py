"""A side's Auftragstaktik orders form for the Orders Phase (ORDERS): its battalions with the
order their stands hold and the arrow, every stand able to act with its position, facing,
order, the movement allowance of each movement phase under that order (MOVEMENT) and the fields
of the orders file (:mod:`.orders_file`), its flights (Airstrikes).

The fields are commented with the values the game holds now, so the file left as it is enters
no order change, no move and no fire: the stands keep their orders and stay put.
"""

from __future__ import annotations

from umpire.core.state import FormationState, GameState, UnitState
from umpire.rules.auftragstaktik.ratings import ORDERS
from umpire.rules.auftragstaktik.state import AtGame
from umpire.text import num
from umpire.turns.auftragstaktik import tracked as tr
from umpire.turns.orders_form import Entry, OrdersForm, Section, Slot, point, scalar

WEAPONS = "gun, missile, he, hw, sa"


def _direction(d: object) -> str:
    if isinstance(d, list | tuple) and len(d) == 2:
        return point((float(d[0]), float(d[1])))
    return num(float(d)) if isinstance(d, int | float) else ""


def _order_now(u: UnitState, ext: AtGame) -> str:
    pending = ext.pending.get(u.id)
    now = u.orders or "none yet"
    if pending:
        now += f" ({pending['order']} from the next Orders Phase: delayed)"
    return now


def _allowance(state: GameState, u: UnitState) -> str:
    """How far each order would take the stand in a movement phase (MOVEMENT): its own first."""
    from umpire.turns.auftragstaktik.moving import phase_allowance

    def each(order: str) -> str:
        a = phase_allowance(state, u, 1, order)
        return f'{order} {num(a.minimum)}-{num(a.maximum)}"' if a.minimum else f'{order} {num(a.maximum)}"'

    own = u.orders or "NO"
    return "moves a phase: " + ", ".join(each(o) for o in [own, *(o for o in ORDERS if o != own)])


def _unit(state: GameState, u: UnitState, group: str | None, targets: list[str]) -> Entry:
    ext = tr.read_book(state)
    assert u.x is not None and u.y is not None
    d = (ext.direction or {}).get(u.id)
    at = point((u.x, u.y))
    allowance = _allowance(state, u)
    facts = [f"{u.type or 'stand'} at ({num(u.x)}, {num(u.y)}) facing {num(u.facing)}; "
             f"order {_order_now(u, ext)}"
             + (f", arrow {_direction(d)}" if d is not None else "")
             + (f"; {u.status}" if u.status != "ok" else ""),
             allowance]
    fire = "[" + ", ".join(scalar(t) for t in targets[:3]) + "]"
    slots = [
        Slot("order", u.orders or "HA", "a change needs the battalion's HQ roll (ORDERS)" if u.orders else
             "its first order: no HQ roll (ruling orders.initial_orders)"),
        Slot("direction", _direction(d) or num(u.facing), "the arrow: a heading or a point [x, y]"),
        Slot("first", f"[{at}]", "waypoints of the First Movement Phase"),
        Slot("second", f"[{at}]", "waypoints of the Second Movement Phase"),
        Slot("facing", num(u.facing), "facing at the end of its move"),
        Slot("fire", fire, "targets in order of preference (enemy ids as your briefing names them)"),
        Slot("weapon", "gun", WEAPONS),
    ]
    r = tr.unit_ratings(u)
    if getattr(r, "indirect", None) is not None:
        slots.append(Slot("indirect", "{at: [x, y], ordered_by: battalion}",
                          "or {target: ID}, {counter_battery: ID}; also:, icm:, planned:"))
    if tr.is_troop(u):
        slots.append(Slot("entrench", "true", "roll to dig in (stays put this turn)"))
    slots += [Slot("override", "true", "the umpire lets its moves break unit integrity"),
              Slot("note", '""', "a word to the umpire")]
    return Entry(u.id, u.name, tuple(facts), tuple(slots), group, (u.x, u.y), u.facing, u.orders, allowance)


def _battalion(state: GameState, bn: FormationState) -> Entry:
    ext = tr.read_book(state)
    stands = [u for u in tr.battalion_units(state, bn.id) if tr.alive(u)]
    orders = sorted({u.orders or "NO" for u in stands})
    status = ext.battalion_status.get(bn.id, "ok")
    rolled = ext.rolled.get(bn.id)
    facts = [f"{len(stands)} stand{'s' if len(stands) != 1 else ''}; orders now "
             + (", ".join(orders) or "none") + (f"; HQ {bn.hq}" if bn.hq else "")
             + (f"; {status.capitalize()} (MORALE)" if status != "ok" else "")
             + (f"; HQ roll this turn: {rolled['result']}" if rolled else "")]
    slots = [Slot("order", orders[0] if len(orders) == 1 else "HA", ", ".join(ORDERS)),
             Slot("direction", "90", "the arrow: a heading or a point [x, y]"),
             Slot("issued_by", "battalion", "battalion | brigade | division: the HQ making the roll"),
             Slot("note", '""', "")]
    return Entry(bn.id, bn.name, tuple(facts), tuple(slots))


def form(state: GameState, side: str, targets: list[str] | None = None) -> OrdersForm:
    """The orders form of ``side`` for the game's current turn. ``targets`` are the enemy ids the
    side knows (from its knowledge; the form only offers them)."""
    from umpire.turns.auftragstaktik.air import flights

    targets = targets or []
    forms = tr.formations(state)
    units: list[Entry] = []
    for u in state.units_of(side):
        if not tr.alive(u):
            continue
        f = forms.get(u.formation or "")
        units.append(_unit(state, u, f.name if f else None, targets))
    bns = [f for f in state.formations if f.side == side and f.level in ("battalion", "regiment")]
    air = [Entry(fid, str(f.get("name") or fid), (f"{num(float(f.get('ordnance_tons', 0)))} t of ordnance",),
                 (Slot("target", scalar(targets[0]) if targets else "ID", "a spotted enemy stand"),
                  Slot("attack", "bomb", "bomb | strafe"),
                  Slot("assigned_to", "battalion", "battalion | brigade | division"),
                  Slot("ordered_by", "battalion", "battalion | brigade | division")))
           for fid, f in sorted(flights(state, side).items())]
    intro = ("A field left commented changes nothing: a stand keeps its order and stays put.",
             "Write a new order under the battalion (one HQ roll) or the stand; moves as waypoints in inches.",
             "umpire turn orders FILE reads this file.")
    sections = [Section("battalions", "order changes: one HQ roll per battalion (ORDERS)",
                        tuple(_battalion(state, b) for b in bns)),
                Section("units", "per stand: its order, moves (waypoints), fire targets, notes", tuple(units))]
    if air:
        sections.append(Section("air", "the flights of this side (MISCELLANEOUS RULES > Airstrikes)", tuple(air)))
    return OrdersForm("auftragstaktik", state.name, side, tr.side_name(state, side), state.turn, intro,
                      tuple(sections), tuple(f"{k} {v}" for k, v in ORDERS.items()))
