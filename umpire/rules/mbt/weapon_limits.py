"""When the card NOTES let a unit use a weapon or turn its turret: firing from a carrier (15.3.4),
from the upper floors of a building (14.1.3.2), and the path restrictions on long main guns (15.6).

Pure functions: plain facts in, the reason a thing is refused out (an empty string when it is
allowed), each reason citing its rule.
"""

from __future__ import annotations

from typing import Literal

from umpire.rules.mbt.arcs import off

Transported = Literal["never", "open", "always"]
Ports = Literal["open", "buttoned", "never"]
PORT_RANGE = 2  # hexes: fire from a buttoned carrier's firing ports (15.3.4.2)


def carried_fire(*, towed: bool, weapon: str, transported: Transported | None, full_cover: bool,
                 carrier_open: bool, ports: Ports) -> tuple[str, int | None]:
    """May a carried unit fire ``weapon`` from its carrier (15.3.3.1, 15.3.4)?

    ``transported`` is an attached weapon's NOTE (never, open, always), ``None`` for the
    unit's own small arms; ``ports`` the carrier's NOTE on its riders' fire (``buttoned``: it
    has firing ports). Returns ``(why not, most hexes)``: ``("", None)`` for normal fire,
    ``("", 2)`` through firing ports.

    >>> carried_fire(towed=False, weapon="Ball", transported=None, full_cover=True, carrier_open=False,
    ...              ports="buttoned")
    ('', 2)
    >>> carried_fire(towed=False, weapon="LAW", transported="open", full_cover=False, carrier_open=False,
    ...              ports="open")
    ('', None)
    """
    if towed:
        return "a towed unit is not fired while it is carried (15.3.4.1, 14.4.2.1.5)", None
    if transported == "never":
        return f"the {weapon} is not fired while its unit is carried (15.3.4.1; leg card NOTES)", None
    if ports == "never":
        return "its carrier's riders may not fire from it (15.3.4.1; vehicle card NOTES)", None
    if not full_cover or carrier_open:
        return "", None  # 15.3.4.1: on top of the vehicle, or an open one: normal ranges (15.3.4.2)
    if transported == "open":
        return (f"the {weapon} is fired from a full-cover carrier only when the carrier is open (15.3.4.1; "
                "leg card NOTES)"), None
    if ports == "buttoned":
        return "", PORT_RANGE
    return "its full-cover carrier is buttoned: its riders fire only when it is open (15.3.4.2)", None


def upper_floor_fire(*, up: int, in_building: bool, attached: bool, upper_floors: bool, weapon: str) -> str:
    """14.1.3.2: on the ground of a building hex a leg unit fires anything (its men step outside);
    up in its upper floors only its small arms and the attached weapons whose NOTES allow it.

    >>> upper_floor_fire(up=1, in_building=True, attached=True, upper_floors=False, weapon="Dragon")
    'the Dragon is not fired from the upper floors of a building (back-blast; 14.1.3.2, leg card NOTES)'
    >>> upper_floor_fire(up=0, in_building=True, attached=True, upper_floors=False, weapon="Dragon")
    ''
    """
    if up <= 0 or not in_building or not attached or upper_floors:
        return ""
    return f"the {weapon} is not fired from the upper floors of a building (back-blast; 14.1.3.2, leg card NOTES)"


def square(turret: float, heading: float) -> bool:
    """Does a turret face directly to the hull's front or rear (15.6.1)? On the table: within 30
    degrees of the hull's heading or its reverse, the front or rear hexside of a hex.

    >>> square(10, 0), square(185, 0), square(90, 0)
    (True, True, False)
    """
    d = off(turret, heading)
    return d <= 30 + 1e-9 or d >= 150 - 1e-9


def turret_turn(*, restricted: bool, in_cover: bool, road_in_hex: bool, inside_building: bool) -> str:
    """15.6.3, 15.6.4: a vehicle with path restrictions may not turn its turret in a woods or
    building hex without a road, nor ever while inside a building. ``in_cover``: in woods (light,
    normal or heavy) or a building hex.

    >>> turret_turn(restricted=True, in_cover=True, road_in_hex=False, inside_building=False)[:41]
    'its long main gun may not be turned in a '
    """
    if not restricted:
        return ""
    if inside_building:
        return "its long main gun may never be turned while it is inside a building (15.6.4; card NOTES)"
    if in_cover and not road_in_hex:
        return ("its long main gun may not be turned in a woods or building hex without a road (15.6.3; card NOTES: "
                "path restrictions on turret turns in building and wood hexes)")
    return ""


def path_move(*, restricted: bool, turret_square: bool, enters_light_woods: bool, follows_road: bool,
              path_to_or_from_cover: bool) -> str:
    """15.6.1, 15.6.2: with its turret not to the front or rear, a vehicle with path restrictions
    may not follow a path into or out of a woods or building hex, nor enter light woods except
    along a road.

    >>> path_move(restricted=True, turret_square=False, enters_light_woods=True, follows_road=False,
    ...           path_to_or_from_cover=False)[:30]
    'it may not enter light woods w'
    """
    if not restricted or turret_square:
        return ""
    if path_to_or_from_cover:
        return ("it may not follow a path into or out of a woods or building hex with its turret turned from its "
                "front or rear (15.6.1; card NOTES: path restrictions)")
    if enters_light_woods and not follows_road:
        return ("it may not enter light woods with its turret turned from its front or rear, except along a road "
                "(15.6.2; card NOTES: path restrictions)")
    return ""
