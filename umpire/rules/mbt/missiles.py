"""ATGM flight against moving targets (7.2.2, 14.2.2).

A missile at a moving target flies ``speed`` hexes, then the target moves one hex, and so on,
until the missile reaches the target's hex (the shot is resolved there) or the target is lost:
out of sight, out of the missile's range, or behind a blocked line of sight (14.2.2.2.4). The
speed comes from the card's ATGM Speeds: the 1-3 sub-column if the target's whole move enters
three hexes or fewer, the 4+ sub-column otherwise (14.2.2.2.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from umpire.errors import UmpireError
from umpire.rules.mbt.provenance import Val
from umpire.rules.mbt.vehicle_card import Weapon


def speed(weapon: Weapon, hexes_moved: int) -> Val[int]:
    """The missile's speed against a target that enters ``hexes_moved`` hexes (14.2.2.2.3)."""
    if weapon.speeds is None:
        raise UmpireError(f"weapon {weapon.name} is not a missile (no ATGM Speeds)")
    return weapon.speeds[0] if hexes_moved <= 3 else weapon.speeds[1]


@dataclass(frozen=True)
class PathPoint:
    """The target at one hex of its move: range from the firer, and whether it is still a legal
    missile target there (seen, in range, line of sight clear)."""

    range: int
    valid: bool = True


@dataclass
class Flight:
    impact: int | None  # index of the path point where the missile arrives
    reason: str
    steps: list[tuple[int, int]] = field(default_factory=list)  # (hexes flown, the target's range) each time


def _after(i: int) -> str:
    return "before the target moves" if i == 0 else f"after the target has entered {i} hex{'es' if i > 1 else ''}"


def fly(path: Sequence[PathPoint], missile_speed: int) -> Flight:
    """Alternate missile and target moves (14.2.2.2.4). ``path[0]`` is the initial hex.

    >>> fly([PathPoint(10), PathPoint(11), PathPoint(12)], 12).impact
    0
    >>> fly([PathPoint(20), PathPoint(18), PathPoint(16), PathPoint(14)], 12).reason
    'the missile reaches the target after the target has entered 1 hex, at range 18'
    >>> fly([PathPoint(30), PathPoint(29), PathPoint(28, valid=False)], 12).reason
    'the target moved where it cannot be hit (out of sight, range or line of sight) at hex 2'
    """
    if not path:
        raise UmpireError("path: the target's path needs at least its initial hex")
    travelled = 0
    i = 0
    steps: list[tuple[int, int]] = []
    while True:
        if not path[i].valid:
            return Flight(
                None,
                "the target moved where it cannot be hit (out of "
                f"sight, range or line of sight) at hex {i}",
                steps,
            )
        travelled += missile_speed
        steps.append((travelled, path[i].range))
        if travelled >= path[i].range:
            return Flight(i, f"the missile reaches the target {_after(i)}, at range {path[i].range}", steps)
        if i + 1 < len(path):
            i += 1
