"""Direct fire over the tracked table (COMBAT): who may fire at whom, in what order, and the
hits it does.

A shot is checked before it is rolled: the firer is alive, not Routed, has fewer than 3 hits;
the target is an enemy stand its side has spotted, with a clear line of sight (ruling
``fire.target_must_be_spotted``) and within the weapon's range edge to edge; an AFV firing its
gun or ATGM must engage the closest spotted enemy AFV in range (ruling ``fire.afv_priority_range``);
a moving stand's ATGMs fire only in the Second Combat Phase; rate of fire (one shot, another
only while it eliminates, ruling ``rof.shot_accounting``). The aspect comes from the geometry.

A combat phase fires the orders' targets in the rules' order: unspotted firers first, then by
troop quality, elite first; fire within one group is simultaneous (hits land after the whole
group has fired); ATGM fire (except 4th-generation missiles) repeats the sequence at the end
(ruling ``fire.unspotted_group_order``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import DiceError, UmpireError
from umpire.rules.auftragstaktik.data import tables
from umpire.rules.auftragstaktik.fire import fire
from umpire.rules.auftragstaktik.fire_plan import missile_generation, weapons_of
from umpire.rules.auftragstaktik.ratings import QUALITY_LEVEL, Stand
from umpire.turns.auftragstaktik import tracked as tr
from umpire.turns.auftragstaktik.sightlines import aspect, distance, line_clear, look_ahead, name_blockers, sees
from umpire.turns.facts import record

COMBAT_PHASES = {"combat_1": 1, "combat_2": 2}


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _moved(u: UnitState, phase: int) -> bool:
    """Moved in the preceding movement phase (ruling orders.undefined_names: Stationary)."""
    return tr.moved_in(u, phase) > 0


def _range(u: UnitState, weapon: str) -> float | None:
    r = tr.unit_ratings(u)
    t = tables().fire.ranges
    if weapon == "gun" and r.gun:
        return (
            r.gun.range
            if r.gun.range is not None
            else (t.low_velocity_gun_max_in if r.gun.heat and r.gun.range is None else None)
        )
    if weapon == "missile" and r.missile:
        return r.missile.range
    if weapon == "hw" and r.hw:
        return r.hw.range
    if weapon == "sa":
        return t.sa_max_in
    return None


def _in_range(u: UnitState, weapon: str, d: float) -> bool:
    limit = _range(u, weapon)
    return limit is None or d <= limit + 1e-9


def _usable(state: GameState, u: UnitState, weapon: str, phase: int) -> bool:
    r = tr.unit_ratings(u)
    if weapon == "missile" and _moved(u, phase) and r.default_kind() != "troop" and phase == 1:
        return False
    return True


def choose_weapon(state: GameState, u: UnitState, target: UnitState, d: float, phase: int, asked: str | None) -> str:
    """The weapon for this shot: the one asked for, else the first the firer has, may use this
    phase and that reaches: AT weapons at AFVs, else HE, HW, small arms."""
    have = weapons_of(tr.stand(state, u, moved=_moved(u, phase), spotted=True))
    if asked:
        if asked not in have:
            raise UmpireError(
                f"weapon: {u.id} has no {asked} rating (allowed for this unit: {', '.join(have) or 'none'})"
            )
        return asked
    prefs = ("gun", "missile", "he", "hw", "sa") if tr.is_afv(target) else ("he", "hw", "sa", "gun", "missile")
    usable = [w for w in prefs if w in have and _usable(state, u, w, phase)]
    for w in usable:
        if _in_range(u, w, d):
            return w
    if not usable:
        raise UmpireError(f"weapon: {u.id} has no weapon it may fire this phase (has: {', '.join(have) or 'none'})")
    return usable[0]  # out of range: the check below names the range


class ShotRefused(UmpireError):
    """A shot the rules forbid. Its message is worked out when it is read: a big combat phase
    refuses thousands of shots and says why for few of them (the first held target of a
    stand), and some reasons are costly to word (what blocks the sight line, who is spotted)."""

    def __init__(self, kind: str, why: Callable[[], str]) -> None:
        super().__init__(kind)
        self.kind = kind
        self._why: Callable[[], str] | None = why
        self._text = ""

    def __str__(self) -> str:
        if self._why is not None:
            self._text, self._why = self._why(), None
        return self._text


_PHASE_AFVS: dict[Any, Any] = {}
"""While a combat phase resolves: its state and, per side, the enemy AFVs that side has spotted
(spotting does not change during fire; who is still alive is asked each time)."""


def closest_afv(
    state: GameState, u: UnitState, weapon: str, phase: int, gone: frozenset[str] | set[str] = frozenset()
) -> tuple[UnitState, float] | None:
    """The closest spotted enemy AFV in line of sight and in range of ``weapon`` (ruling
    fire.afv_priority_range)."""
    import numpy as np

    best: tuple[UnitState, float] | None = None
    pool = _PHASE_AFVS.get(("side", u.side)) if _PHASE_AFVS.get("state") is state else None
    if pool is None:
        pool = _afv_pool([e for e in state.units.values() if e.side != u.side and u.side in e.spotted_by
                          and tr.is_afv(e)])
    foes, xy, rank = pool
    if not foes:
        return None
    reach = math.hypot(*u.base) / 2
    # nearest centres first (ties by id): once a centre is farther than the best edge distance
    # plus both half-diagonals, no later stand can be closer
    centre = np.hypot(xy[:, 0] - u.x, xy[:, 1] - u.y)
    for k in np.lexsort((rank, centre)):
        e, c = foes[k], float(centre[k])
        if e.id in gone or not tr.alive(e):
            continue
        if best is not None and c - reach - math.hypot(*e.base) / 2 > best[1]:
            break
        d = distance(state, u, e)
        if not _in_range(u, weapon, d) or (best is not None and d >= best[1]):
            continue
        if sees(state, u, e):
            best = (e, d)
    return best


def _afv_pool(foes: list[UnitState]) -> tuple[list[UnitState], Any, Any]:
    """Enemy AFVs with their centres and the rank of their ids (stands do not move in a combat
    phase; who is still alive is asked each time)."""
    import numpy as np

    xy = np.array([(e.x, e.y) for e in foes], dtype=float).reshape(-1, 2)
    rank = np.argsort(np.argsort([e.id for e in foes], kind="stable"), kind="stable")
    return foes, xy, rank


def check_shot(
    state: GameState,
    firer: UnitState,
    target: UnitState,
    phase: int,
    weapon: str | None,
    gone: frozenset[str] | set[str] = frozenset(),
) -> tuple[str, float]:
    """Refuse a shot the rules forbid; return (weapon, edge distance).

    :raises UmpireError: naming the reason and what is allowed.
    """
    ext = tr.read_book(state)
    if not tr.alive(firer):
        raise UmpireError(
            f"firer: {firer.id} is {firer.status if firer.placed else 'not on the table'} and cannot fire"
        )
    if target.side == firer.side:
        raise UmpireError(
            f"target: {target.id} is on {firer.id}'s own side ({tr.side_name(state, firer.side)}); "
            "fire at an enemy stand"
        )
    if not tr.alive(target):
        raise UmpireError(f"target: {target.id} is {target.status if target.placed else 'not on the table'}")
    limit = tables().common.hit_effects.may_not_fire_from
    if firer.hits >= limit:
        raise UmpireError(
            f"firer: {firer.id} has {firer.hits} hits and may not fire (allowed: 0-{limit - 1} hits; "
            "COMBAT > Hit Effects)"
        )
    bid = getattr(tr.battalion_of(state, firer), "id", "")
    if ext["battalion_status"].get(bid) == "routed":
        raise UmpireError(f"firer: {firer.id}'s battalion {bid} is Routed and may not fire (MORALE)")
    if firer.side not in target.spotted_by:

        def not_spotted() -> str:
            seen = sorted(
                e.id for e in state.units.values()
                if e.side != firer.side and tr.alive(e) and firer.side in e.spotted_by
            )
            return (
                f"target: {target.id} is not spotted by {tr.side_name(state, firer.side)} (direct fire only at "
                f"spotted stands, ruling fire.target_must_be_spotted; spotted: {', '.join(seen) or 'none'})"
            )

        raise ShotRefused("not spotted", not_spotted)
    if not sees(state, firer, target):
        raise ShotRefused("no line of sight", lambda: (
            f"target: no line of sight from {firer.id} to {target.id} "
            f"(blocked by {', '.join(line_clear(state, firer, target)[1])})"
        ))
    d = distance(state, firer, target)
    weapon = choose_weapon(state, firer, target, d, phase, weapon)
    reach = _range(firer, weapon)
    if reach is not None and d > reach + 1e-9:
        raise UmpireError(
            f'range: {target.id} is {_fmt(d)}" from {firer.id}, beyond its {weapon} range (allowed: 0-{_fmt(reach)}")'
        )
    if tr.is_afv(firer) and weapon in ("gun", "missile"):
        near = closest_afv(state, firer, weapon, phase, gone)
        if near is not None and near[0].id != target.id and near[1] + 1e-9 < d:
            nid, nd = near[0].id, near[1]
            raise ShotRefused("not the closest AFV", lambda: (
                f"target: {firer.id} must engage the closest spotted enemy AFV in range, {nid} at "
                f'{_fmt(nd)}" (COMBAT; ruling fire.afv_priority_range; allowed: {nid})'
            ))
    shot = ext.get("shots", {}).get(firer.id)
    if shot and shot.get("phase") == f"{state.turn}.{phase}" and not shot.get("again"):
        raise UmpireError(f"firer: {firer.id} has already fired this phase ({shot.get('why', 'rate of fire')})")
    return weapon, d


def shoot(
    state: GameState, firer: UnitState, target: UnitState, weapon: str, d: float, phase: int, dice: Dice
) -> Resolution:
    """Roll one checked shot (the state is not changed)."""
    firer_stand = tr.stand(
        state, firer, moved=_moved(firer, phase), spotted=any(s != firer.side for s in firer.spotted_by)
    )
    target_stand = tr.stand(state, target, moved=_moved(target, phase), spotted=True)
    from umpire.turns.auftragstaktik.sighting import is_night

    res = fire(
        firer_stand,
        target_stand,
        weapon,
        round(d, 2),
        aspect(firer, target),
        scoped(dice, "fire", firer.id, target.id),
        tr.rulings_of(state),
        phase=phase,
        night=is_night(state),
    )
    res.extra.update({"firer": firer.id, "target": target.id, "weapon": weapon, "range": round(d, 2),
                      "firer_at": [firer.x, firer.y], "target_at": [target.x, target.y]})
    res.summary = f'{firer.id} fires {weapon} at {target.id} ({_fmt(d)}"): {res.summary}'
    return res


def land(state: GameState, firer: UnitState, target: UnitState, res: Resolution, phase: int) -> str:
    """Apply a shot's hits to ``state`` (a copy being changed) and note who fired and was fired on."""
    ext = tr.book(state)
    hits = int(res.outcome.get("hits", 0))
    t = state.units[target.id]
    before = t.status
    if t.status not in tr.DEAD:
        t.hits = t.hits + hits
        if res.outcome.get("eliminated") or (
            t.hits >= tables().common.hit_effects.eliminated_at and not (tr.is_troop(t) and tr.cover_at(state, t)[1])
        ):
            t.status = "eliminated"
    label = f"{state.turn}.{phase}"
    ext["fired"].setdefault(firer.id, [])
    if label not in ext["fired"][firer.id]:
        ext["fired"][firer.id].append(label)
    if target.id not in ext["attacked"]:
        ext["attacked"].append(target.id)
    b = tr.battalion_of(state, t)
    if b is not None and b.id not in ext["under_fire"]:
        ext["under_fire"].append(b.id)
    rof = res.outcome.get("rate_of_fire") or {}
    ext.setdefault("shots", {})[firer.id] = {
        "phase": f"{state.turn}.{phase}",
        "again": bool(rof.get("may_fire_again")),
        "why": str(rof.get("why", "")),
    }
    return (
        f"{target.id} {'eliminated' if t.status == 'eliminated' and before != 'eliminated' else f'now {t.hits} hits'}"
    )


