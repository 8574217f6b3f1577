"""Turn sequences over a tracked game, one module per ruleset: ``umpire.turns.<ruleset>``.

A ruleset's turn module registers its event handlers (``handler("<ruleset>.orders")``,
``handler("<ruleset>.phase")`` and any step actions) with :mod:`umpire.engine.handlers` when it
is imported, and exposes ``RULES``, an object with:

- ``view(state) -> TurnView``: where the turn stands and what the umpire must enter next;
- ``read_orders(path, state) -> dict``: read and validate one side's orders file into the JSON
  payload of a ``<ruleset>.orders`` action (raising :class:`~umpire.errors.UmpireError` with the
  file, the field and what is allowed).

The engine imports the module of a game's ruleset before it acts or replays (see
:func:`load_turn_rules`), so replaying a log always finds its handlers.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.core.state import GameState


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

    def read_orders(self, path: Path, state: GameState) -> dict[str, Any]: ...


def load_turn_rules(ruleset: str) -> TurnRules:
    """The turn rules of ``ruleset`` (importing them registers their handlers).

    :raises UmpireError: if the ruleset has no turn sequence in umpire yet.
    """
    try:
        module = importlib.import_module(f"umpire.turns.{ruleset.replace('-', '_')}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("umpire.turns."):
            raise UmpireError(f"the {ruleset} ruleset has no turn sequence in umpire yet") from None
        raise
    return module.RULES  # type: ignore[no-any-return]
