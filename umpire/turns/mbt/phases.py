"""The streamlined umpired Turn (24.3) over the Basic Game (3.0), one phase per
``umpire phase next``:

1. **Initiative** (5.1, 24.3.1): the umpire rolls a d10 for each side, again on a tie; the
   winner goes first (the choice 5.1 gives it: ruled "first"). Nobody is told. Then the
   Sighting Step (6.1) for the briefings.
2. **Command** (24.3.2): each side's written plan is entered (``umpire turn orders``); this
   phase applies the Pivot and Adjust Turrets Steps the players made (9.1, 9.2) and reveals the
   orders to the umpire.
3. **Fire** (3.3): Direct Fire (simultaneous, 5.3: damage after the step), ATGM Announcement,
   Overwatch Fire (simultaneous; chains of 7.5.3 until nobody may fire).
4. **Movement** (3.4): each side's movers in turn (initiative side first), in the written order;
   overwatch units watch every point of the path one hex length apart and fire as their
   instructions say (24.3.3.2, 7.5.2), hits that stop a mover end its move there; then ATGM
   Resolution (7.2.2), then sighting for every pair.
5. **Adjustment** (9.1, 9.3, 9.4, 24.3.4): spotted markers for unused orders, unseen markers
   removed, victory checked; the next Turn begins (or the game ends).
"""

from __future__ import annotations

import math
from typing import Any

from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.rules.mbt import data, orders, umpired
from umpire.rules.mbt.sighting import identification
from umpire.rules.mbt.vehicle_card import Weapon
from umpire.turns.common import Applied
from umpire.turns.mbt import fire as F
from umpire.turns.mbt.orders_file import default_ammo, weapon_for
from umpire.turns.mbt.table import Table, points_along, settings
from umpire.turns.mbt.victory import tally

PHASES = ["Initiative", "Command", "Fire", "Movement", "Adjustment"]
OVER = "Game over"
LEVELS = {"full": 3, "type": 2, "fired": 1}


def mbt(state: GameState) -> dict[str, Any]:
    """The turn sequence's own data in the state (made on first use)."""
    extra: dict[str, Any] = state.extra.setdefault("mbt", {})
    for k, v in settings(state).items():
        extra.setdefault(k, v)
    extra.setdefault("orders", {})
    extra.setdefault("control", {})
    extra.setdefault("acq", {})
    return extra


def plan(m: dict[str, Any], side: str) -> list[tuple[str, dict[str, Any]]]:
    """A side's written orders in the order its units are to move (24.3.2.2): the order the
    plan listed them in, kept apart because the stored state keeps its mappings sorted."""
    units = m["orders"].get(side, {})
    seq = [u for u in (m.get("sequence") or {}).get(side, []) if u in units]
    return [(uid, units[uid]) for uid in seq + sorted(u for u in units if u not in seq)]


def sides_in_order(state: GameState) -> list[str]:
    first = mbt(state).get("initiative")
    sides = state.side_ids()
    return [first, *[s for s in sides if s != first]] if first in sides else sides


def _r(v: float | None) -> float:
    """A coordinate of a unit on the table, rounded for the record."""
    assert v is not None, "a unit on the table has a position"
    return round(float(v), 3)


# -- sighting ------------------------------------------------------------------------------
def _see_all(state: GameState, table: Table) -> None:
    """Every line of sight between opposing models at once (the phase asks them one by one)."""
    live = [u for u in state.units.values() if F.alive(u)]
    table.see_all([(table.xy(v), table.xy(e)) for v in live for e in live if e.side != v.side])


