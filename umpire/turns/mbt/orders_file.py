"""One side's written plan for a Turn (24.3.2), as the umpire types it in::

    side: nato
    turn: 1                               # optional: refused if it is not the current Turn
    units:                                # in the order they are to move (24.3.2.2)
      m1-1:
        order: F                          # ATGM, F, FM, M or OW (6.2.4), checked under 6.2.3
        turret: open                      # open | buttoned (9.2.2); default: as it was
        turret_facing: 90                 # degrees (9.2.1: within TRN hexsides of the last)
        fire: {target: t64-2, ammo: APFSDS}   # F, FM, ATGM: the target unit (24.3.2.1)
      m1-2:
        order: M
        pivot: 45                         # new facing (9.1: only after unused M or FM orders)
        move: {path: [[12, 10], [16, 11]], facing: 90, reverse: false}   # 24.3.2.2
      m1-3:
        order: OW
        overwatch: {at: moving, targets: [], max_range: 15}   # 24.3.2.3

A unit the file does not list gets OVERWATCH orders with no special instructions. Targets are
unit ids: the umpire knows who is where and types the unit the player meant.

:func:`read_orders` validates the file (unknown fields refused; every error names the file, the
field, the value and what is allowed) and returns the ``mbt.orders`` payload; :func:`check`
validates a payload against the state (the handler runs it again, live and on replay).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from pydantic import ConfigDict, Field, field_validator

from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError, shown, unknown
from umpire.rules.mbt import arcs as mbt_arcs
from umpire.rules.mbt import data, orders
from umpire.rules.mbt.basic_game import STACK_HEXES
from umpire.rules.mbt.state import MbtUnit, turret_facing
from umpire.rules.mbt.vehicle_card import Card, Weapon
from umpire.schema.checked import Checked, Waypoints
from umpire.schema.load import read_yaml, validate
from umpire.schema.numbers import INT_TEXT
from umpire.schema.reader import source_name
from umpire.turns.mbt.paths import leave_table
from umpire.turns.mbt.table import Table, settings
from umpire.turns.orders_form import listed
from umpire.turns.readers import Readers, side_words, told

if TYPE_CHECKING:
    from umpire.turns.mbt.table import Table


class _Strict(Checked):
    model_config = ConfigDict(extra="forbid")


#: A unit's orders in one game's orders file.
Orders = TypeVar("Orders", bound=Checked)


class FireSpec(_Strict):
    target: str = Field(min_length=1, description="the enemy unit's id")
    ammo: str | None = Field(None, description="the ammunition (default: the first KE, else AP, 7.4.1.2)")


class MoveSpec(_Strict):
    path: Waypoints = Field(min_length=1,
        description="waypoints [x, y] in inches; the last may lie beyond the edge (the model leaves, 8.7)")
    facing: float | None = Field(None, description="its facing at the end, degrees")
    reverse: bool = Field(False, description="it moves in reverse (8.5)")


class OverwatchSpec(_Strict):
    at: Literal["any", "fired", "moving"] = Field("any",
        description="what it fires at: any unit, one that fired, or one moving")
    targets: list[str] = Field(default_factory=list, description="only these enemy units")
    max_range: float | None = Field(None, gt=0, description="inches")
    hold: bool = Field(False, description="it holds its fire")


class UnitOrders(_Strict):
    order: str = Field(description="ATGM, F, FM, M or OW (6.2.4), or the full names")
    turret: Literal["open", "buttoned"] | None = Field(None, description="open or buttoned (9.2.2; default: as it was)")
    turret_facing: float | None = Field(None,
        description="the turret's facing, degrees (9.2.1: within TRN hexsides of the last)")
    pivot: float | None = Field(None,
        description="a new facing before it moves (9.1: only after unused M or FM orders)")
    fire: FireSpec | None = Field(None, description="F, FM, ATGM: the target and ammunition (24.3.2.1)")
    move: MoveSpec | None = Field(None, description="M, FM: the path and the facing at its end (24.3.2.2)")
    overwatch: OverwatchSpec | None = Field(None, description="OW: when and at what it fires (24.3.2.3)")

    @field_validator("order")
    @classmethod
    def _code(cls, value: str) -> str:
        if orders.no_order(value):
            return orders.NO_ORDER
        code = orders.order_code(value)
        if code not in orders.BASIC_ORDERS:
            raise ValueError(f"{value!r} is not a Basic Game order (allowed: {', '.join(orders.BASIC_ORDERS)}; 6.2.4)")
        return code


class SideOrders(_Strict, Generic[Orders]):
    """What an orders file of either game holds: its side, its turn, and each unit's orders (of
    the game's own model) in the order the units move."""

    side: str = Field(description="the side whose orders these are")
    turn: int | None = Field(None, description="the turn they are for (checked against the game's)")
    units: dict[str, Orders] = Field(default_factory=dict,
        description="each unit's orders, in the order they are to move (24.3.2.2); a unit left out takes OVERWATCH")

    @field_validator("units", mode="before")
    @classmethod
    def _listed(cls, v: object) -> object:
        return listed(v)


