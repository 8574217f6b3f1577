"""Victory points of the Basic Game (9.4.2, 9.4.3) from the tracked game's state.

A vehicle that left the table (8.7) is neither destroyed nor damaged by leaving: the enemy
scores it only for damage it took before it left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from umpire.core.state import GameState, UnitState
from umpire.rules.mbt import basic_game, data
from umpire.rules.mbt.scenario_model import ObjectiveSpec
from umpire.rules.mbt.state import MbtGame, MbtUnit, Result
from umpire.rules.mbt.vehicle_card import Card
from umpire.turns.mbt.table import settings


@dataclass
class Tally:
    points: dict[str, int]
    lines: list[str] = field(default_factory=list)
    winner: str | None = None
    decided: bool = False
    reason: str = ""
    estimated: list[str] = field(default_factory=list)  # point values not from the rulebook

    def as_json(self) -> Result:
        return {"points": dict(self.points), "winner": self.winner, "decided": self.decided,
                "reason": self.reason, "lines": list(self.lines), "estimated": list(self.estimated)}


def tally(state: GameState, *, final: bool | None = None) -> Tally:
    """Each side's victory points now; ``decided`` once the last Turn is done (``final``
    defaults to "this is the last Turn's End Turn Step") or one side is destroyed."""
    cfg = settings(state)
    points = {s: 0 for s in state.side_ids()}
    lines: list[str] = []
    estimated: list[str] = []
    for u in state.units.values():
        if not u.card or not damaged(u):
            continue
        card = data.card(u.card)
        if card.point_values.estimated:
            what = f"{card.card} point values ({card.point_values.v})"
            if what not in estimated:
                estimated.append(what)
        pts, why = vehicle_loss(u, card)
        enemies_score(points, lines, u, pts, f"{why}; 9.4.2.1")
    objective_points(points, lines, cfg.control, cfg.objectives, "4.8, 9.4.2.2")
    for u in state.units.values():
        if u.status == "off_table":
            lines.append(f"{u.id} left the table (8.7): out of the game; it counts only for damage it took "
                         "before (9.4.2.1)")
    destroyed_sides = [s for s in points
                       if state.units_of(s) and all(u.status == "eliminated" for u in state.units_of(s))]
    # 8.7 leaves open a side with nothing left on the table, some of it gone off the edge: not
    # "all destroyed" (9.4.2), so no automatic win; ruled: the game ends and the points decide.
    gone = [s for s in points if s not in destroyed_sides and state.units_of(s)
            and all(u.status in ("eliminated", "off_table") for u in state.units_of(s))]
    if final is None:
        final = state.turn >= int(cfg.turns)
    winner, decided, reason = basic_game.result(points, destroyed_sides, final or bool(gone),
                                                int(cfg.win_margin))
    if gone and not destroyed_sides and decided:
        reason = f"{', '.join(gone)} has no unit left on the table (8.7): {reason}"
    return Tally(points, lines, winner, decided, reason if decided else so_far(points), estimated)


def damaged(u: UnitState) -> bool:
    """Destroyed, or with a compartment, track or gun hit: what a vehicle scores for (9.4.2.1)."""
    own = MbtUnit.of(u)
    return u.status == "eliminated" or bool(own.compartment or own.track_hit or own.gun_hit)


def vehicle_loss(u: UnitState, card: Card) -> tuple[int, str]:
    """What the enemy scores for vehicle ``u`` by its card's point values, and why (9.4.2.1; the
    Advanced Game's D.1 scores a vehicle alike): destroyed, a compartment hit, a track or gun hit."""
    values = basic_game.point_values(str(card.point_values.v))
    dead, own = u.status == "eliminated", MbtUnit.of(u)
    comp, minor = bool(own.compartment), bool(own.track_hit or own.gun_hit)
    what = "destroyed" if dead else "compartment hit" if comp else "track/gun hit"
    return basic_game.damage_points(values, dead, comp, minor), f"{what}, {'-'.join(map(str, values))}"


def enemies_score(points: dict[str, int], lines: list[str], u: UnitState, pts: int, why: str) -> None:
    """Every side but ``u``'s scores ``pts`` for it, each with its line."""
    for s in points:
        if s != u.side:
            points[s] += pts
            lines.append(f"{s}: {pts} for {u.id} ({why})")


def objective_points(points: dict[str, int], lines: list[str], control: dict[str, str],
                     objectives: Sequence[ObjectiveSpec], rule: str) -> None:
    """The side that controls each objective scores its points (4.8)."""
    for o in objectives:
        side = control.get(o.terrain)
        if side in points:
            points[side] += o.points
            lines.append(f"{side}: {o.points} for objective {o.terrain} ({rule})")


def so_far(points: dict[str, int]) -> str:
    """The reason of a tally not yet decided: each side's points so far."""
    return "victory points so far: " + ", ".join(f"{s} {p}" for s, p in points.items())


def campaign_score(gs: GameState, by_rules: bool, choice: str, lost: dict[str, list[str]]) -> dict[str, Any]:
    """A campaign game's result by the Basic Game's victory points (9.4.2, 9.4.3) under ruling
    ``campaign.result`` (``losses``: objectives do not score); a game its rules ended keeps the
    result they declared."""
    st = gs
    if choice == "losses":
        st = gs.copy_for_change()
        MbtGame.of(st).control = {}
    t = tally(st, final=True)
    if choice == "victory_points" and by_rules:
        stored = MbtGame.of(gs).result
        if stored:
            t.points, t.winner, t.reason = dict(stored["points"]), stored["winner"], stored["reason"]
    control = MbtGame.of(gs).control
    held = {s: sorted(k for k, v in control.items() if v == s) for s in lost} if choice != "losses" else {}
    return {"winner": t.winner, "points": {k: int(v) for k, v in t.points.items()}, "reason": t.reason,
            "lines": list(t.lines), "objectives": held}
