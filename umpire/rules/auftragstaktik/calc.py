"""``umpire calc`` procedures for auftragstaktik, by name.

Each procedure validates its case (pydantic, unknown fields rejected, sensible defaults),
resolves it with the dice given, and with ``odds=True`` also walks every die result
(:func:`umpire.core.odds.distribution`) for the exact chance of each outcome under the dice
method in force (ruling ``dice.method``: 1d10, or 2d6-2). The case formats are a public
interface; they are documented here and in the README:

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
from typing import TYPE_CHECKING, Any, Literal

from pydantic import ConfigDict, Field, model_validator

from umpire.core.dice import Dice
from umpire.core.odds import distribution
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.errors import DiceError, UmpireError
from umpire.rules.auftragstaktik import data
from umpire.rules.auftragstaktik.ratings import (
    Aspect,
    CoverLevel,
    Entrenchment,
    Kind,
    OrderCode,
    Quality,
    ReadsCodes,
    Stand,
    Unit,
)
from umpire.rules.auftragstaktik.spotting import Spotted
from umpire.schema.checked import Checked
from umpire.schema.load import validate

if TYPE_CHECKING:
    from umpire.calc import CalcAnswer, CalcProcedure


class _Case(Checked):
    model_config = ConfigDict(extra="forbid")

    ruleset: str = "auftragstaktik"
    rulings: dict[str, str] = Field(default_factory=dict)


class _Sub(Checked):
    model_config = ConfigDict(extra="forbid")


_Codes = ReadsCodes


class StandCase(_Sub, _Codes):
    """A stand in a case: its ratings (stat line or bundled unit) and its state."""

    statline: str | None = None
    unit: str | None = None
    name: str | None = None
    quality: Quality = "regular"
    orders: OrderCode = "HA"
    moved: bool = False
    hits: int = Field(0, ge=0)
    size: str | None = None
    kind: Kind | None = None
    spotted: bool = True
    cover: CoverLevel = "none"
    entrenchment: Entrenchment = "none"
    grouped_companies: int = Field(1, ge=1)
    close_terrain: bool | None = None
    soviet_tank: bool | None = None
    machine_gun: bool = False

    @model_validator(mode="after")
    def _one_source(self) -> StandCase:
        if (self.statline is None) == (self.unit is None):
            raise ValueError("give either statline: or unit: (a unit name from the bundled data)")
        return self

    def to_stand(self, field: str) -> Stand:
        from umpire.rules.auftragstaktik.statline import parse_statline

        soviet = False
        if self.unit is not None:
            from umpire.rules.auftragstaktik.library import find_unit

            entry = find_unit(self.unit, field=f"{field}.unit")
            unit: Unit = parse_statline(entry.statline, name=entry.name, where=f"{field}.unit")
            soviet = entry.soviet_tank
        else:
            unit = parse_statline(
                self.statline or "", name=self.name or "", where=f"{field}.statline"
            )
        if self.size is not None and self.size not in unit.sizes:
            raise UmpireError(
                f"{field}.size: {self.size!r} is not a size of "
                f"this unit (allowed: {', '.join(unit.sizes)})"
            )
        return Stand(
            unit=unit,
            quality=self.quality,
            orders=self.orders,
            moved=self.moved,
            hits=self.hits,
            size=self.size,
            kind=self.kind,
            spotted=self.spotted,
            cover=self.cover,
            entrenchment=self.entrenchment,
            grouped_companies=self.grouped_companies,
            close_terrain=self.close_terrain,
            soviet_tank=soviet if self.soviet_tank is None else self.soviet_tank,
            machine_gun=self.machine_gun,
        )


def _rulings(case: _Case) -> Rulings:
    try:
        return data.rulings(case.rulings)
    except UmpireError as exc:
        raise UmpireError(f"rulings: {exc}") from None


def _hits_label(res: Resolution) -> str:
    h = res.outcome["hits"]
    return (
        "no effect"
        if h == 0
        else "4 hits (eliminated)"
        if h >= 4
        else f"{h} hit" + ("s" if h > 1 else "")
    )


_ORDER = {
    "no effect": 0,
    "1 hit": 1,
    "2 hits": 2,
    "4 hits (eliminated)": 4,
    "failure": 0,
    "delay": 1,
    "reaction": 2,
    "success": 3,
    "pass": 0,
    "checked": 1,
    "routed": 2,
    "not spotted": 0,
    "spotted": 1,
}


def _answer(
    run: Callable[[Dice], Resolution],
    dice: Dice,
    rul: Rulings,
    odds: bool,
    label: Callable[[Resolution], str],
) -> CalcAnswer:
    from umpire.calc import CalcAnswer

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
            for k, v in sorted(dist.items(), key=lambda kv: (_ORDER.get(kv[0], 9), kv[0]))
        }
    return CalcAnswer(resolution=res, odds=out)


# --- fire ---------------------------------------------------------------------------------------


class FireCase(_Case):
    shooter: StandCase
    target: StandCase
    weapon: Literal["gun", "missile", "he", "hw", "sa"]
    range: float = Field(ge=0)
    aspect: Aspect = "front"
    night: bool = False
    phase: Literal[1, 2] | None = None


def calc_fire(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    from umpire.rules.auftragstaktik.fire import fire

    c = validate(FireCase, case, "case")
    rul = _rulings(c)
    shooter, target = c.shooter.to_stand("shooter"), c.target.to_stand("target")

    def run(d: Dice) -> Resolution:
        return fire(
            shooter, target, c.weapon, c.range, c.aspect, d, rul, night=c.night, phase=c.phase
        )

    return _answer(run, dice, rul, odds, _hits_label)


# --- spot ---------------------------------------------------------------------------------------


class SpotterCase(_Sub, _Codes):
    statline: str | None = None
    unit: str | None = None
    quality: Quality = "regular"
    orders: OrderCode = "NO"
    moved: bool = False
    recon: bool | None = None
    thermal: bool | None = None
    gsr: bool | None = None
    night_vision: Literal["TI", "II", "IR", "SL", "none"] | None = None
    facing_target: bool = True
    higher: bool = False
    air_defense: bool = False


class SpotCase(_Case):
    spotter: SpotterCase = SpotterCase()
    target: Spotted = Spotted()  # the procedure's own model: one list of fields
    distance: float = Field(ge=0)
    night: bool = False


def calc_spot(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    from umpire.rules.auftragstaktik.spotting import Spotter, spot

    c = validate(SpotCase, case, "case")
    rul = _rulings(c)
    s = c.spotter
    special: tuple[str, ...] = ()
    if s.statline is not None or s.unit is not None:
        unit = StandCase(statline=s.statline, unit=s.unit).to_stand("spotter").unit
        special = unit.special + ((unit.night_vision,) if unit.night_vision else ())
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
    )
    target = c.target

    def run(d: Dice) -> Resolution:
        return spot(spotter, target, c.distance, rul, night=c.night, dice=d)

    return _answer(
        run, dice, rul, odds, lambda r: "spotted" if r.outcome["spotted"] else "not spotted"
    )


# --- hq -----------------------------------------------------------------------------------------


class HqCase(_Case):
    hq: dict[str, Any]
    enemy_rating: int | None = None
    enemy: dict[str, Any] | None = None
    phase: Literal["orders", "reaction"] = "orders"
    already_rolled: bool = False

    @model_validator(mode="after")
    def _enemy(self) -> HqCase:
        if (self.enemy_rating is None) == (self.enemy is None):
            raise ValueError(
                "give either enemy_rating (a number) or enemy (tech_level and quality)"
            )
        return self


def calc_hq(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    from umpire.rules.auftragstaktik.command import Hq, hq_roll

    c = validate(HqCase, case, "case")
    rul = _rulings(c)
    hq = validate(Hq, c.hq, "case: hq")
    enemy: Hq | int = c.enemy_rating if c.enemy is None else validate(Hq, c.enemy, "case: enemy")  # type: ignore[assignment]

    def run(d: Dice) -> Resolution:
        return hq_roll(hq, enemy, d, rul, phase=c.phase, already_rolled=c.already_rolled)

    return _answer(run, dice, rul, odds, lambda r: r.outcome["result"])


# --- morale -------------------------------------------------------------------------------------


class MoraleCase(_Case):
    battalion: dict[str, Any]


def calc_morale(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    from umpire.rules.auftragstaktik.morale import Battalion, morale_check

    c = validate(MoraleCase, case, "case")
    rul = _rulings(c)
    b = validate(Battalion, c.battalion, "case: battalion")

    def run(d: Dice) -> Resolution:
        return morale_check(b, d, rul)

    return _answer(run, dice, rul, odds, lambda r: r.outcome["result"])


# --- close combat and overruns ------------------------------------------------------------------

Morale = Literal["VL", "L", "A", "H", "VH"]


class CloseCombatCase(_Case):
    attacker: StandCase
    defender: StandCase
    attacker_morale: Morale = "A"
    defender_morale: Morale = "A"
    concealed: bool = False


def calc_close_combat(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    from umpire.rules.auftragstaktik.close_combat import close_combat

    c = validate(CloseCombatCase, case, "case")
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


class OverrunCase(_Case):
    defender: StandCase
    attackers: list[StandCase] = Field(min_length=1)
    target: int = 0
    attacker_morale: Morale = "A"
    defender_morale: Morale = "A"


def calc_overrun(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    from umpire.rules.auftragstaktik.close_combat import overrun

    c = validate(OverrunCase, case, "case")
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


# --- indirect, air ------------------------------------------------------------------------------

Level = Literal["battalion", "brigade", "division"]


class IndirectCase(_Case):
    firer: StandCase
    target: StandCase
    orders_level: Level = "battalion"
    firing_level: Level = "battalion"
    doctrine: Literal["decentralized", "balanced", "centralized"] = "balanced"
    icm: bool = False
    range: float | None = Field(None, ge=0)


class CbFacts(_Sub):
    firer_c3: Literal[1, 2, 3, 4, 5] = 3
    target_c3: Literal[1, 2, 3, 4, 5] = 3
    target_sp: bool = False
    target_mrl: bool = False
    firer_icm: bool = False
    firer_mrl: bool = False
    target_outranges: bool = False


class CounterBatteryCase(IndirectCase):
    counter_battery: CbFacts = CbFacts()


def _indirect(case: dict[str, Any], dice: Dice, odds: bool, cb: bool) -> CalcAnswer:
    from umpire.rules.auftragstaktik.indirect import Command, CounterBattery, indirect_fire

    c = validate(CounterBatteryCase if cb else IndirectCase, case, "case")
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
    return _indirect(case, dice, odds, cb=False)


def calc_counter_battery(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    return _indirect(case, dice, odds, cb=True)


class AirstrikeCase(_Case):
    target: StandCase
    aircraft: StandCase | None = None
    aircraft_drm: int | None = None
    tons: float | None = Field(None, gt=0)
    orders_level: Level = "battalion"
    firing_level: Level = "battalion"
    doctrine: Literal["decentralized", "balanced", "centralized"] = "balanced"


def calc_airstrike(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    from umpire.rules.auftragstaktik.indirect import Command, airstrike, ordnance_drm

    c = validate(AirstrikeCase, case, "case")
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


class StrafingCase(_Case):
    aircraft: StandCase
    target: StandCase


def calc_strafing(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    from umpire.rules.auftragstaktik.indirect import strafing

    c = validate(StrafingCase, case, "case")
    rul = _rulings(c)
    a, x = c.aircraft.to_stand("aircraft"), c.target.to_stand("target")
    return _answer(lambda d: strafing(a, x, d, rul), dice, rul, odds, _hits_label)


class AirDefenseCase(_Case):
    shooter: StandCase
    target: StandCase
    weapon: Literal["sa", "hw", "ad", "missile"]
    range: float = Field(0, ge=0)
    aa_mount: bool = False


def calc_air_defense(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    from umpire.rules.auftragstaktik.indirect import air_defense

    c = validate(AirDefenseCase, case, "case")
    rul = _rulings(c)
    s, x = c.shooter.to_stand("shooter"), c.target.to_stand("target")

    def run(d: Dice) -> Resolution:
        return air_defense(s, x, c.weapon, d, rul, range_in=c.range, aa_mount=c.aa_mount)

    return _answer(run, dice, rul, odds, _hits_label)


# --- entrench, mines ----------------------------------------------------------------------------


class EntrenchCase(_Case, _Codes):
    level: Literal["none", "hasty", "deliberate", "prepared"] = "hasty"
    quality: Quality = "regular"
    stationary: bool = True
    stand: Literal["troop", "apc", "mbt", "mbt_t64", "other_vehicle"] = "troop"
    engineer: bool = False
    with_infantry: bool = False


def calc_entrench(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    from umpire.rules.auftragstaktik.entrench import entrench

    c = validate(EntrenchCase, case, "case")
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


class MinesCase(_Case):
    stand: StandCase
    minefield: Literal["AP", "AT"]


def calc_mines(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    from umpire.rules.auftragstaktik.mines import cross_minefield

    c = validate(MinesCase, case, "case")
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
}
