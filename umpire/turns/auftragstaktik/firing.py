"""Direct fire over the tracked table (COMBAT): the order the planned shots fire in, and the hits they do.

Who may fire at whom: :mod:`umpire.turns.auftragstaktik.shot_checks`.

A combat phase fires the orders' targets in the rules' order: unspotted firers first, then by
troop quality, elite first; fire within one group is simultaneous (hits land after the whole
group has fired); ATGM fire (except 4th-generation missiles) repeats the sequence at the end
(ruling ``fire.unspotted_group_order``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Resolution
from umpire.core.shared import held_unit, held_values
from umpire.core.state import GameState, UnitState
from umpire.errors import DiceError, UmpireError
from umpire.rules.auftragstaktik.data import tables
from umpire.rules.auftragstaktik.facts import AtFireFacts, AtHoldFacts
from umpire.rules.auftragstaktik.fire import Attack, fire
from umpire.rules.auftragstaktik.fire_plan import missile_generation, unit_weapons
from umpire.rules.auftragstaktik.hits import apply_hits
from umpire.rules.auftragstaktik.ratings import QUALITY_LEVEL, Stand
from umpire.rules.auftragstaktik.stand_case import stand_case
from umpire.text import num
from umpire.turns.auftragstaktik import tracked as tr
from umpire.turns.auftragstaktik.shot_checks import (
    ShotRefused,
    afv_pool,
    check_shot,
    closest_afv,
    moved_before,
    phase_afvs,
    weapon_range,
)
from umpire.turns.auftragstaktik.sightlines import aspect, look_ahead, name_blockers
from umpire.turns.facts import record

COMBAT_PHASES = {"combat_1": 1, "combat_2": 2}


def shoot(
    state: GameState, firer: UnitState, target: UnitState, weapon: str, d: float, phase: int, dice: Dice
) -> Resolution:
    """Roll one checked shot (the state is not changed)."""
    firer_stand = tr.stand(
        state, firer, moved=moved_before(firer, phase), spotted=any(s != firer.side for s in firer.spotted_by)
    )
    target_stand = tr.stand(state, target, moved=moved_before(target, phase), spotted=True)
    from umpire.turns.auftragstaktik.sighting import is_night  # (numpy: a shot refused needs none)

    side = aspect(firer, target)
    res = fire(
        Attack(firer_stand, target_stand, weapon, round(d, 2), side, night=is_night(state), phase=phase),
        scoped(dice, "fire", firer.id, target.id),
        tr.rulings_of(state),
    )
    case = {"procedure": "fire", "ruleset": "auftragstaktik", "rulings": dict(state.rulings),
            "shooter": stand_case(firer_stand), "target": stand_case(target_stand), "weapon": weapon,
            "range": round(d, 2), "aspect": side, "night": is_night(state), "phase": phase}
    fx = AtFireFacts.of(res)
    fx.firer = firer.id
    fx.target = target.id
    fx.weapon = weapon
    fx.range = round(d, 2)
    fx.firer_at = [firer.x, firer.y]
    fx.target_at = [target.x, target.y]
    fx.case = case
    res.summary = f'{firer.id} fires {weapon} at {target.id} ({num(d)}"): {res.summary}'
    return res


def land(state: GameState, firer: UnitState, target: UnitState, res: Resolution, phase: int) -> str:
    """Apply a shot's hits to ``state`` (a copy being changed) and note who fired and was fired on."""
    ext = tr.book(state)
    hits = int(res.outcome.get("hits", 0))
    t = state.units[target.id]
    before = t.status
    if t.status not in tr.DEAD:
        close = tr.is_troop(t) and tr.cover_at(state, t)[1]
        t.hits, eliminated = apply_hits(t.hits, hits, troop_in_close_terrain=close)
        if res.outcome.get("eliminated") or eliminated:
            t.status = "eliminated"
    label = f"{state.turn}.{phase}"
    ext.fired.setdefault(firer.id, [])
    if label not in ext.fired[firer.id]:
        ext.fired[firer.id].append(label)
    if target.id not in ext.attacked:
        ext.attacked.append(target.id)
    b = tr.battalion_of(state, t)
    if b is not None and b.id not in ext.under_fire:
        ext.under_fire.append(b.id)
    rof = res.outcome.get("rate_of_fire") or {}
    ext.shots[firer.id] = {
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
    tr.unit_ratings(u)  # a stand with no stat line is refused as before
    return _late_missile(u.statline or "")


@lru_cache(maxsize=256)
def _late_missile(statline: str) -> bool:
    """Whether a stat line's missiles fire late (before the 4th generation; none: as if they did)."""
    r = tr.ratings(statline)
    return r.missile is None or missile_generation(Stand(unit=r), tables()) < 4


def _may_fire_late(u: UnitState) -> bool:
    """Whether the stand has missiles that fire after every group (:func:`_is_atgm_late`); a
    stand with no stat line has none (its shots are refused)."""
    return bool(u.statline) and tr.ratings(u.statline or "").missile is not None and _late_missile(u.statline or "")


def _at_weapon(u: UnitState) -> str:
    have = unit_weapons(tr.unit_ratings(u))
    return "gun" if "gun" in have else "missile"


def _plan_geometry(state: GameState, firers: list[UnitState]) -> set[tuple[str, str]]:
    """The pairs a phase's fire will ask about, worked out at once: each firer with its planned
    targets its side has spotted (a target not spotted is refused before any geometry) and, for
    an AFV with a target it sees, the spotted enemy AFVs that may be the closest (those whose
    nearest possible edge distance is no more than the nearest centre distance, within reach).
    Returns the planned (firer, target) pairs refused all phase: not spotted, or not seen."""
    ext = tr.book(state)
    firers = [u for u in firers if tr.alive(u)]
    planned = []
    for u in firers:
        targets = [held_unit(state.units, t) for t in dict.fromkeys(ext.plan[u.id].get("fire", []))]
        planned += [(u, t) for t in targets if t is not None and tr.alive(t)]
    blind = {(u.id, t.id) for u, t in planned if u.side not in t.spotted_by}
    planned = [(u, t) for u, t in planned if (u.id, t.id) not in blind]
    seeing = set()
    for (u, t), seen in zip(planned, look_ahead(state, planned, measure_all=False), strict=True):
        if not seen:
            blind.add((u.id, t.id))
        elif tr.is_afv(u):
            seeing.add(u.id)
    live = [e for e in held_values(state.units) if tr.alive(e)]
    near = []
    for side in state.side_ids():
        foes = [e for e in live if e.side != side and side in e.spotted_by and tr.is_afv(e)]
        afvs = [u for u in firers if u.side == side and u.id in seeing]
        near += _closest_candidates(afvs, foes)
    look_ahead(state, near)
    return blind


def _closest_candidates(afvs: list[UnitState], foes: list[UnitState]) -> list[tuple[UnitState, UnitState]]:
    """Each of ``afvs`` with each of the ``foes`` that may be its closest (:func:`_plan_geometry`)."""
    import numpy as np  # slow to import: a shot refused (``umpire fire``'s first checks) needs none

    if not afvs or not foes:
        return []
    xy = np.array([(e.x, e.y) for e in foes], dtype=float).reshape(-1, 2)
    half = np.array([math.hypot(*e.base) / 2 for e in foes])
    at = np.array([(u.x, u.y) for u in afvs], dtype=float).reshape(-1, 2)
    own = np.array([math.hypot(*u.base) / 2 for u in afvs])
    reach = np.array([
        max((r for w in ("gun", "missile") if (r := weapon_range(u, w)) is not None), default=math.inf) for u in afvs
    ])
    centre = np.hypot(xy[None, :, 0] - at[:, 0, None], xy[None, :, 1] - at[:, 1, None])
    low = centre - half[None, :] - own[:, None]
    keep = (low <= centre.min(axis=1)[:, None] + 1e-9) & (low <= reach[:, None] + 1e-9)
    return [(u, foes[k]) for u, row in zip(afvs, keep, strict=True) for k in np.flatnonzero(row)]


def resolve_fire_phase(state: GameState, phase: int, dice: Dice) -> tuple[list[Resolution], list[str]]:
    """Fire every planned shot of combat phase ``phase`` on ``state`` (a copy being changed).

    The stands are read as the state holds them, not copied (a phase's fire changes only the
    stands it hits, in :func:`land`): each is read again where what it holds may have changed
    since (a group's hits land before the next group fires)."""
    ext = tr.book(state)
    firers = []
    for uid, plan in sorted(ext.plan.items()):
        u = held_unit(state.units, uid)
        if u is None or not plan.get("fire") or phase not in plan.get("fire_in", [1, 2]):
            continue
        shot = ext.shots.get(uid)
        if shot and shot.get("phase") == f"{state.turn}.{phase}":
            continue  # fired by hand this phase
        firers.append(u)

    blind = _plan_geometry(state, firers)
    kept = phase_afvs()
    kept.clear()
    kept["state"] = state
    for side in state.side_ids():
        kept[("side", side)] = afv_pool([
            e for e in held_values(state.units) if e.side != side and side in e.spotted_by and tr.is_afv(e)
        ])
    try:
        return _fire_groups(_FirePhase(state, phase, dice, blind=blind), firers)
    finally:
        kept.clear()


Said = tuple["str | Callable[[], str]", "tuple[UnitState, UnitState] | None", str]
Hold = tuple[int, int, UnitState, str, "str | Callable[[], str]", "tuple[UnitState, UnitState] | None", str]


def _said(exc: UmpireError) -> Said:
    """Why a shot is refused, without its exception (whose traceback would keep the phase's
    frames, and so its states, alive): said now, or for a sight line refused, the words to
    work out later and the pair, whose blockers are named with the others'; and what the words
    are about (the field the refusal names: ``firer`` for the stand's own state, its hits or its
    battalion, which its side may always read)."""
    if isinstance(exc, ShotRefused) and exc.pair is not None:
        later = exc.later()
        return (lambda: later().split(": ", 1)[-1]), exc.pair, "target"
    about, _, why = str(exc).partition(": ")
    return (why, None, about) if why else (about, None, "")


def _hold_lines(state: GameState, holds: list[Hold], lines: list[str], results: list[Resolution]) -> None:
    """Say why each stand that fired at nothing holds fire, in its place among the phase's lines
    and results (``holds``: where each goes, the stand, its first target refused, why, and the
    sight line refused, if that is why)."""
    name_blockers(state, [pair for *_, pair, _about in holds if pair is not None])
    for k, (at_line, at_result, u, tid, said, _pair, about) in enumerate(holds):
        why = said if isinstance(said, str) else said()
        lines.insert(at_line + k, f"{u.id} holds fire: {why}")
        target = held_unit(state.units, tid)
        spotted = target is not None and u.side in target.spotted_by
        results.insert(at_result + k, record(state.ruleset, "hold_fire", AtHoldFacts(
            unit=u.id, target=tid if spotted else None, why=why, line=lines[at_line + k], about=about,
            target_hidden=not spotted)))


def _group_key(u: UnitState) -> tuple[int, int]:
    """The order stands fire in: unspotted stands first, then by troop quality, best first."""
    unspotted = not any(s != u.side for s in u.spotted_by)
    return (0 if unspotted else 1, -QUALITY_LEVEL[u.quality])


@dataclass
class _FirePhase:
    """A combat phase's planned fire on ``state`` (a copy being changed), and what it has said so
    far; ``holds``: the stands that fired at nothing, said in their places when the phase ends
    (nothing moves and spotting does not change while it fires): the sight lines refused are named
    together; ``blind``: the planned (firer, target) pairs refused all phase, not spotted or not
    seen, which need no check once a stand has a target held (only the first is said)."""

    state: GameState
    phase: int
    dice: Dice
    lines: list[str] = field(default_factory=list)
    results: list[Resolution] = field(default_factory=list)
    holds: list[Hold] = field(default_factory=list)
    blind: set[tuple[str, str]] = field(default_factory=set)

    def fire_stand(
        self, u: UnitState, late: bool, gone: set[str], landed: list[tuple[UnitState, UnitState, Resolution]]
    ) -> None:
        """Stand ``u`` fires at its planned targets in turn (its late missiles only if ``late``)
        until one is fired at, or eliminated with fire to spare; its shots go to ``landed``."""
        state = self.state
        plan = tr.book(state).plan[u.id]
        held: list[tuple[str, Said]] = []  # (target, why): the first is said if it fires at nothing
        fired = False
        for tid in plan["fire"]:
            if (held or late) and (u.id, tid) in self.blind:
                continue  # refused, as the one before it was (only the first held target is said)
            target = held_unit(state.units, tid)
            if target is None or not tr.alive(target) or target.id in gone:
                continue
            aimed = self.aim(u, target, late, gone, held)
            if isinstance(aimed, bool):
                if aimed:
                    break
                continue
            target, weapon, d = aimed
            if _is_atgm_late(u, weapon) != late:
                fired = True
                break
            try:
                res = shoot(state, u, target, weapon, d, self.phase, self.dice)
            except DiceError:
                raise  # dice not given or impossible: the whole action fails, nothing is written
            except UmpireError as exc:  # a restriction of the fire procedure itself
                held.append((target.id, _said(exc)))
                continue
            self.results.append(res)
            landed.append((u, target, res))
            fired = True
            if res.outcome.get("eliminated"):
                gone.add(target.id)
            rof = res.outcome.get("rate_of_fire") or {}
            if not (res.outcome.get("eliminated") and rof.get("may_fire_again")):
                break
        if not fired and held and not late:
            self.holds.append((len(self.lines), len(self.results), u, held[0][0], *held[0][1]))

    def aim(
        self, u: UnitState, target: UnitState, late: bool, gone: set[str], held: list[tuple[str, Said]]
    ) -> tuple[UnitState, str, float] | bool:
        """The shot ``u`` may take at ``target`` or, an AFV refused for not firing at the closest
        enemy AFV, at that one: the target, weapon and range; else (why added to ``held``) False to
        try its next target, True to stop."""
        state, phase = self.state, self.phase
        weapon_asked = tr.book(state).plan[u.id].get("weapon")
        try:
            weapon, d = check_shot(state, u, target, phase, weapon_asked, gone)
            return target, weapon, d
        except UmpireError as exc:
            kind = exc.kind if isinstance(exc, ShotRefused) else ""
            near = None
            if kind == "not the closest AFV":
                near = closest_afv(state, u, _at_weapon(u), phase, gone)
            if near is None:
                unseen: Said = ("its target is not spotted", None, "target")
                held.append((target.id, unseen if kind == "not spotted" else _said(exc)))
                return False
        tid, target = target.id, near[0]
        try:
            weapon, d = check_shot(state, u, target, phase, weapon_asked, gone)
        except UmpireError as exc2:
            held.append((target.id, _said(exc2)))
            return True
        if not late:
            self.lines.append(
                f"{u.id}: AFVs must engage the closest enemy AFV in range: fires at "
                f"{target.id} instead (COMBAT; ruling fire.afv_priority_range)"
            )
            self.results.append(record(state.ruleset, "fire_redirect", AtHoldFacts(
                unit=u.id, target=tid, to=target.id, line=self.lines[-1])))
        return target, weapon, d


def _fire_groups(run: _FirePhase, firers: list[UnitState]) -> tuple[list[Resolution], list[str]]:
    """The phase's fire, group by group (``_group_key``; who is spotted does not change as the
    phase fires): each group's shots land all at once, the late missiles after every group."""
    state, phase = run.state, run.phase
    keyed = [(_group_key(u), u) for u in firers]
    for late in (False, True):
        if late:  # the others' shots were all taken: their turn in the late round does nothing
            keyed = [(k, u) for k, u in keyed if _may_fire_late(u)]
        for key in sorted({k for k, _ in keyed}):
            group = [u for k, u in keyed if k == key]
            landed: list[tuple[UnitState, UnitState, Resolution]] = []
            gone: set[str] = set()  # eliminated by this group's fire, which lands all at once
            for u in group:
                u = held_unit(state.units, u.id) or u  # as it is now (hit by an earlier group)
                if tr.alive(u):
                    run.fire_stand(u, late, gone, landed)
            for u, target, res in landed:
                run.lines.append(f"{u.id} -> {target.id}: {land(state, u, target, res, phase)}")
                res.facts.line = run.lines[-1]
    _hold_lines(state, run.holds, run.lines, run.results)
    return run.results, run.lines
