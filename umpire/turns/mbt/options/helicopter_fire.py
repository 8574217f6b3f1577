"""A helicopter's guns and missiles on the table (20.2.3), fired by the rules that fire any weapon.

A flight's orders (:mod:`.helicopters`) name them::

    helicopters:
      ah-1: {altitude: noe, path: [[20, 24]], facing: 90, guns: tp-2, missiles: [{target: tp-3}]}

``guns``: the enemy unit all its guns fire at (20.2.3.2: integral guns and gun pods, "each gun's
firing resolved separately"); ``missiles``: the missiles it fires (its "one other armament" instead
of a rocket, 20.2.3): one wire-guided ATGM (20.2.3.3.2), or up to two laser homing ones at the same
or different targets, each target painted by a different designator (20.2.3.3.3: ``designator``, a
unit of its side with a laser designator; default: its own). Each shot is the AP or GP case ``calc
fire`` or ``calc gp`` answers with the helicopter as firer (``firer.altitude``: from NOE or landed as
a ground unit's, from low altitude as an aircraft's gun; a missile at once, 20.2.3.3.2-3).

Judged where the helicopter ends its flight (as its rocket is): the target seen from there (20.2.3:
"must have a sighted target"; a laser homing missile guided by another unit's designator needs only
that unit to see the target, 20.2.3.3.3), in the weapon's range and arc (guns as their cards say, to
the helicopter's front; a missile 60 degrees, but a wire-guided one fired by a helicopter that did
not hover straight down its front's hex row, having flown at least half its movement factor toward
the target, 20.2.3.3.2); a missile it has left. A shot it may not fire is held and said why. The
results go against the targets when its Air Phase's fire is done, as any shot's.
"""

from __future__ import annotations

import math
from typing import Any

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError, unknown
from umpire.rules.mbt import arcs as mbt_arcs
from umpire.rules.mbt.facts import ShotFacts
from umpire.rules.mbt.state import MbtGame
from umpire.rules.mbt.vehicle_card import Weapon
from umpire.schema.load import validate
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options import state as OS

MISSILE_ARC = 60.0  # 20.2.3.3.2 (hovering or landed), 20.2.3.3.3


def _card(h: OS.Helicopter) -> Any:
    from umpire.rules.mbt.cards import any_card

    return any_card(h.card)


def guns(h: OS.Helicopter) -> list[Weapon]:
    """The guns it carries (20.2.3.2): integral ones and the gun pods of its armament."""
    card = _card(h)
    carried = card.carried(h.armament)
    return [w for w in card.weapons if w.kind in ("gun", "mg") and w.name in carried]


def missile(h: OS.Helicopter, name: str | None) -> Weapon | None:
    """The missile ``name`` (or, unnamed, the first) it still has (20.2.1)."""
    card = _card(h)
    left = [w for w in card.weapons if w.kind == "atgm" and h.missiles.get(w.name, 0) > 0]
    if name is None:
        return left[0] if left else None
    return next((w for w in left if w.name.lower() == name.strip().lower()), None)


def has_designator(state: GameState, uid: str, h: OS.Helicopter) -> bool:
    """A unit of ``h``'s side (or ``h`` itself, or another helicopter of its side) with a laser designator."""
    if uid == h.id:
        return any(w.kind == "designator" for w in _card(h).weapons)
    other = OS.read(state).helicopters.get(uid)
    if other is not None:
        return other.side == h.side and not other.destroyed and any(w.kind == "designator"
                                                                     for w in _card(other).weapons)
    from umpire.turns.mbt.advanced import units as U

    u = state.units.get(uid)
    return u is not None and u.side == h.side and U.alive(u) and any(w.kind == "designator" for w in U.weapons(u))


