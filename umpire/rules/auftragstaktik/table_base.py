"""The base models of the Auftragstaktik tables: strict and frozen, and with the rulebook heading."""

# No ``from __future__ import annotations`` here: pydantic then reads each field's type as
# Python made it, instead of evaluating strings, and the table models are made faster.
from pydantic import ConfigDict

from umpire.schema.checked import Checked


class TableModel(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Sourced(TableModel):
    source: str
