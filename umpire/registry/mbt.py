"""The MBT ruleset object: where each of its parts lives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from umpire.errors import UmpireError
from umpire.registry.base import Campaigns, DataFiles, QuickAnswers, Telling, TrackedGame, Variant

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.core.dice import Dice
    from umpire.core.rulings import Rulings
    from umpire.core.state import AirUnit, GameState, OwnModels, UnitState
    from umpire.geometry.facts import Pose
    from umpire.rules.answer import CalcProcedure
    from umpire.rules.campaign_book import AfterGame, CampaignBook, EndOfGame
    from umpire.rules.setup import ScenarioChecks
    from umpire.schema.kinds import FileKind
    from umpire.schema.scenario import Scenario
    from umpire.turns import TurnRules
    from umpire.turns.common import Handler, PlaceCheck


class Mbt(QuickAnswers, TrackedGame, Campaigns, DataFiles):
    name = "mbt"
    title = "MBT played in miniature (tactical, one model = one vehicle or squad)"
    aliases = ("mbt-miniature",)

    variants = (Variant("basic", "MBT Basic Game"), Variant("advanced", "MBT Advanced Game"))
    default_variant = "advanced"
    variant_setting = ("UMPIRE_MBT_GAME", "mbt_game")
    measures_centres = True  # 23.3.2.1: ranges and strings from the center of a unit
    range_is = "centre to centre (23.3.2.1)"
    telling = Telling(
        seen_verb="sighted", seen_how="sighted (at the identification level of 24.2.2)",
        target_unseen="its target is not sighted (6.1)", levels=True, hit_by_hit=True, orders="plan",
        sightings_in_log=True,
    )
    orders_phases = ("Command",)  # 24.3: plans are written in the Command Phase
    campaign_gap = 0.6  # models stand at least half a hex apart (4.3)
    campaign_turn_limit = False  # the scenario's turns: the game ends itself (9.4)
    unfinished = "play on to its end (9.4) or end it"
    ended_by_rules = "by the rules (9.4)"

    def procedures(self) -> dict[str, CalcProcedure]:
        from umpire.rules.mbt.calc import PROCEDURES

        return dict(PROCEDURES)

    def case_models(self) -> dict[str, type[BaseModel]]:
        from umpire.rules.mbt.calc import CASE_MODELS

        return dict(CASE_MODELS)

    def own_models(self) -> OwnModels:
        from umpire.core.state import OwnModels
        from umpire.rules.mbt.state import MbtGame, MbtUnit

        return OwnModels(game=MbtGame, unit=MbtUnit)

    def warm_up(self) -> None:
        """Its charts."""
        from umpire.rules.mbt import data

        for chart in data.CHART_MODELS:
            data.chart(chart)

    def read_name(self, text: str) -> tuple[str, bool] | None:
        """A data card, shown as its vehicle and id (``M1A1 (USA-1B)``)."""
        from umpire.rules.mbt.data import card_head, card_id

        try:
            key = card_id(text, suggest=False)
        except UmpireError:
            return None
        name = card_head(key)[1]
        typed = str(text).strip()
        return f"{name} ({key})", typed.upper().replace("_", "/") == key or typed.lower() == name.lower()

    def file_kinds(self) -> tuple[FileKind, ...]:
        """The orders files of its two games (24.3.2, 13.3), and a user's transcription of a chart or card."""
        from umpire.rules.mbt.files import CARD, CHART
        from umpire.turns.mbt.files import ADVANCED_ORDERS, BASIC_ORDERS

        return BASIC_ORDERS, ADVANCED_ORDERS, CHART, CARD

    def provenance(self) -> list[tuple[str, dict[str, int]]]:
        """Every bundled chart and card (the options' too), each value by its source."""
        from umpire.rules.mbt.files import provenance

        return provenance()

    def scenario_checks(self) -> ScenarioChecks:
        from umpire.rules.mbt.scenario import MbtScenarioChecks

        return MbtScenarioChecks()

    def scenario_model(self) -> type[Scenario]:
        from umpire.rules.mbt.scenario_model import MbtScenario

        return MbtScenario

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
    def unit_rows(self) -> list[dict[str, Any]]:
        """A model is one unit: its data card."""
        return self.card_rows()

    def card_rows(self) -> list[dict[str, Any]]:
        """The data cards: id, vehicle, kind, nation and the nicknames that find it."""
        from umpire.rules.mbt.data import card_head, card_ids, names

        every = names()
        return [{"ruleset": self.name, "id": i, "name": card_head(i)[1], "aliases": every[i][1:],
                 "nation": i.split("-")[0], "kind": card_head(i)[0]} for i in card_ids()]

    def identity(self, card: str) -> tuple[str, str, str, str] | None:
        from umpire.rules.mbt.cards import sighting_identity

        return sighting_identity(card)

    def data_card(self, card: str) -> Any:
        """The data card of a vehicle, leg unit or gun (its own layout on the roster)."""
        from umpire.rules.mbt.cards import any_card

        return any_card(card)

    def phase_names(self) -> dict[str, str]:
        """24.3: the streamlined sequence's phases."""
        from umpire.rules.mbt.game_book import PHASES

        return {p: f"{p} Phase" for p in PHASES}

    def turn(self) -> TurnRules:
        from umpire.turns.mbt import RULES

        return RULES

    def over(self, state: GameState) -> str | None:
        from umpire.rules.mbt.game_book import over

        return over(state)

    def table_case(self, state: GameState) -> dict[str, Any]:
        """The scenario's inches per hex (23.3.2.1)."""
        from umpire.rules.mbt.game_book import scale

        return {"scale": scale(state)}

    def turret(self, unit: UnitState) -> float | None:
        from umpire.rules.mbt.game_book import turret

        return turret(unit)

    def smoke(self, state: GameState) -> tuple[tuple[tuple[float, float], ...], float]:
        from umpire.rules.mbt.game_book import smoke

        return smoke(state)

    def result(self, state: GameState) -> tuple[str, ...]:
        from umpire.rules.mbt.game_book import result

        return result(state)

    def objectives_held(self, state: GameState, side: str) -> list[tuple[str, int]]:
        from umpire.rules.mbt.game_book import objectives_held

        return objectives_held(state, side)

    def setup_zones(self, state: GameState) -> list[tuple[str, tuple[float, float, float, float], str]]:
        from umpire.rules.mbt.game_book import setup_zones

        return setup_zones(state)

    def air_units(self, state: GameState) -> dict[str, AirUnit]:
        """The game's helicopters (20.2), kept by the options' state (:mod:`umpire.turns.mbt.options.air_units`)."""
        from umpire.turns.mbt.options.air_units import air_units

        return air_units(state)

    def end_of_game(self, unit: UnitState) -> dict[str, Any]:
        from umpire.rules.mbt.campaign import end_of_game

        return end_of_game(unit)

    def after_game(self, unit: EndOfGame, game: str, book: CampaignBook, rulings: Rulings, dice: Dice,
                   key: str) -> AfterGame:
        from umpire.rules.mbt.campaign import after_game

        return after_game(unit, game, book, rulings, dice, key)

    def campaign_score(self, state: GameState, by_rules: bool, choice: str,
                       lost: dict[str, list[str]]) -> dict[str, Any] | None:
        from umpire.turns.mbt.victory import campaign_score

        return campaign_score(state, by_rules, choice, lost)

    def campaign_scenario(self, data: dict[str, Any], turns: int) -> None:
        """The schedule's turns; the campaign's forces, not a matchup of 2.3; its helicopters flying (20.2)."""
        from umpire.rules.mbt.campaign import helicopters_aloft

        if data.get("mbt"):
            data["mbt"]["turns"] = turns
            data["mbt"].pop("matchup", None)
            helicopters_aloft(data)

    def check_force_unit(self, type_: str | None, statline: str | None, card: str | None, name: str,
                         field: str) -> None:
        from umpire.rules.mbt.campaign import check_force_unit

        check_force_unit(card, field)

    def place_check(self) -> PlaceCheck | None:
        from umpire.turns.mbt import check_place

        return check_place

    def own_handlers(self) -> dict[str, Handler]:
        from umpire.turns.common import move_action, place_action
        from umpire.turns.mbt import HANDLERS, check_place

        return {"place": place_action(check_place, centres=self.measures_centres), "move": move_action(), **HANDLERS}
