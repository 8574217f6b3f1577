"""``umpire calc`` procedures for mbt, by name: fire, sight, gp, close_assault, hand_to_hand,
los, move, missile.

Each validates its case (pydantic, unknown fields rejected), converts inches to hexes once
(:mod:`umpire.rules.mbt.conversions`) and calls the pure procedure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import ConfigDict, Field

from umpire.core.dice import Dice
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.schema.checked import Checked
from umpire.schema.load import validate

if TYPE_CHECKING:
    from umpire.calc import CalcAnswer, CalcProcedure


class _Case(Checked):
    model_config = ConfigDict(extra="forbid")


class Firer(_Case):
    card: str
    weapon: str | None = None
    ammo: str
    orders: str = "F"
    turret: Literal["open", "buttoned"] = "open"
    grade: Literal["poor", "average", "crack"] = "average"
    sight: str | None = None
    suppressed: bool = False
    tem_sup: bool = False
    transported: bool = False
    crew_losses: int = Field(0, ge=0)
    acquisition_turns: int = Field(0, ge=0)
    height: int | None = None


class FireTarget(_Case):
    card: str
    orders: str = "F"
    terrain: str | list[str] = "clear"
    spotted: Literal["none", "moved", "fired"] = "none"
    turret: Literal["open", "buttoned"] = "buttoned"
    hull_down: bool = False
    inside_building: Literal["wooden", "brick", "stone"] | None = None
    crowded: bool = False
    reactive_armor: Literal["none", "light", "heavy"] = "none"
    compartment_hit: bool = False
    gun_hit: bool = False
    height: int | None = None


class Smoke(_Case):
    brew_up: int = Field(0, ge=0)
    other: int = Field(0, ge=0)
    discharger: bool = False


class FireCase(_Case):
    ruleset: str = "mbt"
    scale: float = 1
    game: Literal["basic", "advanced"] = "advanced"
    conditions: str = "day"
    firer: Firer
    target: FireTarget
    range: float = Field(gt=0)
    elevation: Literal["level", "rising", "falling"] | None = None
    angle: str = "front"
    shots: int | None = None
    smoke: Smoke = Field(default_factory=Smoke)
    rulings: dict[str, str] = Field(default_factory=dict)


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
    from umpire.calc import CalcAnswer
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
    base = sighting.chart_range(c.conditions, c.firer.turret, c.target.terrain, "vehicle", rulings)
    limit = sighting.sighting_limit(base.v, c.target.spotted)
    if base.estimated:
        estimated.append(f"sighting range {c.conditions} {c.firer.turret} vehicle ({base.v})")
    if limit is not None and rng > limit:
        raise UmpireError(
            f"range {rng}: the target cannot be seen, so cannot be fired at (7.2); sighting "
            f"reaches {limit} (chart {base.v}, spotted {c.target.spotted}; 6.1.3)"
        )
    hull_down = c.target.hull_down
    auto = sighting.automatic_hull_down(
        rng,
        c.firer.height or 0,
        c.target.height or 0,
        improved_position="improved_position"
        in ([c.target.terrain] if isinstance(c.target.terrain, str) else c.target.terrain),
        inside_building=c.target.inside_building,
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
    res.extra["range_inches"] = c.range
    answer = CalcAnswer(resolution=_finish(res, dice, rulings))
    if odds:
        answer.odds = hit_odds(res.extra["hit_number"], res.outcome["shots"])
    return answer


def hit_odds(h: int, rof: int) -> dict[str, float]:
    """Exact chances of 0..ROF hits from the hit number (every d100 reading equally likely)."""
    from umpire.rules.mbt import ap_fire

    counts: dict[str, float] = {}
    for roll in range(1, 101):
        n = ap_fire.number_of_hits(h, rof, roll, [])
        key = f"{n} hit{'s' if n != 1 else ''}"
        counts[key] = counts.get(key, 0) + 0.01
    return {k: round(v, 4) for k, v in sorted(counts.items())}


# ---------------------------------------------------------------------------------------------


class Sighter(_Case):
    turret: Literal["open", "buttoned"] = "open"
    height: int = 0


class SightTarget(_Case):
    kind: Literal["vehicle", "large", "small", "hex"] = "vehicle"
    terrain: str | list[str] = "clear"
    spotted: Literal["none", "moved", "fired"] = "none"
    height: int = 0


class ObstacleIn(_Case):
    distance: float = Field(gt=0)
    height: int
    what: str = "terrain"


class SightCase(_Case):
    ruleset: str = "mbt"
    scale: float = 1
    conditions: str = "day"
    sighter: Sighter = Field(default_factory=Sighter)
    target: SightTarget = Field(default_factory=SightTarget)
    range: float = Field(gt=0)
    obstacles: list[ObstacleIn] = Field(default_factory=list)
    rulings: dict[str, str] = Field(default_factory=dict)


def sight(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Can the target be seen (6.1.3, 13.1, 13.2), and how well identified (24.2.2)?"""
    from umpire.calc import CalcAnswer
    from umpire.rules.mbt import sighting

    c = validate(SightCase, case, "case")
    rulings = _rulings(c.rulings)
    rng = _hexes(c.range, c.scale, rulings)
    kind = "vehicle" if c.target.kind == "hex" else c.target.kind
    terrain = "clear" if c.target.kind == "hex" else c.target.terrain
    base = sighting.chart_range(c.conditions, c.sighter.turret, terrain, kind, rulings)
    limit = sighting.sighting_limit(base.v, c.target.spotted)
    in_range = limit is None or rng <= limit
    los = sighting.advanced_los(
        c.sighter.height,
        c.target.height,
        rng,
        [
            sighting.Obstacle(_hexes(o.distance, c.scale, rulings), o.height, o.what)
            for o in c.obstacles
        ],
    )
    seen = in_range and not los.blocked
    level = sighting.identification(rng, base.v, c.target.spotted) if seen else None
    estimated = (
        [f"sighting range {c.conditions} {c.sighter.turret} {kind} ({base.v})"]
        if base.estimated
        else []
    ) + los.estimated
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
        extra={
            "max_range": limit,
            "max_range_inches": max_in,
            "chart_range": base.v,
            "range": rng,
            "los_chart": los.cells,
        },
    )
    return CalcAnswer(resolution=_finish(res, dice, rulings))


