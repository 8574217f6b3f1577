"""The terrain options that are a roll or a number: night movement and searchlights (18.1),
ground weather (18.2), building fires (18.3), NBC (18.4), camouflage (17.6), panic moves (17.9),
temporary bridges (22).
"""

from __future__ import annotations

from umpire.core.dice import Dice
from umpire.errors import UmpireError
from umpire.rules.mbt.options import hexes
from umpire.rules.mbt.options.charts import chart, in_range, use

BUILDINGS = ("wooden", "brick", "stone")
WEATHER = ("normal", "snow", "mud")


def night_mf(mf: float, kind: str) -> float:
    """Movement factors during Night or Moonlight conditions (18.1.1; which conditions:
    :func:`umpire.rules.mbt.movement.night_movement`): vehicles lose 2, never below 2; leg units
    move at most 1 hex. The one place the tracked turn and ``calc move`` reduce a move at night.

    >>> night_mf(6, "vehicle"), night_mf(3, "vehicle"), night_mf(1.5, "vehicle")
    (4.0, 2.0, 1.5)
    >>> night_mf(2, "leg"), night_mf(0, "leg")
    (1.0, 0)
    """
    n = chart("ground").night_movement
    if kind == "vehicle":
        return max(min(mf, float(n["vehicle_floor"].v)), mf - float(n["vehicle_loss"].v))
    if kind == "leg":
        return min(mf, float(n["leg_max"].v))
    raise UmpireError(f"kind: {kind!r} (allowed: vehicle, leg)")


def searchlight_range(kind: str, conditions: str) -> int | None:
    """Hexes a searchlight gives Day sighting to in its 60 degree arc (18.1.2.2-3); None in Fog
    or Blowing Snow, where none may be used."""
    if conditions in ("fog", "blowing_snow"):
        return None
    lights = chart("ground").searchlights
    if kind not in ("IR", "WL"):
        raise UmpireError(f"searchlight: {kind!r} (allowed: IR, WL)")
    return int(lights[kind].v)


SEARCHLIGHT_RULES = {"IR": "18.1.2.2", "WL": "18.1.2.3"}


def searchlight_light(conditions: str, rng: int, *, light: str | None = None, light_range: int | None = None,
                      target_light: str | None = None) -> tuple[str, str]:
    """The sighting conditions under searchlights (18.1.2): Day sighting of a target in the 60
    degree arc and line of sight of an "on" ``light`` out to its range (:func:`searchlight_range`),
    ``light_range`` hexes from it (None: ``rng``, the sighter's own light); Day sighting of a
    target whose own searchlight is on (``target_light``) by any enemy within an IR light's range,
    or at Day ranges for a WL light. None may be used in Fog or Blowing Snow. Returns the
    conditions and a note saying why they changed (empty when they did not).

    >>> searchlight_light("night", 12, light="WL")
    ('day', 'Day sighting: 12 hexes from a WL searchlight, which lights 15 (18.1.2.3)')
    >>> searchlight_light("night", 12, light="IR"), searchlight_light("night", 30, target_light="WL")[0]
    (('night', ''), 'day')

    :raises UmpireError: naming ``searchlight`` in Fog or Blowing Snow.
    """
    if light is None and target_light is None:
        return conditions, ""
    if conditions in ("fog", "blowing_snow"):
        raise UmpireError(f"searchlight: none may be used in {conditions.replace('_', ' ')} (18.1.2.2-3)")
    if conditions == "day":
        return conditions, ""
    if light is not None:
        reach = searchlight_range(light, conditions)
        far = rng if light_range is None else light_range
        if reach is not None and far <= reach:
            return "day", (f"Day sighting: {far} hexes from a{'n' if light == 'IR' else ''} {light} searchlight, "
                           f"which lights {reach} ({SEARCHLIGHT_RULES[light]})")
    if target_light is not None:
        reach = searchlight_range(target_light, conditions)
        if reach is not None and (target_light == "WL" or rng <= reach):
            return "day", (f"Day sighting: the target's {target_light} searchlight is on"
                           + (f", {rng} hexes away, within {reach}" if target_light == "IR" else "")
                           + f" ({SEARCHLIGHT_RULES[target_light]})")
    return conditions, ""


def camouflage(chart_range: int, rng: int, dice: Dice, *, thermal: bool = False) -> tuple[bool, int | None, str]:
    """Sighting a camouflaged unit (17.6.1): one die at or under the chart's sighting range;
    automatic at 1 hex; thermal imagers within 20 hexes sight it normally (17.6.1.4)."""
    g = chart("ground")
    if rng <= g.camouflage_auto_range.v:
        return True, None, "sighted: camouflaged units are sighted at 1 hex (17.6.1.2)"
    if thermal and rng <= g.thermal_range.v:
        return True, None, "sighted normally: camouflage has no effect on thermal imagers within 20 hexes (17.6.1.4)"
    (roll,) = dice.roll(10, why="camouflage")
    seen = roll <= chart_range
    return (
        seen,
        roll,
        f"die {roll} {'at or under' if seen else 'over'} the sighting range {chart_range}: "
        + ("sighted" if seen else "not sighted")
        + " (17.6.1.1)",
    )


