"""The Advanced Game Fire Phase (11.3) in the umpired sequence (24.3.3): smoke dischargers
(12.6), the Close Assault Step (14.5, 14.6; not simultaneous, the side with the initiative
first), the Direct Fire Step and the ATGM Announcement Step (simultaneous: damage after each,
5.3; a missile at a unit that is to move waits for its move, 14.2.2), and the Overwatch Fire
Step (simultaneous, chained: 7.5.3, 11.3.4).
"""

from __future__ import annotations

from typing import Any

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Facts, Resolution
from umpire.core.state import GameState, UnitState
from umpire.rules.mbt import close_assault as CA
from umpire.rules.mbt import orders
from umpire.rules.mbt.cards import LegCard
from umpire.rules.mbt.facts import AssaultFacts
from umpire.rules.mbt.state import MbtGame, MbtUnit
from umpire.schema.load import validate
from umpire.turns.common import Applied
from umpire.turns.mbt.advanced import firing as FI
from umpire.turns.mbt.advanced import shots as S
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.advanced.closing import close_phase
from umpire.turns.mbt.advanced.effects import apply_gp
from umpire.turns.mbt.advanced.limits import riders_with, upper_floor, weapon_why
from umpire.turns.mbt.advanced.losses import Note, destroy, suppress
from umpire.turns.mbt.advanced.sighting import update as update_sighting
from umpire.turns.mbt.advanced.table import AdvTable
from umpire.turns.mbt.turn_state import mbt, plan, sides_in_order, unit_note


def own_orders(state: GameState, side: str) -> list[tuple[UnitState, dict[str, Any]]]:
    m = mbt(state)
    return [(state.units[uid], spec) for uid, spec in plan(m, side) if U.alive(state.units[uid])]


def dischargers(state: GameState, t: AdvTable, notes: list[Note]) -> list[Resolution]:
    """12.6: a vehicle's one-use smoke dischargers, a smoke (DS) marker covering it alone."""
    from umpire.rules.mbt.calc_advanced import resolve_smoke
    from umpire.rules.mbt.cases_advanced import SmokeCase

    res = []
    for side in sides_in_order(state):
        for u, spec in own_orders(state, side):
            if not spec.get("discharger"):
                continue
            case = {"procedure": "smoke", "ruleset": "mbt", "game": "advanced", "rulings": dict(state.rulings),
                    "kind": "discharger", "card": u.card, "used": 1 if MbtUnit.of(u).ds_used else 0,
                    "compartment_hit": MbtUnit.of(u).compartment}
            r = resolve_smoke(validate(SmokeCase, {k: v for k, v in case.items() if k != "procedure"}, "smoke"),
                              t.rulings)
            if not r.outcome["placed"]:
                continue  # damaged since its orders were written (12.6)
            MbtUnit.of(u).ds_used = True
            x, y = t.xy(u)
            MbtGame.of(state).smoke.append({"x": x, "y": y, "kind": "ds", "by": u.id, "turn": state.turn})
            r.summary = f"{u.id} fires its smoke dischargers: discharger smoke covers it (12.6.3)"
            r.facts.unit = u.id
            r.facts.step = "Close Assault"
            r.facts.at = [u.x, u.y]
            r.facts.case = case
            res.append(r)
    return res


def close_assault_step(state: GameState, t: AdvTable, dice: Dice, notes: list[Note]
                       ) -> tuple[list[Resolution], list[str]]:
    """14.5, 14.6: each side in turn, its CA units against adjacent enemies; results at once."""
    res: list[Resolution] = []
    attackers: list[str] = []
    for side in sides_in_order(state):
        groups: dict[str, list[UnitState]] = {}
        for u, spec in own_orders(state, side):
            if spec.get("order") != "CA" or not spec.get("assault"):
                continue
            tid = spec["assault"]["target"]
            groups.setdefault(tid, []).append(u)
        for tid, units in groups.items():
            target = state.units[tid]
            able = []
            for u in units:
                why = _cannot_assault(t, u, target)
                if why:
                    res.append(FI.no_shot(u.id, tid, "Close Assault", why))
                else:
                    able.append(u)
            if not able or not U.alive(target):
                continue
            if U.kind(target) == "vehicle":
                for u in able:
                    res.append(_assault(state, t, u, target, dice, notes))
            else:
                res.append(_hand_to_hand(state, t, able, target, dice, notes))
            for u in able:
                MbtUnit.of(u).spotted = "moved"  # 14.5.1, 14.6.1.4
                MbtUnit.of(u).used = True
                attackers.append(u.id)
    return res, attackers


