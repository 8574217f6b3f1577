"""Weapon and unit limitations (17.3) and leg unit variations (17.4) that are a number or a roll.

DEP/EL minimum ranges are :func:`umpire.rules.mbt.sighting.dep_el_minimum` (17.3.1); this module
holds the ammunition supply and expenditure (17.3.2), fuel (17.3.3), infantry alternate fire
(17.3.4), the quickmarch check (17.4.2) and the leg variations' GP fire: squad plus (17.4.1.1),
machinegun pinning fire (17.4.3) and hasty entrenchments (17.4.4.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.core.dice import Dice
from umpire.core.modifiers import Modifier
from umpire.errors import UmpireError
from umpire.rules.mbt.options.charts import chart, in_range, use

if TYPE_CHECKING:
    from umpire.rules.mbt.cases import GpCase


def variable_ammo(maximum: int, rolls: int, dice: Dice) -> tuple[int, tuple[int, ...]]:
    """Rounds carried under variable ammunition (17.3.2.1.4.2): one die ``rolls`` times,
    totalled, at most ``maximum``."""
    if rolls < 1:
        raise UmpireError(f"rolls: {rolls}: the number in parentheses is one or more (17.3.2.1.4)")
    got = dice.roll(10, rolls, why="variable ammunition")
    return min(maximum, sum(got)), got


def reduced_rof(max_rof: int, fired: int) -> Modifier | None:
    """GP fire with fewer shots than the weapon's maximum rate: -10 a shot less (17.3.2.2)."""
    if not 1 <= fired <= max_rof:
        raise UmpireError(f"shots: {fired} (allowed: 1-{max_rof}, the weapon's maximum rate of fire)")
    less = max_rof - fired
    if not less:
        return None
    return Modifier(
        name=f"{less} shot{'s' if less != 1 else ''} under the maximum rate",
        value=less * chart("hits").reduced_rof.v,
        rule="17.3.2.2",
    )


def fuel(dice: Dice) -> tuple[int, tuple[int, ...]]:
    """A vehicle's fuel factors: one die three times, added (17.3.3.1)."""
    got = dice.roll(10, 3, why="fuel factors")
    return sum(got), got


def alternate_fire(attached_fired: int) -> Modifier | None:
    """Small arms GP fire modified by -5 for each attached weapon also fired (17.3.4)."""
    if attached_fired <= 0:
        return None
    return Modifier(
        name=f"{attached_fired} attached weapon{'s' if attached_fired != 1 else ''} also fired",
        value=attached_fired * chart("hits").alternate_fire.v,
        rule="17.3.4",
    )


def quickmarch(grade: str, dice: Dice) -> tuple[bool, int, str, list[str]]:
    """The QUICKMARCH TABLE check after a quickmarch (17.4.2): suppressed on the grade's range."""
    t = chart("hits").quickmarch
    if grade not in t:
        raise UmpireError(f"grade: {grade!r} (allowed: {', '.join(t)})")
    band = t[grade]
    est: list[str] = []
    use(band, f"quickmarch {grade} ({band.v})", est)
    (roll,) = dice.roll(100, why="quickmarch")
    return in_range(roll, band), roll, str(band.v), est


def quickmarch_allowance(leg: str, order: str, *, suppressed: bool, night: bool, nbc: bool = False) -> int:
    """Hexes a leg unit quickmarches (17.4.2): squads and half squads 3, teams 2, with MOVE orders,
    never while suppressed, nor at Night or in Moonlight (18.1.1), nor in an NBC environment (18.4.3).

    :raises UmpireError: naming ``quickmarch`` and why it may not.
    """
    from umpire.rules.mbt import orders

    if orders.order_code(order) != "M":
        raise UmpireError(f"quickmarch: a quickmarching unit must have MOVE orders (17.4.2; it has "
                          f"{orders.order_code(order)})")
    if suppressed:
        raise UmpireError("quickmarch: a suppressed unit may not quickmarch (17.4.2)")
    if night:
        raise UmpireError("quickmarch: leg units may not quickmarch at Night or in Moonlight (18.1.1)")
    if nbc:
        raise UmpireError("quickmarch: leg units may not quickmarch in an NBC environment (18.4.3)")
    hexes = chart("hits").quickmarch_hexes
    if leg not in hexes:
        raise UmpireError(f"quickmarch: a {leg.replace('_', ' ')} does not quickmarch (allowed: squads, half squads, "
                          "teams; 17.4.2)")
    return int(hexes[leg].v)


def pinning_mods(area: bool) -> tuple[list[Modifier], str]:
    """Machinegun pinning fire (17.4.3): +10 against one unit (normal), none over an area; an
    effective result counts as suppressed either way."""
    mods = (
        [] if area else [Modifier(name="normal pinning fire", value=chart("hits").pinning["normal"].v, rule="17.4.3.1")]
    )
    return mods, "an effective result is treated as suppressed (17.4.3.1-2)"


def special_forces(field: str, kind: str, grade: str) -> None:
    """A special forces unit is a squad (or the half squad it becomes) of crack grade (17.4.1,
    17.4.1.3.1-2).

    :raises UmpireError: naming ``field`` and what is allowed.
    """
    if kind not in ("squad", "half_squad"):
        raise UmpireError(f"{field}: a {kind.replace('_', ' ')} is no special forces unit (allowed: squads and the "
                          "half squads they become; 17.4.1, 17.4.1.3.1)")
    if grade != "crack":
        raise UmpireError(f"{field}: a special forces unit is crack grade (17.4.1.3.2; this one is {grade})")


