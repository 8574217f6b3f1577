"""The end of a game: the umpire calls it (``umpire end``), its rules end it, or its turn limit.

A ruleset may end a game by its own rules (MBT's Basic Game: 9.4, the last Turn, or a side
destroyed): its ruleset object says so (:meth:`umpire.registry.Ruleset.over`, passed in here as
``rules_over``). A ruleset with no end of game of its own (Auftragstaktik) ends when the umpire
says so, or, in a campaign, when the End Phase of its last turn is resolved (campaign ruling
``campaign.game_end``; the limit comes with the campaign's mark, see
:mod:`umpire.schema.campaign_mark`). A game that is over takes no more actions; ``umpire undo``
takes back the last one, the end included.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from umpire.core.dice import Dice
from umpire.core.state import Ended, GameState
from umpire.errors import UmpireError
from umpire.turns.common import Applied

if TYPE_CHECKING:
    from umpire.turns import TurnView

MAX_REASON = 200

RulesOver = Callable[[GameState], "str | None"]
"""``fn(state)``: why the ruleset's own rules ended the game, or None while they have not."""


@dataclass(frozen=True)
class GameOver:
    """How a game ended: in which turn, why, and by whom (``umpire``, ``rules``, ``turn limit``)."""

    turn: int
    reason: str
    by: str

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "reason": self.reason, "by": self.by}


def game_over(state: GameState, rules_over: RulesOver) -> GameOver | None:
    """How ``state``'s game ended, or ``None`` while it goes on."""
    if state.ended is not None:
        return GameOver(state.ended.turn, state.ended.reason, "umpire")
    reason = rules_over(state)
    if reason is not None:
        return GameOver(state.turn, reason, "rules")
    limit = state.campaign.turns if state.campaign is not None else None
    if limit is not None and state.turn > limit:
        return GameOver(limit, f"the End Phase of turn {limit}, the last, is resolved", "turn limit")
    return None


def refuse_if_over(state: GameState, what: str, rules_over: RulesOver) -> None:
    """:raises UmpireError: when the game is over (naming how it ended and what is allowed)."""
    over = game_over(state, rules_over)
    if over is not None:
        raise UmpireError(
            f"{what}: the game is over ({over.reason}); allowed now: umpire report, umpire status, "
            "umpire undo (takes back the last action)"
        )


def end_action(rules_over: RulesOver) -> Callable[[GameState, dict[str, Any], Dice], Applied]:
    """The ``end`` action of a ruleset whose own rules end a game by ``rules_over``."""

    def end(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
        return _end(state, payload, rules_over)

    return end


def _end(state: GameState, payload: dict[str, Any], rules_over: RulesOver) -> Applied:
    """The umpire ends the game (``{"reason"?}``): the state stands as it is, and is final."""
    over = game_over(state, rules_over)
    if over is not None:
        raise UmpireError(f"end: the game is already over ({over.reason})")
    reason = " ".join(str(payload.get("reason") or "").split())
    if len(reason) > MAX_REASON:
        raise UmpireError(f"end --reason: {len(reason)} characters; at most {MAX_REASON}")
    reason = reason or "the umpire ends the game"
    new = state.copy_for_change()
    new.ended = Ended(turn=state.turn, phase=state.phase, reason=reason)
    return Applied(new, f"the game ends in turn {state.turn} ({state.phase}): {reason}")


def as_over(view: TurnView, state: GameState, path: object, rules_over: RulesOver) -> TurnView:
    """``view`` (where the turn stands) told for a game that is over, if it is: nothing more to
    enter, and for a campaign game where its result goes (``path``: the game file)."""
    over = game_over(state, rules_over)
    if over is None:
        return view
    view.next_step = f"the game is over ({over.reason}): umpire report"
    view.waiting_for = []
    view.lines = [ln for ln in view.lines if not ln.endswith(": missing")]
    mark = state.campaign
    if mark is not None and mark.game:
        view.lines.append(f"campaign game {mark.game} of {mark.name or mark.id}: "
                          f"umpire campaign import CAMPAIGN-FILE {path}")
    return view
