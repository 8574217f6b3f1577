"""Spotting for every pair of opposing stands at once (MOVEMENT > Spotting), vectorised.

The rules' sum splits into parts (:mod:`umpire.rules.auftragstaktik.spotting`)::

    total[i, j] = spotter_part(i) + target_part(j) + pair_part(i, j) + distance_part(D[i, j])

``spotter_part`` and ``target_part`` are asked once per stand (they are the rules' own
functions); ``pair_part`` depends only on a few yes/no facts (higher ground either way, facing,
radar on a moving target, the target's kind), so the rules' function is asked once per
combination and looked up by code; ``distance_part`` works element-wise on arrays.

The work is pruned before any exact geometry: a lower bound on each edge-to-edge distance
(centre distance less both half-diagonals) already rules out most pairs; exact distances
(shapely, as arrays) are taken only for the rest whose step of the distance part an upper bound
(centre distance less both inscribed radii) does not settle, and lines of sight only for pairs
whose total is above 0. A side spots a stand when any of its stands does (ruling ``spotting.side_level``),
so :func:`side_spotting` stops asking about a stand once one spotter has seen it (the best
candidates first). A stand spotted before stays spotted until it moves 4 inches from where it
was spotted (rulings ``spotting.spotted_before``, ``spotting.four_inch_measure``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from umpire.core.state import GameState, UnitState
from umpire.rules.auftragstaktik.data import tables
from umpire.rules.auftragstaktik.spotting import (
    Spotted,
    Spotter,
    distance_part,
    pair_part,
    spotter_part,
    target_part,
)
from umpire.rules.auftragstaktik.state import AtUnit
from umpire.turns.auftragstaktik import tracked as tr

if TYPE_CHECKING:
    from umpire.core.rulings import Rulings
    from umpire.geometry.sight import TerrainIndex

KINDS = ("vehicle", "towed", "troop", "helicopter")


@dataclass
class Looker:
    """One stand as spotter and as target: the rules' models plus where it stands."""

    spotter: Spotter
    target: Spotted
    x: float
    y: float
    facing: float
    width: float
    depth: float


@dataclass
class Pairs:
    """Candidate pairs that pass the spotting total (before line of sight)."""

    ii: np.ndarray
    jj: np.ndarray
    total: np.ndarray
    #: the edge distance where it decides the total; else the most it can be (the pair's step of
    #: the distance part is known without it): what :func:`side_spotting` asks nearest first by
    distance: np.ndarray
    counts: dict[str, int] = field(default_factory=dict)
    spotters_xy: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))
    targets_xy: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))


def _pair_table(t: Any) -> np.ndarray:
    """pair_part for every code: bit 0 spotter higher, 1 target higher, 2 not facing, 3 radar
    on a moving target; times the target kind."""
    out = np.zeros((16, len(KINDS)), dtype=int)
    for code in range(16):
        for k, kind in enumerate(KINDS):
            s = Spotter(higher=bool(code & 1), facing_target=not code & 4, gsr=bool(code & 8))
            x = Spotted(higher=bool(code & 2), moved=bool(code & 8), kind=kind)
            out[code, k] = pair_part(s, x, t)
    return out


_PAIR: np.ndarray | None = None


def pair_table() -> np.ndarray:
    global _PAIR
    if _PAIR is None:
        _PAIR = _pair_table(tables())
    return _PAIR


def arrays(lookers: list[Looker]) -> dict[str, np.ndarray]:
    return {
        "xy": np.array([[s.x, s.y] for s in lookers], dtype=float).reshape(-1, 2),
        "facing": np.array([s.facing for s in lookers], dtype=float),
        "half": np.array([math.hypot(s.width, s.depth) / 2 for s in lookers], dtype=float),
        "inner": np.array([min(s.width, s.depth) / 2 for s in lookers], dtype=float),
        "wd": np.array([[s.width, s.depth] for s in lookers], dtype=float).reshape(-1, 2),
    }