def special_forces_mod(value: Any, name: str, estimated: list[str]) -> Modifier:
    """The Game Card's special forces modifier (17.4.1.3.2), named among the estimates when it is one."""
    use(value, f"{name} ({value.v})", estimated)
    return Modifier(name=name, value=int(value.v), rule="17.4.1.3.2")


def leg_gp(c: GpCase, firer_kind: str, weapon_kind: str, target_kind: str, estimated: list[str]
           ) -> tuple[list[Modifier], str]:
    """The GP modifiers of the leg unit variations (17.4) for the shot of the case ``c`` (its firer
    a ``firer_kind`` with a ``weapon_kind``, at a ``target_kind``), and the pinning note (empty
    unless pinning): a squad plus firing +10 (17.4.1.1), special forces firing the Game Card's
    modifier (17.4.1.3.2), machinegun pinning fire (:func:`check_pinning_fire`), the target in a
    hasty entrenchment -10 (17.4.4.3).

    :raises UmpireError: naming ``firer.squad_plus``, ``firer.special_forces`` or ``firer.pinning``
        and what is allowed.
    """
    from umpire.rules.mbt import data

    t = chart("hits")
    mods: list[Modifier] = []
    note = ""
    if c.firer.squad_plus:
        if firer_kind not in ("squad", "half_squad"):
            raise UmpireError(f"firer.squad_plus: a {firer_kind.replace('_', ' ')} is no squad plus (allowed: squads "
                              "and the half squads they become; 17.4.1, 17.4.1.1)")
        mods.append(Modifier(name="squad plus", value=int(t.squad_plus_gp.v), rule="17.4.1.1"))
    if c.firer.special_forces:
        special_forces("firer.special_forces", firer_kind, c.firer.grade)
        mods.append(special_forces_mod(data.chart("gp").modifiers.special_forces, "special forces", estimated))
    pinning = c.firer.pinning
    if pinning is not None:
        check_pinning_fire(pinning, firer_kind, weapon_kind, target_kind, c.firer.orders)
        more, note = pinning_mods(pinning == "area")
        mods += more
    if c.target.entrenched:
        if target_kind not in ("squad", "half_squad", "team"):
            raise UmpireError(f"target.entrenched: a {target_kind} is not in a hasty entrenchment (allowed: leg units; "
                              "17.4.4.2)")
        mods.append(Modifier(name="in a hasty entrenchment", value=int(t.hasty_entrenchment["gp"].v), rule="17.4.4.3"))
    return mods, note


def check_pinning_fire(pinning: str, firer_kind: str, weapon_kind: str, target_kind: str, order: str) -> None:
    """Machinegun pinning fire (17.4.3): leg machinegun teams only, FIRE or OVERWATCH orders, at
    leg or towed units.

    :raises UmpireError: naming ``firer.pinning`` and what is allowed.
    """
    from umpire.rules.mbt import orders

    if firer_kind != "team" or weapon_kind != "mg":
        raise UmpireError(f"firer.pinning: {pinning}: only leg machinegun teams fire pinning fire (17.4.3; this "
                          f"is a {firer_kind.replace('_', ' ')}'s {weapon_kind})")
    if orders.order_code(order) not in ("F", "OW"):
        raise UmpireError(f"firer.pinning: {pinning}: pinning fire is fired with FIRE or OVERWATCH orders "
                          f"(17.4.3; the order is {orders.order_code(order)})")
    if target_kind not in ("squad", "half_squad", "team", "towed"):
        raise UmpireError(f"firer.pinning: {pinning}: pinning fire is at leg or towed units (17.4.3.1-2; the "
                          f"target is a {target_kind})")


def rounds_carried(tot_ammo: str) -> int | None:
    """A weapon's rounds under maximum ammunition (17.3.2.1.4.1): the TOT AMMO number, the die
    count in parentheses aside; ``None`` for ``Unl``, unlimited (17.3.2.1.1).

    >>> rounds_carried("40 (4)"), rounds_carried("12"), rounds_carried("Unl")
    (40, 12, None)
    """
    text = str(tot_ammo).strip()
    if text.lower().startswith("unl"):
        return None
    return int(text.split("(")[0].strip())


def dep_el(numbers: tuple[int | None, int | None], firer_height: int, target_height: int, rng: int,
           weapon: str = "weapon") -> str:
    """Why a rising or falling shot is too close for the weapon's depression or elevation
    (17.3.1.2): the DEP/EL line crossed with the height difference is the least range; an empty
    string when the shot may be fired (level, ``Unl``, or far enough: 17.3.1.1).

    >>> dep_el((8, 7), 0, 5, 3, "125mm")
    'the 125mm elevates 7: a rising shot 5 heights up needs range 4 or more (17.3.1.2); the target is at 3'
    >>> dep_el((8, 7), 0, 5, 4), dep_el((None, None), 0, 5, 1), dep_el((8, 7), 2, 2, 1)
    ('', '', '')
    """
    from umpire.rules.mbt.sighting import dep_el_minimum

    diff = target_height - firer_height
    number = numbers[1] if diff > 0 else numbers[0]
    least = dep_el_minimum(number, diff)
    if least is None or rng >= least.v:
        return ""
    how = (f"elevates {number}: a rising shot {diff} heights up" if diff > 0
           else f"depresses {number}: a falling shot {-diff} heights down")
    est = " (the chart's number estimated)" if least.estimated else ""
    return f"the {weapon} {how} needs range {least.v} or more (17.3.1.2){est}; the target is at {rng}"
