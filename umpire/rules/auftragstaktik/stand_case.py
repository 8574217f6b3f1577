"""A stand in an ``umpire calc`` case of auftragstaktik: :class:`StandCase`, the part every case
that names a stand shares, and :func:`stand_case`, a stand as a case gives it (what a tracked
turn's resolution keeps of its stands, so that the quick answer can ask it again).

Kept apart from the procedures' case formats (:mod:`umpire.rules.auftragstaktik.cases`): a
turn writes a stand's case for every shot and needs none of those models built.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import ConfigDict, Field, model_validator

from umpire.errors import UmpireError
from umpire.rules.auftragstaktik.ratings import (
    CoverLevel,
    Entrenchment,
    Kind,
    OrderCode,
    Quality,
    ReadsCodes,
    Stand,
    Unit,
)
from umpire.schema.checked import Checked


class SubCase(Checked):
    model_config = ConfigDict(extra="forbid")


_Codes = ReadsCodes


class StandCase(SubCase, _Codes):
    """A stand in a case: its ratings (stat line or bundled unit) and its state."""

    statline: str | None = Field(None, description="its stat line, in the rules' notation (or unit:)")
    unit: str | None = Field(None, description="a bundled unit's name or alias, e.g. T-80B Company (or statline:)")
    name: str | None = Field(None, description="its name in the answer")
    quality: Quality = Field("regular", description="elite, veteran, regular, recruit or militia")
    orders: OrderCode = Field("HA", description="its order: NO, DA, HA, TR, WD")
    moved: bool = Field(False, description="it moved this phase")
    hits: int = Field(0, ge=0, description="hits it has taken")
    size: str | None = Field(None, description="its size code, where the stat line gives several")
    kind: Kind | None = Field(None, description="vehicle, towed, troop or helicopter (default: from its ratings)")
    spotted: bool = Field(True, description="it is spotted by the enemy")
    cover: CoverLevel = Field("none", description="the cover it is in")
    entrenchment: Entrenchment = Field("none", description="how far it is dug in")
    grouped_companies: int = Field(1, ge=1, description="companies grouped in one stand")
    troop_companies: int | None = Field(None, ge=0, description="how many of the grouped companies are troop "
                                        "companies, the rest AFV companies (default: the free pair one of each)")
    close_terrain: bool | None = Field(None, description="it stands in close terrain (default: worked out)")
    soviet_tank: bool | None = Field(None, description="a Soviet tank (default: from the bundled unit)")
    machine_gun: bool = Field(False, description="its HW rating is a machine gun")
    buildings: bool = Field(False, description="it stands in buildings")
    heavy_weapon: bool | None = Field(None, description="it has a heavy weapon (default: from its ratings)")

    @model_validator(mode="after")
    def _one_source(self) -> StandCase:
        if (self.statline is None) == (self.unit is None):
            raise ValueError("give either statline: or unit: (a unit name from the bundled data)")
        return self

    def to_stand(self, field: str) -> Stand:
        from umpire.rules.auftragstaktik.statline import parse_statline

        soviet = False
        if self.unit is not None:
            from umpire.rules.auftragstaktik.library import find_unit

            entry = find_unit(self.unit, field=f"{field}.unit")
            unit: Unit = parse_statline(entry.statline, name=entry.name, where=f"{field}.unit")
            soviet = entry.soviet_tank
        else:
            unit = parse_statline(
                self.statline or "", name=self.name or "", where=f"{field}.statline"
            )
        if self.size is not None and self.size not in unit.sizes:
            raise UmpireError(
                f"{field}.size: {self.size!r} is not a size of "
                f"this unit (allowed: {', '.join(unit.sizes)})"
            )
        return Stand(
            unit=unit,
            quality=self.quality,
            orders=self.orders,
            moved=self.moved,
            hits=self.hits,
            size=self.size,
            kind=self.kind,
            spotted=self.spotted,
            cover=self.cover,
            entrenchment=self.entrenchment,
            grouped_companies=self.grouped_companies,
            troop_companies=self.troop_companies,
            close_terrain=self.close_terrain,
            soviet_tank=soviet if self.soviet_tank is None else self.soviet_tank,
            machine_gun=self.machine_gun,
            buildings=self.buildings,
            heavy_weapon=self.heavy_weapon,
        )


@lru_cache(maxsize=256)
def _statline(unit: Unit) -> str:
    from umpire.rules.auftragstaktik.statline_format import format_statline

    return format_statline(unit)


def stand_case(stand: Stand) -> dict[str, Any]:
    """A stand as a case gives it (the inverse of :meth:`StandCase.to_stand`): its ratings as a
    stat line, and every field of its state that differs from a case's default."""
    defaults = StandCase.model_fields
    out: dict[str, Any] = {"statline": _statline(stand.unit)}
    if stand.unit.name:
        out["name"] = stand.unit.name
    for name in ("quality", "orders", "moved", "hits", "size", "kind", "spotted", "cover", "entrenchment",
                 "grouped_companies", "troop_companies", "close_terrain", "soviet_tank", "machine_gun", "buildings",
                 "heavy_weapon"):
        v = getattr(stand, name)
        if v != defaults[name].default:
            out[name] = v
    return out


__all__ = ["StandCase", "SubCase", "stand_case"]