def check(state: GameState, h: OS.Helicopter, spec: Any, start: str, end: str, side: str, at: str) -> None:
    """A flight's ``guns`` and ``missiles``, as orders: enemy targets, weapons it carries and has left,
    one other armament, laser designators of its side.

    :raises UmpireError: one line naming the field, the value and what is allowed.
    """
    from umpire.rules.mbt.options.helicopter_guns import guided

    enemy = sorted(u.id for u in state.units.values() if u.side != side)
    if spec.guns is not None:
        if not guns(h):
            raise UmpireError(f"{at}.guns: the {_card(h).name} carries no gun (20.2.3.2; its armament: "
                              f"{h.armament or 'integral weapons'})")
        if spec.guns not in enemy:
            raise UmpireError(f"{at}.guns: {unknown('enemy unit', spec.guns, enemy)}")
    if not spec.missiles:
        return
    if spec.rocket is not None:
        raise UmpireError(f"{at}.missiles: it fires all its guns and one other armament: a rocket or missiles, not "
                          "both (20.2.3)")
    wanted: dict[str, int] = {}
    painted: dict[str, str] = {}
    kinds = []
    for i, m in enumerate(spec.missiles):
        where = f"{at}.missiles[{i}]"
        w = missile(h, m.weapon)
        if w is None:
            left = ", ".join(f"{k} {v}" for k, v in h.missiles.items() if v > 0) or "none"
            raise UmpireError(f"{where}.weapon: {m.weapon or 'a missile'}: not one it has left (left: {left}; 20.2.1)")
        wanted[w.name] = wanted.get(w.name, 0) + 1
        if wanted[w.name] > h.missiles.get(w.name, 0):
            raise UmpireError(f"{where}.weapon: {w.name}: it has {h.missiles.get(w.name, 0)} left (20.2.1)")
        if m.target not in enemy:
            raise UmpireError(f"{where}.target: {unknown('enemy unit', m.target, enemy)}")
        kind = guided(w)
        kinds.append(kind)
        if kind == "laser":
            who = m.designator or h.id
            if not has_designator(state, who, h):
                raise UmpireError(f"{where}.designator: {who}: a laser homing missile needs a laser designator of its "
                                  "side to paint the target (20.2.3.3.3; allowed: a unit or helicopter of its side "
                                  "with one)")
            if painted.get(m.target, who) != who or (who in painted.values() and painted.get(m.target) != who):
                raise UmpireError(f"{where}.designator: {who}: each target is painted by a different designator "
                                  "(20.2.3.3.3)")
            painted[m.target] = who
        elif m.designator is not None:
            raise UmpireError(f"{where}.designator: the {w.name} is wire guided (20.2.3.3.2): no designator")
    if "wire" in kinds and len(kinds) > 1:
        raise UmpireError(f"{at}.missiles: one wire-guided ATGM an Air Phase (20.2.3.3.2)")
    if len(kinds) > 2:
        raise UmpireError(f"{at}.missiles: up to two laser homing ATGMs an Air Phase (20.2.3.3.3)")


