"""Panic moves (option 17.9) over the tracked game.

An orders file marks a unit ``panic: true``: a ground unit otherwise unable to move by its
orders (not M, FM or OR) or its situation (a suppressed leg or towed unit), that has not used its
orders for anything else (it fires nothing this Turn) and, a vehicle, is not immobilized by a
track hit. After the Movement Step's written moves, each such unit rolls on the SCATTER DIAGRAM by
the ``panic`` calc procedure and moves that way as far as its maximum movement factors allow: not
reduced by suppression or orders, without road or path rates, priced for a vehicle by the
function ``calc move`` uses and stopping short of prohibited terrain and the table's edge (a
ruling of umpire's: it does not leave the table); then it is suppressed (ON). Its path is walked
as a move's is, so the minefields it enters attack it (17.5).
"""

from __future__ import annotations

import math
from typing import Any

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.rules.mbt import movement
from umpire.rules.mbt.options.facts import CheckFacts
from umpire.rules.mbt.state import MbtUnit
from umpire.turns.mbt.options import on
from umpire.turns.mbt.turn_state import mbt, plan, sides_in_order, unit_note

NAME = "panic_moves"
MOVERS = ("M", "FM", "OR")


def check_orders(state: GameState, units: dict[str, dict[str, Any]], where: str) -> None:
    """Refuse a panic move the option or the unit does not allow.

    :raises UmpireError: one line naming the unit's ``panic`` and why.
    """
    from umpire.turns.mbt.advanced import units as U

    for uid, spec in units.items():
        if not spec.get("panic"):
            continue
        at = f"{where}: units.{uid}.panic"
        if not on(state, NAME):
            raise UmpireError(f"{at}: a panic move needs the panic_moves option (add it to the scenario's mbt.options)")
        u = state.units[uid]
        if spec.get("order") in MOVERS and not (U.kind(u) != "vehicle" and U.suppressed(u)):
            raise UmpireError(f"{at}: {uid} may move by its {spec['order']} orders; a panic move is for a unit "
                              "otherwise unable to move (17.9)")
        if spec.get("fire") or spec.get("assault") or spec.get("move"):
            raise UmpireError(f"{at}: a unit making a panic move uses its orders for nothing else (17.9; it has "
                              f"{next(k for k in ('fire', 'assault', 'move') if spec.get(k))} orders written)")
        if U.kind(u) == "vehicle" and MbtUnit.of(u).track_hit:
            raise UmpireError(f"{at}: {uid} has a track hit and cannot move (17.9, 7.4.5.3.1)")


def _case(u: UnitState, scale: float) -> dict[str, Any]:
    """The ``panic`` calc case of ``u``: a vehicle by its card, a leg unit by its full movement."""
    from umpire.turns.mbt.advanced import units as U

    k = U.kind(u)
    if k == "vehicle":
        return {"card": u.card, "scale": scale}
    mf = 1 if k == "towed" else int(movement.leg_allowance(U.leg_kind(u), "M", 1.0))
    return {"mf": mf, "scale": scale}


def _reach(state: GameState, u: UnitState, way: tuple[float, float], inches: float) -> tuple[float, float]:
    """The farthest point along ``way`` (a unit vector) within ``inches`` that the unit's full
    movement pays for, on the table."""
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.table import AdvTable

    t = AdvTable(state)
    x0, y0 = t.xy(u)
    w, d = state.table.width, state.table.depth
    room = inches
    for v, lo, hi in ((way[0], x0, w), (way[1], y0, d)):
        if v > 1e-9:
            room = min(room, (hi - lo) / v)
        elif v < -1e-9:
            room = min(room, (0 - lo) / v)

    def point(f: float) -> tuple[float, float]:
        return round(x0 + way[0] * room * f, 3), round(y0 + way[1] * room * f, 3)

    if U.kind(u) != "vehicle":
        return point(1.0)

    def pays(p: tuple[float, float]) -> bool:
        case = t.move_case(u, "M", [p])
        for leg in case["route"]:
            leg["road"] = leg["path"] = False  # 17.9: no road or path rates
            leg["turn"] = 0.0
        mc = t.move_cost(case)
        return mc.legal or (not any("prohibited" in line for line in mc.lines) and mc.spent <= mc.allowance + 1e-6)

    if pays(point(1.0)):
        return point(1.0)
    lo_f, hi_f = 0.0, 1.0
    for _ in range(12):
        mid = (lo_f + hi_f) / 2
        lo_f, hi_f = (mid, hi_f) if pays(point(mid)) else (lo_f, mid)
    return point(lo_f)


def resolve(state: GameState, dice: Dice) -> tuple[list[Resolution], list[Any]]:
    """The panic moves written this Turn, in the sides' order, on ``state`` (being changed)."""
    from umpire.rules.mbt.options.calc import panic
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.losses import suppress

    if not on(state, NAME):
        return [], []
    m = mbt(state)
    scale = float(m.scale)
    res: list[Resolution] = []
    notes: list[Any] = []
    for side in sides_in_order(state):
        for uid, spec in plan(m, side):
            u = state.units[uid]
            if not spec.get("panic") or not U.on_table(u):
                continue
            if MbtUnit.of(u).used:
                notes.append(unit_note(uid, "has used its orders this Turn: no panic move (17.9)", "panic"))
                continue
            case = _case(u, scale)
            rec = RecordingDice(scoped(dice, "panic", uid))
            r = panic(dict(case), rec, odds=False).resolution
            assert r is not None
            r.rolls = rec.take()
            dx, dy = CheckFacts.of(r).offset or (0.0, 0.0)
            full = math.hypot(dx, dy)
            start = (float(u.x or 0.0), float(u.y or 0.0))
            end = _reach(state, u, (dx / full, dy / full), full) if full > 1e-9 else start
            u.x, u.y = end
            for p in U.passengers(state, u):
                p.x, p.y = end
            m.walked[uid] = [list(start), list(end)]
            MbtUnit.of(u).used = True
            r.summary = f"{uid} panics: {r.summary}; to ({end[0]:g}, {end[1]:g})"
            fx = CheckFacts.of(r)
            fx.unit = uid
            fx.case = case
            fx.to = list(end)
            res.append(r)
            notes.append(unit_note(uid, f"makes a panic move in direction {r.outcome['direction']} to ({end[0]:g}, "
                               f"{end[1]:g}) (17.9)", "panic"))
            suppress(u, "after its panic move, 17.9", notes)
    return res, notes
