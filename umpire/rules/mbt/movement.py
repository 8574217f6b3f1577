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

NIGHT_CONDITIONS = ("night", "moonlight")  # 18.1.1: "during Night or Moonlight conditions" (not Dusk)


def night_movement(conditions: str) -> bool:
    """Do ``conditions`` reduce movement (18.1.1: Night or Moonlight, never Dusk)?

    >>> night_movement("moonlight"), night_movement("dusk")
    (True, False)
    """
    return str(conditions).strip().lower() in NIGHT_CONDITIONS


def leg_allowance(leg: str, order: str, scale: float, *, ruling: str = "move", night: bool = False) -> float:
    """Inches a leg unit may move (15.1.1): squads and half squads 2 hexes with MOVE (the printed
    FIRE: ruling ``orders.move_full_speed``), 1 with FIRE/MOVE; teams 1 with MOVE; at most 1 hex
    at Night or in Moonlight (18.1.1).

    >>> leg_allowance("squad", "M", 1.0), leg_allowance("squad", "M", 1.0, night=True), leg_allowance("team", "FM", 1.0)
    (2.0, 1.0, 0.0)
    """
    code = orders.order_code(order)
    full = "M" if ruling == "move" else "F"
    if leg == "team":
        hexes = 1.0 if code == full else 0.0
    else:
        hexes = 2.0 if code == full else 1.0 if code == "FM" else 0.0
    if night:
        from umpire.rules.mbt.options.terrain import night_mf  # the options' charts load only at night

        hexes = night_mf(hexes, "leg")
    return hexes * scale


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


@dataclass(frozen=True)
class Going:
    """What a move is made in and does beyond its route: the ruling on full speed
    (``orders.move_full_speed``), a suppressed unit, night, the ground weather (18.2) and the
    streams (fordable, frozen or unfordable, 18.2.1-2); the movement factors to load or unload
    (the highest LOAD/UNLOAD COST of the units, 15.3.2.2), going ``inside`` buildings (15.4.3),
    the wire hexes entered (12.4.6)."""

    ruling: str = "move"
    suppressed: bool = False
    night: bool = False
    ground: str = "normal"
    streams: str = "fordable"
    load_unload: int = 0
    inside: bool = False
    wire_hexes: int = 0


def cost(card: Card, legs: Sequence[Leg], order: str, scale: float = 1.0, going: Going = Going()) -> MoveCost:
    """Inches of movement a route costs and whether the unit may make it this Turn. Beyond the
    route: ``going.load_unload`` movement factors to load or unload, one more to go inside
    buildings, and each wire hex entered at the card's wire cost (:class:`Going`). A vehicle
    that enters no new hex may load or unload with fewer movement factors than it needs
    (15.3.2.4).

    :raises UmpireError: for a terrain the card does not list.
    """
    scale = check_scale(scale)
    est: list[str] = []
    g = going
    mf = getattr(card.speeds, g.ground)  # 18.2: the Snow or Mud movement factors in that ground weather
    if mf.estimated:
        est.append(f"{card.card} {g.ground} MF ({mf.v})")
    allowance = orders.movement_allowance(order, mf.v, g.ruling, g.suppressed, g.night) * scale
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
        leg_cost = _leg_cost(card, leg, scale, g, est, lines)
        if leg_cost is None:
            legal = False
        else:
            spent += leg_cost
    extra, allowed = _beyond_route(card, scale, g, est, lines)
    legal = legal and allowed
    spent += extra
    total_in = sum(leg.inches for leg in legs)
    if spent > allowance + MOVE_TOLERANCE and legal and (g.load_unload or g.inside) and total_in <= 1e-9:
        lines.append("loads or unloads without entering a new hex: allowed with fewer movement factors (15.3.2.4)")
    elif spent > allowance + MOVE_TOLERANCE:
        if (
            orders.order_code(order) in ("M", "OR")
            and not turned
            and not extra
            and legal
            and total_in <= one_step(scale) + 1e-9
        ):
            lines.append(f"always one step: {total_in:g} in is within one hex length (8.4.4)")
        else:
            legal = False
            lines.append(f"needs {spent:g} in, the unit has {allowance:g} in")
    return MoveCost(allowance, spent, legal, lines, est)


