"""The mark a campaign puts on a game it sets up: whose game it is, and what each unit carries.

``umpire campaign next`` writes a scenario with a ``campaign:`` block; the game then knows the
campaign's id and the slot it fills (so ``umpire campaign import`` can refuse a foreign game),
the turn limit the campaign rules give it, and the hits and damage its units carry over from
earlier games. The block is part of the stored scenario, so a replay rebuilds the same state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import Field

from umpire.errors import UmpireError
from umpire.schema.checked import Checked, Ident


class CarriedUnit(Checked):

    hits: int = Field(0, ge=0, le=3, description="hits the unit carries")
    damage: list[Ident] = Field(default_factory=list, max_length=16,
        description="damage it carries, in its ruleset's words (MBT: track, gun, hull, turret)")


class CampaignMark(Checked):

    id: str = Field(min_length=1, description="the campaign's id")
    name: str = Field("", description="the campaign's name")
    game: str = Field(min_length=1, description="the slot of the schedule this game fills")
    round: int = Field(ge=1, description="the round of the schedule")
    turns: int | None = Field(None, ge=1, description="the game ends after this turn (Auftragstaktik)")
    carried: dict[str, CarriedUnit] = Field(default_factory=dict,
        description="per unit: hits and damage carried over from earlier games")

    def header(self) -> dict[str, Any]:
        """What the game keeps of it (``GameState.campaign``)."""
        return {"id": self.id, "name": self.name, "game": self.game, "round": self.round, "turns": self.turns}


def carry(units: dict[str, Any], mark: CampaignMark, damage: Callable[[Any, str], None], problems: list[str],
          where: str) -> None:
    """Put each unit's carried hits and damage on it (``units``: id -> UnitState; ``damage``: how
    its ruleset puts a damage on a unit, raising :class:`UmpireError` for one it does not keep)."""
    for uid, c in mark.carried.items():
        u = units.get(uid)
        if u is None:
            problems.append(f"{where}: campaign.carried.{uid}: not a unit of the scenario")
            continue
        u.hits = c.hits
        for i, d in enumerate(c.damage):
            try:
                damage(u, d)
            except UmpireError as exc:
                problems.append(f"{where}: campaign.carried.{uid}.damage[{i}]: {exc}")
