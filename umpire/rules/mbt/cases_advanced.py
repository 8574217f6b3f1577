"""The ``umpire calc`` case formats of the MBT Advanced Game's own procedures: ``overrun``
(14.7), ``into_buildings`` (15.4.3) and ``smoke`` (12.6, 14.4.5.1, 15.7). A public interface
(docs/reference/calc.md; ``umpire calc fields PROCEDURE``); unknown fields are refused.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from umpire.rules.mbt.cases import AdvancedOnly, CaseBase, Grade, Inches, Smoke, Turret


class OverrunRider(CaseBase):
    """A leg unit the overrunning vehicle carries: its fire adds to the overrun fire (14.7.2.2.1)."""

    card: str = Field(description="its leg card")
    type: str | None = Field(None, description="its unit type; default: the card's first")
    weapons: list[str] = Field(default_factory=lambda: ["Small arms"],
                               description="its small arms and attached weapons (those the carrier's NOTES let it "
                               "fire while carried count, 15.3.4)")


class OverrunVehicle(CaseBase):
    """The overrunning vehicle (14.7.1)."""

    card: str = Field(description="its vehicle data card")
    weapons: list[str] | None = Field(None, description="its useable guns (default: every gun, machinegun and "
                                      "grenade launcher its card has fitted)")
    turret: Turret = Field("buttoned", description="open or buttoned: its riders' fire, and the defensive fire's "
                           "effect (14.4.4.2)")
    grade: Grade = Field("average", description="its grade (14.4.2.4)")
    suppressed: bool = Field(False, description="it is suppressed (14.4.2.1.3)")
    crew_losses: int = Field(0, ge=0, description="its crew losses (14.4.2.1.2)")
    riders: list[OverrunRider] = Field(default_factory=list, description="the leg units it carries (14.7.2.2.1)")


class OverrunDefender(CaseBase):
    """The leg or towed unit overrun (14.7.1.2)."""

    card: str = Field(description="its leg or towed data card")
    type: str | None = Field(None, description="a leg card's unit type; default: its first")
    weapons: list[str] = Field(default_factory=lambda: ["Small arms"],
                               description="its small arms and attached weapons (a towed gun: its weapons)")
    orders: str = Field("F", description="its orders: MV with FM, M or OR (14.4.3.2.1)")
    terrain: str | list[str] = Field("clear", description="the terrain of its hex (14.4.3.2)")
    full_cover: bool = Field(False, description="it is in full cover (15.5; 14.7.2.1.1.3)")
    block_or_wreck: bool = Field(False, description="a block or wreck in its hex: +1 GP defense (14.4.3.2.2)")
    grade: Grade = Field("average", description="its grade, for its defensive fire (14.4.2.4)")
    suppressed: bool = Field(False, description="it is suppressed: no first fire (14.7.2.1.2)")
    fired: bool = Field(False, description="it has already fired this Turn: no first fire (14.7.2.1.2)")
    just_unloaded: bool = Field(False, description="unloaded this Movement Step: only its small arms fire "
                                "(14.7.2.1.1.2)")


class OverrunCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("attacker", "defender", "part")
    roles: ClassVar[tuple[str, ...]] = ("attacker", "defender")
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    game: AdvancedOnly = Field("advanced", description="advanced (an Advanced Game rule)")
    scale: float = Field(1, description="inches per hex (23.3.2.1): the fire is at 1 hex")
    part: Literal["attack", "defence"] = Field(
        "attack", description="attack: the vehicle's overrun fire, +20 (14.7.2.2); defence: the defender's "
        "overrun defensive fire at the vehicle (14.7.2.1)")
    attacker: OverrunVehicle = Field(description="the vehicle that overruns (14.7.2.2)")
    defender: OverrunDefender = Field(description="the leg or towed unit overrun (14.7.1.2)")
    smoke: Smoke = Field(default_factory=Smoke, description="smoke in the hex (14.4.2.1.6, 14.4.2.1.7)")
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")


class IntoBuildingsCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("card", "building", "gun")
    roles: ClassVar[tuple[str, ...]] = ("card",)
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    game: AdvancedOnly = Field("advanced", description="advanced (an Advanced Game rule)")
    card: str = Field(description="the vehicle's data card (its close assault defense, 15.4.3.1)")
    building: Literal["wooden", "brick", "stone"] = Field(description="the building hex's type (15.4.3.2)")
    gun: Literal["forward", "back", "side"] | None = Field(
        None, description="where the main gun faces against the movement (15.4.3.2.1); default: from gun_angle")
    gun_angle: float = Field(0, ge=0, le=180, description="degrees between the main gun and the direction of "
                             "movement, if gun is not given (0 forward, 180 back)")
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")


class SmokeCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("card", "kind", "range")
    roles: ClassVar[tuple[str, ...]] = ("card",)
    ruleset: str = Field("mbt", description="mbt (the case is an MBT case)")
    game: AdvancedOnly = Field("advanced", description="advanced (an Advanced Game rule)")
    scale: float = Field(1, description="inches per hex (23.3.2.1)")
    kind: Literal["shell", "discharger", "exhaust"] = Field(
        "shell", description="smoke ammunition at a point (14.4.5.1), smoke dischargers (12.6) or exhaust smoke "
        "(15.7)")
    card: str = Field(description="the firing vehicle's (or towed gun's) data card")
    weapon: str | None = Field(None, description="shell: the weapon firing smoke (default: the first with smoke "
                               "ammunition)")
    orders: str = Field("F", description="shell: its orders (FIRE or FIRE/MOVE, 14.4.5)")
    range: Inches | None = Field(None, gt=0, description="shell: inches to the point, centre to centre")
    in_arc: bool = Field(True, description="shell: the point in the weapon's firing arc")
    line_of_sight: bool = Field(True, description="shell: an unblocked line of sight to the point")
    friendly_in_hex: bool = Field(False, description="shell: a friendly unit in the point's hex")
    used: int = Field(0, ge=0, description="discharger: 1 if already used (12.6.2); exhaust: times used (15.7.2)")
    compartment_hit: Literal["turret", "hull"] | None = Field(
        None, description="a compartment hit: a turret hit takes the dischargers, a hull hit the exhaust")
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")
