"""The situational modifiers of direct fire: target orders, fire control, cover, grouping, facing, light HE."""

from __future__ import annotations

from umpire.core.modifiers import Modifier
from umpire.core.rulings import Rulings
from umpire.rules.auftragstaktik.data import Tables
from umpire.rules.auftragstaktik.mods import increments, mod
from umpire.rules.auftragstaktik.ratings import Stand


def target_orders(target: Stand, t: Tables, rulings: Rulings | None = None) -> list[Modifier]:
    """The target's orders (COMBAT > Target Orders Modifiers); a DA stand that did not move is
    Stationary, or keeps its orders' +2 (ruling orders.da_not_moved)."""
    to = t.fire.target_orders
    if target.orders == "WD":
        return mod(
            "target on Withdraw",
            to.moving["WD"],
            to.source,
            "applied once (ruling fire.withdraw_double_count)",
        )
    da_still = target.orders == "DA" and target.stationary
    if da_still and rulings is not None and rulings["orders.da_not_moved"] == "orders":
        return mod("target on Deliberate Advance", to.moving["DA"], to.source,
                   "did not move: its orders' modifier (ruling orders.da_not_moved)")
    if da_still:
        troop = target.fire_category() == "troop"
        return [Modifier(name="target stationary", value=to.stationary_troop if troop else to.stationary,
                         rule=to.source, detail="on Deliberate Advance, did not move (ruling orders.da_not_moved)")]
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


def grouping(shooter: Stand, target: Stand, t: Tables, rulings: Rulings | None = None) -> list[Modifier]:
    """The grouping penalties of the firer and the target (rulings grouping.counting,
    grouping.free_companies)."""
    g = t.fire.grouping
    free = rulings["grouping.free_companies"] if rulings is not None else "one_of_each"
    out: list[Modifier] = []
    for who, stand, per in (("firer", shooter, g.own_fire_per_extra_company),
                            ("target", target, g.fire_at_group_per_extra_company)):
        n = stand.extra_companies(free)
        said = grouped_words(n, stand.grouped_companies, stand.troop_companies)
        out += mod(f"{who} grouped", per * n, g.source, said)
    return out


def grouped_words(extra: int, companies: int, troop: int | None) -> str:
    """``2 additional companies (3 troop companies of 3; ruling grouping.free_companies)``."""
    words = f"{extra} additional compan{'y' if extra == 1 else 'ies'}"
    if troop is None:
        return f"{words} (ruling grouping.counting)"
    troops = f"{troop} troop compan{'y' if troop == 1 else 'ies'} of {companies}"
    return f"{words} ({troops}; ruling grouping.free_companies)"


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
