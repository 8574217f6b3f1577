"""``umpire calc`` procedures of the MBT options, by name (added to the MBT ruleset's).

Each validates its case (:mod:`.cases`), converts inches to hexes once and calls the pure rule
of its option; the tracked turn calls the same rules on the same facts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.core.dice import Dice
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Facts, Resolution
from umpire.errors import UmpireError
from umpire.rules.mbt.calc_helpers import case_rulings, finish, in_hexes
from umpire.rules.mbt.options import cases as C
from umpire.rules.mbt.options.facts import CheckFacts, ImpactFacts
from umpire.schema.load import validate

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.rules.answer import CalcAnswer, CalcProcedure


def _answer(res: Resolution, dice: Dice, overrides: dict[str, str]) -> CalcAnswer:
    from umpire.rules.answer import CalcAnswer

    return CalcAnswer(resolution=finish(res, dice, case_rulings(overrides)), game="advanced")


def _simple(
    procedure: str,
    outcome: dict[str, Any],
    summary: str,
    *,
    roll: int | None = None,
    notes: list[str] | None = None,
    estimated: list[str] | None = None,
    facts: Facts | None = None,
) -> Resolution:
    return Resolution(
        ruleset="mbt",
        procedure=procedure,
        outcome=outcome,
        summary=summary,
        modified_roll=roll,
        notes=notes or [],
        estimated=estimated or [],
        facts=facts if facts is not None else Facts(),
    )


def scatter(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Where an area effect fire lands (17.1.2)."""
    from umpire.rules.mbt.options import artillery, hexes
    from umpire.rules.mbt.options import scatter as S

    c = validate(C.ScatterCase, case, "case")
    est: list[str] = []
    rng = in_hexes(c.range, c.scale, case_rulings(c.rulings)) if c.range else 0
    mods = [S.modifier(c.conditions, rng, est), *artillery.observer_modifiers(c.nation, list(c.observer), est)]
    mods += [Modifier(name="from the firer's card", value=v, rule="17.1.2.2.2") for v in c.modifiers]
    landing, res = S.land(factor=c.factor, mods=mods, dice=dice, estimated=est, facing=c.facing)
    ImpactFacts.of(res).impact_offset = [round(v, 3) for v in hexes.offset(landing.impact, c.scale)]
    return _answer(res, dice, c.rulings)


