"""The game state: plain values, rebuilt by folding the event log.

:class:`GameState` holds everything the rules and the reports need to know about a game at one
moment: the table, the terrain, the sides and their organisation, every unit with its position,
facing, orders and condition, and where the turn stands. It is a pydantic model so that it
serialises exactly (the store keeps a snapshot and ``umpire replay --check`` compares it with the
replay of the log). Handlers copy it before they change it (see ``umpire.turns.common``).

A copy costs what the action changes, not what the game holds: the scenario's parts no action
changes (terrain, table, sides, formations, rulings) are shared by every copy and never written
to the snapshot (:class:`~umpire.core.shared.Terrain`, stored once in the game file), and the
units are shared with the state copied from until one is touched
(:class:`~umpire.core.shared.Units`). :func:`umpire.core.snapshot.canonical_state` brings only what changed into the
form the stored snapshot gives back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializeAsAny,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    field_validator,
)

from umpire.core.shared import Terrain, TerrainState, Units, copy_own, field_values, rebuilt
from umpire.errors import unknown

if TYPE_CHECKING:
    pass

__all__ = [
    "CampaignGame", "Ended", "FormationState", "GameState", "OwnModels", "OwnState", "SideState", "Table", "Terrain",
    "TerrainState", "UnitState", "sharing_units",
]

Status = Literal["ok", "checked", "routed", "eliminated", "surrendered", "off_table"]


class Table(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    width: float
    depth: float


class FormationState(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    side: str
    level: str
    parent: str | None = None
    hq: str | None = None
    doctrine: str | None = None


class SideState(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    color: str = ""
    hq_rating: int | None = None


class OwnState(BaseModel):
    """What a ruleset keeps of a game or of a unit beyond the generic state: a typed model each
    ruleset subclasses in its own state module (``umpire/rules/<name>/state.py``), every field
    with a default that a new game or unit holds, read and written through :meth:`of`
    (``MbtUnit.of(u).track_hit = True``, ``MbtGame.of(state).initiative``). This base holds
    nothing: the state of a game or unit no ruleset has made (one built by hand in a test).

    The snapshot writes it without the fields at their defaults, and a stored state is read back
    into the ruleset's own models (:class:`OwnModels`, given as the validation context).
    """

    model_config = ConfigDict(extra="forbid")

    @classmethod
    def of(cls, holder: UnitState | GameState) -> Self:
        """``holder``'s own state, which is a ``cls`` (the ruleset's own model).

        :raises TypeError: if it is not (another ruleset's, or one built without it).
        """
        own = holder.own
        if isinstance(own, cls):
            return own
        who = holder.id if isinstance(holder, UnitState) else f"game {holder.name!r}"
        raise TypeError(f"{who} holds {type(own).__name__}, not {cls.__name__} (give own={cls.__name__}())")


@dataclass(frozen=True)
class OwnModels:
    """A ruleset's own state models: of a game and of a unit. A state is read from JSON with them
    as the validation context (``GameState.model_validate_json(text, context=models)``); without
    it, a game or unit holding state of its ruleset is refused."""

    game: type[OwnState] = OwnState
    unit: type[OwnState] = OwnState


NO_MODELS = OwnModels()


def _own_of(value: Any, info: ValidationInfo, game: bool = False) -> OwnState:
    if isinstance(value, OwnState):
        return value
    models = info.context if isinstance(info.context, OwnModels) else NO_MODELS
    return (models.game if game else models.unit).model_validate(value)


class Ended(BaseModel):
    """How the umpire ended a game: when and why (its rules may end it too: ``Ruleset.over``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turn: int
    phase: str
    reason: str = ""


class CampaignGame(BaseModel):
    """The campaign a game belongs to (:class:`umpire.schema.campaign_mark.CampaignMark`'s header):
    its id and name, the slot of the schedule it fills, its round, and the turn it ends after."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str = ""
    game: str
    round: int
    turns: int | None = None


class UnitState(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    side: str
    formation: str | None = None
    kind: str = "company"
    type: str | None = None
    statline: str | None = None
    card: str | None = None
    quality: str = "regular"
    x: float | None = None
    y: float | None = None
    facing: float = 0.0
    base: tuple[float, float] = (1.5, 1.0)
    status: Status = "ok"
    hits: int = 0
    orders: str | None = None
    # Fog of war: the ids of the sides that currently know where this unit is. A side's briefing
    # shows an enemy unit only while that side is in this list.
    spotted_by: list[str] = Field(default_factory=list)
    # The level each side identified it at (side -> level), where a ruleset's sightings have
    # levels (MBT 24.2.2: full, type, fired).
    ident: dict[str, str] = Field(default_factory=dict)
    # Inches it moved this turn (its ruleset clears it when a new turn begins).
    moved: float = 0.0
    # The unit that carries it (it rides inside, with no place of its own on the table).
    carried_by: str | None = None
    # How it was destroyed, in its ruleset's word (MBT: knocked_out, brewed_up, eliminated).
    destroyed: str | None = None
    # What its ruleset keeps of it (:class:`OwnState`).
    own: SerializeAsAny[OwnState] = Field(default_factory=OwnState)

    @field_validator("own", mode="wrap")
    @classmethod
    def _own(cls, value: Any, handler: ValidatorFunctionWrapHandler, info: ValidationInfo) -> OwnState:
        return _own_of(value, info)

    @property
    def placed(self) -> bool:
        return self.x is not None and self.y is not None


@dataclass(frozen=True)
class AirUnit:
    """A unit of the table that flies, as the reports see it: a unit (its card, side, where,
    status) and the altitude state it is at (MBT: ``landed``, ``noe``, ``low``)."""

    unit: UnitState
    altitude: str


class GameState(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    ruleset: str
    table: Table
    seed: int
    rulings: dict[str, str] = Field(default_factory=dict)
    # the scenario's terrain: shared by every copy, kept once in the game file, not in the snapshot
    terrain: Terrain = Field(default_factory=Terrain, exclude=True)
    sides: list[SideState] = Field(default_factory=list)
    formations: list[FormationState] = Field(default_factory=list)
    units: dict[str, UnitState] = Field(default_factory=dict)
    turn: int = 1
    phase: str = "setup"
    # the table's north, in degrees clockwise from the far edge (the map's arrow)
    north: float = 0.0
    # the umpire ended the game (None: it goes on, unless its rules ended it)
    ended: Ended | None = None
    # the campaign the game belongs to (None: a game on its own)
    campaign: CampaignGame | None = None
    # rolls per scope so far in the phase the game stands in (the keyed dice: umpire.core.keyed)
    dice: dict[str, int] = Field(default_factory=dict)
    # what its ruleset keeps of the game (:class:`OwnState`)
    own: SerializeAsAny[OwnState] = Field(default_factory=OwnState)

    @field_validator("own", mode="wrap")
    @classmethod
    def _own(cls, value: Any, handler: ValidatorFunctionWrapHandler, info: ValidationInfo) -> OwnState:
        return _own_of(value, info, game=True)

    def side_ids(self) -> list[str]:
        return [s.id for s in self.sides]

    def units_of(self, side: str) -> list[UnitState]:
        return [u for u in self.units.values() if u.side == side]

    def copy_for_change(self) -> GameState:
        """A copy to change: the units are shared until touched (reading one through the copy
        copies it first), the ruleset's own state of the game is copied, and the scenario's parts
        (terrain, table, sides, formations, rulings), which no action changes, are shared (as
        are the other fields, which an action replaces rather than changes in place)."""
        src = sharing_units(self)
        if not src.frozen:
            src.share_all()  # writes through this state copy first too
        data = field_values(self)
        data["units"] = Units.sharing(src)
        data["units"].written = src.written
        data["own"] = copy_own(self.own, src.written.own if src.frozen and src.written is not None else None)
        return rebuilt(GameState, data, self.model_fields_set)


def sharing_units(state: GameState) -> Units:
    """``state``'s units as a :class:`Units` mapping (made one, holding the same objects, if not)."""
    units = state.units
    if not isinstance(units, Units):
        units = Units.sharing(units)
        state.units = units
    return units



def find_unit(state: GameState, unit_id: str) -> UnitState:
    """The unit called ``unit_id`` (id or exact name). :raises UmpireError: naming close matches."""
    if unit_id in state.units:
        return state.units[unit_id]
    by_name = [u for u in state.units.values() if u.name == unit_id]
    if len(by_name) == 1:
        return by_name[0]
    raise unknown("unit", unit_id, state.units)