def _bearing(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360.0


def _off(facing: float, a: tuple[float, float], b: tuple[float, float]) -> float:
    return abs((_bearing(a, b) - facing + 180.0) % 360.0 - 180.0)


def _wire_line(state: GameState, t: Any, h: OS.Helicopter, way: list[tuple[float, float]],
               b: tuple[float, float]) -> str:
    """Why a flying helicopter may not guide its wire ATGM at ``b`` (20.2.3.3.2), else empty: the
    target straight down the hex row it faces, and at least half its movement factor (fractions up)
    flown toward it along ``way`` (its flight, from where it started)."""
    from umpire.rules.mbt.options.helicopters import speed

    a = (h.x, h.y)
    ahead = math.radians(h.facing)
    dx, dy = b[0] - a[0], b[1] - a[1]
    along = dx * math.sin(ahead) + dy * math.cos(ahead)
    across = abs(dx * math.cos(ahead) - dy * math.sin(ahead))
    if along <= 0 or across > t.scale / 2 + 1e-9:
        return "flying, a wire-guided ATGM fires straight down the hex row the helicopter faces (20.2.3.3.2)"
    speeds = {k: int(v.v) for k, v in _card(h).speeds.items()}
    mf, _ = speed(speeds, h.altitude, str(MbtGame.of(state).conditions))
    need = math.ceil(mf / 2)
    toward = 0.0
    for p, q in reversed(list(zip(way, way[1:], strict=False))):  # the last stretches, flown toward the target
        if math.dist(p, q) < 1e-9 or _off(_bearing(p, q), p, b) > 30 + 1e-9:
            break
        toward += math.dist(p, q)
    if toward / t.scale + 1e-9 >= need:
        return ""
    return (f"flying, it must fly at least half its movement factor ({need} hexes) toward the target after firing "
            "a wire-guided ATGM (20.2.3.3.2)")


def _hold(h: OS.Helicopter, what: str, target: str, why: str) -> Resolution:
    return Resolution(ruleset="mbt", procedure="helicopter_fire", outcome={"fired": False},
                      summary=f"{h.id} ({h.name}) holds its {what} at {target}: {why}",
                      facts=ShotFacts(side=h.side, helicopter=h.id, target=target, step="Air Phase"))


def _case(state: GameState, t: Any, h: OS.Helicopter, target: UnitState, w: Weapon, ammo: str) -> dict[str, Any]:
    """The ``fire`` or ``gp`` case of one shot of ``h`` at ``target``, as any unit's is built."""
    from umpire.turns.mbt.advanced.cases import case_head, fire_target, gp_target, without_none
    from umpire.turns.mbt.options.helicopter_sight import height_at
    from umpire.turns.mbt.options.night import light

    a, b = (h.x, h.y), t.xy(target)
    height = height_at(t, h)
    firer = without_none({"card": h.card, "weapon": w.name, "ammo": ammo, "orders": "F" if h.hovering else "FM",
                    "altitude": h.altitude, "height": height, "suppressed": h.suppressed is not None})
    gp = w.find_ammo(ammo).type == "GP"
    smoke = {"brew_up": t.brew_up_smoke(a, b, t.wrecks()), "other": t.other_smoke(a, b),
             "discharger": t.discharger(target.id)}
    if gp:
        return {**case_head(state, t, "gp"), "firer": firer,
                "target": gp_target(state, t, None, target, b, False, viewer=(a, height)),
                "range": math.dist(a, b), "smoke": smoke,
                **({"weapon_limits": True} if on(state, "weapon_limits") else {})}
    conditions, near_fire = light(state, t.conditions, b)
    firer["turret"] = "open"
    return {**case_head(state, t, "fire"), "conditions": conditions, **({"near_fire": True} if near_fire else {}),
            "firer": firer,
            "target": fire_target(state, t, target, a, b, hull_down=t.los_adv(a, b, height,
                                                                              t.unit_height(target, b)).hull_down),
            "range": math.dist(a, b), "angle": t.hit_angle(a, b, target.facing), "smoke": smoke,
            **({"hit_variations": True} if on(state, "hit_variations") else {}),
            **({"weapon_limits": True} if on(state, "weapon_limits") else {})}


def _shoot(state: GameState, t: Any, h: OS.Helicopter, target: UnitState, w: Weapon, dice: Dice,
           pending: Any, what: str) -> Resolution:
    from umpire.rules.mbt.calc_fire import resolve_fire, resolve_gp
    from umpire.rules.mbt.cases import FireCase, GpCase
    from umpire.turns.mbt.advanced import units as U

    vehicle = U.kind(target) == "vehicle"
    ammo = next((a.name for a in w.ammo if (a.type != "GP") == vehicle), None) if w.kind != "atgm" else \
        w.ammo[0].name
    if ammo is None:
        return _hold(h, w.name, target.id, f"the {w.name} fires no {'AP' if vehicle else 'GP'} ammunition at a "
                                           f"{U.kind(target)} unit (14.1.1.2)")
    case = _case(state, t, h, target, w, ammo)
    rec = RecordingDice(scoped(dice, "helicopter fire", h.id, w.name, target.id))
    body = {k: v for k, v in case.items() if k != "procedure"}
    if case["procedure"] == "gp":
        r = resolve_gp(validate(GpCase, body, "gp"), rec, t.rulings)
        pending.gp.append((target.id, r.outcome["effect"], f"{what} (20.2.3)"))
    else:
        r = resolve_fire(validate(FireCase, body, "fire"), rec, t.rulings)
        pending.ap.append((target.id, r))
    r.rolls = rec.take()
    r.summary = f"{h.id} ({h.name}) fires its {w.name} at {target.id} ({t.hexes((h.x, h.y), t.xy(target))} hexes): " \
                f"{r.summary}"
    ShotFacts.of(r).update(ShotFacts(case=case, helicopter=h.id, side=h.side, target=target.id, weapon=w.name,
                                     step="Air Phase", helicopter_weapon=w.kind))
    return r


def _why_not(state: GameState, t: Any, h: OS.Helicopter, target: UnitState | None, w: Weapon, *,
             arc: str, seen_by: str | None = None) -> str:
    """Why ``w`` may not fire at ``target`` from where ``h`` is, else empty (20.2.3)."""
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.shots import sees as ground_sees
    from umpire.turns.mbt.options.helicopter_sight import sees

    if target is None or not U.on_table(target):
        return "its target is out of action"
    a, b = (h.x, h.y), t.xy(target)
    rng = t.hexes(a, b)
    ammo = w.ammo[0]
    if w.kind != "atgm":
        vehicle = U.kind(target) == "vehicle"
        ammo = next((x for x in w.ammo if (x.type != "GP") == vehicle), w.ammo[0])
    if not ammo.min_range.v <= max(rng, 1) <= ammo.max_range.v:
        return f"its target is {rng} hexes off: the {w.name} reaches {ammo.min_range.v}-{ammo.max_range.v} (4.7.2)"
    way = _bearing(a, b)
    if arc == "card" and not mbt_arcs.in_arc(str(w.trn.v), way, h.facing, h.facing):
        return f"outside the {w.name}'s firing arc ({w.trn.v}; 14.2.1)"
    if arc == "missile" and _off(h.facing, a, b) > MISSILE_ARC / 2 + 1e-9:
        return f"outside the {w.name}'s 60 degree arc (20.2.3.3.2-3)"
    if seen_by is not None and seen_by != h.id:
        other = OS.read(state).helicopters.get(seen_by)
        if other is not None:
            ok, why = sees(state, t, target, other)
        else:
            ok = ground_sees(t, state.units[seen_by], target).legal
            why = "its designator does not see the target"
        return "" if ok else f"{seen_by} does not see the target to paint it: {why} (20.2.3.3.3)"
    ok, why = sees(state, t, target, h)
    return "" if ok else f"it does not see its target: {why} (20.2.3)"


def fire(state: GameState, h: OS.Helicopter, f: OS.Flight, start: tuple[float, float], dice: Dice
         ) -> tuple[list[Resolution], list[Any]]:
    """Its guns and missiles as ``f`` orders them, flown from ``start``, on ``state`` (being
    changed); the resolutions and the notes of what they did."""
    from umpire.rules.mbt.options.helicopter_guns import guided
    from umpire.turns.mbt.advanced.effects import Pending
    from umpire.turns.mbt.advanced.table import AdvTable

    t = AdvTable(state)
    res: list[Resolution] = []
    pending = Pending()
    if f.guns:
        target = state.units.get(f.guns)
        for w in guns(h):
            why = _why_not(state, t, h, target, w, arc="card")
            if why:
                res.append(_hold(h, w.name, f.guns, why))
                continue
            assert target is not None
            res.append(_shoot(state, t, h, target, w, dice, pending, f"{h.id}'s {w.name}"))
    for m in f.missiles:
        mw = missile(h, m.weapon)
        target = state.units.get(m.target)
        if mw is None:
            res.append(_hold(h, m.weapon or "missile", m.target, "it has none left (20.2.1)"))
            continue
        w = mw
        kind = guided(w)
        why = ""
        if kind == "wire" and not (h.hovering or h.altitude == "landed") and target is not None:
            why = _wire_line(state, t, h, [start, *((p[0], p[1]) for p in f.path)], t.xy(target))
        why = why or _why_not(state, t, h, target, w, arc="missile" if kind == "laser" or h.hovering
                              or h.altitude == "landed" else "none",
                              seen_by=(m.designator or h.id) if kind == "laser" else None)
        if why:
            res.append(_hold(h, w.name, m.target, why))
            continue
        assert target is not None
        h.missiles[w.name] -= 1
        res.append(_shoot(state, t, h, target, w, dice, pending, f"{h.id}'s {w.name}"))
    notes = pending.apply(state, f"T{state.turn} Air Phase")
    return res, notes
