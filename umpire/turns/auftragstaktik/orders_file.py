"""The orders file: one side's written orders for a turn, as the umpire types them in.

::

    side: nato
    turn: 1                      # optional: checked against the game's turn
    battalions:                  # order changes by an HQ: one HQ roll per battalion (ORDERS)
      tf-1-64:
        order: HA                # NO, DA, HA, TR, WD (or the full names)
        direction: 90            # the arrow: a heading in degrees, or a point [x, y]
        issued_by: battalion     # battalion | brigade | division: the HQ making the roll
        note: screen the Saale crossings
    units:                       # per stand: its own order (battalion orders only), moves, fire
      a-1-64:
        order: DA
        direction: [40, 22]
        first: [[24, 22]]        # waypoints for the First Movement Phase
        second: [[27, 22]]       # waypoints for the Second Movement Phase
        facing: 90               # facing at the end of its move
        override: true           # the umpire lets its moves break unit integrity
        fire: [t80-1, t80-2]     # targets, in order of preference
        fire_in: [1, 2]          # combat phases it fires in (default both)
        weapon: gun              # gun, missile, he, hw, sa (default: the rules' choice)
        note: hold the crest

Unknown fields are refused. A unit of the other side, an unknown unit (with a did-you-mean),
a target on the firing side, a move off the table, through terrain the stand may not enter, or
longer than the order allows, each give one error naming the file, the field and what is
allowed. In the Reaction Phase only battalion HQs may change orders and only ``second`` moves
are read.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from umpire.core.shared import held_unit, held_values
from umpire.core.state import GameState
from umpire.errors import UmpireError, shown, unknown
from umpire.rules.auftragstaktik.ratings import read_order, validator_message
from umpire.rules.auftragstaktik.state import AtUnit
from umpire.schema.checked import Checked, Waypoints
from umpire.schema.limits import MAX_NUMBER
from umpire.schema.load import read_yaml, validate
from umpire.schema.reader import source_name
from umpire.text import num
from umpire.turns.auftragstaktik import tracked as tr
from umpire.turns.auftragstaktik.air import check_air
from umpire.turns.auftragstaktik.digging import check_entrench
from umpire.turns.auftragstaktik.indirect import check_mission
from umpire.turns.auftragstaktik.moving import check_move
from umpire.turns.orders_form import listed
from umpire.turns.readers import Readers, side_words, told

Point = tuple[float, float]
Weapon = Literal["gun", "missile", "he", "hw", "sa"]


_BOTH_PHASES: list[Literal[1, 2]] = [1, 2]

class _Strict(Checked):
    model_config = ConfigDict(extra="forbid")


class _Ordered(_Strict):
    @field_validator("order", mode="before", check_fields=False)
    @classmethod
    def _order(cls, v: object) -> object:
        return None if v is None else validator_message(read_order, v)

    @field_validator("direction", mode="before", check_fields=False)
    @classmethod
    def _direction(cls, v: object) -> object:
        if isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) and abs(v) <= MAX_NUMBER:
            return float(v) % 360
        return v  # anything else is refused by the field's type, naming the value as given


class BattalionOrders(_Ordered):
    order: Literal["NO", "DA", "HA", "TR", "WD"] | None = Field(None,
        description="the new order: NO, DA, HA, TR, WD (or the full names)")
    direction: float | Point | None = Field(None,
        description="the order's arrow: a heading in degrees, or a point [x, y]")
    issued_by: Literal["battalion", "brigade", "division"] = Field("battalion",
        description="the HQ making the roll: battalion, brigade or division")
    note: str = Field("", description="a note kept with the orders")


Level = Literal["battalion", "brigade", "division"]


class IndirectOrders(_Strict):
    """An indirect fire mission for the First Combat Phase (COMBAT > HE indirect fire effects)."""

    at: Point | None = Field(None, description="the template's centre [x, y] (instead of a target)")
    target: str | None = Field(None, description="the enemy stand the mission is fired at")
    counter_battery: str | None = Field(None, description="an enemy battery that fired this phase, to fire back at")
    also: Point | None = Field(None, description="an MRL's second template [x, y]")
    facing: float = Field(0.0, description="the template's facing, degrees")
    ordered_by: Level = Field("battalion",
        description="the HQ that ordered the mission: battalion, brigade or division")
    icm: bool = Field(False, description="the mission fires ICM (one a game, unless the side's icm: is unlimited)")
    planned: bool = Field(False, description="the mission was planned before the turn")


class AirOrders(_Strict):
    """One flight's strike (MISCELLANEOUS RULES > Airstrikes)."""

    target: str = Field(description="the enemy stand it strikes")
    attack: Literal["bomb", "strafe"] = Field("bomb", description="bomb or strafe")
    assigned_to: Level = Field("battalion",
        description="the HQ the flight is assigned to: battalion, brigade or division")
    ordered_by: Level = Field("battalion", description="the HQ that ordered the strike: battalion, brigade or division")


