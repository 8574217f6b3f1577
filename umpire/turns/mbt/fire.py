"""Shots over the tracked game: who may fire at whom, one AP shot resolved from the table, and
its damage applied to the state (7.2, 7.4, 7.5, 24.3.3).

A shot is legal when the firer sees the target (6.1: line of sight clear and the range within
the SIGHTING RANGES CHART value for the firer's turret and the target's terrain, doubled for a
spotted (MOVED) marker, any range for spotted (FIRED)), the target is in the turret's 60-degree
arc (7.2.1; guided missiles at resolution need no arc, 7.2.2.2) and within the ammunition's
ranges (4.7.2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Facts, Resolution
from umpire.core.state import GameState, UnitState
from umpire.geometry.arcs import bearing
from umpire.rules.mbt import arcs as mbt_arcs
from umpire.rules.mbt import data, sighting
from umpire.rules.mbt.ap_tables import TURRET
from umpire.rules.mbt.facts import ShotFacts
from umpire.rules.mbt.state import Compartment, MbtGame, MbtUnit, turret_facing
from umpire.rules.mbt.vehicle_card import Weapon
from umpire.schema.load import validate
from umpire.turns.mbt.orders_file import default_ammo, weapon_for
from umpire.turns.mbt.table import Table

STOPS = ("knocked_out", "brewed_up")


def alive(u: UnitState) -> bool:
    """In action on the table: not destroyed, and not gone off the table (8.7)."""
    return u.status not in ("eliminated", "off_table") and u.placed


def hatch(u: UnitState) -> str:
    return str(MbtUnit.of(u).turret or "open")


def marker(u: UnitState, moving: bool = False) -> str:
    """The spotted marker the target counts as having (7.5.2: a mover counts as MOVED)."""
    if moving:
        return "moved"  # 3.4.1: a moving unit is marked MOVED, replacing FIRED
    return str(MbtUnit.of(u).spotted)


@dataclass
class Check:
    """May a unit see (or shoot at) another, at what range, and why not; the ranges and rulings it
    took; in the Advanced Game also whether the target is hull down and what blocks the line."""

    legal: bool
    range: int
    why: str = ""
    estimated: list[str] = field(default_factory=list)
    ruled: list[str] = field(default_factory=list)
    hull_down: bool = False
    los_reasons: list[str] = field(default_factory=list)


def sees(table: Table, viewer: UnitState, target: UnitState, at: tuple[float, float] | None = None,
         moving: bool = False) -> Check:
    """Does ``viewer`` see ``target`` (at ``at``, if it is moving there)? (6.1, 7.5.2)"""
    a, b = table.xy(viewer), at or table.xy(target)
    rng = table.hexes(a, b)
    order: list[str] = []
    ruled: list[str] = []
    base = table.chart_range(hatch(viewer), b, order, ruled)
    cols = "/".join(table.terrain(b))
    est = [f"sighting range day {hatch(viewer)} {cols} vehicle ({base.v})"] if base.estimated else []
    est += order
    limit = sighting.sighting_limit(base.v, marker(target, moving))  # type: ignore[arg-type]
    if limit is not None and rng > limit:
        return Check(False, rng, f"not seen: range {rng} is beyond sighting {limit} (6.1.3)", est, ruled)
    if not table.los(a, b):
        return Check(False, rng, "not seen: the line of sight is blocked (6.1.4)", est, ruled)
    return Check(True, rng, "", est, ruled)


def in_reach(table: Table, firer: UnitState, target: UnitState, weapon: Weapon, ammo: str,
             at: tuple[float, float] | None = None, moving: bool = False) -> Check:
    """Can ``firer`` see ``target`` (at ``at``, moving) within the range of ``weapon`` firing
    ``ammo``? An ATGM in flight asks this alone: it is not held to the firing arc (7.2.2)."""
    seen = sees(table, firer, target, at, moving)
    if not seen.legal:
        return seen
    a = weapon.find_ammo(ammo)
    if not a.min_range.v <= seen.range <= a.max_range.v:
        return Check(False, seen.range, f"out of range: {seen.range} hexes, the {weapon.name} {a.name} reaches "
                     f"{a.min_range.v}-{a.max_range.v} (4.7.2)", seen.estimated, seen.ruled)
    return seen


def can_fire(table: Table, firer: UnitState, target: UnitState, weapon: Weapon, ammo: str,
             at: tuple[float, float] | None = None, moving: bool = False) -> Check:
    """Is ``target`` a legal target for ``firer`` now? (7.2): in sight, in range and in arc."""
    seen = in_reach(table, firer, target, weapon, ammo, at, moving)
    if not seen.legal:
        return seen
    b = bearing(table.xy(firer), at or table.xy(target))
    if not mbt_arcs.in_arc(str(weapon.trn.v), b, firer.facing, turret_facing(firer)):
        return Check(False, seen.range, f"outside the turret's firing arc (bearing {b:.0f}, turret "
                     f"{turret_facing(firer):.0f}; 7.2.1)", seen.estimated, seen.ruled)
    return seen


def wrecks(state: GameState, burning_before: set[str] | None = None) -> list[tuple[float, float]]:
    """Centres of burning wrecks whose smoke counts now (5.3: not those of the current
    simultaneous step)."""
    out = []
    for u in state.units.values():
        if u.destroyed == "brewed_up" and u.placed:
            if burning_before is None or u.id in burning_before:
                out.append((float(u.x), float(u.y)))  # type: ignore[arg-type]
    return out


def slug(step: str) -> str:
    """A step's name as a part of a roll key: ``Movement (overwatch)`` -> ``movement-overwatch``."""
    return "-".join("".join(c if c.isalnum() else " " for c in step.lower()).split())


