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

from collections.abc import Mapping
from typing import TYPE_CHECKING

from umpire.errors import DataError, UmpireError, unknown
from umpire.registry.auftragstaktik import Auftragstaktik
from umpire.registry.base import Ruleset
from umpire.registry.mbt import Mbt

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.geometry.facts import Pose
    from umpire.schema.scenario import Scenario

__all__ = ["RULESETS", "Ruleset", "aspect", "find_ruleset", "initial_state", "inside_depth", "scenario_ruleset"]

RULESETS: tuple[Ruleset, ...] = (Auftragstaktik(), Mbt())


def find_ruleset(name: str) -> Ruleset:
    """Return the ruleset called ``name`` (or one of its aliases).

    :raises UmpireError: ``unknown ruleset 'mtb' (did you mean 'mbt'? known: auftragstaktik, mbt)``
    """
    key = str(name).strip().lower()
    for rs in RULESETS:
        if key == rs.name or key in rs.aliases:
            return rs
    raise unknown("ruleset", name, [rs.name for rs in RULESETS])


def scenario_ruleset(scenario: Scenario, where: str = "scenario") -> tuple[Ruleset, Scenario]:
    """The ruleset a scenario names, and the scenario with that ruleset's own name.

    :raises DataError: ``scenario: ruleset: unknown ruleset 'mtb' (did you mean 'mbt'? ...)``
    """
    try:
        rs = find_ruleset(scenario.ruleset)
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


def inside_depth(ruleset: str, rulings: Mapping[str, str], scale: float) -> float | None:
    """How far a stand of ``ruleset`` sees into the wood or town it stands in (for ``measure``)."""
    return find_ruleset(ruleset).inside_depth(rulings, scale)


def aspect(ruleset: str, rulings: Mapping[str, str], firer: Pose, target: Pose) -> str:
    """The aspect of ``target`` seen by ``firer`` under ``ruleset`` and ``rulings`` (for ``measure``)."""
    return find_ruleset(ruleset).aspect(firer, target, rulings)
