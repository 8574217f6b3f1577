"""``umpire calc`` procedures for mbt, by name: fire, sight, gp, overrun, close_assault,
hand_to_hand, move, missile, into_buildings, smoke.

Each validates its case (pydantic, unknown fields rejected), converts inches to hexes once
(:mod:`umpire.rules.mbt.conversions`) and calls the pure procedure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.core.dice import Dice
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.core.tape import MOVE_TOLERANCE
from umpire.errors import UmpireError
from umpire.rules.mbt import data, movement, sighting
from umpire.rules.mbt.calc_advanced import into_buildings, overrun, smoke
from umpire.rules.mbt.calc_fire import fire, gp
from umpire.rules.mbt.calc_helpers import basic_only, case_rulings, finish, in_hexes, searchlit
from umpire.rules.mbt.cases import (
    CloseAssaultCase,
    FireCase,
    GpCase,
    HandToHandCase,
    MissileCase,
    MoveCase,
    SightCase,
)
from umpire.rules.mbt.cases_advanced import IntoBuildingsCase, OverrunCase, SmokeCase
from umpire.rules.mbt.conversions import to_inches
from umpire.rules.mbt.facts import MoveFacts, SightFacts
from umpire.schema.load import validate

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.rules.answer import CalcAnswer, CalcProcedure
    from umpire.rules.mbt.sighting import LosResult


def sight(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Can the target be seen (6.1.3, 13.1, 13.2), and how well identified (24.2.2)?"""
    from umpire.rules.answer import CalcAnswer

    c = validate(SightCase, case, "case")
    rulings = case_rulings(c.rulings)
    rng = in_hexes(c.range, c.scale, rulings)
    kind = "vehicle" if c.target.kind == "hex" else c.target.kind
    terrain = "clear" if c.target.kind == "hex" else c.target.terrain
    if c.game == "basic":
        _basic_sighting(c, kind)
    ruled: list[str] = []
    est_order: list[str] = []
    from umpire.rules.mbt.options.terrain import fire_light

    conditions, lit = fire_light(c.conditions, c.near_fire)
    conditions, lit = searchlit(c, conditions, lit, rng, rulings)
    base = sighting.chart_range(
        conditions, c.sighter.turret, terrain, kind, rulings, estimated=est_order, ruled=ruled
    )
    limit = sighting.sighting_limit(base.v, c.target.spotted)
    in_range = limit is None or rng <= limit
    los = _line_of_sight(c, rng, rulings)
    seen = in_range and not los.blocked
    level = sighting.identification(rng, base.v, c.target.spotted) if seen else None
    estimated = (
        [f"sighting range {conditions} {c.sighter.turret} {kind} ({base.v})"]
        if base.estimated
        else []
    ) + est_order + los.estimated

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
        notes=[lit, *los.reasons] if lit else los.reasons,
        estimated=estimated,
        ruled=ruled,
        facts=SightFacts(max_range=limit, max_range_inches=max_in, chart_range=base.v, range=rng, los_chart=los.cells),
    )
    return CalcAnswer(resolution=finish(res, dice, rulings), game=c.game)


def _flame(res: Resolution, flamethrower: bool, building: str | None) -> Resolution:
    """Option 17.4.1.2.1: a flamethrower used against units in a building hex starts a fire there."""
    from umpire.rules.mbt.options.terrain import flame_starts_fire

    words = flame_starts_fire(flamethrower, building)
    if words:
        res.outcome["fire"] = True
        res.outcome["effects"] = [*res.outcome.get("effects", []), words]
        res.notes.append(words)
    return res


def _basic_sighting(c: SightCase, kind: str) -> None:
    """Refuse what the Basic Game does not sight: its options, a target that is not a vehicle
    (13.1.2 adds small and large units)."""
    basic_only(hull_down=False, inside_building=False, improved_position=False,
               conditions=c.conditions)
    if kind != "vehicle":
        raise UmpireError(
            f"target.kind: {kind!r}: the Basic Game has vehicles only (13.1.2 adds "
            "small and large units)"
        )


