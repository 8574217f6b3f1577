"""Firing arcs and hit angles as pure angle logic (7.2.1, 14.2.1, 7.4.5.1, 23.3.2.4).

Bearings are compass degrees (0 = north, clockwise). A facing is the bearing a unit's (or
turret's) front points to. Arcs include their edges ("all hexes and partial hexes").

- turret (``2T``, ``T``...) and ``60``: 60 degrees centred on the turret or hull front;
- ``60R``: 60 degrees centred on the hull rear; ``120``: 120 degrees centred on the hull front;
- ``360``: everything; ``SID``: 120 degrees centred on either side (helicopters).
"""

from __future__ import annotations

from umpire.errors import UmpireError

ANGLES = ("front", "front_side", "rear_side", "rear")
SECTORS = {"hexsides": (30.0, 90.0, 150.0), "quarters": (45.0, 90.0, 135.0)}


def off(a: float, b: float) -> float:
    """The angle between two bearings, 0-180.

    >>> off(350, 10), off(90, 270)
    (20.0, 180.0)
    """
    d = abs(float(a) - float(b)) % 360
    return min(d, 360 - d)


def arc_code(trn: str) -> str:
    """Normalise a TRN entry: ``2T`` or ``T`` -> ``T``; ``60``, ``60R``, ``120``,
    ``360``, ``SID``."""
    code = str(trn).strip().upper()
    if code.endswith("T"):
        return "T"
    if code in ("60", "60R", "120", "360", "SID"):
        return code
    raise UmpireError(f"firing arc {trn!r} is not one of nT, 60, 60R, 120, 360, SID")


def in_arc(trn: str, bearing: float, hull: float, turret: float | None = None) -> bool:
    """Is a target at ``bearing`` from the firer inside the weapon's firing arc?

    >>> in_arc("2T", 25, hull=180, turret=0), in_arc("2T", 35, hull=0, turret=0)
    (True, False)
    >>> in_arc("60R", 180, hull=0), in_arc("SID", 270, hull=0), in_arc("120", 61, hull=0)
    (True, True, False)
    """
    code = arc_code(trn)
    if code == "T":
        return off(bearing, hull if turret is None else turret) <= 30 + 1e-9
    if code == "60":
        return off(bearing, hull) <= 30 + 1e-9
    if code == "60R":
        return off(bearing, hull + 180) <= 30 + 1e-9
    if code == "120":
        return off(bearing, hull) <= 60 + 1e-9
    if code == "SID":
        return off(bearing, hull + 90) <= 60 + 1e-9 or off(bearing, hull - 90) <= 60 + 1e-9
    return True


def hit_angle(bearing_to_firer: float, target_facing: float, sectors: str = "hexsides") -> str:
    """The hit angle (7.4.5.1) of a shot from a firer at ``bearing_to_firer`` seen from the target,
    its sectors as ruling ``fire.hit_angle_sectors`` says. The one classification of a bearing:
    the fire procedures and ``umpire measure`` both ask it.

    A line of fire exactly on a dividing line goes to the target's owner's choice (7.4.5.2.1);
    here it goes to the more frontal angle, the usual choice (the better armour); angles within
    1e-9 degrees of a dividing line count as on it.

    >>> hit_angle(0, 0), hit_angle(45, 0), hit_angle(120, 0), hit_angle(180, 0), hit_angle(30, 0)
    ('front', 'front_side', 'rear_side', 'rear', 'front')
    >>> hit_angle(40, 0, "quarters")
    'front'
    """
    return hit_angle_choices(bearing_to_firer, target_facing, sectors)[0]


def hit_angle_choices(bearing_to_firer: float, target_facing: float, sectors: str = "hexsides") -> tuple[str, ...]:
    """Both hit angles when the line of fire runs exactly down a dividing line (7.4.5.2.1: the
    target's player chooses), the more frontal first; else the one hit angle.

    >>> hit_angle_choices(30, 0), hit_angle_choices(100, 0)
    (('front', 'front_side'), ('rear_side',))
    """
    if sectors not in SECTORS:
        raise UmpireError(f"fire.hit_angle_sectors: {sectors!r} (allowed: {', '.join(SECTORS)})")
    d = off(bearing_to_firer, target_facing)
    for i, limit in enumerate(SECTORS[sectors]):
        if d <= limit + 1e-9:
            return ANGLES[i : i + 2] if abs(d - limit) <= 1e-9 else (ANGLES[i],)
    return ("rear",)


def angle_name(text: str) -> str:
    """Accept ``front``, ``Front-Side``, ``front side``... -> ``front_side``.

    :raises UmpireError: naming the allowed angles.
    """
    key = str(text).strip().lower().replace("-", "_").replace(" ", "_")
    key = {"back": "rear", "frontal": "front"}.get(key, key)
    if key not in ANGLES:
        hint = (
            "did you mean front-side or rear-side? MBT splits the side in two (7.4.5.1); "
            if key in ("side", "sides", "flank", "flanks")
            else ""
        )
        raise UmpireError(
            f"angle: {text!r} is not a hit angle ({hint}allowed: front, front-side, rear-side, rear)"
        )
    return key
