"""The ``umpire calc`` case formats of mbt: one pydantic model per procedure.

A public interface (docs/reference/calc.md; ``umpire calc fields PROCEDURE``); unknown fields are refused.
Distances are inches and may carry an inch mark (``range: 7"``). ``game:`` says which game's
rules answer: ``basic`` (2.0-9.4) or ``advanced`` (10.0 on); GP fire, close assault,
hand-to-hand and missile flight exist only in the Advanced Game.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, ConfigDict, Field, field_validator

from umpire.rules.vocab import SaidStretch, read_inches
from umpire.schema.checked import Checked

Inches = Annotated[float, BeforeValidator(read_inches)]
Game = Literal["basic", "advanced"]

# what a fire case and a sight case both say of the light at Night (options 18.3.4, 18.1.2)
NearFire = Annotated[bool, Field(description="option 18.3.4: the target within two hexes of a burning hex: Dusk "
                                 "sighting at Night or in Moonlight")]
Searchlight = Annotated[Literal["IR", "WL"] | None, Field(description="option 18.1.2: the target in the 60 degree "
    "arc and line of sight of a friendly unit's \"on\" searchlight: Day sighting out to its range (IR 10 hexes, "
    "WL 15)")]
SearchlightRange = Annotated[Inches | None, Field(ge=0, description="inches from that searchlight to the target "
    "(default: the range: the sighter's own searchlight)")]
TargetSearchlight = Annotated[Literal["IR", "WL"] | None, Field(description="option 18.1.2: the target's own "
    "searchlight is on: Day sighting of it within 10 hexes (IR) or at Day ranges (WL)")]
AdvancedOnly = Literal["advanced"]


def known_rulings(rulings: dict[str, str]) -> dict[str, str]:
    """``rulings`` if each is named and chosen as MBT has it, said with the case's other problems."""
    from umpire.rules.mbt.calc_helpers import case_rulings

    case_rulings(rulings)
    return rulings


class CaseBase(Checked):
    model_config = ConfigDict(extra="forbid")

    @field_validator("rulings", check_fields=False)
    @classmethod
    def _known_rulings(cls, rulings: dict[str, str]) -> dict[str, str]:
        return known_rulings(rulings)


def _card_weapons(card: object) -> list[object]:
    """The weapons on ``card``'s data card (none for a card that is not a vehicle's, or no card)."""
    from umpire.errors import UmpireError
    from umpire.rules.mbt.data import card as vehicle_card

    if not isinstance(card, str):
        return []
    try:
        return list(vehicle_card(card).weapons)
    except UmpireError:
        return []


def _part_card(case: dict[str, Any], part: str) -> object:
    value = case.get(part)
    return value.get("card") if isinstance(value, dict) else value


HIT_ANGLES = ("front", "front-side", "rear-side", "rear")


Grade = Literal["poor", "average", "crack"]
Turret = Literal["open", "buttoned"]


class RidingIn(CaseBase):
    """The vehicle a rider fires from (15.3.3.1, 15.3.4)."""

    card: str = Field(description="the carrier's data card (its TRANSPORT VALUE and NOTES)")
    turret: Turret = Field("buttoned", description="the carrier open or buttoned (15.3.4.1, 15.3.4.2)")


