"""The campaign rules of a ruleset (``rulesets/<ruleset>/campaign.yaml``): rulings and numbers.

Neither rulebook has campaign rules, so they are umpire's own, written like the rest: each a
:class:`~umpire.core.rulings.Ruling` with a default and the readings offered, and the figures
they use (targets, points) as validated numbers. A season picks other readings with its
``rulings:`` mapping; code branches only on choices a ruling declares.
"""

from __future__ import annotations

from umpire.rules.campaign_book import CampaignBook, CampaignRuling, Numbers, lower_quality

__all__ = ["CampaignBook", "CampaignRuling", "Numbers", "campaign_book", "lower_quality"]


def campaign_book(ruleset: str) -> CampaignBook:
    """The campaign rules of ``ruleset``, as its ruleset object has them.

    :raises UmpireError: for an unknown ruleset, one with no campaign rules, or a bad file.
    """
    from umpire.registry import campaign_rules

    return campaign_rules(ruleset).campaign_book()
