"""What a Skirmish scenario holds: the generic scenario, nothing of its own."""

from __future__ import annotations

from typing import Any

from tests.third.state import SkirmishGame
from umpire.core.state import OwnState, TerrainState, UnitState
from umpire.errors import UmpireError
from umpire.rules.setup import Claim
from umpire.schema.scenario import FormationSpec, Scenario, SideSpec, UnitSpec


class SkirmishChecks:
    ruleset = "skirmish"
    default_kind = "platoon"

    def expand(self, formation: FormationSpec) -> list[UnitSpec]:
        return []

    def unit_fields(self, spec: UnitSpec) -> dict[str, Any]:
        return {"quality": spec.quality}

    def unit_own(self, spec: UnitSpec) -> OwnState:
        return OwnState()  # a platoon keeps nothing of its own

    def formation_fields(self, spec: FormationSpec) -> dict[str, Any]:
        return {}

    def side_fields(self, spec: SideSpec) -> dict[str, Any]:
        return {}

    def resolve_units(self, scenario: Scenario, units: dict[str, UnitState], specs: dict[str, UnitSpec],
                      problems: list[str], where: str) -> None:
        return None

    def carry_damage(self, unit: UnitState, damage: str) -> None:
        raise UmpireError(f"{damage!r}: a Skirmish stand carries no damage")

    def own_game(self, scenario: Scenario, units: dict[str, UnitState], terrain: list[TerrainState], claim: Claim,
                 problems: list[str], where: str) -> SkirmishGame:
        return SkirmishGame()
