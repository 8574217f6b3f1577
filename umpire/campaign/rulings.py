"""The campaign rules of a ruleset (``rulesets/<ruleset>/campaign.yaml``): rulings and numbers.

Neither rulebook has campaign rules, so they are umpire's own, written like the rest: each a
:class:`~umpire.core.rulings.Ruling` with a default and the readings offered, and the figures
they use (targets, points) as validated numbers. A season picks other readings with its
``rulings:`` mapping; code branches only on choices a ruling declares.
"""

from __future__ import annotations

from umpire.rules.campaign_book import CampaignBook, CampaignRuling, Numbers

__all__ = ["CampaignBook", "CampaignRuling", "Numbers", "campaign_book", "lower_quality"]


def campaign_book(ruleset: str) -> CampaignBook:
    """The campaign rules of ``ruleset``, as its ruleset object has them.

    :raises UmpireError: for an unknown ruleset, one with no campaign rules, or a bad file.
    """
    from umpire.registry import find_ruleset

    return find_ruleset(ruleset).campaign_book()


QUALITIES = ("elite", "veteran", "regular", "recruit", "militia")


def lower_quality(quality: str, steps: int) -> str:
    """``quality`` made ``steps`` steps worse (never below militia).

    >>> lower_quality("veteran", 1), lower_quality("recruit", 3)
    ('regular', 'militia')
    """
    if quality not in QUALITIES:
        return quality
    return QUALITIES[min(QUALITIES.index(quality) + steps, len(QUALITIES) - 1)]
