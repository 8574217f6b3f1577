"""``umpire calc`` procedures for auftragstaktik, by name."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from umpire.calc import CalcProcedure

PROCEDURES: dict[str, CalcProcedure] = {}
