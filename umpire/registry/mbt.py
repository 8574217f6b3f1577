"""The MBT ruleset object: where each of its parts lives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from umpire.registry.base import Ruleset

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.core.state import GameState
    from umpire.geometry.facts import Pose
    from umpire.rules.answer import CalcProcedure
    from umpire.rules.setup import ScenarioChecks
    from umpire.turns import TurnRules
    from umpire.turns.common import Handler


class Mbt(Ruleset):
    name = "mbt"
    title = "MBT played in miniature (tactical, one model = one vehicle or squad)"
    aliases = ("mbt-miniature",)

    def procedures(self) -> dict[str, CalcProcedure]:
        from umpire.rules.mbt.calc import PROCEDURES

        return dict(PROCEDURES)

    def case_models(self) -> dict[str, type[BaseModel]]:
        from umpire.rules.mbt.calc import CASE_MODELS

        return dict(CASE_MODELS)

    def read_name(self, text: str) -> tuple[str, bool] | None:
        """A data card, shown as its vehicle and id (``M1A1 (USA-1B)``)."""
        from umpire.errors import UmpireError
        from umpire.rules.mbt.data import card_head, card_id

        try:
            key = card_id(text)
        except UmpireError:
            return None
        name = card_head(key)[1]
        typed = str(text).strip()
        return f"{name} ({key})", typed.upper().replace("_", "/") == key or typed.lower() == name.lower()

    def scenario_checks(self) -> ScenarioChecks:
        from umpire.rules.mbt.scenario import MbtScenario

        return MbtScenario()

    def inside_depth(self, rulings: Mapping[str, str], scale: float) -> float | None:
        """Half a hex length: its own hex; the next woods or building hex is an intervening one (6.1.4.5)."""
        return scale / 2

    def aspect(self, firer: Pose, target: Pose, rulings: Mapping[str, str]) -> str:
        """The hit angle of 7.4.5.1 (front, front-side, rear-side, rear) by the sectors of ruling
        ``fire.hit_angle_sectors``: the fire procedures' own function."""
        from umpire.geometry.arcs import bearing
        from umpire.rules.mbt import data
        from umpire.rules.mbt.arcs import hit_angle

        sectors = data.rulings().select(dict(rulings))["fire.hit_angle_sectors"]
        if firer.xy == target.xy:
            return "front"  # no direction: dead ahead
        return hit_angle(bearing(target.xy, firer.xy), target.facing, sectors).replace("_", "-")

    def players(self, state: GameState) -> dict[str, dict[str, tuple[str, ...]]]:
        from umpire.turns.mbt.options.messages import commands

        return commands(state)  # the multi-player rules (21.3.1)

    def turn(self) -> TurnRules:
        from umpire.turns.mbt import RULES

        return RULES

    def _own_handlers(self) -> dict[str, Handler]:
        from umpire.turns.common import move_action, place_action
        from umpire.turns.mbt import HANDLERS, check_place

        return {"place": place_action(check_place), "move": move_action(), **HANDLERS}