def artillery_fire(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """One battery's fire mission as it impacts (19.3): delay, scatter, the SHEAF's hexes, and
    GP fire at every unit in them (17.1.3)."""
    c = validate(C.ArtilleryCase, case, "case")
    return _answer(impact_of(c, dice), dice, c.rulings)


def impact_of(c: C.ArtilleryCase, dice: Dice) -> Resolution:
    """The fire mission a checked case describes: what ``calc artillery`` answers and what the
    tracked Artillery Step resolves, from the same case."""
    from umpire.rules.mbt.options import artillery as A
    from umpire.rules.mbt.options.impact import Battery, Target, Watched, impact

    rulings = case_rulings(c.rulings)
    targets = [
        Target(name=t.name or t.card or t.kind, card=t.card, kind=t.kind, gp_defense=t.gp_defense, at=t.at,
               terrain=t.terrain, orders=t.orders, open=t.turret == "open")
        for t in c.targets
    ]
    battery = Battery(c.nation, c.size, c.attachment, c.observer_in_organization, c.mortar,
                      None if c.firing_range is None else in_hexes(c.firing_range, c.scale, rulings))
    plot = A.read_plot(c.plot) if c.plot else A.Plot(c.fire_type, c.sheaf, c.mission, c.direction)
    watched = Watched(c.observed, in_hexes(c.range, c.scale, rulings) if c.range else 0, c.conditions,
                      tuple(c.observer), c.shift)
    return impact(battery, plot, watched, targets, scale=c.scale, dice=dice, at=c.at)


def counter_battery(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """A counter battery attempt (19.4)."""
    from umpire.rules.mbt.options import counter_battery as cb

    c = validate(C.CounterBatteryCase, case, "case")
    res = cb.resolve(
        nation=c.nation,
        equipment=c.equipment,
        conditions=c.conditions,
        dice=dice,
        remaining_missions=c.remaining_missions,
        against_counter_battery=c.against_counter_battery,
    )
    return _answer(res, dice, c.rulings)


def clgp(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """A Copperhead at a vehicle (19.2.4.7)."""
    from umpire.rules.mbt.options import artillery

    c = validate(C.ClgpCase, case, "case")
    hit, roll, why = artillery.clgp(observer_sees=c.observer_sees, observer_suppressed=c.observer_suppressed, dice=dice)
    return _answer(_simple("clgp", {"brewed_up": hit}, why, roll=roll), dice, c.rulings)


def _gp_defense(card: str | None, given: int | None, field: str) -> tuple[int | None, list[str]]:
    if given is not None or card is None:
        return given, []
    from umpire.rules.mbt import data

    val = data.card(card).target.gp_defense
    return int(val.v), ([f"{card} GP defense ({val.v})"] if val.estimated else [])


def mine(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """A minefield attack on a unit entering its hex (17.5.2)."""
    from umpire.rules.mbt.options import mines

    c = validate(C.MineCase, case, "case")
    d, est = _gp_defense(c.card, c.gp_defense, "gp_defense")
    res = mines.attack(kind=c.kind, mine_type=c.type, target=c.target, dice=dice, gp_defense=d, quickmarch=c.quickmarch)
    res.estimated = est + res.estimated
    return _answer(res, dice, c.rulings)


def mine_plow(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """A mine plow entering a minefield hex (17.5.3.3)."""
    from umpire.rules.mbt.options import mines

    c = validate(C.MinePlowCase, case, "case")
    return _answer(mines.plow(kinds=list(c.kinds), dice=dice), dice, c.rulings)


def aa(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Anti-aircraft fire at an aircraft or helicopter (20.3.4)."""
    c = validate(C.AaCase, case, "case")
    return _answer(aa_of(c, dice), dice, c.rulings)


def aa_of(c: C.AaCase, dice: Dice) -> Resolution:
    """The AA fire a checked case describes: what ``calc aa`` answers and what the tracked Air
    Phase resolves against a helicopter, from the same case."""
    from umpire.rules.mbt.options import air
    from umpire.rules.mbt.options import anti_aircraft as A
    from umpire.rules.mbt.options.charts import chart

    craft = chart("air").aircraft.get(c.target)
    if c.hit_number is not None:  # a special combat (20.4): the hit number given, no modifiers
        from umpire.rules.mbt import data

        key = data.card_id(c.target)
        defense = A.helicopter_defense(key)
        res = A.resolve(A.AaFirer(None), A.AirTarget("LL", defense), dice, hit_number_given=c.hit_number)
        res.estimated.append(f"{c.target} defense value ({defense})")
        return res
    line = A.aa_line(c.card, c.weapon)
    if craft is not None:
        column, defense, noe = (
            air.matrix(c.speed, "low" if c.altitude == "noe" else c.altitude),
            int(craft.defense.v),
            False,
        )
        if c.hovering or c.popup:
            raise UmpireError("hovering, popup: only helicopters hover or pop up (20.2.2.1)")
    else:
        from umpire.rules.mbt import data

        key = data.card_id(c.target)
        defense, column, noe = A.helicopter_defense(key), "LL", c.altitude == "noe"  # 20.3.4.1: flying helicopters LL
        if c.altitude not in ("noe", "low"):
            raise UmpireError(f"altitude: {c.altitude!r}: a helicopter flies at noe or low (20.2.2.1)")
        if c.evasive:
            raise UmpireError("evasive: only aircraft maneuver evasively (20.1.2.4.2)")
    firer = A.AaFirer(line, radar=c.radar, suppressed=c.firer_suppressed, orders=c.firer_orders, grade=c.grade)
    target = A.AirTarget(column, defense, noe=noe, evasive=c.evasive, hovering=c.hovering, popup=c.popup,
                         spoof_pods=c.spoof_pods)
    res = A.resolve(firer, target, dice)
    res.estimated.append(f"{c.target} defense value ({defense})")
    return res


def crash(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Where a destroyed air unit crashes (20.3.4.2.1)."""
    c = validate(C.CrashCase, case, "case")
    return _answer(crash_of(c, dice), dice, c.rulings)


def crash_of(c: C.CrashCase, dice: Dice) -> Resolution:
    """The crash a checked case describes: ``calc crash`` and the tracked Air Phase alike. Every
    ground unit in or next to the crash hex is attacked with 50 GP as super heavy HE is (an
    effective result knocks out a vehicle, 20.3.4.2.2), in the order the targets are given."""
    from umpire.rules.mbt.options import anti_aircraft as A
    from umpire.rules.mbt.options import hexes
    from umpire.rules.mbt.options.charts import chart
    from umpire.rules.mbt.options.impact import WORDS, AreaFire, Kill, Target, attack
    from umpire.rules.mbt.provenance import Val

    n = A.crash_hexes(hovering=c.hovering, landed=c.landed, dice=dice)
    if n is None:
        return _simple("crash", {"crashes": False}, "landed: it does not crash; a burning marker in its hex "
                       "(20.3.4.2.1, 20.3.4.2.3)")
    at = hexes.step((0, 0), c.facing, n)
    dx, dy = hexes.offset(at, c.scale)
    where = [round(c.at[0] + dx, 3), round(c.at[1] + dy, 3)]
    gp = int(chart("air").crash_gp.v)
    covered = [(p + at[0], q + at[1]) for p, q in hexes.within(1)]
    kills = Kill(Val[str](v="1-99", src="20.3.4.2.2"), "knocked_out")
    est: list[str] = []
    area = AreaFire(gp, kills, covered, at, c.scale, lambda _t: ([], None))
    hit = [r for r in (attack(area, Target(name=t.name or t.card or t.kind, card=t.card, kind=t.kind,
                                           gp_defense=t.gp_defense, at=t.at, terrain=t.terrain, orders=t.orders,
                                           open=t.turret == "open"), dice, est)
                       for t in c.targets) if r is not None]
    res = _simple("crash", {"crashes": True, "hexes": n, "crash_at": where,
                            "results": {r["name"]: WORDS.get(r["result"], r["result"]) for r in hit}},
                  f"it crashes {n} hex{'es' if n != 1 else ''} ahead, at ({where[0]:g}, {where[1]:g}); a burning "
                  f"marker there (20.3.4.2.1-3)" + "".join(f"; {r['name']} {WORDS.get(r['result'], r['result'])}"
                                                        for r in hit), estimated=est, facts=ImpactFacts(targets=hit))
    return res


def air_drop(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """An aircraft's dropped weapon: scatter the way it flies, the hexes it covers and GP fire
    at the units given about the target point (20.1.3.3)."""
    c = validate(C.AirDropCase, case, "case")
    return _answer(drop_of(c, dice), dice, c.rulings)


def drop_of(c: C.AirDropCase, dice: Dice) -> Resolution:
    """The strike a checked case describes: what ``calc air_drop`` answers and what the tracked
    Air Phase resolves, from the same case."""
    from umpire.rules.mbt.options.air_strike import Sortie, strike
    from umpire.rules.mbt.options.impact import Target

    targets = [
        Target(name=t.name or t.card or t.kind, card=t.card, kind=t.kind, gp_defense=t.gp_defense, at=t.at,
               terrain=t.terrain, orders=t.orders, open=t.turret == "open")
        for t in c.targets
    ]
    sortie = Sortie(c.aircraft, c.weapon, c.speed, c.altitude, c.facing, evasive=c.evasive, pgm=c.pgm,
                    night_pod=c.night_pod, rng=c.range)
    return strike(sortie, c.conditions, targets, scale=c.scale, dice=dice, at=c.at)


def acquire(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Hexes of movement needed to acquire (20.1.3.1.1, 20.3.3.2)."""
    from umpire.rules.mbt.options import air

    c = validate(C.AcquireCase, case, "case")
    column = "LL" if c.helicopter else air.matrix(c.speed, c.altitude)
    est: list[str] = []
    n = air.acquisition(c.line, column, est)
    return _answer(
        _simple(
            "acquire",
            {"hexes": n, "matrix": column},
            f"{c.line.replace('_', ' ')} {column}: {n} hexes to acquire",
            estimated=est,
        ),
        dice,
        c.rulings,
    )


def air_sight(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Whether terrain blocks sighting between an air unit and a ground unit (20.1.3.1.3)."""
    from umpire.rules.mbt.options import air

    c = validate(C.AirSightCase, case, "case")
    est: list[str] = []
    blocked, why = air.sight_blocked(c.altitude, [(o.distance, o.height) for o in c.obstacles], est)
    return _answer(_simple("air_sight", {"blocked": blocked}, why, estimated=est), dice, c.rulings)


def helicopter(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Whether a helicopter's move in an Air Phase is allowed, and what it costs (20.2.2)."""
    c = validate(C.HelicopterCase, case, "case")
    rulings = case_rulings(c.rulings)
    return _answer(move_of(c, rulings["helicopters.fog_altitude"],
                           landing_at_night=rulings["helicopters.landing_at_night"]), dice, c.rulings)


def move_of(c: C.HelicopterCase, fog_altitude: str, *, where: str = "helicopter",
            landing_at_night: str = "halved") -> Resolution:
    """The move a checked case describes: what ``calc helicopter`` answers and what the tracked
    Air Phase checks and resolves, from the same case.

    :raises UmpireError: naming the field, for a move the rules do not allow (20.2.2).
    """
    from umpire.rules.mbt.cards import any_card
    from umpire.rules.mbt.options import helicopters as H

    card = any_card(c.card)
    speeds = getattr(card, "speeds", None)
    if getattr(card, "kind", "") != "helicopter" or not isinstance(speeds, dict):
        raise UmpireError(f"card: {c.card!r} is not a helicopter's card")
    notes = H.check(
        H.Move(start=c.start, end=c.end, hexes=c.hexes, reverse=c.reverse, side_slip=c.side_slip,
               terrain_end=c.terrain, popup=c.popup),
        {k: int(v.v) for k, v in speeds.items()},
        c.conditions,
        where=where,
        fog_altitude=fog_altitude,
        landing_at_night=landing_at_night,
    )
    est = [f"{card.card} speeds" for v in speeds.values() if v.estimated][:1]
    return _simple(
        "helicopter",
        {"allowed": True, "hovering": "hovering (20.2.2.1.1)" in notes},
        f"allowed: {c.start} to {c.end}, {c.hexes} hexes",
        notes=notes,
        estimated=est,
    )


def command_points(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """An organization's command points and what exchanges leave (21.1)."""
    from umpire.rules.mbt.options import command

    c = validate(C.CommandPointsCase, case, "case")
    p = command.points(c.active, c.grade, company_officers=c.company_officers, battalion_cos=c.battalion_cos, nbc=c.nbc)
    left = command.spend(p.total, c.exchanges, disrupted=c.disrupted, where="exchanges")
    res = _simple(
        "command_points",
        {"points": p.total, "left": left},
        f"{p.total} command points ({p.basic} + {p.bonus} bonus{' - 1 NBC' if c.nbc else ''}); {left} left",
        estimated=p.estimated,
    )
    res.cell = p.cell
    return _answer(res, dice, c.rulings)


def jamming(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """A radio jamming attempt (21.2.1)."""
    from umpire.rules.mbt.options import command

    c = validate(C.JammingCase, case, "case")
    return _answer(command.jamming(c.points, c.side, dice), dice, c.rulings)


def message(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """A radio message due this Turn (21.3.3.2)."""
    from umpire.rules.mbt.options import command

    c = validate(C.MessageCase, case, "case")
    return _answer(command.message(c.length, dice, enemy_can_intercept=c.enemy_can_intercept), dice, c.rulings)


def _roll(procedure: str, r: Any, dice: Dice, overrides: dict[str, str], key: str) -> CalcAnswer:
    return _answer(
        _simple(procedure, {key: r.result}, r.summary, roll=r.roll, estimated=r.estimated,
                facts=CheckFacts(band=r.band)),
        dice,
        overrides,
    )


def turret_facing(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """The actual turret location of a hit on a turned turret (17.2.1)."""
    from umpire.rules.mbt.options import hits

    c = validate(C.TurretFacingCase, case, "case")
    return _roll("turret_facing", hits.turret_facing(c.angle, dice), dice, c.rulings, "location")


def bail_out(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """A bail out attempt (17.2.3)."""
    from umpire.rules.mbt.options import hits

    c = validate(C.BailOutCase, case, "case")
    return _roll("bail_out", hits.bail_out(c.hit, c.unit, c.location, dice), dice, c.rulings, "bails_out")


def lower_hull(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """An HF* hit on the lower front hull (17.2.4)."""
    from umpire.rules.mbt.options import hits

    c = validate(C.LowerHullCase, case, "case")
    return _roll("lower_hull", hits.lower_hull(c.elevation, dice), dice, c.rulings, "halved")


def leg_loss(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """An attached weapon or officer of a squad reduced to a half squad (17.2.2)."""
    from umpire.rules.mbt.options import hits

    c = validate(C.LegLossCase, case, "case")
    r = hits.leg_loss(dice)
    r.summary = f"{c.item}: {r.summary}"
    return _roll("leg_loss", r, dice, c.rulings, "lost")


def hull_down_attempt(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """An attempt to find hull down positions in a hex (17.2.5)."""
    from umpire.rules.mbt.options import hits

    c = validate(C.HullDownAttemptCase, case, "case")
    return _roll(
        "hull_down_attempt", hits.optional_hull_down(c.vehicles, c.terrain, dice), dice, c.rulings, "hull_down"
    )


def quickmarch(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """The QUICKMARCH TABLE check (17.4.2)."""
    from umpire.rules.mbt.options import limits

    c = validate(C.QuickmarchCase, case, "case")
    sup, roll, band, est = limits.quickmarch(c.grade, dice)
    return _answer(
        _simple(
            "quickmarch",
            {"suppressed": sup},
            ("suppressed (ON)" if sup else "no effect") + " (17.4.2)",
            roll=roll,
            estimated=est,
            facts=CheckFacts(band=band),
        ),
        dice,
        c.rulings,
    )


def ammo(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Rounds a weapon carries under variable ammunition (17.3.2.1.4.2).

    A vehicle's, a towed gun's or a helicopter's (20.2.1 recommends it for their guns)."""
    from umpire.rules.mbt.cards import ArtilleryCard, LegCard, any_card
    from umpire.rules.mbt.options import limits

    c = validate(C.AmmoCase, case, "case")
    card = any_card(c.card)
    if isinstance(card, LegCard | ArtilleryCard) or not card.weapons:
        raise UmpireError(f"card: {card.card} ({card.name}) carries no weapon with a TOT AMMO line (17.3.2.1)")
    w = card.weapon(c.weapon) if c.weapon else card.weapons[0]  # unnamed: its first (main) weapon
    text = str(w.tot_ammo.v)
    if text == "Unl":
        return _answer(
            _simple("ammo", {"rounds": None}, f"{w.name}: unlimited ammunition (17.3.2.1.1)"), dice, c.rulings
        )
    mx, _, n = text.partition(" ")
    rounds, got = limits.variable_ammo(int(mx), int(n.strip("()") or 1), dice)
    est = [f"{card.card} {w.name} TOT AMMO ({text})"] if w.tot_ammo.estimated else []
    return _answer(
        _simple(
            "ammo",
            {"rounds": rounds, "maximum": int(mx)},
            f"{w.name}: {' + '.join(map(str, got))} = {sum(got)}, carries {rounds} rounds (17.3.2.1.4.2)",
            estimated=est,
        ),
        dice,
        c.rulings,
    )


def fuel(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """A vehicle's fuel factors (17.3.3.1) and what its Turns of moving or smoking leave (17.3.3.2)."""
    from umpire.rules.mbt.options import limits

    c = validate(C.FuelCase, case, "case")
    if c.card is not None:
        from umpire.rules.mbt.cards import any_card

        card = any_card(c.card)
        if card.kind != "vehicle":
            raise UmpireError(f"card: {card.card} is a {card.kind} card: fuel is counted for vehicle units (17.3.3)")
    factors, got = limits.fuel(dice)
    left = max(0, factors - c.used)
    words = f"{' + '.join(map(str, got))} = {factors} fuel factors (17.3.3.1)"
    if c.used:
        words += f"; {c.used} used, {left} left" + (": out of fuel, it may not move (17.3.3.2)" if not left else "")
    return _answer(_simple("fuel", {"factors": factors, "left": left}, words), dice, c.rulings)


def camouflage(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Sighting a camouflaged unit (17.6.1)."""
    from umpire.rules.mbt import sighting
    from umpire.rules.mbt.options import terrain

    c = validate(C.CamouflageCase, case, "case")
    rulings = case_rulings(c.rulings)
    est: list[str] = []
    base = sighting.chart_range(c.conditions, c.sighter, c.terrain, c.size, rulings, estimated=est)
    if base.estimated:
        est.append(f"sighting range {c.conditions} {c.sighter} {c.terrain} {c.size} ({base.v})")
    seen, roll, why = terrain.camouflage(int(base.v), in_hexes(c.range, c.scale, rulings), dice, thermal=c.thermal)
    return _answer(
        _simple("camouflage", {"sighted": seen, "needs": int(base.v)}, why, roll=roll, estimated=est), dice, c.rulings
    )


def building_fire(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """A burning building's fire status, or whether GP fire starts a new one (18.3)."""
    from umpire.rules.mbt.options import terrain

    c = validate(C.BuildingFireCase, case, "case")
    if c.gp is None:
        what, roll, est = terrain.fire_status(c.building, dice)
        words = {
            "spread": "spreads into every adjacent building hex (18.3.1.1)",
            "continue": "continues (18.3.1.2)",
            "end": "ends: the burning marker is removed (18.3.1.3)",
        }
        return _answer(
            _simple("building_fire", {"status": what}, f"the fire {words[what]}", roll=roll, estimated=est),
            dice,
            c.rulings,
        )
    new, roll, band, est = terrain.new_fire(c.building, c.gp, dice)
    return _answer(
        _simple(
            "building_fire",
            {"new_fire": new},
            ("a new fire: place a burning marker" if new else "no fire") + " (18.3.2)",
            roll=roll,
            estimated=est,
            facts=CheckFacts(band=band),
        ),
        dice,
        c.rulings,
    )


def panic(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """A panic move (17.9): direction from the SCATTER DIAGRAM, full movement factors."""
    from umpire.rules.mbt.options import terrain

    c = validate(C.PanicCase, case, "case")
    mf = c.mf
    if mf is None:
        if c.card is None:
            raise UmpireError("card: give the unit's card or mf (its maximum movement factors)")
        from umpire.rules.mbt import data

        mf = int(data.card(c.card).speeds.normal.v)
    roll, d, n = terrain.panic(mf, dice)
    dx, dy = terrain.panic_offset(d, n * c.scale)
    return _answer(
        _simple(
            "panic",
            {"direction": d, "hexes": n},
            f"moves {n} hexes in direction {d}, as far as its full movement allows; suppressed (ON) (17.9)",
            roll=roll,
            facts=CheckFacts(offset=[round(dx, 3), round(dy, 3)]),
        ),
        dice,
        c.rulings,
    )


PROCEDURES: dict[str, CalcProcedure] = {
    "scatter": scatter,
    "artillery": artillery_fire,
    "counter_battery": counter_battery,
    "clgp": clgp,
    "mine": mine,
    "mine_plow": mine_plow,
    "aa": aa,
    "crash": crash,
    "air_drop": air_drop,
    "acquire": acquire,
    "air_sight": air_sight,
    "helicopter": helicopter,
    "command_points": command_points,
    "jamming": jamming,
    "message": message,
    "turret_facing": turret_facing,
    "bail_out": bail_out,
    "lower_hull": lower_hull,
    "leg_loss": leg_loss,
    "hull_down_attempt": hull_down_attempt,
    "quickmarch": quickmarch,
    "ammo": ammo,
    "fuel": fuel,
    "camouflage": camouflage,
    "building_fire": building_fire,
    "panic": panic,
}

CASE_MODELS: dict[str, type[BaseModel]] = {
    "scatter": C.ScatterCase,
    "artillery": C.ArtilleryCase,
    "counter_battery": C.CounterBatteryCase,
    "clgp": C.ClgpCase,
    "mine": C.MineCase,
    "mine_plow": C.MinePlowCase,
    "aa": C.AaCase,
    "crash": C.CrashCase,
    "air_drop": C.AirDropCase,
    "acquire": C.AcquireCase,
    "air_sight": C.AirSightCase,
    "helicopter": C.HelicopterCase,
    "command_points": C.CommandPointsCase,
    "jamming": C.JammingCase,
    "message": C.MessageCase,
    "turret_facing": C.TurretFacingCase,
    "bail_out": C.BailOutCase,
    "lower_hull": C.LowerHullCase,
    "leg_loss": C.LegLossCase,
    "hull_down_attempt": C.HullDownAttemptCase,
    "quickmarch": C.QuickmarchCase,
    "ammo": C.AmmoCase,
    "fuel": C.FuelCase,
    "camouflage": C.CamouflageCase,
    "building_fire": C.BuildingFireCase,
    "panic": C.PanicCase,
}