class UnitOrders(_Ordered):
    order: Literal["NO", "DA", "HA", "TR", "WD"] | None = Field(None,
        description="the stand's own order (only where its battalion's orders allow it)")
    direction: float | Point | None = Field(None, description="its arrow: a heading in degrees, or a point [x, y]")
    first: Waypoints | None = Field(None, description="waypoints [x, y] of its move in the First Movement Phase")
    second: Waypoints | None = Field(None, description="waypoints [x, y] of its move in the Second Movement Phase")
    facing: float | None = Field(None,
        description="its facing at the end of its move, degrees clockwise from the far edge")
    fire: list[str] = Field(default_factory=list, description="enemy stands it fires at, in order of preference")
    fire_in: list[Literal[1, 2]] = Field(default_factory=lambda: _BOTH_PHASES.copy(),
        description="the combat phases it fires in: 1, 2 or both")
    weapon: Weapon | None = Field(None,
        description="the weapon it fires: gun, missile, he, hw or sa (default: the rules' choice)")
    indirect: IndirectOrders | None = Field(None,
        description="an artillery stand's fire mission for the First Combat Phase")
    entrench: bool = Field(False,
        description="the stand rolls to dig in (Hasty -> Deliberate -> Prepared) and stays put")
    engineer: str | None = Field(None, description="an engineer stand helping it entrench")
    cc_withdraw: bool = Field(False, description="it leaves close combat after a round")
    override: bool = Field(False, description="the umpire lets its moves break unit integrity")
    note: str = Field("", description="a note kept with the orders")


class OrdersFile(_Strict):
    side: str = Field(description="the side whose orders these are")
    turn: int | None = Field(None, description="the turn they are for (checked against the game's)")
    battalions: dict[str, BattalionOrders] = Field(default_factory=dict,
        description="order changes by a battalion's HQ: one HQ roll per battalion (ORDERS)")
    units: dict[str, UnitOrders] = Field(default_factory=dict,
        description="each stand's own order, moves, fire and notes")
    air: dict[str, AirOrders] = Field(default_factory=dict,
        description="each flight's strike (MISCELLANEOUS RULES > Airstrikes)")

    @field_validator("battalions", "units", "air", mode="before")
    @classmethod
    def _listed(cls, v: object) -> object:
        return listed(v)


def _jsonable(m: BaseModel) -> dict[str, Any]:
    data = m.model_dump(mode="json", exclude_defaults=True)
    return data


