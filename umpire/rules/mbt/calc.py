"""``umpire calc`` procedures for mbt, by name: fire, sight, gp, close_assault, hand_to_hand,
los, move, missile.

Each validates its case (pydantic, unknown fields rejected), converts inches to hexes once
(:mod:`umpire.rules.mbt.conversions`) and calls the pure procedure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.core.dice import Dice
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.mbt.cases import (
    CloseAssaultCase,
    FireCase,
    GpCase,
    HandToHandCase,
    MissileCase,
    MoveCase,
    SightCase,
)
from umpire.schema.load import validate

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.rules.answer import CalcAnswer, CalcProcedure




def _rulings(overrides: dict[str, str]) -> Rulings:
    from umpire.rules.mbt import data

    return data.rulings().select(overrides)


def _finish(res: Resolution, dice: Dice, rulings: Rulings) -> Resolution:
    res.rolls = list(getattr(dice, "rolls", []))
    res.rulings = rulings.differences()
    return res


def _hexes(inches: float, scale: float, rulings: Rulings) -> int:
    from umpire.rules.mbt.conversions import to_hexes

    return to_hexes(inches, scale, rulings["scale.range_rounding"])


def _weapon_name(card: Any, name: str | None, ammo: str) -> str:
    if name:
        return name
    for w in card.weapons:
        if any(a.name.lower() == ammo.lower() for a in w.ammo):
            return str(w.name)
    return str(card.weapons[0].name)


def fire(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """AP point effect fire (7.4, 14.3)."""
    from umpire.rules.answer import CalcAnswer
    from umpire.rules.mbt import ap_fire, arcs, data, orders, sighting

    c = validate(FireCase, case, "case")
    rulings = _rulings(c.rulings)
    rng = _hexes(c.range, c.scale, rulings)
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
        _basic_only(
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
        weapon=_weapon_name(firer, c.firer.weapon, c.firer.ammo),
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
    answer = CalcAnswer(resolution=_finish(res, dice, rulings), game=c.game)
    if odds:
        answer.odds = hit_odds(res.extra["hit_number"], res.outcome["shots"])
    return answer


def _basic_only(
    *, hull_down: bool, inside_building: bool, improved_position: bool, conditions: str
) -> None:
    """Refuse what the Basic Game does not have (13.2 replaces 6.1.4 and brings hull down;
    15.4.3 and 17.6 bring buildings to enter and improved positions; 13.1.1: Day only).

    :raises UmpireError: naming the field and the Advanced Game rule.
    """
    if hull_down:
        raise UmpireError(
            "target.hull_down: hull down is an Advanced Game rule (13.2 replaces 6.1.4 of the "
            "Basic Game); give game: advanced, or leave hull_down out"
        )
    if inside_building:
        raise UmpireError("target.inside_building: entering buildings is an Advanced Game rule (15.4.3)")
    if improved_position:
        raise UmpireError("target.terrain: improved positions are an Advanced Game rule (17.6)")
    if conditions != "day":
        raise UmpireError(
            f"conditions: {conditions!r}: in the Basic Game the conditions are always Day (13.1.1)"
        )


def hit_odds(h: int, rof: int) -> dict[str, float]:
    """Exact chances of 0..ROF hits from the hit number (every d100 reading equally likely)."""
    from umpire.rules.mbt.ap_tables import number_of_hits

    counts: dict[str, float] = {}
    for roll in range(1, 101):
        n = number_of_hits(h, rof, roll, [])
        key = f"{n} hit{'s' if n != 1 else ''}"
        counts[key] = counts.get(key, 0) + 0.01
    return {k: round(v, 4) for k, v in sorted(counts.items())}


def sight(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Can the target be seen (6.1.3, 13.1, 13.2), and how well identified (24.2.2)?"""
    from umpire.rules.answer import CalcAnswer
    from umpire.rules.mbt import sighting

    c = validate(SightCase, case, "case")
    rulings = _rulings(c.rulings)
    rng = _hexes(c.range, c.scale, rulings)
    kind = "vehicle" if c.target.kind == "hex" else c.target.kind
    terrain = "clear" if c.target.kind == "hex" else c.target.terrain
    if c.game == "basic":
        _basic_only(hull_down=False, inside_building=False, improved_position=False,
                    conditions=c.conditions)
        if kind != "vehicle":
            raise UmpireError(
                f"target.kind: {kind!r}: the Basic Game has vehicles only (13.1.2 adds "
                "small and large units)"
            )
    ruled: list[str] = []
    est_order: list[str] = []
    base = sighting.chart_range(
        c.conditions, c.sighter.turret, terrain, kind, rulings, estimated=est_order, ruled=ruled
    )
    limit = sighting.sighting_limit(base.v, c.target.spotted)
    in_range = limit is None or rng <= limit
    obstacles = [
        sighting.Obstacle(_hexes(o.distance, c.scale, rulings), o.height, o.what)
        for o in c.obstacles
    ]
    if c.game == "basic":
        los = sighting.basic_height_los(c.sighter.height, c.target.height, rng, obstacles)
    else:
        los = sighting.advanced_los(c.sighter.height, c.target.height, rng, obstacles)
    seen = in_range and not los.blocked
    level = sighting.identification(rng, base.v, c.target.spotted) if seen else None
    estimated = (
        [f"sighting range {c.conditions} {c.sighter.turret} {kind} ({base.v})"]
        if base.estimated
        else []
    ) + est_order + los.estimated
    from umpire.rules.mbt.conversions import to_inches

    max_in = None if limit is None else to_inches(limit, c.scale)
    summary = ("seen" if seen else "not seen") + (f", identification: {level}" if level else "")
    res = Resolution(
        ruleset="mbt",
        procedure="sight",
        outcome={
            "seen": seen,
            "identification": level,
            "hull_down": los.hull_down and seen,
            "los_blocked": los.blocked,
        },
        summary=summary,
        notes=los.reasons,
        estimated=estimated,
        ruled=ruled,
        extra={
            "max_range": limit,
            "max_range_inches": max_in,
            "chart_range": base.v,
            "range": rng,
            "los_chart": los.cells,
        },
    )
    return CalcAnswer(resolution=_finish(res, dice, rulings), game=c.game)