def fire_status(building: str, dice: Dice) -> tuple[str, int, list[str]]:
    """An existing fire's status (18.3.1): spread, continue or end."""
    t = chart("ground").fire_status
    if building not in t:
        raise UmpireError(f"building: {building!r} (allowed: {', '.join(BUILDINGS)})")
    (roll,) = dice.roll(100, why="fire status")
    est: list[str] = []
    for what, band in t[building].items():
        if in_range(roll, band):
            use(band, f"fire status {building} {what} ({band.v})", est)
            return what, roll, est
    raise AssertionError("the fire status line covers 1-100")


def new_fire(building: str, gp: int, dice: Dice) -> tuple[bool, int, str, list[str]]:
    """Whether a building hex that took GP fire this Turn catches fire (18.3.2)."""
    t = chart("ground").new_fires
    if building not in BUILDINGS:
        raise UmpireError(f"building: {building!r} (allowed: {', '.join(BUILDINGS)})")
    col = next(i for i, b in enumerate(t["gp_bands"]) if in_range(max(gp, 1), b) or i == len(t["gp_bands"]) - 1)
    band = t[building][col]
    est: list[str] = []
    use(band, f"new fires {building} GP {t['gp_bands'][col].v} ({band.v})", est)
    (roll,) = dice.roll(100, why="new fire")
    return in_range(roll, band), roll, str(band.v), est


FIRE_LIGHT_HEXES = 2  # 18.3.4: Dusk sighting within two hexes range of a fire hex


def fire_light(conditions: str, near_fire: bool) -> tuple[str, str]:
    """The sighting conditions near a fire (18.3.4): Dusk within two hexes range of a burning
    hex during Night and Moonlight; elsewhere, or in other conditions, as they are. Returns the
    conditions and a note saying why they changed (empty when they did not)."""
    if near_fire and conditions in ("night", "moonlight"):
        return "dusk", (f"Dusk sighting: within {FIRE_LIGHT_HEXES} hexes of a burning hex at "
                        f"{conditions.capitalize()} (18.3.4)")
    return conditions, ""


def flame_starts_fire(flamethrower: bool, building: str | None) -> str:
    """A flamethrower used against units in a building hex (any type) starts a fire there at once
    (17.4.1.2.1): the words of the burning marker placed, or empty."""
    if not flamethrower or building is None:
        return ""
    return f"the flamethrower starts a fire in the {building} building hex: a burning marker is placed (17.4.1.2.1)"


def nbc_exposed(card: str, kind: str, *, buttoned: bool, compartment_hit: bool, estimated: list[str]) -> bool:
    """Does a unit fire with the NBC environment's modifiers (18.4.2: -2 AP, -5 GP point effect,
    the AP and GP modifier charts' ``nbc``)? Every unit but a buttoned vehicle whose card has NBC
    (the vehicles chart: public facts, estimated) and no penetrating or compartment hit.

    >>> nbc_exposed("USA-1B", "vehicle", buttoned=True, compartment_hit=False, estimated=[])
    False
    >>> nbc_exposed("USA-1B", "vehicle", buttoned=False, compartment_hit=False, estimated=[])
    True
    >>> nbc_exposed("USA-3B_1", "vehicle", buttoned=True, compartment_hit=False, estimated=[])  # M113A2: none
    True
    """
    if kind != "vehicle" or not buttoned or compartment_hit:
        return True
    has = chart("vehicles").nbc.get(card)
    return has is None or not use(has, f"NBC system {card} ({has.v})", estimated)


def too_heavy(card: str, limit: int, estimated: list[str]) -> str:
    """Why a unit of ``card`` may not cross a bridge or ice that holds ``limit`` tons (17.8), or ""
    (a leg unit, a towed gun, a vehicle at or under the limit).

    >>> too_heavy("USA-1B", 40, [])
    'the M1A1 weighs 57 tons; it holds 40 (17.8)'
    >>> too_heavy("USSR-2A", 50, []), too_heavy("USA-7B", 1, [])
    ('', '')
    """
    from umpire.rules.mbt import cards

    tons = chart("vehicles").tons.get(card)
    if tons is None or int(use(tons, f"combat weight {card} ({tons.v} tons)", estimated)) <= limit:
        return ""
    return f"the {cards.any_card(card).name} weighs {tons.v} tons; it holds {limit} (17.8)"


def panic(max_mf: int, dice: Dice) -> tuple[int, int, int]:
    """A panic move (17.9): the SCATTER DIAGRAM gives the direction; the unit moves that way
    as far as its full movement factors allow (not reduced, no road rates), and is suppressed.
    Returns (roll, direction, hexes at most)."""
    from umpire.rules.mbt.options.scatter import direction

    (roll,) = dice.roll(100, why="panic move")
    return roll, direction(roll, []), max_mf


def panic_offset(direction: int, inches: float) -> tuple[float, float]:
    """The table offset of a panic move of ``inches`` in mapboard ``direction``."""
    import math

    b = math.radians(hexes.bearing(direction))
    return inches * math.sin(b), inches * math.cos(b)


def stream_state(weather: str, *, frozen: bool, unfordable: bool) -> str:
    """What a stream is under the ground weather (18.2.1-2): ``clear`` when frozen in Snow,
    ``unfordable`` in Mud when the scenario says so, else ``stream``."""
    if weather not in WEATHER:
        raise UmpireError(f"weather: {weather!r} (allowed: {', '.join(WEATHER)})")
    if weather == "snow" and frozen:
        return "clear"
    if weather == "mud" and unfordable:
        return "unfordable"
    return "stream"
