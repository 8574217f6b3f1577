"""Between games and between rounds: the campaign rulings applied to the forces.

After a game (:func:`after_game`), each unit of the forces that played either comes back as
it ended (hits or damage carried, recovered or repaired by the rulings, with keyed rolls) or
is lost. When the last game of a round is in (:func:`close_round`), replacements come back.
Every roll's ``why`` is its key: ``round R PLAYER UNIT purpose``.
"""

from __future__ import annotations

from typing import Any

from umpire.campaign.rulings import CampaignBook, lower_quality
from umpire.campaign.state import CampaignState, ForceRecord, GameRecord, UnitRecord
from umpire.core.dice import Dice
from umpire.core.rulings import Rulings
from umpire.rules.campaign_book import EndOfGame


def _lose(force: ForceRecord, u: UnitRecord, game: str, why: str) -> str:
    u.status, u.lost_in, u.hits, u.damage, u.note = "lost", game, 0, [], why
    if u.id not in force.lost_order:
        force.lost_order.append(u.id)
    return f"{u.id} ({force.player}) lost: {why}"


def after_game(
    state: CampaignState, game: GameRecord, units: dict[str, dict[str, Any]], book: CampaignBook, rulings: Rulings,
    dice: Dice,
) -> list[str]:
    """Apply the between-games rulings to the forces of ``game`` (``units``: each unit's end
    state from the game file), by the ruleset's own rule of what becomes of a unit
    (:meth:`umpire.registry.Ruleset.after_game`); returns what happened, one line per unit
    that changed."""
    from umpire.registry import campaign_rules

    rs = campaign_rules(state.ruleset)
    lines: list[str] = []
    for pid in game.players:
        force = state.forces[pid]
        for u in force.ready():
            end = units[u.id]
            key = f"round {game.round} {pid} {u.id}"
            unit = EndOfGame(u.id, str(end["status"]), int(end.get("hits") or 0), tuple(end.get("damage") or ()),
                             end.get("destroyed"), u.quality)
            after = rs.after_game(unit, game.id, book, rulings, dice, key)
            if after.lost is not None:
                lines.append(_lose(force, u, game.id, after.lost))
                continue
            if after.hits is not None:
                u.hits = after.hits
            if after.damage is not None:
                u.damage = list(after.damage)
            if after.quality is not None:
                u.quality = after.quality
            u.note = "; ".join(after.said)
            if after.said:
                lines.append(f"{u.id} ({force.player}) {u.note}")
    return lines


def close_round(state: CampaignState, round_no: int, book: CampaignBook, rulings: Rulings) -> list[str]:
    """The end of a round: replacements (ruling ``campaign.replacements``), then each force's
    strength at the start of the next round is kept for the charts."""
    lines = []
    if rulings["campaign.replacements"] == "per_round":
        rep = book.numbers.replacements
        for force in state.forces.values():
            for uid in list(force.lost_order[: rep.per_round]):
                u = force.unit(uid)
                quality = lower_quality(u.quality, rep.quality_steps)
                u.status, u.hits, u.damage, u.lost_in = "ready", 0, [], None
                u.note = f"replaced after round {round_no}" + (f" ({u.quality} -> {quality})"
                                                                 if quality != u.quality else "")
                u.quality = quality
                force.lost_order.remove(uid)
                lines.append(f"{uid} ({force.player}) {u.note}")
    state.strength.append(state.strength_now())
    state.after_round[round_no] = list(lines)
    return lines
