"""Who may fire at whom over the tracked table: weapon and range, AFV priority, the checks before a shot.

A shot is checked before it is rolled: the firer is alive, not Routed, has fewer than 3 hits;
the target is an enemy stand its side has spotted, with a clear line of sight (ruling
``fire.target_must_be_spotted``) and within the weapon's range edge to edge; an AFV firing its
gun or ATGM must engage the closest spotted enemy AFV in range (ruling ``fire.afv_priority_range``);
a moving stand's ATGMs fire only in the Second Combat Phase; rate of fire (one shot, another
only while it eliminates, ruling ``rof.shot_accounting``). The aspect comes from the geometry.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from typing import Any

from umpire.core.shared import held_unit
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik.data import tables
from umpire.rules.auftragstaktik.fire_plan import unit_weapons
from umpire.text import num
from umpire.turns.auftragstaktik import tracked as tr
from umpire.turns.auftragstaktik.sightlines import distance, line_clear, sees


def moved_before(u: UnitState, phase: int) -> bool:
    """Moved in the preceding movement phase (ruling orders.undefined_names: Stationary)."""
    return tr.moved_in(u, phase) > 0


def weapon_range(u: UnitState, weapon: str) -> float | None:
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
    limit = weapon_range(u, weapon)
    return limit is None or d <= limit + 1e-9


def _usable(state: GameState, u: UnitState, weapon: str, phase: int) -> bool:
    r = tr.unit_ratings(u)
    if weapon == "missile" and moved_before(u, phase) and r.default_kind() != "troop" and phase == 1:
        return False
    return True


def choose_weapon(state: GameState, u: UnitState, target: UnitState, d: float, phase: int, asked: str | None) -> str:
    """The weapon for this shot: the one asked for, else the first the firer has, may use this
    phase and that reaches: AT weapons at AFVs, else HE, HW, small arms."""
    have = unit_weapons(tr.unit_ratings(u))
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

    def __init__(self, kind: str, why: Callable[[], str],
                 pair: tuple[UnitState, UnitState] | None = None) -> None:
        super().__init__(kind)
        self.kind = kind
        self.pair = pair  # firer and target of a sight line refused
        self._why: Callable[[], str] | None = why
        self._text = ""

    def later(self) -> Callable[[], str]:
        """The message, to be worked out later without keeping this exception."""
        return self._why or (lambda text=self._text: text)  # type: ignore[misc]

    def __str__(self) -> str:
        if self._why is not None:
            self._text, self._why = self._why(), None
        return self._text


_PHASE = threading.local()


def phase_afvs() -> dict[Any, Any]:
    """While a combat phase resolves (in this thread): its state and, per side, the enemy AFVs
    that side has spotted (spotting does not change during fire; who is still alive is asked
    each time), and each firer's closest enemy AFV so far (:func:`closest_afv`). Empty between
    phases; each thread has its own (a server's threads resolve their games apart)."""
    kept: dict[Any, Any] | None = getattr(_PHASE, "afvs", None)
    if kept is None:
        kept = _PHASE.afvs = {}
    return kept


def closest_afv(
    state: GameState, u: UnitState, weapon: str, phase: int, gone: frozenset[str] | set[str] = frozenset()
) -> tuple[UnitState, float] | None:
    """The closest spotted enemy AFV in line of sight and in range of ``weapon`` (ruling
    fire.afv_priority_range).

    In a combat phase the answer is kept: stands neither move nor are spotted anew while it
    fires, so the stands it may pick from only get fewer (eliminated, or ``gone``), and the
    closest stays the closest while it is still there; None stays None."""
    kept = phase_afvs()
    in_phase = kept.get("state") is state
    known = kept.get(("closest", u.id, weapon), ()) if in_phase else ()
    if known is None:
        return None
    if known:
        e = held_unit(state.units, known[0])
        if e is not None and e.id not in gone and tr.alive(e):
            return e, known[1]
    best = _closest_afv(state, u, weapon, gone)
    if in_phase:
        kept[("closest", u.id, weapon)] = best and (best[0].id, best[1])
    return best


def _closest_afv(
    state: GameState, u: UnitState, weapon: str, gone: frozenset[str] | set[str]
) -> tuple[UnitState, float] | None:
    import numpy as np  # slow to import: a refused shot (the fire phase's first check) needs none

    best: tuple[UnitState, float] | None = None
    kept = phase_afvs()
    pool = kept.get(("side", u.side)) if kept.get("state") is state else None
    if pool is None:
        pool = afv_pool([e for e in state.units.values() if e.side != u.side and u.side in e.spotted_by
                          and tr.is_afv(e)])
    foes, xy, rank = pool
    if not foes:
        return None
    reach = math.hypot(*u.base) / 2
    # nearest centres first (ties by id): once a centre is farther than the best edge distance
    # plus both half-diagonals, no later stand can be closer
    centre = np.hypot(xy[:, 0] - u.x, xy[:, 1] - u.y)
    for k in np.lexsort((rank, centre)):
        # as the state holds it now (the pool may be a combat phase's, made before its hits landed)
        e, c = held_unit(state.units, foes[k].id) or foes[k], float(centre[k])
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


def afv_pool(foes: list[UnitState]) -> tuple[list[UnitState], Any, Any]:
    """Enemy AFVs with their centres and the rank of their ids (stands do not move in a combat
    phase; who is still alive is asked each time)."""
    import numpy as np

    xy = np.array([(e.x, e.y) for e in foes], dtype=float).reshape(-1, 2)
    rank = np.argsort(np.argsort([e.id for e in foes], kind="stable"), kind="stable")
    return foes, xy, rank


def _check_parties(state: GameState, firer: UnitState, target: UnitState) -> None:
    """A shot between a live firer that may fire (its hits, its battalion not Routed) and a live
    enemy stand.

    :raises UmpireError: naming the reason and what is allowed.
    """
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
    status = tr.read_book(state).battalion_status
    bid = getattr(tr.battalion_of(state, firer), "id", "") if status else ""
    if status.get(bid) == "routed":
        raise UmpireError(f"firer: {firer.id}'s battalion {bid} is Routed and may not fire (MORALE)")


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
    _check_parties(state, firer, target)
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
        ), (firer, target))
    d = distance(state, firer, target)
    weapon = choose_weapon(state, firer, target, d, phase, weapon)
    reach = weapon_range(firer, weapon)
    if reach is not None and d > reach + 1e-9:
        raise UmpireError(
            f'range: {target.id} is {num(d)}" from {firer.id}, beyond its {weapon} range (allowed: 0-{num(reach)}")'
        )
    if tr.is_afv(firer) and weapon in ("gun", "missile"):
        near = closest_afv(state, firer, weapon, phase, gone)
        if near is not None and near[0].id != target.id and near[1] + 1e-9 < d:
            nid, nd = near[0].id, near[1]
            raise ShotRefused("not the closest AFV", lambda: (
                f"target: {firer.id} must engage the closest spotted enemy AFV in range, {nid} at "
                f'{num(nd)}" (COMBAT; ruling fire.afv_priority_range; allowed: {nid})'
            ))
    shot = tr.read_book(state).shots.get(firer.id)
    if shot and shot.get("phase") == f"{state.turn}.{phase}" and not shot.get("again"):
        raise UmpireError(f"firer: {firer.id} has already fired this phase ({shot.get('why', 'rate of fire')})")
    return weapon, d
