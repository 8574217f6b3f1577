"""One action run on a state: its handler with the game's keyed dice, and the rolls counted.

Live actions, corrections and replays all come through here, so the roll counts a phase keeps
in the state (``GameState.dice``, see :mod:`umpire.core.keyed`) are the same whichever way the
state was reached.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from umpire.core.dice import Dice, Roll
from umpire.core.keyed import KeyedDice, counted
from umpire.core.state import GameState
from umpire.errors import unknown
from umpire.registry import game_rules
from umpire.turns.common import Applied, Handler


def scope(state: GameState) -> tuple[str, str]:
    """The scope every roll of an action on ``state`` starts with: its turn and phase."""
    return f"t{state.turn}", state.phase or "setup"


def keyed_dice(state: GameState, *, given: Dice | None = None, typed: Iterable[Roll] = ()) -> KeyedDice:
    """The dice of one action on ``state``: keyed by the game's seed, or ``given``'s values."""
    return KeyedDice(state.seed, scope(state), given=given, typed=typed, counts=state.dice)


def settle(applied: Applied, before: GameState, keys: Iterable[str | None]) -> None:
    """Keep in the new state how many rolls each scope has had in the phase it stands in."""
    new = applied.state
    counts = counted(before.dice, keys, "/".join(scope(new)) + "/")
    if counts == new.dice:
        return
    if new is before:  # the handler changed nothing: change a copy
        new = applied.state = before.copy_for_change()
    new.dice = counts


def handlers_of(ruleset: str) -> dict[str, Handler]:
    """Every action a game of ``ruleset`` takes, by kind (its ruleset object's).

    :raises UmpireError: for an unknown ruleset.
    """
    return game_rules(ruleset).handlers


def handler_of(state: GameState, kind: str) -> Handler:
    """The handler of ``kind`` in ``state``'s game. :raises UmpireError: for an unknown kind."""
    handlers = handlers_of(state.ruleset)
    if kind not in handlers:
        raise unknown("action", kind, handlers)
    return handlers[kind]


def run(state: GameState, kind: str, payload: dict[str, Any], dice: KeyedDice) -> Applied:
    """``kind`` applied to ``state`` with ``dice``; the phase's roll counts kept in the result.

    :raises UmpireError: if the action is not legal on ``state`` (a game that is over takes none
        but its end).
    """
    handler = handler_of(state, kind)
    if kind != "end":
        from umpire.turns.ending import refuse_if_over

        refuse_if_over(state, kind.rpartition(".")[2], game_rules(state.ruleset).over)
    applied = handler(state, payload, dice)
    settle(applied, state, [r.key for r in dice.rolls])
    return applied


def keys_of(rolls: Sequence[Roll]) -> list[str | None]:
    return [r.key for r in rolls]
