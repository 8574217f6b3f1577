"""MBT's orders files as ``umpire check`` sees them: the Basic Game's (24.3.2) and the Advanced
Game's plan (13.3), each told by its keys and order codes and, with the game it is for,
checked against the table.

A plan's entries depend on one another (a carrier loads a squad with its own orders), so it is
checked whole, again and again, each time without the entry found wrong: every wrong entry is
told once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from umpire.core.dice import SeededDice
from umpire.errors import UmpireError, shown
from umpire.schema.kinds import FileKind
from umpire.turns.mbt import orders_file
from umpire.turns.mbt.games import game_of
from umpire.turns.mbt.orders_file import OrdersFile, phase_problem

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.core.state import GameState
    from umpire.schema.locate import Found
    from umpire.schema.settle import Settled

#: A unit's keys and the order codes of an MBT orders file (either game's).
UNIT_KEYS = frozenset({"turret", "turret_facing", "pivot", "move", "overwatch"})
ORDER_CODES = frozenset({"F", "FM", "M", "OW", "ATGM"})
#: What only the Advanced Game's plan has: top-level keys of the options (19.2, 20, 21), a unit's
#: keys, the keys inside its fire:, move: and overwatch:, and order codes.
OPTION_KEYS = frozenset({"artillery", "air_strikes", "helicopters", "jamming", "messages"})
ADVANCED_UNIT_KEYS = frozenset({"load", "unload", "discharger", "full_cover", "assault", "overrun"})
ADVANCED_INNER_KEYS = {"fire": {"weapon", "by", "terrain", "at", "shots"}, "move": {"inside", "up", "exhaust"},
                       "overwatch": {"weapon", "riders"}}
ADVANCED_CODES = frozenset({"CA", "OR"})


def _words(data: Mapping[str, Any]) -> tuple[set[str], set[str], bool]:
    """The keys of the units' entries, their order codes, and whether one is the Advanced Game's."""
    units = data["units"] if isinstance(data.get("units"), dict) else {}
    keys: set[str] = set()
    codes: set[str] = set()
    advanced = False
    for spec in units.values():
        if isinstance(spec, dict):
            keys |= {k for k in spec if isinstance(k, str)}
            if isinstance(spec.get("order"), str):
                codes.add(spec["order"].strip().upper())
            fire = spec.get("fire")  # a list of fire entries, a weapon each, is the Advanced Game's
            advanced = advanced or isinstance(fire, list) or any(
                isinstance(spec.get(part), dict) and bool(set(spec[part]) & inner)
                for part, inner in ADVANCED_INNER_KEYS.items())
    return keys, codes, advanced or bool(keys & ADVANCED_UNIT_KEYS or codes & ADVANCED_CODES)


class BasicOrdersKind(FileKind):
    name = "orders-mbt"
    title = "one side's orders for an MBT Basic Game turn (24.3.2)"
    command = "umpire turn orders FILE"
    aliases: tuple[str, ...] = ("mbt-orders",)
    orders = True

    def tells(self, data: Mapping[str, Any]) -> int:
        if "side" not in data or set(data) & OPTION_KEYS:
            return 0
        keys, codes, advanced = _words(data)
        return 1 if not advanced and (keys & UNIT_KEYS or codes & ORDER_CODES) else 0

    def model(self, data: Any = None) -> type[BaseModel]:
        return OrdersFile

    def check(self, model: Any, settled: Settled[Any], data: Any, state: GameState | None, where: str,
              found: Found) -> str:
        if state is not None:
            _whole(orders_file.payload_of(model, shown(where)), orders_file.check, state, where, found)
        return self.orders_summary(model.side, len(model.units))


class AdvancedOrdersKind(BasicOrdersKind):
    name = "orders-mbt-advanced"
    title = "one side's plan for an MBT Advanced Game turn (24.3.2, 13.3)"
    aliases: tuple[str, ...] = ()

    def tells(self, data: Mapping[str, Any]) -> int:
        if "side" not in data:
            return 0
        if set(data) & OPTION_KEYS:
            return 3
        return 1 if _words(data)[2] else 0

    def model(self, data: Any = None) -> type[BaseModel]:
        from umpire.turns.mbt.advanced.orders import AdvOrdersFile

        return AdvOrdersFile

    def check(self, model: Any, settled: Settled[Any], data: Any, state: GameState | None, where: str,
              found: Found) -> str:
        if state is not None:
            from umpire.turns.mbt.advanced.plan import check, payload_of

            _whole(payload_of(model, shown(where)), check, state, where, found)
        return self.orders_summary(model.side, len(model.units))


def _whole(payload: dict[str, Any], run: Any, state: GameState, where: str, found: Found) -> None:
    """The orders checked whole, again without each entry found wrong, until none is. Before the
    turn's Command phase that is said, and the entries are checked against the game as that phase
    will find it, so that orders written early are told all that is wrong in one run."""
    if (early := phase_problem(state, where)) is not None:
        found.said(early)
        ahead = _at_command(state)
        if ahead is None:
            return  # later in the turn: the next Command phase's table is not known yet
        state = ahead
    units = dict(payload["units"])
    for _ in range(len(units) + 1):
        entry = {**payload, "units": units, "sequence": [u for u in payload["sequence"] if u in units]}
        try:
            run(entry, state, where)
            return
        except UmpireError as exc:
            found.said(str(exc))
            wrong = _entry_of(str(exc), where, units)
            if wrong is None:
                return  # the file as a whole (its side, the game's phase): nothing more to learn
            del units[wrong]  # the others are checked without it, so that each is told once


def _at_command(state: GameState) -> GameState | None:
    """The game as its Command phase will find it, when it stands before it in the same turn (set
    up, or in its Initiative Phase): that phase resolved on a copy by the game's own sequence, with
    dice of its own that nothing keeps (who has the initiative allows no order more or less).
    None later in a turn, or when the phase cannot be resolved yet."""
    if state.phase not in ("setup", "Initiative"):
        return None

    try:
        ahead = game_of(state).next_phase(state, SeededDice(0)).state
    except UmpireError:
        return None
    return ahead if ahead.phase == "Command" else None


def _entry_of(message: str, where: str, units: dict[str, Any]) -> str | None:
    """The unit whose entry ``message`` is about (``where: units.UID...``)."""
    for uid in sorted(units, key=len, reverse=True):
        head = f"{where}: units.{uid}"
        if message.startswith(head) and message[len(head):len(head) + 1] in (".", ":"):
            return uid
    return None


BASIC_ORDERS = BasicOrdersKind()
ADVANCED_ORDERS = AdvancedOrdersKind()
