"""The rulesets umpire plays, one object each, found by name or alias (like ``chess.variant``).

A :class:`Ruleset` owns everything its ruleset contributes: the ``umpire calc`` procedures and
their case models, the event handlers of its games (its own actions, and ``place``/``move``
with its checks), its turn view and orders reader, its scenario checks, its rulings book and
its campaign rules. The engine, the reports, the calc dispatcher and the campaign ask the
game's ruleset object; nothing registers itself by being imported.

The registry sits above the turn sequences (``umpire.turns``) and the pure rules
(``umpire.rules``) because it ties the two together: its imports point down, and each part is
imported only when first asked for. Code lives in ``umpire/rules/<name>/`` and
``umpire/turns/<name>/``; the numbers live in the top-level ``rulesets/<name>/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from umpire.errors import DataError, UmpireError, shown, unknown
from umpire.registry.auftragstaktik import Auftragstaktik
from umpire.registry.base import (
    Campaigns,
    DataFiles,
    Measuring,
    QuickAnswers,
    Reporting,
    Ruleset,
    Telling,
    TrackedGame,
    Variant,
)
from umpire.registry.mbt import Mbt

if TYPE_CHECKING:
    from umpire.core.state import GameState, Terrain
    from umpire.schema.kinds import FileKind
    from umpire.schema.scenario import Scenario
    from umpire.turns.ending import GameOver

__all__ = ["RULESETS", "Campaigns", "DataFiles", "Measuring", "QuickAnswers", "Reporting", "Ruleset", "Telling",
           "TrackedGame", "Variant", "answering", "campaign_rules", "default_ruleset", "file_kinds", "find_ruleset",
           "game_over", "game_rules", "initial_state", "load_scenario", "measuring", "scenario_from_data",
           "scenario_model", "scenario_ruleset", "telling"]

#: The bundled rulesets, in the order a procedure several have is looked for (the first is the
#: ruleset of a case that names none).
RULESETS: tuple[Ruleset, ...] = (Auftragstaktik(), Mbt())


def default_ruleset() -> Ruleset:
    """The ruleset of a question or a case that names none: the registry's first."""
    return RULESETS[0]


def find_ruleset(name: str) -> Ruleset:
    """Return the ruleset called ``name`` (or one of its aliases).

    :raises UmpireError: ``unknown ruleset 'mtb' (did you mean 'mbt'? known: auftragstaktik, mbt)``
    """
    key = str(name).strip().lower()
    for rs in RULESETS:
        if key == rs.name or key in rs.aliases:
            return rs
    raise unknown("ruleset", name, [rs.name for rs in RULESETS])


def game_rules(name: str) -> TrackedGame:
    """The ruleset called ``name``, which must play a game turn by turn (:class:`TrackedGame`).

    :raises UmpireError: for an unknown ruleset, or one umpire plays no game of.
    """
    rs = find_ruleset(name)
    if not isinstance(rs, TrackedGame):
        raise UmpireError(f"umpire plays no game of {rs.name} turn by turn (it answers questions: umpire calc)")
    return rs


def campaign_rules(name: str) -> Campaigns:
    """The ruleset called ``name``, which must have campaign rules (:class:`Campaigns`) and play its
    games turn by turn.

    :raises UmpireError: for an unknown ruleset, or one with no campaigns.
    """
    rs = game_rules(name)
    if not isinstance(rs, Campaigns):
        raise UmpireError(f"{rs.name} has no campaign rules (a season of it cannot be played)")
    return rs


def measuring(name: str) -> Measuring:
    """The ruleset called ``name``, which must say how it measures (:class:`Measuring`).

    :raises UmpireError: for an unknown ruleset, or one that measures nothing on a table.
    """
    rs = find_ruleset(name)
    if not isinstance(rs, Measuring):
        raise UmpireError(f"{rs.name} measures nothing on a table")
    return rs


def answering() -> list[QuickAnswers]:
    """The rulesets that answer questions (``umpire calc``), in the registry's order."""
    return [rs for rs in RULESETS if isinstance(rs, QuickAnswers)]


def file_kinds(rs: Ruleset) -> tuple[FileKind, ...]:
    """The kinds of file ``rs`` reads of its own (none if it leaves :class:`DataFiles` out)."""
    return rs.file_kinds() if isinstance(rs, DataFiles) else ()