class Firer(CaseBase):
    card: str = Field(description="the firer's data card: a vehicle's, a leg card (squad, team) or a towed gun's")
    type: str | None = Field(None, description="a leg card's unit type (Squad, ½ Squad, Team); default: its first")
    weapon: str | None = Field(None, description="the weapon fired (default: the one that fires the ammo)")
    ammo: str = Field(description="the ammunition fired (KE or CE for AP fire)")
    orders: str = Field("F", description="the firer's orders (F, FM, OW, ATGM, ...)")
    turret: Turret = Field("open", description="the firer (or a rider's carrier) open or buttoned, for sighting")
    grade: Grade = Field("average", description="the firer's grade (14.3.1.3)")
    sight: str | None = Field(None, description="the sight used (default: the best the weapon has)")
    suppressed: bool = Field(False, description="the firer is suppressed (14.3.1.1.2)")
    tem_sup: bool = Field(False, description="an ATGM firer temporarily suppressed (14.3.1.1.5)")
    transported: bool = Field(False, description="a leg firer riding a vehicle (14.3.1.1.3); riding_in implies it")
    riding_in: RidingIn | None = Field(None, description="a rider's carrier: its NOTES decide what may fire (15.3.4)")
    crew_losses: int = Field(0, ge=0, description="crew losses of a firing vehicle (14.3.1.1.4)")
    acquisition_turns: int = Field(0, ge=0, description="turns it fired at this target before (7.4.2.3.1)")
    height: int | None = Field(None, description="its height in levels (12.1): elevation and hull down")
    compartment_hit: bool = Field(False, description="a firing vehicle with a penetrating or compartment hit "
                                  "(option 18.4.2)")
    altitude: Literal["landed", "noe", "low"] | None = Field(
        None, description="a helicopter firer's altitude (option 20.2.3): noe (default) or landed as a ground unit, "
        "low as an aircraft's gun; its orders F when hovering or landed, FM when it flew")


class FireTarget(CaseBase):
    card: str = Field(description="its data card id")
    orders: str = Field("F", description="its orders")
    terrain: str | list[str] = Field("clear", description="the terrain it is in (one or a list)")
    spotted: Literal["none", "moved", "fired"] = Field("none",
        description="none, moved or fired: what it did to be spotted")
    turret: Literal["open", "buttoned"] = Field("buttoned", description="open or buttoned")
    hull_down: bool = Field(False, description="it is hull down")
    inside_building: Literal["wooden", "brick", "stone"] | None = Field(None,
        description="wooden, brick or stone: the building it is inside")
    crowded: bool = Field(False, description="its hex holds more than 10 stacking points (12.2.2)")
    reactive_armor: Literal["none", "light", "heavy"] = Field("none", description="none, light or heavy")
    compartment_hit: bool = Field(False, description="it has a compartment hit")
    gun_hit: bool = Field(False, description="its gun is hit")
    height: int | None = Field(None, description="its height level")
    turret_angle: str | None = Field(None, description="front, front-side, rear-side or rear: the hit angle to its "
                                     "turret when the turret faces away from the hull (option 17.2.1)")


class Smoke(CaseBase):
    brew_up: int = Field(0, ge=0, description="burning wreck hexes the line of fire passes (7.4.2.3.3)")
    other: int = Field(0, ge=0, description="other smoke hexes (ON or OFF markers) it leaves, enters or crosses")
    discharger: bool = Field(False, description="the firer or the target covered by discharger smoke (12.6.3)")


class FireCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("firer", "target", "range", "firer.ammo", "angle")

    @classmethod
    def offered(cls, slot: str, case: dict[str, Any]) -> list[str] | None:
        """What a positional word may be, from the case so far: the firer's AP ammunition, the
        hit angles (None: as the field says)."""
        if slot == "firer.ammo":
            return list(dict.fromkeys(a.name for w in _card_weapons(_part_card(case, "firer"))
                                      for a in getattr(w, "ammo", []) if a.type in ("KE", "CE")))
        return list(HIT_ANGLES) if slot == "angle" else None
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    scale: float = Field(1, description="inches per hex (23.3.2.1)")
    game: Game = Field("advanced",
        description="basic or advanced: whose rules answer (default: UMPIRE_MBT_GAME, the config file, else advanced)")
    conditions: str = Field("day", description="the light: day, dusk, moonlight or night (11.0)")
    firer: Firer = Field(description="the firing unit")
    target: FireTarget = Field(description="the unit fired at")
    range: Inches = Field(ge=0, description="centre to centre, inches (0: the same hex, range 1)")
    elevation: Literal["level", "rising", "falling"] | None = Field(None,
        description="level, rising or falling (default: worked out)")
    angle: str = Field("front", description="front, front-side, rear-side or rear: the target's side struck (7.4.5.1)")
    shots: int | None = Field(None, description="shots fired (default: the weapon's)")
    smoke: Smoke = Field(default_factory=Smoke, description="smoke between them")
    hit_variations: bool = Field(False, description="play option 17.2's turret facing (17.2.1) and lower front "
                                 "hull (17.2.4)")
    weapon_limits: bool = Field(False, description="play option 17.3's DEP/EL minimum ranges (17.3.1)")
    nbc: bool = Field(False, description="play option 18.4: fire in an NBC environment (18.4.2)")
    near_fire: NearFire = False
    searchlight: Searchlight = None
    searchlight_range: SearchlightRange = None
    target_searchlight: TargetSearchlight = None
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")


