"""The Advanced Game Movement Phase (11.4, 15): the Movement Step and the Overrun Step.

Each side moves in turn (the side with the initiative first), unit by unit in its written order
(24.3.2.2): vehicles as the Basic Game (8) with loading and unloading (15.3.2), exhaust smoke
(15.7.3), going inside buildings (15.4.3) and through wire (12.4.6); leg units one hex length per
movement factor whatever the terrain (15.1); towed guns a hex straight ahead or back (15.2);
full cover (15.5). Overwatch units watch each mover one hex length at a time (7.5.2); a missile
announced at a mover flies while it moves (14.2.2.2) and is resolved when its move is done.
Then the overruns (14.7), and units of both sides in one hex are adjusted (8.8).
"""

from __future__ import annotations

import math
from typing import Any

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.rules.mbt import missiles, smoke
from umpire.rules.mbt.calc_advanced import resolve_into_buildings, resolve_overrun, resolve_smoke
from umpire.rules.mbt.cases_advanced import IntoBuildingsCase, OverrunCase, SmokeCase
from umpire.rules.mbt.facts import MoveFacts, ShotFacts
from umpire.rules.mbt.state import MbtGame, MbtUnit, turret_facing
from umpire.schema.load import validate
from umpire.turns.common import Applied
from umpire.turns.mbt.advanced import firing as FI
from umpire.turns.mbt.advanced import shots as S
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.advanced.cases import overrun_case
from umpire.turns.mbt.advanced.closing import close_phase, disputed
from umpire.turns.mbt.advanced.effects import apply_gp
from umpire.turns.mbt.advanced.fire_phase import announce, is_missile, overwatch_chain, own_orders, pick
from umpire.turns.mbt.advanced.limits import riders_with
from umpire.turns.mbt.advanced.losses import Note
from umpire.turns.mbt.advanced.table import AdvTable
from umpire.turns.mbt.movement_phase import hex_points, move_facts
from umpire.turns.mbt.paths import points_along
from umpire.turns.mbt.turn_state import claim_objectives, mbt, sides_in_order, unit_note


def _r(v: float) -> float:
    return round(float(v), 3)


def _carry(state: GameState, u: UnitState) -> None:
    for p in U.passengers(state, u):
        p.x, p.y, p.facing = u.x, u.y, u.facing


def _load(state: GameState, u: UnitState, ids: list[str], notes: list[Note]) -> None:
    for pid in ids:
        p = state.units[pid]
        if not U.on_table(p) or U.suppressed(p):
            notes.append(unit_note(pid, f"is not loaded onto {u.id}: it is suppressed or gone (12.3.3)", "load"))
            continue
        if math.dist((p.x, p.y), (u.x, u.y)) > MbtGame.of(state).scale + 1e-9:  # type: ignore[arg-type]
            notes.append(unit_note(pid, f"is not loaded: {u.id} did not come to its hex (15.3.2.3)", "load"))
            continue
        p.carried_by = u.id
        MbtUnit.of(p).full_cover = False
        p.x, p.y, p.facing = u.x, u.y, u.facing
        notes.append(unit_note(pid, f"mounts {u.id} (15.3.2)", "load", carrier=u.id))


def _unload(state: GameState, u: UnitState, ids: list[str], notes: list[Note]) -> None:
    for pid in ids:
        p = state.units[pid]
        if p.carried_by != u.id or not U.alive(p):
            continue
        if U.suppressed(p):
            notes.append(unit_note(pid, f"is suppressed and stays in {u.id} (12.3.3)", "unload"))
            continue
        p.carried_by = None
        p.x, p.y, p.facing = u.x, u.y, u.facing
        MbtUnit.of(p).unloaded = state.turn  # may not fire its attached weapons in overrun defence (14.7.2.1.1.2)
        notes.append(unit_note(pid, f"dismounts from {u.id} at ({u.x:g}, {u.y:g}) (15.3.2)", "unload", carrier=u.id))


