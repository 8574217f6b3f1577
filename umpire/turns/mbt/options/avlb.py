"""Armored vehicle launched bridges (option 22) over the tracked game.

An AVLB (its card's NOTES) with MOVE orders that does not move writes ``bridge: launch`` to lay
its one bridge over the stream, river or ditch directly to its front (within one hex length
ahead of it: every stream and ditch is narrow enough, 22.1), or ``bridge: recover`` to take its
laid bridge back from there (22.4). The bridge is placed at the end of the Movement Step if the
AVLB is still where it stood (22.2). A stretch of a move over water or a ditch within half a hex
length of a laid bridge is priced as clear ground: the bridge holds every vehicle in the game
(22.3), priced by the function ``calc move`` uses (the route's legs say so).

Not played: a vehicle immobilized on a bridge leaving it unusable (22.3) and fire at a bridge
(its GP defense 7, 22.5).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from umpire.core.resolution import Facts, Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.rules.mbt.state import MbtGame
from umpire.rules.mbt.vehicle_card import Card
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options import state as OS
from umpire.turns.mbt.turn_state import mbt, plan, sides_in_order, unit_note

NAME = "avlb"
GAPS = ("stream", "river", "ditch")


def is_avlb(u: UnitState) -> bool:
    from umpire.turns.mbt.advanced import units as U

    card = U.card_of(u)
    return isinstance(card, Card) and card.notes.avlb


def _nearest(p: Sequence[float], a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    ax, ay, bx, by = float(a[0]), float(a[1]), float(b[0]), float(b[1])
    dx, dy = bx - ax, by - ay
    n = dx * dx + dy * dy
    f = 0.0 if n <= 1e-12 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / n))
    return ax + dx * f, ay + dy * f


def gap_ahead(state: GameState, u: UnitState) -> tuple[float, float] | None:
    """Where the stream, river or ditch directly to ``u``'s front is crossed: the nearest point of
    one to the point a hex length ahead, within half a hex length of it (22.2)."""
    from umpire.turns.mbt.advanced.table import AdvTable

    t = AdvTable(state)
    x, y = t.xy(u)
    f = math.radians(u.facing)
    ahead = (x + t.scale * math.sin(f), y + t.scale * math.cos(f))
    best: tuple[float, tuple[float, float]] | None = None
    for piece in state.terrain:
        kind = t._types.get(piece.id)
        if kind not in GAPS or piece.id in t._removed:
            continue
        if piece.line:
            pts = [_nearest(ahead, a, b) for a, b in zip(piece.line, piece.line[1:], strict=False)]
        elif kind in t.types_at(ahead):
            pts = [ahead]
        else:
            continue
        for p in pts:
            d = math.dist(p, ahead)
            if d <= t.scale / 2 + 1e-9 and (best is None or d < best[0]):
                best = (d, (round(p[0], 3), round(p[1], 3)))
    return None if best is None else best[1]


def check_orders(state: GameState, units: dict[str, dict[str, Any]], where: str) -> None:
    """Refuse a bridge order the option, the unit or the ground does not allow.

    :raises UmpireError: one line naming the unit's ``bridge`` and why.
    """
    for uid, spec in units.items():
        what = spec.get("bridge")
        if not what:
            continue
        at = f"{where}: units.{uid}.bridge"
        if not on(state, NAME):
            raise UmpireError(f"{at}: laying bridges needs the avlb option (add it to the scenario's mbt.options)")
        u = state.units[uid]
        if not is_avlb(u):
            raise UmpireError(f"{at}: {uid} is not an armored vehicle launched bridge (22; its card's NOTES)")
        if spec.get("order") != "M" or spec.get("move"):
            verb = "launches" if what == "launch" else "recovers"
            raise UmpireError(f"{at}: an AVLB {verb} its bridge with MOVE orders, staying where it is for the "
                              "Movement Step (22.2, 22.4)")
        laid = OS.read(state).bridges.get(uid)
        if what == "launch":
            if laid is not None:
                raise UmpireError(f"{at}: {uid} has one bridge, laid at ({laid[0]:g}, {laid[1]:g}) (22.2; allowed: "
                                  "recover)")
            if gap_ahead(state, u) is None:
                raise UmpireError(f"{at}: no stream or ditch lies directly to {uid}'s front, within a hex length "
                                  "(22.2)")
        elif laid is None:
            raise UmpireError(f"{at}: {uid} has no bridge laid to recover (22.4; allowed: launch)")
        else:
            ahead = gap_ahead(state, u)
            if ahead is None or math.dist(ahead, laid) > float(MbtGame.of(state).scale):
                raise UmpireError(f"{at}: its bridge at ({laid[0]:g}, {laid[1]:g}) is not directly to {uid}'s front "
                                  "(22.4)")


def resolve(before: GameState, state: GameState) -> tuple[list[Resolution], list[Any]]:
    """At the end of the Movement Step, the bridges launched and recovered by AVLBs that stayed put."""
    from umpire.turns.mbt.advanced import units as U

    if not on(state, NAME):
        return [], []
    m = mbt(state)
    opts = OS.read(state)
    res: list[Resolution] = []
    notes: list[Any] = []
    for side in sides_in_order(state):
        for uid, spec in plan(m, side):
            what = spec.get("bridge")
            u = state.units[uid]
            if not what:
                continue
            was = before.units[uid]
            if not U.on_table(u) or (u.x, u.y, u.facing) != (was.x, was.y, was.facing):
                notes.append(unit_note(uid, f"did not stay put through the Movement Step: no bridge {what}ed (22.2)",
                                   "bridge"))
                continue
            if what == "launch":
                spot = gap_ahead(state, u)
                if spot is None:
                    continue
                opts.bridges[uid] = spot
                text = f"launches its bridge at ({spot[0]:g}, {spot[1]:g}) (22.2)"
            else:
                spot = opts.bridges.pop(uid)
                text = f"recovers its bridge from ({spot[0]:g}, {spot[1]:g}) (22.4)"
            res.append(Resolution(ruleset="mbt", procedure="avlb", outcome={"bridge": what, "at": list(spot)},
                                  summary=f"{uid} {text}", facts=Facts(unit=uid)))
            notes.append(unit_note(uid, text, "bridge"))
    OS.write(state, opts)
    return res, notes
