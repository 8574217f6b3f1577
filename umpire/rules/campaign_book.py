"""A ruleset's campaign rules (``rulesets/<ruleset>/campaign.yaml``): rulings and numbers, validated.

Neither rulebook has campaign rules, so they are umpire's own, written like the rest: each a
:class:`~umpire.core.rulings.Ruling` with a default and the readings offered, and the figures
they use (targets, points) as validated numbers. The ruleset object offers them
(:meth:`umpire.registry.Ruleset.campaign_book`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import ConfigDict, Field, model_validator

from umpire.core.rulings import Ruling, RulingBook, Rulings
from umpire.errors import UmpireError
from umpire.schema.checked import Checked


class _Strict(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class Points(_Strict):
    win: int = Field(ge=0)
    draw: int = Field(ge=0)
    loss: int = Field(ge=0)


class Recovery(_Strict):
    die: int = Field(ge=2, le=100)
    target: int = Field(ge=1)
    hits: int = Field(0, ge=0, le=3, description="Auftragstaktik: hits a recovered stand comes back with")


class Replacements(_Strict):
    per_round: int = Field(ge=0, le=20)
    quality_steps: int = Field(ge=0, le=4)


class Numbers(_Strict):
    points: Points
    win_margin: int = Field(0, ge=0, description="Auftragstaktik: points ahead a side needs to win")
    forfeit: int = Field(0, ge=0, le=1000, description="the points a side scores when the other forfeits")
    loss_points: dict[str, int] = Field(default_factory=dict, description="Auftragstaktik: per lost stand, by kind")
    recovery: Recovery
    repair: dict[str, int] = Field(description="the die, and the target on it for each kind of damage")
    replacements: Replacements

    @model_validator(mode="after")
    def _targets(self) -> Numbers:
        if "die" not in self.repair:
            raise ValueError("repair: give die: (the die the repair rolls use)")
        die = self.repair["die"]
        for name, target in self.repair.items():
            if name != "die" and not 1 <= target <= die:
                raise ValueError(f"repair.{name}: target {target} is not on a d{die}")
        if not 1 <= self.recovery.target <= self.recovery.die:
            raise ValueError(f"recovery.target: {self.recovery.target} is not on a d{self.recovery.die}")
        if self.loss_points and "default" not in self.loss_points:
            raise ValueError("loss_points: give default: (points for a stand of any other kind)")
        return self


class CampaignRuling(_Strict):
    """One campaign ruling, as :class:`umpire.core.rulings.Ruling` has it (checked as input)."""

    name: str = Field(max_length=80)
    rule: str
    default: str
    choices: dict[str, str] = Field(min_length=1, max_length=20)
    reason: str = ""

    @model_validator(mode="after")
    def _default_is_a_choice(self) -> CampaignRuling:
        if self.default not in self.choices:
            raise ValueError(f"default {self.default!r} is not one of the choices {sorted(self.choices)}")
        return self


class CampaignBook(_Strict):
    """A ruleset's campaign rules."""

    ruleset: str
    source: str
    rulings: list[CampaignRuling] = Field(min_length=1, max_length=50)
    numbers: Numbers

    def book(self) -> RulingBook:
        return _book(self)

    def select(self, overrides: Mapping[str, str] | None = None) -> Rulings:
        """The rulings in force for a season. :raises UmpireError: unknown ruling or choice."""
        return self.book().select(overrides)

    def explain(self, text: str) -> str:
        """``text`` with each ``numbers.PATH`` replaced by its value.

        >>> from umpire.resources import ruleset_dir
        >>> at = load_campaign_book(ruleset_dir("auftragstaktik") / "campaign.yaml", "auftragstaktik")
        >>> at.explain("on numbers.recovery.target or more")
        'on 7 or more'
        """
        import re

        data = self.numbers.model_dump()

        def value(m: re.Match[str]) -> str:
            v: Any = data
            for part in m.group(1).split("."):
                if not isinstance(v, dict) or part not in v:
                    return m.group(0)
                v = v[part]
            if isinstance(v, dict):
                return ", ".join(f"{k} {x}" for k, x in v.items())
            return str(v)

        return re.sub(r"numbers\.([a-z_]+(?:\.[a-z_]+)*)", value, text)

    def loss_points(self, kind: str | None) -> int:
        lp = self.numbers.loss_points
        return int(lp.get(kind or "", lp.get("default", 0)))


def _book(campaign: CampaignBook) -> RulingBook:
    rulings = [Ruling(**r.model_dump()) for r in campaign.rulings]
    return RulingBook(ruleset=f"{campaign.ruleset} campaign", source=campaign.source, rulings=rulings)


@cache
def load_campaign_book(path: Path, ruleset: str) -> CampaignBook:
    """The campaign rules of ``ruleset`` in the file ``path`` (read once).

    :raises UmpireError: if the ruleset has no campaign rules, or the file is not valid.
    """
    from umpire.resources import ruleset_dir
    from umpire.schema.load import load_model

    where = f"rulesets/{ruleset}/campaign.yaml" if path == ruleset_dir(ruleset) / "campaign.yaml" else str(path)
    if not path.is_file():
        raise UmpireError(f"ruleset {ruleset!r} has no campaign rules ({where})")
    return load_model(CampaignBook, path, where=where)


@dataclass(frozen=True)
class EndOfGame:
    """A unit as a campaign game left it, and as its force has it (what the between-games
    rulings decide on)."""

    id: str
    status: str
    hits: int
    damage: tuple[str, ...]
    destroyed: str | None
    quality: str


@dataclass(frozen=True)
class AfterGame:
    """What becomes of one unit between games: lost (``lost``: why, e.g. ``eliminated in g1``),
    or back with these hits, damage and quality (None: as its force had them); ``said``: what
    the rulings did, its note (one clause each)."""

    lost: str | None = None
    hits: int | None = None
    damage: list[str] | None = None
    quality: str | None = None
    said: tuple[str, ...] = ()


QUALITIES = ("elite", "veteran", "regular", "recruit", "militia")


def lower_quality(quality: str, steps: int) -> str:
    """``quality`` made ``steps`` steps worse (never below militia).

    >>> lower_quality("veteran", 1), lower_quality("recruit", 3)
    ('regular', 'militia')
    """
    if quality not in QUALITIES:
        return quality
    return QUALITIES[min(QUALITIES.index(quality) + steps, len(QUALITIES) - 1)]