def _is_atgm_late(u: UnitState, weapon: str) -> bool:
    if weapon != "missile":
        return False
    r = tr.unit_ratings(u)
    return r.missile is None or missile_generation(Stand(unit=r), tables()) < 4


def _at_weapon(state: GameState, u: UnitState, phase: int) -> str:
    have = weapons_of(tr.stand(state, u, moved=_moved(u, phase), spotted=True))
    return "gun" if "gun" in have else "missile"


def _plan_geometry(state: GameState, firers: list[UnitState]) -> None:
    """The pairs a phase's fire will ask about: each firer with its planned targets and, for an
    AFV, the spotted enemy AFVs that may be the closest (those whose nearest possible edge
    distance is no more than the nearest centre distance, within reach)."""
    import numpy as np

    ext = tr.book(state)
    live = [e for e in state.units.values() if tr.alive(e)]
    afvs: dict[str, tuple[list[UnitState], np.ndarray, np.ndarray]] = {}
    for side in state.side_ids():
        foes = [e for e in live if e.side != side and side in e.spotted_by and tr.is_afv(e)]
        xy = np.array([(e.x, e.y) for e in foes], dtype=float).reshape(-1, 2)
        afvs[side] = (foes, xy, np.array([math.hypot(*e.base) / 2 for e in foes]))
    pairs = []
    for u in firers:
        if not tr.alive(u):
            continue
        want = [t for t in dict.fromkeys(ext["plan"][u.id].get("fire", [])) if t in state.units]
        pairs += [(u, state.units[t]) for t in want if tr.alive(state.units[t])]
        foes, xy, half = afvs[u.side]
        if not tr.is_afv(u) or not foes:
            continue
        centre = np.hypot(xy[:, 0] - u.x, xy[:, 1] - u.y)
        low = centre - half - math.hypot(*u.base) / 2
        reach = max((r for w in ("gun", "missile") if (r := _range(u, w)) is not None), default=math.inf)
        near = np.flatnonzero((low <= centre.min() + 1e-9) & (low <= reach + 1e-9))
        pairs += [(u, foes[k]) for k in near if foes[k].id not in want]
    look_ahead(state, pairs)
    # a stand that holds fire says why for its first refused target: if that is for want of a
    # sight line, the report names what blocks it (so: for its spotted targets it cannot see)
    name_blockers(state, [
        (u, t) for u in firers if tr.alive(u)
        for t in (state.units[i] for i in ext["plan"][u.id].get("fire", []) if i in state.units)
        if tr.alive(t) and u.side in t.spotted_by and not sees(state, u, t)
    ])