def update_sighting(state: GameState, table: Table) -> list[Resolution]:
    """Who sees whom (6.1) and at what identification level (24.2.2), for every pair; sets
    ``spotted_by`` and ``notes["ident"]``. One resolution per side, for its briefing; its
    ``sighted`` lists what the side saw at that moment: ``{"by", "unit", "level", "at"}``
    (a wreck stays known at the level it had when it was destroyed)."""
    out = []
    _see_all(state, table)
    for side in state.side_ids():
        own = [u for u in state.units_of(side) if F.alive(u)]
        seen: list[str] = []
        sighted: list[dict[str, Any]] = []
        est: list[str] = []
        ruled: list[str] = []
        for e in state.units.values():
            if e.side == side or not e.placed:
                continue
            best: str | None = None
            if F.alive(e):
                for v in own:
                    chk = F.sees(table, v, e)
                    est += [x for x in chk.estimated if x not in est]
                    ruled += [x for x in chk.ruled if x not in ruled]
                    base = table.chart_range(F.hatch(v), table.xy(e)).v
                    if not table.los(table.xy(v), table.xy(e)):
                        continue
                    level = identification(chk.range, base, F.marker(e))  # type: ignore[arg-type]
                    if level is not None and (best is None or LEVELS[level] > LEVELS[best]):
                        best = level
            elif e.status != "off_table":  # 8.7: a unit gone off the table is not seen
                best = (e.notes.get("ident") or {}).get(side)
            ident = dict(e.notes.get("ident") or {})
            if best is None:
                ident.pop(side, None)
                if side in e.spotted_by:
                    e.spotted_by.remove(side)
            else:
                ident[side] = best
                if side not in e.spotted_by:
                    e.spotted_by.append(side)
                    e.spotted_by.sort()
                seen.append(f"{e.id} ({best})")
                sighted.append({"by": side, "unit": e.id, "level": best, "at": [_r(e.x), _r(e.y)],
                                "facing": _r(e.facing)})
            e.notes["ident"] = dict(sorted(ident.items()))
        out.append(Resolution(
            ruleset="mbt", procedure="sighting",
            outcome={"seen": len(seen)},
            summary=f"{side} sees: {', '.join(seen) if seen else 'no enemy unit'} (6.1, 24.2.2)",
            estimated=est, ruled=ruled, extra={"side": side, "sighted": sighted},
        ))
    return out


# -- 1. Initiative --------------------------------------------------------------------------
def initiative(state: GameState, dice: Dice) -> Applied:
    new = state.copy_for_change()
    m = mbt(new)
    if state.phase == "setup":
        new.turn = 1
    sides = new.side_ids()
    rolls: dict[str, int] = {}
    while True:
        rolls = {s: scoped(dice, "initiative", s).roll(10, why=f"initiative: {s}")[0] for s in sides}
        top = max(rolls.values())
        if sum(1 for v in rolls.values() if v == top) == 1:
            break
    first = max(rolls, key=lambda s: rolls[s])
    m["initiative"] = first
    m["orders"] = {}
    m["sequence"] = {}
    m["atgm"] = []
    m["fired"] = []
    for u in new.units.values():
        u.orders = None
        u.notes.pop("used", None)
        u.notes.pop("moved", None)
    table = Table(new)
    if state.phase == "setup":
        _claim_objectives(new, table, [u for u in new.units.values() if F.alive(u)])
    res = [Resolution(
        ruleset="mbt", procedure="initiative", outcome={"first": first, "rolls": rolls},
        summary=f"{first} has the initiative and goes first ({', '.join(f'{s} {v}' for s, v in rolls.items())};"
                " 5.1, kept from the players, 24.3.1)",
        extra={"side": "umpire"},
    )]
    res += update_sighting(new, table)
    new.phase = "Command"
    return Applied(new, f"turn {new.turn}: initiative rolled (kept by the umpire, 24.3.1); sighting step (6.1)", res)


# -- 2. Command -----------------------------------------------------------------------------
def command(state: GameState) -> Applied:
    m = state.extra.get("mbt", {})
    missing = [s.id for s in state.sides if any(F.alive(u) for u in state.units_of(s.id))
               and s.id not in m.get("orders", {})]
    if missing:
        raise UmpireError(
            f"phase next: the Command phase needs every side's written orders (24.3.2); missing: "
            f"{', '.join(missing)} (allowed now: umpire turn orders FILE)"
        )
    new = state.copy_for_change()
    m = mbt(new)
    lines: list[Any] = []
    for side in sides_in_order(new):
        for uid, spec in plan(m, side):
            u = new.units[uid]
            if not F.alive(u):
                continue
            if spec.get("pivot") is not None:
                u.facing = _r(spec["pivot"])
                lines.append(_note(uid, f"pivots to {u.facing:g} (9.1)", "pivot", sep=" "))
            if spec.get("turret"):
                u.notes["turret"] = spec["turret"]
            if spec.get("turret_facing") is not None:
                u.notes["turret_facing"] = _r(spec["turret_facing"])
            u.notes.pop("may_pivot", None)
            u.orders = spec.get("order")
    res = update_sighting(new, Table(new))
    new.phase = "Fire"
    res += _noted(lines)
    return Applied(new, f"turn {new.turn}: orders marked (6.2); pivots and turrets as written (9.1, 9.2)", res)