def watch(state: GameState, u: UnitState, at: tuple[float, float], dice: Dice, notes: list[Note],
          step: int = 0) -> list[Resolution]:
    """7.5.2: every overwatch unit that may fire at ``u`` here does, announced together. A
    missile is not resolved here: it flies from this hex (``step``: its index in the move) while
    ``u`` goes on moving, and is resolved when the move is done (14.2.2.2.2)."""
    m = mbt(state)
    t = AdvTable(state)
    fired = set(m.ow_fired)
    shooters = []
    for w in state.units.values():
        if w.side == u.side or not U.alive(w) or U.carried(w) or w.id in fired:
            continue
        spec = m.orders.get(w.side, {}).get(w.id, {})
        ins = spec.get("overwatch") or {}
        if spec.get("order") != "OW" or ins.get("hold") or ins.get("at", "any") == "fired":
            continue
        got = pick(state, t, w, ins, [u.id], at=at, moving=True)
        if got is not None:
            shooters.append((w, got[1], riders_with(state, t, w, ins, got[1], at=at, moving=True)))
    res: list[Resolution] = []
    if not shooters:
        return res
    pend = FI.Pending()
    for w, entry, riders in shooters:
        if is_missile(w, entry):
            res.append(announce(state, t, w, entry, "Movement (overwatch)", start=step, order="OW", moving=True))
        else:
            riders.insert(0, entry)
        if riders:
            res += FI.fire_unit(FI.Firing(state, t, dice, pend), w, riders, "OW", "Movement (overwatch)", notes,
                                moving_target=True)
        fired.add(w.id)
    m.ow_fired = sorted(fired)
    notes += pend.apply(state, f"T{state.turn} Movement")
    res += overwatch_chain(state, dice, [w.id for w, *_ in shooters], "Movement (overwatch chain)", notes)
    return res


def move_one(state: GameState, u: UnitState, spec: dict[str, Any], dice: Dice, notes: list[Note]) -> list[Resolution]:
    m = mbt(state)
    t = AdvTable(state)
    mv = spec.get("move") or {}
    res: list[Resolution] = []
    if spec.get("full_cover") == "take":
        MbtUnit.of(u).full_cover = True
        MbtUnit.of(u).used = True
        notes.append(unit_note(u.id, "takes full cover (15.5)", "full_cover"))
        return res
    if (spec.get("unload") or {}).get("at") == "start":
        _unload(state, u, spec["unload"]["units"], notes)
    if (spec.get("load") or {}).get("at", "start") == "start" and spec.get("load"):
        _load(state, u, spec["load"]["units"], notes)
    start = t.xy(u)
    path = [tuple(p) for p in mv.get("path") or []]
    reverse = bool(mv.get("reverse"))
    pts = points_along(start, path, t.scale) if path else []
    walked = [start]
    stopped = False
    smoke_at = [start] if mv.get("exhaust") else []
    for x, y, way in pts:
        u.x, u.y, u.facing = _r(x), _r(y), _r((way + 180) % 360 if reverse else way)
        _carry(state, u)
        walked.append((x, y))
        if mv.get("exhaust") and math.dist((x, y), smoke_at[-1]) >= t.scale - 1e-9 and (x, y) != tuple(path[-1]):
            smoke_at.append((x, y))
        res += watch(state, u, (x, y), dice, notes, len(walked) - 1)
        if U.stopped(u) or (U.kind(u) != "vehicle" and (U.suppressed(u) or not U.alive(u))):
            notes.append(unit_note(u.id, f"stops at ({u.x:g}, {u.y:g}): hit by overwatch fire (7.5.2)", "stopped"))
            stopped = True
            break
    if not U.alive(u):
        return res
    if not stopped and mv.get("facing") is not None:
        u.facing = _r(float(mv["facing"]) % 360)
        _carry(state, u)
    moved = sum(math.dist(a, b) for a, b in zip(walked, walked[1:], strict=False))
    if U.kind(u) == "vehicle" and moved > t.scale / 2:
        m.smoke = [s for s in m.smoke if not (s["kind"] == "ds" and s.get("by") == u.id)]  # 11.4.1
    if mv.get("exhaust") and U.kind(u) == "vehicle":
        MbtUnit.of(u).ex_used = int(MbtUnit.of(u).ex_used or 0) + 1
        for x, y in smoke_at:
            m.smoke.append({"x": _r(x), "y": _r(y), "kind": "on", "by": u.id, "turn": state.turn})
        case = {"procedure": "smoke", "ruleset": "mbt", "game": "advanced", "rulings": dict(state.rulings),
                "kind": "exhaust", "card": u.card, "used": MbtUnit.of(u).ex_used - 1,
                "compartment_hit": MbtUnit.of(u).compartment}
        r = resolve_smoke(validate(SmokeCase, {k: v for k, v in case.items() if k != "procedure"}, "smoke"), t.rulings)
        r.summary = (f"{u.id} lays exhaust smoke in {len(smoke_at)} hex(es) ({MbtUnit.of(u).ex_used} of "
                     f"{smoke.EXHAUST_USES}; 15.7)")
        fx = MoveFacts.of(r)
        fx.unit = u.id
        fx.step = "Movement"
        fx.used = MbtUnit.of(u).ex_used
        fx.points = [[_r(x), _r(y)] for x, y in smoke_at]
        fx.case = case
        res.append(r)
    if U.kind(u) == "leg" and mv.get("up") is not None and t.building(t.xy(u)) is not None:
        MbtUnit.of(u).up = min(int(mv["up"]), t.building_height(t.xy(u)))
    if U.kind(u) == "vehicle":
        _wire(state, t, walked, u, notes)
        if mv.get("inside") and not stopped:
            res += inside(state, u, walked, reverse, dice, notes)
        elif moved > t.scale / 2:
            MbtUnit.of(u).inside = False
    if U.kind(u) == "leg" and t.has(t.xy(u), "ditch"):
        MbtUnit.of(u).ditch = state.turn  # 15.1.4: it stays a Turn
    if (spec.get("unload") or {}).get("at", "end") == "end" and spec.get("unload"):
        _unload(state, u, spec["unload"]["units"], notes)
    if (spec.get("load") or {}).get("at") == "end":
        _load(state, u, spec["load"]["units"], notes)
    if moved > 1e-9 or path:
        MbtUnit.of(u).spotted = "moved"
    MbtUnit.of(u).used = True
    u.moved = _r(moved)
    claim_objectives(state, t, [u], walked)
    m.walked[u.id] = [[_r(x), _r(y)] for x, y in walked]
    res.append(Resolution(
        ruleset="mbt", procedure="move",
        outcome={"to": [u.x, u.y], "facing": u.facing, "inches": _r(moved), "cost": mv.get("cost"),
                 "allowance": mv.get("allowance"), "stopped": stopped},
        summary=f"{u.id} moves {moved:g}\" to ({u.x:g}, {u.y:g}) facing {u.facing:g}"
                + (" (stopped by overwatch fire)" if stopped else "") + f"; cost {mv.get('cost')}\" of "
                f"{mv.get('allowance')}\" (15, 23.3.2.1)",
        estimated=list(mv.get("estimated") or []),
        facts=move_facts(u, mv),
    ))
    res += missiles_at(state, u, walked, dice, notes)
    return res


