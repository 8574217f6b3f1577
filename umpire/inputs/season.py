"""``umpire check`` on a season file: its shape, its structure (ids, sides, one game a round),
its rulings, every unit's type and every game's setup, in one pass (#26: three typos, one run)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from umpire.inputs import Report
from umpire.inputs.shape import WAITING, shape

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.inputs.kinds import Kind
    from umpire.schema.reader import Marks


def check(kind: Kind, data: Any, marks: Marks, where: str, state: GameState | None) -> Report:
    from umpire.campaign.season import Season, structure_problems
    from umpire.campaign.setup import ruleset_problems

    settled, found = shape(Season, data, marks, where)
    report = Report(where)
    season = settled.model
    if season is None:
        report.notes.append(WAITING.format(what="ruleset's checks (unit types, games)"))
    else:
        structure = structure_problems(season)
        for p in structure:
            found.said(p)
        folder = Path(where).parent if where != "<stdin>" else Path.cwd()
        scenarios, problems = ruleset_problems(season, folder, where, sound=not structure)
        for p in problems:
            found.said(p)
        units = sum(len(p.force.units) for p in season.players)
        report.summary = (f"{season.name} ({season.ruleset}): {len(season.players)} players, {units} units, "
                          f"{len(season.rounds)} rounds, {len(season.games())} games")
    report.findings = found.findings()
    return report
