"""HQ (order change) rolls and command radius (ORDERS; RATING UNITS > Headquarters ratings).

One roll per battalion per turn, by any HQ level (ruling ``orders.reaction_phase_roll``); in
the Reaction Phase only battalion HQs may roll. The modified roll reads: 3 or less Failure,
4-6 Delay, 9 or more Success, and 7-8 by ruling ``hq_roll.band_7_8`` (Delay by default).
DRMs: 2 x (issuing HQ rating - prevailing enemy HQ rating) (ruling
``hq_roll.hq_rating_definition``: rating = tech level + TQ value) and the issuing-HQ doctrine
table.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, field_validator, model_validator

from umpire.core.dice import Dice, RecordingDice
from umpire.core.resolution import Cell, Resolution
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik import crt
from umpire.rules.auftragstaktik.data import RULESET, Tables, tables
from umpire.rules.auftragstaktik.mods import mod
from umpire.rules.auftragstaktik.ratings import Quality, read_quality, validator_message
from umpire.schema.checked import Checked

Level = Literal["battalion", "brigade", "division"]
Doctrine = Literal["decentralized", "balanced", "centralized"]


class Hq(Checked):
    """An HQ: its level, doctrine and rating (given, or from tech level and troop quality)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    level: Level = "battalion"
    doctrine: Doctrine = "balanced"
    rating: int | None = None
    tech_level: Literal[1, 2, 3, 4] | None = None
    quality: Quality | None = None

    @field_validator("level", mode="before")
    @classmethod
    def _level(cls, v: object) -> object:
        return {"regiment": "brigade"}.get(str(v).lower(), str(v).lower())

    @field_validator("doctrine", mode="before")
    @classmethod
    def _doctrine(cls, v: object) -> object:
        return {"normal": "balanced"}.get(str(v).lower(), str(v).lower())  # ruling doctrine.names

    @field_validator("quality", mode="before")
    @classmethod
    def _q(cls, v: object) -> object:
        return None if v is None else validator_message(read_quality, v)

    @model_validator(mode="after")
    def _rated(self) -> Hq:
        if self.rating is None and (self.tech_level is None or self.quality is None):
            raise ValueError("give rating, or tech_level (1-4) and quality")
        return self


def hq_rating(hq: Hq, rulings: Rulings, t: Tables) -> tuple[int, str]:
    """The HQ rating value and how it was found (ruling hq_roll.hq_rating_definition): the
    explanation ends with the value, so that it never reads as part of a larger sum."""
    if hq.rating is not None:
        return hq.rating, f"rating {hq.rating}"
    assert hq.tech_level is not None and hq.quality is not None
    tq = t.command.hq_rating.quality[hq.quality]
    choice = rulings["hq_roll.hq_rating_definition"]
    if choice == "tq_only":
        return tq, f"TQ {hq.quality} {tq}"
    if choice == "tech_only":
        return hq.tech_level, f"tech level {hq.tech_level}"
    value = hq.tech_level + tq
    return value, f"tech level {hq.tech_level} + TQ {hq.quality} {tq} = {value}"


def band(modified: int, rulings: Rulings, t: Tables) -> str:
    """``failure``, ``delay``, ``success`` (or ``reaction`` under
    hq_roll.band_7_8=reaction_phase)."""
    b = t.command.hq_roll
    if modified <= b.failure_max:
        return "failure"
    if modified <= b.delay_max:
        return "delay"
    if modified >= b.success_min:
        return "success"
    return {"delay": "delay", "success": "success", "reaction_phase": "reaction"}[
        rulings["hq_roll.band_7_8"]
    ]


EFFECTS = {
    "failure": "Orders may not be changed.",
    "delay": "New orders may be issued the following turn (they come into "
    "force at the next Orders Phase; ruling orders.delay_effect).",
    "success": "New orders may be issued immediately.",
    "reaction": "New orders take effect in the Reaction Phase "
    "of this turn (ruling hq_roll.band_7_8).",
}


def hq_roll(
    hq: Hq,
    enemy: Hq | int,
    dice: Dice,
    rulings: Rulings,
    *,
    phase: Literal["orders", "reaction"] = "orders",
    already_rolled: bool = False,
) -> Resolution:
    """One HQ roll to change a battalion's orders (ORDERS).

    :raises UmpireError: a second roll for the battalion this turn, or a brigade/division roll in
        the Reaction Phase.
    """
    t = tables()
    src = t.command.hq_roll.source
    if already_rolled:
        raise UmpireError(
            "already_rolled: only one HQ roll per battalion, by any HQ level, "
            f"until the next Orders Phase ({src}; ruling orders.reaction_phase_roll)"
        )
    if phase == "reaction" and hq.level != "battalion":
        raise UmpireError(
            "hq.level: in the Reaction Phase only battalion "
            f"HQs may roll (allowed: battalion; {src})"
        )
    own, own_how = hq_rating(hq, rulings, t)
    if isinstance(enemy, Hq):
        foe, foe_how = hq_rating(enemy, rulings, t)
    else:
        foe, foe_how = enemy, f"rating {enemy}"
    mult = t.command.hq_roll.rating_difference_multiplier
    mods = mod(
        "HQ rating difference",
        mult * (own - foe),
        src,
        f"{mult} x ({own} - {foe}): own {own_how}; enemy {foe_how}",
    )
    doc = t.command.doctrine
    mods += mod(
        "issuing HQ", doc.rows[hq.level][hq.doctrine], doc.source, f"{hq.level}, {hq.doctrine}"
    )
    rec = RecordingDice(dice)
    natural = crt.roll(rec, t, rulings, "HQ roll")
    modified = natural + sum(m.value for m in mods)
    result = band(modified, rulings, t)
    return Resolution(
        ruleset=RULESET,
        procedure="hq",
        outcome={"result": result, "effect": EFFECTS[result]},
        summary=f"{result}: {EFFECTS[result]}",
        modifiers=mods,
        rolls=rec.rolls,
        modified_roll=modified,
        cell=Cell(table="HQ roll", row=modified, column=hq.level, value=result, rule=src),
        rulings=rulings.differences(),
        notes=["1-3 Failure, 4-6 Delay, 9+ Success; 7-8 not printed (ruling hq_roll.band_7_8)"],
    )


def command_radius(
    level: Level, tech_level: int, doctrine: Doctrine, rulings: Rulings, *, recon: bool = False
) -> float:
    """Command radius in inches (RATING UNITS > command radius chart; rulings
    command.radius_row_mapping, command.centralized_factor)."""
    cr = tables().command.command_radius
    row = cr.tech_rows[tech_level]
    if rulings["command.radius_row_mapping"] == "tech3_extensive" and tech_level == 3:
        row = "extensive_radio"
    factor = cr.doctrine_factor[doctrine]
    if doctrine == "centralized" and rulings["command.centralized_factor"] == "two_thirds":
        factor = 2 / 3
    return cr.rows[row][level] * factor * (cr.recon_factor if recon else 1)