# -- 3. Fire ----------------------------------------------------------------------------------
def _enemies(state: GameState, side: str) -> list[UnitState]:
    return [u for u in state.units.values() if u.side != side and F.alive(u)]


def _target_now(state: GameState, table: Table, firer: UnitState, target_id: str, step: str,
                weapon: Weapon, ammo: str, notes: list[Any]) -> str | None:
    """24.3.3.1: fire at a unit knocked out in an earlier step or phase goes to the closest
    enemy still in action (one the firer may fire at); within the step it is wasted (7.3.2)."""
    t = state.units[target_id]
    if t.status != "eliminated":
        return target_id
    ko_in = str(t.notes.get("knocked_out_in", ""))
    here = f"T{state.turn} {step}"
    cands = []
    for e in _enemies(state, firer.side):
        chk = F.can_fire(table, firer, e, weapon, ammo)
        cands.append(umpired.Enemy(e.id, math.dist(table.xy(firer), table.xy(e)), chk.legal))
    new = umpired.transfer_fire(target_id, ko_in if ko_in != here else step, step, cands,
                                table.rulings["umpired.fire_transfer"])
    if new == target_id:
        notes.append(_note(firer.id, f"its target {target_id} was knocked out earlier in this step; the fire is "
                           "wasted (7.3.2)", "fire_wasted", target=target_id))
        return None
    if new is None:
        notes.append(_note(firer.id, f"its target {target_id} is already knocked out and no enemy in action can "
                           "be fired at: it holds its fire (24.3.3.1)", "fire_held", target=target_id))
        return None
    notes.append(_note(firer.id, f"its target {target_id} is already knocked out: fire transferred to the "
                       f"closest enemy in action, {new} (24.3.3.1)", "fire_transfer", target=target_id, to=new))
    return new


def _mark_fired(state: GameState, u: UnitState) -> None:
    u.notes["spotted"] = "fired"
    u.notes["used"] = True
    fired = mbt(state).setdefault("fired", [])
    if u.id not in fired:
        fired.append(u.id)


