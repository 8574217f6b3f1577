"""``umpire calc`` procedures for auftragstaktik, by name.

Each procedure validates its case (pydantic, unknown fields rejected, sensible defaults),
resolves it with the dice given, and with ``odds=True`` also walks every die result
(:func:`umpire.core.odds.distribution`) for the exact chance of each outcome under the dice
method in force (ruling ``dice.method``: 1d10, or 2d6-2). The case formats are a public
interface; they are documented here and in docs/reference/calc.md:

``fire``: shooter, target (stands), weapon (gun|missile|he|hw|sa), range (inches), aspect
(front|flank|rear), night, phase. ``spot``: spotter, target, distance, night. ``hq``: hq,
enemy_rating (or enemy), phase, already_rolled. ``morale``: battalion. ``close-combat``:
attacker, defender, attacker_morale, defender_morale, concealed. ``overrun``, ``indirect``,
``counter-battery``, ``airstrike``, ``strafing``, ``air-defense``, ``entrench``, ``mines``.

A stand is ``{statline: "..."}`` or ``{unit: "T-80B Company"}`` (bundled data, names and
aliases) plus quality, orders, moved, hits, size, kind, spotted, cover, entrenchment,
grouped_companies, close_terrain, soviet_tank, machine_gun. Every case may carry ``rulings:``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from umpire.core.dice import Dice
from umpire.core.odds import distribution
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.errors import DiceError, UmpireError
from umpire.rules.auftragstaktik import data
from umpire.rules.auftragstaktik.calc_move import MoveCase, calc_move
from umpire.rules.auftragstaktik.cases import (
    AirDefenseCase,
    AirstrikeCase,
    CaseBase,
    CloseCombatCase,
    CounterBatteryCase,
    EntrenchCase,
    FireCase,
    HqCase,
    IndirectCase,
    MinesCase,
    MoraleCase,
    OverrunCase,
    SpotCase,
    StrafingCase,
    check_case,
)
from umpire.rules.auftragstaktik.spotting import Spotter, is_mbt, spot
from umpire.rules.auftragstaktik.stand_case import StandCase
from umpire.schema.load import validate

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.rules.answer import CalcAnswer, CalcProcedure




def _rulings(case: CaseBase) -> Rulings:
    try:
        return data.rulings(case.rulings)
    except UmpireError as exc:
        raise UmpireError(f"rulings: {exc}") from None


def _hits_label(res: Resolution) -> str:
    """What the result does to the target, not what the table cell says (COMBAT > Hit Effects):
    a 3-hit stand struck once is eliminated; a troop stand in close terrain never is by fire."""
    o = res.outcome
    hits = int(o.get("hits", 0))
    if o.get("eliminated"):
        return "eliminated"
    if hits == 0:
        return "no effect"
    total = int(o.get("total_hits", hits))
    word = f"{hits} hit" + ("s" if hits != 1 else "")
    if total >= data.tables().common.hit_effects.eliminated_at:
        return word + (f" ({total} in all)" if total != hits else "") + (
            "; not eliminated: close terrain"
        )
    return word + (f" ({total} in all)" if total != hits else "")


_ORDER = {
    "no effect": 0,
    "failure": 0,
    "delay": 1,
    "reaction": 2,
    "success": 3,
    "pass": 0,
    "checked": 1,
    "routed": 2,
    "not spotted": 0,
    "spotted": 1,
    "eliminated": 99,
}


def _rank(label: str) -> tuple[int, str]:
    """Odds in order of severity: no effect, then by hits, eliminated last."""
    if label in _ORDER:
        return _ORDER[label], label
    head = label.split(" ", 1)[0]
    return (int(head) if head.isdigit() else 50), label


def _answer(
    run: Callable[[Dice], Resolution],
    dice: Dice,
    rul: Rulings,
    odds: bool,
    label: Callable[[Resolution], str],
) -> CalcAnswer:
    from umpire.rules.answer import CalcAnswer

    try:
        res = run(dice)
    except DiceError as exc:
        raise DiceError(
            f"dice: {exc} (dice method {rul['dice.method']}, ruling dice.method)"
        ) from None
    out = None
    if odds:
        dist: dict[str, Fraction] = distribution(run, label)
        out = {
            k: float(v)
            for k, v in sorted(dist.items(), key=lambda kv: _rank(kv[0]))
        }
    return CalcAnswer(resolution=res, odds=out)


def calc_fire(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Direct fire by one stand at another (COMBAT): the CRT column, modifiers, hits, rate of fire."""
    from umpire.rules.auftragstaktik.fire import Attack, fire
    from umpire.rules.auftragstaktik.fire_plan import weapon_order, weapons_of

    c = check_case(FireCase, case)
    rul = _rulings(c)
    shooter, target = c.shooter.to_stand("shooter"), c.target.to_stand("target")
    weapon = c.weapon
    if weapon is None:
        have = weapons_of(shooter)
        weapon = next((w for w in weapon_order(target) if w in have), None)
        if weapon is None:
            raise UmpireError(f"weapon: {shooter.unit.name or 'the shooter'} has no weapon to fire")
    chosen = weapon

    def run(d: Dice) -> Resolution:
        return fire(Attack(shooter, target, chosen, c.range, c.aspect, night=c.night, phase=c.phase), d, rul)

    answer = _answer(run, dice, rul, odds, _hits_label)
    if c.weapon is None:
        answer.assumed.append(f"weapon {weapon} (the shooter's first for this target)")
    return answer


