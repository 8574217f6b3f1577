"""The Auftragstaktik ruleset object: where each of its parts lives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from umpire.errors import UmpireError
from umpire.registry.base import Ruleset

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.geometry.facts import Pose
    from umpire.rules.answer import CalcProcedure
    from umpire.rules.setup import ScenarioChecks
    from umpire.turns import TurnRules
    from umpire.turns.common import Handler


class Auftragstaktik(Ruleset):
    name = "auftragstaktik"
    title = "Auftragstaktik Miniatures Rules v1.01 (grand-tactical, 1 inch = 500 m)"
    aliases = ("at", "auftrag")

    def procedures(self) -> dict[str, CalcProcedure]:
        from umpire.rules.auftragstaktik.calc import PROCEDURES

        return dict(PROCEDURES)

    def case_models(self) -> dict[str, type[BaseModel]]:
        from umpire.rules.auftragstaktik.calc import CASE_MODELS

        return dict(CASE_MODELS)

    def read_name(self, text: str) -> tuple[str, bool] | None:
        """A bundled unit: ``T80B`` is T-80B Company as such, ``Abrams`` an alias of M1A1 Company."""
        from umpire.rules.auftragstaktik.library import find_unit, spellings
        from umpire.rules.vocab import short_name

        try:
            entry = find_unit(text)
        except UmpireError:
            return None
        return entry.name, short_name(text) in spellings(entry.name)

    def scenario_checks(self) -> ScenarioChecks:
        from umpire.rules.auftragstaktik.scenario import AuftragstaktikScenario

        return AuftragstaktikScenario()

    def inside_depth(self, rulings: Mapping[str, str], scale: float) -> float | None:
        """By ruling ``spotting.woods_depth``."""
        from umpire.rules.auftragstaktik.data import rulings as at_rulings
        from umpire.rules.auftragstaktik.spotting import woods_depth

        try:
            return woods_depth(at_rulings(dict(rulings)))
        except UmpireError as exc:
            raise UmpireError(f"rulings: {exc}") from None

    def aspect(self, firer: Pose, target: Pose, rulings: Mapping[str, str]) -> str:
        """COMBAT: the arc of the target's base the line of fire crosses (front, flank, rear)."""
        from umpire.geometry.arcs import aspect_auftragstaktik

        return aspect_auftragstaktik(firer, target)

    def turn(self) -> TurnRules:
        from umpire.turns.auftragstaktik import RULES

        return RULES

    def _own_handlers(self) -> dict[str, Handler]:
        from umpire.turns.auftragstaktik.actions import HANDLERS, check_move
        from umpire.turns.common import move_action, place_action

        return {"place": place_action(), "move": move_action(check_move), **HANDLERS}