def fire_phase(state: GameState, dice: Dice) -> Applied:
    new = state.copy_for_change()
    m = mbt(new)
    table = Table(new)
    res: list[Resolution] = []
    notes: list[Any] = []
    smoke = F.wrecks(new)
    burning = {u.id for u in new.units.values() if u.notes.get("destroyed") == "brewed_up"}

    # Direct Fire Step (3.3.1): simultaneous; damage waits for the end of the step (5.3).
    pending: list[tuple[str, Resolution]] = []
    killed: set[str] = set()
    triggers: list[str] = []
    for side in sides_in_order(new):
        for uid, spec in plan(m, side):
            u = new.units[uid]
            if spec.get("order") not in ("F", "FM") or not spec.get("fire") or not F.alive(u):
                continue
            weapon = weapon_for(data.card(u.card or ""), spec["order"])
            ammo = spec["fire"]["ammo"]
            tid = _target_now(new, table, u, spec["fire"]["target"], "Direct Fire", weapon, ammo, notes)
            if tid is None:
                continue
            if tid in killed:
                res.append(F.no_shot(uid, tid, "Direct Fire", "already knocked out in this step: the fire is "
                                     "wasted (7.3.2)"))
                _mark_fired(new, u)
                continue
            t = new.units[tid]
            chk = F.can_fire(table, u, t, weapon, ammo)
            if not chk.legal:
                res.append(F.no_shot(uid, tid, "Direct Fire", chk.why, chk.estimated, chk.ruled))
                continue
            r = F.shoot(new, table, u, t, spec["order"], ammo, "Direct Fire", dice, smoke=smoke, check=chk)
            _mark_fired(new, u)
            triggers.append(uid)
            res.append(r)
            pending.append((tid, r))
            if r.outcome.get("worst") in F.STOPS:
                killed.add(tid)
    for tid, r in pending:
        for line in F.apply_damage(new, tid, r, f"T{new.turn} Direct Fire"):
            notes.append(_note(tid, line, "damage"))

    # ATGM Announcement Step (3.3.2)
    m["atgm"] = []
    for side in sides_in_order(new):
        for uid, spec in plan(m, side):
            u = new.units[uid]
            if spec.get("order") != "ATGM" or not spec.get("fire") or not F.alive(u):
                continue
            weapon = weapon_for(data.card(u.card or ""), "ATGM")
            ammo = spec["fire"]["ammo"]
            tid = _target_now(new, table, u, spec["fire"]["target"], "ATGM Announcement", weapon, ammo, notes)
            if tid is None:
                continue
            chk = F.can_fire(table, u, new.units[tid], weapon, ammo)
            if not chk.legal:
                res.append(F.no_shot(uid, tid, "ATGM Announcement", chk.why, chk.estimated, chk.ruled))
                continue
            _mark_fired(new, u)
            triggers.append(uid)
            m["atgm"].append({"firer": uid, "target": tid, "ammo": ammo})
            res.append(Resolution(ruleset="mbt", procedure="atgm_announcement", outcome={"announced": True},
                                  summary=f"{uid} fires a {weapon.name} at {tid}: it flies until the ATGM "
                                          "Resolution Step (3.3.2, 7.2.2)",
                                  estimated=chk.estimated, extra={"firer": uid, "target": tid}))

    # Overwatch Fire Step (3.3.3): simultaneous, chains (7.5.3).
    smoke = F.wrecks(new, burning)
    pending = []
    killed = set()
    fired_ow: set[str] = set()
    while triggers:
        nxt: list[str] = []
        for side in sides_in_order(new):
            for uid, spec in plan(m, side):
                u = new.units[uid]
                if spec.get("order") != "OW" or uid in fired_ow or uid in m["fired"] or not F.alive(u):
                    continue
                ins = spec.get("overwatch") or {}
                if ins.get("hold") or ins.get("at", "any") == "moving":
                    continue
                pick = _overwatch_pick(new, table, u, ins, [t for t in triggers if new.units[t].side != side])
                if pick is None:
                    continue
                tid, chk = pick
                if tid in killed:
                    res.append(F.no_shot(uid, tid, "Overwatch Fire", "already knocked out in this step: the fire "
                                         "is wasted (7.3.2)"))
                else:
                    r = F.shoot(new, table, u, new.units[tid], "OW", None, "Overwatch Fire", dice, smoke=smoke,
                                check=chk)
                    res.append(r)
                    pending.append((tid, r))
                    if r.outcome.get("worst") in F.STOPS:
                        killed.add(tid)
                _mark_fired(new, u)
                fired_ow.add(uid)
                nxt.append(uid)
        triggers = nxt
    for tid, r in pending:
        for line in F.apply_damage(new, tid, r, f"T{new.turn} Overwatch Fire"):
            notes.append(_note(tid, line, "damage"))
    res += update_sighting(new, table)
    new.phase = "Movement"
    res += _noted(notes)
    return Applied(new, f"turn {new.turn}: Fire phase resolved (Direct Fire, ATGM Announcement, Overwatch Fire)",
                   res)


def _note(unit: str, text: str, kind: str = "note", sep: str = ": ", **fields: Any) -> dict[str, Any]:
    """An umpire's note about ``unit`` (its side may read it): ``text`` says it in words after the
    unit's id (joined by ``sep``); ``kind`` and ``fields`` say it as data (a fire transferred:
    ``to``)."""
    return {"unit": unit, "text": text, "kind": kind, "sep": sep, **fields}


