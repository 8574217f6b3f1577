"""A target as fire finds it on the table: its elevation line (7.4.6.2), automatic hull down
(13.2.2.1) and its GP defense (14.4.3): a vehicle's from its card, a leg or towed unit's from
its card by the terrain of its hex and whether it is in full cover, not moving or moving, with
the +1 of a block or wreck (14.4.3.2.2), the ditch's two numbers (14.4.3.2.3) and, for mixed
terrain, the highest (14.4.3.2.4)."""

from __future__ import annotations

from umpire.core.state import UnitState
from umpire.rules.mbt import gp_fire, orders, sighting
from umpire.rules.mbt.cards import LegCard, TowedCard
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.advanced.table import AdvTable

Point = tuple[float, float]


def elevation(t: AdvTable, firer: UnitState, target: UnitState, a: Point, b: Point) -> str:
    fh, th = t.unit_height(firer, a), t.unit_height(target, b)
    return "level" if fh == th else ("falling" if fh > th else "rising")


def hull_down_why(t: AdvTable, firer: UnitState, target: UnitState, a: Point, b: Point, inside: bool) -> str | None:
    """13.2.2.1: adjacent and higher firer, improved position, inside brick or stone buildings."""
    return sighting.automatic_hull_down(
        t.hexes(a, b), t.unit_height(firer, a), t.unit_height(target, b),
        improved_position=t.has(b, "improved_position"),
        inside_building=t.building(b) if inside else None,
    )


def status(u: UnitState, moving: bool) -> str:
    """FC, NM or MV for a leg or towed target (14.4.3.2.1)."""
    if u.notes.get("full_cover"):
        return "fc"
    if moving or orders.target_moving(str(u.orders or "OW")):
        return "mv"
    return "nm"


def gp_target(t: AdvTable, firer: UnitState, target: UnitState, b: Point, moving: bool
              ) -> tuple[gp_fire.GpTarget, int, list[str]]:
    """The target as GP fire sees it, its GP defense and the estimates that decided it."""
    est: list[str] = []
    card = U.card_of(target)
    order = "M" if moving else str(target.orders or "OW")
    pending = bool(target.notes.get("atgm_pending"))
    if isinstance(card, LegCard | TowedCard):
        kind = U.leg_kind(target) if isinstance(card, LegCard) else "towed"
        st = status(target, moving)
        cols = set(t.terrain(b))
        if t.building(b) is not None:
            cols.add("building")
        above = t.unit_height(firer) > t.unit_height(target, b)
        candidates = []
        for col in cols:
            v, cell = card.gp_defense.value(col, st, above)
            candidates.append((v, col, cell))
        if t.has(b, "ditch"):
            v, cell = card.gp_defense.value("ditch", st, above)
            candidates.append((v, "ditch", cell))
        best, col, cell = max(candidates, key=lambda x: x[0])
        if cell.estimated:
            est.append(f"{card.card} GP defense {col} {st.upper()} ({cell.v})")
        if t.has(b, "block") or any(t.same_hex(w, b) for w in t.wrecks(burning_only=False)):
            best += 1  # 14.4.3.2.2
        return gp_fire.GpTarget(kind=kind, gp_defense=best, orders=order, pending_atgm=pending), best, est
    dv = card.target.gp_defense
    if dv.estimated:
        est.append(f"{card.card} GP defense ({dv.v})")
    inside = bool(target.notes.get("inside")) and t.building(b) is not None
    hd = hull_down_why(t, firer, target, t.xy(firer), b, inside) is not None
    if not hd:
        los = t.los_adv(t.xy(firer), b, t.unit_height(firer), t.unit_height(target, b))
        hd = los.hull_down
    return gp_fire.GpTarget(
        kind="vehicle", gp_defense=dv.v, open=U.hatch(target) == "open", orders=order,
        in_woods=any(c.endswith("woods") for c in t.terrain(b)), in_building=t.building(b) is not None,
        hull_down=hd, pending_atgm=pending,
    ), int(dv.v), est
