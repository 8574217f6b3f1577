"""The ``umpire calc`` case formats of mbt: one pydantic model per procedure.

A public interface (README; ``umpire calc fields PROCEDURE``); unknown fields are refused.
Distances are inches and may carry an inch mark (``range: 7"``). ``game:`` says which game's
rules answer: ``basic`` (2.0-9.4) or ``advanced`` (10.0 on); GP fire, close assault,
hand-to-hand and missile flight exist only in the Advanced Game.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BeforeValidator, ConfigDict, Field

from umpire.rules.vocab import read_inches
from umpire.schema.checked import Checked

Inches = Annotated[float, BeforeValidator(read_inches)]
Game = Literal["basic", "advanced"]
AdvancedOnly = Literal["advanced"]


class _Case(Checked):
    model_config = ConfigDict(extra="forbid")


class Firer(_Case):
    card: str = Field(description="its data card id, e.g. USSR-1B")
    weapon: str | None = Field(None, description="the weapon that fires (default: its main gun)")
    ammo: str = Field(description="the ammunition, e.g. APFSDS")
    orders: str = Field("F", description="its orders: F, FM, ATGM... (6.2.4)")
    turret: Literal["open", "buttoned"] = Field("open", description="open or buttoned (9.2.2)")
    grade: Literal["poor", "average", "crack"] = Field("average", description="crack, average or poor (12.7)")
    sight: str | None = Field(None, description="the sight it uses, where its card has several")
    suppressed: bool = Field(False, description="it is suppressed (12.3)")
    tem_sup: bool = Field(False, description="it is temporarily suppressed (12.3.5: ATGM fire only)")
    transported: bool = Field(False, description="it fires while carried (15.3.4)")
    crew_losses: int = Field(0, ge=0, description="crew it has lost")
    acquisition_turns: int = Field(0, ge=0, description="consecutive turns it has fired at this target (7.4.4)")
    height: int | None = Field(None, description="its height level (default: level with the target)")


class FireTarget(_Case):
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


class Smoke(_Case):
    brew_up: int = Field(0, ge=0, description="hexes of brew-up smoke the shot passes through")
    other: int = Field(0, ge=0, description="hexes of other smoke")
    discharger: bool = Field(False, description="the target fired its smoke dischargers (12.6)")


class FireCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("firer", "target", "range", "firer.ammo", "angle")
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    scale: float = Field(1, description="inches per hex (23.3.2.1)")
    game: Game = Field("advanced",
        description="basic or advanced: whose rules answer (default: UMPIRE_MBT_GAME, the config file, else advanced)")
    conditions: str = Field("day", description="the light: day, dusk, moonlight or night (11.0)")
    firer: Firer = Field(description="the firing unit")
    target: FireTarget = Field(description="the unit fired at")
    range: Inches = Field(gt=0, description="inches (7 or 7\")")
    elevation: Literal["level", "rising", "falling"] | None = Field(None,
        description="level, rising or falling (default: worked out)")
    angle: str = Field("front", description="front, front-side, rear-side or rear: the target's side struck (7.4.5.1)")
    shots: int | None = Field(None, description="shots fired (default: the weapon's)")
    smoke: Smoke = Field(default_factory=Smoke, description="smoke between them")
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")


# ---------------------------------------------------------------------------------------------


class Sighter(_Case):
    turret: Literal["open", "buttoned"] = Field("open", description="open or buttoned")
    height: int = Field(0, description="its height level")


class SightTarget(_Case):
    kind: Literal["vehicle", "large", "small", "hex"] = Field("vehicle", description="vehicle, large, small or hex")
    terrain: str | list[str] = Field("clear", description="the terrain it is in (one or a list)")
    spotted: Literal["none", "moved", "fired"] = Field("none", description="none, moved or fired")
    height: int = Field(0, description="its height level")


class ObstacleIn(_Case):
    distance: Inches = Field(gt=0, description="inches from the sighter")
    height: int = Field(description="its height level")
    what: str = Field("terrain", description="what it is (terrain, smoke...)")


class SightCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("range", "target.terrain", "conditions")
    roles: ClassVar[tuple[str, ...]] = ()
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    game: Game = Field("advanced",
        description="basic or advanced: whose rules answer (default: UMPIRE_MBT_GAME, the config file, else advanced)")
    scale: float = Field(1, description="inches per hex (23.3.2.1)")
    conditions: str = Field("day", description="the light: day, dusk, moonlight or night (11.0)")
    sighter: Sighter = Field(default_factory=Sighter, description="the unit looking")
    target: SightTarget = Field(default_factory=SightTarget, description="the unit looked at")
    range: Inches = Field(gt=0, description="inches between them")
    obstacles: list[ObstacleIn] = Field(default_factory=list, description="what lies between them")
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")


# ---------------------------------------------------------------------------------------------


class GpFirer(_Case):
    card: str = Field(description="its data card id")
    weapon: str | None = Field(None, description="the weapon that fires")
    ammo: str = Field("GP", description="the ammunition (GP by default)")
    orders: str = Field("F", description="its orders")
    grade: Literal["poor", "average", "crack"] = Field("average", description="crack, average or poor")
    suppressed: bool = Field(False, description="it is suppressed")
    crew_losses: int = Field(0, ge=0, description="crew it has lost")
    transported: bool = Field(False, description="it fires while carried")
    acquisition_turns: int = Field(0, ge=0, description="consecutive turns it has fired at this target")
    canister: bool = Field(False, description="it fires canister (14.4.5.2: 2-10 hexes)")


class GpTargetIn(_Case):
    card: str | None = Field(None, description="its data card id (or gp_defense:)")
    kind: Literal["vehicle", "squad", "half_squad", "team", "towed"] = Field("vehicle",
        description="vehicle, squad, half_squad, team or towed")
    gp_defense: int | None = Field(None, description="its GP defense value (instead of card:)")
    orders: str = Field("F", description="its orders")
    turret: Literal["open", "buttoned"] = Field("buttoned", description="open or buttoned")
    terrain: str = Field("clear", description="the terrain it is in")
    hull_down: bool = Field(False, description="it is hull down")
    pending_atgm: bool = Field(False, description="it has an ATGM in flight")


class GpCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("firer", "target", "range")
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    game: AdvancedOnly = Field("advanced", description="advanced (GP fire is an Advanced Game rule)")
    scale: float = Field(1, description="inches per hex (23.3.2.1)")
    firer: GpFirer = Field(description="the firing unit")
    target: GpTargetIn = Field(description="the unit fired at")
    range: Inches = Field(gt=0, description="inches (7 or 7\")")
    smoke: Smoke = Field(default_factory=Smoke, description="smoke between them")
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")


# ---------------------------------------------------------------------------------------------


class CloseAssaultCase(_Case):
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
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")


class HandToHandCase(_Case):
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
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")


# ---------------------------------------------------------------------------------------------


class LegIn(_Case):
    terrain: str = Field("clear", description="the terrain of this stretch")
    inches: Inches = Field(gt=0, description="its length in inches")
    road: bool = Field(False, description="along a road")
    path: bool = Field(False, description="along a path")
    height_change: int = Field(0, description="height levels climbed (or, negative, descended)")
    smoke: bool = Field(False, description="through smoke")
    wire: bool = Field(False, description="through wire")
    turn: float = Field(0, description="degrees turned at its start")
    reverse: bool = Field(False, description="in reverse")


class MoveCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("card", "orders", "route")
    roles: ClassVar[tuple[str, ...]] = ("card",)
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    game: Game = Field("advanced",
        description="basic or advanced: whose rules answer (default: UMPIRE_MBT_GAME, the config file, else advanced)")
    scale: float = Field(1, description="inches per hex (23.3.2.1)")
    card: str = Field(description="the moving unit's card id")
    orders: str = Field("M", description="its orders (M, FM...)")
    suppressed: bool = Field(False, description="it is suppressed")
    conditions: str = Field("day", description="the light: day, dusk, moonlight or night (11.0)")
    route: list[LegIn] = Field(description="its route, stretch by stretch")
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")


class MissileCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("card", "weapon", "path")
    roles: ClassVar[tuple[str, ...]] = ("card",)
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    game: AdvancedOnly = Field("advanced", description="advanced (an Advanced Game rule)")
    scale: float = Field(1, description="inches per hex (23.3.2.1)")
    card: str = Field(description="the firing unit's card id")
    weapon: str = Field(description="the missile")
    path: list[float] = Field(min_length=1,
        description="the range in inches at each hex of the target's move")
    lost_at: list[int] = Field(default_factory=list,
        description=(
            "the places in path where the target is not a legal target"))
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")
