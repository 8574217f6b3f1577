"""What an Auftragstaktik game keeps of itself and of a stand beyond the generic state, typed.

A stand's own state (:class:`AtUnit`, reached as ``AtUnit.of(u)``): how far it has moved in each
Movement Phase of this turn (against its allowance), whether the umpire moved it by hand there
and where it stood when the phase began, and how far it is dug in. The generic state keeps the
rest (its position, hits, status, the inches it moved this turn).

The game's own state (:class:`AtGame`, reached as ``AtGame.of(state)``): what the scenario gives
(the sides' support, the weather, the turns at night) and the turn's bookkeeping: the orders
entered and the plans they give, HQ rolls, delayed orders, who fired and was attacked, the
battalions' morale, templates on the table, aircraft flown.
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from umpire.core.state import OwnState
from umpire.rules.auftragstaktik.ratings import Entrenchment, Level

Point = tuple[float, float]


class AtUnit(OwnState):
    """A stand's own state in an Auftragstaktik game."""

    # inches of its allowance spent in the First and Second Movement Phase of this turn
    moved_1: float = 0.0
    moved_2: float = 0.0
    # moved by hand (umpire move) in that phase: the phase's planned move leaves it be
    by_hand_1: bool = False
    by_hand_2: bool = False
    # where it stood when that phase began, if it was moved by hand (ruling movement.integrity_violation)
    from_1: Point | None = None
    from_2: Point | None = None
    # its path moved by hand in the Second Movement Phase, for the templates it crosses (ruling
    # indirect.who_is_attacked)
    path_2: list[Point] = Field(default_factory=list)
    # how far it is dug in (MISCELLANEOUS RULES > Entrenching)
    entrenchment: Entrenchment = "none"

    def moved_in(self, phase: int) -> float:
        """Inches of its allowance spent in Movement Phase ``phase`` (1 or 2) of this turn."""
        return self.moved_1 if phase == 1 else self.moved_2

    def set_moved_in(self, phase: int, inches: float) -> None:
        if phase == 1:
            self.moved_1 = inches
        else:
            self.moved_2 = inches

    def by_hand(self, phase: int) -> bool:
        """Whether the umpire moved it by hand in Movement Phase ``phase``."""
        return self.by_hand_1 if phase == 1 else self.by_hand_2

    def moved_by_hand(self, phase: int, start: Point) -> None:
        """It was moved by hand in Movement Phase ``phase``, from ``start`` (where it stood when
        the phase began, kept from its first such move)."""
        if phase == 1:
            self.by_hand_1, self.from_1 = True, self.from_1 or start
        else:
            self.by_hand_2, self.from_2 = True, self.from_2 or start

    def start_of(self, phase: int) -> Point | None:
        """Where it stood when Movement Phase ``phase`` began, if it was moved by hand there."""
        return self.from_1 if phase == 1 else self.from_2

    def new_turn(self) -> None:
        """A new turn: nothing moved yet."""
        self.moved_1 = self.moved_2 = 0.0
        self.by_hand_1 = self.by_hand_2 = False
        self.from_1 = self.from_2 = None
        self.path_2 = []


# -- the game ------------------------------------------------------------------------------------
# Its records are typed dicts: plain JSON values at run time (a copy and a snapshot take them as
# they are, fast, in a game of hundreds of stands), with their keys checked by the type checker
# and, on reading, by the model (a key of none of them is refused).

Direction = float | list[float] | str  # the arrow of an order chit: a heading, or a point [x, y]


@with_config(ConfigDict(extra="forbid"))
class Entered(TypedDict):
    """A side's orders file entered this turn."""

    turn: int
    phase: str
    file: str


@with_config(ConfigDict(extra="forbid"))
class Rolled(TypedDict):
    """A battalion's HQ roll this turn."""

    phase: str
    result: str
    level: str


@with_config(ConfigDict(extra="forbid"))
class Pending(TypedDict):
    """Delayed orders (ruling orders.delay_effect): ``when`` is ``orders`` or ``reaction``."""

    order: str
    direction: Direction | None
    when: str


@with_config(ConfigDict(extra="forbid"))
class Plan(TypedDict, total=False):
    """A stand's moves, fire targets and note for this turn, from its side's orders."""

    move1: list[list[float]]
    move2: list[list[float]]
    facing: float
    fire: list[str]
    fire_in: list[int]
    weapon: str
    note: str
    entrench: str | bool
    cc_withdraw: bool
    override: bool
    indirect: dict[str, Any]  # its indirect fire mission, as the orders file's model dumps it


