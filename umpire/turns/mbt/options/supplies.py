"""Variable ammunition (17.3.2.1.4.2) and fuel (17.3.3) over the tracked game, parts of the
weapon and unit limitations (option ``weapon_limits``) a scenario asks for.

- ``mbt: {ammunition: variable}``: before the game begins (as its first Initiative Phase closes)
  each weapon with a TOT AMMO number rolls one die the number of times in its parentheses; the
  total, at most the maximum, is the rounds it carries (``umpire calc ammo``'s roll). Without it
  each weapon carries its maximum (17.3.2.1.4.1).
- ``mbt: {fuel: true}``: before the game begins each vehicle rolls its fuel factors, one die three
  times (17.3.3.1, ``umpire calc fuel``); it spends one for every Turn in which it enters a new hex
  or makes exhaust smoke (17.3.3.2), counted as the Movement phase ends. A vehicle with none left
  is given no move nor exhaust smoke (refused in its orders).

Each roll is kept with its case; it is told to the side whose unit it is (they mark it on their
RECORD SHEETS, 17.3.2, 17.3.3.1), not to the enemy.
"""

from __future__ import annotations

from collections.abc import Callable

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Facts, Resolution
from umpire.core.state import GameState, UnitState
from umpire.rules.mbt.state import MbtGame
from umpire.turns.common import Applied
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options import state as OS
from umpire.turns.mbt.turn_state import mbt, plan

NAME = "weapon_limits"


def variable_ammo(state: GameState) -> bool:
    return on(state, NAME) and MbtGame.of(state).ammunition == "variable"


def fuel_counted(state: GameState) -> bool:
    return on(state, NAME) and MbtGame.of(state).fuel


def _roll_ammo(state: GameState, u: UnitState, opts: OS.OptionsState, dice: Dice) -> list[Resolution]:
    from umpire.rules.mbt.options.calc import ammo
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.options.weapon_limits import carried

    out = []
    for w in U.weapons(u):
        most = carried(u, w)
        if most is None or "(" not in str(w.tot_ammo.v):
            continue
        case = {"card": u.card, "weapon": w.name}
        rec = RecordingDice(scoped(dice, "variable ammunition", u.id, w.name))
        r = ammo(dict(case), rec, odds=False).resolution
        assert r is not None
        r.rolls = rec.take()
        opts.ammunition.setdefault(u.id, {})[w.name] = int(r.outcome["rounds"])
        r.summary = f"{u.id}: {r.summary}"
        r.facts.update(Facts(unit=u.id, side=u.side, case={"procedure": "ammo", **case}, step="before the game"))
        out.append(r)
    return out


def _roll_fuel(state: GameState, u: UnitState, opts: OS.OptionsState, dice: Dice) -> Resolution:
    from umpire.rules.mbt.options.calc import fuel

    case = {"card": u.card}
    rec = RecordingDice(scoped(dice, "fuel", u.id))
    r = fuel(dict(case), rec, odds=False).resolution
    assert r is not None
    r.rolls = rec.take()
    opts.fuel[u.id] = int(r.outcome["factors"])
    r.summary = f"{u.id}: {r.summary}"
    r.facts.update(Facts(unit=u.id, side=u.side, case={"procedure": "fuel", **case}, step="before the game"))
    return r


def before_the_game(state: GameState, dice: Dice) -> list[Resolution]:
    """The rounds and fuel factors rolled before the game begins, on ``state`` (being changed)."""
    from umpire.turns.mbt.advanced import units as U

    if not (variable_ammo(state) or fuel_counted(state)):
        return []
    opts = OS.read(state)
    res: list[Resolution] = []
    for u in sorted(state.units.values(), key=lambda x: (x.side, x.id)):
        if not U.alive(u):
            continue
        if variable_ammo(state):
            res += _roll_ammo(state, u, opts, dice)
        if fuel_counted(state) and U.kind(u) == "vehicle":
            res.append(_roll_fuel(state, u, opts, dice))
    OS.write(state, opts)
    return res


def initiative(state: GameState, dice: Dice, inner: Callable[[GameState, Dice], Applied]) -> Applied:
    """The Initiative Phase; the game's first also rolls the supplies of 17.3.2.1.4.2 and 17.3.3.1."""
    first = state.phase == "setup"
    applied = inner(state, dice)
    if first:
        applied.resolutions.extend(before_the_game(applied.state, dice))
    return applied


def spend_fuel(state: GameState) -> list[Resolution]:
    """One fuel factor for each vehicle that entered a new hex or made exhaust smoke this Turn
    (17.3.3.2), on ``state`` (being changed), as the Movement phase ends."""
    from umpire.turns.mbt.advanced import units as U

    if not fuel_counted(state):
        return []
    opts = OS.read(state)
    m = mbt(state)
    res = []
    for side in state.side_ids():
        for uid, spec in plan(m, side):
            u = state.units.get(uid)
            if u is None or U.kind(u) != "vehicle" or uid not in opts.fuel:
                continue
            smoked = bool((spec.get("move") or {}).get("exhaust"))
            if not (u.moved or smoked):
                continue
            opts.fuel[uid] = max(0, opts.fuel[uid] - 1)
            left = opts.fuel[uid]
            why = "made exhaust smoke" if smoked and not u.moved else "entered a new hex"
            res.append(Resolution(ruleset="mbt", procedure="fuel_used", outcome={"left": left},
                                  summary=f"{uid} {why}: one fuel factor spent, {left} left" +
                                  (": out of fuel (17.3.3.2)" if not left else " (17.3.3.2)"),
                                  facts=Facts(unit=uid, side=u.side, step="Movement")))
    OS.write(state, opts)
    return res


def after_movement(applied: Applied) -> Applied:
    applied.resolutions.extend(spend_fuel(applied.state))
    return applied


def fuel_why(state: GameState, u: UnitState) -> str:
    """Why ``u`` may not move nor make exhaust smoke: its fuel is spent (17.3.3.2); else empty."""
    if not fuel_counted(state):
        return ""
    left = OS.read(state).fuel.get(u.id)
    if left is None or left > 0:
        return ""
    return f"{u.id} has no fuel factors left (17.3.3.2)"
