"""The Basic Game scenario (2.0-9.4): the four matchups and the victory points, as pure functions.

2.3 lists the matchups (NATO card x count against Soviet card x count); 9.4.2 counts victory
points: per enemy vehicle the first, second or third number of its card's point values
(destroyed; at worst a compartment hit; at worst track and/or main gun hits), plus 10 per stone
building objective controlled (4.8, 9.4.2.2); 9.4.3 a side wins by 30 or more, else a tie.
One side with every combat unit destroyed loses at once (9.4.2; ruling
``victory.automatic_win``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from umpire.errors import UmpireError
from umpire.schema.numbers import parse_int

#: 2.3: matchup -> ((NATO card, count), (Soviet card, count)).
MATCHUPS: dict[str, tuple[tuple[str, int], tuple[str, int]]] = {
    "A": (("USA-1B", 3), ("USSR-1B", 4)),
    "B": (("FRG-1B", 3), ("USSR-1B", 4)),
    "C": (("FRG-1A", 4), ("USSR-2A", 4)),
    "D": (("USA-8A", 8), ("USSR-1A", 11)),
}
TURNS = 10  # 3.0
OBJECTIVE_POINTS = 10  # 9.4.2.2
WIN_MARGIN = 30  # 9.4.3
STACK_HEXES = 0.5
"""4.3, 8.8 on a table (23.3.2.1): two models whose centres are nearer than half a hex length
stand "in one hex". A model may not end its move that near another of its side (one combat unit
per hex, 4.3) unless combat damage forced it; models of both sides that near at the end of a
Movement phase are adjusted apart (8.8)."""


def check_matchup(matchup: str, sides: Mapping[str, Sequence[str]]) -> None:
    """The sides' cards must be exactly those of the matchup (2.3), one side each.

    ``sides`` maps a side id to the card ids of its units.

    :raises UmpireError: naming what the matchup needs.

    >>> check_matchup("A", {"us": ["USA-1B"] * 3, "su": ["USSR-1B"] * 4})
    >>> check_matchup("A", {"us": ["USA-1B"] * 2, "su": ["USSR-1B"] * 4})
    Traceback (most recent call last):
    ...
    umpire.errors.UmpireError: matchup A needs 3 x USA-1B against 4 x USSR-1B (2.3); side us has 2 x USA-1B
    """
    key = str(matchup).strip().upper()
    if key not in MATCHUPS:
        raise UmpireError(f"matchup {matchup!r} (allowed: {', '.join(MATCHUPS)}; 2.3)")
    need = MATCHUPS[key]
    wanted = f"{need[0][1]} x {need[0][0]} against {need[1][1]} x {need[1][0]} (2.3)"
    if len(sides) != 2:
        raise UmpireError(f"matchup {key} needs {wanted}; the scenario has {len(sides)} sides")
    got = {sid: _count(cards) for sid, cards in sides.items()}
    wants = [{need[0][0]: need[0][1]}, {need[1][0]: need[1][1]}]
    if sorted(map(_key, got.values())) != sorted(map(_key, wants)):
        bad = next(sid for sid, c in got.items() if c not in wants)
        have = ", ".join(f"{n} x {c}" for c, n in sorted(got[bad].items())) or "no units"
        raise UmpireError(f"matchup {key} needs {wanted}; side {bad} has {have}")


def _count(cards: Sequence[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def _key(d: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(d.items()))


def point_values(text: str) -> tuple[int, int, int]:
    """``"80-40-20"`` -> (80, 40, 20) (9.4.2.1)."""
    try:
        parts = [parse_int(p) for p in str(text).split("-")]
    except ValueError:
        parts = []
    if len(parts) != 3:
        raise UmpireError(f"point values {text!r}: three numbers like 80-40-20 (9.4.2.1)")
    return parts[0], parts[1], parts[2]


def damage_points(values: tuple[int, int, int], destroyed: bool, compartment: bool,
                  track_or_gun: bool) -> int:
    """What one damaged enemy vehicle is worth (9.4.2.1)."""
    if destroyed:
        return values[0]
    if compartment:
        return values[1]
    if track_or_gun:
        return values[2]
    return 0


def result(points: Mapping[str, int], destroyed_sides: Sequence[str], final: bool,
           margin: int = WIN_MARGIN) -> tuple[str | None, bool, str]:
    """(winner or None, decided, why) from the victory points (9.4.2, 9.4.3).

    >>> result({"a": 100, "b": 60}, [], True)
    ('a', True, 'a leads by 40 victory points, 30 or more wins (9.4.3)')
    >>> result({"a": 100, "b": 80}, [], True)
    (None, True, 'a leads by 20 victory points; less than 30 is a tie (9.4.3)')
    >>> result({"a": 0, "b": 0}, ["b"], False)
    ('a', True, 'every combat unit of b is destroyed: a wins automatically (9.4.2)')
    """
    sides = list(points)
    if destroyed_sides:
        alive = [s for s in sides if s not in destroyed_sides]
        if len(alive) == 1:
            return alive[0], True, (f"every combat unit of {destroyed_sides[0]} is destroyed: "
                                    f"{alive[0]} wins automatically (9.4.2)")
        if not alive:
            return None, True, "every combat unit of both sides is destroyed: a tie (9.4.2)"
    if not final:
        return None, False, "the game goes on"
    ranked = sorted(sides, key=lambda s: (-points[s], s))
    lead = points[ranked[0]] - points[ranked[1]]
    if lead >= margin:
        return ranked[0], True, (f"{ranked[0]} leads by {lead} victory points, {margin} or more "
                                 "wins (9.4.3)")
    if lead == 0:
        return None, True, f"level on victory points; less than {margin} apart is a tie (9.4.3)"
    return None, True, (f"{ranked[0]} leads by {lead} victory points; less than {margin} is a tie "
                        "(9.4.3)")
