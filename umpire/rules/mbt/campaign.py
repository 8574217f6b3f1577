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
    """A vehicle of a force that played ``game``, between games (its rolls keyed by ``key``). A
    brewed-up vehicle and a helicopter that crashed are lost: nothing is left to recover."""
    n = book.numbers
    damage = list(u.damage)
    said = []
    quality = u.quality
    if u.status == "eliminated":
        how = str(u.destroyed or "knocked_out")
        words = how.replace("_", " ")
        if how in ("brewed_up", "crashed") or rulings["campaign.destroyed"] == "lost":  # a crash: 20.3.4.2
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
    """A season's vehicle names a data card; a helicopter's card too (it flies in the games whose
    scenario plays the helicopters option, 20.2). :raises UmpireError: naming ``field``."""
    if not card:
        raise UmpireError(f"{field}: give card: (an MBT data card id, e.g. USA-1B)")
    if is_helicopter(card):
        return
    try:
        find_card(card)
    except UmpireError as exc:
        raise UmpireError(f"{field}.card: {exc}") from None


def is_helicopter(card: str | None) -> bool:
    """``card`` names a helicopter's data card (20.2)."""
    from umpire.rules.mbt.cards import HelicopterCard, any_card

    try:
        return isinstance(any_card(card or ""), HelicopterCard)
    except UmpireError:
        return False


def helicopters_aloft(data: dict[str, Any]) -> None:
    """A campaign game's scenario (``data``, as the campaign built it from its forces): each force's
    helicopter flies as the options' helicopters do (20.2), at NOE where the campaign laid it out,
    not as a unit of its formation; the scenario's own helicopters are not the campaign's forces
    and stay out. A helicopter lost in an earlier game is not in its force's ready units, so it is
    not in the game."""
    mbt = data.get("mbt")
    if not isinstance(mbt, dict):
        return
    flying = []
    for side in data.get("sides") or []:
        for form in side.get("formations") or []:
            units = form.get("units") or []
            for u in units:
                if is_helicopter(u.get("card")):
                    flying.append({"id": u["id"], "side": side["id"], "card": u["card"], "name": u.get("name"),
                                   "at": u["at"], "facing": u.get("facing", 0.0), "altitude": "noe"})
            form["units"] = [u for u in units if not is_helicopter(u.get("card"))]
            if form.get("hq") in {h["id"] for h in flying}:
                form["hq"] = None
    if flying or mbt.get("helicopters"):
        mbt["helicopters"] = flying
