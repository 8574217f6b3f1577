"""The auftragstaktik ruleset: pure procedures over plain values."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from umpire.core.rulings import RulingBook


def rulings_book() -> RulingBook:
    """The ruleset's rulings, so that a scenario's ``rulings:`` can choose among them."""
    from umpire.rules.auftragstaktik.data import ruling_book

    return ruling_book()