@dataclass(frozen=True)
class Shot:
    """One shot as it is taken: who fires, under which order (its weapon is the order's) and with
    which ammunition (None: the weapon's usual), at whom, in which step (the dice are keyed by it),
    and where the target is then: a point on its move (``at``; None: where it stands), its hull's
    facing there (None: as it stands) and whether it is moving (7.5.2, 14.2.2.2)."""

    firer: UnitState
    target: UnitState
    order: str
    ammo: str | None
    step: str
    at: tuple[float, float] | None = None
    target_facing: float | None = None
    moving: bool = False


def shoot(state: GameState, table: Table, shot: Shot, dice: Dice, *,
          smoke: list[tuple[float, float]] | None = None, check: Check | None = None) -> Resolution:
    """Resolve one AP shot (7.4) from the positions now; the resolution names firer and target."""
    # the calc procedures and their case models: a one-shot command that fires nothing loads none
    from umpire.rules.mbt.calc_fire import resolve_fire
    from umpire.rules.mbt.cases import FireCase

    firer, target, order, ammo, step = shot.firer, shot.target, shot.order, shot.ammo, shot.step
    at, target_facing, moving = shot.at, shot.target_facing, shot.moving
    weapon = weapon_for(data.card(firer.card or ""), order)
    ammo = ammo or default_ammo(weapon)
    a, b = table.xy(firer), at or table.xy(target)
    rng = table.hexes(a, b)
    acq = MbtGame.of(state).acq.get(firer.id)
    turns = 0
    if acq and acq["target"] == target.id and acq["last"] == state.turn - 1:
        turns = acq["last"] - acq["since"] + 1
    target_order = str(target.orders or "OW") if not moving else "M"
    if moving and target.orders in ("M", "FM"):
        target_order = str(target.orders)
    case = {
        "procedure": "fire", "ruleset": "mbt", "game": "basic", "scale": table.scale, "conditions": table.conditions,
        "rulings": dict(state.rulings),
        "firer": {"card": firer.card, "weapon": weapon.name, "ammo": ammo, "orders": order, "turret": hatch(firer),
                  "acquisition_turns": turns, "height": table.elevation(a)},
        "target": {"card": target.card, "orders": target_order, "terrain": table.terrain(b),
                   "spotted": marker(target, moving), "turret": hatch(target),
                   "compartment_hit": bool(MbtUnit.of(target).compartment),
                   "gun_hit": bool(MbtUnit.of(target).gun_hit), "height": table.elevation(b)},
        "range": math.dist(a, b),
        "angle": table.hit_angle(a, b, target.facing if target_facing is None else target_facing),
        "smoke": {"brew_up": table.brew_up_smoke(a, b, smoke or [])},
    }
    c = validate(FireCase, {k: v for k, v in case.items() if k != "procedure"}, "fire")
    rec = RecordingDice(scoped(dice, "fire", slug(step), firer.id, target.id))
    res = resolve_fire(c, rec, table.rulings)
    res.rolls = rec.take()
    angle, elevation = c.angle, table.elevation_word(a, b)
    res.summary = (f"{firer.id} fires {weapon.name} {ammo} at {target.id} ({step}; range {rng}, "
                   f"{angle.replace('_', '-')}, {elevation}): {res.summary}")
    if check is not None:
        res.estimated = [*check.estimated, *[e for e in res.estimated if e not in check.estimated]]
        res.ruled = [*check.ruled, *[r for r in res.ruled if r not in check.ruled]]
    res.rulings = table.rulings.differences()
    fx = ShotFacts.of(res)
    fx.firer = firer.id
    fx.target = target.id
    fx.step = step
    fx.angle = angle
    fx.weapon = weapon.name
    fx.ammo = ammo
    fx.range = rng
    fx.firer_at = [round(a[0], 3), round(a[1], 3)]
    fx.target_at = [round(b[0], 3), round(b[1], 3)]
    fx.elevation = elevation
    fx.sighted = seen_in_shot(table, firer, target, a, b, moving)
    fx.case = case
    return res