def resolve_fire_phase(state: GameState, phase: int, dice: Dice) -> tuple[list[Resolution], list[str]]:
    """Fire every planned shot of combat phase ``phase`` on ``state`` (a copy being changed)."""
    ext = tr.book(state)
    firers = []
    for uid, plan in sorted(ext["plan"].items()):
        u = state.units.get(uid)
        if u is None or not plan.get("fire") or phase not in plan.get("fire_in", [1, 2]):
            continue
        shot = ext.get("shots", {}).get(uid)
        if shot and shot.get("phase") == f"{state.turn}.{phase}":
            continue  # fired by hand this phase
        firers.append(u)

    _plan_geometry(state, firers)
    _PHASE_AFVS.clear()
    _PHASE_AFVS["state"] = state
    for side in state.side_ids():
        _PHASE_AFVS[("side", side)] = _afv_pool([
            e for e in state.units.values() if e.side != side and side in e.spotted_by and tr.is_afv(e)
        ])
    try:
        return _fire_groups(state, phase, dice, firers)
    finally:
        _PHASE_AFVS.clear()


def _fire_groups(
    state: GameState, phase: int, dice: Dice, firers: list[UnitState]
) -> tuple[list[Resolution], list[str]]:
    ext = tr.book(state)
    lines: list[str] = []
    results: list[Resolution] = []

    def group_key(u: UnitState) -> tuple[int, int]:
        unspotted = not any(s != u.side for s in u.spotted_by)
        return (0 if unspotted else 1, -QUALITY_LEVEL[u.quality])

    for late in (False, True):
        keys = sorted({group_key(u) for u in firers})
        for key in keys:
            group = [u for u in firers if group_key(u) == key]
            landed: list[tuple[UnitState, UnitState, Resolution]] = []
            gone: set[str] = set()  # eliminated by this group's fire, which lands all at once
            for u in group:
                u = state.units[u.id]
                if not tr.alive(u):
                    continue
                plan = ext["plan"][u.id]
                held: list[tuple[str, str | UmpireError]] = []  # (target, why), worded when said
                fired = False
                for tid in plan["fire"]:
                    target = state.units.get(tid)
                    if target is None or not tr.alive(target) or target.id in gone:
                        continue
                    try:
                        weapon, d = check_shot(state, u, target, phase, plan.get("weapon"), gone)
                    except UmpireError as exc:
                        kind = exc.kind if isinstance(exc, ShotRefused) else ""
                        near = None
                        if kind == "not the closest AFV":
                            near = closest_afv(state, u, _at_weapon(state, u, phase), phase, gone)
                        if near is None:
                            held.append((tid, "its target is not spotted" if kind == "not spotted" else exc))
                            continue
                        target = near[0]
                        try:
                            weapon, d = check_shot(state, u, target, phase, plan.get("weapon"), gone)
                        except UmpireError as exc2:
                            held.append((target.id, exc2))
                            break
                        if not late:
                            lines.append(
                                f"{u.id}: AFVs must engage the closest enemy AFV in range: fires at "
                                f"{target.id} instead (COMBAT; ruling fire.afv_priority_range)"
                            )
                            results.append(record(state.ruleset, "fire_redirect", unit=u.id, target=tid,
                                                  to=target.id, line=lines[-1]))
                    if _is_atgm_late(u, weapon) != late:
                        fired = True
                        break
                    try:
                        res = shoot(state, u, target, weapon, d, phase, dice)
                    except DiceError:
                        raise  # dice not given or impossible: the whole action fails, nothing is written
                    except UmpireError as exc:  # a restriction of the fire procedure itself
                        held.append((target.id, exc))
                        continue
                    results.append(res)
                    landed.append((u, target, res))
                    fired = True
                    if res.outcome.get("eliminated"):
                        gone.add(target.id)
                    rof = res.outcome.get("rate_of_fire") or {}
                    if not (res.outcome.get("eliminated") and rof.get("may_fire_again")):
                        break
                if not fired and held and not late:
                    why = held[0][1]
                    why = why if isinstance(why, str) else str(why).split(": ", 1)[-1]
                    lines.append(f"{u.id} holds fire: {why}")
                    spotted = u.side in state.units[held[0][0]].spotted_by
                    results.append(record(state.ruleset, "hold_fire", unit=u.id, target=held[0][0] if spotted else None,
                                          why=why, line=lines[-1]))
            for u, target, res in landed:
                lines.append(f"{u.id} -> {target.id}: {land(state, u, target, res, phase)}")
                res.extra["line"] = lines[-1]
    return results, lines
