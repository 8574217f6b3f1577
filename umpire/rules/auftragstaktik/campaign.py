"""Auftragstaktik in a campaign: what becomes of a stand between games, and the force units a season may list.

The rulings are umpire's own (``rulesets/auftragstaktik/campaign.yaml``): a surrendered stand is
lost, an eliminated one lost or recovered on a roll (ruling ``campaign.eliminated``), hits
cleared, kept, recovered one or repaired on rolls (ruling ``campaign.hits``).
"""

from __future__ import annotations

from umpire.core.dice import Dice
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.campaign_book import AfterGame, CampaignBook, EndOfGame

MAX_HITS = 3


def after_game(u: EndOfGame, game: str, book: CampaignBook, rulings: Rulings, dice: Dice, key: str) -> AfterGame:
    """A stand of a force that played ``game``, between games (its rolls keyed by ``key``)."""
    n = book.numbers
    if u.status == "surrendered":
        return AfterGame(lost=f"surrendered in {game}")
    if u.status == "eliminated":
        if rulings["campaign.eliminated"] == "lost":
            return AfterGame(lost=f"eliminated in {game}")
        (roll,) = dice.roll(n.recovery.die, why=f"{key} recovery")
        if roll < n.recovery.target:
            return AfterGame(lost=f"eliminated in {game}, not recovered "
                                  f"(d{n.recovery.die} {roll} < {n.recovery.target})")
        return AfterGame(hits=n.recovery.hits, said=(
            f"recovered after {game} (d{n.recovery.die} {roll} >= {n.recovery.target}), {n.recovery.hits} hits",))
    hits = u.hits
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
            (roll,) = dice.roll(int(n.repair["die"]), why=f"{key} repair hit {i + 1}")
            if roll >= n.repair["hit"]:
                after -= 1
    carried = min(after, MAX_HITS)
    return AfterGame(hits=carried, said=(f"ended {game} with {hits} hit{'s' if hits != 1 else ''}, carries {carried}",)
                     if hits else ())


def check_force_unit(type_: str | None, statline: str | None, name: str, field: str) -> None:
    """A season's stand is a bundled type or has a stat line. :raises UmpireError: naming ``field``."""
    from umpire.rules.auftragstaktik.library import find_unit
    from umpire.rules.auftragstaktik.statline import parse_statline

    if statline:
        parse_statline(statline, name, where=f"{field}.statline")
    elif type_:
        find_unit(type_, field=f"{field}.type")
    else:
        raise UmpireError(f"{field}: give type: (a unit of the bundled data) or statline:")