def seen_in_shot(table: Table, firer: UnitState, target: UnitState, a: tuple[float, float],
                 b: tuple[float, float], moving: bool) -> list[dict[str, object]]:
    """What each side saw of the other at the moment of a shot (24.2.2): the firer saw its
    target (it could not fire otherwise), and the target's side sees the firer, now marked
    spotted (FIRED), if the line of sight is clear."""
    rng = table.hexes(a, b)
    out: list[dict[str, object]] = []
    level = sighting.identification(rng, table.chart_range(hatch(firer), b).v, marker(target, moving))  # type: ignore[arg-type]
    if level is not None:
        out.append({"by": firer.side, "unit": target.id, "level": level, "at": [round(b[0], 3), round(b[1], 3)]})
    if alive(target) and table.los(b, a):
        back = sighting.identification(rng, table.chart_range(hatch(target), a).v, "fired")
        if back is not None:
            out.append({"by": target.side, "unit": firer.id, "level": back, "at": [round(a[0], 3), round(a[1], 3)]})
    return out


def apply_damage(state: GameState, target_id: str, res: Resolution, when: str) -> list[str]:
    """Put a shot's damage on the target (7.4.5.3, 7.4.7); returns what happened, in words."""
    u = state.units[target_id]
    said = []
    hits_done = 0
    for hit in res.outcome.get("results", []):
        dmg = hit.get("damage")
        if dmg in ("miss", "no_damage", None):
            continue
        hits_done += 1
        if dmg == "track":
            MbtUnit.of(u).track_hit = True
            said.append("track hit: may not move or pivot (7.4.5.3.1)")
        elif dmg == "gun":
            MbtUnit.of(u).gun_hit = True
            said.append("main gun hit: may not fire it (7.4.5.3.2)")
        elif dmg == "compartment":
            where: Compartment = "turret" if hit.get("location") in TURRET else "hull"
            if MbtUnit.of(u).compartment:
                dmg = "knocked_out"
            else:
                MbtUnit.of(u).compartment = where
                said.append(f"{where} compartment hit (7.4.7.2)")
        if dmg in STOPS:
            if u.status != "eliminated":
                u.status = "eliminated"
                u.destroyed = dmg
                MbtUnit.of(u).knocked_out_in = when
                said.append("brewed up: a burning wreck (7.4.7.4)" if dmg == "brewed_up"
                            else "knocked out: a wreck (7.4.7.3)")
            break
    u.hits += hits_done
    if hits_done:
        firer = str(res.facts.firer)
        acq = MbtGame.of(state).acq
        prev = acq.get(firer)
        if prev and prev["target"] == target_id and prev["last"] in (state.turn - 1, state.turn):
            prev["last"] = state.turn
        else:
            acq[firer] = {"target": target_id, "since": state.turn, "last": state.turn}
    return said


def stopped(u: UnitState) -> bool:
    """A moving unit hit so that it cannot go on (7.5.2): destroyed, track or hull compartment."""
    return u.status == "eliminated" or bool(MbtUnit.of(u).track_hit) or MbtUnit.of(u).compartment == "hull"


def no_shot(firer: str, target: str, step: str, why: str, estimated: list[str] | None = None,
            ruled: list[str] | None = None) -> Resolution:
    return Resolution(ruleset="mbt", procedure="fire", outcome={"fired": False, "why": why},
                      summary=f"{firer} does not fire at {target} ({step}): {why}",
                      estimated=list(estimated or []), ruled=list(ruled or []),
                      facts=Facts(firer=firer, target=target, step=step))