# ---------------------------------------------------------------------------------------------


class Sighter(CaseBase):
    turret: Literal["open", "buttoned"] = Field("open", description="open or buttoned")
    height: int = Field(0, description="its height level")


class SightTarget(CaseBase):
    kind: Literal["vehicle", "large", "small", "hex"] = Field("vehicle", description="vehicle, large, small or hex")
    terrain: str | list[str] = Field("clear", description="the terrain it is in (one or a list)")
    spotted: Literal["none", "moved", "fired"] = Field("none", description="none, moved or fired")
    height: int = Field(0, description="its height level")


class ObstacleIn(CaseBase):
    distance: Inches = Field(gt=0, description="inches from the sighter")
    height: int = Field(description="its height level")
    what: str = Field("terrain", description="what it is (terrain, smoke...)")


class SightCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("range", "target.terrain", "conditions")
    roles: ClassVar[tuple[str, ...]] = ()
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    game: Game = Field("advanced",
        description="basic or advanced: whose rules answer (default: UMPIRE_MBT_GAME, the config file, else advanced)")
    scale: float = Field(1, description="inches per hex (23.3.2.1)")
    conditions: str = Field("day", description="the light: day, dusk, moonlight or night (11.0)")
    sighter: Sighter = Field(default_factory=Sighter, description="the unit looking")
    target: SightTarget = Field(default_factory=SightTarget, description="the unit looked at")
    range: Inches = Field(ge=0, description="centre to centre, inches (0: the same hex, range 1)")
    obstacles: list[ObstacleIn] = Field(default_factory=list, description="what lies between them")
    near_fire: NearFire = False
    searchlight: Searchlight = None
    searchlight_range: SearchlightRange = None
    target_searchlight: TargetSearchlight = None
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")


# ---------------------------------------------------------------------------------------------


class GpFirer(CaseBase):
    card: str = Field(description="the firer's data card: a vehicle's, a leg card (squad, team) or a towed gun's")
    type: str | None = Field(None, description="a leg card's unit type (Squad, ½ Squad, Team); default: its first")
    weapon: str | None = Field(None, description="the weapon fired (default: the one that fires the ammo)")
    ammo: str | None = Field(None, description="the GP ammunition fired (default: the weapon's GP ammunition)")
    orders: str = Field("F", description="the firer's orders: NM line with F, ATGM, OW; MV line with FM, OR (14.4.1)")
    grade: Grade = Field("average", description="the firer's grade (14.4.2.4)")
    suppressed: bool = Field(False, description="the firer is suppressed (14.4.2.1.3)")
    tem_sup: bool = Field(False, description="an ATGM firer temporarily suppressed (14.4.2.1.4)")
    crew_losses: int = Field(0, ge=0, description="crew losses of a firing vehicle (14.4.2.1.2)")
    transported: bool = Field(False, description="a leg firer riding a vehicle (14.4.2.1.5); riding_in implies it")
    riding_in: RidingIn | None = Field(None, description="a rider's carrier: its NOTES decide what may fire (15.3.4)")
    acquisition_turns: int = Field(0, ge=0, description="turns it fired at this target before (14.4.2.1.1)")
    canister: bool = Field(False, description="canister fired (14.4.5.2)")
    height: int | None = Field(None, description="its height in levels (12.1): ditch defense and hull down")
    turret: Turret = Field("open", description="a firing vehicle open or buttoned (option 18.4.2)")
    compartment_hit: bool = Field(False, description="a firing vehicle with a penetrating or compartment hit "
                                  "(option 18.4.2)")
    attached_fired: int = Field(0, ge=0, description="a leg unit's attached weapons also fired with its small arms "
                                "(option 17.3.4)")
    squad_plus: bool = Field(False, description="a squad plus firing: +10 (option 17.4.1.1)")
    pinning: Literal["normal", "area"] | None = Field(None, description="a leg machinegun team's pinning fire, normal "
                                                      "(+10) or area (option 17.4.3): an effective result suppresses")
    special_forces: bool = Field(False, description="a special forces squad firing (option 17.4.1.3.2): the Game "
                                 "Card's modifier")
    bailed_crew: bool = Field(False, description="the crew of this vehicle or towed gun card, bailed out (option "
                              "17.2.3.2.2): its Bailed Crew line, -10, and -10 a crew loss (crew_losses)")
    altitude: Literal["landed", "noe", "low"] | None = Field(
        None, description="a helicopter firer's altitude (option 20.2.3): noe (default) or landed as a ground unit, "
        "low as an aircraft's gun; its orders F when hovering or landed, FM when it flew")


