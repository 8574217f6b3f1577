"""Turn sequences over a tracked game, one package per ruleset: ``umpire.turns.<ruleset>``.

A ruleset's turn package lists its actions by event kind (``HANDLERS``: ``"<ruleset>.orders"``,
``"<ruleset>.phase"`` and any step actions) and exposes ``RULES``, an object with:

- ``view(state) -> TurnView``: where the turn stands and what the umpire must enter next;
- ``read_orders(path, state, readers=None) -> dict``: read and validate one side's orders file
  into the JSON payload of a ``<ruleset>.orders`` action (raising
  :class:`~umpire.errors.UmpireError` with the file, the field and what is allowed); with
  ``readers``, the file is the side's: what it names of the enemy, and its refusals, are in the
  side's words (:mod:`umpire.turns.readers`);
- ``orders_kind(state) -> str``: the kind of file (``umpire check --kind``) those orders are.
- ``orders_form(state, side, targets) -> OrdersForm``: the side's units with their positions,
  orders and allowances and the fields of its orders file (:mod:`umpire.turns.orders_form`),
  which the pre-filled orders file and the printed orders sheet print.
- ``entries(state, side) -> list[Entry]``: what the side may write in its orders now, entry by
  entry (:mod:`umpire.turns.entries`: a players' page's form);
- ``move_costs(payload, state) -> dict``: what each move of a read payload costs of its
  allowance, as the reader priced it.

Nothing here registers itself: the ruleset object (:mod:`umpire.registry`) names these parts, and
the engine asks the game's ruleset for the handler of each action it makes or replays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.turns.entries import Entry
    from umpire.turns.orders_form import OrdersForm
    from umpire.turns.readers import Readers


@dataclass
class TurnView:
    """Where the game stands: for ``umpire turn`` and the reports."""

    turn: int
    phase: str
    phases: list[str]
    next_step: str
    waiting_for: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn, "phase": self.phase, "phases": self.phases,
            "next_step": self.next_step, "waiting_for": self.waiting_for, "lines": self.lines,
        }


class TurnRules(Protocol):
    def view(self, state: GameState) -> TurnView: ...

    def read_orders(self, path: Path, state: GameState, readers: Readers | None = None) -> dict[str, Any]: ...

    def orders_kind(self, state: GameState) -> str: ...

    def orders_form(self, state: GameState, side: str, targets: list[str]) -> OrdersForm: ...

    def entries(self, state: GameState, side: str) -> list[Entry]: ...

    def move_costs(self, payload: dict[str, Any], state: GameState) -> dict[str, list[str]]: ...