def check_payload(state: GameState, payload: dict[str, Any], where: str = "orders") -> OrdersFile:
    """Validate an orders payload against the game (the file's checks, and the handler's).

    :raises UmpireError: naming ``where``, the field and what is allowed.
    """
    orders = validate(OrdersFile, payload, where)
    side = orders.side
    if side not in state.side_ids():
        raise UmpireError(f"{where}: side: {unknown('side', side, state.side_ids())}")
    phase = tr.current_phase(state)
    if orders.turn is not None and orders.turn != state.turn:
        raise UmpireError(f"{where}: turn: these orders are for turn {orders.turn}, the game is in turn {state.turn}")
    _check_battalions(state, orders, phase, where)
    own = {u.id for u in held_values(state.units) if u.side == side}
    for uid, o in orders.units.items():
        _check_unit(state, side, own, uid, o, phase, f"{where}: units.{uid}")
    if orders.air:
        if phase == "reaction":
            raise UmpireError(
                f"{where}: air: aircraft are assigned in the Orders Phase (MISCELLANEOUS RULES > Airstrikes)"
            )
        for fid, a in orders.air.items():
            check_air(state, side, fid, a.model_dump(), f"{where}: air.{fid}", now=False)
    return orders


def _check_battalions(state: GameState, orders: OrdersFile, phase: str, where: str) -> None:
    """The order changes by battalion HQs: the side's own battalions, by a battalion HQ alone in the
    Reaction Phase."""
    side = orders.side
    own_bns = {f.id for f in state.formations if f.side == side and f.level in ("battalion", "regiment")}
    for bid, b in orders.battalions.items():
        if bid not in own_bns:
            other = next((f for f in state.formations if f.id == bid), None)
            if other is not None and other.side != side:
                raise UmpireError(
                    f"{where}: battalions.{bid}: {bid} is a formation of {tr.side_name(state, other.side)}, "
                    f"not {tr.side_name(state, side)} (allowed: {', '.join(sorted(own_bns))})"
                )
            raise UmpireError(f"{where}: battalions.{bid}: {unknown('battalion', bid, own_bns)}")
        if phase == "reaction" and b.issued_by != "battalion":
            raise UmpireError(
                f"{where}: battalions.{bid}.issued_by: in the Reaction Phase only battalion HQs may "
                f"change orders (allowed: battalion; ORDERS)"
            )
        _check_direction(state, b.direction, f"{where}: battalions.{bid}.direction")


def _check_unit(state: GameState, side: str, own: set[str], uid: str, o: UnitOrders, phase: str, field: str) -> None:
    """One stand's orders: a live stand of the side, firing at enemies, its indirect fire and
    entrenching given in the Orders Phase."""
    u = held_unit(state.units, uid)  # read, not copied: a check changes nothing
    if u is None:
        raise UmpireError(f"{field}: {unknown('unit', uid, own)}")
    if u.side != side:
        raise UmpireError(
            f"{field}: {uid} is a unit of {tr.side_name(state, u.side)}, not {tr.side_name(state, side)} "
            f"(units of {side}: {', '.join(sorted(own)[:12])}{', ...' if len(own) > 12 else ''})"
        )
    if not tr.alive(u):
        raise UmpireError(f"{field}: {uid} is {u.status if u.placed else 'not on the table'} and takes no orders")
    _check_direction(state, o.direction, f"{field}.direction")
    for tid in o.fire:
        target = held_unit(state.units, tid)
        if target is None:
            foes = {x.id for x in held_values(state.units) if x.side != side}
            raise UmpireError(f"{field}.fire: {unknown('target', tid, foes)}")
        if target.side == side:
            raise UmpireError(f"{field}.fire: {tid} is on the firing side ({side}); fire at enemy units")
    if o.indirect is not None:
        if phase == "reaction":
            raise UmpireError(
                f"{field}.indirect: indirect fire is given in the Orders Phase (it fires in the First Combat "
                "Phase only; COMBAT > HE indirect fire effects)"
            )
        check_mission(state, u, o.indirect.model_dump(), f"{field}.indirect", now=False)
    if o.entrench:
        if phase == "reaction" or o.first or o.second:
            raise UmpireError(
                f"{field}.entrench: a stand rolls to entrench in the Orders Phase and stays put that turn "
                "(no first: or second: moves; MISCELLANEOUS RULES > Entrenching)"
            )
        check_entrench(state, u, o.engineer, f"{field}.entrench")
    if phase == "reaction" and o.first:
        raise UmpireError(
            f"{field}.first: the First Movement Phase is over (in the Reaction Phase give second: waypoints only)"
        )


