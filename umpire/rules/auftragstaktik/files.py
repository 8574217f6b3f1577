"""The Auftragstaktik files of real specifications as ``umpire check`` sees them: a rating spec
(``umpire rate``: its fields, then the rating itself) and a unit file (its entries, each one's
stat line read and its specifications rated)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from umpire.errors import UmpireError
from umpire.schema.kinds import FileKind

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.core.state import GameState
    from umpire.schema.locate import Found
    from umpire.schema.problems import Path
    from umpire.schema.settle import Settled

#: The keys a rating spec's top level may be told by.
SPEC_KEYS = frozenset({"vehicles", "speed_kph", "move_in", "armour_mm", "armor_mm", "spec"})


class SpecKind(FileKind):
    name = "spec"
    title = "an Auftragstaktik unit's real specifications, to rate"
    command = "umpire rate FILE"
    aliases = ("rating",)
    told_by = "a rating spec vehicles: or spec:"

    def tells(self, data: Mapping[str, Any]) -> int:
        return 1 if set(data) & SPEC_KEYS else 0

    def model(self, data: Any = None) -> type[BaseModel]:
        from umpire.rules.auftragstaktik.unit_spec import Spec

        return Spec

    def part(self, data: Any) -> tuple[Path, Any]:
        """A spec is the file's ``spec:`` (beside its ``name:``), or the file itself."""
        if isinstance(data, dict) and "spec" in data:
            return ("spec",), data["spec"]
        return (), {k: v for k, v in data.items() if k != "name"} if isinstance(data, dict) else data

    def check(self, model: Any, settled: Settled[Any], data: Any, state: GameState | None, where: str,
              found: Found) -> str:
        from umpire.rules.auftragstaktik.data import rulings
        from umpire.rules.auftragstaktik.rating import rate
        from umpire.rules.auftragstaktik.statline_format import format_statline

        try:
            unit, _ = rate(model, rulings({}), name=str(data.get("name") or ""))
        except UmpireError as exc:
            found.said(str(exc))
            return ""
        return f"rates as {format_statline(unit)}"


class UnitsKind(FileKind):
    name = "units"
    title = "Auftragstaktik units with their stat lines and specifications"
    command = "umpire rate FILE"
    aliases = ("statline", "stat-line")
    told_by = "a unit file a list of units:"

    def tells(self, data: Mapping[str, Any]) -> int:
        return 1 if isinstance(data.get("units"), list) else 0

    def model(self, data: Any = None) -> type[BaseModel]:
        from umpire.rules.auftragstaktik.library import UnitFile

        return UnitFile

    def check(self, model: Any, settled: Settled[Any], data: Any, state: GameState | None, where: str,
              found: Found) -> str:
        from umpire.rules.auftragstaktik.data import rulings
        from umpire.rules.auftragstaktik.rating import rate
        from umpire.rules.auftragstaktik.statline import parse_statline

        for i, u in enumerate(model.units):
            at = settled.original(("units", i))
            try:
                parse_statline(u.statline, u.name)
            except UmpireError as exc:
                found.at((*at, "statline"), str(exc))
            try:
                rate(u.spec, rulings({}), name=u.name)
            except UmpireError as exc:
                found.at((*at, "spec"), str(exc))
        return f"{len(model.units)} units"


SPEC = SpecKind()
UNITS = UnitsKind()
