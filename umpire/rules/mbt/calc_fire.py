"""The MBT calc procedures of fire: AP fire (with its odds) and GP fire, by any firer (a vehicle,
a squad or team and its attached weapons, a towed gun, a rider in its carrier: 14.1.3, 14.3.1.1.3,
15.3.4) at any target (a GP defense worked out from the card, the terrain and the orders unless
given: 14.4.3; the units a carrier holds: 14.4.3.2.5).

:func:`resolve_fire` and :func:`resolve_gp` turn a case into the rules' shot and resolve it; the
tracked turn builds the same case from the table and calls them, so a tracked shot and its
quick answer are one computation (the case is kept with the tracked resolution).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.core.dice import Dice
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.mbt.calc_helpers import basic_only, case_rulings, finish, in_hexes, searchlit
from umpire.rules.mbt.cases import FireCase, Firer, GpCase, GpFirer
from umpire.rules.mbt.facts import ShotFacts
from umpire.rules.mbt.vehicle_card import Card
from umpire.schema.load import validate

if TYPE_CHECKING:
    from umpire.rules.answer import CalcAnswer
    from umpire.rules.mbt.firers import AnyFirer
    from umpire.rules.mbt.gp_fire import GpShooter
    from umpire.rules.mbt.vehicle_card import Weapon  # noqa: TC004


def elevation_of(firer_height: int | None, target_height: int | None) -> str:
    """The elevation line of a shot (7.4.6.2): ``level``, ``falling`` (fired from higher) or
    ``rising``."""
    fh, th = firer_height or 0, target_height or 0
    return "level" if fh == th else ("falling" if fh > th else "rising")


def _terrains(terrain: str | list[str]) -> list[str]:
    return [terrain] if isinstance(terrain, str) else list(terrain)


def firer_weapon(f: Firer | GpFirer, rng: int) -> tuple[AnyFirer, Weapon]:
    """The firer's card and weapon; a rider's fire as its carrier's NOTES allow (15.3.4).

    :raises UmpireError: if the rider may not fire that weapon from its carrier, or not so far.
    """
    from umpire.rules.mbt import cards, data, firers

    card = cards.any_card(f.card)
    if not isinstance(card, Card | cards.LegCard | cards.TowedCard | cards.HelicopterCard):
        raise UmpireError(f"firer.card: {card.card} is a {card.kind} card (allowed: vehicle, leg, towed and "
                          "helicopter cards)")
    if isinstance(card, cards.HelicopterCard) and not card.weapons:
        raise UmpireError(f"firer.card: the {card.name} ({card.card}) carries no weapon it fires at ground units "
                          "(20.2.3)")
    if getattr(f, "bailed_crew", False):
        crew = getattr(card, "bailed_crew", None)
        if crew is None:
            raise UmpireError(f"firer.bailed_crew: the {card.name} ({card.card}) gives no Bailed Crew line (allowed: "
                              "vehicle and towed gun cards; 17.2.3.2.2.2)")
        if f.weapon and f.weapon.lower() != crew.name.lower():
            raise UmpireError(f"firer.weapon: {f.weapon!r}: a bailed out crew fires its {crew.name} line "
                              "(17.2.3.2.2.2)")
        return card, crew
    if isinstance(card, cards.LegCard):
        firers.leg_type(card, f.type)
    weapon = firers.pick_weapon(card, f.type, f.weapon, f.ammo or "")
    if f.riding_in is not None:
        why, most = firers.rider_limits(card, weapon, data.card(f.riding_in.card), f.riding_in.turret == "open")
        if why:
            raise UmpireError(f"firer.riding_in: {why}")
        if most is not None and rng > most:
            raise UmpireError(f"range {rng}: through its carrier's firing ports it reaches {most} hexes (15.3.4.2)")
    return card, weapon


def ap_shot(c: FireCase, rulings: Rulings, notes: list[str], estimated: list[str]) -> Any:
    """The AP shot a fire case describes (7.4, 14.3): its elevation from the heights when not
    given, automatic hull down (13.2.2.1) in the Advanced Game, the NBC environment (18.4.2)."""
    from umpire.rules.mbt import ap_fire, arcs, cards, data, orders, sighting
    from umpire.rules.mbt.options import helicopter_guns as H
    from umpire.rules.mbt.options.terrain import nbc_exposed

    rng = in_hexes(c.range, c.scale, rulings)
    firer, weapon = firer_weapon(c.firer, rng)
    altitude = H.altitude_of(isinstance(firer, cards.HelicopterCard), c.firer.altitude, c.firer.card)
    if weapon.kind == "designator":
        raise UmpireError(f"firer.weapon: the {weapon.name} is a laser designator: it paints a target, it fires at "
                          "none (20.2.3.3.3)")
    if c.weapon_limits:
        dep_el(weapon, c.firer.height, c.target.height, rng)
    target = data.card(c.target.card)
    terrains = _terrains(c.target.terrain)
    hull_down = c.target.hull_down
    if c.game == "advanced":
        auto = sighting.automatic_hull_down(
            rng, c.firer.height or 0, c.target.height or 0,
            improved_position="improved_position" in terrains, inside_building=c.target.inside_building)
        if auto:
            hull_down = True
            notes.append(f"hull down: {auto}")
    return ap_fire.ApShot(
        firer=firer, weapon=weapon.name, ammo=c.firer.ammo, target=target, range=rng,  # type: ignore[arg-type]
        firer_orders=orders.order_code(c.firer.orders), target_orders=orders.order_code(c.target.orders),
        terrain=terrains,
        elevation="falling" if altitude == "low" else c.elevation or elevation_of(c.firer.height, c.target.height),
        angle=arcs.angle_name(c.angle), shots=c.shots, grade=c.firer.grade, sight=c.firer.sight,
        conditions=c.conditions, firer_suppressed=c.firer.suppressed, firer_tem_sup=c.firer.tem_sup,
        firer_transported=c.firer.transported or c.firer.riding_in is not None,
        firer_crew_losses=c.firer.crew_losses, acquisition_turns=c.firer.acquisition_turns,
        brew_up_smoke_hexes=c.smoke.brew_up, other_smoke_hexes=c.smoke.other, discharger_smoke=c.smoke.discharger,
        hull_down=hull_down, inside_building=c.target.inside_building is not None, crowded=c.target.crowded,
        reactive_armor=c.target.reactive_armor, target_open=c.target.turret == "open",
        target_compartment_hit=c.target.compartment_hit, target_gun_hit=c.target.gun_hit,
        advanced=c.game == "advanced", hit_variations=c.hit_variations,
        turret_angle=_turret_angle(c.target.turret_angle),
        from_air=H.fires_from_air(altitude, weapon), helicopter=altitude is not None,
        no_movement_modifier=H.no_movement_modifier(altitude, weapon, rulings),
        nbc=c.nbc and nbc_exposed(c.firer.card, firer.kind, buttoned=c.firer.turret == "buttoned",
                                  compartment_hit=c.firer.compartment_hit, estimated=estimated),
    )


def dep_el(weapon: Weapon, firer_height: int | None, target_height: int | None, rng: int) -> None:
    """Option 17.3.1: refuse a rising or falling shot closer than the weapon's DEP/EL allows.

    :raises UmpireError: naming the range, the least range and the rule.
    """
    from umpire.rules.mbt.options.limits import dep_el as why_not

    why = why_not(weapon.dep_el_numbers(), firer_height or 0, target_height or 0, rng, weapon.name)
    if why:
        raise UmpireError(f"range {rng}: {why}")


def _alternate_fire(c: GpCase, weapon: Weapon) -> list[Modifier]:
    """Option 17.3.4: a leg unit's small arms fire -5 a weapon attached also fired."""
    from umpire.rules.mbt.options.limits import alternate_fire

    if not c.weapon_limits or not c.firer.attached_fired:
        return []
    if not weapon.is_small_arms:
        raise UmpireError(f"firer.attached_fired: {c.firer.attached_fired}: it modifies a leg unit's small arms "
                          f"fire (17.3.4); the {weapon.name} is not small arms")
    mod = alternate_fire(c.firer.attached_fired)
    return [mod] if mod is not None else []


