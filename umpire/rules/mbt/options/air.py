"""Aircraft (20.1): the speed/altitude matrix, conditions, acquisition, air sighting, drops.

An aircraft announces its speed, altitude and evasive maneuvering as it enters (20.1.2.4).
The AIRCRAFT CONDITION CHART says what the conditions allow a condition level (20.1.2.1.1;
LANTIRN and All Weather pods fly as level 1, 20.1.2.1.2). The AIRCRAFT ACQUIRED RANGES CHART
gives the hexes an aircraft must fly with a target in its 120 degree arc before it can attack
(20.1.3.1.1), and for the ground, the hexes a flying target must move while sighted before a
gun or missile may fire (20.3.3.2). The AIR SIGHTING CHART blocks the line of sight between
air and ground when the ground unit is near terrain high enough for the altitude (20.1.3.1.3).
"""

from __future__ import annotations

from umpire.core.modifiers import Modifier
from umpire.errors import UmpireError
from umpire.rules.mbt.options.charts import MATRIX, chart, use

LEVELS = ("low", "medium", "high")
ALTITUDES = ("noe", "low", "medium", "high")


def matrix(speed: str, altitude: str) -> str:
    """The speed/altitude matrix column, the pair in either order (20.1.3.1.1.1).

    >>> matrix("medium", "low"), matrix("low", "medium"), matrix("high", "high")
    ('LM', 'LM', 'HH')
    """
    for name, v in (("speed", speed), ("altitude", altitude)):
        if v not in LEVELS:
            raise UmpireError(f"{name}: {v!r} (allowed: {', '.join(LEVELS)})")
    pair = "".join(sorted((speed[0].upper(), altitude[0].upper()), key="LMH".index))
    assert pair in MATRIX
    return pair


def condition(conditions: str, level: int, *, night_pod: bool = False) -> str:
    """The AIRCRAFT CONDITION CHART cell (20.1.2.1.1): ok, scatter, X or grounded."""
    if level not in (1, 2, 3, 4):
        raise UmpireError(f"condition_level: {level} (allowed: 1-4)")
    row = chart("air").condition_chart.get(conditions)
    if row is None:
        raise UmpireError(f"conditions: {conditions!r} (allowed: {', '.join(chart('air').condition_chart)})")
    return str(row[0 if night_pod else level - 1].v)


def condition_limits(code: str, *, altitude: str, point_effect: bool, pgm: bool) -> tuple[list[Modifier], list[str]]:
    """The scatter modifiers and the refusals a condition cell brings (20.1.2.1.1)."""
    effects = chart("air").condition_effects
    problems: list[str] = []
    mods: list[Modifier] = []
    if code == "grounded":
        problems.append("the aircraft may not fly in these conditions (20.1.2.1.1)")
    if code == "X":
        if altitude == "low":
            problems.append("altitude: low is not allowed in these conditions (20.1.2.1.1)")
        if point_effect:
            problems.append("no point effect weapons (guns) in these conditions (20.1.2.1.1)")
        if pgm:
            problems.append("no PGM in these conditions (20.1.2.1.1)")
    if code in ("X", "scatter"):
        mods.append(Modifier(name=f"conditions ({code})", value=int(effects[code].v), rule="20.1.2.1.1"))
    return mods, problems


def acquisition(line: str, column: str, estimated: list[str]) -> int:
    """Hexes to acquire: ``line`` air, ground_gun or ground_missile; ``column`` the matrix
    (flying helicopters are LL for the ground lines, 20.3.3.2)."""
    acq = chart("air").acquired
    if line not in acq:
        raise UmpireError(f"line: {line!r} (allowed: {', '.join(acq)})")
    if column not in acq[line]:
        raise UmpireError(f"matrix: {column!r} (allowed: {', '.join(MATRIX)})")
    val = acq[line][column]
    return int(use(val, f"acquired ranges {line} {column} ({val.v})", estimated))


def sight_blocked(altitude: str, obstacles: list[tuple[int, int]], estimated: list[str]) -> tuple[bool, str]:
    """Whether the AIR SIGHTING CHART blocks the line between an air unit at ``altitude`` and
    a ground unit with ``obstacles``, each (hexes from the ground unit, top height), within
    (20.1.3.1.3.2); the same blocks the ground unit's sight of the air unit (20.3.3.5)."""
    lines = chart("air").air_sighting
    if altitude not in lines:
        raise UmpireError(f"altitude: {altitude!r} (allowed: {', '.join(lines)})")
    pairs = lines[altitude]
    for dist, height in obstacles:
        for near, tall in pairs:
            if dist <= near.v and height >= tall.v:
                use(near, f"air sighting {altitude} {near.v}/+{tall.v}", estimated)
                use(tall, f"air sighting {altitude} {near.v}/+{tall.v}", estimated)
                return True, (
                    f"blocked: terrain of height {height} within {dist} hex{'es' if dist != 1 else ''} "
                    f"({near.v}/+{tall.v} at {altitude} altitude, 20.1.3.1.3.2)"
                )
    return False, "clear (20.1.3.1.3)"


