"""The ``umpire calc`` case formats of the MBT options: one pydantic model per procedure.

A public interface (docs/reference/calc.md, generated; ``umpire calc fields PROCEDURE``); unknown
fields are refused. Distances are inches (``range: 18"``) turned into hexes by the case's ``scale``.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import ConfigDict, Field, field_validator

from umpire.rules.mbt.cases import Inches, known_rulings
from umpire.schema.checked import Checked

Nation = Literal["USA", "FRG", "USSR"]
Conditions = Literal["day", "dusk", "moonlight", "night", "fog", "blowing_snow"]
Grade = Literal["poor", "average", "crack"]
Level = Literal["low", "medium", "high"]
ObserverFact = Literal["crack", "poor", "fire_support_vehicle", "helicopter", "suppressed", "moved"]


class _Part(Checked):
    model_config = ConfigDict(extra="forbid")


class _Case(_Part):
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    game: Literal["advanced"] = Field(
        "advanced", description="advanced (the options are optional rules of the Advanced Game, 10.0)"
    )
    rulings: dict[str, str] = Field(
        default_factory=dict, description="NAME: CHOICE for each ruling read otherwise than by default"
    )

    @field_validator("rulings")
    @classmethod
    def _known_rulings(cls, rulings: dict[str, str]) -> dict[str, str]:
        return known_rulings(rulings)


class ScatterCase(_Case):
    """Where one area effect fire lands (17.1.2)."""

    words: ClassVar[tuple[str, ...]] = ("factor", "range", "conditions")
    roles: ClassVar[tuple[str, ...]] = ()
    scale: float = Field(1, gt=0, description="inches per hex (23.3.2.1)")
    factor: int = Field(description="the weapon's scatter factor, 10-80 (17.1.2.3.1.1)")
    range: Inches = Field(0, ge=0, description="sighting unit to the target point, inches (17.1.2.2)")
    conditions: Conditions = Field("day", description="the sighting conditions (17.1.2.2.1)")
    observer: list[ObserverFact] = Field(default_factory=list, description="observer scatter modifiers (17.1.2.2.2)")
    nation: Nation = Field("USA", description="whose artillery card's observer modifiers")
    modifiers: list[int] = Field(default_factory=list, description="other scatter modifiers from the firer's card")
    facing: int | None = Field(
        None, ge=1, le=6, description="an air weapon's direction of flight: no diagram (20.1.3.3.1.2)"
    )


class ArtilleryTarget(_Part):
    """A unit in or near the target hex: where it is from the target point, and what it is."""

    name: str = Field("", description="what it is called in the answer")
    card: str | None = Field(None, description="a vehicle's data card (its GP defense)")
    kind: Literal["vehicle", "squad", "half_squad", "team", "towed"] = Field(
        "vehicle", description="vehicle, squad, half_squad, team or towed"
    )
    gp_defense: int | None = Field(None, ge=1, description="GP defense, if not from the card")
    at: tuple[float, float] = Field((0.0, 0.0), description="inches (right, far) from the target point")
    terrain: str = Field(
        "clear", description="its hex's terrain (ICM and ICMDP do nothing in buildings, improved positions)"
    )
    orders: str = Field("F", description="its orders this Turn")
    turret: Literal["open", "buttoned"] = Field("buttoned", description="open or buttoned")


class ArtilleryCase(_Case):
    """One battery's fire mission as it impacts (19.3): delay, scatter, SHEAF, GP at each unit."""

    words: ClassVar[tuple[str, ...]] = ("plot", "size", "attachment", "range", "conditions")
    roles: ClassVar[tuple[str, ...]] = ()
    scale: float = Field(1, gt=0, description="inches per hex (23.3.2.1)")
    nation: Nation = Field("USA", description="whose artillery card: USA, FRG or USSR (USA-2B, FRG-3B, USSR-12A)")
    size: Literal["light", "medium", "heavy", "super_heavy"] = Field(
        "medium", description="light, medium, heavy or super_heavy (19.1.1)"
    )
    attachment: Literal["attached", "organic", "unattached"] = Field(
        "organic", description="attached, organic or unattached (19.1.2)"
    )
    observer_in_organization: bool = Field(
        False, description="the observer belongs to the battery's organization (19.3.1)"
    )
    plot: str | None = Field(None, description="the record sheet plot, e.g. C-1A10-T-HE-3 (19.2.5)")
    fire_type: Literal["planned", "designated", "called", "continuous"] = Field(
        "called", description="planned, designated, called or continuous (19.2.1)"
    )
    sheaf: Literal["tight", "line", "loose"] = Field("tight", description="tight, line or loose (19.2.3)")
    direction: int | None = Field(None, ge=1, le=6, description="a line SHEAF's direction (19.2.3.2)")
    mission: Literal["HE", "ICMDP", "ICM", "SM", "FASCAM", "IL"] = Field(
        "HE", description="HE, ICMDP, ICM, SM, FASCAM or IL (19.2.4)"
    )
    shift: int = Field(0, ge=0, description="continuous fire: hexes from the last impact hex (19.2.1.4.2)")
    observed: bool = Field(True, description="the observer still sees the target hex (17.1.2.3.1.1)")
    range: Inches = Field(0, ge=0, description="observer to the target point, inches")
    conditions: Conditions = Field(
        "day", description="the light: day, dusk, moonlight, night, fog or blowing_snow (18.1)"
    )
    observer: list[ObserverFact] = Field(
        default_factory=list,
        description="the observer's scatter modifiers: crack, poor, fire_support_vehicle, helicopter, suppressed, "
        "moved (17.1.2.2.2)",
    )
    targets: list[ArtilleryTarget] = Field(default_factory=list, description="the units near the target point")
    mortar: str | None = Field(None, description="a mortar vehicle's card: its fire instead of a battery's (17.1.3)")
    at: tuple[float, float] = Field((0.0, 0.0), description="the target point on the table, inches (where it lands)")
    firing_range: Inches | None = Field(
        None, ge=0, description="a mortar's range to the target point, inches (default: range)"
    )


class CounterBatteryCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("nation", "equipment", "conditions")
    roles: ClassVar[tuple[str, ...]] = ()
    nation: Nation = Field("USA", description="whose artillery card: USA, FRG or USSR (USA-2B, FRG-3B, USSR-12A)")
    equipment: Literal["sound", "flash", "radar"] = Field("radar", description="sound, flash or radar ranging (19.4.2)")
    conditions: Conditions = Field(
        "day", description="the light: day, dusk, moonlight, night, fog or blowing_snow (18.1)"
    )
    remaining_missions: int = Field(0, ge=0, description="the enemy battery's fire missions left (19.4.2.2-3)")
    against_counter_battery: bool = Field(False, description="the target is a counter battery capability (19.4.3)")


class ClgpCase(_Case):
    words: ClassVar[tuple[str, ...]] = ()
    roles: ClassVar[tuple[str, ...]] = ()
    observer_sees: bool = Field(True, description="the observer still sees the target vehicle (19.2.4.7.1)")
    observer_suppressed: bool = Field(False, description="the observer is suppressed: 01-70 (19.2.4.7.1)")


class MineCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("kind", "type", "target", "card")
    roles: ClassVar[tuple[str, ...]] = ("card",)
    kind: Literal["hasty", "deliberate", "fascam"] = Field(description="hasty, deliberate or fascam (17.5)")
    type: Literal["anti_vehicular", "anti_personnel"] | None = Field(None, description="none for FASCAM (mixed)")
    target: Literal[
        "vehicle",
        "landed_helicopter",
        "squad",
        "half_squad",
        "team",
        "towed",
        "crew",
        "flying_helicopter",
        "aircraft",
        "carried",
    ] = Field("vehicle", description="what enters the minefield (17.5.2)")
    card: str | None = Field(None, description="the vehicle's data card (its GP defense)")
    gp_defense: int | None = Field(None, ge=1, description="its GP defense, if not from its card")
    quickmarch: bool = Field(False, description="entering by quickmarch: -20 (17.5.2.2)")


class MinePlowCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("kinds",)
    roles: ClassVar[tuple[str, ...]] = ()
    kinds: list[Literal["hasty", "deliberate", "fascam"]] = Field(
        min_length=1, description="the kinds of minefield in the hex (17.5.3)"
    )


