"""Orders (6.2, 13.3), what each allows (6.2.3), overwatch triggers (7.5) and Soviet doctrine
(13.4), as pure functions of plain values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from umpire.errors import UmpireError
from umpire.rules.mbt.sighting import Spotted

BASIC_ORDERS = ("ATGM", "F", "FM", "M", "OW")
ADVANCED_ORDERS = ("ATGM", "CA", "F", "FM", "M", "OR", "OW")
NAMES = {
    "ATGM": "FIRE (ANTI-TANK GUIDED) MISSILE",
    "CA": "CLOSE ASSAULT",
    "F": "FIRE",
    "FM": "FIRE/MOVE",
    "M": "MOVE",
    "OR": "OVERRUN",
    "OW": "OVERWATCH",
}
MARKER = {
    "ATGM": "fire",
    "CA": "fire",
    "F": "fire",
    "FM": "move",
    "M": "move",
    "OR": "move",
    "OW": "both",
}
MOVING = ("FM", "M", "OR")


NO_ORDER = "none"  # what an orders file writes for a unit that can carry out no order (6.2.3)


def no_order(text: object) -> bool:
    """``none``, ``-`` or ``no order``: a unit given no order (one whose damage leaves it none)."""
    return str(text).strip().lower() in (NO_ORDER, "-", "no order", "no orders")


def order_code(text: str) -> str:
    """``f``, ``fire``, ``FIRE/MOVE`` -> the order code.

    :raises UmpireError: naming the allowed orders.
    """
    key = str(text).strip().upper().replace(" ", "")
    aliases = {
        "FIRE": "F",
        "FIRE/MOVE": "FM",
        "MOVE/FIRE": "FM",
        "MOVE": "M",
        "OVERWATCH": "OW",
        "OVERRUN": "OR",
        "CLOSEASSAULT": "CA",
        "FIREMISSILE": "ATGM",
    }
    key = aliases.get(key, key)
    if key not in NAMES:
        raise UmpireError(
            f"orders: {text!r} is not an order (allowed: {', '.join(ADVANCED_ORDERS)}; {NO_ORDER} for a unit "
            "that can carry out no order)"
        )
    return key


def target_moving(order: str) -> bool:
    """MV for AP movement and overwatch modifiers: M, FM or OR (7.4.2.2, 7.4.2.4)."""
    return order_code(order) in MOVING


def firer_moving(order: str) -> bool:
    """A firer is moving only with FIRE/MOVE orders (7.4.2.2); OR fire is overrun (GP)."""
    return order_code(order) in ("FM", "OR")


def gp_line(order: str) -> str:
    """``gp_nm`` with F, ATGM or OW; ``gp_mv`` with FM or OR (14.4.1)."""
    return "gp_mv" if order_code(order) in ("FM", "OR") else "gp_nm"


def check_can_fire(order: str, weapon_kind: str) -> None:
    """Guns fire with CA, F, FM, OR or OW; missiles only with ATGM or OW (14.1.4).

    :raises UmpireError: naming the orders that would allow it.
    """
    code = order_code(order)
    if weapon_kind == "atgm":
        if code not in ("ATGM", "OW"):
            raise UmpireError(
                f"orders: a missile cannot be fired with {code} "
                "orders (allowed: ATGM, OW; 14.1.4.2)"
            )
    elif code not in ("CA", "F", "FM", "OR", "OW"):
        raise UmpireError(
            f"orders: a gun cannot be fired with {code} orders "
            "(allowed: F, FM, OW, CA, OR; 14.1.4.1)"
        )


@dataclass(frozen=True)
class UnitState:
    """What decides which orders a unit may be given (6.2.3)."""

    kind: str = "vehicle"  # vehicle | leg | towed
    leg_type: str = ""  # squad | half_squad | team (leg units)
    can_move: bool = True  # no track hit, no hull compartment hit
    gun_working: bool = True  # has a main gun (or other gun) that can fire
    has_missile: bool = False  # has a working ATGM
    suppressed: bool = False
    mounted: bool = False  # a leg/towed unit being transported
    doctrine: bool = False  # a Soviet doctrine unit (13.4.3.2 relaxes 6.2.3)
    advanced: bool = True
    special_forces: bool = False  # option 17.4.1.3.2: may move one hex with M orders while suppressed


def allowed_orders(unit: UnitState) -> list[str]:
    """The orders a unit may be given in the Mark Orders Step (6.2.3, 13.3, 12.3.3, 14.5-14.7)."""
    out = []
    for code in ADVANCED_ORDERS if unit.advanced else BASIC_ORDERS:
        if code == "ATGM" and not unit.has_missile:
            continue
        if code in ("F", "FM") and not unit.gun_working:
            continue
        if code == "OW" and not (unit.gun_working or unit.has_missile):
            continue
        if code in MOVING and not unit.can_move:
            continue
        if code == "CA" and (unit.kind != "leg" or unit.mounted or unit.suppressed):
            continue
        if code == "OR" and (unit.kind != "vehicle" or not unit.gun_working):
            continue
        if unit.kind in ("leg", "towed") and unit.suppressed and code in ("CA", "FM", "M") and \
                not (code == "M" and unit.special_forces):
            continue
        if unit.kind == "towed" and code in ("FM", "CA"):
            continue
        out.append(code)
    return out


def check_order(order: str, unit: UnitState) -> str:
    """The order code if the unit can carry it out, else an error naming what is allowed (6.2.3).

    Doctrine units may be given orders some of their vehicles cannot perform (13.4.3.2).
    """
    allowed = allowed_orders(unit)
    if no_order(order):
        if allowed:
            raise UmpireError(f"orders: {NO_ORDER}: this unit can carry out {', '.join(allowed)} orders; give one "
                              "(or leave it out of the orders file: it gets OW where it may; 6.2.3)")
        return NO_ORDER
    code = order_code(order)
    if not allowed and not unit.doctrine:
        raise UmpireError(f"orders: this unit can carry out no order now (6.2.3): give order: {NO_ORDER}, or leave "
                          "it out of the orders file")
    if code not in allowed and not unit.doctrine:
        raise UmpireError(
            f"orders: this unit cannot carry out {code} ({NAMES[code]}) orders "
            f"(allowed: {', '.join(allowed) or 'none'}; 6.2.3)"
        )
    return code


def spotted_after_pivot(order: str, used: bool) -> Spotted | None:
    """The spotted marker 9.1 places for an unused order (None for OW or a used order)."""
    if used:
        return None
    code = order_code(order)
    if code in ("F", "ATGM"):
        return "fired"
    if code in ("CA", "FM", "M", "OR"):
        return "moved"
    return None


def movement_allowance(
    order: str, mf: float, ruling: str = "move", suppressed: bool = False, night: bool = False
) -> float:
    """Movement factors a vehicle may spend (8.2.1, 12.3.3.1, 18.1.1).

    Ruling ``orders.move_full_speed``: ``move`` (MOVE and OVERRUN orders give full MF) or
    ``literal`` (the printed FIRE).
    """
    code = order_code(order)
    full = ("M", "OR") if ruling == "move" else ("F", "OR")
    if code in full:
        allowance = float(mf)
    elif code == "FM":
        allowance = mf / 2
    else:
        return 0.0
    if night:
        from umpire.rules.mbt.options.terrain import night_mf  # the options' charts load only at night

        allowance = night_mf(allowance, "vehicle")
    if suppressed:
        allowance /= 2
    return allowance


# ---------------------------------------------------------------------------------------------
# Overwatch (7.5)


@dataclass(frozen=True)
class WatchPoint:
    """One point of a moving unit's entered path, as seen by one overwatching unit."""

    index: int
    range: int
    chart_range: int  # SIGHTING RANGES CHART value for the mover's terrain there
    los_clear: bool
    in_arc: bool
    in_weapon_range: bool