def _noted(notes: list[Any]) -> list[Resolution]:
    """Umpire's notes (fire transferred, damage taken, moves stopped), one resolution each,
    naming the unit they are about so each side's briefing keeps only its own. A note given as
    plain text (not :func:`_note`) is for the umpire alone."""
    out = []
    for n in notes:
        if isinstance(n, dict):
            out.append(Resolution(ruleset="mbt", procedure="umpire note", outcome={},
                                  summary=f"{n['unit']}{n['sep']}{n['text']}", extra=dict(n)))
        else:
            out.append(Resolution(ruleset="mbt", procedure="umpire note", outcome={}, summary=n,
                                  extra={"side": "umpire"}))
    return out


def _overwatch_pick(state: GameState, table: Table, u: UnitState, ins: dict[str, Any], candidates: list[str],
                    at: tuple[float, float] | None = None, moving: bool = False
                    ) -> tuple[str, F.Check] | None:
    """24.3.3.2: the first legal candidate the written instruction allows, or None."""
    weapon = weapon_for(data.card(u.card or ""), "OW")
    ammo = default_ammo(weapon)
    only = ins.get("targets") or []
    max_in = ins.get("max_range")
    cands, checks = [], {}
    for tid in candidates:
        t = state.units[tid]
        if not F.alive(t):
            continue
        chk = F.can_fire(table, u, t, weapon, ammo, at=at, moving=moving)
        xy = at or table.xy(t)
        legal = chk.legal and (not only or tid in only) and (
            max_in is None or math.dist(table.xy(u), xy) <= float(max_in) + 1e-9)
        checks[tid] = chk
        cands.append(umpired.Candidate(tid, "tank", moving, not moving, chk.range, legal))
    pick = umpired.overwatch_decision(umpired.Instruction(hold=bool(ins.get("hold"))), cands)
    return None if pick is None else (pick, checks[pick])


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
                notes.append(_note(uid, "cannot move: damaged in the Fire phase (7.4.5.3.1, 7.4.7.2.2)", sep=" "))
                continue
            res += _move_one(new, table, u, spec, dice, notes)
    moved_order = list(m.get("walked", {}))
    # ATGM Resolution Step (3.4.2): simultaneous.
    pending = []
    for shot in m.get("atgm", []):
        u, t = new.units[shot["firer"]], new.units[shot["target"]]
        if not F.alive(u):
            res.append(F.no_shot(u.id, t.id, "ATGM Resolution", "the firer was destroyed: a miss (7.2.2.1)"))
            continue
        if not F.alive(t):
            res.append(F.no_shot(u.id, t.id, "ATGM Resolution", "the target is already knocked out: the missile "
                                 "is wasted (7.3.2)"))
            continue
        weapon = weapon_for(data.card(u.card or ""), "ATGM")
        route = m.get("walked", {}).get(t.id)
        if table.rulings["atgm.moving_targets"] == "flight" and route and len(route) > 1:
            r2 = _atgm_flight(new, table, u, t, weapon, shot["ammo"], route, dice)
            res.append(r2)
            if r2.outcome.get("fired") is not False:
                pending.append((t.id, r2))
            continue
        chk = F.can_fire(table, u, t, weapon, shot["ammo"], arc=False)
        if not chk.legal:
            res.append(F.no_shot(u.id, t.id, "ATGM Resolution", f"{chk.why}: a miss (7.2.2.2)",
                                 chk.estimated, chk.ruled))
            continue
        r = F.shoot(new, table, u, t, "ATGM", shot["ammo"], "ATGM Resolution", dice, smoke=F.wrecks(new),
                    check=chk)
        res.append(r)
        pending.append((t.id, r))
    for tid, r in pending:
        for line in F.apply_damage(new, tid, r, f"T{new.turn} ATGM Resolution"):
            notes.append(_note(tid, line, "damage"))
    notes += _disputed(new, table, moved_order)
    m.pop("walked", None)
    res += update_sighting(new, table)
    new.phase = "Adjustment"
    res += _noted(notes)
    return Applied(new, f"turn {new.turn}: Movement phase resolved (Movement, ATGM Resolution, sighting)", res)


def hex_points(route: list[list[float]], scale: float) -> list[tuple[float, float, float]]:
    """A walked route as the hexes it entered (14.2.2.2.1 on a table): its start, then ``n``
    points evenly along it, ``n`` its length in hex lengths rounded to the nearest (at least 1);
    each ``(x, y, heading)``."""
    from umpire.geometry.arcs import bearing

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


