"""The table of a scenario before any game exists: its terrain, its set-up zones and the units it
deploys, as a report the map draws (``umpire map --scenario FILE``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from umpire.core.state import GameState
from umpire.errors import shown
from umpire.registry import checked_initial_state, game_rules, load_scenario
from umpire.reports.views import TurnReport, Zone


def setup_zones(state: GameState) -> tuple[Zone, ...]:
    """Each side's set-up zone, as the scenario's ruleset has them (MBT's ``mbt.setup``: an edge
    and a depth in hexes, 2.4, 2.5); none for a ruleset without."""
    out = []
    for side, (x0, y0, x1, y1), words in game_rules(state.ruleset).setup_zones(state):
        out.append(Zone(side, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), words))
    return tuple(out)


def scenario_report(path: Path) -> TurnReport:
    """The report of ``path``'s table as a game would start on it (every check of ``umpire new``
    made, nothing written). :raises UmpireError: for what ``umpire new`` refuses."""
    from umpire.reports.model import build_report

    scenario = load_scenario(path)
    state = checked_initial_state(scenario, seed=scenario.seed or 0, where=shown(path))
    return dataclasses.replace(build_report(state), zones=setup_zones(state))