def gp(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """GP point effect fire (14.4)."""
    from umpire.rules.answer import CalcAnswer
    from umpire.rules.mbt import data, gp_fire, orders
    from umpire.rules.mbt.ap_tables import factor_at

    c = validate(GpCase, case, "case")
    rulings = _rulings(c.rulings)
    rng = _hexes(c.range, c.scale, rulings)
    firer = data.card(c.firer.card)
    weapon = firer.weapon(_weapon_name(firer, c.firer.weapon, c.firer.ammo))
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
    return CalcAnswer(resolution=_finish(res, dice, rulings), game=c.game)


def close_assault(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Close assault on an adjacent vehicle (14.5)."""
    from umpire.rules.answer import CalcAnswer
    from umpire.rules.mbt import close_assault as ca
    from umpire.rules.mbt import data

    c = validate(CloseAssaultCase, case, "case")
    rulings = _rulings(c.rulings)
    res = ca.close_assault(
        attack_gp=c.attack_gp,
        target=data.card(c.target),
        dice=dice,
        rulings=rulings,
        height_diff=c.height_diff,
        target_moving=c.target_moving,
        target_open=c.target_open,
        grade=c.grade,
        assault_infantry=c.assault_infantry,
        flamethrower=c.flamethrower,
    )
    return CalcAnswer(resolution=_finish(res, dice, rulings), game=c.game)


def hand_to_hand(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Hand-to-hand combat (14.6)."""
    from umpire.rules.answer import CalcAnswer
    from umpire.rules.mbt import close_assault as ca

    c = validate(HandToHandCase, case, "case")
    rulings = _rulings(c.rulings)
    res = ca.hand_to_hand(
        attacker=c.attacker,
        defender=c.defender,
        dice=dice,
        rulings=rulings,
        attackers=c.attackers,
        defender_suppressed=c.defender_suppressed,
        uphill=c.uphill,
        defender_crew_loss=c.defender_crew_loss,
        attacker_grade=c.attacker_grade,
        defender_grade=c.defender_grade,
        height_diff=c.height_diff,
    )
    return CalcAnswer(resolution=_finish(res, dice, rulings), game=c.game)


def move(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Cost of a vehicle's route in inches (8.0, 23.3.2.1)."""
    from umpire.rules.answer import CalcAnswer
    from umpire.rules.mbt import data, movement

    c = validate(MoveCase, case, "case")
    rulings = _rulings(c.rulings)
    card = data.card(c.card)
    result = movement.cost(
        card,
        [movement.Leg(**leg.model_dump()) for leg in c.route],
        c.orders,
        c.scale,
        ruling=rulings["orders.move_full_speed"],
        suppressed=c.suppressed,
        night=c.conditions in ("night", "moonlight"),
    )
    res = Resolution(
        ruleset="mbt",
        procedure="move",
        outcome={
            "legal": result.legal,
            "spent": round(result.spent, 3),
            "allowance": round(result.allowance, 3),
        },
        summary=("allowed" if result.legal else "not allowed")
        + f": {result.spent:g} of {result.allowance:g} inches",
        notes=result.lines,
        estimated=result.estimated,
    )
    return CalcAnswer(resolution=_finish(res, dice, rulings), game=c.game)


def missile(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Flight of an ATGM at a moving target (14.2.2)."""
    from umpire.rules.answer import CalcAnswer
    from umpire.rules.mbt import data, missiles

    c = validate(MissileCase, case, "case")
    rulings = _rulings(c.rulings)
    weapon = data.card(c.card).weapon(c.weapon)
    moved = len(c.path) - 1
    spd = missiles.speed(weapon, moved)
    path = [
        missiles.PathPoint(_hexes(r, c.scale, rulings), i not in c.lost_at)
        for i, r in enumerate(c.path)
    ]
    flight = missiles.fly(path, spd.v)
    res = Resolution(
        ruleset="mbt",
        procedure="missile",
        outcome={"reaches": flight.impact is not None, "impact_at": flight.impact},
        summary=flight.reason,
        estimated=[f"{c.card} {weapon.name} speed ({spd.v})"] if spd.estimated else [],
        extra={"speed": spd.v, "hexes_moved": moved},
    )
    return CalcAnswer(resolution=_finish(res, dice, rulings), game=c.game)


PROCEDURES: dict[str, CalcProcedure] = {
    "fire": fire,
    "sight": sight,
    "gp": gp,
    "close_assault": close_assault,
    "hand_to_hand": hand_to_hand,
    "move": move,
    "missile": missile,
}


CASE_MODELS: dict[str, type[BaseModel]] = {
    "fire": FireCase,
    "sight": SightCase,
    "gp": GpCase,
    "close_assault": CloseAssaultCase,
    "hand_to_hand": HandToHandCase,
    "move": MoveCase,
    "missile": MissileCase,
}
