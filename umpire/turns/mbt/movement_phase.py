"""The Basic Game's Movement Phase (3.4): movers in written order, overwatch along the path, ATGM resolution."""

from __future__ import annotations

import math
from typing import Any

from umpire.core.dice import Dice
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.geometry.arcs import bearing
from umpire.rules.mbt import data
from umpire.rules.mbt.basic_game import STACK_HEXES
from umpire.rules.mbt.facts import MoveFacts, ShotFacts
from umpire.rules.mbt.state import MbtUnit
from umpire.turns.common import Applied
from umpire.turns.mbt import fire as F
from umpire.turns.mbt.fire_phase import mark_fired, overwatch_pick
from umpire.turns.mbt.orders_file import weapon_for
from umpire.turns.mbt.parting import parted
from umpire.turns.mbt.paths import points_along
from umpire.turns.mbt.table import Table
from umpire.turns.mbt.turn_state import (
    claim_objectives,
    mbt,
    note_resolutions,
    plan,
    sides_in_order,
    table_coord,
    unit_note,
    update_sighting,
)


# -- 4. Movement ------------------------------------------------------------------------------
def movement_phase(state: GameState, dice: Dice) -> Applied:
    new = state.copy_for_change()
    m = mbt(new)
    table = Table(new)
    res: list[Resolution] = []
    notes: list[Any] = []
    for side in sides_in_order(new):
        for uid, spec in plan(m, side):
            u = new.units[uid]
            mv = spec.get("move")
            if spec.get("order") not in ("M", "FM") or not mv or not F.alive(u):
                continue
            if F.stopped(u):
                notes.append(unit_note(uid, "cannot move: damaged in the Fire phase (7.4.5.3.1, 7.4.7.2.2)", sep=" "))
                continue
            res += _move_one(new, table, u, spec, dice, notes)
    moved_order = list(m.walked)
    # ATGM Resolution Step (3.4.2): simultaneous.
    pending = []
    for shot in m.atgm:
        u, t = new.units[shot["firer"]], new.units[shot["target"]]
        if not F.alive(u):
            res.append(F.no_shot(u.id, t.id, "ATGM Resolution", "the firer was destroyed: a miss (7.2.2.1)"))
            continue
        if not F.alive(t):
            res.append(F.no_shot(u.id, t.id, "ATGM Resolution", "the target is already knocked out: the missile "
                                 "is wasted (7.3.2)"))
            continue
        weapon = weapon_for(data.card(u.card or ""), "ATGM")
        route = m.walked.get(t.id)
        if table.rulings["atgm.moving_targets"] == "flight" and route and len(route) > 1:
            r2 = _atgm_flight(new, table, u, t, shot["ammo"], route, dice)
            res.append(r2)
            if r2.outcome.get("fired") is not False:
                pending.append((t.id, r2))
            continue
        chk = F.in_reach(table, u, t, weapon, shot["ammo"])
        if not chk.legal:
            res.append(F.no_shot(u.id, t.id, "ATGM Resolution", f"{chk.why}: a miss (7.2.2.2)",
                                 chk.estimated, chk.ruled))
            continue
        r = F.shoot(new, table, F.Shot(u, t, "ATGM", shot["ammo"], "ATGM Resolution"), dice, smoke=F.wrecks(new),
                    check=chk)
        res.append(r)
        pending.append((t.id, r))
    for tid, r in pending:
        for line in F.apply_damage(new, tid, r, f"T{new.turn} ATGM Resolution"):
            notes.append(unit_note(tid, line, "damage"))
    notes += _disputed(new, table, moved_order)
    m.walked = {}
    res += update_sighting(new, table)
    new.phase = "Adjustment"
    res += note_resolutions(notes)
    return Applied(new, f"turn {new.turn}: Movement phase resolved (Movement, ATGM Resolution, sighting)", res)


def hex_points(route: list[list[float]], scale: float) -> list[tuple[float, float, float]]:
    """A walked route as the hexes it entered (14.2.2.2.1 on a table): its start, then ``n``
    points evenly along it, ``n`` its length in hex lengths rounded to the nearest (at least 1);
    each ``(x, y, heading)``."""
    pts = [(float(p[0]), float(p[1])) for p in route]
    legs = [(a, b, math.dist(a, b)) for a, b in zip(pts, pts[1:], strict=False) if math.dist(a, b) > 1e-9]
    total = sum(d for _, _, d in legs)
    out = [(pts[0][0], pts[0][1], bearing(legs[0][0], legs[0][1]) if legs else 0.0)]
    if not legs:
        return out
    n = max(1, round(total / scale))
    for k in range(1, n + 1):
        want, gone = total * k / n, 0.0
        for a, b, d in legs:
            if want <= gone + d + 1e-9:
                t = (want - gone) / d
                out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, bearing(a, b)))
                break
            gone += d
    return out


