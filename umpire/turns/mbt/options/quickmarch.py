"""Quickmarch (option quickmarch, 17.4.2, the part of the leg unit variations the tracked game
plays) over the tracked game.

An orders file marks a leg unit's move ``quickmarch: true``: with MOVE orders, not suppressed and
not at Night or in Moonlight, a squad or half squad moves up to 3 hexes and a team 2, priced by
the function ``calc move`` uses (its case takes ``quickmarch``). After the Movement Step's written
moves, each unit that quickmarched checks the QUICKMARCH TABLE by the ``quickmarch`` calc
procedure on its grade (or special forces rating) and is suppressed (ON) on the listed range; a
quickmarching unit entering an anti-personnel minefield is attacked at -20 (17.5.2.2).
"""

from __future__ import annotations

from typing import Any

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState
from umpire.rules.mbt.state import MbtUnit
from umpire.turns.mbt.options import on
from umpire.turns.mbt.turn_state import mbt, plan, sides_in_order

NAME = "quickmarch"


def resolve(state: GameState, dice: Dice) -> tuple[list[Resolution], list[Any]]:
    """The quickmarch checks of this Turn's moves, in the sides' order, on ``state`` (being changed)."""
    from umpire.rules.mbt.options.calc import quickmarch
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.losses import suppress

    if not on(state, NAME):
        return [], []
    m = mbt(state)
    res: list[Resolution] = []
    notes: list[Any] = []
    for u in state.units.values():
        MbtUnit.of(u).quickmarched = False
    for side in sides_in_order(state):
        for uid, spec in plan(m, side):
            u = state.units[uid]
            if not (spec.get("move") or {}).get("quickmarch") or not U.alive(u) or not u.moved:
                continue
            MbtUnit.of(u).quickmarched = True  # 17.5.2.2
            case = {"grade": "special_forces" if "Special Forces" in U.elite(u) else U.grade(u)}
            rec = RecordingDice(scoped(dice, "quickmarch", uid))
            r = quickmarch(dict(case), rec, odds=False).resolution
            assert r is not None
            r.rolls = rec.take()
            r.summary = f"{uid} quickmarched: {r.summary}"
            r.facts.unit = uid
            r.facts.case = {"procedure": "quickmarch", **case}
            res.append(r)
            if r.outcome["suppressed"] and U.alive(u):
                suppress(u, "after its quickmarch, 17.4.2", notes)
    return res, notes
