"""One unit's fire in the Advanced Game turn: each weapon its written plan names (14.1), AP or
GP by its ammunition (14.1.1.2), smoke (14.4.5.1), canister (14.4.5.2) and fire at block and wire
markers (14.4.3.3), with the limits of suppression (12.3.2), crew losses (14.1.2.3), open-only
mounts (14.1.2.2), upper floors (14.1.3.2) and the riders it carries firing with it (15.3.3.1,
15.3.4: a ``by:`` entry). Results are returned to apply later: fire in a simultaneous step is
resolved from where everything stood at its start (5.3).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from umpire.core.dice import Dice
from umpire.core.resolution import Facts, Resolution
from umpire.core.state import GameState, UnitState
from umpire.geometry.arcs import bearing
from umpire.rules.mbt import arcs as mbt_arcs
from umpire.rules.mbt.facts import ShotFacts
from umpire.rules.mbt.state import MbtUnit, turret_facing
from umpire.rules.mbt.vehicle_card import Weapon
from umpire.schema.load import validate
from umpire.turns.mbt.advanced import shots as S
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.advanced.effects import Pending
from umpire.turns.mbt.advanced.losses import Note
from umpire.turns.mbt.advanced.table import AdvTable
from umpire.turns.mbt.fire import Check
from umpire.turns.mbt.options import on
from umpire.turns.mbt.turn_state import note_resolutions, unit_note


@dataclass(frozen=True)
class Firing:
    """A firing step under way: the state its fire changes, the table it is measured on, its dice,
    and what its fire will do once the step is over (``pending``)."""

    state: GameState
    t: AdvTable
    dice: Dice
    pending: Pending


def no_shot(firer: str, target: str | None, step: str, why: str, est: list[str] | None = None) -> Resolution:
    return Resolution(ruleset="mbt", procedure="fire", outcome={"fired": False, "why": why},
                      summary=f"{firer} does not fire{' at ' + target if target else ''} ({step}): {why}",
                      estimated=list(est or []), facts=Facts(firer=firer, target=target, step=step))


def weapon(u: UnitState, name: str) -> Weapon | None:
    return next((w for w in U.weapons(u) if w.name == name), None)


def fire_unit(firing: Firing, u: UnitState, entries: list[dict[str, Any]], order: str, step: str, notes: list[Note],
              *, moving_target: bool = False) -> list[Resolution]:
    """Every weapon ``u`` (and the riders its entries name) fires in this step, at its own target
    (14.1.2.1, 14.1.3.1, 15.3.3.1)."""
    from umpire.turns.mbt.advanced import terrain_fire
    from umpire.turns.mbt.advanced.limits import weapon_why
    from umpire.turns.mbt.options import weapon_limits as WL

    state, t, pending = firing.state, firing.t, firing.pending
    res: list[Resolution] = []
    fired_kinds: dict[str, set[str]] = {}
    for entry in entries:
        f = state.units.get(str(entry.get("by") or u.id))
        tid = entry.get("target")
        if f is None or (f.id != u.id and (f.carried_by != u.id or not U.alive(f))):
            res.append(no_shot(str(entry.get("by")), tid, step, f"it is no longer carried by {u.id} (15.3.3.1)"))
            continue
        kinds = fired_kinds.setdefault(f.id, set())
        w = weapon(f, entry["weapon"])
        if w is None:
            res.append(no_shot(f.id, tid, step, f"its {entry['weapon']} is out of action (7.4.5.3.2, 14.3.3.1)"))
            continue
        why = _forbidden(f, w, kinds)
        limit, most = weapon_why(state, t, f, w)
        if why or limit:
            res.append(no_shot(f.id, tid, step, why or limit))
            continue
        if entry.get("at") is not None:
            r = _smoke(firing, f, w, entry, order, step)
        elif entry.get("terrain") is not None:
            r = terrain_fire.shoot(firing, f, w, entry, order, step)
            if r.outcome.get("result") == "EF":
                pending.terrain.append((str(entry["terrain"]), f.id))
        else:
            target = state.units.get(tid or "")
            if target is None or not U.alive(target):
                res.append(no_shot(f.id, tid, step, "its target is out of action: the fire is wasted (7.3.2)"))
                continue
            alt = WL.attached_fired(f, w, entries) if on(state, WL.NAME) else 0
            shot = S.AdvShot(f, target, w, str(entry.get("ammo") or ""), order, step, moving=moving_target)
            r = shoot(firing, shot, {**entry, "attached_fired": alt} if alt else entry, most=most)
            rounds = r.facts.rounds if isinstance(r.facts, ShotFacts) else None
            if rounds:
                notes.append(unit_note(f.id, rounds, "rounds"))
        if f.id != u.id:
            ShotFacts.of(r).carrier = u.id  # 15.3.3.1: the rider fires from its carrier
        res.append(r)
        if r.outcome.get("fired") is not False:
            kinds.add(w.kind)
            MbtUnit.of(f).used = True
    if any(r.outcome.get("fired") is not False for r in res):
        from umpire.turns.mbt.options import camouflage

        MbtUnit.of(u).spotted = camouflage.fired(state, u, kinds)  # 17.6.1.3, 17.6.2
        MbtUnit.of(u).used = True
        MbtUnit.of(u).atgm_pending = False
    return res


def _forbidden(u: UnitState, w: Weapon, fired: set[str]) -> str:
    if U.kind(u) == "vehicle":
        if U.suppressed(u):
            if w.kind == "mg" and not w.main:
                return "suppressed: a suppressed vehicle fires no independent machinegun (12.3.2)"
            if (w.kind == "atgm" and fired - {"atgm"}) or (w.kind != "atgm" and "atgm" in fired):
                return "suppressed: a suppressed vehicle fires its main gun or its missiles, never both (12.3.2)"
        if w.kind == "mg" and not w.main and MbtUnit.of(u).crew_losses and "gun" in fired:
            return "after crew losses it fires no machinegun with its main gun (14.1.2.3)"
        if (w.mount or "").endswith("-O") and U.hatch(u) != "open":
            return f"the {w.name} is fired only when the vehicle is open (14.1.2.2)"
    return ""


def _smoke(firing: Firing, u: UnitState, w: Weapon, entry: dict[str, Any], order: str, step: str) -> Resolution:
    """14.4.5.1: a smoke (ON) marker at a point in arc and range (2 to the GP maximum), in sight,
    with no friendly unit in its hex: the ``smoke`` case from the table, resolved by calc's function."""
    from umpire.rules.mbt.calc_advanced import resolve_smoke
    from umpire.rules.mbt.cases_advanced import SmokeCase

    state, t = firing.state, firing.t

    at = (float(entry["at"][0]), float(entry["at"][1]))
    a = t.xy(u)
    way = bearing(a, at)
    arc = mbt_arcs.off(way, S.facing_of_sight(u)) <= 30 + 1e-9 if U.suppressed(u) else \
        mbt_arcs.in_arc(str(w.trn.v), way, u.facing, turret_facing(u))
    case = {"procedure": "smoke", "ruleset": "mbt", "game": "advanced", "scale": t.scale,
            "rulings": dict(state.rulings), "kind": "shell", "card": u.card, "weapon": w.name, "orders": order,
            "range": math.dist(a, at),
            "in_arc": arc, "friendly_in_hex": any(o.side == u.side for o in t.in_hex(at)),
            "line_of_sight": not t.los_adv(a, at, t.unit_height(u), t.elevation(at), area=True).blocked}
    r = resolve_smoke(validate(SmokeCase, {k: v for k, v in case.items() if k != "procedure"}, "smoke"), t.rulings)
    if not r.outcome["placed"]:
        return no_shot(u.id, None, step, str(r.outcome["why"]))
    firing.pending.smoke.append({"x": round(at[0], 3), "y": round(at[1], 3), "kind": "on", "by": u.id,
                                 "turn": state.turn})
    r.summary = (f"{u.id} fires smoke with its {w.name}: a smoke (ON) marker at ({at[0]:g}, {at[1]:g}) "
                 f"(14.4.5.1)")
    r.facts.unit = u.id
    r.facts.step = step
    r.facts.at = [round(at[0], 3), round(at[1], 3)]
    r.facts.case = case
    return r