def _atgm_flight(state: GameState, table: Table, u: UnitState, t: UnitState, ammo: str, route: list[list[float]],
                 dice: Dice) -> Resolution:
    """14.2.2.2 in the ATGM Resolution Step (ruling atgm.moving_targets: flight): the target
    goes back to where it started its move and the missile flies its ATGM Speed in hexes
    for each hex the target enters; the shot is resolved where the missile reaches it, or is a
    miss where the target first stands out of sight, range or line of sight. The target's
    facing there is its hull's on that stretch; it is not moved back from where it ended."""
    from umpire.rules.mbt import missiles  # a move by hand (a one-shot command) loads no missile rules

    weapon = weapon_for(data.card(u.card or ""), "ATGM")
    hexes = hex_points(route, table.scale)
    moved = len(hexes) - 1
    spd = missiles.speed(weapon, moved)
    path, checks = [], []
    for x, y, _ in hexes:
        chk = F.in_reach(table, u, t, weapon, ammo, at=(x, y), moving=True)
        checks.append(chk)
        path.append(missiles.PathPoint(chk.range, chk.legal))
    flight = missiles.fly(path, int(spd.v))
    est = [f"{weapon.name} ATGM speed ({spd.v})"] if spd.estimated else []
    speed_note = f"{weapon.name} speed {spd.v} against a move of {moved} hexes (14.2.2.2.3)"
    if flight.impact is None:
        return F.no_shot(u.id, t.id, "ATGM Resolution",
                         f"{flight.reason}; {speed_note}: a miss (14.2.2.2.4)", [*checks[0].estimated, *est])
    x, y, way = hexes[flight.impact]
    tspec = (mbt(state).orders.get(t.side, {}).get(t.id) or {}).get("move") or {}
    if tspec.get("reverse"):
        way = (way + 180) % 360
    r = F.shoot(state, table, F.Shot(u, t, "ATGM", ammo, "ATGM Resolution", at=(x, y), target_facing=way, moving=True),
                dice, smoke=F.wrecks(state), check=checks[flight.impact])
    r.summary += f" ({flight.reason} at ({x:.3g}, {y:.3g}); {speed_note})"
    r.estimated = [*r.estimated, *[e for e in est if e not in r.estimated]]
    ShotFacts.of(r).flight = {"speed": spd.v, "hexes_moved": moved, "impact": flight.impact,
                         "at": [table_coord(x), table_coord(y)]}
    return r


def _watchers(state: GameState, table: Table, u: UnitState, at: tuple[float, float]
              ) -> list[tuple[UnitState, F.Check]]:
    """The enemy units on overwatch that may fire at ``u`` moving at ``at`` (24.3.3.2), each with
    its shot's check."""
    m = mbt(state)
    watchers = []
    for w in state.units.values():
        if w.side == u.side or not F.alive(w) or w.id in m.fired:
            continue
        wspec = m.orders.get(w.side, {}).get(w.id, {})
        if wspec.get("order") != "OW":
            continue
        ins = wspec.get("overwatch") or {}
        if ins.get("hold") or ins.get("at", "any") == "fired":
            continue
        pick = overwatch_pick(state, table, w, ins, [u.id], at=at, moving=True)
        if pick is not None:
            watchers.append((w, pick[1]))
    return watchers


def _overwatch_at(state: GameState, table: Table, u: UnitState, watchers: list[tuple[UnitState, F.Check]],
                  dice: Dice, notes: list[Any]) -> list[Resolution]:
    """7.5.2: all overwatch fire at one unit in one place is announced, then resolved; then the
    chains it triggers (7.5.3)."""
    res: list[Resolution] = []
    for w, chk in watchers:
        if not F.alive(u):
            res.append(F.no_shot(w.id, u.id, "Movement", "already knocked out here: the fire is wasted "
                                 "(7.3.2)"))
        else:
            r = F.shoot(state, table, F.Shot(w, u, "OW", None, "Movement (overwatch)", moving=True), dice,
                        smoke=F.wrecks(state), check=chk)
            res.append(r)
            for line in F.apply_damage(state, u.id, r, f"T{state.turn} Movement"):
                notes.append(unit_note(u.id, line, "damage"))
        mark_fired(state, w)
    res += _chain(state, table, [w.id for w, _ in watchers], dice, notes)
    return res