class OrdersFile(SideOrders[UnitOrders]):
    """The Basic Game's orders file (24.3.2)."""


def read_orders(path: Path, state: GameState, readers: Readers | None = None) -> dict[str, Any]:
    """Read and check one side's orders file; the JSON payload of an ``mbt.orders`` action
    (``readers``: the side's knowledge, when read as the side's, :mod:`umpire.turns.readers`).

    :raises UmpireError: naming the file, the field, the value and what is allowed.
    """
    where = shown(path)
    data, reader = side_words(read_yaml(Path(path)), state, where, readers)
    try:
        model = validate(OrdersFile, data, where)
        return check(payload_of(model, source_name(path)), state, where)
    except UmpireError as exc:
        raise told(exc, reader) from None


def payload_of(model: OrdersFile, file: str) -> dict[str, Any]:
    """The ``mbt.orders`` payload of a validated orders file, before it is checked against the game."""
    return {"side": model.side, "turn": model.turn, "file": file,
            "units": {uid: u.model_dump(mode="json", exclude_none=True) for uid, u in model.units.items()},
            "sequence": list(model.units)}


def unit_capability(u: UnitState, card: Card) -> orders.UnitState:
    """What decides the orders a model may be given (6.2.3), from its damage so far."""
    comp = MbtUnit.of(u).compartment
    return orders.UnitState(
        kind="vehicle",
        can_move=not MbtUnit.of(u).track_hit and comp != "hull",
        gun_working=card.gun() is not None and not MbtUnit.of(u).gun_hit and comp != "turret",
        has_missile=any(w.kind == "atgm" for w in card.weapons) and comp != "turret",
        advanced=False,
    )


def turret_turn(card: Card, u: UnitState) -> int:
    """Hexsides the turret may turn (9.2.1; 1 with a hull compartment hit)."""
    gun = card.gun() or card.weapons[0]
    text = str(gun.trn.v).strip().upper()
    n = int(text[:-1]) if text.endswith("T") and INT_TEXT.match(text[:-1]) else 6
    return 1 if MbtUnit.of(u).compartment == "hull" else n


def weapon_for(card: Card, order: str) -> Weapon:
    """The weapon an order fires in the Basic Game: the missile with ATGM, else the main gun."""
    if order == "ATGM":
        w = next((w for w in card.weapons if w.kind == "atgm"), None)
    else:
        w = card.gun()
    if w is None:
        raise UmpireError(f"the {card.name} has no {'missile' if order == 'ATGM' else 'main gun'}")
    return w


def default_ammo(weapon: Weapon) -> str:
    """The first KE ammunition, else the first AP ammunition (7.4.1.2)."""
    for kind in ("KE", "CE"):
        for a in weapon.ammo:
            if a.type == kind:
                return a.name
    raise UmpireError(f"the {weapon.name} fires no AP ammunition")


def _check_stacking(state: GameState, own: dict[str, UnitState], units: dict[str, dict[str, Any]],
                    where: str) -> None:
    """4.3: no more than one combat unit of a side may finish its move in one hex: a move may not
    end within half a hex length of where another of its side will be (see
    :data:`umpire.rules.mbt.basic_game.STACK_HEXES`)."""
    near = STACK_HEXES * float(settings(state).scale)
    ends = {}
    for uid, u in own.items():
        if not u.placed:
            continue
        mv = (units.get(uid) or {}).get("move")
        if mv and mv.get("leaves_at"):
            continue  # 8.7: it leaves the table
        ends[uid] = tuple(mv["path"][-1]) if mv else (float(u.x), float(u.y))  # type: ignore[arg-type]
    for uid, spec in units.items():
        if not spec.get("move") or uid not in ends:
            continue
        for other, at in ends.items():
            gap = math.dist(ends[uid], at)
            if other != uid and gap < near - 1e-9:
                raise UmpireError(
                    f"{where}: units.{uid}.move.path: it would end {gap:.2g}\" from {other}, in one hex with it "
                    f"(4.3: one combat unit per hex; end at least {near:g}\" from the others of its side)")


