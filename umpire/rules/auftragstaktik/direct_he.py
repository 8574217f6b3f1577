"""Direct-fire HE, and ATGMs at targets that are not AFVs counted as HE (COMBAT; MISCELLANEOUS RULES)."""

from __future__ import annotations

from umpire.core.rulings import Rulings
from umpire.rules.auftragstaktik.data import Tables
from umpire.rules.auftragstaktik.fire_mods import cover, fire_control, grouping, light_in_open, target_orders
from umpire.rules.auftragstaktik.fire_plan import FirePlan
from umpire.rules.auftragstaktik.mods import hit_effects, mod, size_mods, tq_difference
from umpire.rules.auftragstaktik.ratings import He, Stand


def atgm_as_he(target: Stand, rulings: Rulings, t: Tables) -> tuple[str, str] | None:
    """The HE weight an ATGM counts as against ``target``, and why, or None for the AT
    differential (MISCELLANEOUS RULES > ATGMs vs. non-AFV targets; ruling atgm.non_afv_targets)."""
    if rulings["atgm.non_afv_targets"] == "at_differential":
        return None
    v = t.fire.vs_non_afv
    cat = target.fire_category()
    if cat == "soft":
        return v.unarmored_vehicles, "an unarmoured vehicle"
    if cat == "troop" and target.buildings:
        return v.fighting_positions, "troops in buildings"
    if cat == "troop" and target.entrenchment == v.fighting_position_entrenchment:
        return v.fighting_positions, f"a permanent fighting position ({target.entrenchment} entrenchment)"
    if cat == "troop" and rulings["atgm.non_afv_targets"] in ("troops_as_unarmored", "direct_he"):
        return v.unarmored_vehicles, "troops outside buildings and permanent positions, a non-armoured target"
    return None


def heavier(weight: str, steps: int, t: Tables) -> str:
    order = t.indirect.he.weights
    return order[min(len(order) - 1, order.index(weight) + steps)]


def plan_direct_he(
    shooter: Stand,
    target: Stand,
    range_in: float,
    rulings: Rulings,
    t: Tables,
    weight: str | None = None,
) -> FirePlan:
    """Direct-fire HE (COMBAT > Direct fire HE effects; ruling he.direct_fire_modifiers), of the
    shooter's HE rating or of ``weight`` (an ATGM treated as artillery)."""
    he = shooter.unit.he if weight is None else He(weight=weight)
    assert he is not None
    d = t.fire.direct_he
    base_weight = he.weight
    weight = heavier(base_weight, d.weight_step, t)
    plan = FirePlan(header="AP", differential=None, fixed=t.indirect.he.column)
    plan.notes.append(
        f"direct HE: the +1 column, {base_weight} HE counts "
        f"as {weight} ({d.source}; ruling he.vh_plus_one)"
    )
    ms = plan.modifiers
    ms += mod("direct HE", d.drm, d.source)
    ms += size_mods(t, shooter.size_code, None)
    if he.fire_control:
        ms += fire_control(he.fire_control, range_in, rulings, t)
    if shooter.moved and shooter.stand_kind in ("vehicle", "helicopter"):
        grade = "a" if shooter.stand_kind == "helicopter" else (he.stabilization or "b")
        row = t.fire.stabilization.rows[grade]
        ms += mod(
            "stabilization",
            getattr(row, shooter.moving_order),
            t.fire.stabilization.source,
            f"{row.name}, {shooter.moving_order}",
        )
    ms += target_orders(target, t, rulings)
    if shooter.orders == "WD":
        ms += mod("firer on Withdraw", t.fire.firer_withdraw.drm, t.fire.firer_withdraw.source)
    ms += cover(target, t, he_weight=weight)
    ms += light_in_open(weight, target, t)
    ms += mod(
        "firer entrenched",
        t.fire.cover.fire_bonus[shooter.entrenchment],
        t.fire.cover.source,
        shooter.entrenchment,
    )
    if not shooter.spotted:
        ms += mod("firer unspotted", t.fire.misc.unspotted_firer, t.fire.misc.source)
    ms += tq_difference(
        shooter.quality, target.quality, t.fire.misc.tq_per_level, t.fire.misc.source
    )
    ms += hit_effects(t, shooter.hits)
    ms += grouping(shooter, target, t, rulings)
    return plan


def plan_atgm_as_he(
    shooter: Stand,
    target: Stand,
    weight: str,
    why: str,
    range_in: float,
    rulings: Rulings,
    t: Tables,
) -> FirePlan:
    """An ATGM at a stand that is not an AFV, as artillery of ``weight`` (MISCELLANEOUS RULES >
    ATGMs vs. non-AFV targets; ruling atgm.non_afv_targets): the +1 column, the firer's size
    and hits, cover and entrenchment changed by the weight; or, under ``direct_he``, as
    direct-fire HE of that weight."""
    src = t.fire.vs_non_afv.source
    name = {"VL": "Very Light", "L": "Light", "M": "Medium", "H": "Heavy", "VH": "Very Heavy"}
    if rulings["atgm.non_afv_targets"] == "direct_he":
        plan = plan_direct_he(shooter, target, range_in, rulings, t, weight=weight)
        plan.notes.insert(
            0,
            f"ATGM at {why}: treated as {name[weight]} artillery ({src}), "
            "fired as direct HE (ruling atgm.non_afv_targets)",
        )
        return plan
    he = t.indirect.he
    plan = FirePlan(header="AP", differential=None, fixed=he.column)
    plan.notes.append(
        f"ATGM at {why}: treated as {name[weight]} artillery on the +1 column ({src}; ruling "
        "atgm.non_afv_targets)"
    )
    ms = plan.modifiers
    ms += size_mods(t, shooter.size_code, None, he.source)
    ms += hit_effects(t, shooter.hits)
    ms += cover(target, t, he_weight=weight)
    ms += light_in_open(weight, target, t)
    return plan