def _move_one(state: GameState, table: Table, u: UnitState, spec: dict[str, Any], dice: Dice,
              notes: list[Any]) -> list[Resolution]:
    m = mbt(state)
    mv = spec["move"]
    reverse = bool(mv.get("reverse"))
    start = table.xy(u)
    hull0 = u.facing
    edge = mv.get("leaves_at")
    path = [*mv["path"][:-1], edge] if edge else mv["path"]
    pts = points_along(start, path, table.scale)
    table.see_all([(table.xy(w), (x, y)) for w in state.units.values()  # who may see it on the way
                   if w.side != u.side and F.alive(w)
                   and m.orders.get(w.side, {}).get(w.id, {}).get("order") == "OW" for x, y, _ in pts])
    res: list[Resolution] = []
    walked = [start]
    stop = False
    for x, y, way in pts:
        hull = (way + 180) % 360 if reverse else way
        u.x, u.y, u.facing = table_coord(x), table_coord(y), table_coord(hull)
        walked.append((x, y))
        watchers = _watchers(state, table, u, (x, y))
        if watchers:
            res += _overwatch_at(state, table, u, watchers, dice, notes)
            if F.stopped(u):
                notes.append(unit_note(u.id, f"stops at ({u.x:g}, {u.y:g}): hit by overwatch fire (7.5.2)", sep=" "))
                stop = True
                break
    if not stop and edge:
        # 8.7: a vehicle that moves off the table edge is out of the game for good
        u.status = "off_table"
        MbtUnit.of(u).off_table = f"T{state.turn} Movement"
        notes.append(unit_note(u.id, f"leaves the table at ({u.x:g}, {u.y:g}): out of the game, it may not return "
                           "(8.7)", sep=" "))
    elif not stop and mv.get("facing") is not None:
        u.facing = table_coord(mv["facing"])
    if not stop and reverse and not pts:
        u.facing = hull0
    u.moved = table_coord(sum(math.dist(a, b) for a, b in zip(walked, walked[1:], strict=False)))
    MbtUnit.of(u).used = True
    MbtUnit.of(u).spotted = "moved"  # 3.4.1: MOVED replaces FIRED
    claim_objectives(state, table, [u], walked)
    m.walked[u.id] = [[table_coord(x), table_coord(y)] for x, y in walked]
    res.append(Resolution(
        ruleset="mbt", procedure="move",
        outcome={"to": [u.x, u.y], "facing": u.facing, "inches": u.moved, "cost": mv.get("cost"),
                 "allowance": mv.get("allowance"), "stopped": stop},
        summary=f"{u.id} moves {u.moved:g}\" to ({u.x:g}, {u.y:g}) facing {u.facing:g}"
                + (" (stopped by overwatch fire)" if stop else "")
                + (" and leaves the table (8.7)" if u.status == "off_table" else "")
                + f"; cost {mv.get('cost')}\" of {mv.get('allowance')}\" (8.2, 23.3.2.1)",
        estimated=list(mv.get("estimated") or []),
        facts=move_facts(u, mv, start=[table_coord(start[0]), table_coord(start[1])], path=m.walked[u.id]),
    ))
    return res


def move_facts(u: UnitState, mv: dict[str, Any], start: list[Any] | None = None, path: list[Any] | None = None,
               ) -> MoveFacts:
    """A move's facts: the unit, where from and by which path (where given), and the calc case of
    its cost (where its order gave one)."""
    facts = MoveFacts(unit=u.id)
    if start is not None:
        facts.start = start
    if path is not None:
        facts.path = path
    if mv.get("case"):
        facts.case = mv["case"]
    return facts


def _disputed(state: GameState, table: Table, moved_order: list[str]) -> list[dict[str, Any]]:
    """8.8 on a table: models of both sides within half a hex length of each other at the end
    of the Movement phase are in one hex. The side whose model did not move this turn stays,
    else the one that got there first (units move one at a time, so the earlier mover); the
    other goes back along its path to where it was before it came that near, even if damaged
    (8.8.2), and so on until no two enemies share a hex."""
    near = STACK_HEXES * table.scale
    walked = mbt(state).walked
    return [unit_note(go.id, f"is moved back to ({go.x:g}, {go.y:g}): it ended in one hex with an enemy that was there "
                  "first (8.8)", sep=" ")
            for go in parted(lambda: [u for u in state.units.values() if F.alive(u)], table.xy, near, walked,
                             moved_order, rounds=4 * len(state.units))]


def _chain(state: GameState, table: Table, shooters: list[str], dice: Dice, notes: list[Any]) -> list[Resolution]:
    """7.5.3: overwatch units may fire at a unit that just fired overwatch, and so on."""
    m = mbt(state)
    res: list[Resolution] = []
    triggers = list(shooters)
    while triggers:
        nxt = []
        for side in sides_in_order(state):
            for uid, spec in plan(m, side):
                w = state.units[uid]
                if spec.get("order") != "OW" or uid in m.fired or not F.alive(w):
                    continue
                ins = spec.get("overwatch") or {}
                if ins.get("hold") or ins.get("at", "any") == "moving":
                    continue
                pick = overwatch_pick(state, table, w, ins,
                                       [t for t in triggers if state.units[t].side != side])
                if pick is None:
                    continue
                tid, chk = pick
                r = F.shoot(state, table, F.Shot(w, state.units[tid], "OW", None, "Movement (overwatch chain)"), dice,
                            smoke=F.wrecks(state), check=chk)
                res.append(r)
                for line in F.apply_damage(state, tid, r, f"T{state.turn} Movement"):
                    notes.append(unit_note(tid, line, "damage"))
                mark_fired(state, w)
                nxt.append(uid)
        triggers = nxt
    return res
