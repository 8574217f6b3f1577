"""What an MBT game keeps of itself and of a unit beyond the generic state, typed.

A unit's own state (:class:`MbtUnit`, reached as ``MbtUnit.of(u)``): its markers (spotted,
suppressed, full cover, the turret's hatch and facing), its damage (track, gun, compartment, crew
losses, lost weapons), what it has done this Turn, what the scenario gave it (equipment, doctrine,
in a building, the floor it stands on, camouflage), and what the options add (ammunition,
entrenching, bail outs). The generic state keeps the rest: its place and status, the sides that see
it and at what level, what carries it and how it was destroyed.

The game's own state (:class:`MbtGame`, reached as ``MbtGame.of(state)``): the scenario's ``mbt:``
block as the game began, the Turn's bookkeeping (the initiative, the written orders, who fired and
moved, ATGMs in flight, smoke, objectives held) and the options' state
(:mod:`umpire.rules.mbt.options.state`).

Every field's default is what a new game or unit holds; a field back at its default is the
marker taken off (the snapshot then leaves it out).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, with_config
from typing_extensions import TypedDict

from umpire.core.state import OwnState, UnitState
from umpire.rules.mbt.options.state import OptionsState
from umpire.rules.mbt.scenario_model import MbtSpec
from umpire.rules.mbt.sighting import Spotted

Compartment = Literal["turret", "hull"]  # (the order the advanced smoke case gives: one Literal, one schema)


class BailOut(BaseModel):
    """A vehicle due its bail out attempts at the end of the phase (17.2.3): how it was destroyed
    and the locations that struck it."""

    model_config = ConfigDict(extra="forbid")

    hit: str
    locations: list[str] = Field(default_factory=list)


class Entrenching(BaseModel):
    """A leg unit digging a hasty entrenchment (17.4.4.1): where, and for how many Turns so far."""

    model_config = ConfigDict(extra="forbid")

    at: tuple[float, float]
    turns: int


class MbtUnit(OwnState):
    """A unit's own state in an MBT game."""

    # -- what the scenario gives it (Advanced Game, 12.5, 13.4, 15.4; option 17.6)
    equipment: str | None = None  # weapons attached to a leg unit, as the scenario lists them
    doctrine: bool = False  # it follows its side's doctrine
    inside: bool = False  # inside the buildings it stands in
    up: int = 0  # the floor of its building it stands on
    camouflaged: bool = False
    camouflaged_at: tuple[float, float, float] | None = None  # where it stood camouflaged: x, y, facing
    searchlights: list[Literal["IR", "WL"]] = Field(default_factory=list)  # the searchlights it carries (18.1.2)
    # -- its markers
    spotted: Spotted = "none"  # MOVED or FIRED (3.4)
    used: bool = False  # it carried out its order this Turn
    turret: str | None = None  # open or buttoned, as its orders last set it (9.2.2; None: never set)
    turret_facing: float | None = None  # its turret's facing, where it differs from the hull's (None: the hull's)
    may_pivot: bool = False  # it may pivot at the next Command phase (9.1)
    suppressed: Literal["on", "off"] | None = None  # suppression marker (12.3)
    temp_sup: bool = False  # temporarily suppressed: its missile fire is modified (12.3.5)
    full_cover: bool = False  # in full cover (15.5)
    atgm_pending: bool = False  # an ATGM announced and not yet resolved (14.6)
    unloaded: int | None = None  # the Turn it unloaded from a carrier (14.7.2.1.1.2)
    ditch: int | None = None  # the Turn it entered a ditch (15.1.4)
    quickmarched: bool = False  # quickmarched this Turn (17.4.2)
    ex_used: int = 0  # exhaust smoke laid so far
    ds_used: bool = False  # its smoke discharger is spent
    searchlight: Literal["IR", "WL"] | None = None  # its searchlight that is on (18.1.2.1)
    # -- its damage
    track_hit: bool = False
    gun_hit: bool = False
    compartment: Compartment | None = None  # the compartment hit that did not destroy it
    penetrated: bool = False  # a penetrating hit: its NBC system no longer protects it (18.4.2)
    crew_losses: int = 0  # 14.3.3.1, 14.8
    lost_weapons: list[str] = Field(default_factory=list)  # attached weapons lost
    reduced_from: str | None = None  # the leg type it was before it was reduced (a squad now a half squad)
    knocked_out_in: str | None = None  # when it was destroyed ("T3 Artillery")
    off_table: str | None = None  # when it left the table ("T3 Movement", 8.7)
    exited: str | None = None  # the edge it left the table by (Scenario Format: exit points)
    sunk: bool = False  # sank swimming (17.7.3)
    # -- the options
    rounds: dict[str, int] = Field(default_factory=dict)  # rounds left of a weapon with limited ammunition (17.3)
    entrenching: Entrenching | None = None  # 17.4.4.1
    bail_out: BailOut | None = None  # due its bail out attempts (17.2.3)
    bail_from: str | None = None  # the destroyed carrier it is to bail out of (17.2.3.1.2)
    crew_bailed: bool = False  # its crew bailed out (17.2.3.2.2)
    crew: str | None = None  # the team its bailed out crew became on the table (17.2.3.2.2)
    bailed_crew: str | None = None  # this team is the bailed out crew of a vehicle of this card (17.2.3.2.2)
    leg_loss: list[str] = Field(default_factory=list)  # attached weapons to check for loss (17.2.2)


