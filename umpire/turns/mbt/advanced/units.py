"""What the Advanced Game needs to know of a unit on the tracked table: its card and kind
(vehicle, leg, towed: 1.2.1.2), its weapons as fitted and as damage left them, suppression
(12.3), crew losses (14.3.3.1, 14.8), who it carries (15.3) and what it stacks (12.2).

A unit's Advanced Game condition lives in its ``notes``: ``suppressed`` (``on``/``off``),
``temp_sup``, ``crew_losses``, ``carried_by``, ``full_cover``, ``inside``, ``up``,
``lost_weapons``, ``ds_used``, ``ex_used``, ``reduced_from`` (a squad now a half squad),
``bailed_crew`` (a vehicle's crew bailed out, option 17.2.3.2.2: a team of its nation's leg card
firing the vehicle card named there).
"""

from __future__ import annotations

from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.rules.mbt import cards, firers
from umpire.rules.mbt.cards import LegCard, TowedCard
from umpire.rules.mbt.forces import capacity, equipment_items
from umpire.rules.mbt.state import MbtUnit
from umpire.rules.mbt.vehicle_card import Card, Weapon

ELITE = firers.ELITE


def card_of(u: UnitState) -> Card | LegCard | TowedCard:
    c = cards.any_card(u.card or "")
    assert isinstance(c, Card | LegCard | TowedCard), c.kind
    return c


def kind(u: UnitState) -> str:
    """``vehicle``, ``leg`` or ``towed``."""
    return card_of(u).kind


def alive(u: UnitState) -> bool:
    return u.status not in ("eliminated", "off_table") and u.placed


def carried(u: UnitState) -> bool:
    return bool(u.carried_by)


def on_table(u: UnitState) -> bool:
    """In action and standing on the table itself (not riding in a vehicle: 15.3.2.6)."""
    return alive(u) and not carried(u)


def passengers(state: GameState, u: UnitState) -> list[UnitState]:
    return [p for p in state.units.values() if p.carried_by == u.id and alive(p)]


def suppressed(u: UnitState) -> bool:
    return MbtUnit.of(u).suppressed in ("on", "off")


def grade(u: UnitState) -> str:
    return u.quality if u.quality in ("crack", "poor") else "average"


def leg_type(u: UnitState) -> cards.LegType:
    c = card_of(u)
    assert isinstance(c, LegCard)
    return c.type(u.type or "")


def leg_kind(u: UnitState) -> str:
    """``squad``, ``half_squad`` or ``team`` (12.5, 15.1)."""
    return leg_type(u).leg


def hatch(u: UnitState) -> str:
    """Open or buttoned; leg and towed units are always open for sighting (13.1.4)."""
    if kind(u) != "vehicle":
        return "open"
    return str(MbtUnit.of(u).turret or "open")


def size(u: UnitState) -> str:
    """The SIGHTING RANGES CHART sub-column (13.1.2)."""
    c = card_of(u)
    if isinstance(c, LegCard):
        return "small"
    if isinstance(c, TowedCard):
        return c.unit_size
    return "vehicle"


def stacking(u: UnitState) -> int:
    c = card_of(u)
    if isinstance(c, LegCard):
        return int(c.type(u.type or "").stacking.v)
    if isinstance(c, TowedCard):
        return int(c.stacking.v)
    return int(c.target.stacking.v)


def transport(u: UnitState) -> tuple[int, str, bool]:
    """(stacking points it carries, L/T/LT, full cover) from the card (15.3.1)."""
    c = card_of(u)
    if not isinstance(c, Card):
        return 0, "", False
    return capacity(c.target.transport.v)


def room(state: GameState, u: UnitState) -> int:
    return transport(u)[0] - sum(stacking(p) for p in passengers(state, u))


def weapons(u: UnitState) -> list[Weapon]:
    """The weapons a unit has now: a vehicle's as fitted (a weapon with an ``option`` only if the
    unit's equipment names it, else the first option), a leg unit's small arms and attached
    weapons, a towed gun's; less those destroyed (14.3.3.1, 14.3.3.4.2) or lost."""
    c = card_of(u)
    lost = set(MbtUnit.of(u).lost_weapons or [])
    if MbtUnit.of(u).bailed_crew:  # a bailed out crew: its vehicle's Bailed Crew line (17.2.3.2.2.2)
        crew = getattr(cards.any_card(str(MbtUnit.of(u).bailed_crew)), "bailed_crew", None)
        return [crew] if crew is not None and crew.name not in lost else []
    out = firers.weapons_of(c, u.type, equipment_items(MbtUnit.of(u).equipment))
    if isinstance(c, Card):
        comp = MbtUnit.of(u).compartment
        out = [w for w in out if firers.working(w, gun_hit=bool(MbtUnit.of(u).gun_hit),
                                                 compartment=None if comp is None else str(comp))]
    return [w for w in out if w.name not in lost]


def attached_of(u: UnitState) -> dict[str, cards.Attached]:
    c = card_of(u)
    if not isinstance(c, LegCard):
        return {}
    out = {}
    for item in equipment_items(MbtUnit.of(u).equipment):
        if item not in ELITE:
            out[item] = c.attached_weapon(item)
    return out


def elite(u: UnitState) -> list[str]:
    return [i for i in equipment_items(MbtUnit.of(u).equipment) if i in ELITE]


def crew(u: UnitState) -> int:
    c = card_of(u)
    if isinstance(c, LegCard):
        return int(leg_type(u).crew.v)
    return int(c.crew.v)


def gun_working(u: UnitState) -> bool:
    return any(w.kind in ("gun", "mg", "launcher", "grenade", "small_arms") and w.ammo for w in weapons(u))


def has_missile(u: UnitState) -> bool:
    return any(w.kind == "atgm" for w in weapons(u))


def can_move(u: UnitState) -> bool:
    """Not track hit or hull compartment hit (7.4.5.3.1, 7.4.7.2.2); a towed gun only if
    ``towed (1)`` (15.2.1)."""
    c = card_of(u)
    if isinstance(c, TowedCard):
        return str(c.speed.v).strip().lower().startswith("towed (1")
    if isinstance(c, LegCard):
        return True
    return not (MbtUnit.of(u).track_hit or MbtUnit.of(u).compartment == "hull")


def stopped(u: UnitState) -> bool:
    return u.status == "eliminated" or bool(MbtUnit.of(u).track_hit) or MbtUnit.of(u).compartment == "hull"


def default_ammo(w: Weapon, target: UnitState | None) -> str:
    """AP ammunition at a vehicle (KE first), GP at anything else (14.1.1.2)."""
    vehicle = target is not None and kind(target) == "vehicle"
    for want in (("KE", "CE", "GP") if vehicle else ("GP",)):
        for a in w.ammo:
            if a.type == want:
                return a.name
    raise UmpireError(f"the {w.name} has no ammunition for that target (allowed: {', '.join(a.name for a in w.ammo)})")