# ---------------------------------------------------------------------------------------------


class GpFirer(_Case):
    card: str
    weapon: str | None = None
    ammo: str = "GP"
    orders: str = "F"
    grade: Literal["poor", "average", "crack"] = "average"
    suppressed: bool = False
    crew_losses: int = Field(0, ge=0)
    transported: bool = False
    acquisition_turns: int = Field(0, ge=0)
    canister: bool = False


class GpTargetIn(_Case):
    card: str | None = None
    kind: Literal["vehicle", "squad", "half_squad", "team", "towed"] = "vehicle"
    gp_defense: int | None = None
    orders: str = "F"
    turret: Literal["open", "buttoned"] = "buttoned"
    terrain: str = "clear"
    hull_down: bool = False
    pending_atgm: bool = False


class GpCase(_Case):
    ruleset: str = "mbt"
    scale: float = 1
    firer: GpFirer
    target: GpTargetIn
    range: float = Field(gt=0)
    smoke: Smoke = Field(default_factory=Smoke)
    rulings: dict[str, str] = Field(default_factory=dict)


def gp(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """GP point effect fire (14.4)."""
    from umpire.calc import CalcAnswer
    from umpire.rules.mbt import ap_fire, data, gp_fire, orders

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
    _, val, band = ap_fire.factor_at(firer, weapon, ammo, line, rng)
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
    return CalcAnswer(resolution=_finish(res, dice, rulings))


# ---------------------------------------------------------------------------------------------


class CloseAssaultCase(_Case):
    ruleset: str = "mbt"
    attack_gp: int = Field(gt=0)
    target: str
    height_diff: int = 0
    target_moving: bool = False
    target_open: bool = False
    grade: Literal["poor", "average", "crack"] = "average"
    assault_infantry: bool = False
    flamethrower: bool = False
    rulings: dict[str, str] = Field(default_factory=dict)


def close_assault(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Close assault on an adjacent vehicle (14.5)."""
    from umpire.calc import CalcAnswer
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
    return CalcAnswer(resolution=_finish(res, dice, rulings))


class HandToHandCase(_Case):
    ruleset: str = "mbt"
    attacker: str
    defender: str
    attackers: int = Field(1, ge=1)
    defender_suppressed: bool = False
    uphill: bool = False
    defender_crew_loss: bool = False
    attacker_grade: Literal["poor", "average", "crack"] = "average"
    defender_grade: Literal["poor", "average", "crack"] = "average"
    height_diff: int = 0
    rulings: dict[str, str] = Field(default_factory=dict)


def hand_to_hand(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Hand-to-hand combat (14.6)."""
    from umpire.calc import CalcAnswer
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
    return CalcAnswer(resolution=_finish(res, dice, rulings))


# ---------------------------------------------------------------------------------------------


class LegIn(_Case):
    terrain: str = "clear"
    inches: float = Field(gt=0)
    road: bool = False
    path: bool = False
    height_change: int = 0
    smoke: bool = False
    wire: bool = False
    turn: float = 0
    reverse: bool = False


class MoveCase(_Case):
    ruleset: str = "mbt"
    scale: float = 1
    card: str
    orders: str = "M"
    suppressed: bool = False
    conditions: str = "day"
    route: list[LegIn]
    rulings: dict[str, str] = Field(default_factory=dict)


def move(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Cost of a vehicle's route in inches (8.0, 23.3.2.1)."""
    from umpire.calc import CalcAnswer
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
    return CalcAnswer(resolution=_finish(res, dice, rulings))


class MissileCase(_Case):
    ruleset: str = "mbt"
    scale: float = 1
    card: str
    weapon: str
    path: list[float] = Field(min_length=1)  # range in inches at each hex of the move
    lost_at: list[int] = Field(
        default_factory=list
    )  # path indexes where the target is not a legal target
    rulings: dict[str, str] = Field(default_factory=dict)


def missile(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Flight of an ATGM at a moving target (14.2.2)."""
    from umpire.calc import CalcAnswer
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
    return CalcAnswer(resolution=_finish(res, dice, rulings))


PROCEDURES: dict[str, CalcProcedure] = {
    "fire": fire,
    "sight": sight,
    "gp": gp,
    "close_assault": close_assault,
    "hand_to_hand": hand_to_hand,
    "move": move,
    "missile": missile,
}