def _cannot_assault(t: AdvTable, u: UnitState, target: UnitState) -> str:
    if not U.alive(target) or U.carried(target):
        return "its target is not there to attack (14.5.1, 14.7.1.4)"
    if U.suppressed(u) or U.carried(u):
        return "suppressed or carried: it may not attack (14.5, 14.6)"
    if t.hexes(t.xy(u), t.xy(target)) > 1:
        return f"{target.id} is not in an adjacent hex (14.5.1)"
    if abs(t.unit_height(u) - t.unit_height(target)) > 2:
        return "more than two heights apart (14.5.1, 14.6.1.1)"
    if not S.sees(t, u, target).legal:
        return f"it does not see {target.id} (14.5.1)"
    return ""


def _assault(state: GameState, t: AdvTable, u: UnitState, target: UnitState, dice: Dice,
            notes: list[Note]) -> Resolution:
    """14.5.2: the leg unit's MV GP at 1 hex and its launchers' against the CA DEFENSE."""
    from umpire.rules.mbt.calc import resolve_close_assault
    from umpire.rules.mbt.cases import CloseAssaultCase
    from umpire.rules.mbt.gp_targets import assault_gp

    gp, parts = assault_gp(U.card_of(u), [w for w in U.weapons(u) if not upper_floor(t, u, w)])
    case = {"procedure": "close_assault", "ruleset": "mbt", "game": "advanced", "rulings": dict(state.rulings),
            "attack_gp": max(gp, 1), "target": target.card, "height_diff": t.unit_height(target) - t.unit_height(u),
            "target_moving": orders.target_moving(str(target.orders or "OW")), "target_open": U.hatch(target) == "open",
            "grade": U.grade(u), "assault_infantry": "Assault" in U.elite(u),
            "flamethrower": "Flamethrower" in {w.name for w in U.weapons(u)}}
    from umpire.turns.mbt.options.legs import close_assault_fields

    case.update(close_assault_fields(state, t, u, target))
    rec = RecordingDice(scoped(dice, "close-assault", u.id, target.id))
    r = resolve_close_assault(validate(CloseAssaultCase, {k: v for k, v in case.items() if k != "procedure"},
                                       "close_assault"), rec, t.rulings)
    r.rolls = rec.take()
    r.summary = f"{u.id} close assaults {target.id} (MV GP {gp}: {', '.join(parts)}): {r.summary}"
    r.facts.attacker = u.id
    r.facts.target = target.id
    r.facts.step = "Close Assault"
    r.facts.range = 1
    r.facts.case = case
    from umpire.turns.mbt.options.legs import flame_fire

    flame_fire(state, r, target)  # its burning marker (17.4.1.2.1); the resolution's notes say so
    if r.outcome["result"] == "S":
        suppress(target, f"close assault by {u.id}, 14.5.4", notes)
    elif r.outcome["result"] == "EF":
        how = t.rulings["close_assault.effective"]
        destroy(state, target, "brewed_up" if how == "brewed_up" else "knocked_out", f"T{state.turn} Close Assault",
                notes)
        if how == "knocked_out_burning_wreck":
            target.destroyed = "brewed_up"  # a burning wreck without a brew-up's suppression (ruling)
    return r


