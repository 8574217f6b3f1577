"""What is checked as a Movement Phase ends: Routed stands near the enemy surrender (MORALE), unit integrity."""

from __future__ import annotations

from typing import Any

from umpire.core.state import GameState
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik.data import tables
from umpire.text import num
from umpire.turns.auftragstaktik import tracked as tr


def surrenders(state: GameState) -> list[str]:
    """Routed stands that ended movement within 4 inches of an enemy stand surrender (MORALE)."""
    from umpire.geometry.distance import edge_distance
    from umpire.turns.auftragstaktik.table import pose

    ext = tr.book(state)
    limit = __import__("umpire.rules.auftragstaktik.data", fromlist=["tables"]).tables().turn.morale.surrender_within_in
    lines = []
    for u in state.units.values():
        bid = getattr(tr.battalion_of(state, u), "id", "")
        if not tr.alive(u) or ext.battalion_status.get(bid) != "routed":
            continue
        near = [
            e
            for e in state.units.values()
            if e.side != u.side and tr.alive(e) and edge_distance(pose(u), pose(e)) <= limit
        ]
        if near:
            u.status = "surrendered"
            lines.append(f'{u.id} (Routed) ends within {limit:g}" of {near[0].id} and surrenders (MORALE)')
    return lines


def integrity(state: GameState) -> list[str]:
    """Battalions whose stands are farther apart than the battalion command radius (MOVEMENT >
    Unit Integrity; ruling ``movement.integrity_violation``: edge to edge, own HQ rating), and the
    brigade and division radii (:func:`higher_integrity`), as warnings."""
    return [f"warning: {why}" for _, why in breaches(state).values()]


def breaches(state: GameState) -> dict[str, tuple[float, str]]:
    """Every unit-integrity breach: key -> (inches beyond the radius, why)."""
    import numpy as np
    import shapely

    from umpire.rules.auftragstaktik.command import command_radius
    from umpire.turns.auftragstaktik.table import footprints_of

    rulings = tr.rulings_of(state)
    tech = tables().turn.integrity.default_tech_level
    out = {}
    groups = [(f, [u for u in tr.battalion_units(state, f.id) if tr.alive(u)])
              for f in state.formations if f.level in ("battalion", "regiment")]
    groups = [(f, units) for f, units in groups if len(units) >= 2]
    # every battalion's stands edge to edge, each pair both ways, all in one call
    feet = np.array(footprints_of([u for _, units in groups for u in units]), dtype=object)
    pairs = [(at + i, at + j) for at, k in _starts([len(units) for _, units in groups]) for i in range(k)
             for j in range(k)]
    row, col = np.array(pairs, dtype=np.intp).reshape(-1, 2).T
    apart = shapely.distance(feet[row], feet[col]) if len(row) else np.zeros(0)
    at = 0
    for f, units in groups:
        radius = command_radius("battalion", tech, f.doctrine or "balanced", rulings)  # type: ignore[arg-type]
        d = apart[at:at + len(units) ** 2].reshape(len(units), len(units))
        at += len(units) ** 2
        i, j = divmod(int(d.argmax()), len(units))
        if d[i, j] > radius + 1e-6:
            out[f"{f.id}:battalion"] = (
                float(d[i, j]) - radius,
                f'{f.id}: {units[i].id} and {units[j].id} are {num(float(d[i, j]))}" apart, beyond '
                f'the battalion command radius of {num(radius)}" (MOVEMENT > Unit Integrity)',
            )
    out.update(higher_integrity(state))
    return out


def _starts(sizes: list[int]) -> list[tuple[int, int]]:
    """Where each of consecutive runs of ``sizes`` starts, with its size."""
    out, at = [], 0
    for k in sizes:
        out.append((at, k))
        at += k
    return out


