"""What an MBT scenario gives the options it switches on (17-22): the switches themselves,
the ground weather, the off-board batteries and the minefields laid before play.

The names of the options are the MBT ruleset's (``rulesets/mbt/options/options.yaml``); the
ruleset's scenario checks refuse an unknown one, and a block given for an option that is off.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from umpire.schema.checked import Checked


class _Strict(Checked):
    model_config = ConfigDict(extra="forbid")


class PlannedSpec(_Strict):
    """A planned fire plot, written before the game (19.2.1.1): any point, no observer."""

    turn: int = Field(ge=1, description="the Turn it arrives (19.2.1.1.2)")
    target: tuple[float, float] = Field(description="the target point on the table, inches")
    sheaf: Literal["tight", "line", "loose"] = Field("tight", description="tight, line or loose (19.2.3)")
    direction: int | None = Field(None, ge=1, le=6, description="a line SHEAF's mapboard direction (19.2.3.2)")
    mission: Literal["HE", "ICMDP", "ICM", "SM", "FASCAM", "IL"] = Field(
        "HE", description="HE, ICMDP, ICM, SM, FASCAM or IL (19.2.4)"
    )


class BatterySpec(_Strict):
    """An off-board artillery battery (19.1): its marker letter is its id."""

    id: str = Field(description="the battery's artillery marker letter or name (19.1.4)")
    side: str = Field(description="the side it belongs to")
    nation: Literal["USA", "FRG", "USSR"] = Field(description="whose artillery card: USA, FRG or USSR")
    size: Literal["light", "medium", "heavy", "super_heavy"] = Field(
        "medium", description="light, medium, heavy or super_heavy (19.1.1)"
    )
    attachment: Literal["attached", "organic", "unattached"] = Field(
        "organic", description="attached, organic or unattached (19.1.2)"
    )
    organization: list[str] = Field(
        default_factory=list, description="units of the organization it is attached to (19.3.1)"
    )
    missions: dict[str, int] = Field(default_factory=dict, description="fire missions available, by mission (19.1.4)")
    planned: list[PlannedSpec] = Field(default_factory=list,
                                       description="its planned fire, plotted before the game (19.2.1.1)")
    player: str | None = Field(None, description="with several players a side (21.3): the player who holds it, "
                               "the only one who orders it and reads of it (default: the side's overall commander)")


class MinefieldSpec(_Strict):
    """A minefield laid before play (17.5.1): one hex about ``at``, secret from the enemy."""

    side: str = Field(description="the side it belongs to")
    at: tuple[float, float] = Field(description="the minefield hex's centre on the table, inches")
    kind: Literal["hasty", "deliberate", "fascam"] = Field(
        "hasty", description="hasty or deliberate (FASCAM is laid in play, 19.2.4.5)"
    )
    type: Literal["anti_vehicular", "anti_personnel"] | None = Field(
        None, description="anti_vehicular or anti_personnel (17.5)"
    )


class CounterBatterySpec(_Strict):
    """A counter battery capability (19.4): it tries to locate one enemy battery a Turn."""

    side: str = Field(description="the side it belongs to")
    nation: Literal["USA", "FRG", "USSR"] = Field(description="whose COUNTER BATTERY TABLE: USA, FRG or USSR")
    equipment: Literal["sound", "flash", "radar"] = Field("radar", description="sound, flash or radar ranging (19.4.2)")


class AircraftSpec(_Strict):
    """An aircraft a side may call on (20.1): its type (an aircraft of the MBT air data) and loads."""

    id: str = Field(description="the aircraft's id, as the orders file names it")
    side: str = Field(description="the side it belongs to")
    type: str = Field(description="the aircraft, e.g. F-111F, A-10A, Su-25")
    loads: dict[str, int] = Field(default_factory=dict, description="weapon loads carried, by load (20.1.1)")
    pgm: dict[str, int] = Field(default_factory=dict, description="how many of its iron_bomb and cluster_bomb loads "
                                "are PGM, bought for 20 points more each (20.1.3.4.3)")
    player: str | None = Field(None, description="with several players a side (21.3): the player who holds it, "
                               "the only one who orders it and reads of it (default: the side's overall commander)")


class PlayerSpec(_Strict):
    """One player of a side under the multi-player rules (21.3.1): the units the player commands
    personally, and the unit of the personal commander (21.3.2)."""

    id: str = Field(min_length=1, description="the player's id, as messages name the player")
    side: str = Field(description="the side the player plays")
    name: str = Field("", description="the player's name or post (default: the id)")
    units: list[str] = Field(min_length=1, description="units and formations (by id) the player commands (21.3.1)")
    commander: str | None = Field(
        None, description="the unit of the player's personal commander (21.3.2; default: the player's first unit)"
    )
    overall: bool = Field(False, description="the side's overall commander (21.3.1; default: the side's first player)")
    successors: list[str] = Field(default_factory=list, description="units of the officers who replace a lost "
                                  "personal commander three Turns after, in order: his XO, then the next highest-"
                                  "ranking COs the player commands (21.3.2; none: he plays on without one)")


class HelicopterSpec(_Strict):
    """A helicopter unit on the table (20.2): its card, where it starts and at what altitude."""

    id: str = Field(description="the helicopter unit's id, as the orders file names it under helicopters:")
    side: str = Field(description="the side it belongs to")
    card: str = Field(description="its helicopter data card, e.g. USA-6A/2 (AH-64A)")
    name: str | None = Field(None, description="its name on the reports (default: the id)")
    at: tuple[float, float] = Field(description="where it starts on the table, inches")
    facing: float = Field(0.0, description="its facing, degrees clockwise from the far edge")
    altitude: Literal["landed", "noe", "low"] = Field("noe", description="landed, noe or low (20.2.2.1)")
    rockets: int = Field(0, ge=0, description="rockets it carries (20.2.1; one fired an Air Phase, 20.2.3.3.1; "
                         "default: its armament's)")
    armament: str | None = Field(None, description="its armament as the TO&E names it, e.g. 'with HELLFIRES & "
                                 "rockets' (20.2.1): the missiles and rockets it carries; default: its integral "
                                 "weapons alone")


class WeightLimitSpec(_Strict):
    """A bridge holding less than the standard 60 tons (17.8.1): the bridge where a road crosses the
    water within half a hex length of ``at``."""

    at: tuple[float, float] = Field(description="a point on the bridge, inches")
    tons: int = Field(ge=0, description="the weight it holds, tons (17.8.1: 60 unless the scenario says less)")
