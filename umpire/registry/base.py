"""What a ruleset gives umpire: a small core every ruleset has, and the protocols it implements or
leaves out, each documented here once.

A ruleset is one class, listed once in :data:`umpire.registry.RULESETS`. It subclasses
:class:`Ruleset` and the protocols of what it plays::

    class Skirmish(QuickAnswers, TrackedGame, Campaigns, DataFiles): ...

============================  ===============================================  =====================
protocol                      what it gives                                    leave it out and
============================  ===============================================  =====================
:class:`Ruleset` (required)   name, title, aliases; its data folder and book   (every ruleset has it)
:class:`QuickAnswers`         ``umpire calc`` procedures, look-ups of names    it answers no question
:class:`Measuring`            how a range and an aspect are taken              ``calc measure`` refuses it
:class:`TrackedGame`          a game turn by turn: scenario, turn, handlers    ``umpire new`` refuses it
:class:`Reporting`            the words of its reports, what they draw         plain words, nothing drawn
:class:`Campaigns`            what becomes of units between games, its score   a season of it is refused
:class:`DataFiles`            its own kinds of file, its data's provenance     the shared kinds only
============================  ===============================================  =====================

A :class:`TrackedGame` is also :class:`Measuring` (its turn measures) and :class:`Reporting`
(its games are reported); :class:`Campaigns` asks for a :class:`TrackedGame` too (a season is
of tracked games). In each protocol the
abstract methods are what implementing it asks; the others have a default here, which a ruleset
overrides where it differs. Generic code (the engine, the reports, the geometry, the campaign,
the calc dispatcher) never asks a ruleset's name: it asks the ruleset object, through the
accessors of :mod:`umpire.registry` (``game_rules``, ``campaign_rules``...), which say in one
line what a ruleset that leaves a protocol out cannot do. The parts (procedures, handlers, the
turn, scenario checks, books) are imported when first asked for, so naming a ruleset costs
nothing of its turn sequence.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from umpire.errors import UmpireError

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.core.dice import Dice
    from umpire.core.rulings import RulingBook, Rulings
    from umpire.core.state import AirUnit, GameState, OwnModels, UnitState
    from umpire.geometry.facts import Pose
    from umpire.rules.answer import CalcProcedure
    from umpire.rules.campaign_book import AfterGame, CampaignBook, EndOfGame
    from umpire.rules.setup import ScenarioChecks
    from umpire.schema.kinds import FileKind
    from umpire.schema.scenario import Scenario
    from umpire.turns import TurnRules
    from umpire.turns.common import Handler, PlaceCheck


@dataclass(frozen=True)
class Telling:
    """How a ruleset's reports tell a game, asked by the generic reports (never by its name)."""

    #: the verb a side's sighting of enemy units is told with
    seen_verb: str = "spotted"
    #: what a briefing's first line says its side saw enemy units by
    seen_how: str = "spotted"
    #: why a stand did not fire, said to a side that never saw the target
    target_unseen: str = "its target is not spotted"
    #: a side knows an enemy unit by a contact label at an identification level (full, type,
    #: fired); below full identity it reads no table cell and no die that sums the enemy's card.
    #: Else it knows the unit by its id once it has seen it.
    levels: bool = False
    #: a shot's weapon is the firer's own ("fired its HW"), not the name of a weapon on a card
    own_weapon: bool = False
    #: a shot's result is told hit by hit (where it struck, what it did), close combat by the
    #: rule's outcome; else by the hits it scored
    hit_by_hit: bool = False
    #: by kind of fact, the modifiers that tell a side what it cannot know of the enemy
    enemy_facts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: how a unit's orders read: moves by movement phase (``phases``, Auftragstaktik's orders
    #: file) or a written plan of a move, a pivot and fire entries (``plan``, MBT 24.3.2)
    orders: Literal["phases", "plan"] = "phases"
    #: every game records its sightings in the log (else a game with none recorded takes what
    #: each side saw from the units' ``spotted_by``)
    sightings_in_log: bool = False