def _line_of_sight(c: SightCase, rng: int, rulings: Rulings) -> LosResult:
    """The line of sight over the case's obstacles: by height alone in the Basic Game (6.1.3),
    by the chart in the Advanced Game (13.2)."""
    obstacles = [
        sighting.Obstacle(in_hexes(o.distance, c.scale, rulings), o.height, o.what)
        for o in c.obstacles
    ]
    if c.game == "basic":
        return sighting.basic_height_los(c.sighter.height, c.target.height, rng, obstacles)
    return sighting.advanced_los(c.sighter.height, c.target.height, rng, obstacles)


def resolve_close_assault(c: CloseAssaultCase, dice: Dice, rulings: Rulings) -> Resolution:
    """A close assault from a checked case (14.5): what calc and the tracked turn both run."""
    from umpire.rules.mbt import close_assault as ca

    return _flame(ca.close_assault(c, data.card(c.target), dice, rulings), c.flamethrower, c.building)


def close_assault(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Close assault on an adjacent vehicle (14.5)."""
    from umpire.rules.answer import CalcAnswer

    c = validate(CloseAssaultCase, case, "case")
    rulings = case_rulings(c.rulings)
    return CalcAnswer(resolution=finish(resolve_close_assault(c, dice, rulings), dice, rulings), game=c.game)


def resolve_hand_to_hand(c: HandToHandCase, dice: Dice, rulings: Rulings) -> Resolution:
    """Hand-to-hand combat from a checked case (14.6): what calc and the tracked turn both run."""
    from umpire.rules.mbt import close_assault as ca

    return _flame(ca.hand_to_hand(c, dice, rulings), c.attacker_flamethrower, c.building)


def hand_to_hand(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Hand-to-hand combat (14.6)."""
    from umpire.rules.answer import CalcAnswer

    c = validate(HandToHandCase, case, "case")
    rulings = case_rulings(c.rulings)
    return CalcAnswer(resolution=finish(resolve_hand_to_hand(c, dice, rulings), dice, rulings), game=c.game)


def movement_of(c: MoveCase, rulings: Rulings) -> movement.MoveCost:
    """What a move costs and whether the unit may make it (8.0, 15.1, 15.2, 18.1.1, 23.3.2.1): a
    vehicle by its card's costs; a leg unit one hex length per movement factor whatever the
    terrain, floors in a building a hex each (15.1.1, 15.4.1.1); a towed gun a hex (15.2.1).
    The tracked turn prices its moves here too.

    :raises UmpireError: for a terrain the card does not list, a card that does not move.
    """
    from umpire.rules.mbt import cards, firers, orders

    card = cards.any_card(c.card)
    night = movement.night_movement(c.conditions)
    if c.game == "basic" and (c.ground, c.streams) != ("normal", "fordable"):
        raise UmpireError(f"ground: {c.ground}, streams: {c.streams}: ground weather is option 18.2, played with the "
                          "Advanced Game (give game: advanced)")
    if isinstance(card, cards.LegCard | cards.TowedCard):
        length = sum(leg.inches for leg in c.route)
        kind: str
        if isinstance(card, cards.LegCard):
            kind = firers.leg_type(card, c.type).leg
            allowance = movement.leg_allowance(kind, c.orders, c.scale, ruling=rulings["orders.move_full_speed"],
                                               night=night)
            if c.quickmarch:  # option 17.4.2
                from umpire.rules.mbt.options.limits import quickmarch_allowance

                allowance = c.scale * quickmarch_allowance(kind, c.orders, suppressed=c.suppressed, night=night,
                                                               nbc=c.nbc)
        else:
            kind, allowance = "towed gun", c.scale
        spent = length + c.floors * c.scale
        legal = spent <= allowance + MOVE_TOLERANCE
        lines = [f"{length:g} in" + (f" and {c.floors} floor(s)" if c.floors else "") + " (15.1.1, 15.4.1.1)"]
        if not legal:
            lines.append(f"needs {spent:g} in, the {kind.replace('_', ' ')} has {allowance:g} in with "
                         f"{orders.order_code(c.orders)} orders (15.1.1)")
        return movement.MoveCost(allowance, spent, legal, lines, [])
    est: list[str] = []
    heavy = ""
    if c.ice_tons is not None and c.streams == "frozen":
        from umpire.rules.mbt.options.terrain import too_heavy

        heavy = too_heavy(c.card, c.ice_tons, est)
    streams = "fordable" if heavy else c.streams  # 17.8.2: too heavy for the ice, it pays for the stream
    going = movement.Going(ruling=rulings["orders.move_full_speed"], suppressed=c.suppressed, night=night,
                           ground=c.ground, streams=streams, load_unload=c.load_unload, inside=c.inside,
                           wire_hexes=c.wire)
    cost = movement.cost(data.card(c.card), [movement.Leg(**leg.model_dump()) for leg in c.route], c.orders, c.scale,
                         going)
    if heavy:
        cost.lines.append(f"not over the ice: {heavy}; streams cost as unfrozen (17.8.2)")
    cost.estimated += [e for e in est if e not in cost.estimated]
    return cost


def move(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Cost of a unit's route in inches (8.0, 15.1, 15.2, 23.3.2.1)."""
    from umpire.rules.answer import CalcAnswer

    c = validate(MoveCase, case, "case")
    rulings = case_rulings(c.rulings)
    result = movement_of(c, rulings)
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
    return CalcAnswer(resolution=finish(res, dice, rulings), game=c.game)


def missile(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Flight of an ATGM at a moving target (14.2.2)."""
    from umpire.rules.answer import CalcAnswer
    from umpire.rules.mbt import data, missiles

    c = validate(MissileCase, case, "case")
    rulings = case_rulings(c.rulings)
    weapon = data.card(c.card).weapon(c.weapon)
    moved = len(c.path) - 1
    spd = missiles.speed(weapon, moved)
    path = [
        missiles.PathPoint(in_hexes(r, c.scale, rulings), i not in c.lost_at)
        for i, r in enumerate(c.path)
    ]
    flight = missiles.fly(path, spd.v)
    shown = ", ".join(f"{r:g}" for r in c.path)
    hexes = ", ".join(str(p.range) for p in path)
    notes = [
        f"path: the target's range from the firer as it starts and after each hex it enters: {shown} inches"
        + (f" ({hexes} hexes at {c.scale:g}\" a hex)" if shown != hexes else ""),
        f"speed {spd.v} hexes each time the target enters one ({weapon.name}, the "
        f"{'1-3' if moved <= 3 else '4+'} column: its move enters {moved} hex{'es' if moved != 1 else ''}; 14.2.2.2.3)",
        "flight: " + "; then ".join(f"{flown} flown of {rng}" for flown, rng in flight.steps) + " (14.2.2.2.4)",
    ]
    res = Resolution(
        ruleset="mbt",
        procedure="missile",
        outcome={"reaches": flight.impact is not None, "impact_at": flight.impact},
        summary=flight.reason,
        notes=notes,
        estimated=[f"{c.card} {weapon.name} speed ({spd.v})"] if spd.estimated else [],
        facts=MoveFacts(speed=spd.v, hexes_moved=moved),
    )
    return CalcAnswer(resolution=finish(res, dice, rulings), game=c.game)


PROCEDURES: dict[str, CalcProcedure] = {
    "fire": fire,
    "sight": sight,
    "gp": gp,
    "overrun": overrun,
    "close_assault": close_assault,
    "hand_to_hand": hand_to_hand,
    "move": move,
    "missile": missile,
    "into_buildings": into_buildings,
    "smoke": smoke,
}


CASE_MODELS: dict[str, type[BaseModel]] = {
    "fire": FireCase,
    "sight": SightCase,
    "gp": GpCase,
    "overrun": OverrunCase,
    "close_assault": CloseAssaultCase,
    "hand_to_hand": HandToHandCase,
    "move": MoveCase,
    "missile": MissileCase,
    "into_buildings": IntoBuildingsCase,
    "smoke": SmokeCase,
}


def _with_options() -> None:
    """The options' procedures (17-22) are the MBT ruleset's too."""
    from umpire.rules.mbt.options import calc as options

    for name in options.PROCEDURES:
        if name in PROCEDURES:  # pragma: no cover - a name clash is a programming error
            raise AssertionError(f"MBT calc procedure {name!r} defined twice")
    PROCEDURES.update(options.PROCEDURES)
    CASE_MODELS.update(options.CASE_MODELS)


_with_options()