def check_integrity(before: GameState, after: GameState, phase: int, allow: bool) -> list[str]:
    """Refuse movement that breaks unit integrity, or makes a break worse (ruling
    ``movement.integrity_violation``), unless the umpire overrides it: the whole phase with
    ``allow``, or the stands whose orders say ``override: true``. Returns warnings for breaks the
    umpire let stand or that were there before.

    :raises UmpireError: naming the break, the radius and how to override.
    """
    old, new = breaches(before), breaches(after)
    if tr.rulings_of(after)["movement.integrity_violation"] == "report_only" or allow:
        return [f"warning: {why}" for _, why in new.values()]
    plan = tr.read_book(after).plan
    out = []
    for key, (excess, why) in new.items():
        fid = key.split(":")[0]
        worse = excess > old.get(key, (0.0, ""))[0] + 1e-6
        movers = [
            u
            for u in after.units.values()
            if (u.formation == fid or getattr(tr.battalion_of(after, u), "id", None) == fid)
            and tr.moved_in(u, phase) > 0
        ]
        routed = tr.read_book(after).battalion_status.get(fid) == "routed"  # its moves are compulsory
        if worse and not routed and not any(plan.get(u.id, {}).get("override") for u in movers):
            raise UmpireError(
                f"phase next: the moves break unit integrity: {why}; ruling movement.integrity_violation: move "
                "the stands by hand (umpire move UNIT X Y) to keep within the radius, or let it stand with "
                "umpire phase next --allow-integrity-break (or override: true for the unit in the orders file)"
            )
        out.append(f"warning: {why}")
    return out


def _hq_above(state: GameState, f: Any, levels: tuple[str, ...]) -> Any:
    """The nearest formation above ``f`` at one of ``levels``, if its HQ stand is alive (ruling
    hq.loss_effects: checks against a lost HQ are skipped)."""
    forms = tr.formations(state)
    p = forms.get(f.parent or "")
    while p is not None and p.level not in levels:
        p = forms.get(p.parent or "")
    if p is None or p.hq is None or p.hq not in state.units or not tr.alive(state.units[p.hq]):
        return None
    return p


def higher_integrity(state: GameState) -> dict[str, tuple[float, str]]:
    """At least one stand of each battalion within the brigade command radius of its brigade HQ
    (x2 for recon stands), and each brigade HQ within the division command radius of its division
    HQ (MOVEMENT > Unit Integrity; measured edge to edge like the battalion's)."""
    from umpire.geometry.distance import edge_distance
    from umpire.rules.auftragstaktik.command import command_radius
    from umpire.turns.auftragstaktik.table import pose

    rulings = tr.rulings_of(state)
    tech = tables().turn.integrity.default_tech_level
    out = {}
    for f in state.formations:
        if f.level == "battalion":
            bde = _hq_above(state, f, ("brigade", "regiment"))
            units = [u for u in tr.battalion_units(state, f.id) if tr.alive(u)]
            if bde is None or not units:
                continue
            hq = state.units[bde.hq]
            radius = command_radius("brigade", tech, bde.doctrine or "balanced", rulings)
            gaps = [
                (edge_distance(pose(u), pose(hq)) - radius * (2 if tr.is_recon(u) else 1), u)
                for u in units
            ]
            gap, near = min(gaps, key=lambda g: (g[0], g[1].id))
            if gap > 1e-6:
                d = gap + radius * (2 if tr.is_recon(near) else 1)
                out[f"{f.id}:brigade"] = (
                    float(gap),
                    f'{f.id}: no stand within the brigade command radius of {num(radius)}" of {hq.id} '
                    f'(nearest: {near.id}, {num(float(d))}"; MOVEMENT > Unit Integrity)',
                )
        elif f.level in ("brigade", "regiment") and f.hq is not None and f.hq in state.units:
            div = _hq_above(state, f, ("division",))
            own = state.units[f.hq]
            if div is None or not tr.alive(own):
                continue
            hq = state.units[div.hq]
            radius = command_radius("division", tech, div.doctrine or "balanced", rulings)
            d = edge_distance(pose(own), pose(hq))
            if d > radius + 1e-6:
                out[f"{f.id}:division"] = (
                    float(d) - radius,
                    f'{f.id}: its HQ {own.id} is {num(float(d))}" from the division HQ {hq.id}, beyond '
                    f'the division command radius of {num(radius)}" (MOVEMENT > Unit Integrity)',
                )
    return out
