"""Laying smoke (12.6, 14.4.5.1, 15.7): may this unit put a smoke marker down now, and which?
Each function returns why not (an empty string when it may), citing its rule.

- smoke shells: a weapon whose NOTES list smoke ammunition (14.4.5), with FIRE or FIRE/MOVE
  orders, at a hex 2 hexes to its GP maximum range away, in its arc, with an unblocked line of
  sight and no friendly unit in it (14.4.5.1): a smoke (ON) marker;
- smoke dischargers: once a game (12.6.2), a smoke (DS) marker covering the vehicle alone
  (12.6.3); not after a turret compartment hit (its dischargers are on the turret);
- exhaust smoke: three times a game while moving (15.7.1, 15.7.2), smoke (ON) markers along the
  track (15.7.3); not after a hull compartment hit (the engine is in the hull).
"""

from __future__ import annotations

from umpire.rules.mbt import orders
from umpire.rules.mbt.vehicle_card import Weapon

EXHAUST_USES = 3  # 15.7.2: "may be used only three times per game"
SHELL_MIN_RANGE = 2  # 14.4.5.1: "a minimum range of 2 hexes"


def makers(card: object) -> str:
    """The smoke makers a vehicle's card lists (``DS`` dischargers, ``EX`` exhaust: 12.6, 15.7);
    nothing for a leg or towed card."""
    weapons: list[Weapon] = list(getattr(card, "weapons", []))
    return " ".join(str(w.smoke_makers.v) for w in weapons if w.smoke_makers is not None)


def shell(weapon: Weapon, order: str, rng: int, *, in_arc: bool = True, line_of_sight: bool = True,
          friendly_in_hex: bool = False) -> str:
    """14.4.5, 14.4.5.1: may ``weapon`` fire smoke at a hex ``rng`` hexes away?"""
    gp = next((a for a in weapon.ammo if a.type == "GP"), None)
    top = gp.max_range.v if gp is not None else 0
    if not weapon.smoke_ammo:
        return f"the {weapon.name} fires no smoke ammunition (14.4.5: card NOTES)"
    if orders.order_code(order) not in ("F", "FM"):
        return f"smoke is fired with FIRE or FIRE/MOVE orders (14.4.5), not {orders.order_code(order)}"
    if not SHELL_MIN_RANGE <= rng <= top:
        return f"smoke reaches {SHELL_MIN_RANGE}-{top} hexes (14.4.5.1); the point is {rng}"
    if not in_arc:
        return f"outside the {weapon.name}'s firing arc (14.4.5.1)"
    if friendly_in_hex:
        return "a friendly unit is in that hex (14.4.5.1)"
    if not line_of_sight:
        return "the line of sight to the point is blocked (14.4.5.1)"
    return ""


def discharger(smoke_makers: str, *, used: bool, turret_hit: bool = False) -> str:
    """12.6: may the vehicle fire its smoke dischargers now?"""
    if "DS" not in smoke_makers or used or turret_hit:
        return "it has no unused smoke dischargers (12.6)"
    return ""


def exhaust(smoke_makers: str, *, used: int, hull_hit: bool = False) -> str:
    """15.7: may the vehicle lay exhaust smoke on this move?"""
    if "EX" not in smoke_makers or used >= EXHAUST_USES or hull_hit:
        return f"it has no exhaust smoke left (15.7.2: {EXHAUST_USES} times a game)"
    return ""