class Passenger(CaseBase):
    """A unit carried by the target vehicle (14.4.3.2.5)."""

    card: str = Field(description="its data card (a leg or towed card)")
    type: str | None = Field(None, description="a leg card's unit type; default: its first")


class GpTargetIn(CaseBase):
    card: str | None = Field(None, description="the target's data card (a vehicle's, a leg or a towed card)")
    type: str | None = Field(None, description="a leg card's unit type; default: its first")
    kind: Literal["vehicle", "squad", "half_squad", "team", "towed"] | None = Field(
        None, description="what the target is (default: from its card)")
    gp_defense: int | None = Field(None, description="its GP defense, if not worked out from its card (14.4.3)")
    orders: str = Field("F", description="its orders: a leg or towed unit is MV with FM, M or OR (14.4.3.2.1)")
    turret: Turret = Field("buttoned", description="a vehicle open or buttoned (14.4.4.2)")
    terrain: str | list[str] = Field("clear", description="the terrain of its hex; of mixed terrain the highest "
                                     "defense counts (14.4.3.2.4); ditch takes the ditch numbers (14.4.3.2.3)")
    hull_down: bool = Field(False, description="a vehicle hull down (14.4.2.2.3)")
    inside_building: Literal["wooden", "brick", "stone"] | None = Field(
        None, description="a vehicle inside buildings of this type (15.4.3: hull down in brick or stone)")
    full_cover: bool = Field(False, description="a leg or towed unit in full cover (15.5, 14.4.3.2.1)")
    block_or_wreck: bool = Field(False, description="a block or wreck in its hex: +1 GP defense (14.4.3.2.2)")
    pending_atgm: bool = Field(False, description="it has an ATGM in flight: no effect is a temporary suppression "
                               "(14.4.4.2.1)")
    height: int | None = Field(None, description="its height in levels (12.1)")
    passengers: list[Passenger] = Field(default_factory=list, description="units the target vehicle carries: the "
                                        "same roll against each (14.4.3.2.5)")
    marker: Literal["block", "wire"] | None = Field(None, description="fire at a block or wire marker instead of a "
                                                    "unit (14.4.3.3): its GP defense the chart's unless given")
    entrenched: bool = Field(False, description="a leg unit in a hasty entrenchment: -10 (option 17.4.4.3)")


class GpCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("firer", "target", "range")
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    game: AdvancedOnly = Field("advanced", description="advanced (GP fire is an Advanced Game rule)")
    scale: float = Field(1, description="inches per hex (23.3.2.1)")
    firer: GpFirer = Field(description="the firing unit")
    target: GpTargetIn = Field(description="the unit fired at")
    range: Inches = Field(ge=0, description="centre to centre, inches (0: the same hex, range 1)")
    smoke: Smoke = Field(default_factory=Smoke, description="smoke hexes the line of fire crosses")
    weapon_limits: bool = Field(False, description="play option 17.3's DEP/EL minimum ranges (17.3.1) and infantry "
                                "alternate fire (17.3.4)")
    nbc: bool = Field(False, description="play option 18.4: fire in an NBC environment (18.4.2)")
    leg_variations: bool = Field(False, description="play option 17.4: squad plus, special forces, pinning fire, "
                                 "hasty entrenchments")
    shots: int | None = Field(None, ge=1, description="option 17.3.2.2 (with weapon_limits): GP shots announced, fewer "
                              "than the weapon's maximum rate of fire at -10 each (default: the maximum)")
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")


