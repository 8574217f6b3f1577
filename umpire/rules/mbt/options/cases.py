"""The ``umpire calc`` case formats of the MBT options: one pydantic model per procedure.

A public interface (README "MBT options"; ``umpire calc fields PROCEDURE``); unknown fields are
refused. Distances are inches (``range: 18"``) turned into hexes by the case's ``scale``.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import ConfigDict, Field

from umpire.rules.mbt.cases import Inches
from umpire.schema.checked import Checked

Nation = Literal["USA", "FRG", "USSR"]
Conditions = Literal["day", "dusk", "moonlight", "night", "fog", "blowing_snow"]
Grade = Literal["poor", "average", "crack"]
Level = Literal["low", "medium", "high"]
ObserverFact = Literal["crack", "poor", "fire_support_vehicle", "helicopter", "suppressed", "moved"]


class _Part(Checked):
    model_config = ConfigDict(extra="forbid")


class _Case(_Part):
    ruleset: str = "mbt"
    game: Literal["advanced"] = "advanced"
    rulings: dict[str, str] = Field(default_factory=dict)


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
    kind: Literal["vehicle", "squad", "half_squad", "team", "towed"] = "vehicle"
    gp_defense: int | None = Field(None, ge=1, description="GP defense, if not from the card")
    at: tuple[float, float] = Field((0.0, 0.0), description="inches (right, far) from the target point")
    terrain: str = Field(
        "clear", description="its hex's terrain (ICM and ICMDP do nothing in buildings, improved positions)"
    )
    orders: str = "F"
    turret: Literal["open", "buttoned"] = "buttoned"


class ArtilleryCase(_Case):
    """One battery's fire mission as it impacts (19.3): delay, scatter, SHEAF, GP at each unit."""

    words: ClassVar[tuple[str, ...]] = ("plot", "size", "attachment", "range", "conditions")
    roles: ClassVar[tuple[str, ...]] = ()
    scale: float = Field(1, gt=0, description="inches per hex (23.3.2.1)")
    nation: Nation = "USA"
    size: Literal["light", "medium", "heavy", "super_heavy"] = "medium"
    attachment: Literal["attached", "organic", "unattached"] = "organic"
    observer_in_organization: bool = Field(
        False, description="the observer belongs to the battery's organization (19.3.1)"
    )
    plot: str | None = Field(None, description="the record sheet plot, e.g. C-1A10-T-HE-3 (19.2.5)")
    fire_type: Literal["planned", "designated", "called", "continuous"] = "called"
    sheaf: Literal["tight", "line", "loose"] = "tight"
    direction: int | None = Field(None, ge=1, le=6, description="a line SHEAF's direction (19.2.3.2)")
    mission: Literal["HE", "ICMDP", "ICM", "SM", "FASCAM", "IL"] = "HE"
    shift: int = Field(0, ge=0, description="continuous fire: hexes from the last impact hex (19.2.1.4.2)")
    observed: bool = Field(True, description="the observer still sees the target hex (17.1.2.3.1.1)")
    range: Inches = Field(0, ge=0, description="observer to the target point, inches")
    conditions: Conditions = "day"
    observer: list[ObserverFact] = Field(default_factory=list)
    targets: list[ArtilleryTarget] = Field(default_factory=list, description="the units near the target point")
    mortar: str | None = Field(None, description="a mortar vehicle's card: its fire instead of a battery's (17.1.3)")
    at: tuple[float, float] = Field((0.0, 0.0), description="the target point on the table, inches (where it lands)")
    firing_range: Inches | None = Field(
        None, ge=0, description="a mortar's range to the target point, inches (default: range)"
    )


class CounterBatteryCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("nation", "equipment", "conditions")
    roles: ClassVar[tuple[str, ...]] = ()
    nation: Nation = "USA"
    equipment: Literal["sound", "flash", "radar"] = "radar"
    conditions: Conditions = "day"
    remaining_missions: int = Field(0, ge=0, description="the enemy battery's fire missions left (19.4.2.2-3)")
    against_counter_battery: bool = Field(False, description="the target is a counter battery capability (19.4.3)")


class ClgpCase(_Case):
    words: ClassVar[tuple[str, ...]] = ()
    roles: ClassVar[tuple[str, ...]] = ()
    observer_sees: bool = True
    observer_suppressed: bool = False


class MineCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("kind", "type", "target", "card")
    roles: ClassVar[tuple[str, ...]] = ("card",)
    kind: Literal["hasty", "deliberate", "fascam"]
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
    ] = "vehicle"
    card: str | None = Field(None, description="the vehicle's data card (its GP defense)")
    gp_defense: int | None = Field(None, ge=1)
    quickmarch: bool = False


class MinePlowCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("kinds",)
    roles: ClassVar[tuple[str, ...]] = ()
    kinds: list[Literal["hasty", "deliberate", "fascam"]] = Field(min_length=1)


class AaCase(_Case):
    """One ground unit's anti-aircraft fire at an air unit (20.3.4)."""

    words: ClassVar[tuple[str, ...]] = ("card", "weapon", "target")
    roles: ClassVar[tuple[str, ...]] = ("card", "target")
    card: str = Field(description="the firing unit's card (its AA line), or generic")
    weapon: str
    target: str = Field(description="a helicopter card or an aircraft's name")
    speed: Level = "low"
    altitude: Literal["noe", "low", "medium", "high"] = "low"
    hovering: bool = False
    popup: Literal["sight", "guiding"] | None = Field(
        None, description="a pop-up attack: sight (no wire ATGM, no own designator) or guiding (20.3.4.1.3)"
    )
    evasive: bool = False
    radar: bool = False
    firer_orders: str = "F"
    firer_suppressed: bool = False
    grade: Grade = "average"
    spoof_pods: int = Field(0, ge=0, le=4)


