"""The Auftragstaktik ruleset object: where each of its parts lives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from umpire.errors import UmpireError
from umpire.registry.base import Campaigns, DataFiles, QuickAnswers, Telling, TrackedGame

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.core.dice import Dice
    from umpire.core.rulings import Rulings
    from umpire.core.state import OwnModels
    from umpire.geometry.facts import Pose
    from umpire.rules.answer import CalcProcedure
    from umpire.rules.campaign_book import AfterGame, CampaignBook, EndOfGame
    from umpire.rules.setup import ScenarioChecks
    from umpire.schema.kinds import FileKind
    from umpire.schema.scenario import Scenario
    from umpire.turns import TurnRules
    from umpire.turns.common import Handler


class Auftragstaktik(QuickAnswers, TrackedGame, Campaigns, DataFiles):
    name = "auftragstaktik"
    title = "Auftragstaktik Miniatures Rules v1.01 (grand-tactical, 1 inch = 500 m)"
    aliases = ("at", "auftrag")

    measures_centres = False  # MOVEMENT > Spotting: "from the edge of one stand to the edge of another"
    lost_statuses = ("eliminated", "surrendered")
    orders_phases = ("orders",)  # TURN SEQUENCE: the Orders Phase
    telling = Telling(
        own_weapon=True,
        # what a side cannot know of the enemy: its troop quality, whether it had spotted the
        # firer, its C3 level, its HQ rating
        enemy_facts={"fire": ("troop quality", "firer unspotted"), "close_combat": ("troop quality",),
                     "overrun": ("troop quality",), "indirect": ("troop quality", "target C3 level"),
                     "hq": ("HQ rating difference",)},
    )
    campaign_gap = 1.6  # a company base is 1.5" wide

    def procedures(self) -> dict[str, CalcProcedure]:
        from umpire.rules.auftragstaktik.calc import PROCEDURES

        return dict(PROCEDURES)

    def case_models(self) -> dict[str, type[BaseModel]]:
        from umpire.rules.auftragstaktik.calc import CASE_MODELS

        return dict(CASE_MODELS)

    def own_models(self) -> OwnModels:
        from umpire.core.state import OwnModels
        from umpire.rules.auftragstaktik.state import AtGame, AtUnit

        return OwnModels(game=AtGame, unit=AtUnit)

    def warm_up(self) -> None:
        """Its tables."""
        from umpire.rules.auftragstaktik.data import tables

        tables()

    def read_name(self, text: str) -> tuple[str, bool] | None:
        """A bundled unit: ``T80B`` is T-80B Company as such, ``Abrams`` an alias of M1A1 Company."""
        from umpire.rules.auftragstaktik.library import find_unit, spellings
        from umpire.rules.vocab import short_name

        try:
            entry = find_unit(text)
        except UmpireError:
            return None
        return entry.name, short_name(text) in spellings(entry.name)

    def unit_rows(self) -> list[dict[str, Any]]:
        """The bundled units, with their stat lines."""
        from umpire.rules.auftragstaktik.library import library

        return [{"ruleset": self.name, "name": u.name, "aliases": list(u.aliases), "nation": u.nation,
                 "kind": u.role, "statline": u.statline} for u in library()]

    def file_kinds(self) -> tuple[FileKind, ...]:
        """Its orders file, a rating spec and a unit file."""
        from umpire.rules.auftragstaktik.files import SPEC, UNITS
        from umpire.turns.auftragstaktik.files import ORDERS

        return ORDERS, SPEC, UNITS

    def scenario_checks(self) -> ScenarioChecks:
        from umpire.rules.auftragstaktik.scenario import AuftragstaktikScenario

        return AuftragstaktikScenario()

    def scenario_model(self) -> type[Scenario]:
        from umpire.rules.auftragstaktik.scenario_model import AtScenario

        return AtScenario

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
        from umpire.geometry.arcs import base_arc

        return base_arc(firer, target)

    def phase_names(self) -> dict[str, str]:
        """TURN SEQUENCE, as the data lists it."""
        from umpire.rules.auftragstaktik.data import tables

        return {p.id: p.name for p in tables().turn.phases.order}

    def turn(self) -> TurnRules:
        from umpire.turns.auftragstaktik import RULES

        return RULES

    def after_game(self, unit: EndOfGame, game: str, book: CampaignBook, rulings: Rulings, dice: Dice,
                   key: str) -> AfterGame:
        from umpire.rules.auftragstaktik.campaign import after_game

        return after_game(unit, game, book, rulings, dice, key)

    def check_force_unit(self, type_: str | None, statline: str | None, card: str | None, name: str,
                         field: str) -> None:
        from umpire.rules.auftragstaktik.campaign import check_force_unit

        check_force_unit(type_, statline, name, field)

    def own_handlers(self) -> dict[str, Handler]:
        from umpire.turns.auftragstaktik import ACTIONS, check_move
        from umpire.turns.common import deferred, move_action, place_action

        return {"place": place_action(), "move": move_action(check_move),
                **deferred("umpire.turns.auftragstaktik.actions", ACTIONS)}