# ---------------------------------------------------------------------------------------------


class CloseAssaultCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("attack_gp", "target")
    roles: ClassVar[tuple[str, ...]] = ("target",)
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    game: AdvancedOnly = Field("advanced", description="advanced (an Advanced Game rule)")
    attack_gp: int = Field(gt=0, description="the assaulting unit's GP attack value")
    target: str = Field(description="the assaulted vehicle's card id")
    height_diff: int = Field(0, description="height levels between them")
    target_moving: bool = Field(False, description="the target moved this turn")
    target_open: bool = Field(False, description="the target's turret is open")
    grade: Literal["poor", "average", "crack"] = Field("average", description="the assaulting unit's grade")
    assault_infantry: bool = Field(False, description="the attackers are assault infantry")
    flamethrower: bool = Field(False, description="they attack with a flamethrower")
    special_forces: bool = Field(False, description="option 17.4.1.3.2: the attackers are special forces (crack): "
                                 "the Game Card's modifier")
    building: Literal["wooden", "brick", "stone"] | None = Field(
        None, description="the target's hex is a building hex of this type: a flamethrower starts a fire there "
        "(option 17.4.1.2.1)")
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")


class HandToHandCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("attacker", "defender", "attackers")
    roles: ClassVar[tuple[str, ...]] = ("attacker", "defender")
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    game: AdvancedOnly = Field("advanced", description="advanced (an Advanced Game rule)")
    attacker: str = Field(description="the attacker on the hand-to-hand chart (14.6), e.g. squad")
    defender: str = Field(description="the defender on the chart, e.g. squad or bailed_crew")
    attackers: int = Field(1, ge=1, description="attacking units")
    defender_suppressed: bool = Field(False, description="the defender is suppressed")
    uphill: bool = Field(False, description="the attack goes uphill")
    defender_crew_loss: bool = Field(False, description="the defender has lost crew")
    attacker_grade: Literal["poor", "average", "crack"] = Field("average", description="crack, average or poor")
    defender_grade: Literal["poor", "average", "crack"] = Field("average", description="crack, average or poor")
    height_diff: int = Field(0, description="height levels between them")
    attacker_elite: Literal["squad_plus", "assault_infantry"] | None = Field(
        None, description="option 17.4.1: the attacker a squad plus (5) or assault infantry (10)")
    defender_elite: Literal["squad_plus", "assault_infantry"] | None = Field(
        None, description="option 17.4.1: the defender a squad plus (5) or assault infantry (10)")
    attacker_flamethrower: bool = Field(False, description="option 17.4.1.2: the attackers use a flamethrower (-20)")
    defender_flamethrower: bool = Field(False, description="option 17.4.1.2: the defenders have a flamethrower")
    building: Literal["wooden", "brick", "stone"] | None = Field(
        None, description="the defender's hex is a building hex of this type: an attacking flamethrower starts a fire "
        "there (option 17.4.1.2.1)")
    attacker_special_forces: bool = Field(False, description="option 17.4.1.3.2: the attacker special forces (crack)")
    defender_special_forces: bool = Field(False, description="option 17.4.1.3.2: the defender special forces (crack)")
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")


# ---------------------------------------------------------------------------------------------


class LegIn(SaidStretch, CaseBase):
    """A stretch of a move: ``{terrain: woods, inches: 3}``, or as said, ``woods:3`` (``3``: clear)."""

    terrain: str = Field("clear", description="the terrain of this stretch (the card's MOVEMENT COSTS)")
    inches: Inches = Field(ge=0, description="its length in inches (0: a turn in place)")
    road: bool = Field(False, description="following a road (8.5)")
    path: bool = Field(False, description="following a path track (8.5)")
    height_change: int = Field(0, description="heights changed entering it (8.4.3)")
    smoke: bool = Field(False, description="through smoke (the card's smoke cost)")
    wire: bool = Field(False, description="into a wire hex (12.4.6)")
    turn: float = Field(0, description="degrees turned before it (8.3, 23.3.2.4)")
    reverse: bool = Field(False, description="in reverse: double cost (8.1.3)")
    charged: float | None = Field(None, ge=0, description="inches charged when not its length (a stream "
                                  "crossing is one hex, 8.4.1)")
    bridge: bool = Field(False, description="onto a bridge by its road: +1 hex (8.5.3, 8.6)")
    blocked_road: bool = Field(False, description="along a road with a wreck or enemy unit there: no road rate "
                               "(8.5.2)")


class MoveCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("card", "orders", "route")
    roles: ClassVar[tuple[str, ...]] = ("card",)

    @classmethod
    def offered(cls, slot: str, case: dict[str, Any]) -> list[str] | None:
        """The orders (8.2.1, 13.3); a route's stretch is TERRAIN:INCHES or INCHES."""
        from umpire.rules.mbt.orders import ADVANCED_ORDERS

        return list(ADVANCED_ORDERS) if slot == "orders" else [] if slot == "route" else None
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    game: Game = Field("advanced",
        description="basic or advanced: whose rules answer (default: UMPIRE_MBT_GAME, the config file, else advanced)")
    scale: float = Field(1, description="inches per hex (23.3.2.1)")
    card: str = Field(description="the unit's data card: a vehicle's, a leg card or a towed gun's (15.1, 15.2)")
    type: str | None = Field(None, description="a leg card's unit type; default: its first")
    orders: str = Field("M", description="its orders (8.2.1, 15.1.1)")
    suppressed: bool = Field(False, description="suppressed: half its movement (12.3.3.1)")
    conditions: str = Field("day", description="Night or Moonlight reduce movement (18.1.1)")
    route: list[LegIn] = Field(description="the stretches of the move, in order: TERRAIN:INCHES each in a line "
                               "(woods:3 clear:2), or INCHES over clear ground")
    load_unload: int = Field(0, ge=0, description="movement factors to load or unload: the highest LOAD/UNLOAD "
                             "COST of the units (15.3.2.2)")
    inside: bool = Field(False, description="going inside buildings: one more movement factor (15.4.3)")
    wire: int = Field(0, ge=0, description="wire hexes entered, each at the card's wire cost (12.4.6)")
    floors: int = Field(0, ge=0, description="a leg unit: floors climbed or descended in a building (15.4.1.1)")
    quickmarch: bool = Field(False, description="a leg unit quickmarching (option 17.4.2): a squad or half squad 3 "
                             "hexes, a team 2, with MOVE orders, not suppressed, not at Night or in Moonlight")
    ground: Literal["normal", "snow", "mud"] = Field("normal", description="the ground weather (option 18.2): a "
                                                     "vehicle's Snow or Mud movement factors")
    streams: Literal["fordable", "frozen", "unfordable"] = Field("fordable", description="streams frozen over (clear, "
                                                                 "18.2.1) or unfordable (18.2.2)")
    ice_tons: int | None = Field(None, ge=0, description="option 17.8.2: the weight the frozen streams' ice holds; "
                                 "a heavier vehicle pays for the stream as if it were not frozen")
    nbc: bool = Field(False, description="option 18.4, an NBC environment: leg units may not quickmarch (18.4.3)")
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")


class MissileCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("card", "weapon", "path")
    roles: ClassVar[tuple[str, ...]] = ("card",)

    @classmethod
    def offered(cls, slot: str, case: dict[str, Any]) -> list[str] | None:
        """The card's ATGMs, for the missile (14.2.2)."""
        if slot == "weapon":
            weapons = _card_weapons(case.get("card"))
            return [str(getattr(w, "name", "")) for w in weapons if getattr(w, "kind", "") == "atgm"]
        return [] if slot == "path" else None
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    game: AdvancedOnly = Field("advanced", description="advanced (an Advanced Game rule)")
    scale: float = Field(1, description="inches per hex (23.3.2.1)")
    card: str = Field(description="the firing unit's card id")
    weapon: str = Field(description="the missile")
    path: list[float] = Field(min_length=1,
        description="the target's range in inches from the firer as it starts its move, then after each hex it "
                    "enters (20 18 16 14: it starts 20 inches away and closes 2 a hex); how many hexes it enters "
                    "chooses the missile's speed (14.2.2.2.3)")
    lost_at: list[int] = Field(default_factory=list,
        description=(
            "the places in path where the target is not a legal target"))
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")
