"""Helicopters (20.2): altitude states, speed, what a move in an Air Phase may do, their height.

A helicopter is ``landed``, at ``noe`` (nape of the earth: one height above the highest height
of its hex) or at ``low`` altitude, and ``hovering`` when it spends no movement factors in an
Air Phase (20.2.2.1). Its speed is its card's line for the altitude, halved (fractions up) at NOE
at Night, Moonlight or Dusk; in Fog or Blowing Snow it is limited to low altitude (20.2.2, ruling
``helicopters.fog_altitude``). It spends one factor a hex, two in reverse (20.2.2.2.3); a side slip
needs half its factors, rounded up (20.2.2.2.2). It lands or takes off only from NOE, spending at
most a quarter of its factors, rounded up, and lands only in clear or scrub (20.2.2.3.1, .3.3). A
pop-up attack is made from NOE while hovering (20.2.2.1.2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from umpire.errors import UmpireError

ALTITUDES = ("landed", "noe", "low")
NIGHTTIME = ("dusk", "moonlight", "night")
LANDING_TERRAIN = ("clear", "scrub")


def speed(speeds: dict[str, int], altitude: str, conditions: str) -> tuple[int, list[str]]:
    """Movement factors for an Air Phase at ``altitude`` (20.2.2, 20.2.2.1)."""
    if altitude == "landed":
        return 0, ["landed: no movement factors until it takes off (20.2.2.3.1)"]
    mf = int(speeds[altitude])
    notes = [f"{altitude.upper() if altitude == 'noe' else altitude} speed {mf} (20.2.2.1)"]
    if altitude == "noe" and conditions in NIGHTTIME:
        mf = math.ceil(mf / 2)
        notes.append(f"halved at NOE in {conditions}: {mf} (20.2.2)")
    return mf, notes


def fly_height(hex_top: int, altitude: str) -> int | None:
    """The height a helicopter sights and is seen from at NOE or landed (20.2.3.1.1); None at
    low altitude, where it sights as an aircraft does (20.2.3.1.2)."""
    if altitude == "noe":
        return hex_top + 1
    if altitude == "landed":
        return hex_top
    return None


@dataclass
class Move:
    """What a helicopter does in one Air Phase."""

    start: str  # altitude at the start of the phase
    end: str  # altitude at its end
    hexes: int = 0  # hexes entered
    reverse: bool = False
    side_slip: int = 0  # hexes side slipped
    terrain_end: str = "clear"  # terrain of the hex it ends in (for a landing)
    popup: bool = False
    notes: list[str] = field(default_factory=list)


def check(move: Move, speeds: dict[str, int], conditions: str, *, where: str = "helicopter",
          fog_altitude: str = "low_only", landing_at_night: str = "halved") -> list[str]:
    """Check one Air Phase's move; returns its notes (cost, hovering).

    :raises UmpireError: naming the field and the rule, for a move the rules do not allow.
    """
    for name in ("start", "end"):
        if getattr(move, name) not in ALTITUDES:
            raise UmpireError(f"{where}.{name}: {getattr(move, name)!r} (allowed: {', '.join(ALTITUDES)})")
    if fog_altitude == "low_only" and conditions in ("fog", "blowing_snow") and "noe" in (move.start, move.end):
        raise UmpireError(
            f"{where}.altitude: helicopters are limited to low altitude in {conditions.replace('_', ' ')} (20.2.2)"
        )
    lands = move.start != "landed" and move.end == "landed"
    takes_off = move.start == "landed" and move.end != "landed"
    if {move.start, move.end} == {"landed", "low"}:
        raise UmpireError(
            f"{where}.altitude: a helicopter lands and takes off at NOE, not from low altitude "
            f"({move.start} to {move.end}; 20.2.2.3.1)"
        )
    fly_alt = move.end if move.end != "landed" else move.start
    if fly_alt == "landed":
        if move.hexes:
            raise UmpireError(f"{where}.hexes: a landed helicopter that does not take off moves no hexes (20.2.2.3.1)")
        return ["stays landed"]
    mf, notes = speed(speeds, fly_alt, conditions)
    cost = move.hexes * (2 if move.reverse else 1)
    if lands or takes_off:
        # at night its NOE speed is halved (20.2.2); "a quarter of its total movement factors"
        # (20.2.2.3.1) is a quarter of those halved factors, or of its card's (ruling
        # helicopters.landing_at_night)
        full = fly_alt == "noe" and conditions in NIGHTTIME and landing_at_night == "full"
        base = int(speeds[fly_alt]) if full else mf
        cap = math.ceil(base / 4)
        why = (f"a quarter of its {base} factors, {'not halved at night' if full else 'halved at night'} "
               "(ruling helicopters.landing_at_night)" if fly_alt == "noe" and conditions in NIGHTTIME
               else f"a quarter of its {base} factors")
        if move.hexes > cap:
            raise UmpireError(
                f"{where}.hexes: {move.hexes}: landing or taking off it enters at most {why}, {cap} hexes (20.2.2.3.1)"
            )
        notes.append(f"{'lands' if lands else 'takes off'}: at most {why}, {cap} hexes (20.2.2.3.1)")
    if lands and move.terrain_end not in LANDING_TERRAIN:
        raise UmpireError(
            f"{where}.terrain: a helicopter lands only in clear or scrub, not {move.terrain_end!r} (20.2.2.3.3)"
        )
    if move.side_slip:
        need = math.ceil(mf / 2)
        if cost < need or move.side_slip > cost:
            raise UmpireError(
                f"{where}.side_slip: a side slip needs at least half its factors ({need}) spent and "
                f"covers at most the factors spent (20.2.2.2.2)"
            )
    if cost > mf:
        raise UmpireError(
            f"{where}.hexes: {move.hexes} hex{'es' if move.hexes != 1 else ''}"
            f"{' in reverse' if move.reverse else ''} cost {cost}, more than its {mf} factors (20.2.2.2)"
        )
    if move.popup and not (move.start == "noe" and move.hexes == 0):
        raise UmpireError(f"{where}.popup: a pop-up attack is made at NOE while hovering (20.2.2.1.2)")
    notes.append(f"spends {cost} of {mf}" + (" (reverse: 2 a hex, 20.2.2.2.3)" if move.reverse else ""))
    if cost == 0 and not lands:
        notes.append("hovering (20.2.2.1.1)")
    return notes