@with_config(ConfigDict(extra="forbid"))
class Shot(TypedDict):
    """A stand's last shot: the phase (``turn.phase``), and whether its rate of fire lets it fire again."""

    phase: str
    again: bool
    why: str


@with_config(ConfigDict(extra="forbid"))
class Template(TypedDict):
    """A tube battery's template left on the table (ruling indirect.who_is_attacked)."""

    firer: str
    at: list[float]
    size: list[float]
    facing: float
    ordered_by: Level
    icm: bool
    range: float
    through: list[str]  # the stands it has attacked


@with_config(ConfigDict(extra="forbid"))
class Flight(TypedDict, total=False):
    """A flight of aircraft a side may call on (the scenario's ``air:``)."""

    id: str
    name: str
    ordnance_tons: float
    statline: str
    quality: str
    sorties: int


@with_config(ConfigDict(extra="forbid"))
class Support(TypedDict, total=False):
    """A side's support: its C3 level, ICM and aircraft."""

    c3: int
    icm: str
    air: list[Flight]


class AtGame(OwnState):
    """The Auftragstaktik game's own state: what its scenario gives (support, weather, night)
    and the turn's bookkeeping (what the turn needs to remember from one phase to the next)."""

    # -- from the scenario
    support: dict[str, Support] = Field(default_factory=dict)  # side -> its support
    weather: str = "clear"
    night: bool | list[int] = False  # every turn at night, or these turns
    morale: dict[str, str] = Field(default_factory=dict)  # battalion -> its morale level (the tables' default)
    # -- the turn's bookkeeping
    entered: dict[str, Entered] = Field(default_factory=dict)  # side -> its orders entered this turn
    rolled: dict[str, Rolled] = Field(default_factory=dict)  # battalion -> this turn's HQ roll
    pending: dict[str, Pending] = Field(default_factory=dict)  # stand -> delayed orders
    plan: dict[str, Plan] = Field(default_factory=dict)  # stand -> this turn's moves, fire targets and note
    direction: dict[str, Direction] = Field(default_factory=dict)  # stand -> the arrow of its order chit
    # given No Orders this turn (ruling orders.no_orders_first_phase_move)
    new_no_orders: list[str] = Field(default_factory=list)
    # stand -> the combat phases it fired in (``turn.phase``), this turn and the last
    fired: dict[str, list[str]] = Field(default_factory=dict)
    shots: dict[str, Shot] = Field(default_factory=dict)  # stand -> its last shot
    attacked: list[str] = Field(default_factory=list)  # stands attacked this turn (ruling hits.recovery_timing)
    attacked_last: list[str] = Field(default_factory=list)  # ... and last turn
    under_fire: list[str] = Field(default_factory=list)  # battalions under fire since the last Morale Phase
    morale_done: list[str] = Field(default_factory=list)  # battalions checked in this Morale Phase
    battalion_status: dict[str, str] = Field(default_factory=dict)  # battalion -> checked / routed
    # stand -> side -> where that side last spotted it (the 4-inch rule)
    spotted_at: dict[str, dict[str, list[float]]] = Field(default_factory=dict)
    stationary: list[str] = Field(default_factory=list)  # stands that stayed put last turn
    icm_fired: dict[str, int] = Field(default_factory=dict)  # battery -> the turn it fired ICM
    indirect_fired: dict[str, str] = Field(default_factory=dict)  # battery -> the phase it fired in
    templates: list[Template] = Field(default_factory=list)  # templates left on the table
    # flight -> its strike (as the orders file's model dumps it) and its side
    air_plan: dict[str, dict[str, Any]] = Field(default_factory=dict)
    sorties: dict[str, int] = Field(default_factory=dict)  # flight -> sorties flown
    flights_lost: dict[str, int] = Field(default_factory=dict)  # flight -> the turn it was lost

    def moves(self, uid: str, phase: int) -> list[list[float]]:
        """The waypoints ``uid``'s plan moves it through in Movement Phase ``phase`` (1 or 2)."""
        plan = self.plan.get(uid) or {}
        return (plan.get("move1") if phase == 1 else plan.get("move2")) or []

    def new_turn(self, keep: str, stayed: list[str]) -> None:
        """The End Phase: the turn's records cleared for the next (the shots of ``keep``,
        ``turn.2``, kept for the next turn's first combat phase)."""
        self.fired = {k: [x for x in v if x == keep] for k, v in self.fired.items() if keep in v}
        self.attacked_last = list(self.attacked)
        self.stationary = stayed
        self.entered, self.rolled, self.plan, self.shots = {}, {}, {}, {}
        self.air_plan, self.indirect_fired, self.templates = {}, {}, []
        self.new_no_orders, self.attacked, self.morale_done = [], [], []