def shoot(firing: Firing, shot: S.AdvShot, entry: dict[str, Any], *, most: int | None = None) -> Resolution:
    """One weapon's shot at one target, resolved now; its effects wait in the step's ``pending``.
    The shot's ammunition is the order's ``entry``'s, or the weapon's first AP or GP; ``most``: the
    farthest it reaches from where it is (a rider through firing ports, 15.3.4.2)."""
    from umpire.turns.mbt.options import weapon_limits as WL

    state, t = firing.state, firing.t
    u, target, w, step, at = shot.firer, shot.target, shot.weapon, shot.step, shot.at
    ammo = shot.ammo or next((a.name for a in w.ammo if a.type in ("KE", "CE", "GP")), "")
    shot = replace(shot, ammo=ammo)
    a = w.find_ammo(ammo)
    chk = S.can_fire(t, u, target, w, ammo, at=at, moving=shot.moving)
    if not chk.legal:
        return no_shot(u.id, target.id, step, chk.why, chk.estimated)
    if most is not None and chk.range > most:
        return no_shot(u.id, target.id, step, f"through its carrier's firing ports it reaches {most} hexes; the "
                       f"target is at {chk.range} (15.3.4.2)")
    limit = WL.held(state, u, w, chk.range, (t.unit_height(u), t.unit_height(target, at or t.xy(target))))
    if limit:
        return no_shot(u.id, target.id, step, limit)
    r = _resolve(firing, shot, entry, a.type, chk)
    WL.expend(state, u, w, r)
    return r


