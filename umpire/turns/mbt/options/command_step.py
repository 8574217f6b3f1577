"""The start of the Mark Orders Step under command control: radio jamming (21.2) and the radio
messages due (21.3.3.2), resolved when the Command Phase opens (after the Initiative Phase, 24.3.2:
"the umpire contacts the players ... delivers radio messages"), before any orders are written.

Jamming is announced "at the start of any Order Marking Step" (21.2); in the umpired game the
players hand in everything at once (24.3.2), so a side's orders file announces it for the next
Turn's step (``jamming: 2``), and the umpire resolves it here by the RADIO JAMMING TABLE, the
function ``umpire calc jamming`` asks (21.2.1). Each jamming point is spent once a game, up to
three a Turn (21.2). On a disruption the enemy pays two command points for one this Turn (21.2.2)
but for the exchanges of units still on their landlines: units that started the game on the table
and have neither moved from where they started nor been suppressed by artillery or bombs (21.2.3).
"""

from __future__ import annotations

from typing import Any

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState
from umpire.errors import UmpireError
from umpire.rules.mbt.options.facts import MessageFacts
from umpire.turns.common import Applied
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options import state as OS


def nation_key(state: GameState, side: str) -> str:
    """The RADIO JAMMING TABLE's column for ``side`` (21.2.1): USSR for a Soviet force, else NATO."""
    cards = [u.card or "" for u in state.units_of(side)]
    soviet = sum(1 for c in cards if c.startswith("USSR"))
    return "USSR" if cards and soviet * 2 > len(cards) else "NATO"


def on_landline(state: GameState, opts: OS.OptionsState, uid: str) -> bool:
    """The unit is still hooked up to its landline (21.2.3)."""
    at = (opts.landlines or {}).get(uid)
    u = state.units.get(uid)
    return at is not None and u is not None and (u.x, u.y) == tuple(at)


def check_jamming(points: int | None, state: GameState, side: str, where: str) -> int | None:
    """A side's ``jamming:`` for the next Mark Orders Step, checked (21.2).

    :raises UmpireError: one line naming the field, the value and what is allowed.
    """
    if points is None:
        return None
    if not on(state, "radio_jamming"):
        raise UmpireError(f"{where}: jamming: radio jamming needs the radio_jamming option (21.2)")
    from umpire.rules.mbt.options.charts import chart

    cap = int(chart("command").jamming.max_per_turn.v)
    left = OS.read(state).jamming_left.get(side, 0)
    if not 1 <= points <= min(cap, left):
        allowed = f"1 to {min(cap, left)}" if left else "none: the side has no jamming points left"
        raise UmpireError(f"{where}: jamming: {points} jamming points (allowed: {allowed}; up to {cap} a Turn, "
                          f"each once a game, {side} has {left} left, 21.2)")
    return points


def _jam(state: GameState, opts: OS.OptionsState, dice: Dice) -> list[Resolution]:
    from umpire.rules.mbt.options.command import jamming

    res = []
    for side, points in sorted(opts.jamming_next.items()):
        key = nation_key(state, side)
        rec = RecordingDice(scoped(dice, "jamming", side, f"T{state.turn}"))
        r = jamming(points, key, rec)
        r.rolls = rec.take()
        opts.jamming_left[side] = opts.jamming_left.get(side, 0) - points
        enemy = [s for s in state.side_ids() if s != side]
        if r.outcome["disrupted"]:
            for s in enemy:
                opts.disrupted[s] = state.turn
        fx = MessageFacts.of(r)
        fx.case = {"points": points, "side": key}
        fx.side = side
        fx.jammed = enemy
        fx.points = points
        r.summary = f"{side} jams with {points} point{'s' if points != 1 else ''}: {r.summary}"
        res.append(r)
    opts.jamming_next = {}
    return res


def open_orders(state: GameState, dice: Dice) -> list[Resolution]:
    """Jamming announced for this Mark Orders Step, then the messages due (a state being changed)."""
    if not (on(state, "radio_jamming") or on(state, "multi_player")):
        return []
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.options import messages

    opts = OS.read(state)
    if opts.landlines is None:  # the game's first Mark Orders Step: who starts on the table (21.2.3)
        opts.landlines = {u.id: (float(u.x), float(u.y)) for u in state.units.values()
                          if U.on_table(u) and u.x is not None and u.y is not None}
    else:
        opts.landlines = {uid: at for uid, at in opts.landlines.items() if on_landline(state, opts, uid)}
    res = _jam(state, opts, dice) if on(state, "radio_jamming") else []
    if on(state, "multi_player"):
        res += messages.deliver(state, opts, dice)
    OS.write(state, opts)
    return res


def cut_landlines(state: GameState, opts: OS.OptionsState, hit: list[str]) -> None:
    """Units of ``hit`` now suppressed (or worse) by artillery fire or aircraft bombs lose their
    landlines (21.2.3); ``opts`` is the options' state being changed."""
    from umpire.turns.mbt.advanced import units as U

    if opts.landlines:
        cut = {u for u in hit if (x := state.units.get(u)) is not None and (U.suppressed(x) or not U.alive(x))}
        opts.landlines = {k: v for k, v in opts.landlines.items() if k not in cut}


def initiative_with_command(state: GameState, dice: Dice, initiative: Any) -> Applied:
    """The Initiative Phase, then the start of the Mark Orders Step under command control."""
    applied: Applied = initiative(state, dice)
    applied.resolutions.extend(open_orders(applied.state, dice))
    return applied
