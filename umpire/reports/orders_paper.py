"""A side's orders form with what it has seen of the enemy: the form of its ruleset
(:mod:`umpire.turns.orders_form`, own units from the game state) and the enemy units of its
briefing (composed from the side's knowledge, :mod:`umpire.reports.observe`), which the
pre-filled orders file and the printed orders sheet both print."""

from __future__ import annotations

from dataclasses import replace

from umpire.core.state import GameState
from umpire.registry import game_rules
from umpire.reports.views import TurnReport, UnitView
from umpire.text import num
from umpire.turns.orders_form import OrdersForm


def seen_line(u: UnitView) -> str:
    """An enemy unit as the side's briefing knows it, in one line."""
    where = f" at ({num(u.x)}, {num(u.y)})" if u.placed else ""  # type: ignore[arg-type]
    when = f", turn {u.seen_turn}" if u.seen_turn is not None and not u.now else ""
    lost = f", {u.lost_as or u.status}" if u.status in ("eliminated", "surrendered", "off_table") else ""
    return f"{u.id}: {u.name}{where}{when}{lost}"


def side_form(state: GameState, brief: TurnReport) -> OrdersForm:
    """The orders form of ``brief``'s side for the game's current turn.

    :raises ValueError: if ``brief`` is the umpire's report, not a side's briefing."""
    side = brief.viewer
    if side is None:
        raise ValueError("an orders form is written for a side: give its briefing")
    enemy = [u for u in brief.units if u.observed]
    targets = [u.id for u in enemy if u.level == "full" and not u.dead]
    form = game_rules(state.ruleset).turn().orders_form(state, side, targets)
    form = replace(form, seen=tuple(seen_line(u) for u in enemy))
    return form if brief.player is None else player_form(form, state, brief.player)


def player_form(form: OrdersForm, state: GameState, player: str) -> OrdersForm:
    """``form`` for one of its side's players (MBT 21.3.1): the entries of what he holds, none
    of another player's."""
    from umpire.reports.player_view import players

    every = players(state).get(form.side, {})
    mine = set(every.get(player, ()))
    others = {x for p, ids in every.items() if p != player for x in ids} - mine
    sections = tuple(replace(sec, entries=tuple(e for e in sec.entries if e.id not in others))
                     for sec in form.sections)
    return replace(form, sections=sections, side_name=f"{form.side_name}, player {player}")


__all__ = ["player_form", "seen_line", "side_form"]
