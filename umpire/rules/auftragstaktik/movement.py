"""Movement allowances and costs (ORDERS; MOVEMENT > Terrain effects, Weather effects).

A move is priced from plain facts the geometry measured: the inches it runs through each
terrain type, whether each stretch follows a road, and the streams it crosses. Each inch costs
its terrain's multiplier in the stand's mobility column (ruling ``movement.cost_model``); NA
means the stand may not enter (``movement.na_meaning``). Travel orders along a road use the road
rate; other orders pay 1 on a road (``movement.road_without_travel``). A stream crossing costs its
multiplier times one nominal inch (``movement.crossing_cost``), nothing where a road bridges it.
Low-mobility wheeled stands pay double off road (``movement.lw_off_road``); deep snow and mud
double every off-road cost and keep lw stands on the road (``movement.weather_wording``).

The allowance per movement phase comes from the order (``turn.yaml: movement.limits``); the
minimum is only a warning (ruling ``movement.minimums``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from umpire.core.rulings import Rulings
from umpire.rules.auftragstaktik.data import Tables, tables


@dataclass(frozen=True)
class Leg:
    """A stretch of a move: the table's terrain type, its length, and whether it follows a road."""

    terrain: str
    inches: float
    road: bool = False


@dataclass(frozen=True)
class StreamCrossing:
    type: str  # stream, river, at_ditch
    bridged: bool = False
    where: str = ""


@dataclass
class MoveCost:
    """What a move costs: ``cost`` in inches of allowance, or ``blocked`` with the reason."""

    length: float
    cost: float
    lines: list[str] = field(default_factory=list)
    blocked: str = ""
    case: dict[str, Any] | None = None  # the ``calc move`` case it was priced from, where a turn keeps one


@dataclass(frozen=True)
class Allowance:
    minimum: float
    maximum: float
    why: str


def column(mobility: str, t: Tables | None = None) -> str:
    """The cost column of a stat line's mobility code (``none`` for helicopters)."""
    m = (t or tables()).turn.movement.mobility
    base = mobility.lower().rstrip("a") or "f"
    return m.get(base, "foot")


def move_cost(
    legs: list[Leg],
    crossings: list[StreamCrossing],
    mobility: str,
    order: str,
    rulings: Rulings,
    *,
    weather: str = "clear",
    t: Tables | None = None,
) -> MoveCost:
    """Price a move (see the module notes)."""
    t = t or tables()
    mv = t.turn.movement
    col = column(mobility, t)
    amphibious = mobility.lower().endswith("a") and mobility.lower() != "a"
    lw = mobility.lower().rstrip("a") == "lw"
    length = sum(leg.inches for leg in legs)
    if col == "none":
        return MoveCost(length, length, ["helicopter: terrain ignored (ruling movement.unlisted_mobility)"])
    snow = mv.weather.off_road_factor.get(weather, 1.0)
    cost = 0.0
    lines: list[str] = []
    by_row: dict[str, float] = {}
    for leg in legs:
        if leg.road:
            rate, key = _road_rate(order, col, t)
            cost += leg.inches * rate
            by_row[key] = by_row.get(key, 0.0) + leg.inches
            continue
        row_name = mv.terrain.get(leg.terrain, mv.terrain["open"]).row
        rate = getattr(mv.costs[row_name], col)
        if rate is None and amphibious and row_name == "water":
            rate = 1.0
        if rate is None:
            return _blocked(length, lines, f"{col} stands may not enter {leg.terrain} ({row_name.replace('_', ' ')}: "
                            "NA; MOVEMENT > Terrain effects; ruling movement.na_meaning)")
        if lw:
            if snow > 1:
                return _blocked(length, lines, f"low-mobility wheeled stands may not move off road in {weather} "
                                f"({mv.weather.source}; ruling movement.weather_wording)")
            rate *= mv.low_mobility_wheeled_off_road
        rate *= snow
        cost += leg.inches * rate
        key = f"{leg.terrain} x{rate:g}"
        by_row[key] = by_row.get(key, 0.0) + leg.inches
    lines += [f'{inches:.2f}" {key}' for key, inches in by_row.items()]
    if snow > 1:
        lines.append(f"{weather}: off-road costs x{snow:g} (ruling movement.weather_wording)")
    crossing_cost, blocked = _crossings(crossings, col, amphibious, lines, t)
    if blocked:
        return _blocked(length, lines, blocked)
    return MoveCost(length, cost + crossing_cost, lines)


def _road_rate(order: str, col: str, t: Tables) -> tuple[float, str]:
    """The rate of an inch of road, and the line it is counted under: the road rate on Travel
    orders, 1 on any other (ruling movement.road_without_travel)."""
    if order == "TR":
        rate: float = getattr(t.turn.movement.road, col)
        return rate, f"road at Travel rate x{rate:.3g}"
    return 1.0, "road without Travel orders x1 (ruling movement.road_without_travel)"


