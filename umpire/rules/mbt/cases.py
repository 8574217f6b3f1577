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
    card: str
    weapon: str | None = None
    ammo: str
    orders: str = "F"
    turret: Literal["open", "buttoned"] = "open"
    grade: Literal["poor", "average", "crack"] = "average"
    sight: str | None = None
    suppressed: bool = False
    tem_sup: bool = False
    transported: bool = False
    crew_losses: int = Field(0, ge=0)
    acquisition_turns: int = Field(0, ge=0)
    height: int | None = None


class FireTarget(_Case):
    card: str
    orders: str = "F"
    terrain: str | list[str] = "clear"
    spotted: Literal["none", "moved", "fired"] = "none"
    turret: Literal["open", "buttoned"] = "buttoned"
    hull_down: bool = False
    inside_building: Literal["wooden", "brick", "stone"] | None = None
    crowded: bool = False
    reactive_armor: Literal["none", "light", "heavy"] = "none"
    compartment_hit: bool = False
    gun_hit: bool = False
    height: int | None = None


class Smoke(_Case):
    brew_up: int = Field(0, ge=0)
    other: int = Field(0, ge=0)
    discharger: bool = False


class FireCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("firer", "target", "range", "firer.ammo", "angle")
    ruleset: str = "mbt"
    scale: float = 1
    game: Game = "advanced"
    conditions: str = "day"
    firer: Firer
    target: FireTarget
    range: Inches = Field(gt=0)
    elevation: Literal["level", "rising", "falling"] | None = None
    angle: str = "front"
    shots: int | None = None
    smoke: Smoke = Field(default_factory=Smoke)
    rulings: dict[str, str] = Field(default_factory=dict)


# ---------------------------------------------------------------------------------------------


class Sighter(_Case):
    turret: Literal["open", "buttoned"] = "open"
    height: int = 0


class SightTarget(_Case):
    kind: Literal["vehicle", "large", "small", "hex"] = "vehicle"
    terrain: str | list[str] = "clear"
    spotted: Literal["none", "moved", "fired"] = "none"
    height: int = 0


class ObstacleIn(_Case):
    distance: Inches = Field(gt=0)
    height: int
    what: str = "terrain"


class SightCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("range", "target.terrain", "conditions")
    roles: ClassVar[tuple[str, ...]] = ()
    ruleset: str = "mbt"
    game: Game = "advanced"
    scale: float = 1
    conditions: str = "day"
    sighter: Sighter = Field(default_factory=Sighter)
    target: SightTarget = Field(default_factory=SightTarget)
    range: Inches = Field(gt=0)
    obstacles: list[ObstacleIn] = Field(default_factory=list)
    rulings: dict[str, str] = Field(default_factory=dict)


# ---------------------------------------------------------------------------------------------


class GpFirer(_Case):
    card: str
    weapon: str | None = None
    ammo: str = "GP"
    orders: str = "F"
    grade: Literal["poor", "average", "crack"] = "average"
    suppressed: bool = False
    crew_losses: int = Field(0, ge=0)
    transported: bool = False
    acquisition_turns: int = Field(0, ge=0)
    canister: bool = False


class GpTargetIn(_Case):
    card: str | None = None
    kind: Literal["vehicle", "squad", "half_squad", "team", "towed"] = "vehicle"
    gp_defense: int | None = None
    orders: str = "F"
    turret: Literal["open", "buttoned"] = "buttoned"
    terrain: str = "clear"
    hull_down: bool = False
    pending_atgm: bool = False


class GpCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("firer", "target", "range")
    ruleset: str = "mbt"
    game: AdvancedOnly = "advanced"
    scale: float = 1
    firer: GpFirer
    target: GpTargetIn
    range: Inches = Field(gt=0)
    smoke: Smoke = Field(default_factory=Smoke)
    rulings: dict[str, str] = Field(default_factory=dict)


# ---------------------------------------------------------------------------------------------


class CloseAssaultCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("attack_gp", "target")
    roles: ClassVar[tuple[str, ...]] = ("target",)
    ruleset: str = "mbt"
    game: AdvancedOnly = "advanced"
    attack_gp: int = Field(gt=0)
    target: str
    height_diff: int = 0
    target_moving: bool = False
    target_open: bool = False
    grade: Literal["poor", "average", "crack"] = "average"
    assault_infantry: bool = False
    flamethrower: bool = False
    rulings: dict[str, str] = Field(default_factory=dict)


class HandToHandCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("attacker", "defender", "attackers")
    roles: ClassVar[tuple[str, ...]] = ("attacker", "defender")
    ruleset: str = "mbt"
    game: AdvancedOnly = "advanced"
    attacker: str
    defender: str
    attackers: int = Field(1, ge=1)
    defender_suppressed: bool = False
    uphill: bool = False
    defender_crew_loss: bool = False
    attacker_grade: Literal["poor", "average", "crack"] = "average"
    defender_grade: Literal["poor", "average", "crack"] = "average"
    height_diff: int = 0
    rulings: dict[str, str] = Field(default_factory=dict)


# ---------------------------------------------------------------------------------------------


class LegIn(_Case):
    terrain: str = "clear"
    inches: Inches = Field(gt=0)
    road: bool = False
    path: bool = False
    height_change: int = 0
    smoke: bool = False
    wire: bool = False
    turn: float = 0
    reverse: bool = False


class MoveCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("card", "orders", "route")
    roles: ClassVar[tuple[str, ...]] = ("card",)
    ruleset: str = "mbt"
    game: Game = "advanced"
    scale: float = 1
    card: str
    orders: str = "M"
    suppressed: bool = False
    conditions: str = "day"
    route: list[LegIn]
    rulings: dict[str, str] = Field(default_factory=dict)


class MissileCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("card", "weapon", "path")
    roles: ClassVar[tuple[str, ...]] = ("card",)
    ruleset: str = "mbt"
    game: AdvancedOnly = "advanced"
    scale: float = 1
    card: str
    weapon: str
    path: list[float] = Field(min_length=1)  # range in inches at each hex of the move
    lost_at: list[int] = Field(
        default_factory=list
    )  # path indexes where the target is not a legal target
    rulings: dict[str, str] = Field(default_factory=dict)