def can_fire_overwatch(order: str, fired_this_turn: bool) -> bool:
    """An OW unit fires once per Turn (7.5.1)."""
    return order_code(order) == "OW" and not fired_this_turn


def fire_triggers(
    watcher_order: str, watcher_fired: bool, enemies_who_fired: Sequence[str]
) -> list[str]:
    """Enemy units an OW unit may fire at in the Overwatch Fire Step: those that fired in the
    Direct Fire or ATGM Announcement Steps, or fired overwatch themselves (7.5.1, 7.5.3)."""
    if not can_fire_overwatch(watcher_order, watcher_fired):
        return []
    return list(enemies_who_fired)


def movement_triggers(points: Sequence[WatchPoint]) -> list[int]:
    """The points of a mover's path where an overwatch unit may stop it and fire (7.5.2): the
    mover counts as spotted MOVED (twice the chart range), the line of sight must be clear and
    the mover inside the watcher's firing arc and weapon range."""
    return [
        p.index
        for p in points
        if p.los_clear and p.in_arc and p.in_weapon_range and p.range <= 2 * p.chart_range
    ]


# ---------------------------------------------------------------------------------------------
# Soviet doctrine (13.4)


def doctrine_shots(
    strength: int, targets: Sequence[str], working: Sequence[bool] | None = None
) -> list[tuple[str, str]]:
    """Shots of a doctrine unit (13.4.3.2-13.4.3.3): every working sub-unit (101a, 101b...) fires
    the same weapon and ammunition at the same enemy unit; the firer assigns each shot to a
    sub-unit of a doctrine target. Returns (firing sub-unit letter, target) pairs.

    :raises UmpireError: if more than one target unit is named.
    """
    names = {t.rstrip("abcdefghijklmnopqrstuvwxyz") for t in targets}
    if len(names) > 1:
        raise UmpireError(
            f"doctrine: all sub-units fire at one enemy unit (13.4.3.2), not {sorted(names)}"
        )
    working = list(working) if working is not None else [True] * strength
    letters = "abcdefghijklmnopqrstuvwxyz"
    firing = [letters[i] for i in range(strength) if working[i]]
    return [(sub, targets[i % len(targets)]) for i, sub in enumerate(firing)]