def facing_mask(spot: dict[str, np.ndarray], targ: dict[str, np.ndarray]) -> np.ndarray:
    """``facing[i, j]``: target ``j``'s centre lies in spotter ``i``'s front arc (45-degree lines
    from the front corners; ruling ``spotting.facing``)."""
    rad = np.radians(spot["facing"])[:, None]
    dx = targ["xy"][None, :, 0] - spot["xy"][:, None, 0]
    dy = targ["xy"][None, :, 1] - spot["xy"][:, None, 1]
    forward = dx * np.sin(rad) + dy * np.cos(rad)
    right = dx * np.cos(rad) - dy * np.sin(rad)
    beyond_end = np.abs(forward) - spot["wd"][:, None, 1] / 2
    beyond_side = np.abs(right) - spot["wd"][:, None, 0] / 2
    mask: np.ndarray = (forward >= 0) & (beyond_end >= beyond_side - 1e-9)
    return mask


def facing_pairs(
    spot: dict[str, np.ndarray], targ: dict[str, np.ndarray], ii: np.ndarray, jj: np.ndarray
) -> np.ndarray:
    """:func:`facing_mask` for the pairs ``(ii[k], jj[k])`` only: the same answer, element for
    element."""
    rad = np.radians(spot["facing"])
    sin, cos = np.sin(rad)[ii], np.cos(rad)[ii]
    dx = targ["xy"][jj, 0] - spot["xy"][ii, 0]
    dy = targ["xy"][jj, 1] - spot["xy"][ii, 1]
    forward = dx * sin + dy * cos
    right = dx * cos - dy * sin
    beyond_end = np.abs(forward) - spot["wd"][ii, 1] / 2
    beyond_side = np.abs(right) - spot["wd"][ii, 0] / 2
    out: np.ndarray = (forward >= 0) & (beyond_end >= beyond_side - 1e-9)
    return out


def footprints(lookers: list[Looker], arr: dict[str, np.ndarray] | None = None) -> np.ndarray:
    """The stands' footprints (from their :func:`arrays`, if given: no pose objects to make)."""
    from umpire.geometry.facts import Pose
    from umpire.geometry.footprint import footprints as fp

    poses = None if arr is None else np.column_stack([arr["xy"], arr["facing"], arr["wd"]])
    if poses is None or not (np.isfinite(poses).all() and (poses[:, 3:] > 0).all()):
        return fp([Pose(s.x, s.y, s.facing, s.width, s.depth) for s in lookers])  # (a bad one: Pose says why)
    return fp(poses)


