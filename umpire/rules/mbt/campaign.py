"""MBT in a campaign: a vehicle's damage at the end of a game, what becomes of it between games,
and the force units a season may list.

The rulings are umpire's own (``rulesets/mbt/campaign.yaml``): a brewed-up vehicle is lost, a
knocked-out one lost or recovered on a roll with a hull hit to repair (ruling
``campaign.destroyed``) and a new crew (``campaign.crew``); damage repaired on rolls, all, or
never (``campaign.damage``).
"""

from __future__ import annotations

from typing import Any

from umpire.core.dice import Dice
from umpire.core.rulings import Rulings
from umpire.core.state import UnitState
from umpire.errors import UmpireError
from umpire.rules.campaign_book import AfterGame, CampaignBook, EndOfGame, lower_quality
from umpire.rules.mbt.data import card as find_card
from umpire.rules.mbt.state import MbtUnit


def end_of_game(u: UnitState) -> dict[str, Any]:
    """A vehicle's damage as the campaign keeps it (``track``, ``gun``, ``hull``, ``turret``)
    and how it was destroyed (``knocked_out``, ``brewed_up``), from its notes in the game."""
    damage = []
    if MbtUnit.of(u).track_hit:
        damage.append("track")
    if MbtUnit.of(u).gun_hit:
        damage.append("gun")
    comp = MbtUnit.of(u).compartment
    if comp in ("hull", "turret"):
        damage.append(str(comp))
    return {"damage": damage, "destroyed": u.destroyed}


def after_game(u: EndOfGame, game: str, book: CampaignBook, rulings: Rulings, dice: Dice, key: str) -> AfterGame:
    """A vehicle of a force that played ``game``, between games (its rolls keyed by ``key``)."""
    n = book.numbers
    damage = list(u.damage)
    said = []
    quality = u.quality
    if u.status == "eliminated":
        how = str(u.destroyed or "knocked_out")
        words = how.replace("_", " ")
        if how == "brewed_up" or rulings["campaign.destroyed"] == "lost":
            return AfterGame(lost=f"{words} in {game}")
        (roll,) = dice.roll(n.recovery.die, why=f"{key} recovery")
        if roll < n.recovery.target:
            return AfterGame(lost=f"{words} in {game}, not recovered (d{n.recovery.die} {roll} < {n.recovery.target})")
        said.append(f"recovered after {game} (d{n.recovery.die} {roll} >= {n.recovery.target})")
        damage = ["hull"]
        if rulings["campaign.crew"] == "new_crew":
            quality = lower_quality(u.quality, n.replacements.quality_steps)
            if quality != u.quality:
                said.append(f"new crew ({u.quality} -> {quality})")
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
    return AfterGame(damage=kept, quality=quality, said=tuple(said))


def check_force_unit(card: str | None, field: str) -> None:
    """A season's vehicle names a data card. :raises UmpireError: naming ``field``."""
    if not card:
        raise UmpireError(f"{field}: give card: (an MBT data card id, e.g. USA-1B)")
    try:
        find_card(card)
    except UmpireError as exc:
        raise UmpireError(f"{field}.card: {exc}") from None