def scenario_model(data: Any) -> type[Scenario]:
    """The model a scenario's ``data`` is read with: its ruleset's (the generic scenario for a
    ruleset umpire does not know: its other problems are still found, and :func:`scenario_ruleset`
    names the ruleset)."""
    from umpire.schema.scenario import Scenario

    name = data.get("ruleset") if isinstance(data, dict) else None
    try:
        return game_rules(name).scenario_model() if isinstance(name, str) else Scenario
    except UmpireError:
        return Scenario


def load_scenario(path: Path) -> Scenario:
    """Read and validate a scenario file with its ruleset's model.

    :raises DataError: naming the file, the field and the value (an unknown ruleset first).
    """
    from umpire.schema.terrain_files import read_scenario

    return scenario_from_data(read_scenario(path), shown(path))


def scenario_from_data(data: Any, where: str) -> Scenario:
    """``data`` validated with its ruleset's scenario model (:func:`scenario_model`).

    :raises DataError: naming ``where``, the field and the value (an unknown ruleset first).
    """
    from umpire.schema.scenario import scenario_from_data as validated

    name = data.get("ruleset") if isinstance(data, dict) else None
    if isinstance(name, str):
        try:
            find_ruleset(name)
        except UmpireError as exc:
            raise DataError(f"{where}: ruleset: {exc}") from None
    return validated(data, where, scenario_model)


def scenario_ruleset(scenario: Scenario, where: str = "scenario") -> tuple[TrackedGame, Scenario]:
    """The ruleset a scenario names, and the scenario with that ruleset's own name.

    :raises DataError: ``scenario: ruleset: unknown ruleset 'mtb' (did you mean 'mbt'? ...)``
    """
    try:
        rs = game_rules(scenario.ruleset)
    except UmpireError as exc:
        raise DataError(f"{where}: ruleset: {exc}") from None
    if scenario.ruleset != rs.name:
        scenario = scenario.model_copy(update={"ruleset": rs.name})
    return rs, scenario


def initial_state(scenario: Scenario, *, seed: int, where: str = "scenario") -> GameState:
    """The state at the start of a game, checked by the scenario's ruleset.

    :raises DataError: for an unknown ruleset, duplicate ids, positions off the table, unknown
        unit types or cards, and whatever else the ruleset refuses (every problem, one a line).
    """
    from umpire.rules.setup import initial_state as build

    rs, scenario = scenario_ruleset(scenario, where)
    return build(scenario, rs.scenario_checks(), seed=seed, where=where)


def initial_state_on(scenario: Scenario, terrain: Terrain, *, seed: int, where: str = "scenario") -> GameState | None:
    """The state at the start of a game whose terrain is ``terrain`` (a game's, as stored when it
    was made from this scenario and checked then), built from ``scenario`` given without its
    terrain pieces (a table may hold thousands: they are not read again). None if a check of the
    ruleset finds a problem without them (one that reads the terrain: an objective's piece, a fire
    in a building) or any other: build it from the whole scenario (:func:`initial_state`)."""
    from umpire.rules.setup import build_state

    rs, scenario = scenario_ruleset(scenario, where)
    problems: list[str] = []
    state = build_state(scenario, rs.scenario_checks(), seed=seed, where=where, problems=problems)
    if problems:
        return None
    state.terrain = terrain
    return state


def checked_initial_state(scenario: Scenario, *, seed: int, where: str = "scenario") -> GameState:
    """:func:`initial_state`, with every check ``umpire new`` makes before it writes a game: the
    scenario's rulings are the ruleset's, its terrain's shapes and types valid.

    :raises UmpireError: for the first problem (the scenario's own problems: every one).
    """
    from umpire.geometry.terrain import check_terrain

    state = initial_state(scenario, seed=seed, where=where)
    if state.rulings:
        find_ruleset(state.ruleset).rulings_book().select(state.rulings)
    check_terrain(state)
    return state


def telling(ruleset: str) -> Telling:
    """How the reports tell a game of ``ruleset`` (the plain words for a ruleset umpire does
    not know: a report of such a file still renders)."""
    try:
        return game_rules(ruleset).telling
    except UmpireError:
        return Telling()


def game_over(state: GameState) -> GameOver | None:
    """How ``state``'s game ended (the umpire, its rules or its turn limit), or None while it goes on."""
    from umpire.turns.ending import game_over as over

    return over(state, game_rules(state.ruleset).over)