def _leg_variations(c: GpCase, firer: Any, weapon: Weapon, target_kind: str,
                    estimated: list[str]) -> tuple[list[Modifier], str]:
    """Option 17.4's GP modifiers (squad plus, special forces, pinning fire, hasty entrenchment)
    and the pinning note; each field refused unless the case plays the option."""
    from umpire.rules.mbt import firers
    from umpire.rules.mbt.options.limits import leg_gp

    asked = [(k, v) for k, v in (("firer.squad_plus", c.firer.squad_plus), ("firer.pinning", c.firer.pinning),
                                 ("firer.special_forces", c.firer.special_forces),
                                 ("target.entrenched", c.target.entrenched)) if v]
    if not asked:
        return [], ""
    if not c.leg_variations:
        k, v = asked[0]
        raise UmpireError(f"{k}: {v}: is option 17.4, the leg unit variations (allowed only with leg_variations: "
                          "true)")
    return leg_gp(c, firers.kind_of(firer, c.firer.type), weapon.kind, target_kind, estimated)


def _bailed(c: GpCase) -> list[Modifier]:
    """Option 17.2.3.2.2.3: GP fire by a bailed out crew is at -10 (its crew losses as any firer's)."""
    from umpire.rules.mbt.options.charts import chart

    if not c.firer.bailed_crew:
        return []
    return [Modifier(name="bailed out crew", value=int(chart("hits").bailed_crew_gp.v), rule="17.2.3.2.2.3")]