def drop_modifiers(
    weapon: str, column: str, *, crew: int, evasive: bool, pgm: bool, estimated: list[str]
) -> list[Modifier]:
    """A dropped weapon's scatter modifiers from its card (20.1.3.3.1.3): the speed/altitude
    line, two crew +10, evasive -20 (note f), PGM +30 (20.1.3.4.3)."""
    air = chart("air")
    if weapon not in air.ordnance:
        raise UmpireError(f"weapon: {weapon!r} (allowed: {', '.join(air.ordnance)})")
    o = air.ordnance[weapon]
    out: list[Modifier] = []
    if o.by_matrix is not None:
        v = o.by_matrix[column]
        out.append(
            Modifier(
                name=f"{weapon.replace('_', ' ')} {column}",
                value=use(v, f"{weapon} scatter {column} ({v.v:+d})", estimated),
                rule="20.1.3.3",
            )
        )
    notes = air.scatter_notes
    if crew >= 2:
        out.append(Modifier(name="two crew (note f)", value=notes["two_crew"].v, rule="20.1.3.3.1.3"))
    if evasive:
        out.append(Modifier(name="evasive maneuvering (note f)", value=notes["evasive"].v, rule="20.1.3.3.1.3"))
    if pgm:
        out.append(Modifier(name="PGM", value=notes["pgm"].v, rule="20.1.3.4.3"))
    return out


PGM_RANGES = {"low": (0, 5), "medium": (6, 10), "high": (11, 15)}  # 20.1.3.4.3
PGM_WEAPONS = ("iron_bomb", "cluster_bomb")


def pgm_range_ok(altitude: str, rng: int) -> bool:
    """A PGM bomb drops from 0-5 hexes at low, 6-10 at medium, 11-15 at high altitude (20.1.3.4.3)."""
    lo, hi = PGM_RANGES[altitude]
    return lo <= rng <= hi


def pgm_problem(weapon: str, altitude: str, rng: int | None) -> str:
    """Why a PGM may not be dropped so (20.1.3.4.3), naming the field; empty when it may: only iron
    and cluster bombs come as PGM, dropped from the range band of the aircraft's altitude.

    >>> pgm_problem("iron_bomb", "medium", 8), pgm_problem("iron_bomb", "low", 8)
    ('', 'range: 8 hexes (allowed for a PGM at low altitude: 0-5; 20.1.3.4.3)')
    """
    if weapon not in PGM_WEAPONS:
        return f"weapon: {weapon} (allowed for a PGM: {', '.join(PGM_WEAPONS)}; 20.1.3.4.3)"
    if altitude not in PGM_RANGES:
        return f"altitude: {altitude!r} (allowed: {', '.join(PGM_RANGES)})"
    lo, hi = PGM_RANGES[altitude]
    if rng is None:
        return f"range: give the hexes the PGM is dropped from (allowed at {altitude} altitude: {lo}-{hi}; 20.1.3.4.3)"
    if not pgm_range_ok(altitude, rng):
        return f"range: {rng} hexes (allowed for a PGM at {altitude} altitude: {lo}-{hi}; 20.1.3.4.3)"
    return ""


TURN_RULES = {"low": "20.1.2.5.1", "medium": "20.1.2.5.2", "high": "20.1.2.5.3"}


def turns_allowed(speed: str) -> tuple[int, int]:
    """(turns, hexes needed between them) at a speed (20.1.2.5)."""
    return {"low": (2, 10), "medium": (1, 0), "high": (0, 0)}[speed]


def turn_problem(speed: str, turns: list[int]) -> str:
    """Why an aircraft may not make one-hexside (60 degree) turns after flying ``turns`` hexes of
    its run, in order (20.1.2.5), naming the field; empty when it may: two at low speed with at
    least 10 hexes between them, one at medium, none at high.

    >>> turn_problem("low", [3, 13]), turn_problem("low", [3, 9])
    ('', 'turns: 6 hexes between its turns (allowed at low speed: at least 10; 20.1.2.5.1)')
    >>> turn_problem("high", [4])
    'turns: 1 turn at high speed (allowed: none, it flies straight; 20.1.2.5.3)'
    """
    if speed not in TURN_RULES:
        raise UmpireError(f"speed: {speed!r} (allowed: {', '.join(TURN_RULES)})")
    n, gap = turns_allowed(speed)
    rule = TURN_RULES[speed]
    if len(turns) > n:
        return (f"turns: {len(turns)} turn{'s' if len(turns) > 1 else ''} at {speed} speed (allowed: "
                f"{n if n else 'none, it flies straight'}; {rule})")
    for a, b in zip(turns, turns[1:], strict=False):
        if b < a:
            return f"turns: {a} then {b} (allowed: the hexes flown before each turn, in order; 20.1.2.5)"
        if b - a < gap:
            return f"turns: {b - a} hexes between its turns (allowed at {speed} speed: at least {gap}; {rule})"
    return ""


def load_points(loads: dict[str, int], *, pgm: dict[str, int] | None = None) -> tuple[int, list[str]]:
    """Points of an aircraft's loads (20.1.1): each load's points times its count, and 20 more for
    each load taken as a PGM (20.1.3.4.3); the estimates it used."""
    a = chart("air")
    est: list[str] = []
    total = 0
    for name, n in loads.items():
        if name not in a.ordnance:
            raise UmpireError(f"loads: {name!r} (allowed: {', '.join(a.ordnance)})")
        total += n * int(use(a.ordnance[name].points, f"{name} points ({a.ordnance[name].points.v})", est))
    for name, n in (pgm or {}).items():
        if name not in ("iron_bomb", "cluster_bomb") or n > loads.get(name, 0):
            raise UmpireError(f"pgm: {name} {n}: only iron and cluster bombs come as PGM, at most the loads carried "
                              "(20.1.3.4.3)")
        total += n * int(a.pgm_points.v)
    return total, est

