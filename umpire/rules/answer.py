"""What an ``umpire calc`` procedure is and returns: ``fn(case, dice, odds=bool) -> CalcAnswer``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from umpire.core.dice import Dice
from umpire.core.resolution import Resolution


@dataclass
class CalcAnswer:
    """What a procedure returns: the resolution, and the exact odds when asked for."""

    resolution: Resolution | None = None
    odds: dict[str, float] | None = None
    data: dict[str, Any] | None = None  # for procedures with no dice (e.g. measure)
    game: str | None = None  # MBT: the game whose rules answered (basic, advanced)
    headline: str = ""  # said first on its first line (MBT: which game, and who chose it if not the case)
    assumed: list[str] = field(default_factory=list)  # defaults taken for fields left out
    resolved: dict[str, Any] | None = None  # what the case named, as read: {"line": ..., "roles": [...]}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.resolved is not None:
            out["resolved"] = self.resolved
        if self.game is not None:
            out["game"] = self.game
        if self.resolution is not None:
            out.update(self.resolution.to_json())
        if self.data is not None:
            out.update(self.data)
        if self.odds is not None:
            out["odds"] = self.odds
        if self.assumed:
            out["assumed"] = list(self.assumed)
        return out


class CalcProcedure(Protocol):
    def __call__(self, case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer: ...
