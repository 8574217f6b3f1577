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
    state from the game file); returns what happened, one line per unit that changed."""
    lines: list[str] = []
    for pid in game.players:
        force = state.forces[pid]
        for u in force.ready():
            end = units[u.id]
            key = f"round {game.round} {pid} {u.id}"
            if state.ruleset == "mbt":
                line = _mbt_unit(force, u, end, game, book, rulings, dice, key)
            else:
                line = _at_unit(force, u, end, game, book, rulings, dice, key)
            if line:
                lines.append(line)
    return lines


def _at_unit(force: ForceRecord, u: UnitRecord, end: dict[str, Any], game: GameRecord, book: CampaignBook,
             rulings: Rulings, dice: Dice, key: str) -> str:
    n = book.numbers
    if end["status"] == "surrendered":
        return _lose(force, u, game.id, f"surrendered in {game.id}")
    if end["status"] == "eliminated":
        if rulings["campaign.eliminated"] == "lost":
            return _lose(force, u, game.id, f"eliminated in {game.id}")
        (roll,) = dice.roll(n.recovery.die, why=f"{key} recovery")
        if roll < n.recovery.target:
            return _lose(force, u, game.id, f"eliminated in {game.id}, not recovered "
                                            f"(d{n.recovery.die} {roll} < {n.recovery.target})")
        u.hits = n.recovery.hits
        u.note = f"recovered after {game.id} (d{n.recovery.die} {roll} >= {n.recovery.target}), {u.hits} hits"
        return f"{u.id} ({force.player}) {u.note}"
    hits = int(end.get("hits") or 0)
    choice = rulings["campaign.hits"]
    if choice == "clear":
        after = 0
    elif choice == "keep":
        after = hits
    elif choice == "recover_one":
        after = max(0, hits - 1)
    else:
        after = hits
        for i in range(hits):
            (roll,) = dice.roll(int(book.numbers.repair["die"]), why=f"{key} repair hit {i + 1}")
            if roll >= book.numbers.repair["hit"]:
                after -= 1
    u.hits = min(after, 3)
    u.note = f"ended {game.id} with {hits} hit{'s' if hits != 1 else ''}, carries {u.hits}" if hits else ""
    return f"{u.id} ({force.player}) {u.note}" if hits else ""


def _mbt_unit(force: ForceRecord, u: UnitRecord, end: dict[str, Any], game: GameRecord, book: CampaignBook,
              rulings: Rulings, dice: Dice, key: str) -> str:
    n = book.numbers
    damage = list(end.get("damage") or [])
    said = []
    if end["status"] == "eliminated":
        how = str(end.get("destroyed") or "knocked_out")
        words = how.replace("_", " ")
        if how == "brewed_up" or rulings["campaign.destroyed"] == "lost":
            return _lose(force, u, game.id, f"{words} in {game.id}")
        (roll,) = dice.roll(n.recovery.die, why=f"{key} recovery")
        if roll < n.recovery.target:
            return _lose(force, u, game.id, f"{words} in {game.id}, not recovered "
                                            f"(d{n.recovery.die} {roll} < {n.recovery.target})")
        said.append(f"recovered after {game.id} (d{n.recovery.die} {roll} >= {n.recovery.target})")
        damage = ["hull"]
        if rulings["campaign.crew"] == "new_crew":
            new = lower_quality(u.quality, n.replacements.quality_steps)
            if new != u.quality:
                said.append(f"new crew ({u.quality} -> {new})")
            u.quality = new
    choice = rulings["campaign.damage"]
    kept = []
    for d in damage:
        if choice == "repair_all":
            continue
        if choice == "keep":
            kept.append(d)
            continue
        target = n.repair["compartment" if d in ("hull", "turret") else d]
        (roll,) = dice.roll(int(n.repair["die"]), why=f"{key} repair {d}")
        if roll >= target:
            said.append(f"{d} repaired (d{n.repair['die']} {roll} >= {target})")
        else:
            kept.append(d)
            said.append(f"{d} not repaired (d{n.repair['die']} {roll} < {target})")
    u.damage = kept
    u.note = "; ".join(said)
    return f"{u.id} ({force.player}) {u.note}" if said else ""


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
