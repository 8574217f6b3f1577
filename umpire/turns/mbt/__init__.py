"""The MBT umpired game over the tracked game (24.3 streamlined sequence): the Basic Game
(2.0-9.4) or, when the scenario says ``mbt: {game: advanced}``, the Advanced Game (10-16,
:mod:`umpire.turns.mbt.advanced`): two games sharing these actions, each with its own orders
file, sequence, victory and entry rules (:mod:`umpire.turns.mbt.games`).

Actions: ``mbt.orders`` (one side's written plan, :mod:`umpire.turns.mbt.orders_file`) and
``mbt.phase`` (resolve the current phase, :mod:`umpire.turns.mbt.phases`). ``RULES`` says where
the turn stands for ``umpire turn``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from umpire.core.dice import Dice
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.rules.mbt.state import MbtGame
from umpire.turns import TurnView
from umpire.turns.common import Applied, Handler
from umpire.turns.entries import Entry
from umpire.turns.facts import recorded
from umpire.turns.mbt import phases, turn_state
from umpire.turns.mbt.games import game_of, is_advanced
from umpire.turns.mbt.table import settings
from umpire.turns.orders_form import OrdersForm
from umpire.turns.readers import Readers


@recorded
def enter_orders(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
    # The written order of movement (24.3.2.2) goes into the payload as a list: the event log
    # stores a payload's mappings with sorted keys, and a replay must move units as written.
    if isinstance(payload.get("units"), dict):
        payload.setdefault("sequence", list(payload["units"]))
    checked = game_of(state).check_orders(payload, state, payload.get("file") or "orders")
    new = state.copy_for_change()
    m = turn_state.mbt(new)
    m.orders[checked["side"]] = checked["units"]
    m.sequence[checked["side"]] = checked["sequence"]
    spent = ""
    if is_advanced(state):
        from umpire.turns.mbt.options.orders import keep

        spent = keep(new, checked)  # what the options take from the orders (plots, command markers)
    again = checked["side"] in MbtGame.of(state).orders
    parts = []
    for uid in checked["sequence"]:
        spec = checked["units"][uid]
        bit = f"{uid} {spec.get('order') or '-'}"
        fire = spec.get("fire")
        for f in fire if isinstance(fire, list) else [fire] if fire else []:
            bit += f" at {f.get('target') or f.get('at')}"
        for key in ("assault", "overrun"):
            if spec.get(key):
                bit += f" {key} {spec[key]['target']}"
        if spec.get("move"):
            bit += f" {spec['move']['cost']:g}/{spec['move']['allowance']:g}\""
        parts.append(bit)
    side = next(s.name for s in state.sides if s.id == checked["side"])
    verb = "replaced" if again else "entered"
    return Applied(new, f"orders for {side} {verb} (turn {state.turn}): " + ", ".join(parts) + spent)


@recorded
def next_phase(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
    if payload:
        raise UmpireError(f"phase next takes no payload (got {sorted(payload)})")
    return game_of(state).next_phase(state, dice)


def check_place(state: GameState, unit: UnitState, x: float, y: float) -> None:
    """Where a unit may be put in its game (the Advanced Game's relief force: Scenario Four C)."""
    game_of(state).check_entry(state, unit, x, y)


class MbtTurn:
    """``umpire turn`` for MBT."""

    def view(self, state: GameState) -> TurnView:
        ph = "Initiative" if state.phase == "setup" else state.phase
        shown = phases.PHASES + ([phases.OVER] if ph == phases.OVER else [])
        waiting: list[str] = []
        lines: list[str] = []
        m = MbtGame.of(state)
        if ph == "Command":
            waiting = [s.id for s in state.sides if s.id not in m.orders
                       and any(u.status not in ("eliminated", "off_table") for u in state.units_of(s.id))]
            nxt = ("umpire turn orders FILE (one per side: " + ", ".join(waiting) + ")") if waiting \
                else "umpire phase next (reveal orders, pivots and turrets; then Fire)"
        elif ph == phases.OVER:
            nxt = "the game is over: umpire report"
        else:
            nxt = f"umpire phase next (resolve the {ph} phase)"
        if m.initiative and ph not in ("Initiative",):
            lines.append(f"initiative (umpire only): {m.initiative} goes first")
        game = game_of(state)
        t = game.tally(state, final=ph == phases.OVER)
        lines.append("victory: " + (m.result["reason"] if ph == phases.OVER and m.result else t.reason))
        lines.extend(t.lines)
        cfg = settings(state)
        lines.append(f"{game.title}{' matchup ' + cfg.matchup if cfg.matchup else ''}: "
                     f"{cfg.turns} turns, {cfg.scale:g}\" a hex (23.3.2.1)")
        return TurnView(turn=state.turn, phase=ph, phases=shown, next_step=nxt, waiting_for=waiting, lines=lines)

    def read_orders(self, path: Path, state: GameState, readers: Readers | None = None) -> dict[str, Any]:
        return game_of(state).read_orders(path, state, readers)

    def orders_kind(self, state: GameState) -> str:
        """The kind of orders file a side writes in this game (for ``umpire check``)."""
        return game_of(state).orders_kind

    def orders_form(self, state: GameState, side: str, targets: list[str]) -> OrdersForm:
        from umpire.turns.mbt.orders_form import form

        return form(state, side, targets)

    def entries(self, state: GameState, side: str) -> list[Entry]:
        from umpire.turns.mbt.entries import entries

        return entries(state, side)

    def move_costs(self, payload: dict[str, Any], state: GameState) -> dict[str, list[str]]:
        from umpire.turns.mbt.entries import move_costs

        return move_costs(payload, state)


RULES = MbtTurn()

HANDLERS: dict[str, Handler] = {"mbt.orders": enter_orders, "mbt.phase": next_phase}
"""The turn's actions by event kind (the ruleset object adds the generic ones, with
:func:`check_place`)."""