@dataclass(frozen=True)
class Variant:
    """One game of a ruleset played by its own rules (e.g. a Basic and an Advanced Game)."""

    name: str
    title: str


class Ruleset(ABC):
    """Every ruleset: its names, and where its data and its book of rulings are. Required."""

    #: its name (a game file and a case name it), a title, the other names it is found by
    name: str
    title: str
    aliases: tuple[str, ...]

    def folder(self) -> Path:
        """Where its data lives (``rulesets/<name>/``)."""
        from umpire.resources import ruleset_dir

        return ruleset_dir(self.name)

    def rulings_book(self) -> RulingBook:
        """Every named ruling of this ruleset (``rulings.yaml`` in its folder), validated."""
        from umpire.core.rulings import RulingBook
        from umpire.schema.load import cached_model

        book = cached_model(RulingBook, self.folder() / "rulings.yaml")
        assert isinstance(book, RulingBook)
        return book

    def __repr__(self) -> str:
        return f"<ruleset {self.name}>"


class QuickAnswers(Ruleset):
    """The quick answer (``umpire calc``, ``umpire session``): its procedures and their cases,
    and the names a question may use. Left out: the ruleset answers no question."""

    #: the games its quick answers may be asked under (empty: it has one), the one a case naming
    #: none takes, and the environment variable and config file key a user chooses one with
    variants: tuple[Variant, ...] = ()
    default_variant: str = ""
    variant_setting: tuple[str, str] = ("", "")

    @abstractmethod
    def procedures(self) -> dict[str, CalcProcedure]:
        """The ``umpire calc`` procedures this ruleset offers, by name."""

    @abstractmethod
    def case_models(self) -> dict[str, type[BaseModel]]:
        """The case model of each ``umpire calc`` procedure (for ``umpire calc fields``)."""

    def read_name(self, text: str) -> tuple[str, bool] | None:
        """The unit or card ``text`` names, as an answer shows it, and whether ``text`` was that
        name as such (not an alias, a nickname or a short form); None if it names none."""
        return None

    def unit_rows(self) -> list[dict[str, Any]]:
        """Its units as ``umpire units`` lists them (``ruleset``, ``name``, ``aliases``, ...)."""
        return []

    def card_rows(self) -> list[dict[str, Any]]:
        """Its data cards as ``umpire cards`` lists them (``ruleset``, ``id``, ``name``, ...)."""
        return []

    def warm_up(self) -> None:
        """Read the tables its answers use, so that a session's first question is as quick as
        the rest."""
        return None


class Measuring(Ruleset):
    """How a range and an aspect are taken on the table (``calc measure``, sight lines, every
    shot of a tracked game). Left out: ``calc measure`` refuses the ruleset."""

    #: ranges are measured centre to centre (else edge to edge), and how ``measure`` says so
    measures_centres: bool = False
    range_is: str = "edge to edge (nearest points of the bases)"

    @abstractmethod
    def inside_depth(self, rulings: Mapping[str, str], scale: float) -> float | None:
        """How far a stand sees through the wood or town it stands in (None: not at all)."""

    @abstractmethod
    def aspect(self, firer: Pose, target: Pose, rulings: Mapping[str, str]) -> str:
        """The aspect of ``target`` as ``firer`` sees it (for ``measure``), by the same rule the
        ruleset's fire takes it by; ``rulings`` are the choices that differ from the defaults."""


