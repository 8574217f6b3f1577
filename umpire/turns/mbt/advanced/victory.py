"""Victory in the Advanced Game (16.4, Scenario Format D): points for losses caused (D.1, from
the cards, without grade or doctrine), for objectives controlled (4.8 as the scenario values
them), for units exited and the defender's bonus (Scenario Two D); a side whose ground units are
all eliminated or immobilized loses at once (D).
"""

from __future__ import annotations

from umpire.core.state import GameState, UnitState
from umpire.rules.mbt import basic_game
from umpire.rules.mbt.cards import HelicopterCard, LegCard, TowedCard, any_card
from umpire.rules.mbt.state import MbtGame, MbtUnit
from umpire.rules.mbt.vehicle_card import Card
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.table import settings
from umpire.turns.mbt.victory import Tally, damaged, enemies_score, objective_points, so_far, vehicle_loss

ELITE = {"Assault": "assault", "Squad Plus": "squad_plus", "Special Forces": "special_forces"}


def loss_points(u: UnitState, est: list[str]) -> tuple[int, str]:
    """What the enemy scores for ``u`` (D.1), and why; 0 if nothing (a bailed out crew: D.2 counts
    it for its own side, :func:`tally`)."""
    if MbtUnit.of(u).bailed_crew:
        return 0, ""
    card = U.card_of(u)
    dead = u.status == "eliminated"
    if isinstance(card, Card):
        if card.point_values.estimated:
            est.append(f"{card.card} point values ({card.point_values.v})")
        return vehicle_loss(u, card) if damaged(u) else (0, "")
    if isinstance(card, TowedCard):
        return (int(card.points.v), "knocked out") if dead else (0, "")
    assert isinstance(card, LegCard)
    now = card.type(u.type or "")
    start = card.type(str(MbtUnit.of(u).reduced_from or now.name))
    weapons = sum(int(a.points.v) for a in U.attached_of(u).values())
    elite = sum(int(card.elite[ELITE[e]].v) for e in U.elite(u) if ELITE.get(e) in card.elite)
    if dead:
        return int(start.points.v) + weapons + elite, "eliminated, with its weapons"
    if MbtUnit.of(u).reduced_from:
        lost = sum(int(card.attached_weapon(n).points.v) for n in MbtUnit.of(u).lost_weapons or []
                   if any(a.weapon.name == n for a in card.attached))
        return int(start.points.v) - int(now.points.v) + lost, "reduced to a half squad" + (
            ", with weapons lost" if lost else "")
    return 0, ""


def tally(state: GameState, *, final: bool | None = None) -> Tally:
    cfg = settings(state)
    m = MbtGame.of(state)
    exits = m.advanced.exit_points if m.advanced is not None else []
    points = {s: 0 for s in state.side_ids()}
    lines: list[str] = []
    est: list[str] = []
    for u in state.units.values():
        if not u.card:
            continue
        pts, why = loss_points(u, est)
        if pts:
            enemies_score(points, lines, u, pts, f"{why}; D.1")
    for pts, hid, side in _air_losses(state, est):  # D.1: a destroyed air unit's base points
        for s in points:
            if s != side:
                points[s] += pts
                lines.append(f"{s}: {pts} for {hid} (helicopter destroyed, its base points; D.1)")
    for u in state.units.values():  # D.2: its own bailed out crews that survive (option 17.2.3)
        if MbtUnit.of(u).bailed_crew and U.alive(u) and u.side in points:
            from umpire.rules.mbt.options.charts import chart

            saved = int(chart("hits").bailed_crew_saved.v)
            points[u.side] += saved
            lines.append(f"{u.side}: {saved} for {u.id}, a bailed out crew saved (D.2)")
    objective_points(points, lines, m.control, cfg.objectives, "Victory Conditions")
    for ex in exits:
        gone = [u for u in state.units_of(ex.side) if MbtUnit.of(u).exited == ex.edge
                and (not ex.cards or u.card in ex.cards)]
        for u in gone:
            card = U.card_of(u)
            each = ex.points if ex.points != "average" else _average(card)
            points[ex.side] += int(each)
            lines.append(f"{ex.side}: {each} for {u.id} exited off the {ex.edge} edge (Victory Conditions)")
        if ex.no_exit_bonus and not gone and (final or state.turn >= int(cfg.turns)):
            other = next(s for s in points if s != ex.side)
            points[other] += ex.no_exit_bonus
            lines.append(f"{other}: {ex.no_exit_bonus} bonus: none of {ex.side} exited (Victory Conditions)")
    beaten = [s for s in points if _beaten(state, s)]
    if final is None:
        final = state.turn >= int(cfg.turns)
    winner, decided, reason = basic_game.result(points, beaten, final, int(cfg.win_margin))
    reason = reason.replace("(9.4.3)", "(Scenario Format D)").replace("(9.4.2)", "(Scenario Format D)")
    if beaten and decided:
        reason = f"{', '.join(beaten)} has no ground unit left in action (Scenario Format D): {reason}"
    return Tally(points, lines, winner, decided, reason if decided else so_far(points), est)


def _air_losses(state: GameState, est: list[str]) -> list[tuple[int, str, str]]:
    """Each destroyed helicopter (option 20.2): its card's printed base points alone, whatever
    armament it carried (Scenario Format D.1), its id and side."""
    opts = MbtGame.of(state).options_state
    if opts is None:
        return []

    out = []
    for h in opts.helicopters.values():
        card = any_card(h.card)
        if not h.destroyed or not isinstance(card, HelicopterCard):
            continue
        if card.base_points.estimated:
            est.append(f"{card.card} base points ({card.base_points.v})")
        out.append((int(card.base_points.v), h.id, h.side))
    return out


def _beaten(state: GameState, side: str) -> bool:
    """All its ground units eliminated or immobilized (D); none gone off the table or still to
    come on (a relief force)."""
    units = [u for u in state.units_of(side) if u.card]
    if not units or any(u.status == "off_table" or not u.placed for u in units):
        return False
    return all(u.status == "eliminated" or (U.kind(u) == "vehicle" and not U.can_move(u)) for u in units)


def _average(card: object) -> int:
    """A unit's average point value (its TO&E 1 value, the first of its victory triple)."""
    if isinstance(card, Card):
        return basic_game.point_values(str(card.point_values.v))[0]
    if isinstance(card, TowedCard):
        return int(card.points.v)
    return 0
