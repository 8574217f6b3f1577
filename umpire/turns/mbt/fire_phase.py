"""The Basic Game's Fire Phase (3.3): direct fire, ATGM announcement, overwatch fire until nobody may fire."""

from __future__ import annotations

import math
from typing import Any

from umpire.core.dice import Dice
from umpire.core.resolution import Facts, Resolution
from umpire.core.state import GameState, UnitState
from umpire.rules.mbt import data, umpired
from umpire.rules.mbt.state import MbtUnit
from umpire.turns.common import Applied
from umpire.turns.mbt import fire as F
from umpire.turns.mbt.orders_file import default_ammo, unit_capability, weapon_for
from umpire.turns.mbt.table import Table
from umpire.turns.mbt.turn_state import (
    enemies_of,
    mbt,
    note_resolutions,
    plan,
    sides_in_order,
    unit_note,
    update_sighting,
)


def _target_now(state: GameState, table: Table, firer: UnitState, spec: dict[str, Any], step: str,
                notes: list[Any]) -> str | None:
    """24.3.3.1: fire at a unit knocked out in an earlier step or phase goes to the closest
    enemy still in action (one the firer may fire at, with the weapon and ammunition of its
    order ``spec``); within the step it is wasted (7.3.2)."""
    target_id = str(spec["fire"]["target"])
    weapon, ammo = weapon_for(data.card(firer.card or ""), spec["order"]), spec["fire"]["ammo"]
    t = state.units[target_id]
    if t.status != "eliminated":
        return target_id
    ko_in = str(MbtUnit.of(t).knocked_out_in or "")
    here = f"T{state.turn} {step}"
    cands = []
    for e in enemies_of(state, firer.side):
        chk = F.can_fire(table, firer, e, weapon, ammo)
        cands.append(umpired.Enemy(e.id, math.dist(table.xy(firer), table.xy(e)), chk.legal))
    new = umpired.transfer_fire(target_id, ko_in if ko_in != here else step, step, cands,
                                table.rulings["umpired.fire_transfer"])
    if new == target_id:
        notes.append(unit_note(firer.id, f"its target {target_id} was knocked out earlier in this step; the fire is "
                           "wasted (7.3.2)", "fire_wasted", target=target_id))
        return None
    if new is None:
        notes.append(unit_note(firer.id, f"its target {target_id} is already knocked out and no enemy in action can "
                           "be fired at: it holds its fire (24.3.3.1)", "fire_held", target=target_id))
        return None
    notes.append(unit_note(firer.id, f"its target {target_id} is already knocked out: fire transferred to the "
                       f"closest enemy in action, {new} (24.3.3.1)", "fire_transfer", target=target_id, to=new))
    return new


def mark_fired(state: GameState, u: UnitState) -> None:
    MbtUnit.of(u).spotted = "fired"
    MbtUnit.of(u).used = True
    fired = mbt(state).fired
    if u.id not in fired:
        fired.append(u.id)


def fire_phase(state: GameState, dice: Dice) -> Applied:
    new = state.copy_for_change()
    table = Table(new)
    res: list[Resolution] = []
    notes: list[Any] = []
    burning = {u.id for u in new.units.values() if u.destroyed == "brewed_up"}
    triggers = _direct_fire(new, table, dice, res, notes)
    triggers += _atgm_announcement(new, table, res, notes)
    _overwatch_fire(new, table, dice, F.wrecks(new, burning), triggers, res, notes)
    res += update_sighting(new, table)
    new.phase = "Movement"
    res += note_resolutions(notes)
    return Applied(new, f"turn {new.turn}: Fire phase resolved (Direct Fire, ATGM Announcement, Overwatch Fire)",
                   res)


def _direct_fire(new: GameState, table: Table, dice: Dice, res: list[Resolution], notes: list[Any]) -> list[str]:
    """The Direct Fire Step (3.3.1): simultaneous; damage waits for the end of the step (5.3).
    Returns the units that fired (they trigger overwatch)."""
    m = mbt(new)
    smoke = F.wrecks(new)
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
            tid = _target_now(new, table, u, spec, "Direct Fire", notes)
            if tid is None:
                continue
            if tid in killed:
                res.append(F.no_shot(uid, tid, "Direct Fire", "already knocked out in this step: the fire is "
                                     "wasted (7.3.2)"))
                mark_fired(new, u)
                continue
            t = new.units[tid]
            chk = F.can_fire(table, u, t, weapon, ammo)
            if not chk.legal:
                res.append(F.no_shot(uid, tid, "Direct Fire", chk.why, chk.estimated, chk.ruled))
                continue
            r = F.shoot(new, table, F.Shot(u, t, spec["order"], ammo, "Direct Fire"), dice, smoke=smoke, check=chk)
            mark_fired(new, u)
            triggers.append(uid)
            res.append(r)
            pending.append((tid, r))
            if r.outcome.get("worst") in F.STOPS:
                killed.add(tid)
    for tid, r in pending:
        for line in F.apply_damage(new, tid, r, f"T{new.turn} Direct Fire"):
            notes.append(unit_note(tid, line, "damage"))
    return triggers