class Reporting(Ruleset):
    """What the reports tell of a game and draw of its state. Every hook has a default (plain
    words, nothing of the ruleset's own drawn); a :class:`TrackedGame` is one."""

    #: the words of its reports
    telling: Telling = Telling()

    def identity(self, card: str) -> tuple[str, str, str, str] | None:
        """(nationality, size, name, the name as a side is told it) of a unit's data card as a
        sighting tells them (None: the ruleset has no cards)."""
        return None

    def data_card(self, card: str) -> Any:
        """A unit's data card as the roster prints it.

        :raises UmpireError: the ruleset has no cards, or no card ``card``.
        """
        raise UmpireError(f"card: {self.name} has no data cards (got {card!r})")

    def turret(self, unit: UnitState) -> float | None:
        """The facing of a unit's turret, drawn on the map (None: it has none of its own)."""
        return None

    def smoke(self, state: GameState) -> tuple[tuple[tuple[float, float], ...], float]:
        """Where smoke stands on the table now, and the radius of a cloud (inches)."""
        return (), 0.5

    def result(self, state: GameState) -> tuple[str, ...]:
        """The game's result as its rules declared it (the reason first), if they have."""
        return ()

    def objectives_held(self, state: GameState, side: str) -> list[tuple[str, int]]:
        """The objectives ``side`` holds now by the rules' count, with their points."""
        return []

    def setup_zones(self, state: GameState) -> list[tuple[str, tuple[float, float, float, float], str]]:
        """Each side's set-up zone: the side, the rectangle (x0, y0, x1, y1) and its words."""
        return []

    def air_units(self, state: GameState) -> dict[str, AirUnit]:
        """The units of the table its own state keeps apart from the game's units because they fly
        (MBT's helicopters, 20.2): each as a unit the reports show (card, where, status) with its
        altitude state. The turn's ground loops never see them; the reports, status, the roster,
        the map, the loss tables and a campaign's losses do. None by default."""
        return {}


class TrackedGame(Measuring, Reporting):
    """A game tracked turn by turn (``umpire new``, ``turn``, ``phase``, ``serve``): what a
    scenario of it holds, its phases, its turn, the handlers of its actions. Left out: no game
    of the ruleset is made."""

    #: the phases (beside a turn's first) in which the sides' orders are in and the umpire has
    #: not yet played them on (a players' page tells a side its orders are in)
    orders_phases: tuple[str, ...] = ()

    @abstractmethod
    def scenario_checks(self) -> ScenarioChecks:
        """What this ruleset checks and adds when a scenario becomes a game."""

    @abstractmethod
    def phase_names(self) -> dict[str, str]:
        """Each phase of a turn by its id, in order, with the name its rulebook gives it."""

    @abstractmethod
    def turn(self) -> TurnRules:
        """Where a game's turn stands (``view``) and how a side's orders file is read."""

    @abstractmethod
    def own_handlers(self) -> dict[str, Handler]:
        """The handlers of this ruleset's own actions, and the generic ones with its checks
        (``place``, ``move``: :func:`umpire.turns.common.place_action`, ``move_action``)."""

    def scenario_model(self) -> type[Scenario]:
        """The model its scenario files are read with: the generic scenario and its own blocks."""
        from umpire.schema.scenario import Scenario

        return Scenario

    def own_models(self) -> OwnModels:
        """The models of what it keeps of a game and of a unit beyond the generic state
        (``umpire/rules/<name>/state.py``): a stored game of this ruleset is read back with them.
        None of its own: a game and a unit keep nothing more."""
        from umpire.core.state import OwnModels

        return OwnModels()

    def over(self, state: GameState) -> str | None:
        """Why the rules ended ``state``'s game, or None while they have not."""
        return None

    def players(self, state: GameState) -> dict[str, dict[str, tuple[str, ...]]]:
        """Side -> player -> the units that player commands, where a game has several players a
        side (each player's briefing is composed from what his own units saw); empty otherwise."""
        return {}

    def table_case(self, state: GameState) -> dict[str, Any]:
        """What a quick answer asked on ``state``'s table takes from the game (its fields by name)."""
        return {}

    def place_check(self) -> PlaceCheck | None:
        """Where a unit may be put by hand, beyond the table's edges (``place``, and a photo's
        reading applied): None, anywhere on the table."""
        return None

    @cached_property
    def handlers(self) -> dict[str, Handler]:
        """Every action a game of this ruleset takes, by event kind: the turn's own, with
        ``place``, ``move``, ``end`` and ``table_read`` (a photo's reading applied). The engine
        makes and replays events only through these."""
        from umpire.turns import ending, reading

        return {"end": ending.end_action(self.over), reading.KIND: reading.reading_action(self.place_check()),
                **self.own_handlers()}

    @cached_property
    def phases(self) -> dict[str, str]:
        """:meth:`phase_names`, read once."""
        return self.phase_names()

    def phase_name(self, phase: str) -> str:
        """The rulebook's name of ``phase`` (``setup`` is the first phase of turn 1)."""
        names = self.phases
        if phase == "setup":
            phase = next(iter(names), phase)
        return names.get(phase, phase)


