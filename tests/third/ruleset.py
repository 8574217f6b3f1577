"""The Skirmish ruleset object: everything it gives umpire, found through the registry."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from umpire.registry.base import Campaigns, DataFiles, QuickAnswers, TrackedGame

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.core.state import OwnModels
    from umpire.geometry.facts import Pose
    from umpire.rules.answer import CalcProcedure
    from umpire.rules.setup import ScenarioChecks
    from umpire.schema.kinds import FileKind
    from umpire.turns import TurnRules
    from umpire.turns.common import Handler


class Skirmish(QuickAnswers, TrackedGame, Campaigns, DataFiles):
    name = "skirmish"
    title = "Skirmish (a ruleset of one rule, for the tests)"
    aliases = ("sk",)
    measures_centres = True
    range_is = "centre to centre"

    def folder(self) -> Path:
        return Path(__file__).parent / "rules"

    def procedures(self) -> dict[str, CalcProcedure]:
        from tests.third.shoot import calc_shoot

        return {"shoot": calc_shoot}

    def case_models(self) -> dict[str, type[BaseModel]]:
        from tests.third.shoot import ShootCase

        return {"shoot": ShootCase}

    def scenario_checks(self) -> ScenarioChecks:
        from tests.third.scenario import SkirmishChecks

        return SkirmishChecks()

    def own_models(self) -> OwnModels:
        from tests.third.state import SkirmishGame
        from umpire.core.state import OwnModels

        return OwnModels(game=SkirmishGame)

    def inside_depth(self, rulings: Mapping[str, str], scale: float) -> float | None:
        return None

    def aspect(self, firer: Pose, target: Pose, rulings: Mapping[str, str]) -> str:
        return "any"  # a shot is a shot from every side

    def phase_names(self) -> dict[str, str]:
        return {"fire": "Fire Phase"}

    def turn(self) -> TurnRules:
        from tests.third.turn import RULES

        return RULES

    def own_handlers(self) -> dict[str, Handler]:
        from tests.third.turn import HANDLERS
        from umpire.turns.common import move_action, place_action

        return {"place": place_action(centres=True), "move": move_action(), **HANDLERS}

    def file_kinds(self) -> tuple[FileKind, ...]:
        from tests.third.files import ORDERS

        return (ORDERS,)

    def unit_rows(self) -> list[dict[str, Any]]:
        return []