def _leg_cost(card: Card, leg: Leg, scale: float, g: Going, est: list[str], lines: list[str]) -> float | None:
    """What one leg of the route costs in inches (8.4, 23.3.2.1): its terrain (a road's or a
    path's rate; a stream as the ground weather leaves it), a bridge, a change of height, smoke
    and wire on it; its line added to ``lines``. None: the card may not make it (8.4.2).

    :raises UmpireError: for a terrain the card does not list.
    """
    costs = card.movement_costs
    key = "road" if leg.road else "path" if leg.path else leg.terrain
    if key == "stream" and g.streams != "fordable":  # 18.2.1, 18.2.2
        from umpire.rules.mbt.options.terrain import stream_state

        now = stream_state(g.ground, frozen=g.streams == "frozen", unfordable=g.streams == "unfordable")
        key = {"unfordable": "stream_nonfordable"}.get(now, now)
    if key not in costs.terrain:
        raise UmpireError(
            f"terrain: {leg.terrain!r} has no movement cost on {card.card} "
            f"(allowed: {', '.join(costs.terrain)})"
        )
    per = _cost(costs.terrain[key], f"{card.card} movement cost {key}", est)
    if per is None:
        lines.append(f"{key}: prohibited (8.4.2)")
        return None
    length = leg.inches if leg.charged is None else leg.charged
    c = per * length * (2 if leg.reverse else 1)
    extra = 1.0 * scale if leg.bridge else 0.0  # 8.5.3: "+1" to enter a bridge hex by road
    heights = abs(leg.height_change) - (1 if (leg.road or leg.path) else 0)
    if heights > 0:
        table = costs.plus["height_change"]
        assert isinstance(table, list)
        h = _cost(table[min(heights, len(table)) - 1], f"{card.card} height change cost", est)
        if h is None:
            lines.append(f"height change of {heights}: prohibited (8.4.2)")
            return None
        extra += h * scale
    for flag, name in ((leg.smoke, "smoke"), (leg.wire, "wire")):
        if flag:
            val = costs.plus[name]
            assert isinstance(val, Val)
            extra += (_cost(val, f"{card.card} {name} cost", est) or 0) * scale
    lines.append(
        f"{leg.inches:g} in of {key}{f' (charged as {leg.charged:g} in)' if leg.charged is not None else ''}"
        f"{' over a bridge (8.6)' if leg.bridge else ''}"
        f"{' on a road with a wreck or enemy unit there, no road rate (8.5.2)' if leg.blocked_road else ''}"
        f"{' in reverse' if leg.reverse else ''}: "
        f"{c + extra:g} in (8.4, 23.3.2.1)"
    )
    return c + extra


def _beyond_route(card: Card, scale: float, g: Going, est: list[str], lines: list[str]) -> tuple[float, bool]:
    """What the move costs beyond its route (loading or unloading, going inside, wire hexes),
    each line added to ``lines``; and whether the card may do it (wire may be prohibited)."""
    extra = (g.load_unload + (1 if g.inside else 0)) * scale
    if g.load_unload:
        lines.append(f"load/unload: {g.load_unload * scale:g} in (15.3.2)")
    if g.inside:
        lines.append(f"going inside buildings: {scale:g} in (15.4.3)")
    if g.wire_hexes:
        val = card.movement_costs.plus["wire"]
        assert isinstance(val, Val)
        per = _cost(val, f"{card.card} wire cost", est)
        if per is None:
            lines.append("wire: prohibited (12.4.6)")
            return extra, False
        extra += per * scale * g.wire_hexes
        lines.append(f"{g.wire_hexes} wire hex(es): {per * scale * g.wire_hexes:g} in (12.4.6)")
    return extra, True