def _wire(state: GameState, t: AdvTable, walked: list[tuple[float, float]], u: UnitState, notes: list[Note]) -> None:
    from umpire.turns.mbt.advanced.plan import wire_crossed as crossed

    gone = crossed(t, walked[0], walked[1:]) if len(walked) > 1 else []
    if gone:
        MbtGame.of(state).removed_terrain.extend(gone)
        notes.append(unit_note(u.id, f"crushes the wire {', '.join(gone)} (12.4.6)", "terrain"))


def inside(state: GameState, u: UnitState, walked: list[tuple[float, float]], reverse: bool, dice: Dice,
           notes: list[Note]) -> list[Resolution]:
    """15.4.3: going inside a building may cost a track or the main gun."""
    from umpire.rules.mbt import buildings

    t = AdvTable(state)
    kind = t.building(t.xy(u))
    card = U.card_of(u)
    if kind is None or card.notes.may_not_enter_buildings:  # type: ignore[union-attr]
        notes.append(unit_note(u.id, "does not go inside: no building here or it may not enter buildings (15.4.1.2)",
                           "inside"))
        return []
    turret = turret_facing(u)
    way = (u.facing + 180) % 360 if reverse else u.facing
    case = {"procedure": "into_buildings", "ruleset": "mbt", "game": "advanced", "rulings": dict(state.rulings),
            "card": u.card, "building": kind, "gun": buildings.gun_facing(turret, way)}
    rec = RecordingDice(scoped(dice, "into-buildings", u.id))
    r = resolve_into_buildings(validate(IntoBuildingsCase, {k: v for k, v in case.items() if k != "procedure"},
                                        "into_buildings"), rec)
    r.rolls = rec.take()
    r.summary = f"{u.id} goes inside the {kind} buildings: {r.summary}"
    r.facts.unit = u.id
    r.facts.case = case
    if "track" in r.outcome["damage"]:
        MbtUnit.of(u).track_hit = True
        notes.append(unit_note(u.id, "track hit going inside: it is not inside (15.4.3.2.4)", "damage"))
    else:
        MbtUnit.of(u).inside = True
    if "gun" in r.outcome["damage"]:
        MbtUnit.of(u).gun_hit = True
        notes.append(unit_note(u.id, "main gun hit going inside (15.4.3.2.3)", "damage"))
    return [r]


