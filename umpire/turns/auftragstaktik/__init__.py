"""The Auftragstaktik turn sequence over a tracked game (TURN SEQUENCE).

Its actions by kind are :data:`ACTIONS` (the functions of :mod:`.actions` that take them, imported
when one first runs), with :func:`check_move`, the check ``umpire move`` makes; the ruleset object
(:mod:`umpire.registry`) lists them.
``RULES`` is what ``umpire turn`` and ``umpire turn orders`` ask: :func:`~.phases.view` and
:func:`~.orders_file.read_orders`.

The modules, one idea each: :mod:`.tracked` (the turn's bookkeeping in the state, units as
the rules take them), :mod:`.table` (the table as geometry), :mod:`.orders_file` (the orders
file), :mod:`.ordering` (order changes and HQ rolls), :mod:`.moving` (movement),
:mod:`.sighting` (spotting, vectorised), :mod:`.firing` (direct fire), :mod:`.morale_cc`
(morale and close combat), :mod:`.phases` (the sequence), :mod:`.actions` (the handlers).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (the orders form, entries and readers: imported by what uses them)
    from umpire.core.state import GameState, UnitState
    from umpire.turns import TurnView
    from umpire.turns.common import KeepMove
    from umpire.turns.entries import Entry
    from umpire.turns.orders_form import OrdersForm
    from umpire.turns.readers import Readers

ACTIONS = {
    "auftragstaktik.orders": "orders",
    "auftragstaktik.phase": "phase",
    "auftragstaktik.order": "order",
    "auftragstaktik.hq": "hq",
    "auftragstaktik.fire": "fire",
    "auftragstaktik.indirect": "indirect",
    "auftragstaktik.morale": "morale",
}
"""The turn's actions by event kind: the function of :mod:`.actions` that takes each (the ruleset
object adds the generic ones)."""


def check_move(state: GameState, unit: UnitState, path: list[tuple[float, float]]) -> tuple[str, KeepMove | None]:
    """``umpire move`` in an Auftragstaktik game: free before the first turn (nothing of the turn's
    rules is read then); in a running turn, :func:`.moving.move_hook`."""
    if state.phase in ("setup", ""):
        return "", None
    from umpire.turns.auftragstaktik.moving import move_hook

    return move_hook(state, unit, path)


class _Rules:
    name = "auftragstaktik"

    def view(self, state: GameState) -> TurnView:
        from umpire.turns.auftragstaktik.phases import view

        return view(state)

    def read_orders(self, path: Path, state: GameState, readers: Readers | None = None) -> dict[str, Any]:
        from umpire.turns.auftragstaktik.orders_file import read_orders

        return read_orders(path, state, readers)

    def orders_kind(self, state: GameState) -> str:
        return "orders-auftragstaktik"

    def orders_form(self, state: GameState, side: str, targets: list[str]) -> OrdersForm:
        from umpire.turns.auftragstaktik.orders_form import form

        return form(state, side, targets)

    def entries(self, state: GameState, side: str) -> list[Entry]:
        from umpire.turns.auftragstaktik.entries import entries

        return entries(state, side)

    def move_costs(self, payload: dict[str, Any], state: GameState) -> dict[str, list[str]]:
        from umpire.turns.auftragstaktik.orders_file import move_costs

        return move_costs(payload, state)


RULES = _Rules()
