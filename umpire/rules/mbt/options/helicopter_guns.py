"""A helicopter's guns and missiles fired by the rules that fire any weapon (20.2.3): what its
altitude changes in an AP or GP shot.

- From NOE or landed, a gun fires exactly as a ground unit's (20.2.3.2.1), one height above the
  highest point of its hex, and reads its PYNOE penetration line (the card's ``pv``).
- From low altitude, a gun fires as an aircraft's (20.2.3.2.2, 20.1.3.2): a falling shot
  (20.1.3.2.2.1) read on the TTA/HDA columns of the target's HIT LOCATION CHARTS, only the AP and GP
  modifiers the Game Card marks (A) (20.1.3.2.2-3; which ones: ``options/air.yaml``,
  ``aircraft_gun_modifiers``), none of the aircraft's speed or evasive modifiers, and its PYLOW
  penetration line (``pv_low``).
- A missile fires as a ground unit's ATGM, resolved at once (20.2.3.3.2-3); from low altitude it
  falls on its target. A wire-guided one fired while flying takes no AP movement modifier: the
  text gives them only "if fired while landed" (20.2.3.3.2; ruling ``helicopters.atgm_movement``).
"""

from __future__ import annotations

from typing import Literal

from umpire.core.modifiers import Modifier
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.mbt.options.charts import chart
from umpire.rules.mbt.vehicle_card import Weapon

Altitude = Literal["landed", "noe", "low"]
WIRE_GUIDED = ("ITOW", "TOW", "HOT", "Sagger", "Spiral", "Swatter")  # 20.2.3.3.2
LASER_HOMING = ("Hellfire",)  # 20.2.3.3.3


def altitude_of(is_helicopter: bool, altitude: str | None, card: str) -> str | None:
    """The altitude a firer fires from: a helicopter's (NOE unless given), None for a ground unit.

    :raises UmpireError: naming ``firer.altitude`` when a ground unit's case gives one.
    """
    if not is_helicopter:
        if altitude is not None:
            raise UmpireError(f"firer.altitude: {altitude}: only a helicopter fires from an altitude (20.2.3.2; "
                              f"{card} is not a helicopter card)")
        return None
    return altitude or "noe"


def check_orders(order: str) -> None:
    """A helicopter has no command markers (20.2.2): its case's orders say only whether it flew.

    :raises UmpireError: naming ``firer.orders`` and what is allowed.
    """
    from umpire.rules.mbt import orders

    code = orders.order_code(order)
    if code not in ("F", "FM"):
        raise UmpireError(f"firer.orders: {code}: a helicopter is not marked with command markers (20.2.2; allowed: "
                          "F when it hovers or is landed, FM when it flew this Air Phase)")


def fires_from_air(altitude: str | None, weapon: Weapon) -> bool:
    """A gun fired from low altitude is fired as an aircraft's (20.2.3.2.2)."""
    return altitude == "low" and weapon.kind in ("gun", "mg")


def guided(weapon: Weapon) -> str:
    """``wire``, ``laser`` or empty: how a helicopter's missile is guided (20.2.3.3.2-3)."""
    if weapon.kind != "atgm":
        return ""
    if weapon.name in LASER_HOMING:
        return "laser"
    return "wire"


def no_movement_modifier(altitude: str | None, weapon: Weapon, rulings: Rulings) -> str:
    """Why a helicopter's missile takes no AP movement modifier (20.2.3.3.2), or empty."""
    if altitude in (None, "landed") or guided(weapon) != "wire":
        return ""
    if rulings["helicopters.atgm_movement"] != "landed_only":
        return ""
    return "a flying helicopter's wire-guided ATGM (ruling helicopters.atgm_movement)"


def marked_a(mods: list[Modifier], kind: Literal["ap", "gp"], estimated: list[str]) -> tuple[list[Modifier], str]:
    """The modifiers of a gun fired from the air: those the Game Card marks (A), by the section
    that states each (20.1.3.2.2-3); and a note naming the ones left out."""
    marked = chart("air").aircraft_gun_modifiers.get(kind, [])
    rules = {str(v.v) for v in marked}
    if any(v.estimated for v in marked):
        estimated.append(f"which {kind.upper()} modifiers are marked (A) ({', '.join(sorted(rules))})")
    kept = [m for m in mods if m.rule in rules]
    left = [m.name for m in mods if m.rule not in rules and m.value]
    note = ""
    if left:
        note = f"fired from the air: only the modifiers marked (A) apply (20.1.3.2.2); not {', '.join(left)}"
    return kept, note