def _atgm_announcement(new: GameState, table: Table, res: list[Resolution], notes: list[Any]) -> list[str]:
    """The ATGM Announcement Step (3.3.2): each missile announced flies until the ATGM Resolution
    Step. Returns the units that fired (they trigger overwatch)."""
    m = mbt(new)
    m.atgm = []
    triggers: list[str] = []
    for side in sides_in_order(new):
        for uid, spec in plan(m, side):
            u = new.units[uid]
            if spec.get("order") != "ATGM" or not spec.get("fire") or not F.alive(u):
                continue
            weapon = weapon_for(data.card(u.card or ""), "ATGM")
            ammo = spec["fire"]["ammo"]
            tid = _target_now(new, table, u, spec, "ATGM Announcement", notes)
            if tid is None:
                continue
            chk = F.can_fire(table, u, new.units[tid], weapon, ammo)
            if not chk.legal:
                res.append(F.no_shot(uid, tid, "ATGM Announcement", chk.why, chk.estimated, chk.ruled))
                continue
            mark_fired(new, u)
            triggers.append(uid)
            m.atgm.append({"firer": uid, "target": tid, "ammo": ammo})
            res.append(Resolution(ruleset="mbt", procedure="atgm_announcement", outcome={"announced": True},
                                  summary=f"{uid} fires a {weapon.name} at {tid}: it flies until the ATGM "
                                          "Resolution Step (3.3.2, 7.2.2)",
                                  estimated=chk.estimated, facts=Facts(firer=uid, target=tid)))
    return triggers


def _overwatch_fire(new: GameState, table: Table, dice: Dice, smoke: list[tuple[float, float]], triggers: list[str],
                    res: list[Resolution], notes: list[Any]) -> None:
    """The Overwatch Fire Step (3.3.3): simultaneous, in chains (7.5.3): each unit that fires
    triggers the enemy's overwatch in turn; ``smoke``: the wrecks burning before the phase."""
    m = mbt(new)
    pending: list[tuple[str, Resolution]] = []
    killed: set[str] = set()
    fired_ow: set[str] = set()
    while triggers:
        nxt: list[str] = []
        for side in sides_in_order(new):
            for uid, spec in plan(m, side):
                u = new.units[uid]
                if spec.get("order") != "OW" or uid in fired_ow or uid in m.fired or not F.alive(u):
                    continue
                ins = spec.get("overwatch") or {}
                if ins.get("hold") or ins.get("at", "any") == "moving":
                    continue
                pick = overwatch_pick(new, table, u, ins, [t for t in triggers if new.units[t].side != side])
                if pick is None:
                    continue
                tid, chk = pick
                if tid in killed:
                    res.append(F.no_shot(uid, tid, "Overwatch Fire", "already knocked out in this step: the fire "
                                         "is wasted (7.3.2)"))
                else:
                    r = F.shoot(new, table, F.Shot(u, new.units[tid], "OW", None, "Overwatch Fire"), dice,
                                smoke=smoke, check=chk)
                    res.append(r)
                    pending.append((tid, r))
                    if r.outcome.get("worst") in F.STOPS:
                        killed.add(tid)
                mark_fired(new, u)
                fired_ow.add(uid)
                nxt.append(uid)
        triggers = nxt
    for tid, r in pending:
        for line in F.apply_damage(new, tid, r, f"T{new.turn} Overwatch Fire"):
            notes.append(unit_note(tid, line, "damage"))


def overwatch_pick(state: GameState, table: Table, u: UnitState, ins: dict[str, Any], candidates: list[str],
                    at: tuple[float, float] | None = None, moving: bool = False
                    ) -> tuple[str, F.Check] | None:
    """24.3.3.2: the first legal candidate the written instruction allows, or None. A unit with
    no main gun in working order fires no overwatch in the Basic Game (6.2.4: only main guns;
    an M901 ITV has none, and a gun hit stops one firing, 7.4.5.3.2)."""
    card = data.card(u.card or "")
    if not unit_capability(u, card).gun_working:
        return None
    weapon = weapon_for(card, "OW")
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