def _hand_to_hand(state: GameState, t: AdvTable, units: list[UnitState], target: UnitState, dice: Dice,
                  notes: list[Note]) -> Resolution:
    """14.6.2: the best attacker's line of the HAND-TO-HAND COMBAT TABLE, -10 per other
    attacker; the losers suffer an effective result (squads become suppressed half squads)."""
    rank = {"squad": 2, "half_squad": 1}
    able = [u for u in units if U.leg_kind(u) in rank]
    best = max(able, key=lambda u: (rank[U.leg_kind(u)], U.grade(u) == "crack"))
    defender = U.leg_kind(target) if isinstance(U.card_of(target), LegCard) else "towed"
    from umpire.rules.mbt.calc import resolve_hand_to_hand
    from umpire.rules.mbt.cases import HandToHandCase

    case = {"procedure": "hand_to_hand", "ruleset": "mbt", "game": "advanced", "rulings": dict(state.rulings),
            "attacker": U.leg_kind(best), "defender": defender, "attackers": len(able),
            "defender_suppressed": U.suppressed(target), "uphill": t.unit_height(target) > t.unit_height(best),
            "defender_crew_loss": bool(MbtUnit.of(target).crew_losses), "attacker_grade": U.grade(best),
            "defender_grade": U.grade(target), "height_diff": t.unit_height(target) - t.unit_height(best)}
    from umpire.turns.mbt.options.legs import hand_to_hand_fields

    case.update(hand_to_hand_fields(state, best, target))
    rec = RecordingDice(scoped(dice, "hand-to-hand", best.id, target.id))
    r = resolve_hand_to_hand(validate(HandToHandCase, {k: v for k, v in case.items() if k != "procedure"},
                                      "hand_to_hand"), rec, t.rulings)
    r.rolls = rec.take()
    r.facts.case = case
    ids = ", ".join(u.id for u in able)
    r.summary = f"{ids} attack {target.id} hand-to-hand: {r.summary}"
    fx = AssaultFacts.of(r)
    fx.attacker = best.id
    fx.target = target.id
    fx.step = "Close Assault"
    fx.attackers = [u.id for u in able]
    from umpire.turns.mbt.options.legs import flame_fire

    flame_fire(state, r, target)  # its burning marker (17.4.1.2.1); the resolution's notes say so
    losers = [target] if r.outcome["winner"] == "attacker" else able
    lost: dict[str, Any] = {}
    fx.losers = lost
    for x in losers:
        effect = CA.loser_effect(U.leg_kind(x) if U.kind(x) == "leg" else "towed")
        lost[x.id] = effect
        notes += apply_gp(state, x.id, effect, f"T{state.turn} Close Assault", "hand-to-hand combat, 14.6.2.2")
    return r


def fire_phase(state: GameState, dice: Dice) -> Applied:
    new = state.copy_for_change()
    m = mbt(new)
    t = AdvTable(new)
    notes: list[Note] = []
    res: list[Resolution] = dischargers(new, t, notes)
    got, triggers = close_assault_step(new, t, dice, notes)
    res += got
    t = AdvTable(new)
    # Direct Fire Step (11.3.2): simultaneous
    pend = FI.Pending()
    for side in sides_in_order(new):
        for u, spec in own_orders(new, side):
            if spec.get("order") in ("F", "FM") and spec.get("fire"):
                res += FI.fire_unit(FI.Firing(new, t, dice, pend), u, spec["fire"], spec["order"], "Direct Fire", notes)
                if MbtUnit.of(u).used:
                    triggers.append(u.id)
    notes += pend.apply(new, f"T{new.turn} Direct Fire")
    t = AdvTable(new)
    # ATGM Announcement Step (11.3.3, 14.2.2): at once unless the target is to move
    m.atgm = []
    for side in sides_in_order(new):
        for u, spec in own_orders(new, side):
            if spec.get("order") != "ATGM" or not spec.get("fire"):
                continue
            now = [e for e in spec["fire"] if not to_move(new, e)]
            res += FI.fire_unit(FI.Firing(new, t, dice, pend), u, now, "ATGM", "ATGM Announcement", notes)
            for e in spec["fire"]:
                if to_move(new, e):
                    res.append(announce(new, t, u, e, "ATGM Announcement"))
            if MbtUnit.of(u).used:
                triggers.append(u.id)
    notes += pend.apply(new, f"T{new.turn} ATGM Announcement")
    # Overwatch Fire Step (11.3.4): chains until nobody may fire
    res += overwatch_chain(new, dice, triggers, "Overwatch Fire", notes)
    return close_phase(new, res, notes, "Movement", "Fire phase resolved (dischargers, Close Assault, Direct Fire, "
                       "ATGM Announcement, Overwatch Fire; 11.3)")


def to_move(state: GameState, entry: dict[str, Any]) -> bool:
    """Is the target of a missile entry moving or going to move this turn (14.2.2.2)?"""
    tgt = state.units.get(entry.get("target") or "")
    if tgt is None:
        return False
    tspec = (mbt(state).orders.get(tgt.side, {}).get(tgt.id) or {})
    return tspec.get("order") in orders.MOVING and bool(tspec.get("move")) and not tgt.moved


def is_missile(u: UnitState, entry: dict[str, Any]) -> bool:
    w = FI.weapon(u, str(entry.get("weapon")))
    return w is not None and w.kind == "atgm"


