"""Movement over the tracked table (ORDERS; MOVEMENT): check a move, make the planned moves of
a movement phase in the order of movement, and move Routed stands away (unit integrity and
surrenders: :mod:`umpire.turns.auftragstaktik.movement_end`).

A move is refused (one error naming the reason and the allowed maximum) when it leaves the
table, enters terrain the stand may not enter, or costs more than its order allows this phase.
A planned move that the order in force no longer allows (an HQ roll failed) is cut short at the
allowance and reported. Minimums, the order's arrow and Withdraw's "away from the enemy" are
reported as warnings for the umpire (rulings ``movement.minimums``, ``orders.withdraw_max_move``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.core.tape import MOVE_TOLERANCE
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik.data import tables
from umpire.rules.auftragstaktik.facts import AtMoveFacts
from umpire.rules.auftragstaktik.hits import apply_hits
from umpire.rules.auftragstaktik.movement import Allowance, MoveCost, allowance, move_case, move_cost, off_direction
from umpire.rules.auftragstaktik.state import AtUnit
from umpire.text import num
from umpire.turns.auftragstaktik import tracked as tr
from umpire.turns.auftragstaktik.table import footprints_of, route, route_ahead
from umpire.turns.common import KeepMove

MOVEMENT_PHASES = {"movement_1": 1, "movement_2": 2}



def weather(state: GameState) -> str:
    return tr.read_book(state).weather


def phase_allowance(state: GameState, u: UnitState, phase: int, order: str | None = None) -> Allowance:
    ext = tr.read_book(state)
    bid = getattr(tr.battalion_of(state, u), "id", "")
    return allowance(
        order or u.orders or "NO",
        tr.move_value(u),
        phase=phase,
        troops=tr.is_troop(u),
        status=ext.battalion_status.get(bid, "ok"),
        rulings=tr.rulings_of(state),
        new_no_orders=u.id in ext.new_no_orders,
        moved_first=tr.moved_in(u, 1) > 0,
    )


def price(state: GameState, u: UnitState, path: list[tuple[float, float]], order: str) -> MoveCost:
    """What moving ``u`` along ``path`` costs (MOVEMENT > Terrain effects), with its ``calc move`` case."""
    legs, crossings = route(state, [(float(u.x), float(u.y)), *path])  # type: ignore[arg-type]
    mobility, w = tr.unit_ratings(u).mobility, weather(state)
    cost = move_cost(legs, crossings, mobility, order, tr.rulings_of(state), weather=w)
    cost.case = move_case(legs, crossings, mobility, order, w, state.rulings)
    return cost


def check_path(state: GameState, u: UnitState, path: list[tuple[float, float]], what: str) -> None:
    w, d = state.table.width, state.table.depth
    for i, (x, y) in enumerate(path):
        if not (math.isfinite(x) and math.isfinite(y)) or not (0 <= x <= w and 0 <= y <= d):
            raise UmpireError(f"{what}, point {i + 1}: ({x:g}, {y:g}) is off the table (x 0-{w:g}, y 0-{d:g})")


def check_move(
    state: GameState,
    u: UnitState,
    path: list[tuple[float, float]],
    *,
    phase: int,
    order: str | None = None,
    spent: float = 0.0,
    what: str = "move",
) -> tuple[MoveCost, Allowance]:
    """Price a move and refuse it if the rules forbid it.

    :raises UmpireError: off the table, impassable terrain, or longer than the order allows.
    """
    check_path(state, u, path, f"{what} of {u.id}")
    order = order or u.orders or "NO"
    cost = price(state, u, path, order)
    if cost.blocked:
        raise UmpireError(f"{what} of {u.id}: {cost.blocked}")
    allow = phase_allowance(state, u, phase, order)
    left = max(0.0, allow.maximum - spent)
    if cost.cost > left + MOVE_TOLERANCE:
        done = f', {num(spent)}" already moved this phase' if spent else ""
        raise UmpireError(
            f'{what} of {u.id}: costs {num(cost.cost)}" of allowance ({"; ".join(cost.lines) or "clear"}) '
            f'but {order} orders allow at most {num(allow.maximum)}" this phase{done} '
            f'(allowed: {num(left)}"; {allow.why})'
        )
    return cost, allow


def warnings(
    state: GameState,
    u: UnitState,
    start: tuple[float, float],
    end: tuple[float, float],
    cost: MoveCost,
    allow: Allowance,
    spent: float,
) -> list[str]:
    out: list[str] = []
    total = spent + cost.cost
    if allow.minimum > 0 and total + MOVE_TOLERANCE < allow.minimum:
        out.append(
            f'{u.id} moved {num(total)}", below the minimum {num(allow.minimum)}" '
            "(waived only if blocked; ruling movement.minimums)"
        )
    arrow = tr.read_book(state).direction.get(u.id)
    if arrow is not None and cost.length > 0:
        heading = (
            float(arrow)
            if not isinstance(arrow, list)
            else math.degrees(math.atan2(arrow[0] - start[0], arrow[1] - start[1])) % 360
        )
        off = off_direction(start, end, heading)
        if off > 0:
            out.append(
                f"{u.id} moved {num(off)} degrees outside the general direction of its arrow "
                f"({num(heading)} degrees; MOVEMENT)"
            )
    if (u.orders == "WD") and cost.length > 0:
        for e in _spotted_enemies(state, u):
            before = math.dist(start, (e.x, e.y))  # type: ignore[arg-type]
            after = math.dist(end, (e.x, e.y))  # type: ignore[arg-type]
            if after + 1e-6 < before:
                out.append(
                    f"{u.id} on Withdraw moved closer to a spotted enemy stand (ORDERS; ruling "
                    "orders.withdraw_max_move)"
                )
                break
    return out


def _spotted_enemies(state: GameState, u: UnitState) -> list[UnitState]:
    return [e for e in state.units.values() if e.side != u.side and tr.alive(e) and u.side in e.spotted_by]


def move_hook(state: GameState, u: UnitState, path: list[tuple[float, float]]) -> tuple[str, KeepMove | None]:
    """``umpire move`` in a running Auftragstaktik turn (before the first, a move is free: see
    :func:`umpire.turns.auftragstaktik.check_move`): in a Movement Phase checked against the order;
    refused in any other phase."""
    phase = MOVEMENT_PHASES.get(state.phase)
    if phase is None:
        raise UmpireError(
            f"move of {u.id}: stands move only in a Movement Phase (now: {tr.phase_name(state.phase)}; "
            "allowed: First Movement Phase, Second Movement Phase; umpire place sets a stand down anywhere)"
        )
    spent = tr.moved_in(u, phase)
    cost, allow = check_move(state, u, path, phase=phase, spent=spent)
    warn = warnings(state, u, (u.x, u.y), path[-1], cost, allow, spent)  # type: ignore[arg-type]
    text = f'; {num(cost.cost)}" of {num(allow.maximum)}" allowance' + "".join(f"; {w}" for w in warn)
    start = (float(u.x), float(u.y))  # type: ignore[arg-type]

    def keep(moved: UnitState) -> None:
        own = AtUnit.of(moved)
        own.set_moved_in(phase, round(spent + cost.cost, 3))
        # where it stood when the phase began, for the unit-integrity check (ruling movement.integrity_violation)
        own.moved_by_hand(phase, start)
        if phase == 2:
            # the path, for the templates it crosses when the phase is resolved (ruling indirect.who_is_attacked)
            own.path_2 = [*(own.path_2 or [start]), *((float(x), float(y)) for x, y in path)]

    return text, keep


def _cut(
    state: GameState, u: UnitState, path: list[tuple[float, float]], order: str, budget: float
) -> list[tuple[float, float]]:
    """The path cut where its cost reaches ``budget``."""
    pts = [(float(u.x), float(u.y)), *path]  # type: ignore[arg-type]
    total = sum(math.dist(a, b) for a, b in zip(pts, pts[1:], strict=False))
    if total <= 0 or budget <= 0:
        return []

    def upto(length: float) -> list[tuple[float, float]]:
        out, walked = [], 0.0
        for a, b in zip(pts, pts[1:], strict=False):
            seg = math.dist(a, b)
            if walked + seg >= length:
                f = (length - walked) / seg if seg else 0.0
                out.append((round(a[0] + f * (b[0] - a[0]), 3), round(a[1] + f * (b[1] - a[1]), 3)))
                return out
            out.append(b)
            walked += seg
        return out

    lo, hi = 0.0, total
    for _ in range(14):
        mid = (lo + hi) / 2
        c = price(state, u, upto(mid), order)
        if not c.blocked and c.cost <= budget:
            lo = mid
        else:
            hi = mid
    return upto(lo) if lo > 0 else []


def routed_path(state: GameState, u: UnitState, budget: float) -> list[tuple[float, float]]:
    """Straight away from the nearest visible enemy stand, kept on the table (ruling
    ``morale.routed_move_rate``)."""
    enemies = _spotted_enemies(state, u) or [e for e in state.units.values() if e.side != u.side and tr.alive(e)]
    if not enemies or budget <= 0:
        return []
    e = min(enemies, key=lambda e: math.dist((u.x, u.y), (e.x, e.y)))  # type: ignore[arg-type]
    dx, dy = float(u.x) - float(e.x), float(u.y) - float(e.y)  # type: ignore[arg-type]
    n = math.hypot(dx, dy) or 1.0
    x = min(max(float(u.x) + dx / n * budget, 0.0), state.table.width)  # type: ignore[arg-type]
    y = min(max(float(u.y) + dy / n * budget, 0.0), state.table.depth)  # type: ignore[arg-type]
    return _cut(state, u, [(round(x, 3), round(y, 3))], "WD", budget)


def place_at(u: UnitState, path: list[tuple[float, float]], facing: float | None, phase: int, cost: float) -> None:
    assert u.x is not None and u.y is not None, f"{u.id} is on the table"
    pts = [(u.x, u.y), *path]
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    if facing is None:
        facing = math.degrees(math.atan2(bx - ax, by - ay)) % 360 if (ax, ay) != (bx, by) else u.facing
    u.x, u.y = path[-1]
    u.facing = round(float(facing), 3)
    AtUnit.of(u).set_moved_in(phase, round(tr.moved_in(u, phase) + cost, 3))
    u.moved = round(u.moved + sum(math.dist(a, b) for a, b in zip(pts, pts[1:], strict=False)), 3)


def order_rank(state: GameState, u: UnitState) -> int:
    seq = tables().turn.movement.order_of_movement
    bid = getattr(tr.battalion_of(state, u), "id", "")
    order = "WD" if tr.read_book(state).battalion_status.get(bid) == "routed" else (u.orders or "NO")
    return seq.index(order) if order in seq else len(seq)


def _moved(u: UnitState, text: str, cost: MoveCost | None, allow: Allowance,
           start: tuple[float, float] | None = None, path: list[Any] | None = None) -> Resolution:
    """A move as a resolution (the report lists it under the unit, with its terrain costs);
    ``start`` and ``path`` say where it went from and by which waypoints."""
    here = [u.x, u.y]
    trail = [list(start), *([list(p) for p in path[:-1]] if path else []), here] if start is not None else [here]
    facts = AtMoveFacts(unit=u.id, start=trail[0], path=trail)
    if cost and cost.case:
        facts.case = cost.case
    return Resolution(
        ruleset="auftragstaktik",
        procedure="move",
        summary=text,
        outcome={
            "to": [u.x, u.y],
            "inches": round(cost.length, 2) if cost else 0.0,
            "allowance_used": round(cost.cost, 2) if cost else 0.0,
            "allowance": round(allow.maximum, 2),
        },
        notes=(cost.lines if cost else []) + [allow.why],
        facts=facts,
    )


def overruns(
    state: GameState, u: UnitState, start: tuple[float, float], path: list[tuple[float, float]], dice: Dice,
    troops: list[UnitState] | None = None,
) -> tuple[list[Resolution], list[str]]:
    """An AFV whose move passes over enemy troop stands overruns them (MISCELLANEOUS RULES >
    Overruns; ruling ``overrun.tracked``): each stand overrun, nearest along the path first, makes
    one close-combat attack on it; with 2 hits or more it stops short of that stand.

    ``troops``: every troop stand of the state (a movement phase finds them once; they move in
    place and may die as it goes, which is asked here)."""
    import shapely  # shapely is slow to import: a command that moves nothing does without it

    if not tr.is_afv(u) or u.hits > tables().close_combat.overrun.attacker_max_hits_at_start:
        return [], []
    if troops is None:
        troops = [e for e in state.units.values() if tr.is_troop(e)]
    # the swept band lies in the path's box widened by half the base, a footprint within half
    # its diagonal of its centre: most moves pass no enemy troop stand, and build no shapes
    pts, half = [start, *path], min(u.base) / 2
    xs, ys, w = [p[0] for p in pts], [p[1] for p in pts], half + 1e-6
    x0, x1, y0, y1 = min(xs) - w, max(xs) + w, min(ys) - w, max(ys) + w
    near = [e for e in troops if e.side != u.side and tr.alive(e) and e.x is not None and e.y is not None
            and x0 - (r := math.hypot(*e.base) / 2) <= e.x <= x1 + r and y0 - r <= e.y <= y1 + r]
    line = shapely.LineString(pts) if near else None
    if line is None or line.length == 0:
        return [], []
    swept = line.buffer(half, cap_style="flat")
    hit = [e for e, f in zip(near, footprints_of(near), strict=True) if swept.intersects(f)]
    results, lines = [], []
    for e in sorted(hit, key=lambda e: (line.project(shapely.Point(e.x, e.y)), e.id)):
        if not tr.alive(e):
            continue
        res = _overrun(state, u, e, dice)
        results.append(res)
        if not res.outcome["continue"] or u.status == "eliminated":
            back = math.hypot(*u.base) / 2 + math.hypot(*e.base) / 2
            stop = line.interpolate(max(0.0, line.project(shapely.Point(e.x, e.y)) - back))
            u.x, u.y = round(stop.x, 3), round(stop.y, 3)
            lines.append(f"{u.id} overruns {e.id} and must stop at ({num(u.x)}, {num(u.y)}) ({u.hits} hits)")
            break
        lines.append(f"{u.id} overruns {e.id} and drives on ({u.hits} hit{'s' if u.hits != 1 else ''})")
    return results, lines


def _overrun(state: GameState, u: UnitState, e: UnitState, dice: Dice) -> Resolution:
    """AFV ``u`` overruns troop stand ``e``, which attacks it once; its hits land on ``u``."""
    # close combat's rules and a stand's case: a move by hand overruns nothing and needs none
    from umpire.rules.auftragstaktik.close_combat import overrun
    from umpire.rules.auftragstaktik.stand_case import stand_case
    from umpire.turns.auftragstaktik.morale_cc import morale_level

    ext = tr.book(state)
    de, at = tr.stand(state, e, moved=tr.moved_this_turn(e) > 0, spotted=True), tr.stand(state, u, moved=True,
                                                                                            spotted=True)
    md = morale_level(state, getattr(tr.battalion_of(state, e), "id", ""))
    ma = morale_level(state, getattr(tr.battalion_of(state, u), "id", ""))
    res = overrun(de, [at], scoped(dice, "overrun", u.id, e.id), tr.rulings_of(state), defender_morale=md,
                  attacker_morale=ma)
    case = {"procedure": "overrun", "ruleset": "auftragstaktik", "rulings": dict(state.rulings),
            "defender": stand_case(de), "attackers": [stand_case(at)], "defender_morale": md,
            "attacker_morale": ma}
    res.facts.attacker = e.id
    res.facts.target = u.id
    res.facts.case = case
    res.summary = f"{u.id} overruns {e.id}; {e.id} fights back: {res.summary}"
    u.hits, eliminated = apply_hits(u.hits, int(res.outcome["hits"]))  # an overrun's hits are close combat's
    if eliminated:
        u.status = "eliminated"
    for x in (u, e):
        b = tr.battalion_of(state, x)
        if b is not None and b.id not in ext.under_fire:
            ext.under_fire.append(b.id)
    if u.id not in ext.attacked:
        ext.attacked.append(u.id)
    return res


@dataclass
class _MovementPhase:
    """A movement phase's planned moves on ``state`` (a copy being changed), and what it has said
    so far; ``troops``: the troop stands that may be overrun."""

    state: GameState
    phase: int
    dice: Dice | None
    troops: list[UnitState]
    results: list[Resolution] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def through(self, u: UnitState, pts: list[tuple[float, float]]) -> None:
        """A stand moving through an indirect fire template in the Second Movement Phase is attacked."""
        if self.phase == 2 and self.dice is not None:
            from umpire.turns.auftragstaktik.indirect import template_attacks

            r, ln = template_attacks(self.state, u, pts, self.dice)
            self.results.extend(r)
            self.lines.extend(ln)

    def routed(self, u: UnitState, allow: Allowance) -> None:
        """A Routed stand falls back."""
        path = routed_path(self.state, u, allow.maximum)
        if path:
            cost = price(self.state, u, path, "WD")
            start = (float(u.x), float(u.y))  # type: ignore[arg-type]
            place_at(u, path, None, self.phase, cost.cost)
            self.lines.append(f'{u.id} (Routed) falls back {num(cost.length)}" to ({num(u.x)}, {num(u.y)})')  # type: ignore[arg-type]
            self.results.append(_moved(u, self.lines[-1], cost, allow, start, path))
            self.through(u, [start, *path])

    def planned(self, u: UnitState, allow: Allowance) -> None:
        """A stand makes its planned move, cut short at what its order allows now."""
        state, phase, lines = self.state, self.phase, self.lines
        plan = tr.book(state).plan.get(u.id, {})
        path = [(p[0], p[1]) for p in tr.book(state).moves(u.id, phase)]
        if not path:
            if allow.minimum > 0 and tr.move_value(u) > 0:
                lines.append(
                    f'warning: {u.id} on {u.orders} orders did not move (minimum {num(allow.minimum)}"; '
                    "ruling movement.minimums)"
                )
            return
        start = (float(u.x), float(u.y))  # type: ignore[arg-type]
        cost = price(state, u, path, u.orders or "NO")
        note = ""
        if cost.blocked or cost.cost > allow.maximum + 1e-6:
            why = cost.blocked or f'costs {num(cost.cost)}", {u.orders or "NO"} allows {num(allow.maximum)}"'
            path = _cut(state, u, path, u.orders or "NO", allow.maximum)
            note = f" (cut short: {why})"
            if not path:
                lines.append(f"{u.id} stays put{note}")
                self.results.append(_moved(u, lines[-1], None, allow))
                return
            cost = price(state, u, path, u.orders or "NO")
        facing = plan.get("facing") if phase == 2 or not plan.get("move2") else None
        place_at(u, path, facing, phase, cost.cost)
        lines.append(
            f'{u.id} moves {num(cost.length)}" ({num(cost.cost)}" of {num(allow.maximum)}" '
            f"allowance) to ({num(path[-1][0])}, {num(path[-1][1])}){note}"
        )
        self.results.append(_moved(u, lines[-1], cost, allow, start, path))
        lines += [f"warning: {w}" for w in warnings(state, u, start, (u.x, u.y), cost, allow, 0.0)]  # type: ignore[arg-type]
        if self.dice is not None:
            r, ln = overruns(state, u, start, path, self.dice, self.troops)
            self.results += r
            lines += ln
        stopped = (float(u.x), float(u.y)) != tuple(path[-1])  # type: ignore[arg-type]
        self.through(u, [start, (float(u.x), float(u.y))] if stopped else [start, *path])  # type: ignore[arg-type]


def resolve_movement(state: GameState, phase: int, dice: Dice | None = None) -> tuple[list[Resolution], list[str]]:
    """Make every planned move of movement phase ``phase`` on ``state`` (a copy being changed),
    Withdraw first, then Travel, Hasty Advance, Deliberate Advance (ruling
    ``movement.order_within_class``: both sides' stands of a class move together). Returns the
    report lines."""
    ext = tr.book(state)
    movers = sorted((u for u in state.units.values() if tr.alive(u)), key=lambda u: (order_rank(state, u), u.id))
    run = _MovementPhase(state, phase, dice, [e for e in state.units.values() if tr.is_troop(e)])
    route_ahead(state, [[(u.x, u.y), *ext.moves(u.id, phase)] for u in movers
                        if u.x is not None and u.y is not None and not AtUnit.of(u).by_hand(phase)])
    for u in movers:
        if AtUnit.of(u).by_hand(phase):
            run.through(u, list(AtUnit.of(u).path_2))
            continue
        bid = getattr(tr.battalion_of(state, u), "id", "")
        allow = phase_allowance(state, u, phase)
        if ext.battalion_status.get(bid, "ok") == "routed":
            run.routed(u, allow)
        else:
            run.planned(u, allow)
    return run.results, run.lines
