"""What a Skirmish game keeps of its own: each side's orders for the turn."""

from __future__ import annotations

from pydantic import Field

from umpire.core.state import OwnState


class SkirmishGame(OwnState):
    """A Skirmish game's own state: side -> stand -> the enemy stand it shoots at this turn."""

    orders: dict[str, dict[str, str]] = Field(default_factory=dict)
