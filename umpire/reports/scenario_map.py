"""The table of a scenario before any game exists: its terrain, its set-up zones and the units it
deploys, as a report the map draws (``umpire map --scenario FILE``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from umpire.core.state import GameState
from umpire.reports.views import TurnReport, Zone


def setup_zones(state: GameState) -> tuple[Zone, ...]:
    """Each side's set-up zone of an MBT scenario (``mbt.setup``: an edge and a depth in hexes,
    2.4, 2.5, converted by the scenario's scale, 23.3.2.1); none for other scenarios."""
    spec: Any = state.extra.get("mbt") or {}
    setup, scale = spec.get("setup") or {}, float(spec.get("scale") or 1.0)
    w, d = state.table.width, state.table.depth
    out = []
    for side, zone in sorted(setup.items()):
        deep = min(float(zone["depth"]) * scale, w if zone["edge"] in ("left", "right") else d)
        x0, y0, x1, y1 = {"left": (0, 0, deep, d), "right": (w - deep, 0, w, d),
                          "near": (0, 0, w, deep), "far": (0, d - deep, w, d)}[zone["edge"]]
        out.append(Zone(side, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)),
                        f"{side} sets up within {deep:g}\" of the {zone['edge']} edge (2.5)"))
    return tuple(out)


def scenario_report(path: Path) -> TurnReport:
    """The report of ``path``'s table as a game would start on it (every check of ``umpire new``
    made, nothing written). :raises UmpireError: for what ``umpire new`` refuses."""
    from umpire.errors import shown
    from umpire.registry import checked_initial_state
    from umpire.reports.model import build_report
    from umpire.schema.scenario import load_scenario

    scenario = load_scenario(path)
    state = checked_initial_state(scenario, seed=scenario.seed or 0, where=shown(path))
    return dataclasses.replace(build_report(state), zones=setup_zones(state))