def _atgm_flight(state: GameState, table: Table, u: UnitState, t: UnitState, weapon: Weapon, ammo: str,
                 route: list[list[float]], dice: Dice) -> Resolution:
    """14.2.2.2 in the ATGM Resolution Step (ruling atgm.moving_targets: flight): the target
    goes back to where it started its move and the missile flies its ATGM Speed in hexes
    for each hex the target enters; the shot is resolved where the missile reaches it, or is a
    miss where the target first stands out of sight, range or line of sight. The target's
    facing there is its hull's on that stretch; it is not moved back from where it ended."""
    from umpire.rules.mbt import missiles

    hexes = hex_points(route, table.scale)
    moved = len(hexes) - 1
    spd = missiles.speed(weapon, moved)
    path, checks = [], []
    for x, y, _ in hexes:
        chk = F.can_fire(table, u, t, weapon, ammo, at=(x, y), moving=True, arc=False)
        checks.append(chk)
        path.append(missiles.PathPoint(chk.range, chk.legal))
    flight = missiles.fly(path, int(spd.v))
    est = [f"{weapon.name} ATGM speed ({spd.v})"] if spd.estimated else []
    speed_note = f"{weapon.name} speed {spd.v} against a move of {moved} hexes (14.2.2.2.3)"
    if flight.impact is None:
        return F.no_shot(u.id, t.id, "ATGM Resolution",
                         f"{flight.reason}; {speed_note}: a miss (14.2.2.2.4)", [*checks[0].estimated, *est])
    x, y, way = hexes[flight.impact]
    tspec = (mbt(state)["orders"].get(t.side, {}).get(t.id) or {}).get("move") or {}
    if tspec.get("reverse"):
        way = (way + 180) % 360
    r = F.shoot(state, table, u, t, "ATGM", ammo, "ATGM Resolution", dice, at=(x, y),
                target_facing=way, moving=True, smoke=F.wrecks(state), check=checks[flight.impact])
    r.summary += f" ({flight.reason} at ({x:.3g}, {y:.3g}); {speed_note})"
    r.estimated = [*r.estimated, *[e for e in est if e not in r.estimated]]
    r.extra["flight"] = {"speed": spd.v, "hexes_moved": moved, "impact": flight.impact,
                         "at": [_r(x), _r(y)]}
    return r


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
                   and m["orders"].get(w.side, {}).get(w.id, {}).get("order") == "OW" for x, y, _ in pts])
    res: list[Resolution] = []
    walked = [start]
    stop = False
    for x, y, way in pts:
        hull = (way + 180) % 360 if reverse else way
        u.x, u.y, u.facing = _r(x), _r(y), _r(hull)
        walked.append((x, y))
        watchers = []
        for w in state.units.values():
            if w.side == u.side or not F.alive(w) or w.id in m.get("fired", []):
                continue
            wspec = m["orders"].get(w.side, {}).get(w.id, {})
            if wspec.get("order") != "OW":
                continue
            ins = wspec.get("overwatch") or {}
            if ins.get("hold") or ins.get("at", "any") == "fired":
                continue
            pick = _overwatch_pick(state, table, w, ins, [u.id], at=(x, y), moving=True)
            if pick is not None:
                watchers.append((w, pick[1]))
        if watchers:
            # 7.5.2: all overwatch fire at one unit in one place is announced, then resolved.
            for w, chk in watchers:
                if not F.alive(u):
                    res.append(F.no_shot(w.id, u.id, "Movement", "already knocked out here: the fire is wasted "
                                         "(7.3.2)"))
                else:
                    r = F.shoot(state, table, w, u, "OW", None, "Movement (overwatch)", dice, moving=True,
                                smoke=F.wrecks(state), check=chk)
                    res.append(r)
                    for line in F.apply_damage(state, u.id, r, f"T{state.turn} Movement"):
                        notes.append(_note(u.id, line, "damage"))
                _mark_fired(state, w)
            res += _chain(state, table, [w.id for w, _ in watchers], dice, notes)
            if F.stopped(u):
                notes.append(_note(u.id, f"stops at ({u.x:g}, {u.y:g}): hit by overwatch fire (7.5.2)", sep=" "))
                stop = True
                break
    if not stop and edge:
        # 8.7: a vehicle that moves off the table edge is out of the game for good
        u.status = "off_table"
        u.notes["off_table"] = f"T{state.turn} Movement"
        notes.append(_note(u.id, f"leaves the table at ({u.x:g}, {u.y:g}): out of the game, it may not return "
                           "(8.7)", sep=" "))
    elif not stop and mv.get("facing") is not None:
        u.facing = _r(mv["facing"])
    if not stop and reverse and not pts:
        u.facing = hull0
    u.notes["moved"] = _r(sum(math.dist(a, b) for a, b in zip(walked, walked[1:], strict=False)))
    u.notes["used"] = True
    u.notes["spotted"] = "moved"  # 3.4.1: MOVED replaces FIRED
    _claim_objectives(state, table, [u], walked)
    m.setdefault("walked", {})[u.id] = [[_r(x), _r(y)] for x, y in walked]
    res.append(Resolution(
        ruleset="mbt", procedure="move",
        outcome={"to": [u.x, u.y], "facing": u.facing, "inches": u.notes["moved"], "cost": mv.get("cost"),
                 "allowance": mv.get("allowance"), "stopped": stop},
        summary=f"{u.id} moves {u.notes['moved']:g}\" to ({u.x:g}, {u.y:g}) facing {u.facing:g}"
                + (" (stopped by overwatch fire)" if stop else "")
                + (" and leaves the table (8.7)" if u.status == "off_table" else "")
                + f"; cost {mv.get('cost')}\" of {mv.get('allowance')}\" (8.2, 23.3.2.1)",
        estimated=list(mv.get("estimated") or []),
        extra={"unit": u.id, "from": [_r(start[0]), _r(start[1])], "path": m["walked"][u.id]},
    ))
    return res


