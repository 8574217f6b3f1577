"""The MBT calc procedures of the Advanced Game's own resolutions: ``overrun`` (14.7),
``into_buildings`` (15.4.3) and ``smoke`` (12.6, 14.4.5.1, 15.7).

:func:`resolve_overrun`, :func:`resolve_into_buildings` and :func:`resolve_smoke` are what the
tracked turn runs too, on the case it builds from the table (kept with its resolution).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.core.dice import Dice
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Facts, Resolution
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.mbt.calc_helpers import case_rulings, finish, in_hexes
from umpire.rules.mbt.cases import GpCase
from umpire.rules.mbt.cases_advanced import IntoBuildingsCase, OverrunCase, SmokeCase
from umpire.schema.load import validate

if TYPE_CHECKING:
    from umpire.rules.answer import CalcAnswer
    from umpire.rules.mbt.vehicle_card import Weapon


def _gp_ammo(w: Weapon) -> str:
    return next((a.name for a in w.ammo if a.type == "GP"), "GP")


def overrun_weapons(c: OverrunCase) -> tuple[list[Weapon], list[tuple[Any, Weapon]], list[Weapon]]:
    """The vehicle's useable guns, its riders' weapons that may fire from it (15.3.4), and the
    defender's weapons (14.7.2.1.1, 14.7.2.2.1)."""
    from umpire.rules.mbt import cards, data, firers

    card = data.card(c.attacker.card)
    if c.attacker.weapons is None:
        guns = [w for w in firers.fitted(card) if w.kind in ("gun", "mg", "grenade")]
    else:
        guns = [firers.pick_weapon(card, None, n, "") for n in c.attacker.weapons]
    riders = []
    for r in c.attacker.riders:
        rc = cards.any_card(r.card)
        if not isinstance(rc, cards.LegCard):
            raise UmpireError(f"attacker.riders: {rc.card} is a {rc.kind} card: only leg units fire in an overrun "
                              "(14.7.2.2.1)")
        for name in r.weapons:
            w = firers.pick_weapon(rc, r.type, name, "")
            if not firers.rider_limits(rc, w, card, c.attacker.turret == "open")[0]:
                riders.append((rc, w))
    dc = cards.any_card(c.defender.card)
    if not isinstance(dc, cards.LegCard | cards.TowedCard):
        raise UmpireError(f"defender.card: {dc.card} is a {dc.kind} card: an overrun attacks a leg or towed unit "
                          "(14.7.1)")
    return guns, riders, [firers.pick_weapon(dc, c.defender.type, n, "") for n in c.defender.weapons]


def resolve_overrun(c: OverrunCase, dice: Dice, rulings: Rulings) -> Resolution:
    """One part of an overrun combat (14.7.2): the attack, GP fire at 1 hex with every useable
    vehicle gun's moving factor added together (and its riders', 14.7.2.2.1), +20 (14.7.2.2.2),
    an effective result eliminating even a squad; or the defence, the defender's non-moving
    factors added together at the vehicle (14.7.2.1.1), first fire if it has not fired and is
    not suppressed (14.7.2.1.2).

    :raises UmpireError: for a vehicle with no useable gun (14.7.1.1), a defender not leg or towed.
    """
    from umpire.rules.mbt import close_assault, data, gp_targets
    from umpire.rules.mbt.calc_fire import resolve_gp

    guns, riders, defence = overrun_weapons(c)
    a, d = c.attacker, c.defender
    leg = {"card": d.card, "type": d.type, "orders": d.orders, "terrain": d.terrain, "full_cover": d.full_cover,
           "block_or_wreck": d.block_or_wreck}
    vehicle = {"card": a.card, "orders": "OR", "turret": a.turret}
    common = {"scale": c.scale, "range": c.scale, "smoke": c.smoke.model_dump(), "rulings": c.rulings}
    if c.part == "attack":
        card = data.card(a.card)
        total, parts = gp_targets.overrun_gp(card, guns, riders)
        firer = {"card": a.card, "weapon": guns[0].name, "ammo": _gp_ammo(guns[0]), "orders": "OR",
                 "grade": a.grade, "suppressed": a.suppressed, "crew_losses": a.crew_losses}
        case = validate(GpCase, {**common, "firer": firer, "target": leg}, "case")
        plus = data.chart("gp").modifiers.overrun
        res = resolve_gp(case, dice, rulings, gp=total, overrun=True, procedure="overrun",
                         extra_mods=[Modifier(name="overrun", value=plus.v, rule="14.7.2.2.2")])
        if plus.estimated:
            res.estimated.append(f"GP modifier overrun ({plus.v})")
    else:
        from umpire.rules.mbt import cards

        total, parts = gp_targets.overrun_defence_gp(cards.any_card(d.card), defence, just_unloaded=d.just_unloaded)
        firer = {"card": d.card, "type": d.type, "weapon": defence[0].name, "ammo": _gp_ammo(defence[0]),
                 "orders": "F", "grade": d.grade, "suppressed": d.suppressed}
        case = validate(GpCase, {**common, "firer": firer, "target": vehicle}, "case")
        res = resolve_gp(case, dice, rulings, gp=total, procedure="overrun")
        res.outcome["first_fire"] = close_assault.overrun_defensive_first_fire(d.fired, d.suppressed)
    res.outcome["part"] = c.part
    res.notes.insert(0, f"{'overrun fire' if c.part == 'attack' else 'overrun defensive fire'}: GP {total} "
                     f"({', '.join(parts) or 'none'}) at 1 hex (14.7.2)")
    return res