def missiles_at(state: GameState, target: UnitState, walked: list[tuple[float, float]], dice: Dice,
                notes: list[Note]) -> list[Resolution]:
    """14.2.2.2: each missile announced at ``target`` flies its ATGM Speed a hex the target
    enters, from its initial hex: where the target started, or where it was when overwatch fire
    was triggered (14.2.2.2.2); resolved where it reaches the target, a miss where the target is
    first out of sight, range or line of sight. The ATGM Speed's column counts the hexes the
    target enters from its initial hex (14.2.2.2.3)."""
    m = mbt(state)
    res: list[Resolution] = []
    keep = []
    for shot in m.atgm or []:
        if shot["target"] != target.id:
            keep.append(shot)
            continue
        res += fly(state, shot, walked[int(shot.get("start", 0) or 0):] or walked[-1:], dice, notes)
    m.atgm = keep
    return res


def fly(state: GameState, shot: dict[str, Any], walked: list[tuple[float, float]], dice: Dice,
        notes: list[Note]) -> list[Resolution]:
    u, tgt = state.units[shot["firer"]], state.units[shot["target"]]
    order = str(shot.get("order") or "ATGM")
    MbtUnit.of(u).atgm_pending = False
    if not U.alive(u):
        return [FI.no_shot(u.id, tgt.id, "Movement (missile)", "the firer is out of action: an automatic miss "
                           "(14.2.2)")]
    if not U.alive(tgt):
        return [FI.no_shot(u.id, tgt.id, "Movement (missile)", "its target is out of action: the fire is wasted")]
    w = FI.weapon(u, shot["weapon"])
    if w is None:
        return [FI.no_shot(u.id, tgt.id, "Movement (missile)", "its missile launcher is out of action")]
    t = AdvTable(state)
    hexes = hex_points([list(p) for p in walked], t.scale) if len(walked) > 1 else [(*walked[0], tgt.facing)]
    spd = missiles.speed(w, len(hexes) - 1)
    checks = [S.in_reach(t, u, tgt, w, shot.get("ammo"), at=(x, y), moving=True) for x, y, _ in hexes]
    flight = missiles.fly([missiles.PathPoint(c.range, c.legal) for c in checks], int(spd.v))
    if flight.impact is None:
        return [FI.no_shot(u.id, tgt.id, "Movement (missile)", f"{flight.reason}: a miss (14.2.2.2.4)")]
    x, y, way = hexes[flight.impact]
    pend = FI.Pending()
    aimed = S.AdvShot(u, tgt, w, str(shot.get("ammo") or ""), order, "Movement (missile)", at=(x, y), target_facing=way,
                      moving=True, key_step=str(shot.get("step") or "ATGM Announcement"))
    r = FI.shoot(FI.Firing(state, t, dice, pend), aimed, shot)
    r.summary += f" ({flight.reason}; speed {spd.v} against a move of {len(hexes) - 1} hexes, 14.2.2.2.3)"
    if spd.estimated:
        r.estimated = [*r.estimated, f"{w.name} ATGM speed ({spd.v})"]
    notes += pend.apply(state, f"T{state.turn} Movement")
    return [r]