class Campaigns(Ruleset):
    """A season of tracked games (``umpire campaign``; the ruleset is a :class:`TrackedGame`
    too): what becomes of a unit between games, how a game is scored and fitted to the schedule.
    Every hook has a default (losses carried, the book's score); its rules are ``campaign.yaml``
    in its folder. Left out: a season of it is refused."""

    #: the statuses that mean a unit is lost at the end of a game
    lost_statuses: tuple[str, ...] = ("eliminated",)
    #: at least this many inches between stand centres when a campaign lays out a force
    campaign_gap: float = 1.0
    #: a campaign's schedule ends a game after its turns (else the ruleset's own end does)
    campaign_turn_limit: bool = True
    #: how a game not yet finished is told to be finished, and how a game the rules ended is told
    unfinished: str = "play its last turn or end it"
    ended_by_rules: str = "by the rules"

    def campaign_book(self) -> CampaignBook:
        """This ruleset's campaign rules (``campaign.yaml`` in its folder).

        :raises UmpireError: if it has none, or the file is not valid.
        """
        from umpire.rules.campaign_book import load_campaign_book

        return load_campaign_book(self.folder() / "campaign.yaml", self.name)

    def end_of_game(self, unit: UnitState) -> dict[str, Any]:
        """What a campaign keeps of a unit's damage at the end of a game (``damage``, ``destroyed``)."""
        return {"damage": [], "destroyed": None}

    def after_game(self, unit: EndOfGame, game: str, book: CampaignBook, rulings: Rulings, dice: Dice,
                   key: str) -> AfterGame:
        """What becomes of a unit between games: lost if its status is, else back as it ended."""
        from umpire.rules.campaign_book import AfterGame

        if unit.status in self.lost_statuses:
            return AfterGame(lost=f"{unit.status} in {game}")
        return AfterGame(hits=unit.hits, damage=list(unit.damage), quality=unit.quality)

    def campaign_score(self, state: GameState, by_rules: bool, choice: str,
                       lost: dict[str, list[str]]) -> dict[str, Any] | None:
        """The game's result by the ruleset's own victory rules (``winner``, ``points``,
        ``reason``, ``lines``, ``objectives``) under ruling ``campaign.result`` = ``choice``;
        None: the campaign scores losses and objectives by its book."""
        return None

    def campaign_scenario(self, data: dict[str, Any], turns: int) -> None:
        """Fit the scenario ``data`` a campaign game is built on to its schedule (``turns``)."""
        return None

    def check_force_unit(self, type_: str | None, statline: str | None, card: str | None, name: str,
                         field: str) -> None:
        """A season's force unit names what the ruleset has. :raises UmpireError: naming ``field``."""
        return None


class DataFiles(Ruleset):
    """Its own kinds of file (``umpire check``, ``umpire formats``) and where its data's values
    come from (``umpire data status``). Left out: only the kinds every ruleset shares (a
    scenario, a calc case, a season) are read for it, and its data counts nothing."""

    def file_kinds(self) -> tuple[FileKind, ...]:
        """The kinds of file it reads beside a scenario, a calc case and a season (its orders
        files, its unit files...), as ``umpire check`` and ``umpire formats`` see them."""
        return ()

    def provenance(self) -> list[tuple[str, dict[str, int]]]:
        """Per chart and card of its data, how many values come from each source (``umpire data
        status``); empty: its data does not record where each value comes from."""
        return []