def candidate_pairs(
    spotters: list[Looker],
    targets: list[Looker],
    index: TerrainIndex,
    rulings: Rulings,
    *,
    night: bool = False,
) -> Pairs:
    """Every (spotter, target) pair whose spotting total is above 0, with its edge distance."""
    import shapely

    t = tables()
    n, m = len(spotters), len(targets)
    empty = np.zeros(0, dtype=int)
    if not n or not m:
        return Pairs(empty, empty, empty, np.zeros(0), {"pairs": 0})
    sa, ta = arrays(spotters), arrays(targets)
    # Each distinct spotter and target model worked out once (a table holds a few kinds of stand,
    # and the turn's stands of a kind share one model: :func:`_model`). Models are told apart
    # by identity here, for the call only: a frozen model's own hash reads all its fields.
    skeys = [id(s.spotter) for s in spotters]
    tkeys = [id(x.target) for x in targets]
    sp_of: dict[int, int] = {}
    for k, s in zip(skeys, spotters, strict=True):
        if k not in sp_of:
            sp_of[k] = spotter_part(s.spotter, night, t)
    tp_of: dict[int, int] = {}
    for kt, x in zip(tkeys, targets, strict=True):
        if kt not in tp_of:
            tp_of[kt] = target_part(x.target, t, rulings)
    sp = np.array([sp_of[k] for k in skeys])
    tp = np.array([tp_of[kt] for kt in tkeys])
    kind = np.array([KINDS.index(x.target.kind) for x in targets])
    table, limit = pair_table(), t.spotting.spotted_if_total_greater_than
    centre = np.hypot(ta["xy"][None, :, 0] - sa["xy"][:, None, 0], ta["xy"][None, :, 1] - sa["xy"][:, None, 1])
    low = np.maximum(0.0, centre - sa["half"][:, None] - ta["half"][None, :])
    near_part = distance_part(low, t, rulings)
    # First a bound for every pair (the best pair part the target's kind can have): most pairs
    # of a big table fail it, and the pair part is worked out only for the rest.
    ci, cj = np.nonzero(sp[:, None] + (tp + table.max(axis=0)[kind])[None, :] + near_part > limit)
    elev = index.elevations(np.concatenate([sa["xy"], ta["xy"]]))
    es, et = elev[:n][ci], elev[n:][cj]
    gsr = np.array([s.spotter.gsr for s in spotters], dtype=bool)
    moved = np.array([x.target.moved for x in targets], dtype=bool)
    code = (es > et) * 1 + (et > es) * 2 + (~facing_pairs(sa, ta, ci, cj)) * 4 + (gsr[ci] & moved[cj]) * 8
    base = sp[ci] + tp[cj] + table[code, kind[cj]]
    maybe = base + near_part[ci, cj] > limit
    ii, jj, base = ci[maybe], cj[maybe], base[maybe]
    # The edge distance lies between the bound and the centre distance less both stands'
    # inscribed radii (a point of each base lies that far in along the line between them):
    # where both fall in one step of the distance part, that step is the pair's and its exact
    # distance is not needed (the margin covers rounding).
    near, far = low[ii, jj], np.maximum(0.0, centre[ii, jj] - sa["inner"][ii] - ta["inner"][jj])
    part = distance_part(np.maximum(0.0, near - 1e-9), t, rulings)
    exact = part != distance_part(far + 1e-9, t, rulings)
    dist = far.copy()
    if exact.any():
        fs, ft = footprints(spotters, sa), footprints(targets, ta)
        dist[exact] = shapely.distance(fs[ii[exact]], ft[jj[exact]])
        part[exact] = distance_part(dist[exact], t, rulings)
    total = base + part
    ok = total > limit
    return Pairs(
        ii[ok], jj[ok], total[ok], dist[ok], {"pairs": n * m, "in_bound": int(ii.size), "above_0": int(ok.sum())},
        sa["xy"], ta["xy"],
    )


def pair_matrix(
    spotters: list[Looker], targets: list[Looker], index: TerrainIndex, rulings: Rulings, *,
    night: bool = False, pairs: Pairs | None = None,
) -> np.ndarray:
    """``spotted[i, j]``: spotter ``i`` spots target ``j`` (total above 0 and a clear line).
    ``pairs``: the :func:`candidate_pairs` of these stands, if already worked out."""
    if pairs is None:
        pairs = candidate_pairs(spotters, targets, index, rulings, night=night)
    out = np.zeros((len(spotters), len(targets)), dtype=bool)
    if pairs.ii.size:
        clear = index.los_pairs(pairs.spotters_xy, pairs.targets_xy, pairs.ii, pairs.jj)
        out[pairs.ii[clear], pairs.jj[clear]] = True
    return out


