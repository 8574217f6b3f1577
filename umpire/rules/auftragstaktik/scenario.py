"""What an Auftragstaktik scenario must hold: unit types or stat lines, stand bases, aircraft,
weather and night (its scenario model: :mod:`umpire.rules.auftragstaktik.scenario_model`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from umpire.core.state import TerrainState, UnitState
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik.ratings import BATTERY
from umpire.rules.auftragstaktik.scenario_model import AtFormationSpec, AtScenario, AtSideSpec, AtUnitSpec
from umpire.rules.auftragstaktik.state import AtGame, AtUnit
from umpire.rules.setup import Claim
from umpire.schema.scenario import FormationSpec, Scenario, SideSpec, UnitSpec


class AuftragstaktikScenario:
    """The scenario checks of Auftragstaktik (see :class:`umpire.rules.setup.ScenarioChecks`)."""

    ruleset = "auftragstaktik"
    default_kind = "company"

    def expand(self, formation: FormationSpec) -> list[UnitSpec]:
        return []  # a formation lists its stands

    def unit_fields(self, spec: UnitSpec) -> dict[str, Any]:
        assert isinstance(spec, AtUnitSpec)
        return {"type": spec.type, "statline": spec.statline, "quality": spec.quality, "orders": spec.orders}

    def unit_own(self, spec: UnitSpec) -> AtUnit:
        return AtUnit()

    def formation_fields(self, spec: FormationSpec) -> dict[str, Any]:
        assert isinstance(spec, AtFormationSpec)
        return {"doctrine": spec.doctrine}

    def side_fields(self, spec: SideSpec) -> dict[str, Any]:
        assert isinstance(spec, AtSideSpec)
        return {"hq_rating": spec.hq_rating}

    def resolve_units(self, scenario: Scenario, units: dict[str, UnitState], specs: dict[str, UnitSpec],
                      problems: list[str], where: str) -> None:
        """A unit names a bundled ``type`` (its stat line is taken from the data) or gives its own
        ``statline``, which must parse; a stand given no base gets its kind's (BASING)."""
        from umpire.rules.auftragstaktik.library import find_unit
        from umpire.rules.auftragstaktik.statline import parse_statline

        read: set[str] = set()  # stat lines read already (an order of battle repeats a few)
        bad: set[str] = set()
        for u in units.values():
            try:
                if u.statline:
                    if u.statline not in read:
                        parse_statline(u.statline, u.name, where=f"unit {u.id!r}: statline")
                        read.add(u.statline)
                elif u.type:
                    u.statline = find_unit(u.type, field=f"unit {u.id!r}: type").statline
                else:
                    raise UmpireError(f"unit {u.id!r}: give type: (a unit of the bundled data) or statline:")
            except UmpireError as exc:
                problems.append(f"{where}: {exc}")
                bad.add(u.id)
        for u in units.values():
            spec = specs[u.id]
            if spec.base is None and u.statline and u.id not in bad:
                u.base = stand_base(spec.kind, u.statline, u.type)

    def carry_damage(self, unit: UnitState, damage: str) -> None:
        """A company carries its hits between games, never a damage."""
        raise UmpireError(f"{damage!r}: an Auftragstaktik unit carries hits, not damage")

    def own_game(self, scenario: Scenario, units: dict[str, UnitState], terrain: list[TerrainState], claim: Claim,
                 problems: list[str], where: str) -> AtGame:
        """The sides' support (C3 level, ICM, aircraft: their stat lines must parse), the weather
        and the turns at night."""
        from umpire.rules.auftragstaktik.statline import parse_statline

        assert isinstance(scenario, AtScenario)
        game = AtGame()
        support: dict[str, Any] = {
            side.id: {k: v for k, v in (("c3", side.c3), ("icm", side.icm),
                                        ("air", [a.model_dump(exclude_none=True) for a in side.air])) if v}
            for side in scenario.sides
            if side.c3 is not None or side.air or side.icm is not None
        }
        if support:
            for side in scenario.sides:
                for i, a in enumerate(side.air):
                    claim("flight", a.id, f"sides.{side.id}.air[{i}]")
                    if a.statline:
                        try:
                            parse_statline(a.statline, f"sides.{side.id}.air[{i}].statline")
                        except UmpireError as exc:
                            problems.append(f"{where}: {exc}")
            game.support = support
        game.weather = scenario.weather
        game.night = scenario.night
        return game


@lru_cache(maxsize=256)
def _first_size(statline: str) -> str:
    """The first size code of a stat line (read once per line: a big game has a few)."""
    from umpire.rules.auftragstaktik.statline import parse_statline

    return parse_statline(statline, "").sizes[0]


def stand_base(kind: str | None, statline: str, type_name: str | None) -> tuple[float, float]:
    """An Auftragstaktik stand's base when the scenario gives none (BASING: 1.5 x 1 companies,
    1 x 1 platoons; MISCELLANEOUS RULES > Headquarters Stands: "In all cases they are
    represented as a medium company"). Without a kind (or for a battery) the stat line's size
    decides: a platoon-sized code (sp, mp, lp; sb, mb are platoon-sized batteries) is a platoon."""
    from umpire.schema.bases import default_base

    role = ""
    if type_name:
        from umpire.rules.auftragstaktik.library import find_unit

        try:
            role = find_unit(type_name).role
        except UmpireError:
            role = ""
    if kind == "hq" or role == "hq":
        return default_base("auftragstaktik", "hq")
    if kind in (None, "battery"):
        size = _first_size(statline)
        size = BATTERY.get(size, size)
        return default_base("auftragstaktik", "platoon" if size in ("sp", "mp", "lp") else "company")
    return default_base("auftragstaktik", kind)
