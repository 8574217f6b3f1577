"""Modifiers: a value, where it comes from, and why it applies."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict


class Modifier(BaseModel):
    """One die-roll modifier (``kind='drm'``) or column shift (``kind='shift'``).

    ``rule`` cites the rulebook by section or heading, e.g. ``"FIRE COMBAT > Stabilization"``.
    A shift is positive to the right (in the firer's favour on the Auftragstaktik CRT).
    """

    model_config = ConfigDict(frozen=True)

    name: str
    value: int
    rule: str
    kind: Literal["drm", "shift"] = "drm"
    detail: str = ""

    def signed(self) -> str:
        if self.kind == "shift":
            return f"{abs(self.value)}{'R' if self.value >= 0 else 'L'}"
        return f"{self.value:+d}"


def total(mods: Iterable[Modifier]) -> int:
    """Sum of the values."""
    return sum(m.value for m in mods)


def clamp(value: int, low: int, high: int) -> int:
    """``value`` limited to ``low..high``."""
    return max(low, min(high, value))