def overrun(state: GameState, u: UnitState, spec: dict[str, Any], dice: Dice, notes: list[Note]) -> list[Resolution]:
    """14.7: the vehicle moves into the defender's hex; the defender's fire first if it has not
    fired and is not suppressed (else at the same time), then the overrun fire at +20."""
    t = AdvTable(state)
    d = state.units[spec["overrun"]["target"]]
    if not U.on_table(d) or not S.sees(t, u, d).legal:
        notes.append(unit_note(u.id, f"does not move: {d.id} is not a sighted, dismounted target (14.7.1.2)",
                               "overrun"))
        return []
    walk = dict(spec)
    walk["move"] = dict(spec.get("move") or {}) | {"path": [*(spec.get("move") or {}).get("path", [])[:-1], [d.x, d.y]]}
    res = move_one(state, u, walk, dice, notes)
    if not U.alive(u) or U.stopped(u) or not U.alive(d):
        return res
    t = AdvTable(state)
    case = overrun_case(state, t, u, d)

    def one(part: str) -> Resolution:
        f, target = (u, d) if part == "attack" else (d, u)
        c = {**case, "part": part}
        rec = RecordingDice(scoped(dice, "fire", "overrun", f.id, target.id))
        r = resolve_overrun(validate(OverrunCase, {k: v for k, v in c.items() if k != "procedure"}, "overrun"), rec,
                            t.rulings)
        r.rolls = rec.take()
        w = next(x for x in U.weapons(f) if x.name == c["attacker" if part == "attack" else "defender"]["weapons"][0])
        r.summary = (f"overrun {'attack' if part == 'attack' else 'defensive fire'}: {f.id} fires "
                     f"({ShotFacts.of(r).gp_factor} GP) at {target.id} (Overrun; range 1): {r.summary}")
        gp_ammo = next((a.name for a in w.ammo if a.type == "GP"), "GP")
        S.shot_facts(r, t, S.AdvShot(f, target, w, gp_ammo, str(f.orders or ""), "Overrun"), t.xy(f), t.xy(target),
                     None)
        fx = ShotFacts.of(r)
        fx.attacker = u.id
        fx.target = d.id
        fx.part = "defence" if part != "attack" else "attack"
        fx.case = c
        res.append(r)
        return r

    try:
        rd = one("defence")  # 14.7.2.1
    except UmpireError as exc:
        notes.append(unit_note(u.id, f"no overrun: {exc}", "overrun"))
        return res
    if rd.outcome["first_fire"]:  # 14.7.2.1.2: first fire, before the vehicle enters the hex
        notes += apply_gp(state, u.id, rd.outcome["effect"], f"T{state.turn} Overrun", "overrun defensive fire")
        if not U.alive(u) or U.stopped(u):
            notes.append(unit_note(u.id, "stopped by the defender's first fire: no overrun fire (14.7.2.1.2)",
                                   "overrun"))
            return res
    try:
        ra = one("attack")
    except UmpireError as exc:  # 14.7.1.1: no useable vehicle gun
        notes.append(unit_note(u.id, f"no overrun fire: {exc}", "overrun"))
        ra = None
    if not rd.outcome["first_fire"]:
        notes += apply_gp(state, u.id, rd.outcome["effect"], f"T{state.turn} Overrun", "overrun defensive fire")
    if ra is not None:
        notes += apply_gp(state, d.id, ra.outcome["effect"], f"T{state.turn} Overrun", "overrun fire, 14.7.2.2")
    return res


def movement_phase(state: GameState, dice: Dice) -> Applied:
    new = state.copy_for_change()
    m = mbt(new)
    m.walked = {}
    res: list[Resolution] = []
    notes: list[Note] = []
    for side in sides_in_order(new):
        for u, spec in own_orders(new, side):
            if spec.get("order") not in ("M", "FM") or not (spec.get("move") or spec.get("full_cover") == "take"
                                                             or spec.get("load") or spec.get("unload")):
                continue
            if MbtUnit.of(u).full_cover and spec.get("full_cover") != "take":
                notes.append(unit_note(u.id, "is in full cover and does nothing in the Movement Step (15.5)",
                                       "stopped"))
                continue
            if spec.get("move") and not U.can_move(u):
                notes.append(unit_note(u.id, "cannot move: damaged (7.4.5.3.1, 7.4.7.2.2)", "stopped"))
                continue
            if U.kind(u) != "vehicle" and U.suppressed(u) and spec.get("move"):
                notes.append(unit_note(u.id, "suppressed: it may not move (12.3.3)", "stopped"))
                continue
            res += move_one(new, u, spec, dice, notes)
    for side in sides_in_order(new):  # the Overrun Step (11.4.2)
        for u, spec in own_orders(new, side):
            if spec.get("order") == "OR" and spec.get("overrun") and U.can_move(u):
                res += overrun(new, u, spec, dice, notes)
    for shot in list(m.atgm or []):  # missiles whose target did not move after all
        tgt = new.units[shot["target"]]
        res += fly(new, shot, [(float(tgt.x), float(tgt.y))], dice, notes)  # type: ignore[arg-type]
    m.atgm = []
    notes += disputed(new)
    return close_phase(new, res, notes, "Adjustment", "Movement phase resolved (Movement and Overrun Steps; 11.4)")
