"""The game state: plain values, rebuilt by folding the event log.

:class:`GameState` holds everything the rules and the reports need to know about a game at one
moment: the table, the terrain, the sides and their organisation, every unit with its position,
facing, orders and condition, and where the turn stands. It is a pydantic model so that it
serialises exactly (the store keeps a snapshot and ``umpire replay --check`` compares it with the
replay of the log). Handlers copy it before they change it (see ``umpire.engine.handlers``).
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Status = Literal["ok", "checked", "routed", "eliminated", "surrendered", "off_table"]


class Table(BaseModel):
    model_config = ConfigDict(extra="forbid")

    width: float
    depth: float


class TerrainState(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    type: str
    name: str = ""
    polygon: list[tuple[float, float]] | None = None
    line: list[tuple[float, float]] | None = None
    height: float = 0.0


class FormationState(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    side: str
    level: str
    parent: str | None = None
    hq: str | None = None
    doctrine: str | None = None


class SideState(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    color: str = ""
    hq_rating: int | None = None


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
    notes: dict[str, Any] = Field(default_factory=dict)

    @property
    def placed(self) -> bool:
        return self.x is not None and self.y is not None


class GameState(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    ruleset: str
    table: Table
    seed: int
    rulings: dict[str, str] = Field(default_factory=dict)
    terrain: list[TerrainState] = Field(default_factory=list)
    sides: list[SideState] = Field(default_factory=list)
    formations: list[FormationState] = Field(default_factory=list)
    units: dict[str, UnitState] = Field(default_factory=dict)
    turn: int = 1
    phase: str = "setup"
    extra: dict[str, Any] = Field(default_factory=dict)

    def side_ids(self) -> list[str]:
        return [s.id for s in self.sides]

    def units_of(self, side: str) -> list[UnitState]:
        return [u for u in self.units.values() if u.side == side]

    def copy_for_change(self) -> GameState:
        """A deep copy to change (the state is plain values, so this walks it directly: a
        generic deep copy of a few hundred units costs a tenth of a second per action)."""
        return _dup(self)  # type: ignore[no-any-return]


_ATOMS = (str, int, float, bool, type(None))


def _dup(v: Any) -> Any:
    """Deep-copy plain values and pydantic models made of them (anything else: copy.deepcopy)."""
    t = type(v)
    if t in _ATOMS:
        return v
    if t is dict:
        return {k: _dup(x) for k, x in v.items()}
    if t is list:
        return [_dup(x) for x in v]
    if t is tuple:
        items = tuple(_dup(x) for x in v)
        return v if all(a is b for a, b in zip(items, v, strict=True)) else items
    if isinstance(v, BaseModel):
        new = object.__new__(t)
        object.__setattr__(new, "__dict__", {k: _dup(x) for k, x in v.__dict__.items()})
        object.__setattr__(new, "__pydantic_fields_set__", set(v.__pydantic_fields_set__))
        object.__setattr__(new, "__pydantic_extra__", _dup(v.__pydantic_extra__))
        object.__setattr__(new, "__pydantic_private__", _dup(v.__pydantic_private__))
        return new
    import copy

    return copy.deepcopy(v)


def _json_default(v: Any) -> Any:
    """Sets have no order of their own: stored sorted, so the text never depends on hashing."""
    if isinstance(v, set | frozenset):
        try:
            return sorted(v)
        except TypeError:
            return sorted(v, key=repr)
    raise TypeError(f"{type(v).__name__} is not a plain value of the game state")


def state_json(state: GameState) -> str:
    """The state as canonical JSON: keys sorted at every level, sets sorted, tuples as lists."""
    return json.dumps(state.model_dump(mode="python"), sort_keys=True, ensure_ascii=False, default=_json_default)


def canonical(state: GameState) -> tuple[GameState, str]:
    """The state exactly as the stored snapshot gives it back, and that JSON text.

    Every dict comes back in sorted key order, every set as a sorted list, every tuple in a
    free-form field (``notes``, ``extra``) as a list and every dict key as a string. Live play
    and replay hand each action this same form, so nothing the rules derive from the order of a
    dict or set (the order units are visited in, lists built from them) can differ between a
    game played in one process, one played command by command, and its replay.
    """
    text = state_json(state)
    return GameState.model_validate_json(text), text
