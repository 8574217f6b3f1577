"""A unit's weapons and kind read off its data card (1.2.1.2, 14.1, 14.1.3): what a vehicle has
fitted, what damage has left it (7.4.5.3.2, 14.3.3.1), a leg unit's small arms and attached
weapons, a towed gun's; the weapon a case names. The tracked turn and the quick answer both ask
here.
"""

from __future__ import annotations

from collections.abc import Iterable

from umpire.errors import UmpireError, unknown
from umpire.rules.mbt.cards import HelicopterCard, LegCard, LegType, TowedCard
from umpire.rules.mbt.vehicle_card import Card, Weapon

AnyFirer = Card | LegCard | TowedCard | HelicopterCard
ELITE = ("Assault", "Squad Plus", "Special Forces")  # equipment words that are not weapons (17.4.1)


def leg_type(card: LegCard, name: str | None) -> LegType:
    """A leg card's unit type by name (default: its first, a full squad)."""
    return card.types[0] if not name else card.type(name)


def kind_of(card: AnyFirer, type_name: str | None = None) -> str:
    """``vehicle``, ``squad``, ``half_squad``, ``team``, ``towed`` (1.2.1.2, 12.5) or ``helicopter``
    (option 20.2)."""
    if isinstance(card, LegCard):
        return leg_type(card, type_name).leg
    if isinstance(card, HelicopterCard):
        return "helicopter"
    return "towed" if isinstance(card, TowedCard) else "vehicle"


def fitted(card: Card, equipment: Iterable[str] = ()) -> list[Weapon]:
    """A vehicle's weapons as fitted: one with an ``option`` only if its equipment names it,
    else the first option (TO&E: the card's standard fit)."""
    items = set(equipment)
    options = [w.option for w in card.weapons if w.option]
    return [w for w in card.weapons
            if not w.option or w.option in items or (w.option == options[0] and not set(options) & items)]


def working(w: Weapon, *, gun_hit: bool = False, compartment: str | None = None) -> bool:
    """Is a vehicle weapon still working: not the main gun after a gun hit (7.4.5.3.2), nor a
    weapon of a compartment hit (14.3.3.1: turret weapons with the turret, hull ones with the hull)?"""
    if w.main and gun_hit:
        return False
    if compartment is None:
        return True
    mount = str(w.mount or ("T" if str(w.trn.v).endswith("T") or str(w.trn.v) == "T" else "H"))
    return (compartment == "turret") != mount.startswith("T")


def weapons_of(card: AnyFirer, type_name: str | None = None, equipment: Iterable[str] = ()) -> list[Weapon]:
    """The weapons a unit of ``card`` carries: a vehicle's as fitted, a leg unit's small arms and
    the attached weapons its equipment names (14.1.3), a towed gun's."""
    if isinstance(card, LegCard):
        out = [leg_type(card, type_name).weapon]
        out += [card.attached_weapon(i).weapon for i in equipment if i not in ELITE]
        return out
    if isinstance(card, TowedCard | HelicopterCard):
        return list(card.weapons)
    return fitted(card, equipment)


def pick_weapon(card: AnyFirer, type_name: str | None, name: str | None, ammo: str) -> Weapon:
    """The weapon a case names (or, unnamed, the first that fires ``ammo``): on a leg card its
    small arms or any attached weapon (14.1.3).

    :raises UmpireError: naming the card's weapons.
    """
    every = (weapons_of(card, type_name) + [a.weapon for a in card.attached]) if isinstance(card, LegCard) \
        else list(card.weapons)
    if name:
        for w in every:
            if w.name.lower() == str(name).strip().lower():
                return w
        raise UmpireError(f"weapon: {unknown(f'weapon on {card.card}', name, [w.name for w in every])}")
    for w in every:
        if any(a.name.lower() == str(ammo).lower() for a in w.ammo):
            return w
    if not ammo:  # GP fire with no ammunition named: the first weapon that fires GP (14.4)
        return next((w for w in every if any(a.type == "GP" for a in w.ammo)), every[0])
    return every[0]


def rider_limits(card: AnyFirer, weapon: Weapon, carrier: Card, carrier_open: bool) -> tuple[str, int | None]:
    """May a unit of ``card`` carried by ``carrier`` fire ``weapon`` from it (15.3.3.1, 15.3.4)?
    ``(why not, most hexes)``: the card NOTES of both (its attached weapon's, the carrier's
    firing ports) and whether the carrier gives full cover and is open."""
    from umpire.rules.mbt import weapon_limits
    from umpire.rules.mbt.forces import capacity

    item = next((a for a in card.attached if a.weapon.name == weapon.name), None) if isinstance(card, LegCard) \
        else None
    _, _, fc = capacity(carrier.target.transport.v)
    return weapon_limits.carried_fire(
        towed=isinstance(card, TowedCard), weapon=weapon.name, transported=item.transported if item else None,
        full_cover=fc, carrier_open=carrier_open, ports=carrier.notes.passengers_fire)
