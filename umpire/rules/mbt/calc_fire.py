"""The MBT calc procedures of fire: AP fire (with its odds) and GP fire."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.core.dice import Dice
from umpire.errors import UmpireError
from umpire.rules.mbt.calc_helpers import basic_only, case_rulings, finish, in_hexes, weapon_name
from umpire.rules.mbt.cases import (
    FireCase,
    GpCase,
)
from umpire.schema.load import validate

if TYPE_CHECKING:

    from umpire.rules.answer import CalcAnswer


def fire(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """AP point effect fire (7.4, 14.3)."""
    from umpire.rules.answer import CalcAnswer
    from umpire.rules.mbt import ap_fire, arcs, data, orders, sighting

    c = validate(FireCase, case, "case")
    rulings = case_rulings(c.rulings)
    rng = in_hexes(c.range, c.scale, rulings)
    firer, target = data.card(c.firer.card), data.card(c.target.card)
    fo, to = orders.order_code(c.firer.orders), orders.order_code(c.target.orders)
    if c.game == "basic" and fo not in orders.BASIC_ORDERS:
        raise UmpireError(
            f"firer.orders: {fo} is not a Basic Game order "
            f"(allowed: {', '.join(orders.BASIC_ORDERS)})"
        )
    elevation = c.elevation
    if elevation is None:
        fh, th = c.firer.height or 0, c.target.height or 0
        elevation = "level" if fh == th else ("falling" if fh > th else "rising")
    notes: list[str] = []
    estimated: list[str] = []
    # ability to fire (7.2): seen
    ruled: list[str] = []
    base = sighting.chart_range(
        c.conditions, c.firer.turret, c.target.terrain, "vehicle", rulings,
        estimated=estimated, ruled=ruled,
    )
    limit = sighting.sighting_limit(base.v, c.target.spotted)
    if base.estimated:
        estimated.append(f"sighting range {c.conditions} {c.firer.turret} vehicle ({base.v})")
    if limit is not None and rng > limit:
        raise UmpireError(
            f"range {rng}: the target cannot be seen, so cannot be fired at (7.2); sighting "
            f"reaches {limit} (chart {base.v}, spotted {c.target.spotted}; 6.1.3)"
        )
    hull_down = c.target.hull_down
    terrains = [c.target.terrain] if isinstance(c.target.terrain, str) else c.target.terrain
    if c.game == "basic":
        basic_only(
            hull_down=c.target.hull_down,
            inside_building=c.target.inside_building is not None,
            improved_position="improved_position" in terrains,
            conditions=c.conditions,
        )
    auto = (
        sighting.automatic_hull_down(
            rng,
            c.firer.height or 0,
            c.target.height or 0,
            improved_position="improved_position" in terrains,
            inside_building=c.target.inside_building,
        )
        if c.game == "advanced"
        else None
    )
    if auto:
        hull_down = True
        notes.append(f"hull down: {auto}")
    shot = ap_fire.ApShot(
        firer=firer,
        weapon=weapon_name(firer, c.firer.weapon, c.firer.ammo),
        ammo=c.firer.ammo,
        target=target,
        range=rng,
        firer_orders=fo,
        target_orders=to,
        terrain=[c.target.terrain] if isinstance(c.target.terrain, str) else c.target.terrain,
        elevation=elevation,
        angle=arcs.angle_name(c.angle),
        shots=c.shots,
        grade=c.firer.grade,
        sight=c.firer.sight,
        conditions=c.conditions,
        firer_suppressed=c.firer.suppressed,
        firer_tem_sup=c.firer.tem_sup,
        firer_transported=c.firer.transported,
        firer_crew_losses=c.firer.crew_losses,
        acquisition_turns=c.firer.acquisition_turns,
        brew_up_smoke_hexes=c.smoke.brew_up,
        other_smoke_hexes=c.smoke.other,
        discharger_smoke=c.smoke.discharger,
        hull_down=hull_down,
        inside_building=c.target.inside_building is not None,
        crowded=c.target.crowded,
        reactive_armor=c.target.reactive_armor,
        target_open=c.target.turret == "open",
        target_compartment_hit=c.target.compartment_hit,
        target_gun_hit=c.target.gun_hit,
        advanced=c.game == "advanced",
    )
    res = ap_fire.resolve(shot, dice, rulings)
    res.notes = notes + res.notes
    res.estimated = estimated + [e for e in res.estimated if e not in estimated]
    res.ruled = ruled + [r for r in res.ruled if r not in ruled]
    res.extra["range_inches"] = c.range
    answer = CalcAnswer(resolution=finish(res, dice, rulings), game=c.game)
    if odds:
        answer.odds = hit_odds(res.extra["hit_number"], res.outcome["shots"])
    return answer


def hit_odds(h: int, rof: int) -> dict[str, float]:
    """Exact chances of 0..ROF hits from the hit number (every d100 reading equally likely)."""
    from umpire.rules.mbt.ap_tables import number_of_hits

    counts: dict[str, float] = {}
    for roll in range(1, 101):
        n = number_of_hits(h, rof, roll, [])
        key = f"{n} hit{'s' if n != 1 else ''}"
        counts[key] = counts.get(key, 0) + 0.01
    return {k: round(v, 4) for k, v in sorted(counts.items())}


def gp(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """GP point effect fire (14.4)."""
    from umpire.rules.answer import CalcAnswer
    from umpire.rules.mbt import data, gp_fire, orders
    from umpire.rules.mbt.ap_tables import factor_at

    c = validate(GpCase, case, "case")
    rulings = case_rulings(c.rulings)
    rng = in_hexes(c.range, c.scale, rulings)
    firer = data.card(c.firer.card)
    weapon = firer.weapon(weapon_name(firer, c.firer.weapon, c.firer.ammo))
    ammo = weapon.find_ammo(c.firer.ammo)
    if ammo.type != "GP":
        raise UmpireError(
            f"ammo: {ammo.name} is {ammo.type} (AP fire); GP fire uses "
            f"{', '.join(a.name for a in weapon.ammo if a.type == 'GP') or 'nothing'}"
        )
    orders.check_can_fire(c.firer.orders, weapon.kind)
    line = orders.gp_line(c.firer.orders)
    if getattr(ammo, line) is None:
        raise UmpireError(
            f"firer.orders: the {weapon.name} has no moving GP line, "
            "so cannot fire while moving (14.4.1)"
        )
    if c.firer.canister and not 2 <= rng <= 10:
        raise UmpireError(f"range {rng}: canister reaches 2-10 hexes (14.4.5.2)")
    est: list[str] = []
    _, val, band = factor_at(firer, weapon, ammo, line, rng)
    if val.estimated:
        est.append(f"{firer.card} {weapon.name} {ammo.name} {line.upper()} at {band} ({val.v})")
    if c.target.kind == "vehicle":
        if c.target.card is None:
            raise UmpireError("target.card: a vehicle target needs its data card")
        tcard = data.card(c.target.card)
        dv = tcard.target.gp_defense
        if dv.estimated:
            est.append(f"{tcard.card} GP defense ({dv.v})")
        defense = dv.v
    else:
        if c.target.gp_defense is None:
            raise UmpireError(
                "target.gp_defense: a leg or towed target needs its GP "
                "defense (from its card by terrain)"
            )
        defense = c.target.gp_defense
    tgt = gp_fire.GpTarget(
        kind=c.target.kind,
        gp_defense=defense,
        open=c.target.turret == "open",
        orders=c.target.orders,
        in_woods="woods" in c.target.terrain,
        in_building=c.target.terrain == "building",
        hull_down=c.target.hull_down,
        pending_atgm=c.target.pending_atgm,
    )
    mods = gp_fire.modifiers(
        firer_orders=c.firer.orders,
        target=tgt,
        rng=rng,
        grade=c.firer.grade,
        suppressed=c.firer.suppressed,
        crew_losses=c.firer.crew_losses,
        transported=c.firer.transported,
        acquisition_turns=c.firer.acquisition_turns,
        brew_up_smoke_hexes=c.smoke.brew_up,
        other_smoke_hexes=c.smoke.other,
        canister=c.firer.canister,
        estimated=est,
    )
    res = gp_fire.resolve(
        gp=val.v,
        defense=defense,
        target=tgt,
        mods=mods,
        dice=dice,
        estimated=est,
        rng=rng,
        gp_kill=ammo.gp_kill,
        canister=c.firer.canister,
        extra={"range": rng, "range_band": band},
    )
    return CalcAnswer(resolution=finish(res, dice, rulings), game=c.game)