def _disputed(state: GameState, table: Table, moved_order: list[str]) -> list[dict[str, Any]]:
    """8.8 on a table: models of both sides within half a hex length of each other at the end
    of the Movement phase are in one hex. The side whose model did not move this turn stays,
    else the one that got there first (units move one at a time, so the earlier mover); the
    other goes back along its path to where it was before it came that near, even if damaged
    (8.8.2), and so on until no two enemies share a hex."""
    from umpire.rules.mbt.basic_game import STACK_HEXES

    near = STACK_HEXES * table.scale
    walked = mbt(state).get("walked", {})
    lines: list[dict[str, Any]] = []
    for _ in range(4 * len(state.units)):
        live = [u for u in state.units.values() if F.alive(u)]
        pair = next(((a, b) for i, a in enumerate(live) for b in live[i + 1:]
                     if a.side != b.side and math.dist(table.xy(a), table.xy(b)) < near - 1e-9), None)
        if pair is None:
            break
        a, b = pair

        def rank(u: UnitState) -> int:
            return moved_order.index(u.id) if u.id in walked and u.id in moved_order else -1

        stay, go = (a, b) if rank(a) <= rank(b) else (b, a)
        path = walked.get(go.id) or [[go.x, go.y]]
        back = next((p for p in reversed(path) if math.dist(p, table.xy(stay)) >= near - 1e-9), None)
        if back is None:  # nowhere on its path: step straight away from the other model
            dx, dy = go.x - stay.x, go.y - stay.y  # type: ignore[operator]
            d = math.hypot(dx, dy) or 1.0
            back = [stay.x + dx / d * near, stay.y + dy / d * near]  # type: ignore[operator]
        go.x, go.y = _r(back[0]), _r(back[1])
        lines.append(_note(go.id, f"is moved back to ({go.x:g}, {go.y:g}): it ended in one hex with an enemy "
                           "that was there first (8.8)", sep=" "))
    return lines


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
                if spec.get("order") != "OW" or uid in m.get("fired", []) or not F.alive(w):
                    continue
                ins = spec.get("overwatch") or {}
                if ins.get("hold") or ins.get("at", "any") == "moving":
                    continue
                pick = _overwatch_pick(state, table, w, ins,
                                       [t for t in triggers if state.units[t].side != side])
                if pick is None:
                    continue
                tid, chk = pick
                r = F.shoot(state, table, w, state.units[tid], "OW", None, "Movement (overwatch chain)", dice,
                            smoke=F.wrecks(state), check=chk)
                res.append(r)
                for line in F.apply_damage(state, tid, r, f"T{state.turn} Movement"):
                    notes.append(_note(tid, line, "damage"))
                _mark_fired(state, w)
                nxt.append(uid)
        triggers = nxt
    return res