class AaCase(_Case):
    """One ground unit's anti-aircraft fire at an air unit (20.3.4)."""

    words: ClassVar[tuple[str, ...]] = ("card", "weapon", "target")
    roles: ClassVar[tuple[str, ...]] = ("card", "target")
    card: str = Field(description="the firing unit's card (its AA line), or generic")
    weapon: str = Field(description="the weapon (its AA line, 20.3.1) or load (20.1.1)")
    target: str = Field(description="a helicopter card or an aircraft's name")
    speed: Level = Field("low", description="the aircraft's speed (a helicopter flies as LL, 20.3.4.1)")
    altitude: Literal["noe", "low", "medium", "high"] = Field(
        "low", description="the air unit's altitude (20.1.2.4, 20.2.2.1)"
    )
    hovering: bool = Field(False, description="a hovering helicopter (20.2.2.1.1)")
    popup: Literal["sight", "guiding"] | None = Field(
        None, description="a pop-up attack: sight (no wire ATGM, no own designator) or guiding (20.3.4.1.3)"
    )
    evasive: bool = Field(False, description="evasive maneuvering (20.1.2.4.2)")
    radar: bool = Field(False, description="radar-directed fire (20.3.3.1)")
    firer_orders: str = Field(
        "F", description="the firing unit's orders: CA, OR, FM and M halve the hit number (20.3.4.1.2)"
    )
    firer_suppressed: bool = Field(
        False, description="the firing unit is suppressed: the hit number halved (20.3.4.1.2)"
    )
    grade: Grade = Field("average", description="the firing unit's grade: crack -10, poor +10 (20.3.4.1.7)")
    spoof_pods: int = Field(
        0,
        ge=0,
        le=4,
        description="ECM pods (an aircraft) or Chaff/IRCM (a helicopter: 1) to spoof a hit with (20.3.4.1.1)",
    )
    hit_number: int | None = Field(
        None, ge=0, description="a special combat against a helicopter: the hit number given, no modifiers (20.4)"
    )


class CrashCase(_Case):
    """Where a destroyed air unit crashes (20.3.4.2.1)."""

    words: ClassVar[tuple[str, ...]] = ("hovering", "landed")
    roles: ClassVar[tuple[str, ...]] = ()
    hovering: bool = Field(False, description="a hovering helicopter crashes in its hex (20.3.4.2.1)")
    landed: bool = Field(False, description="a landed helicopter does not crash (20.3.4.2.1)")
    facing: int = Field(1, ge=1, le=6, description="mapboard direction of its front")
    at: tuple[float, float] = Field((0.0, 0.0), description="where it was destroyed, inches")
    scale: float = Field(1, gt=0, description="inches per hex (23.3.2.1)")
    targets: list[ArtilleryTarget] = Field(
        default_factory=list, description="the ground units about where it was destroyed (offsets, inches)"
    )


class AirDropCase(_Case):
    """An aircraft's dropped weapon (20.1.3.3)."""

    words: ClassVar[tuple[str, ...]] = ("aircraft", "weapon", "speed", "altitude")
    roles: ClassVar[tuple[str, ...]] = ()
    aircraft: str = Field(description="the aircraft: F-111F, A-10A, Alpha Jet, Tornado, Su-25 or MiG-27")
    weapon: str = Field(
        "iron_bomb", description="iron_bomb, cluster_bomb, napalm, mine_canister, smoke_bomb or rocket (20.1.3.3)"
    )
    speed: Level = Field("low", description="low, medium or high (20.1.2.4)")
    altitude: Level = Field("low", description="the air unit's altitude (20.1.2.4, 20.2.2.1)")
    evasive: bool = Field(False, description="evasive maneuvering (20.1.2.4.2)")
    pgm: bool = Field(False, description="a PGM bomb (20.1.3.4.3)")
    night_pod: bool = Field(False, description="a LANTIRN or All Weather pod: flies as condition level 1 (20.1.2.1.2)")
    conditions: Conditions = Field(
        "day", description="the light: day, dusk, moonlight, night, fog or blowing_snow (20.1.2.1)"
    )
    facing: int = Field(1, ge=1, le=6, description="mapboard direction the aircraft flies")
    scale: float = Field(1, gt=0, description="inches per hex (23.3.2.1)")
    at: tuple[float, float] = Field((0.0, 0.0), description="the target point on the table, inches")
    targets: list[ArtilleryTarget] = Field(default_factory=list, description="the units about the target point")
    range: int | None = Field(None, ge=0, description="a rocket's range in hexes: its scatter modifier (20.1.3.4.1); "
                              "a PGM's: the hexes it is dropped from, 0-5 at low altitude, 6-10 at medium, 11-15 at "
                              "high (20.1.3.4.3)")


class AcquireCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("line", "speed", "altitude")
    roles: ClassVar[tuple[str, ...]] = ()
    line: Literal["air", "ground_gun", "ground_missile"] = Field(
        "air", description="air (the aircraft acquiring), ground_gun or ground_missile (20.1.3.1.1, 20.3.3.2)"
    )
    speed: Level = Field("low", description="the target's or the aircraft's speed")
    altitude: Level = Field("low", description="the target's or the aircraft's altitude")
    helicopter: bool = Field(False, description="a flying helicopter target: always LL (20.3.3.2)")


class Obstacle(_Part):
    distance: int = Field(ge=0, description="hexes from the ground unit")
    height: int = Field(description="its top height (20.1.3.1.3.1)")


class AirSightCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("altitude",)
    roles: ClassVar[tuple[str, ...]] = ()
    altitude: Literal["noe", "low", "medium", "high"] = Field(
        description="the air unit's altitude (20.1.2.4, 20.2.2.1)"
    )
    obstacles: list[Obstacle] = Field(
        default_factory=list,
        description="terrain about the ground unit: its distance in hexes and its top height (20.1.3.1.3)",
    )


class HelicopterCase(_Case):
    """One helicopter's move in an Air Phase (20.2.2)."""

    words: ClassVar[tuple[str, ...]] = ("card", "start", "end", "hexes")
    roles: ClassVar[tuple[str, ...]] = ("card",)
    card: str = Field(description="the helicopter's data card (its speeds)")
    start: Literal["landed", "noe", "low"] = Field(
        "noe", description="its altitude at the start of the Air Phase (20.2.2.1)"
    )
    end: Literal["landed", "noe", "low"] = Field(
        "noe", description="its altitude at the end of the Air Phase (20.2.2.1)"
    )
    hexes: int = Field(0, ge=0, description="hexes entered (20.2.2.2)")
    reverse: bool = Field(False, description="moving in reverse, 2 factors a hex (20.2.2.2.3)")
    side_slip: int = Field(0, ge=0, description="hexes side slipped (20.2.2.2.2)")
    terrain: str = Field("clear", description="the hex it ends in (landing: clear or scrub)")
    popup: bool = Field(False, description="a pop-up attack this Air Phase: from NOE, hovering (20.2.2.1.2)")
    conditions: Conditions = Field(
        "day", description="the light: day, dusk, moonlight, night, fog or blowing_snow (18.1)"
    )


class CommandPointsCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("active", "grade", "exchanges")
    roles: ClassVar[tuple[str, ...]] = ()
    active: int = Field(ge=0, description="active ground units of the command organization (21.1.1)")
    grade: Grade = Field("average", description="the organization's lowest grade (21.1.1.1)")
    company_officers: int = Field(0, ge=0, description="COs of NATO company/battery/troop HQs and XOs (21.1.1.2.1)")
    battalion_cos: int = Field(0, ge=0, description="battalion or squadron COs (21.1.1.2.2)")
    nbc: bool = Field(False, description="an NBC environment: one point less (18.4.1)")
    exchanges: int = Field(0, ge=0, description="command markers to exchange (21.1.2)")
    disrupted: bool = Field(False, description="communications disruption (21.2.2)")


class JammingCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("points", "side")
    roles: ClassVar[tuple[str, ...]] = ()
    points: int = Field(ge=1, description="jamming points spent, one to three (21.2)")
    side: Literal["NATO", "USSR"] = Field("NATO", description="the side jamming: NATO or USSR (21.2.1)")


class MessageCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("length",)
    roles: ClassVar[tuple[str, ...]] = ()
    length: int = Field(ge=1, description="words and numbers in the message (21.3.3.2.3)")
    enemy_can_intercept: bool = Field(
        True, description="the enemy's overall commander is alive and with a radio (21.3.3.2.3)"
    )


class TurretFacingCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("angle",)
    roles: ClassVar[tuple[str, ...]] = ()
    angle: Literal["front", "front_side", "rear_side", "rear"] = Field(
        description="the hit angle to the turret (17.2.1.1)"
    )


class BailOutCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("hit", "unit", "location")
    roles: ClassVar[tuple[str, ...]] = ()
    hit: Literal["no_damage", "compartment", "knocked_out", "brewed_up"] = Field(
        description="no_damage, compartment, knocked_out or brewed_up (17.2.3.1)"
    )
    unit: Literal["crew", "leg", "towed"] = Field(
        "crew", description="crew, leg or towed: who tries to bail out (17.2.3.1.1)"
    )
    location: str = Field(
        "TF", description="the hit location (TF, TS, TR, HF, HS, HR, TK, GN) or EF_KO for a GP kill (17.2.3.1.1)"
    )


class LowerHullCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("elevation",)
    roles: ClassVar[tuple[str, ...]] = ()
    elevation: Literal["level", "rising", "falling"] = Field("level", description="level, rising or falling (17.2.4.1)")


class LegLossCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("item",)
    roles: ClassVar[tuple[str, ...]] = ()
    item: str = Field("attached weapon", description="the attached weapon, equipment or officer checked (17.2.2)")


class HullDownAttemptCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("vehicles", "terrain")
    roles: ClassVar[tuple[str, ...]] = ()
    vehicles: int = Field(1, ge=1, le=4, description="vehicles in the attempt, one to four (17.2.5.1)")
    terrain: str = Field("clear", description="the terrain of its hex")


class QuickmarchCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("grade",)
    roles: ClassVar[tuple[str, ...]] = ()
    grade: Literal["poor", "average", "crack", "special_forces"] = Field(
        "average", description="poor, average, crack or special_forces (17.4.2)"
    )


class AmmoCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("card", "weapon")
    roles: ClassVar[tuple[str, ...]] = ("card",)
    card: str = Field(description="its data card")
    weapon: str | None = Field(None, description="the weapon (its AA line, 20.3.1) or load (20.1.1)")


class FuelCase(_Case):
    """A vehicle's fuel factors (17.3.3): one die three times, less one a Turn it moved or smoked."""

    words: ClassVar[tuple[str, ...]] = ("card", "used")
    roles: ClassVar[tuple[str, ...]] = ("card",)
    card: str | None = Field(None, description="the vehicle's data card (fuel is a vehicle unit's, 17.3.3)")
    used: int = Field(0, ge=0, description="Turns it entered a new hex or made exhaust smoke (17.3.3.2), one factor "
                      "each")


class CamouflageCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("range", "terrain", "conditions")
    roles: ClassVar[tuple[str, ...]] = ()
    scale: float = Field(1, gt=0, description="inches per hex (23.3.2.1)")
    range: Inches = Field(gt=0, description="the sighting unit to the camouflaged unit, inches")
    terrain: str = Field("clear", description="the terrain of its hex")
    conditions: Conditions = Field(
        "day", description="the light: day, dusk, moonlight, night, fog or blowing_snow (18.1)"
    )
    sighter: Literal["open", "buttoned"] = Field("open", description="the sighting unit open or buttoned")
    size: Literal["vehicle", "large", "small"] = Field(
        "vehicle", description="the camouflaged unit's size: vehicle, large or small (13.1.2)"
    )
    thermal: bool = Field(False, description="the sighting unit has a thermal imager (17.6.1.4)")


class BuildingFireCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("building", "gp")
    roles: ClassVar[tuple[str, ...]] = ()
    building: Literal["wooden", "brick", "stone"] = Field(description="wooden, brick or stone (18.3)")
    gp: int | None = Field(None, ge=1, description="new fire: the largest GP factor at the hex this Turn (18.3.2)")


class PanicCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("card",)
    roles: ClassVar[tuple[str, ...]] = ("card",)
    scale: float = Field(1, gt=0, description="inches per hex (23.3.2.1)")
    card: str | None = Field(None, description="the unit's data card (its full movement factors)")
    mf: int | None = Field(None, ge=0, description="its maximum movement factors, if not from a card")
