"""Sighting, lines of sight and hull down (6.1, 13.1, 13.2) and the identification levels of
the umpired game (24.2.2).

All distances here are ranges in hexes (see :mod:`umpire.rules.mbt.conversions` for inches).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.mbt import data
from umpire.rules.mbt.chart_checks import los_group
from umpire.rules.mbt.ground_charts import LosChart, SightingChart
from umpire.rules.mbt.provenance import Val, parse_numbers

Spotted = Literal["none", "moved", "fired"]
SIZE_ALIASES = {"vehicle": "vehicle", "vh": "vehicle", "large": "large", "small": "small"}


def terrain_column(
    terrain: str | Sequence[str], chart: SightingChart, estimated: list[str] | None = None
) -> str:
    """The chart column for a target hex's terrain; mixed terrain uses the rightmost (6.1.3.3).
    When the choice between two columns rests on an estimated column order (the printed chart
    is not in the text), it is named in ``estimated``.

    :raises UmpireError: for a terrain the chart does not list.
    """
    items = [terrain] if isinstance(terrain, str) else list(terrain)
    if not items:
        return "clear"
    cols = []
    for t in items:
        key = str(t).strip().lower().replace(" ", "_").replace("-", "_")
        if key == "inside_building":
            key = "building"
        if key not in chart.terrains:
            raise UmpireError(
                f"terrain: unknown terrain {t!r} (allowed: {', '.join(chart.terrains)})"
            )
        cols.append(key)
    best = max(cols, key=chart.terrains.index)
    others = sorted({c for c in cols if c != best})
    if others and chart.terrains_src is None and estimated is not None:
        what = f"SIGHTING RANGES CHART column order ({best} right of {', '.join(others)})"
        if what not in estimated:
            estimated.append(what)
    return best


def chart_range(
    conditions: str,
    sighter: str,
    terrain: str | Sequence[str],
    size: str,
    rulings: Rulings,
    chart: SightingChart | None = None,
    *,
    estimated: list[str] | None = None,
    ruled: list[str] | None = None,
) -> Val[int]:
    """SIGHTING RANGES CHART value (6.1.3, 13.1): conditions x open/buttoned x terrain x size.

    Ruling ``sighting.scrub_example`` (6.1.3.4): the shipped chart reads the scrub example as
    open 10 / buttoned 7; the ``literal`` reading swaps those two Day vehicle cells back. A
    value a ruling decided is named in ``ruled``; an estimated column order in ``estimated``.
    """
    chart = chart or data.chart("sighting")
    cond = str(conditions).strip().lower()
    if cond in ("fog", "blowing_snow", "blowing snow"):
        cond = "night"
    if cond not in chart.ranges:
        raise UmpireError(
            f"conditions: {conditions!r} (allowed: "
            f"{', '.join(chart.ranges)}; fog and blowing snow use night)"
        )
    status = str(sighter).strip().lower()
    if status not in ("open", "buttoned"):
        raise UmpireError(f"sighter: {sighter!r} (allowed: open, buttoned)")
    sz = SIZE_ALIASES.get(str(size).strip().lower())
    if sz is None:
        raise UmpireError(f"size: {size!r} (allowed: vehicle, large, small)")
    col = terrain_column(terrain, chart, estimated)
    i = chart.sizes.index(sz)
    if (
        rulings["sighting.scrub_example"] == "literal"
        and cond == "day"
        and col == "scrub"
        and sz == "vehicle"
    ):
        status = "buttoned" if status == "open" else "open"
    val: Val[int] = chart.ranges[cond][status][col][i]
    if val.ruling and ruled is not None:
        what = (
            f"sighting range {cond} {sighter} {col} {sz} {val.v} "
            f"(ruling {val.ruling} = {rulings[val.ruling]})"
        )
        if what not in ruled:
            ruled.append(what)
    return val


def sighting_limit(base: int, spotted: Spotted) -> int | None:
    """The farthest a target can be seen (6.1.3.5): doubled if spotted MOVED, any range (None)
    if spotted FIRED."""
    if spotted == "fired":
        return None
    return base * 2 if spotted == "moved" else base


def identification(rng: int, base: int, spotted: Spotted) -> str | None:
    """What an umpired player learns of a unit at range ``rng`` (24.2.2).

    ``full`` (nationality and exact type) within the chart range; ``type`` (vehicle, large or
    small, and nationality) up to twice the chart range through a spotted marker; ``fired``
    ("something just fired from there") beyond that through a spotted FIRED marker; None if the
    unit is not seen at all.

    >>> identification(5, 5, "none"), identification(9, 5, "moved"), identification(30, 5, "fired")
    ('full', 'type', 'fired')
    >>> identification(11, 5, "moved") is None
    True
    """
    if rng <= base:
        return "full"
    if spotted in ("moved", "fired") and rng <= 2 * base:
        return "type"
    if spotted == "fired":
        return "fired"
    return None


# ---------------------------------------------------------------------------------------------
# Lines of sight


@dataclass(frozen=True)
class Obstacle:
    """The highest point of an intervening hex or hexside: its range from the sighter, its
    height (ground plus trees, buildings or smoke), and what it is."""

    distance: int
    height: int
    what: str = "terrain"


@dataclass
class LosResult:
    blocked: bool
    hull_down: bool = False
    reasons: list[str] = field(default_factory=list)
    cells: list[str] = field(default_factory=list)
    estimated: list[str] = field(default_factory=list)


def basic_height_los(
    sighter_height: int, target_height: int, rng: int, obstacles: Sequence[Obstacle]
) -> LosResult:
    """Basic Game line of sight by heights (6.1.4.2-6.1.4.5: depression -1, clear 0, hill +1,
    woods and buildings +2): an obstacle higher than both ends, or as high as one and higher
    than the other, blocks; anything else does not (no LINE OF SIGHT CHART, no hull down: 13.2
    is the Advanced Game)."""
    res = LosResult(False)
    hi_h, lo_h = max(sighter_height, target_height), min(sighter_height, target_height)
    for ob in obstacles:
        if not 0 < ob.distance < max(rng, 1):
            raise UmpireError(
                f"obstacle at range {ob.distance}: an obstacle lies between the ends (1-{rng - 1})"
            )
        if ob.height > hi_h or (ob.height == hi_h and ob.height > lo_h):
            res.blocked = True
            res.reasons.append(
                f"{ob.what} at {ob.distance} (height {ob.height}) blocks (6.1.4.3-6.1.4.5)"
            )
        else:
            res.reasons.append(f"{ob.what} at {ob.distance} does not block (6.1.4)")
    return res


def los_chart_line(diff: int, rng: int, chart: LosChart) -> tuple[int, Val[str | None]]:
    """Step 1 of 13.2.1.4.1: down the height-difference column to the line whose group of
    numbers holds ``rng`` (first to second number of ``lo-hi-hd``: the third is the reach of
    hull down, 13.2.2.2; see :func:`~umpire.rules.mbt.chart_checks.los_group`)."""
    col = min(max(diff, chart.columns[0]), chart.columns[-1])
    last = None
    for n in sorted(chart.lines):
        cell = chart.cell(n, col)
        if cell.v is None:
            continue
        lo, hi = los_group(parse_numbers(cell.v))
        last = (n, cell)
        if rng <= hi:
            return n, cell
    if last is None:
        raise UmpireError(f"LINE OF SIGHT CHART: column {col} has no filled cell (13.2.1.4.1)")
    return last


def advanced_los(
    sighter_height: int,
    target_height: int,
    rng: int,
    obstacles: Sequence[Obstacle],
    chart: LosChart | None = None,
) -> LosResult:
    """Advanced Game line of sight and height-difference hull down (13.2.1, 13.2.2.2).

    Each obstacle is compared with the two ends: higher than both blocks; equal to one and
    higher than the other blocks; equal to or lower than both is clear; between the two goes
    to the LINE OF SIGHT CHART.
    """
    chart = chart or data.chart("los")
    res = LosResult(False)
    hi_h, lo_h = max(sighter_height, target_height), min(sighter_height, target_height)
    for ob in obstacles:
        if not 0 < ob.distance < max(rng, 1):
            raise UmpireError(
                f"obstacle at range {ob.distance}: an obstacle lies between the ends (1-{rng - 1})"
            )
        if ob.height > hi_h:
            res.blocked = True
            res.reasons.append(
                f"{ob.what} at {ob.distance} (height {ob.height}) is "
                "higher than both ends (13.2.1.1)"
            )
            continue
        if ob.height <= lo_h:
            res.reasons.append(
                f"{ob.what} at {ob.distance} is not higher than either end (13.2.1.3)"
            )
            continue
        if ob.height == hi_h:
            res.blocked = True
            res.reasons.append(
                f"{ob.what} at {ob.distance} is as high as one end "
                "and higher than the other (13.2.1.2)"
            )
            continue
        dist_from_high = ob.distance if sighter_height >= target_height else rng - ob.distance
        _by_chart(ob, dist_from_high, (hi_h, lo_h), rng, chart, res)
    if res.blocked:
        res.hull_down = False
    return res


def _by_chart(ob: Obstacle, dist_from_high: int, ends: tuple[int, int], rng: int, chart: LosChart,
              res: LosResult) -> None:
    """An obstacle between the two ends' heights read on the LINE OF SIGHT CHART (13.2.1.4):
    it blocks, or not, and may leave the target hull down (13.2.2.2); its reasons, cells and
    estimates added to ``res``."""
    hi_h, lo_h = ends
    diff = hi_h - lo_h
    line, first = los_chart_line(diff, rng, chart)
    col = hi_h - ob.height
    cell = chart.cell(line, min(col, chart.columns[-1]))
    res.cells.append(f"column {diff} line {line}: {first.v}; column {col}: {cell.v}")
    for v, what in (
        (first, f"LOS chart column {diff} line {line}"),
        (cell, f"LOS chart column {col} line {line}"),
    ):
        if v.estimated and what not in res.estimated:
            res.estimated.append(f"{what} ({v.v})")
    if cell.v is None:
        res.blocked = True
        res.reasons.append(
            f"{ob.what}: no distance clears on line {line} column {col} (13.2.1.4.2)"
        )
        return
    nums = parse_numbers(cell.v)
    if dist_from_high > nums[-1]:
        res.blocked = True
        res.reasons.append(
            f"{ob.what} at {dist_from_high} from the higher end: "
            f"beyond {nums[-1]} it blocks (13.2.1.4.2)"
        )
        return
    res.reasons.append(
        f"{ob.what} at {dist_from_high} from the higher end: "
        f"{nums[-1]} or less does not block (13.2.1.4.2)"
    )
    if len(nums) == 3 and nums[1] <= dist_from_high <= nums[2]:
        res.hull_down = True
        res.reasons.append(
            f"obstacle between {nums[1]} and {nums[2]}: the target is hull down (13.2.2.2)"
        )


def automatic_hull_down(
    rng: int,
    firer_height: int,
    target_height: int,
    improved_position: bool = False,
    inside_building: str | None = None,
) -> str | None:
    """Why a vehicle is automatically hull down (13.2.2.1), or None.

    >>> automatic_hull_down(1, 2, 0)
    'fired on from an adjacent, higher hex (13.2.2.1.1)'
    >>> automatic_hull_down(1, 0, 0) is None
    True
    """
    if rng <= 1 and firer_height > target_height:
        return "fired on from an adjacent, higher hex (13.2.2.1.1)"
    if improved_position:
        return "in an improved position (13.2.2.1.2)"
    if inside_building in ("brick", "stone"):
        return f"inside a {inside_building} building (13.2.2.1.2)"
    return None


def dep_el_minimum(
    number: int | None, diff: int, chart: LosChart | None = None
) -> Val[int] | None:
    """Minimum range of a rising or falling shot (17.3.1.2): the DEP/EL line of the weapon's
    depression or elevation number crossed with the height difference. None if unlimited or
    level."""
    if number is None or diff == 0:
        return None
    chart = chart or data.chart("los")
    line = min(max(number, min(chart.dep_el)), max(chart.dep_el))
    col = min(abs(diff), chart.columns[-1])
    return chart.dep_el[line][chart.columns.index(col)]