def _claim_objectives(state: GameState, table: Table, units: list[UnitState],
                      path: list[tuple[float, float]] | None = None) -> None:
    """4.8: the last side to occupy or pass through an objective controls it."""
    objectives = [o["terrain"] for o in mbt(state).get("objectives", [])]
    if not objectives:
        return
    control = mbt(state).setdefault("control", {})
    from umpire.geometry.movement import path_terrain

    for u in units:
        pts = path or [table.xy(u)]
        hit: set[str] = set(table.index.features_at(pts[0]))
        if len(pts) > 1:
            for s in path_terrain(pts, table.index).stretches:
                hit.update(s.areas)
        for oid in objectives:
            if oid in hit:
                control[oid] = u.side


# -- 5. Adjustment ----------------------------------------------------------------------------
def adjustment(state: GameState) -> Applied:
    new = state.copy_for_change()
    m = mbt(new)
    table = Table(new)
    lines = []
    # 9.1 Pivot Step: markers for unused orders; who may pivot (done next Command, 24.3.4).
    for side in new.side_ids():
        for uid, spec in plan(m, side):
            u = new.units[uid]
            if not F.alive(u) or u.notes.get("used"):
                continue
            mark = orders.spotted_after_pivot(spec["order"], False) if spec.get("order") else None
            if mark:
                u.notes["spotted"] = mark
            if spec.get("order") in ("M", "FM") and not F.stopped(u):
                u.notes["may_pivot"] = True
    # 9.3 Adjust Markers: a spotted marker stays only while some enemy sees the unit.
    _see_all(new, table)
    for u in new.units.values():
        if not F.alive(u) or u.notes.get("spotted", "none") == "none":
            continue
        if not any(F.sees(table, e, u).legal for e in _enemies(new, u.side)):
            u.notes.pop("spotted", None)
            lines.append(f"{u.id}: spotted marker removed, unseen (9.3)")
    res = update_sighting(new, table)
    t = tally(new)
    res.append(Resolution(ruleset="mbt", procedure="victory", outcome=t.as_json(), summary=t.reason,
                          notes=t.lines, estimated=t.estimated, extra={"side": "umpire"}))
    if t.decided:
        m["result"] = t.as_json()
        new.phase = OVER
        summary = f"end of turn {new.turn}: the game is over: {t.reason}"
    else:
        new.turn += 1
        new.phase = "Initiative"
        summary = f"end of turn {state.turn}: markers adjusted (9.1, 9.3); turn {new.turn} begins (9.4)"
    res += _noted(lines)
    return Applied(new, summary, res)


def next_phase(state: GameState, dice: Dice) -> Applied:
    """Resolve the current phase; the event is logged under the turn and phase it resolved
    (the state it returns already stands in the next one)."""
    ph = state.phase
    done: Applied | None = None
    if ph in ("setup", "Initiative"):
        done = initiative(state, dice)
        ph = "Initiative"
    elif ph == "Command":
        done = command(state)
    elif ph == "Fire":
        done = fire_phase(state, dice)
    elif ph == "Movement":
        done = movement_phase(state, dice)
    elif ph == "Adjustment":
        done = adjustment(state)
    if done is not None:
        done.turn = state.turn if state.phase != "setup" else done.state.turn
        done.phase = ph
        return done
    if ph == OVER:
        why = (state.extra.get("mbt") or {}).get("result", {}).get("reason", "")
        raise UmpireError(f"phase next: the game is over ({why}); allowed now: umpire report")
    raise UmpireError(f"phase next: unknown phase {ph!r} (allowed: {', '.join(PHASES)})")