def _reduced_rof(c: GpCase, weapon: Weapon) -> list[Modifier]:
    """Option 17.3.2.2: GP fire announced at fewer shots than the weapon's maximum rate, -10 a shot."""
    from umpire.rules.mbt.options.limits import reduced_rof

    if c.shots is None:
        return []
    if not c.weapon_limits:
        raise UmpireError(f"shots: {c.shots}: a reduced GP rate of fire is option 17.3.2.2 (allowed only with "
                          "weapon_limits: true)")
    mod = reduced_rof(int(weapon.max_rof.v), c.shots)
    return [mod] if mod is not None else []


def _turret_angle(text: str | None) -> str | None:
    """The hit angle to a turned turret (17.2.1.1), named as the case's field."""
    from umpire.rules.mbt import arcs

    try:
        return None if text is None else arcs.angle_name(text)
    except UmpireError as exc:
        raise UmpireError(f"target.turret_{exc}") from None


def resolve_fire(c: FireCase, dice: Dice, rulings: Rulings) -> Resolution:
    """One AP shot from a checked fire case (7.4, 14.3): what calc and the tracked turn both run."""
    from umpire.rules.mbt import ap_fire

    notes: list[str] = []
    est: list[str] = []
    shot = ap_shot(c, rulings, notes, est)
    res = ap_fire.resolve(shot, dice, rulings)
    if shot.no_movement_modifier:
        res.ruled.append("helicopters.atgm_movement")
    res.notes = notes + res.notes
    res.estimated += [e for e in est if e not in res.estimated]
    ShotFacts.of(res).range_inches = c.range
    return res