def _crossings(crossings: list[StreamCrossing], col: str, amphibious: bool, lines: list[str],
               t: Tables) -> tuple[float, str]:
    """What the stream crossings cost (ruling movement.crossing_cost), each one's line added to
    ``lines``; or the reason one may not be crossed."""
    mv = t.turn.movement
    cost = 0.0
    for c in crossings:
        if c.bridged:
            lines.append(f"{c.type} {c.where} crossed by road: no crossing cost".replace("  ", " "))
            continue
        row = mv.crossings.get(c.type)
        rate = getattr(row, col) if row is not None else None
        if row is not None and amphibious and c.type == "stream":
            rate = 1.0
        if rate is None:
            return cost, (f"{col} stands may not cross the {c.type} {c.where}".rstrip()
                          + " (MOVEMENT > Terrain effects; ruling movement.na_meaning)")
        cost += rate
        lines.append(f'crossing {c.type} {c.where}: {rate:g}" (ruling movement.crossing_cost)'.replace("  ", " "))
    return cost, ""


def _blocked(length: float, lines: list[str], why: str) -> MoveCost:
    """A move the stand may not make: no allowance can pay for it."""
    return MoveCost(length, math.inf, lines, blocked=why)


def allowance(
    order: str,
    move: float,
    *,
    phase: int,
    troops: bool,
    status: str,
    rulings: Rulings,
    new_no_orders: bool = False,
    moved_first: bool = True,
    t: Tables | None = None,
) -> Allowance:
    """How far (in inches of allowance) a stand may move in movement phase ``phase`` (1 or 2).

    ``new_no_orders``: No Orders were received this turn; ``moved_first``: the stand moved in
    the First Movement Phase (a DA stand that did not may not move in the second).
    """
    t = t or tables()
    lim = t.turn.movement.limits
    src = lim.source
    if status == "routed":
        r = lim.routed
        return Allowance(
            0.0, r.max * move, "Routed: up to full MA away from the enemy (ruling morale.routed_move_rate)"
        )
    if order == "NO":
        choice = rulings["orders.no_orders_first_phase_move"]
        if phase == 1 and (new_no_orders or choice == "every_turn"):
            r = lim.no_orders_first_phase
            low = lim.HA.min if choice == "new_orders_ha_minimum" else r.min
            return Allowance(
                low * move,
                r.max * move,
                f"No Orders: may move as if HA in the First Movement Phase ({src}; "
                "ruling orders.no_orders_first_phase_move)",
            )
        return Allowance(0.0, 0.0, f"No Orders: the unit may not move ({src})")
    r = getattr(lim, order)
    if order == "DA" and phase == 2 and not moved_first:
        return Allowance(
            0.0,
            0.0,
            f"Deliberate Advance: it did not move in the first movement phase, so it may "
            f"not move in the second ({src}; ruling orders.da_wording)",
        )
    top = r.max_troops if (troops and r.max_troops is not None) else r.max
    if order == "WD" and rulings["orders.withdraw_max_move"] == "travel_rate":
        top = lim.TR.max_troops if troops and lim.TR.max_troops else lim.TR.max
    names = {"DA": "Deliberate Advance", "HA": "Hasty Advance", "TR": "Travel", "WD": "Withdraw"}
    return Allowance(r.min * move, top * move, f"{names[order]}: {r.min:g}-{top:g} x MA per phase ({src})")


def bearing(dx: float, dy: float) -> float:
    """Degrees clockwise from the far edge (+y)."""
    return math.degrees(math.atan2(dx, dy)) % 360


def off_direction(
    start: tuple[float, float], end: tuple[float, float], heading: float, t: Tables | None = None
) -> float:
    """How far (degrees) a move strays from the order's arrow; 0 within the general direction."""
    t = t or tables()
    dx, dy = end[0] - start[0], end[1] - start[1]
    if math.hypot(dx, dy) < 1e-9:
        return 0.0
    diff = abs((bearing(dx, dy) - heading + 180) % 360 - 180)
    return max(0.0, diff - t.turn.movement.general_direction_deg)


def move_case(legs: list[Leg], crossings: list[StreamCrossing], mobility: str, order: str, weather: str,
              rulings: dict[str, str]) -> dict[str, Any]:
    """The ``calc move`` case of a priced move: the facts :func:`move_cost` takes."""
    return {"procedure": "move", "ruleset": "auftragstaktik", "rulings": dict(rulings), "mobility": mobility,
            "orders": order, "weather": weather,
            "route": [{"terrain": x.terrain, "inches": x.inches, "road": x.road} for x in legs],
            "crossings": [{"type": c.type, "bridged": c.bridged, "where": c.where} for c in crossings]}