def _resolve(firing: Firing, shot: S.AdvShot, entry: dict[str, Any], kind: str, chk: Check) -> Resolution:
    """The shot :func:`shoot` allowed: GP fire and its effects (14.4), or AP fire (14.3)."""
    from umpire.turns.mbt.options import fires
    from umpire.turns.mbt.options import weapon_limits as WL

    state, t, dice, pending = firing.state, firing.t, firing.dice, firing.pending
    u, target, w, ammo, order, step = shot.firer, shot.target, shot.weapon, shot.ammo, shot.order, shot.step

    if kind == "GP":
        canister = bool(entry.get("canister"))
        if canister and not 2 <= chk.range <= 10:
            return no_shot(u.id, target.id, step, f"canister reaches 2-10 hexes (14.4.5.2); range {chk.range}")
        try:
            S.gp_factor(u, w, ammo, order, chk.range)
        except ValueError as exc:
            return no_shot(u.id, target.id, step, str(exc))
        gp_shot = replace(shot, canister=canister, attached_fired=int(entry.get("attached_fired") or 0),
                          pinning=entry.get("pinning"), shots=entry.get("shots"))
        r = S.gp(state, t, gp_shot, dice, check=chk)
        S.note_acq(state, "gp_acq", u.id, target.id)
        if not canister and fires.starts_fires(w):  # 18.3.2
            fires.directed(state, t.xy(target), S.gp_factor(u, w, ammo, order, chk.range)[0])
        pending.gp.append((target.id, r.outcome["effect"], "GP fire"))  # the target's side reads it: no firer id
        if entry.get("pinning") == "area":  # 17.4.3.2: the result against all the target units
            from umpire.turns.mbt.options.legs import area_targets

            others = [x.id for x in area_targets(state, t, target) if x.id != target.id]
            ShotFacts.of(r).pinned = others
            pending.gp += [(x, r.outcome["effect"], "area pinning fire (17.4.3.2)") for x in others]
        for pid, hit in zip(ShotFacts.of(r).passengers or [], r.outcome.get("passengers", []), strict=False):
            pending.gp.append((pid, hit["effect"], f"GP fire at its carrier {target.id} (14.4.3.2.5)"))
        return r
    if U.kind(target) != "vehicle":
        return no_shot(u.id, target.id, step, "AP fire only at vehicles (14.1.1.2)")
    r = S.ap(state, t, replace(shot, shots=WL.shots(state, u, w, entry.get("shots"))), dice, check=chk)
    pending.ap.append((target.id, r))
    return r


def note_all(notes: list[Note]) -> list[Resolution]:
    return note_resolutions(notes)


__all__ = ["Firing", "Pending", "fire_unit", "no_shot", "note_all", "shoot", "unit_note"]