def _check_direction(state: GameState, d: Any, field: str) -> None:
    if isinstance(d, tuple):
        x, y = d
        if not (0 <= x <= state.table.width and 0 <= y <= state.table.depth):
            raise UmpireError(
                f"{field}: point ({x:g}, {y:g}) is off the table (x 0-{state.table.width:g}, y 0-{state.table.depth:g})"
            )


def check_moves(state: GameState, orders: OrdersFile, where: str) -> dict[str, list[str]]:
    """Each stand's moves must be legal under the order it asks for (or has): on the table, through
    terrain it may enter, no longer than the order allows (the first phase's end starts the second).
    Returns what each move costs of its allowance, by stand (``first: 5" of 8" allowance``)."""
    costs: dict[str, list[str]] = {}
    for uid, o in orders.units.items():
        u = state.units[uid].model_copy(deep=True)
        bn = tr.battalion_of(state, u)
        b = orders.battalions.get(bn.id) if bn is not None else None
        order = o.order or (b.order if b is not None else None) or u.orders or "NO"
        new_no = (
            order == "NO" and (u.orders or "NO") != "NO" or (state.turn == 1 and u.orders is None and order == "NO")
        )
        probe = state.model_copy(deep=False)
        if new_no:
            own = tr.read_book(state)
            probe.own = own.model_copy(update={"new_no_orders": [*own.new_no_orders, uid]})
        for phase, path in ((1, o.first), (2, o.second)):
            if not path:
                continue
            cost, allow = check_move(
                probe,
                u,
                [(p[0], p[1]) for p in path],
                phase=phase,
                order=order,
                spent=tr.moved_in(u, phase),
                what=f"{where}: units.{uid}.{'first' if phase == 1 else 'second'}: move",
            )
            u.x, u.y = path[-1]
            spent = tr.moved_in(u, phase)
            AtUnit.of(u).set_moved_in(phase, spent + cost.cost)
            done = f', {num(spent)}" moved before' if spent else ""
            costs.setdefault(uid, []).append(
                f'{"first" if phase == 1 else "second"}: {num(cost.cost)}" of {num(allow.maximum)}" '
                f"allowance ({order}{done})")
    return costs


def move_costs(payload: dict[str, Any], state: GameState) -> dict[str, list[str]]:
    """What each stand's moves in an orders payload cost of its allowance, priced by the check the
    orders file passes (:func:`check_moves`). :raises UmpireError: as that check does."""
    where = str(payload.get("file") or "orders")
    data = {k: v for k, v in payload.items() if k != "file"}
    return check_moves(state, validate(OrdersFile, data, where), where)


def read_orders(path: Path, state: GameState, readers: Readers | None = None) -> dict[str, Any]:
    """Read and validate one side's orders file into the payload of an ``auftragstaktik.orders``
    action; ``readers``: its side's knowledge, when the file is read as the side's
    (:mod:`umpire.turns.readers`: the enemy named as the side knows it, refused in its words)."""

    path = Path(path)
    where = shown(path)
    if str(path) != "-" and not path.exists():
        raise UmpireError(f"orders file {where}: not found")
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise UmpireError(f"{where}: an orders file is a mapping with side:, battalions: and units:")
    data, reader = side_words(data, state, where, readers)
    try:
        orders = check_payload(state, data, where)
        check_moves(state, orders, where)
    except UmpireError as exc:
        raise told(exc, reader) from None
    payload = {"file": source_name(path), **_jsonable(orders)}
    payload["side"] = orders.side
    return payload