class AirDropCase(_Case):
    """An aircraft's dropped weapon (20.1.3.3)."""

    words: ClassVar[tuple[str, ...]] = ("aircraft", "weapon", "speed", "altitude")
    roles: ClassVar[tuple[str, ...]] = ()
    aircraft: str
    weapon: str = "iron_bomb"
    speed: Level = "low"
    altitude: Level = "low"
    evasive: bool = False
    pgm: bool = False
    night_pod: bool = False
    conditions: Conditions = "day"
    facing: int = Field(1, ge=1, le=6, description="mapboard direction the aircraft flies")
    scale: float = Field(1, gt=0, description="inches per hex (23.3.2.1)")
    at: tuple[float, float] = Field((0.0, 0.0), description="the target point on the table, inches")
    targets: list[ArtilleryTarget] = Field(default_factory=list, description="the units about the target point")


class AcquireCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("line", "speed", "altitude")
    roles: ClassVar[tuple[str, ...]] = ()
    line: Literal["air", "ground_gun", "ground_missile"] = "air"
    speed: Level = "low"
    altitude: Level = "low"
    helicopter: bool = Field(False, description="a flying helicopter target: always LL (20.3.3.2)")


class Obstacle(_Part):
    distance: int = Field(ge=0, description="hexes from the ground unit")
    height: int


class AirSightCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("altitude",)
    roles: ClassVar[tuple[str, ...]] = ()
    altitude: Literal["noe", "low", "medium", "high"]
    obstacles: list[Obstacle] = Field(default_factory=list)


class HelicopterCase(_Case):
    """One helicopter's move in an Air Phase (20.2.2)."""

    words: ClassVar[tuple[str, ...]] = ("card", "start", "end", "hexes")
    roles: ClassVar[tuple[str, ...]] = ("card",)
    card: str
    start: Literal["landed", "noe", "low"] = "noe"
    end: Literal["landed", "noe", "low"] = "noe"
    hexes: int = Field(0, ge=0)
    reverse: bool = False
    side_slip: int = Field(0, ge=0)
    terrain: str = Field("clear", description="the hex it ends in (landing: clear or scrub)")
    popup: bool = False
    conditions: Conditions = "day"


class CommandPointsCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("active", "grade", "exchanges")
    roles: ClassVar[tuple[str, ...]] = ()
    active: int = Field(ge=0, description="active ground units of the command organization (21.1.1)")
    grade: Grade = "average"
    company_officers: int = Field(0, ge=0, description="COs of NATO company/battery/troop HQs and XOs (21.1.1.2.1)")
    battalion_cos: int = Field(0, ge=0, description="battalion or squadron COs (21.1.1.2.2)")
    nbc: bool = False
    exchanges: int = Field(0, ge=0, description="command markers to exchange (21.1.2)")
    disrupted: bool = Field(False, description="communications disruption (21.2.2)")


class JammingCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("points", "side")
    roles: ClassVar[tuple[str, ...]] = ()
    points: int = Field(ge=1)
    side: Literal["NATO", "USSR"] = "NATO"


class MessageCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("length",)
    roles: ClassVar[tuple[str, ...]] = ()
    length: int = Field(ge=1, description="words and numbers in the message (21.3.3.2.3)")
    enemy_can_intercept: bool = True


class TurretFacingCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("angle",)
    roles: ClassVar[tuple[str, ...]] = ()
    angle: Literal["front", "front_side", "rear_side", "rear"]


class BailOutCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("hit", "unit", "location")
    roles: ClassVar[tuple[str, ...]] = ()
    hit: Literal["no_damage", "compartment", "knocked_out", "brewed_up"]
    unit: Literal["crew", "leg", "towed"] = "crew"
    location: str = "TF"


class LowerHullCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("elevation",)
    roles: ClassVar[tuple[str, ...]] = ()
    elevation: Literal["level", "rising", "falling"] = "level"


class HullDownAttemptCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("vehicles", "terrain")
    roles: ClassVar[tuple[str, ...]] = ()
    vehicles: int = Field(1, ge=1, le=4)
    terrain: str = "clear"


class QuickmarchCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("grade",)
    roles: ClassVar[tuple[str, ...]] = ()
    grade: Literal["poor", "average", "crack", "special_forces"] = "average"


class AmmoCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("card", "weapon")
    roles: ClassVar[tuple[str, ...]] = ("card",)
    card: str
    weapon: str | None = None


class CamouflageCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("range", "terrain", "conditions")
    roles: ClassVar[tuple[str, ...]] = ()
    scale: float = Field(1, gt=0)
    range: Inches = Field(gt=0)
    terrain: str = "clear"
    conditions: Conditions = "day"
    sighter: Literal["open", "buttoned"] = "open"
    size: Literal["vehicle", "large", "small"] = "vehicle"
    thermal: bool = False


class BuildingFireCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("building", "gp")
    roles: ClassVar[tuple[str, ...]] = ()
    building: Literal["wooden", "brick", "stone"]
    gp: int | None = Field(None, ge=1, description="new fire: the largest GP factor at the hex this Turn (18.3.2)")


class PanicCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("card",)
    roles: ClassVar[tuple[str, ...]] = ("card",)
    scale: float = Field(1, gt=0)
    card: str | None = Field(None, description="the unit's data card (its full movement factors)")
    mf: int | None = Field(None, ge=0, description="its maximum movement factors, if not from a card")
