"""The mbt ruleset: pure procedures over plain values."""

from __future__ import annotations

from typing import Any


def rulings_book() -> Any:
    """The MBT rulings a scenario's ``rulings:`` may choose from (checked when a game is made)."""
    from umpire.rules.mbt.data import rulings

    return rulings()