def phase_problem(state: GameState, where: str) -> str | None:
    """What is wrong with entering orders now (either game's), or None in the Command phase."""
    if state.phase == "Command":
        return None
    return (f"{where}: orders are entered in the Command phase (24.3.2); the game is in the "
            f"{state.phase} phase of turn {state.turn} (allowed now: umpire phase next)")


def _checked_fire(fire: dict[str, Any], card: Card, code: str, enemies: dict[str, UnitState], at: str
                  ) -> dict[str, Any]:
    """A unit's fire order checked (its order fires, at an enemy, with ammunition its weapon has and
    the Basic Game uses): the target, the ammunition and the weapon."""
    if code not in ("F", "FM", "ATGM"):
        raise UmpireError(f"{at}.fire: a fire target needs F, FM or ATGM orders (the order is {code}; "
                          "OW units fire as their overwatch instructions say)")
    target = fire["target"]
    if target not in enemies:
        raise UmpireError(f"{at}.fire.target: {unknown('enemy unit', target, enemies)}")
    weapon = weapon_for(card, code)
    ammo = fire.get("ammo") or default_ammo(weapon)
    try:
        a = weapon.find_ammo(ammo)
    except UmpireError as exc:
        raise UmpireError(f"{at}.fire.ammo: {exc}") from None
    if a.type == "GP":
        raise UmpireError(f"{at}.fire.ammo: GP ammunition is not used in the Basic Game (7.4.1.2; "
                          f"allowed: {', '.join(x.name for x in weapon.ammo if x.type != 'GP')})")
    return {"target": target, "ammo": a.name, "weapon": weapon.name}


def _checked_move(state: GameState, table: Table | None, u: UnitState, spec: dict[str, Any], code: str, at: str
                  ) -> Table:
    """A unit's move checked (its order moves, waypoints on the table, within what its order
    allows) and completed with what it costs; returns the table it was measured on (``table``, or
    one made now)."""
    if code not in ("M", "FM"):
        raise UmpireError(f"{at}.move: only M and FM orders move (8.0; the order is {code})")
    mv = spec["move"]
    last = len(mv["path"]) - 1
    for i, (x, y) in enumerate(mv["path"]):
        if not (math.isfinite(x) and math.isfinite(y)) or (i < last and not (
            0 <= x <= state.table.width and 0 <= y <= state.table.depth
        )):
            raise UmpireError(
                f"{at}.move.path[{i}]: ({x:g}, {y:g}) is off the table (allowed: x 0-"
                f"{state.table.width:g}, y 0-{state.table.depth:g}; only the last waypoint may lie beyond "
                "the edge: the model leaves the table there and is out of the game, 8.7)"
            )

    path, edge = leave_table(Table.xy(u), mv["path"], state.table.width, state.table.depth)
    mv.pop("leaves_at", None)
    if edge is not None:
        mv["leaves_at"] = list(edge)  # 8.7: out of the game once it crosses the edge
    table = table or Table(state)
    start = u
    if spec.get("pivot") is not None:
        start = u.model_copy(update={"facing": float(spec["pivot"]) % 360})
    final = None if mv.get("facing") is None else float(mv["facing"]) % 360
    try:
        case = table.move_case(start, code, path, bool(mv.get("reverse")), None if edge is not None else final)
        mc = table.move_cost(case)
    except UmpireError as exc:
        raise UmpireError(f"{at}.move: {exc}") from None
    if not mc.legal:
        rests = f"; this rests on estimated values: {', '.join(mc.estimated)}" if mc.estimated else ""
        raise UmpireError(f"{at}.move: the unit cannot make this move with {code} orders: "
                          f"{mc.why} (8.2, 8.4, 23.3.2.1){rests}")
    mv["cost"] = round(mc.spent, 3)
    mv["allowance"] = round(mc.allowance, 3)
    mv["estimated"] = mc.estimated
    mv["case"] = {"procedure": "move", **case}
    return table