def turret_facing(u: UnitState) -> float:
    """The facing of ``u``'s turret: its hull's unless the turret was turned."""
    t = MbtUnit.of(u).turret_facing
    return u.facing if t is None else float(t)


# -- the game ------------------------------------------------------------------------------------
# Its records are typed dicts: plain JSON values at run time (a copy and a snapshot take them as
# they are), with their keys checked by the type checker and, on reading, by the model.


@with_config(ConfigDict(extra="forbid"))
class Acquired(TypedDict):
    """A firer's run of fire at one target (7.4.2.3.1, 14.4.2.1.1): since which Turn, and the last."""

    target: str
    since: int
    last: int


@with_config(ConfigDict(extra="forbid"))
class Smoke(TypedDict):
    """A smoke marker on the table (11.4, 12.6, 12.9, 14.4.5): ``on`` or ``off``, ``ds`` (a
    vehicle's dischargers), who laid it and when."""

    x: float
    y: float
    kind: str
    by: str
    turn: int


@with_config(ConfigDict(extra="forbid"))
class Camouflage(TypedDict):
    """This Turn's camouflage dice (17.6.1.1), kept by the umpire: hidden unit -> viewer -> roll."""

    turn: int
    rolls: dict[str, dict[str, int]]


@with_config(ConfigDict(extra="forbid"))
class Result(TypedDict):
    """The game's victory tally as the rules declared it at its end (9.4, Scenario Format D)."""

    points: dict[str, int]
    winner: str | None
    decided: bool
    reason: str
    lines: list[str]
    estimated: list[str]


# A unit's entry of its side's written orders (24.3.2), as the orders file's model checked it; an
# ATGM in flight (14.2.2.2), as its firing entry and where it was announced.
Orders = dict[str, Any]
InFlight = dict[str, Any]


class MbtGame(MbtSpec, OwnState):
    """The MBT game's own state: its scenario's ``mbt:`` block (how it is played: the game, turns,
    scale, light, objectives, setup zones, the Advanced Game's rules, the options and their
    blocks) and the turn's bookkeeping."""

    initiative: str | None = None  # the side that won the Initiative and moves first (24.3.1)
    orders: dict[str, dict[str, Orders]] = Field(default_factory=dict)  # side -> unit -> its written orders
    sequence: dict[str, list[str]] = Field(default_factory=dict)  # side -> its units in the order they move
    control: dict[str, str] = Field(default_factory=dict)  # objective -> the side that controls it (4.8)
    acq: dict[str, Acquired] = Field(default_factory=dict)  # firer -> its run of AP fire at a target
    gp_acq: dict[str, Acquired] = Field(default_factory=dict)  # firer -> its run of GP fire at a target
    atgm: list[InFlight] = Field(default_factory=list)  # ATGMs announced, in flight
    fired: list[str] = Field(default_factory=list)  # units that fired in this Fire phase
    ow_fired: list[str] = Field(default_factory=list)  # overwatch units that fired this Turn (Advanced Game)
    walked: dict[str, list[list[float]]] = Field(default_factory=dict)  # unit -> the path it moved this phase
    smoke: list[Smoke] = Field(default_factory=list)  # smoke markers on the table
    removed_terrain: list[str] = Field(default_factory=list)  # terrain pieces destroyed by fire
    entrenchments: list[list[float]] = Field(default_factory=list)  # hasty entrenchment markers (17.4.4.1)
    camouflage: Camouflage | None = None  # this Turn's camouflage dice (17.6.1.1)
    result: Result | None = None  # the tally the rules ended the game with
    options_state: OptionsState | None = None  # the options' state (None: not made from the scenario yet)

    def runs(self, kind: Literal["acq", "gp_acq"]) -> dict[str, Acquired]:
        """The runs of AP (``acq``) or GP (``gp_acq``) fire at one target, by firer."""
        return self.acq if kind == "acq" else self.gp_acq
