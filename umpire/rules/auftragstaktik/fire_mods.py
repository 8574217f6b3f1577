"""The situational modifiers of direct fire: target orders, fire control, cover, grouping, facing, light HE."""

from __future__ import annotations

from umpire.core.modifiers import Modifier
from umpire.core.rulings import Rulings
from umpire.rules.auftragstaktik.data import Tables
from umpire.rules.auftragstaktik.mods import increments, mod
from umpire.rules.auftragstaktik.ratings import Stand


def target_orders(target: Stand, t: Tables) -> list[Modifier]:
    to = t.fire.target_orders
    if target.orders == "WD":
        return mod(
            "target on Withdraw",
            to.moving["WD"],
            to.source,
            "applied once (ruling fire.withdraw_double_count)",
        )
    if target.stationary:
        troop = target.fire_category() == "troop"
        return mod(
            "target stationary",
            to.stationary_troop if troop else to.stationary,
            to.source,
            "troop stand" if troop else "",
        )
    order = target.orders if target.orders in ("DA", "TR") else "HA"
    name = {
        "DA": "target on Deliberate Advance",
        "TR": "target on Travel (Administrative Advance)",
        "HA": "target on Hasty Advance",
    }[order]
    return mod(name, to.moving[order], to.source)


def fire_control(grade: str, range_in: float, rulings: Rulings, t: Tables) -> list[Modifier]:
    row = t.fire.fire_control.rows[grade]
    n = increments(range_in, row.per_in, row.beyond_in, rulings)
    return mod(
        "fire control",
        row.drm * n,
        t.fire.fire_control.source,
        f'{row.name}, {range_in:g}": {n} x {row.drm} beyond {row.beyond_in:g}"',
    )


def cover(
    target: Stand, t: Tables, he_weight: str | None = None, icm: bool = False
) -> list[Modifier]:
    """Cover (troop stands only) and entrenchment; against HE, AFVs count as in hard (open
    topped: soft) cover, and the HE weight changes each modifier's size
    (ruling he.weight_cover_adjustment)."""
    c = t.fire.cover
    cat = target.fire_category()
    out: list[Modifier] = []
    cover: str = target.cover if cat == "troop" else "none"
    cover_why = c.source
    if cat != "troop" and target.cover != "none" and not (he_weight is not None and cat == "afv"):
        out.append(Modifier(name="target cover", value=0, rule=c.source,
                            detail=f"{target.cover}: vehicle stands do not benefit from cover"))
    if he_weight is not None and cat == "afv":
        if icm:
            cover = "none"
            out.append(Modifier(name="target cover", value=0, rule=t.indirect.icm.source,
                                detail="AFV hard cover against HE ignored by ICM"))
        else:
            cover = t.indirect.he.afv_cover["soft" if target.unit.protection.open_top else "hard"]
            cover_why = t.indirect.he.source
    pairs = [
        ("cover", cover, c.cover[cover], cover_why),
        ("entrenchment", target.entrenchment, c.entrenchment[target.entrenchment], c.source),
    ]
    for name, level, value, rule in pairs:
        if value == 0:
            continue
        detail: str = level
        if he_weight is not None:
            change = t.indirect.he.cover_change[he_weight]
            new = min(0, value - change)
            if new != value:
                detail += f", {he_weight} HE: {value:+d} -> {new:+d}"
            value = new
        if value == 0:  # cancelled by heavier HE: said, not silently dropped
            out.append(Modifier(name=f"target {name}", value=0, rule=rule, detail=detail))
        else:
            out += mod(f"target {name}", value, rule, detail)
    return out


def grouping(shooter: Stand, target: Stand, t: Tables) -> list[Modifier]:
    g = t.fire.grouping
    return mod(
        "firer grouped",
        g.own_fire_per_extra_company * shooter.extra_companies,
        g.source,
        f"{shooter.extra_companies} additional "
        f"compan{'y' if shooter.extra_companies == 1 else 'ies'}",
    ) + mod(
        "target grouped",
        g.fire_at_group_per_extra_company * target.extra_companies,
        g.source,
        f"{target.extra_companies} additional "
        f"compan{'y' if target.extra_companies == 1 else 'ies'}",
    )


def facing(aspect: str, rulings: Rulings, t: Tables) -> list[Modifier]:
    m = t.fire.misc
    sign = -1 if rulings["fire.flank_rear_shift_direction"] == "literal" else 1
    if aspect == "flank":
        return mod(
            "firing at flank",
            sign * m.flank_shift,
            m.source,
            "ruling fire.flank_rear_shift_direction",
            kind="shift",
        )
    if aspect == "rear":
        return mod(
            "firing at rear",
            sign * m.rear_shift,
            m.source,
            "ruling fire.flank_rear_shift_direction",
            kind="shift",
        )
    return []


def light_in_open(weight: str, target: Stand, t: Tables) -> list[Modifier]:
    he = t.indirect.he
    cat = target.fire_category()
    in_open = target.cover == "none" and target.entrenchment == "none"
    if weight in he.light_in_open.weights and cat in ("troop", "soft") and in_open:
        return mod(
            "light HE against troops/soft vehicles in the open",
            he.light_in_open.drm,
            he.source,
            weight,
        )
    return []