def side_spotting(
    spotters: list[Looker], targets: list[Looker], index: TerrainIndex, rulings: Rulings, *, night: bool = False,
    pairs: Pairs | None = None,
) -> tuple[np.ndarray, np.ndarray, dict[str, int]]:
    """``(spotted[j], by[j])``: is target ``j`` spotted by any of ``spotters`` (and by whom,
    -1 if not). Lines of sight are asked best total first, a few candidates per target per
    round, and a target is dropped once one spotter sees it. ``pairs``: the
    :func:`candidate_pairs` of these stands, if already worked out (e.g. for :func:`pair_matrix`)."""
    if pairs is None:
        pairs = candidate_pairs(spotters, targets, index, rulings, night=night)
    m = len(targets)
    spotted = np.zeros(m, dtype=bool)
    by = np.full(m, -1, dtype=int)
    counts = dict(pairs.counts)
    counts["los_asked"] = 0
    if not pairs.ii.size:
        return spotted, by, counts
    order = np.lexsort((pairs.distance, -pairs.total, pairs.jj))
    ii, jj = pairs.ii[order], pairs.jj[order]
    first = np.flatnonzero(np.r_[True, jj[1:] != jj[:-1]])
    rank = np.arange(len(jj)) - np.repeat(first, np.diff(np.r_[first, len(jj)]))
    lo, width = 0, 1
    while True:
        sel = np.flatnonzero((rank >= lo) & (rank < lo + width))
        sel = sel[~spotted[jj[sel]]]
        if not sel.size:
            if lo > rank.max():
                break
            lo, width = lo + width, width * 4
            continue
        counts["los_asked"] += int(sel.size)
        clear = index.los_pairs(pairs.spotters_xy, pairs.targets_xy, ii[sel], jj[sel])
        for k in sel[clear]:  # first clear spotter per target, in rank order
            if not spotted[jj[k]]:
                spotted[jj[k]] = True
                by[jj[k]] = ii[k]
        lo, width = lo + width, width * 4
    return spotted, by, counts


# --- the tracked game ------------------------------------------------------------------------------


M = TypeVar("M")
_MODELS: dict[tuple[Any, ...], Any] = {}


def _model(cls: type[M], **fields: Any) -> M:
    """``cls(**fields)``, made once for each set of values (frozen, so shared: thousands of
    stands are a few kinds of spotter and target)."""
    key = (cls, *fields.items())
    hit = _MODELS.get(key)
    if hit is None:
        if len(_MODELS) > 4096:
            _MODELS.clear()
        hit = _MODELS[key] = cls(**fields)
    return hit


def looker(state: GameState, u: UnitState, side_viewing: str | None, phase: int | None) -> Looker:
    """The stand as spotter, and as a target for ``side_viewing``."""
    return _Look.of(state, u, phase).looker(side_viewing)


@dataclass(frozen=True)
class _Look:
    """What a stand is as spotter and as target in a phase, whoever looks: its spotter model,
    its target's fields but whether the side looking spotted it before, and where it stands
    (worked out once per stand: each side looks at it as a target, its own side as a spotter)."""

    unit: UnitState
    spotter: Spotter
    target: tuple[tuple[str, Any], ...]

    @classmethod
    def of(cls, state: GameState, u: UnitState, phase: int | None) -> _Look:
        assert u.x is not None and u.y is not None, f"{u.id} is on the table"
        r = tr.unit_ratings(u)
        ext = tr.read_book(state)
        moved = phase is not None and tr.moved_in(u, phase) > 0
        bid = getattr(tr.battalion_of(state, u), "id", "")
        orders = "WD" if ext.battalion_status.get(bid) == "routed" else (u.orders or "NO")
        cover, _ = tr.cover_at(state, u)
        kind = r.default_kind()
        spotter = _model(
            Spotter,
            quality=u.quality,
            orders=orders,
            moved=moved,
            recon="recon" in r.special,
            mbt=tr.is_mbt(u),
            thermal="TI" in r.special,
            gsr="GSR" in r.special,
            night_vision=next((c for c in ("TI", "II", "IR", "SL") if c in r.special), None),
        )
        target = (("kind", kind if kind in KINDS else "vehicle"), ("quality", u.quality), ("orders", orders),
                  ("moved", moved), ("fired", fired_before(state, u.id, phase)))
        return cls(u, spotter, (*target, ("cover", cover != "none" or AtUnit.of(u).entrenchment != "none")))

    def looker(self, side_viewing: str | None) -> Looker:
        """The stand as spotter, and as a target for ``side_viewing``."""
        u = self.unit
        before = side_viewing is not None and side_viewing in u.spotted_by
        return Looker(
            spotter=self.spotter,
            target=_model(Spotted, **dict(self.target), spotted_before=before),
            x=float(u.x),  # type: ignore[arg-type]
            y=float(u.y),  # type: ignore[arg-type]
            facing=float(u.facing),
            width=float(u.base[0]),
            depth=float(u.base[1]),
        )