def announce(state: GameState, t: AdvTable, u: UnitState, e: dict[str, Any], step: str,
             start: int = 0, order: str = "ATGM", moving: bool = False) -> Resolution:
    """14.2.2.2: a missile at a target that is to move (or is moving) is not resolved now; it
    flies while its target moves, from its initial hex: where the target started the Turn, or
    (``start``: the index of the hex in its move) where it was when overwatch fire was triggered
    during the Movement Phase (14.2.2.2.2)."""
    tgt = state.units[e["target"]]
    chk = S.can_fire(t, u, tgt, FI.weapon(u, e["weapon"]) or U.weapons(u)[0], e.get("ammo"), moving=moving)
    if not chk.legal:
        return FI.no_shot(u.id, e["target"], step, chk.why, chk.estimated)
    mbt(state).atgm.append({"firer": u.id, **e, "from": [tgt.x, tgt.y], "start": start,
                                              "step": step, "order": order})
    own = MbtUnit.of(u)
    own.spotted, own.used, own.atgm_pending = "fired", True, True
    return Resolution(ruleset="mbt", procedure="atgm_announcement", outcome={"announced": True},
                      summary=f"{u.id} fires a {e['weapon']} at {e['target']}: it flies while its target moves "
                              f"(14.2.2.2)", estimated=chk.estimated,
                      facts=Facts(firer=u.id, target=e["target"], weapon=e["weapon"], step=step))


def pick(state: GameState, t: AdvTable, w: UnitState, ins: dict[str, Any], candidates: list[str],
         at: tuple[float, float] | None = None, moving: bool = False) -> tuple[UnitState, dict[str, Any]] | None:
    """An overwatch unit's shot as its instructions say (24.3.2.3, 24.3.3.2): a listed target
    first, else the nearest it may hit; the gun, or the missile if told (13.3)."""
    order = [c for c in ins.get("targets") or [] if c in candidates] or candidates
    best = None
    for tid in order:
        target = state.units[tid]
        if not U.alive(target) or U.carried(target):
            continue
        ws = U.weapons(w)
        want = ins.get("weapon")
        choice = [x for x in ws if (want and x.name.lower() == str(want).lower()) or (not want and x.main)] or \
            [x for x in ws if x.kind == "atgm"]
        for weapon in choice:
            if weapon_why(state, t, w, weapon)[0]:
                continue  # 14.1.3.2: not from an upper floor
            try:
                ammo = U.default_ammo(weapon, target)
            except Exception:  # noqa: BLE001 - a weapon with no ammunition for this target
                continue
            chk = S.can_fire(t, w, target, weapon, ammo, at=at, moving=moving)
            if not chk.legal:
                continue
            if ins.get("max_range") is not None and chk.range * t.scale > float(ins["max_range"]) + 1e-9:
                continue
            cand = (chk.range, tid, {"target": tid, "weapon": weapon.name, "ammo": ammo})
            if best is None or cand[:2] < best[:2]:
                best = cand
            break
        if best is not None and ins.get("targets") and tid in ins["targets"]:
            break
    return (state.units[best[1]], best[2]) if best else None


def overwatch_chain(state: GameState, dice: Dice, triggers: list[str], step: str,
                    notes: list[Note]) -> list[Resolution]:
    """7.5.1, 7.5.3, 11.3.4: OW units fire at enemy units that attacked or fired; those that
    fire may set off more overwatch fire, simultaneous at each link."""
    m = mbt(state)
    res: list[Resolution] = []
    fired: set[str] = set(m.ow_fired)
    while triggers:
        t = AdvTable(state)
        pend = FI.Pending()
        nxt: list[str] = []
        for side in sides_in_order(state):
            for u, spec in own_orders(state, side):
                if spec.get("order") != "OW" or u.id in fired or U.carried(u):
                    continue
                ins = spec.get("overwatch") or {}
                if ins.get("hold") or ins.get("at", "any") == "moving":
                    continue
                got = pick(state, t, u, ins, [x for x in triggers if state.units[x].side != side])
                if got is None:
                    continue
                riders = riders_with(state, t, u, ins, got[1])
                if is_missile(u, got[1]) and to_move(state, got[1]):
                    res.append(announce(state, t, u, got[1], step, order="OW"))  # 14.2.2.2.2: initial hex
                else:
                    riders.insert(0, got[1])
                res += FI.fire_unit(FI.Firing(state, t, dice, pend), u, riders, "OW", step, notes) if riders else []
                fired.add(u.id)
                nxt.append(u.id)
        notes += pend.apply(state, f"T{state.turn} {step}")
        triggers = nxt
    m.ow_fired = sorted(fired)
    return res


__all__ = ["fire_phase", "overwatch_chain", "pick", "update_sighting", "unit_note"]
