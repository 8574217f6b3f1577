"""Skirmish's turn: one phase, Fire. Each side's orders name, for each of its stands, the enemy
stand it shoots at; ``phase next`` resolves every shot (:func:`tests.third.shoot.shoot`, the
rule ``umpire calc shoot`` calls) and the next turn begins."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import yaml

from tests.third.state import SkirmishGame
from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Facts
from umpire.core.state import GameState
from umpire.errors import UmpireError
from umpire.turns import TurnView
from umpire.turns.common import Applied, Handler
from umpire.turns.entries import Entry
from umpire.turns.facts import recorded
from umpire.turns.orders_form import OrdersForm

PHASE = "fire"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _orders(state: GameState) -> dict[str, dict[str, str]]:
    return SkirmishGame.of(state).orders


def check_orders(payload: dict[str, Any], state: GameState, where: str) -> dict[str, Any]:
    """A side's orders: ``{side, units: {stand: enemy stand}}``, every name checked."""
    side = payload.get("side")
    if side not in state.side_ids():
        raise UmpireError(f"{where}: side: {side!r} (allowed: {', '.join(state.side_ids())})")
    units = payload.get("units") or {}
    if not isinstance(units, dict):
        raise UmpireError(f"{where}: units: give a mapping of your stand -> the enemy stand it shoots at")
    for uid, target in units.items():
        u, t = state.units.get(uid), state.units.get(str(target))
        if u is None or u.side != side:
            raise UmpireError(f"{where}: units.{uid}: not a stand of {side} "
                              f"(allowed: {', '.join(x.id for x in state.units_of(side))})")
        if t is None or t.side == side:
            raise UmpireError(f"{where}: units.{uid}: {target!r} is not an enemy stand")
    return {"side": side, "units": {str(k): str(v) for k, v in units.items()}}


def enter_orders(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
    checked = check_orders(payload, state, payload.get("file") or "orders")
    new = state.copy_for_change()
    SkirmishGame.of(new).orders[checked["side"]] = checked["units"]
    return Applied(new, f"orders of {checked['side']}: {plural(len(checked['units']), 'shot')}")


@recorded
def next_phase(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
    """The Fire phase: every ordered shot, then the next turn."""
    from tests.third.shoot import shoot
    from umpire.registry import find_ruleset

    rulings = find_ruleset("skirmish").rulings_book().select(state.rulings)
    new = state.copy_for_change()
    done = []
    for _side, shots in sorted(_orders(state).items()):  # shots are simultaneous: read from the state before
        for uid, tid in shots.items():
            firer, target = state.units[uid], state.units[tid]
            if firer.status != "ok" or not firer.placed or not target.placed:
                continue
            assert firer.x is not None and firer.y is not None and target.x is not None and target.y is not None
            res = shoot(round(math.hypot(target.x - firer.x, target.y - firer.y), 2), rulings,
                        scoped(dice, "shoot", uid, tid))
            res.facts = Facts(firer=uid, target=tid)
            res.summary = f"{uid} shoots at {tid}: {res.summary}"
            if res.outcome["hits"]:
                new.units[tid].status = "eliminated"
            done.append(res)
    new.turn, new.phase = state.turn + 1, PHASE
    SkirmishGame.of(new).orders = {}
    return Applied(new, f"the Fire phase of turn {state.turn}: {plural(len(done), 'shot')}", done,
                   turn=state.turn, phase=PHASE)


HANDLERS: dict[str, Handler] = {"skirmish.orders": enter_orders, "skirmish.phase": next_phase}


class SkirmishTurn:
    def view(self, state: GameState) -> TurnView:
        waiting = [s for s in state.side_ids() if s not in _orders(state)]
        step = "umpire phase next (resolve the Fire phase)" if not waiting else "umpire turn orders FILE"
        return TurnView(turn=state.turn, phase=PHASE, phases=[PHASE], next_step=step, waiting_for=waiting)

    def read_orders(self, path: Path, state: GameState, readers: Any = None) -> dict[str, Any]:
        try:
            data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as exc:
            raise UmpireError(f"{path}: {exc}") from None
        if not isinstance(data, dict):
            raise UmpireError(f"{path}: give a mapping with side: and units:")
        return check_orders(data, state, str(path))

    def orders_kind(self, state: GameState) -> str:
        return "orders-skirmish"

    def orders_form(self, state: GameState, side: str, targets: list[str]) -> OrdersForm:
        return OrdersForm(ruleset="skirmish", game=state.name, side=side, side_name=side, turn=state.turn,
                          intro=("each stand: the enemy stand it shoots at",), sections=())

    def entries(self, state: GameState, side: str) -> list[Entry]:
        return []

    def move_costs(self, payload: dict[str, Any], state: GameState) -> dict[str, list[str]]:
        return {}


RULES = SkirmishTurn()