def calc_spot(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Whether a stand spots another (MOVEMENT > Spotting): the sum of the modifiers, more than 0 spots."""
    c = check_case(SpotCase, case)
    rul = _rulings(c)
    s = c.spotter
    special: tuple[str, ...] = ()
    mbt = bool(s.mbt)
    if s.statline is not None or s.unit is not None:
        unit = StandCase(statline=s.statline, unit=s.unit).to_stand("spotter").unit
        special = unit.special + ((unit.night_vision,) if unit.night_vision else ())
        if s.mbt is None:

            mbt = is_mbt(unit, s.unit, data.tables())
    nv = (
        s.night_vision
        if s.night_vision is not None
        else next((x for x in special if x in ("TI", "II", "IR", "SL")), None)
    )
    spotter = Spotter(
        quality=s.quality,
        orders=s.orders,
        moved=s.moved,
        recon=s.recon if s.recon is not None else "recon" in special,
        thermal=s.thermal if s.thermal is not None else nv == "TI",
        gsr=s.gsr if s.gsr is not None else "GSR" in special,
        facing_target=s.facing_target,
        higher=s.higher,
        night_vision=None if nv in (None, "none") else nv,
        air_defense=s.air_defense,
        mbt=mbt,
    )
    target = c.target

    def run(d: Dice) -> Resolution:
        return spot(spotter, target, c.distance, rul, night=c.night, dice=d)

    return _answer(
        run, dice, rul, odds, lambda r: "spotted" if r.outcome["spotted"] else "not spotted"
    )


def calc_hq(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """An HQ roll for new orders (ORDERS > HQ roll): success, delay or failure."""
    from umpire.rules.auftragstaktik.command import Hq, hq_roll

    c = check_case(HqCase, case)
    rul = _rulings(c)
    hq = validate(Hq, c.hq, "case: hq")
    enemy: Hq | int = c.enemy_rating if c.enemy is None else validate(Hq, c.enemy, "case: enemy")

    def run(d: Dice) -> Resolution:
        return hq_roll(hq, enemy, d, rul, phase=c.phase, already_rolled=c.already_rolled)

    return _answer(run, dice, rul, odds, lambda r: r.outcome["result"])


def calc_morale(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """A battalion's morale roll (MORALE): pass, checked or routed."""
    from umpire.rules.auftragstaktik.morale import Battalion, morale_check

    c = check_case(MoraleCase, case)
    rul = _rulings(c)
    b = validate(Battalion, c.battalion, "case: battalion")

    def run(d: Dice) -> Resolution:
        return morale_check(b, d, rul)

    return _answer(run, dice, rul, odds, lambda r: r.outcome["result"])


def calc_close_combat(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Close combat between two stands (COMBAT > Close Combat)."""
    from umpire.rules.auftragstaktik.close_combat import close_combat

    c = check_case(CloseCombatCase, case)
    rul = _rulings(c)
    a, d_ = c.attacker.to_stand("attacker"), c.defender.to_stand("defender")

    def run(d: Dice) -> Resolution:
        return close_combat(
            a,
            d_,
            d,
            rul,
            attacker_morale=c.attacker_morale,
            defender_morale=c.defender_morale,
            concealed=c.concealed,
        )

    return _answer(run, dice, rul, odds, _hits_label)


def calc_overrun(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """An overrun of one stand by one or more (MISCELLANEOUS RULES > Overruns)."""
    from umpire.rules.auftragstaktik.close_combat import overrun

    c = check_case(OverrunCase, case)
    rul = _rulings(c)
    dfd = c.defender.to_stand("defender")
    atk = [s.to_stand(f"attackers[{i}]") for i, s in enumerate(c.attackers)]

    def run(d: Dice) -> Resolution:
        return overrun(
            dfd,
            atk,
            d,
            rul,
            target_index=c.target,
            defender_morale=c.defender_morale,
            attacker_morale=c.attacker_morale,
        )

    return _answer(
        run, dice, rul, odds, lambda r: "continues" if r.outcome["continue"] else "stops"
    )


def _indirect(case: dict[str, Any], dice: Dice, odds: bool, cb: bool) -> CalcAnswer:
    from umpire.rules.auftragstaktik.indirect import Command, CounterBattery, indirect_fire

    c = check_case(CounterBatteryCase if cb else IndirectCase, case)
    rul = _rulings(c)
    f, x = c.firer.to_stand("firer"), c.target.to_stand("target")
    cmd = Command(c.orders_level, c.firing_level, c.doctrine)
    facts = (
        CounterBattery(**c.counter_battery.model_dump())
        if isinstance(c, CounterBatteryCase)
        else None
    )

    def run(d: Dice) -> Resolution:
        return indirect_fire(
            f, x, d, rul, command=cmd, icm=c.icm, counter_battery=facts, range_in=c.range
        )

    return _answer(run, dice, rul, odds, _hits_label)


def calc_indirect(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """HE indirect fire at a stand under the template (COMBAT > HE indirect fire effects)."""
    return _indirect(case, dice, odds, cb=False)


def calc_counter_battery(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Counter-battery fire at an enemy battery (MISCELLANEOUS RULES > Counter-Battery Fire)."""
    return _indirect(case, dice, odds, cb=True)


def calc_airstrike(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """An airstrike of so many tons at a stand (MISCELLANEOUS RULES > Airstrikes)."""
    from umpire.rules.auftragstaktik.indirect import Command, airstrike, ordnance_drm

    c = check_case(AirstrikeCase, case)
    rul = _rulings(c)
    x = c.target.to_stand("target")
    if c.aircraft_drm is not None:
        drm = c.aircraft_drm
    elif c.tons is not None:
        drm = ordnance_drm(c.tons, rul, data.tables())
    elif c.aircraft is not None:
        ind = c.aircraft.to_stand("aircraft").unit.indirect
        if ind is None or ind.aircraft_drm is None:
            raise UmpireError("aircraft: its Indirect field has no ordnance modifier (e.g. +2)")
        drm = ind.aircraft_drm
    else:
        raise UmpireError("case: give aircraft_drm, tons (ordnance per aircraft) or aircraft")
    cmd = Command(c.orders_level, c.firing_level, c.doctrine)

    def run(d: Dice) -> Resolution:
        return airstrike(x, d, rul, aircraft_drm=drm, command=cmd)

    return _answer(run, dice, rul, odds, _hits_label)


def calc_strafing(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """A strafing attack by an air unit (MISCELLANEOUS RULES > Airstrikes)."""
    from umpire.rules.auftragstaktik.indirect import strafing

    c = check_case(StrafingCase, case)
    rul = _rulings(c)
    a, x = c.aircraft.to_stand("aircraft"), c.target.to_stand("target")
    return _answer(lambda d: strafing(a, x, d, rul), dice, rul, odds, _hits_label)


def calc_air_defense(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """Air defense fire at a helicopter or aircraft (MISCELLANEOUS RULES > Air Defense)."""
    from umpire.rules.auftragstaktik.indirect import air_defense

    c = check_case(AirDefenseCase, case)
    rul = _rulings(c)
    s, x = c.shooter.to_stand("shooter"), c.target.to_stand("target")

    def run(d: Dice) -> Resolution:
        return air_defense(s, x, c.weapon, d, rul, range_in=c.range, aa_mount=c.aa_mount)

    return _answer(run, dice, rul, odds, _hits_label)


def calc_entrench(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """An entrenching roll to the next level (MISCELLANEOUS RULES > Entrenching)."""
    from umpire.rules.auftragstaktik.entrench import entrench

    c = check_case(EntrenchCase, case)
    rul = _rulings(c)

    def run(d: Dice) -> Resolution:
        return entrench(
            c.level,
            c.quality,
            d,
            rul,
            stationary=c.stationary,
            stand=c.stand,
            engineer=c.engineer,
            with_infantry=c.with_infantry,
        )

    return _answer(run, dice, rul, odds, lambda r: "success" if r.outcome["success"] else "failure")


def calc_mines(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """A stand entering a minefield (MISCELLANEOUS RULES > Mines)."""
    from umpire.rules.auftragstaktik.mines import cross_minefield

    c = check_case(MinesCase, case)
    rul = _rulings(c)
    s = c.stand.to_stand("stand")
    return _answer(lambda d: cross_minefield(s, c.minefield, d, rul), dice, rul, odds, _hits_label)


PROCEDURES: dict[str, CalcProcedure] = {
    "fire": calc_fire,
    "spot": calc_spot,
    "hq": calc_hq,
    "morale": calc_morale,
    "close-combat": calc_close_combat,
    "overrun": calc_overrun,
    "indirect": calc_indirect,
    "counter-battery": calc_counter_battery,
    "airstrike": calc_airstrike,
    "strafing": calc_strafing,
    "air-defense": calc_air_defense,
    "entrench": calc_entrench,
    "mines": calc_mines,
    "move": calc_move,
}

CASE_MODELS: dict[str, type[BaseModel]] = {
    "fire": FireCase,
    "spot": SpotCase,
    "hq": HqCase,
    "morale": MoraleCase,
    "close-combat": CloseCombatCase,
    "overrun": OverrunCase,
    "indirect": IndirectCase,
    "counter-battery": CounterBatteryCase,
    "airstrike": AirstrikeCase,
    "strafing": StrafingCase,
    "air-defense": AirDefenseCase,
    "entrench": EntrenchCase,
    "mines": MinesCase,
    "move": MoveCase,
}