def fire(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """AP point effect fire (7.4, 14.3)."""
    from umpire.rules.answer import CalcAnswer
    from umpire.rules.mbt import orders, sighting

    c = validate(FireCase, case, "case")
    rulings = case_rulings(c.rulings)
    rng = in_hexes(c.range, c.scale, rulings)
    fo = orders.order_code(c.firer.orders)
    if c.game == "basic" and fo not in orders.BASIC_ORDERS:
        raise UmpireError(
            f"firer.orders: {fo} is not a Basic Game order "
            f"(allowed: {', '.join(orders.BASIC_ORDERS)})"
        )
    estimated: list[str] = []
    ruled: list[str] = []
    # ability to fire (7.2): seen
    from umpire.rules.mbt.options.terrain import fire_light

    conditions, lit = fire_light(c.conditions, c.near_fire)
    conditions, lit = searchlit(c, conditions, lit, rng, rulings)
    base = sighting.chart_range(
        conditions, c.firer.turret, c.target.terrain, "vehicle", rulings,
        estimated=estimated, ruled=ruled,
    )
    limit = sighting.sighting_limit(base.v, c.target.spotted)
    if base.estimated:
        estimated.append(f"sighting range {conditions} {c.firer.turret} vehicle ({base.v})")
    if limit is not None and rng > limit:
        raise UmpireError(
            f"range {rng}: the target cannot be seen, so cannot be fired at (7.2); sighting "
            f"reaches {limit} (chart {base.v}, spotted {c.target.spotted}; 6.1.3)"
        )
    if c.game == "basic" and c.hit_variations:
        raise UmpireError("hit_variations: true: the options (17-22) are played with the Advanced Game (give game: "
                          "advanced)")
    if c.game == "basic":
        basic_only(
            hull_down=c.target.hull_down,
            inside_building=c.target.inside_building is not None,
            improved_position="improved_position" in _terrains(c.target.terrain),
            conditions=c.conditions,
        )
    res = resolve_fire(c, dice, rulings)
    if lit:
        res.notes.insert(0, lit)
    res.estimated = estimated + [e for e in res.estimated if e not in estimated]
    res.ruled = ruled + [r for r in res.ruled if r not in ruled]
    answer = CalcAnswer(resolution=finish(res, dice, rulings), game=c.game)
    if odds:
        answer.odds = hit_odds(int(ShotFacts.of(res).hit_number or 0), res.outcome["shots"])
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


def gp_target(c: GpCase, rng: int, estimated: list[str]) -> tuple[Any, int, list[str]]:
    """The target as GP fire sees it (14.4.3): a vehicle's GP defense from its card, hull down
    given or automatic (13.2.2.1); a leg or towed unit's from its card by terrain and status
    unless given; its kind; and the kinds of the units it carries."""
    from umpire.rules.mbt import cards, firers, gp_fire, gp_targets, sighting

    t = c.target
    terrains = _terrains(t.terrain)
    if t.marker is not None:  # 14.4.3.3.1: a block or wire marker, its defense not varying by terrain
        from umpire.rules.mbt import data

        dv = data.chart("terrain").gp_defense[t.marker]
        if t.gp_defense is None and dv.estimated:
            estimated.append(f"STANDARD TERRAIN VALUES {t.marker} GP defense ({dv.v})")
        defense = int(dv.v) if t.gp_defense is None else t.gp_defense
        return gp_fire.GpTarget(kind="terrain", gp_defense=defense), defense, []
    card = cards.any_card(t.card) if t.card is not None else None
    if card is not None and not isinstance(card, Card | cards.LegCard | cards.TowedCard):
        raise UmpireError(f"target.card: {card.card} is a {card.kind} card (allowed: vehicle, leg and towed cards)")
    kind = t.kind or (firers.kind_of(card, t.type) if card is not None else None)
    if kind is None:
        raise UmpireError("target.card: give the target's data card (or its kind and gp_defense)")
    if kind == "vehicle":
        if not isinstance(card, Card):
            raise UmpireError("target.card: a vehicle target needs its vehicle data card")
        dv = card.target.gp_defense
        if dv.estimated:
            estimated.append(f"{card.card} GP defense ({dv.v})")
        defense = int(dv.v) if t.gp_defense is None else t.gp_defense
        auto = sighting.automatic_hull_down(rng, c.firer.height or 0, t.height or 0,
                                            improved_position="improved_position" in terrains,
                                            inside_building=t.inside_building)
        passengers = [firers.kind_of(cards.any_card(p.card), p.type) for p in t.passengers]  # type: ignore[arg-type]
        return gp_fire.GpTarget(
            kind="vehicle", gp_defense=defense, open=t.turret == "open", orders=t.orders,
            in_woods=any(x.endswith("woods") for x in terrains),
            in_building="building" in terrains or t.inside_building is not None,
            hull_down=t.hull_down or auto is not None, pending_atgm=t.pending_atgm,
        ), defense, passengers
    if t.passengers:
        raise UmpireError("target.passengers: only a vehicle carries units (15.3)")
    if t.gp_defense is not None:
        defense = t.gp_defense
    elif isinstance(card, cards.LegCard | cards.TowedCard):
        status = gp_targets.status(full_cover=t.full_cover, order=t.orders)
        above = (c.firer.height or 0) > (t.height or 0)
        defense, _ = gp_targets.leg_defense(card, terrains, status, above=above, block_or_wreck=t.block_or_wreck,
                                            estimated=estimated)
    else:
        raise UmpireError("target.gp_defense: a leg or towed target needs its card or its GP defense (14.4.3.2)")
    return gp_fire.GpTarget(kind=kind, gp_defense=defense, orders=t.orders, pending_atgm=t.pending_atgm), defense, []


def _gp_firer(c: GpCase, kind: str, weapon: Weapon, est: list[str]) -> GpShooter:
    """What the case's firer brings to the GP modifiers (14.4.2): an ATGM firer's temporary
    suppression by its Class, NBC exposure (18.4.2) as its card and turret leave it."""
    from umpire.rules.mbt.gp_fire import GpShooter
    from umpire.rules.mbt.options.terrain import nbc_exposed

    f = c.firer
    tem_sup = int(weapon.class_.v) if f.tem_sup and weapon.kind == "atgm" and weapon.class_ is not None else None
    return GpShooter(
        orders=f.orders, grade=f.grade, suppressed=f.suppressed,
        crew_losses=f.crew_losses, transported=f.transported or f.riding_in is not None,
        acquisition_turns=f.acquisition_turns, canister=f.canister, tem_sup_class=tem_sup,
        nbc=c.nbc and nbc_exposed(f.card, kind, buttoned=f.turret == "buttoned",
                                  compartment_hit=f.compartment_hit, estimated=est),
    )


def resolve_gp(c: GpCase, dice: Dice, rulings: Rulings, *, gp: int | None = None,
               extra_mods: list[Modifier] | None = None, overrun: bool = False,
               procedure: str = "gp") -> Resolution:
    """One GP shot from a checked case (14.4): what calc and the tracked turn both run. ``gp``
    overrides the weapon's factor (an overrun's sum, 14.7.2); ``extra_mods`` add to the GP
    modifiers (the overrun's +20). The same roll goes against each unit the target carries
    (14.4.3.2.5): ``outcome["passengers"]``.

    :raises UmpireError: for a weapon that cannot fire GP so (orders, ammunition, range).
    """
    from umpire.rules.mbt import cards, gp_fire, gp_targets, orders

    rng = in_hexes(c.range, c.scale, rulings)
    firer, weapon = firer_weapon(c.firer, rng)
    if c.weapon_limits:
        dep_el(weapon, c.firer.height, c.target.height, rng)
    ammo = weapon.find_ammo(c.firer.ammo) if c.firer.ammo else next((a for a in weapon.ammo if a.type == "GP"),
                                                                     weapon.ammo[0])
    from umpire.rules.mbt.options import helicopter_guns as H

    altitude = H.altitude_of(isinstance(firer, cards.HelicopterCard), c.firer.altitude, c.firer.card)
    if altitude is not None:
        H.check_orders(c.firer.orders)
    else:
        orders.check_can_fire(c.firer.orders, weapon.kind)
    if c.target.marker is not None and weapon.is_small_arms:
        raise UmpireError(f"firer.weapon: the {weapon.name} is small arms, which may not fire at terrain (14.4.3.3.1)")
    if c.firer.canister and not 2 <= rng <= 10:
        raise UmpireError(f"range {rng}: canister reaches 2-10 hexes (14.4.5.2)")
    est: list[str] = []
    notes_air: list[str] = []
    band = ""
    if gp is None:
        gp, band = gp_targets.gp_factor(firer, weapon, ammo, c.firer.orders, rng, est)
    tgt, defense, riders = gp_target(c, rng, est)
    legs, pinned = _leg_variations(c, firer, weapon, tgt.kind, est)
    mods = gp_fire.modifiers(
        _gp_firer(c, firer.kind, weapon, est), tgt, rng, brew_up_smoke_hexes=c.smoke.brew_up,
        other_smoke_hexes=c.smoke.other + (1 if c.smoke.discharger else 0),  # 12.6.3: from or at the DS vehicle
        estimated=est,
    ) + list(extra_mods or []) + _alternate_fire(c, weapon) + legs + _reduced_rof(c, weapon) + _bailed(c)
    if H.fires_from_air(altitude, weapon):
        mods, left = H.marked_a(mods, "gp", est)
        if left:
            notes_air.append(left)
    fire = gp_fire.GpRound(small_arms=weapon.is_small_arms, rng=rng, gp_kill=ammo.gp_kill, canister=c.firer.canister,
                           overrun=overrun)
    res = gp_fire.resolve(gp_fire.GpShot(gp, defense, tgt, mods, fire), dice, est, procedure=procedure,
                          facts=ShotFacts(range=rng, range_band=band))
    res.notes = notes_air + res.notes
    if pinned and res.outcome["result"] == "EF":  # 17.4.3.1-2: an effective result is treated as suppressed
        words = f"suppressed (ON): {pinned}"
        res.outcome.update(effect="suppressed", effects=[words])
        res.summary = f"effective: {words}"
    if riders:
        from umpire.rules.mbt.forces import capacity

        card = cards.any_card(c.target.card or "")
        _, _, fc = capacity(card.target.transport.v)  # type: ignore[union-attr]
        roll = int(res.modified_roll or 0) - int(ShotFacts.of(res).net_modifier or 0)
        hits = gp_targets.passengers(gp, roll, mods, riders, full_cover=fc, carrier_open=c.target.turret == "open",
                                     canister=c.firer.canister)
        res.outcome["passengers"] = [
            {"kind": k, "gp_defense": h.defense, "modified_roll": h.modified, "result": h.result, "effect": h.effect}
            for k, h in zip(riders, hits, strict=False)
        ]
        if not hits:
            res.notes.append("its passengers are in full cover in a buttoned carrier: not hit (14.4.3.2.5.1)")
    return res


def gp(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """GP point effect fire (14.4)."""
    from umpire.rules.answer import CalcAnswer

    c = validate(GpCase, case, "case")
    rulings = case_rulings(c.rulings)
    res = resolve_gp(c, dice, rulings)
    return CalcAnswer(resolution=finish(res, dice, rulings), game=c.game)