def _checked_turret(u: UnitState, card: Card, facing: Any, at: str) -> float:
    """A turret's new facing checked against how far its TRN turns it this turn (9.2.1)."""
    new = float(facing) % 360
    old = turret_facing(u)
    n = turret_turn(card, u)
    if mbt_arcs.off(new, old) > n * 60 + 1e-9:
        trn = (card.gun() or card.weapons[0]).trn
        rests = f"; TRN {trn.v} is an estimated card value" if trn.estimated else ""
        raise UmpireError(
            f"{at}.turret_facing: {new:g} is {mbt_arcs.off(new, old):g} degrees from the turret's "
            f"{old:g}; TRN {n} allows up to {n * 60} (9.2.1){rests}"
        )
    return new


def _own_unit(state: GameState, own: dict[str, UnitState], uid: str, side: str, at: str) -> UnitState:
    """The side's unit ``uid``, in the game and able to take orders."""
    if uid not in own:
        if uid in state.units and state.units[uid].side == side:
            why = "has left the table (8.7)" if state.units[uid].status == "off_table" else "is destroyed"
            raise UmpireError(f"{at}: unit {uid!r} {why} and takes no orders")
        raise UmpireError(f"{at}: {unknown(f'unit of side {side}', uid, own)}")
    return own[uid]


def _check_overwatch(overwatch: dict[str, Any], code: str, enemies: dict[str, UnitState], at: str) -> None:
    """Overwatch instructions: for OW orders, naming enemy units."""
    if code != "OW":
        raise UmpireError(f"{at}.overwatch: overwatch instructions need OW orders (the order is {code})")
    for t in overwatch.get("targets") or []:
        if t not in enemies:
            raise UmpireError(f"{at}.overwatch.targets: {unknown('enemy unit', t, enemies)}")


def check(payload: dict[str, Any], state: GameState, where: str = "orders") -> dict[str, Any]:
    """Check a payload against the state; returns it complete (defaults filled in).

    :raises UmpireError: for a unit, target, order, move or turret the state does not allow.
    """
    if (wrong := phase_problem(state, where)) is not None:
        raise UmpireError(wrong)
    side = payload.get("side")
    if side not in state.side_ids():
        raise UmpireError(f"{where}: side: {unknown('side', side, state.side_ids())}")
    turn = payload.get("turn")
    if turn is not None and turn != state.turn:
        raise UmpireError(f"{where}: turn: {turn} is not the current turn (allowed: {state.turn})")
    own = {u.id: u for u in state.units_of(side) if u.status not in ("eliminated", "off_table")}
    enemies = {u.id: u for u in state.units.values() if u.side != side and u.status != "off_table"}
    units: dict[str, dict[str, Any]] = {}
    table: Table | None = None
    for uid, spec in (payload.get("units") or {}).items():
        at = f"{where}: units.{uid}"
        u = _own_unit(state, own, uid, side, at)
        card = data.card(u.card or "")
        spec = dict(spec)
        try:
            code = orders.check_order(spec["order"], unit_capability(u, card))
        except UmpireError as exc:
            raise UmpireError(f"{at}.order: {exc}") from None
        if code == orders.NO_ORDER:
            continue  # as if left out: the unit carries no order this turn
        if spec.get("fire") is not None:
            spec["fire"] = _checked_fire(spec["fire"], card, code, enemies, at)
        elif code == "ATGM":
            raise UmpireError(f"{at}.fire: ATGM orders need a target (24.3.2.1): give fire: {{target: ID}}")
        if spec.get("move") is not None:
            table = _checked_move(state, table, u, spec, code, at)
        if spec.get("overwatch") is not None:
            _check_overwatch(spec["overwatch"], code, enemies, at)
        if spec.get("pivot") is not None:
            if not MbtUnit.of(u).may_pivot:
                raise UmpireError(f"{at}.pivot: only a vehicle that had unused M or FM orders last turn "
                                  "may pivot (9.1); leave pivot out")
            spec["pivot"] = float(spec["pivot"]) % 360
        if spec.get("turret_facing") is not None:
            spec["turret_facing"] = _checked_turret(u, card, spec["turret_facing"], at)
        spec["order"] = code
        units[uid] = spec
    _check_stacking(state, own, units, where)
    for uid, u in own.items():
        if uid not in units:
            allowed = orders.allowed_orders(unit_capability(u, data.card(u.card or "")))
            units[uid] = {"order": "OW" if "OW" in allowed else None, "default": True}
    written = [u for u in (payload.get("sequence") or []) if u in units]
    sequence = written + [u for u in units if u not in written]
    return {"side": side, "turn": state.turn, "file": payload.get("file", ""), "units": units,
            "sequence": sequence}
