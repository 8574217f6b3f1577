"""Skirmish's one rule, pure: a shot at a stand ``range`` inches off (edge to edge).

Each stand shoots once a turn; a die of the target number or more eliminates the target. The
target is ``hit.short`` at short range, ``hit.long`` beyond it (ruling ``shoot.long_range``:
``same`` reads every range as short).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

from umpire.core.dice import Dice, RecordingDice
from umpire.core.resolution import Cell, Resolution
from umpire.core.rulings import Rulings
from umpire.rules.answer import CalcAnswer

RULES = Path(__file__).parent / "rules"


@cache
def table() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((RULES / "ruleset.yaml").read_text(encoding="utf-8"))["hit"]
    return data


class ShootCase(BaseModel):
    """A shot: how far the target is."""

    model_config = ConfigDict(extra="forbid")

    ruleset: str = "skirmish"
    procedure: str = "shoot"
    range: float = Field(ge=0, description="inches, edge to edge, from the firer to its target")
    rulings: dict[str, str] = Field(default_factory=dict, description="rulings read otherwise than by default")


def shoot(range_: float, rulings: Rulings, dice: Dice) -> Resolution:
    """The shot: the target number, the die, and whether the target is eliminated."""
    t = table()
    long = range_ > t["short_range"] and rulings["shoot.long_range"] == "harder"
    need = int(t["long"] if long else t["short"])
    rec = RecordingDice(dice)
    (die,) = rec.roll(int(t["die"]), why="shoot")
    hit = die >= need
    band = "long" if long else "short"
    return Resolution(
        ruleset="skirmish", procedure="shoot",
        outcome={"hits": int(hit), "result": "eliminated" if hit else "missed", "need": need},
        summary=f"needs {need}+ at {band} range ({range_:g}\"): rolled {die}, "
                + ("the target is eliminated" if hit else "a miss"),
        cell=Cell(table="hit", row=band, column="target", value=need, rule="Shooting"),
        rolls=rec.rolls, modified_roll=die, rulings=rulings.differences(),
    )


def calc_shoot(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """``umpire calc shoot range=N``: the same rule the tracked turn calls."""
    from umpire.registry import find_ruleset

    c = ShootCase.model_validate(case)
    rulings = find_ruleset("skirmish").rulings_book().select(c.rulings)
    res = shoot(c.range, rulings, dice)
    chance = None
    if odds:
        need = int(res.outcome["need"])
        chance = {"eliminated": (table()["die"] - need + 1) / table()["die"]}
    return CalcAnswer(resolution=res, odds=chance)
