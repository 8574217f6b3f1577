"""The two games MBT is played as over the tracked game: the Basic Game (2.0-9.4) and the Advanced
Game (10-16, :mod:`umpire.turns.mbt.advanced`), one object each, sharing the turn's parts.

Both take orders the same way and tell where the turn stands alike (:mod:`umpire.turns.mbt`);
each has its own orders file, phase sequence, victory count and entry rules. :func:`game_of`
is the one place a state's game is read (the scenario's ``mbt: {game: advanced}``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from umpire.core.state import GameState, UnitState
from umpire.rules.mbt.state import MbtGame
from umpire.turns.mbt import orders_file, phases, victory

if TYPE_CHECKING:
    from umpire.core.dice import Dice
    from umpire.turns.common import Applied
    from umpire.turns.mbt.victory import Tally
    from umpire.turns.readers import Readers


class BasicGame:
    """The Basic Game (2.0-9.4): the orders file of 24.3.2, the phases of 24.3, 9.4's victory."""

    name = "basic"
    title = "Basic Game"
    orders_kind = "orders-mbt"

    def check_orders(self, payload: dict[str, Any], state: GameState, where: str) -> dict[str, Any]:
        return orders_file.check(payload, state, where)

    def read_orders(self, path: Path, state: GameState, readers: Readers | None = None) -> dict[str, Any]:
        return orders_file.read_orders(path, state, readers)

    def next_phase(self, state: GameState, dice: Dice) -> Applied:
        return phases.next_phase(state, dice)

    def tally(self, state: GameState, *, final: bool) -> Tally:
        return victory.tally(state, final=final)

    def check_entry(self, state: GameState, unit: UnitState, x: float, y: float) -> None:
        """Every unit is on the table from the start (2.5): any may be placed."""
        return None


class AdvancedGame(BasicGame):
    """The Advanced Game (10-16): the plan of 13.3, its sequence, its victory points (Scenario
    Format D), a relief force entering on its turn and edge (Scenario Four C)."""

    name = "advanced"
    title = "Advanced Game"
    orders_kind = "orders-mbt-advanced"

    def check_orders(self, payload: dict[str, Any], state: GameState, where: str) -> dict[str, Any]:
        from umpire.turns.mbt.advanced.plan import check

        return check(payload, state, where)

    def read_orders(self, path: Path, state: GameState, readers: Readers | None = None) -> dict[str, Any]:
        from umpire.turns.mbt.advanced.plan import read_orders

        return read_orders(path, state, readers)

    def next_phase(self, state: GameState, dice: Dice) -> Applied:
        from umpire.turns.mbt.advanced.sequence import next_phase

        return next_phase(state, dice)

    def tally(self, state: GameState, *, final: bool) -> Tally:
        from umpire.turns.mbt.advanced.victory import tally

        return tally(state, final=final)

    def check_entry(self, state: GameState, unit: UnitState, x: float, y: float) -> None:
        from umpire.turns.mbt.advanced.relief import check_entry

        check_entry(state, unit, x, y)


BASIC, ADVANCED = BasicGame(), AdvancedGame()


def game_of(state: GameState) -> BasicGame:
    """The game ``state`` is played as (the scenario's ``mbt: {game: ...}``, basic by default)."""
    return ADVANCED if str(MbtGame.of(state).game) == "advanced" else BASIC


def is_advanced(state: GameState) -> bool:
    """Is this the Advanced Game (the scenario's ``mbt: {game: advanced}``)?"""
    return game_of(state) is ADVANCED