def overrun(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Overrun combat (14.7.2): the overrun fire or the overrun defensive fire."""
    from umpire.rules.answer import CalcAnswer

    c = validate(OverrunCase, case, "case")
    rulings = case_rulings(c.rulings)
    return CalcAnswer(resolution=finish(resolve_overrun(c, dice, rulings), dice, rulings), game=c.game)


def resolve_into_buildings(c: IntoBuildingsCase, dice: Dice) -> Resolution:
    """A vehicle going inside buildings (15.4.3): one roll, +5 per close assault defense point.

    :raises UmpireError: for a vehicle whose NOTES keep it out of buildings (15.4.1.2).
    """
    from umpire.rules.mbt import buildings, data

    card = data.card(c.card)
    if card.notes.may_not_enter_buildings:
        raise UmpireError(f"card: the {card.name} may not enter buildings (15.4.1.2; card NOTES)")
    gun = c.gun or buildings.gun_facing(c.gun_angle, 0)
    res = buildings.into_buildings(c.building, int(card.target.ca_defense.v), gun, dice)
    if card.target.ca_defense.estimated:
        res.estimated.append(f"{card.card} CA defense ({card.target.ca_defense.v})")
    return res


def into_buildings(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Moving a vehicle inside buildings (15.4.3)."""
    from umpire.rules.answer import CalcAnswer

    c = validate(IntoBuildingsCase, case, "case")
    rulings = case_rulings(c.rulings)
    return CalcAnswer(resolution=finish(resolve_into_buildings(c, dice), dice, rulings), game=c.game)


def resolve_smoke(c: SmokeCase, rulings: Rulings) -> Resolution:
    """May the unit lay smoke, and which marker (12.6, 14.4.5.1, 15.7)?"""
    from umpire.rules.mbt import cards, firers, smoke
    from umpire.rules.mbt.vehicle_card import Card

    card = cards.any_card(c.card)
    if not isinstance(card, Card | cards.TowedCard):
        raise UmpireError(f"card: {card.card} is a {card.kind} card (allowed: vehicle and towed cards)")
    makers = smoke.makers(card)
    if c.kind == "shell":
        if c.range is None:
            raise UmpireError("range: smoke shells need the range to the point, in inches (14.4.5.1)")
        w = firers.pick_weapon(card, None, c.weapon, "") if c.weapon else \
            next((x for x in card.weapons if x.smoke_ammo), card.weapons[0])
        rng = in_hexes(c.range, c.scale, rulings)
        why = smoke.shell(w, c.orders, rng, in_arc=c.in_arc, line_of_sight=c.line_of_sight,
                          friendly_in_hex=c.friendly_in_hex)
        marker, rule, facts = "on", "14.4.5.1", Facts(weapon=w.name, range=rng)
    elif c.kind == "discharger":
        why = smoke.discharger(makers, used=c.used > 0, turret_hit=c.compartment_hit == "turret")
        marker, rule, facts = "ds", "12.6.3", Facts()
    else:
        why = smoke.exhaust(makers, used=c.used, hull_hit=c.compartment_hit == "hull")
        marker, rule, facts = "on", "15.7.3", Facts()
    words = {"on": "a smoke (ON) marker", "ds": "a smoke (DS) marker covering it alone"}[marker]
    return Resolution(ruleset="mbt", procedure="smoke",
                      outcome={"placed": not why, "marker": marker if not why else None, "kind": c.kind,
                               **({"why": why} if why else {})},
                      summary=f"{words} ({rule})" if not why else f"no smoke: {why}", facts=facts)


def smoke(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Laying smoke: shells at a point (14.4.5.1), dischargers (12.6), exhaust (15.7)."""
    from umpire.rules.answer import CalcAnswer

    c = validate(SmokeCase, case, "case")
    rulings = case_rulings(c.rulings)
    return CalcAnswer(resolution=finish(resolve_smoke(c, rulings), dice, rulings), game=c.game)
