"""Minefields in a tracked MBT game (17.5): attacks on the units that entered them this Movement.

A minefield is one hex about its point. After the Movement phase's moves, every unit whose
path entered an enemy hasty or deliberate minefield hex, or any FASCAM hex (both sides are
attacked by those, 17.5.2), is attacked once per minefield entered, in the order it reached
them, by :func:`umpire.rules.mbt.options.mines.attack` on the MINE EFFECTS TABLE; a unit that
started in the hex is not attacked again (not on exit, not on turning). A minefield not
effective against the unit is made known to its side without an attack. The rulebook resolves
the attack as the unit enters; umpire resolves it when the moves are done (the unit is not
stopped by its result), a simplification named here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Facts, Resolution
from umpire.core.state import GameState, UnitState
from umpire.rules.mbt.state import MbtGame, MbtUnit
from umpire.turns.common import Applied
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options import state as OS
from umpire.turns.mbt.turn_state import note_resolutions, unit_note


def _entry(path: list[tuple[float, float]], centre: tuple[float, float], r: float) -> float | None:
    """How far along ``path`` it first comes within ``r`` of ``centre`` having started outside
    (None if it never does, or started inside)."""
    if not path or math.dist(path[0], centre) <= r:
        return None
    gone = 0.0
    for a, b in zip(path, path[1:], strict=False):
        seg = math.dist(a, b)
        steps = max(1, int(seg / (r / 4)) + 1)
        for k in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps)
            if math.dist(p, centre) <= r:
                return gone + seg * k / steps
        gone += seg
    return None


def _target(u: UnitState) -> tuple[str, int | None, bool]:
    from umpire.turns.mbt.advanced import units as U

    kind = U.kind(u)
    if kind == "vehicle":
        return "vehicle", int(U.card_of(u).target.gp_defense.v), False  # type: ignore[union-attr]
    return (U.leg_kind(u) if kind == "leg" else "towed"), None, bool(MbtUnit.of(u).quickmarched)  # 17.5.2.2


def _apply(state: GameState, u: UnitState, result: str | None, when: str) -> list[Any]:
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.effects import apply_gp, crew_loss
    from umpire.turns.mbt.advanced.losses import destroy, suppress

    notes: list[Any] = []
    if result == "TK":
        MbtUnit.of(u).track_hit = True
        notes.append(unit_note(u.id, "track hit by a mine: may not move or pivot (17.5.2.1, 7.4.5.3.1)", "damage"))
    elif result == "HC":
        if MbtUnit.of(u).compartment:
            destroy(state, u, "knocked_out", when, notes)
        else:
            MbtUnit.of(u).compartment = "hull"
            notes.append(unit_note(u.id, "hull compartment hit by a mine (17.5.2.1, 7.4.7.2)", "damage"))
            suppress(u, "compartment hit, 14.3.3.1", notes)
            crew_loss(state, u, 1, "compartment hit, 14.3.3.1", when, notes)
    elif result == "EF":
        notes += apply_gp(state, u.id, "half" if U.leg_kind(u) == "squad" else "eliminated", when, "mines")
    return notes


def resolve(
    state: GameState, moved: dict[str, list[tuple[float, float]]], dice: Dice
) -> tuple[list[Resolution], list[Any]]:
    """Attack every unit in ``moved`` (unit -> path walked) that entered a minefield."""
    from umpire.rules.mbt.options.mines import attack, effective_against
    from umpire.turns.mbt.advanced import units as U

    opts = OS.read(state)
    if not opts.minefields:
        return [], []
    scale = float(MbtGame.of(state).scale)
    res: list[Resolution] = []
    notes: list[Any] = []
    for uid in sorted(moved):
        u = state.units[uid]
        path = moved[uid]
        hits = []
        for i, f in enumerate(opts.minefields):
            if f.kind != "fascam" and f.side == u.side:
                continue  # a side's own minefields are known to it (17.5.2)
            d = _entry(path, f.at, scale / 2)
            if d is not None:
                hits.append((d, i, f))
        for _, i, f in sorted(hits, key=lambda x: (x[0], x[1])):
            if not U.alive(u):
                break
            kind, defense, quick = _target(u)
            if u.side not in f.known_to:
                f.known_to.append(u.side)
            if not effective_against(f.kind, f.type, kind):
                res.append(
                    Resolution(
                        ruleset="mbt",
                        procedure="mine",
                        outcome={"attacked": False, "result": None},
                        summary=f"{uid} enters a minefield at ({f.at[0]:g}, {f.at[1]:g}) that has no "
                        "effect on it; its place is now known (17.5.2)",
                        facts=Facts(unit=uid, at=list(f.at)),
                    )
                )
                continue
            rec = RecordingDice(scoped(dice, "mines", uid, i))
            r = attack(kind=f.kind, mine_type=f.type, target=kind, dice=rec, gp_defense=defense, quickmarch=quick)
            r.rolls = rec.take()
            r.facts.case = {"kind": f.kind, "type": f.type, "target": kind, "gp_defense": defense,
                               "quickmarch": quick}  # the umpire calc mine case of these facts
            r.summary = f"{uid} enters a {f.kind} minefield at ({f.at[0]:g}, {f.at[1]:g}): {r.summary}"
            r.facts.unit = uid
            r.facts.at = list(f.at)
            res.append(r)
            notes += _apply(state, u, r.outcome.get("result"), f"T{state.turn} Movement")
    OS.write(state, opts)
    return res, notes


def movement_with_mines(state: GameState, dice: Dice, movement_phase: Callable[[GameState, Dice], Applied]
                        ) -> Applied:
    """The Movement phase (``movement_phase``), its panic moves (17.9), and then the minefield
    attacks of the units that moved."""
    done = movement_phase(state, dice)
    if on(done.state, "avlb"):  # bridges laid and recovered at the end of the Movement Step (22.2, 22.4)
        from umpire.turns.mbt.options.avlb import resolve as bridges

        res, notes = bridges(state, done.state)
        done.resolutions += res + note_resolutions(notes)
    if on(done.state, "panic_moves"):  # after the written moves, before the minefields they enter (17.9)
        from umpire.turns.mbt.options.panic import resolve as panic_moves

        res, notes = panic_moves(done.state, dice)
        done.resolutions += res + note_resolutions(notes)
    if on(done.state, "quickmarch"):  # the QUICKMARCH TABLE after the moves, before the minefields (17.4.2)
        from umpire.turns.mbt.options.quickmarch import resolve as quickmarch

        res, notes = quickmarch(done.state, dice)
        done.resolutions += res + note_resolutions(notes)
    if on(done.state, "leg_variations"):  # assault infantry's smoke in their own hexes (17.4.1.2)
        from umpire.turns.mbt.options.legs import assault_smoke

        done.resolutions += note_resolutions(assault_smoke(done.state))
    if not on(done.state, "mines"):
        return done
    before = MbtGame.of(state).walked or {}
    after = MbtGame.of(done.state).walked or {}
    moved = {
        uid: [(float(p[0]), float(p[1])) for p in path]
        for uid, path in after.items()
        if before.get(uid) != path
        or (state.units[uid].x, state.units[uid].y) != (done.state.units[uid].x, done.state.units[uid].y)
    }
    res, notes = resolve(done.state, moved, dice)
    done.resolutions += res + note_resolutions(notes)
    return done