def is_night(state: GameState) -> bool:
    """Whether this turn is played at night (scenario ``night:``, every turn or a list of turns)."""
    night = tr.read_book(state).night
    return state.turn in night if isinstance(night, list) else bool(night)


def fired_before(state: GameState, uid: str, phase: int | None) -> bool:
    """Fired in the combat phase before this movement phase (ruling spotting.firing_window)."""
    label = f"{state.turn - 1}.2" if phase == 1 else f"{state.turn}.1"
    return label in tr.read_book(state).fired.get(uid, [])


def spot_all(state: GameState, phase: int | None, out: list[Any] | None = None) -> list[str]:
    """Check spotting for every pair of opposing stands on ``state`` (a copy being changed):
    set each stand's ``spotted_by``; returns the report lines. With ``out``, one ``sighting``
    record per side is added to it: every enemy stand the side has spotted now, where it stands
    (``sighted``: ``{"by", "unit", "level": "full", "at", "facing"}``)."""
    from umpire.turns.auftragstaktik.table import terrain_index

    ext = tr.book(state)
    rulings = tr.rulings_of(state)
    index = terrain_index(state)
    keep_in = tables().spotting.stays_spotted_within_in
    live = [u for u in state.units.values() if tr.alive(u)]
    tr.cover_all(state, live)  # each stand's cover, for the targets, in one terrain query
    looks = {u.id: _Look.of(state, u, phase) for u in live}
    lines: list[str] = []
    for side in state.side_ids():
        own = [u for u in live if u.side == side]
        foes = [u for u in live if u.side != side]
        spotters = [looks[u.id].looker(None) for u in own]
        targets = [looks[u.id].looker(side) for u in foes]
        seen, _by, _counts = side_spotting(spotters, targets, index, rulings, night=is_night(state))
        new, kept, lost = 0, 0, 0
        for j, u in enumerate(foes):
            was = side in u.spotted_by
            at = ext.spotted_at.get(u.id, {}).get(side)
            stays = was and at is not None and math.dist(at, (u.x, u.y)) < keep_in  # type: ignore[arg-type]
            if seen[j]:
                if not was or not stays:
                    ext.spotted_at.setdefault(u.id, {})[side] = [round(float(u.x), 3), round(float(u.y), 3)]  # type: ignore[arg-type]
                new += not was
                _set(u, side, True)
            elif stays:
                kept += 1
                _set(u, side, True)
            else:
                lost += was
                _set(u, side, False)
        total = sum(1 for u in foes if side in u.spotted_by)
        lines.append(
            f"{tr.side_name(state, side)} spots {total} enemy stand{'s' if total != 1 else ''} "
            f"({new} newly, {kept} kept by the 4-inch rule, {lost} lost)"
        )
        if out is not None:
            from umpire.rules.auftragstaktik.facts import AtSightingFacts
            from umpire.turns.facts import record

            sighted = [{"by": side, "unit": u.id, "level": "full", "at": [round(float(u.x), 3), round(float(u.y), 3)],  # type: ignore[arg-type]
                        "facing": round(float(u.facing), 3)} for u in foes if side in u.spotted_by]
            out.append(record(state.ruleset, "sighting", AtSightingFacts(
                sighted=sighted, counts={"new": new, "kept": kept, "lost": lost}), side=side, summary=lines[-1]))
    for u in state.units.values():
        if not tr.alive(u):
            u.spotted_by = sorted(set(u.spotted_by))
    return lines


def _set(u: UnitState, side: str, on: bool) -> None:
    s = set(u.spotted_by)
    if on:
        s.add(side)
    else:
        s.discard(side)
    new = sorted(s)
    if new != u.spotted_by:  # (a model's field set only when it changes: most stay as they were)
        u.spotted_by = new

