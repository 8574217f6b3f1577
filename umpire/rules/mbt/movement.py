"""Vehicle movement in inches (8.0, 23.3.2.1).

A move is a list of :class:`Leg` segments, each over one terrain: its length in inches, whether
it follows a road or path track, the height changes it crosses, any turn made before it. Terrain
costs are charged per inch (each inch of rough costs 4 inches of movement), road and path
fractions per inch, height changes and turns once each where they happen (they are hexside and
in-hex costs), reverse moves double (8.1.3). A unit with MOVE or OVERRUN orders that spends
nothing on turns may always move one hex length (8.4.4, see conversions.one_step).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from umpire.core.tape import MOVE_TOLERANCE
from umpire.errors import UmpireError
from umpire.rules.mbt import orders
from umpire.rules.mbt.conversions import check_scale, one_step, turn_hexsides
from umpire.rules.mbt.provenance import Val, parse_numbers
from umpire.rules.mbt.vehicle_card import Card


@dataclass(frozen=True)
class Leg:
    terrain: str
    inches: float
    road: bool = False
    path: bool = False
    height_change: int = 0  # heights changed when entering this terrain (a hexside crossing)
    smoke: bool = False
    wire: bool = False
    turn: float = 0.0  # degrees turned before this leg (23.3.2.4)
    reverse: bool = False
    charged: float | None = None  # inches charged when not its length (a stream crossing is one hex)
    bridge: bool = False  # entering a bridge by its road: +1 hex (8.5.3, 8.6)
    blocked_road: bool = False  # along a road, but a wreck or enemy unit there denies the road rate (8.5.2)


@dataclass
class MoveCost:
    allowance: float  # inches the unit may spend
    spent: float  # inches of movement used
    legal: bool
    lines: list[str]
    estimated: list[str]

    @property
    def why(self) -> str:
        """Why the move is not legal: the first line that forbade it (a later leg's cost is not
        the reason)."""
        return next((x for x in self.lines if "prohibited" in x or x.startswith("needs ")), "")


def _cost(val: Val[Any], what: str, est: list[str]) -> float | None:
    if val.estimated and what not in est:
        est.append(what)
    v = str(val.v).strip()
    if v.upper() == "P":
        return None
    return float(Fraction(v))


def cost(
    card: Card,
    legs: Sequence[Leg],
    order: str,
    scale: float = 1.0,
    *,
    ruling: str = "move",
    suppressed: bool = False,
    night: bool = False,
) -> MoveCost:
    """Inches of movement a route costs and whether the unit may make it this Turn.

    :raises UmpireError: for a terrain the card does not list.
    """
    scale = check_scale(scale)
    est: list[str] = []
    mf = card.speeds.normal
    if mf.estimated:
        est.append(f"{card.card} normal MF ({mf.v})")
    allowance = orders.movement_allowance(order, mf.v, ruling, suppressed, night) * scale
    costs = card.movement_costs
    turn_costs = parse_numbers(card.turn_costs.v)
    if card.turn_costs.estimated:
        est.append(f"{card.card} turn costs ({card.turn_costs.v})")
    spent, legal, turned, lines = 0.0, True, False, []
    for leg in legs:
        if leg.turn:
            k = turn_hexsides(leg.turn)
            if k:
                c = turn_costs[min(k, 3) - 1] * scale
                turned = turned or c > 0
                spent += c
                lines.append(f"turn {leg.turn:g} degrees = {k} hexside(s): {c:g} in (8.3)")
        key = "road" if leg.road else "path" if leg.path else leg.terrain
        if key not in costs.terrain:
            raise UmpireError(
                f"terrain: {leg.terrain!r} has no movement cost on {card.card} "
                f"(allowed: {', '.join(costs.terrain)})"
            )
        per = _cost(costs.terrain[key], f"{card.card} movement cost {key}", est)
        if per is None:
            legal = False
            lines.append(f"{key}: prohibited (8.4.2)")
            continue
        length = leg.inches if leg.charged is None else leg.charged
        c = per * length * (2 if leg.reverse else 1)
        extra = 1.0 * scale if leg.bridge else 0.0  # 8.5.3: "+1" to enter a bridge hex by road
        heights = abs(leg.height_change) - (1 if (leg.road or leg.path) else 0)
        if heights > 0:
            table = costs.plus["height_change"]
            assert isinstance(table, list)
            h = _cost(table[min(heights, len(table)) - 1], f"{card.card} height change cost", est)
            if h is None:
                legal = False
                lines.append(f"height change of {heights}: prohibited (8.4.2)")
                continue
            extra += h * scale
        for flag, name in ((leg.smoke, "smoke"), (leg.wire, "wire")):
            if flag:
                val = costs.plus[name]
                assert isinstance(val, Val)
                extra += (_cost(val, f"{card.card} {name} cost", est) or 0) * scale
        spent += c + extra
        lines.append(
            f"{leg.inches:g} in of {key}{f' (charged as {leg.charged:g} in)' if leg.charged is not None else ''}"
            f"{' over a bridge (8.6)' if leg.bridge else ''}"
            f"{' on a road with a wreck or enemy unit there, no road rate (8.5.2)' if leg.blocked_road else ''}"
            f"{' in reverse' if leg.reverse else ''}: "
            f"{c + extra:g} in (8.4, 23.3.2.1)"
        )
    if spent > allowance + MOVE_TOLERANCE:
        total_in = sum(leg.inches for leg in legs)
        if (
            orders.order_code(order) in ("M", "OR")
            and not turned
            and legal
            and total_in <= one_step(scale) + 1e-9
        ):
            lines.append(f"always one step: {total_in:g} in is within one hex length (8.4.4)")
        else:
            legal = False
            lines.append(f"needs {spent:g} in, the unit has {allowance:g} in")
    return MoveCost(allowance, spent, legal, lines, est)
