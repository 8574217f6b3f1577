"""``umpire check`` on a scenario: its shape, then its ruleset's checks (unit types, stat lines,
cards, setup zones), its rulings and its terrain's shapes, in one pass."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from umpire.errors import DataError, UmpireError
from umpire.inputs import Report
from umpire.inputs.shape import WAITING, shape

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.inputs.kinds import Kind
    from umpire.schema.reader import Marks


def _terrain_files(data: Any, where: str) -> tuple[Any, dict[tuple[Any, ...], list[int]], list[str]]:
    """The scenario with each ``terrain: [{from: FILE}]`` entry replaced by the pieces the file
    holds (as ``umpire new`` reads it), the place in the scenario of every piece (a file's are at
    its entry), and the problems of the files (an entry that cannot be read is left out)."""
    from umpire.schema.terrain_files import expand_terrain

    terrain = data.get("terrain") if isinstance(data, dict) else None
    if not isinstance(terrain, list) or not any(isinstance(t, dict) and "from" in t for t in terrain):
        return data, {}, []
    folder = Path(where).parent if where != "<stdin>" else Path.cwd()
    pieces: list[Any] = []
    places: list[int] = []
    trouble: list[str] = []
    for i, t in enumerate(terrain):
        if not (isinstance(t, dict) and "from" in t):
            pieces.append(t)
            places.append(i)
            continue
        try:
            got = expand_terrain({"table": data.get("table"), "terrain": [t]}, folder, where)["terrain"]
        except DataError as exc:
            trouble.append(str(exc).replace(f"{where}: terrain[0]", f"{where}: terrain[{i}]", 1))
            continue
        pieces += got
        places += [i] * len(got)
    return {**data, "terrain": pieces}, {("terrain",): places}, trouble


def check(kind: Kind, data: Any, marks: Marks, where: str, state: GameState | None) -> Report:
    from umpire.registry import scenario_model, scenario_ruleset
    from umpire.rules.setup import build_state

    data, places, trouble = _terrain_files(data, where)
    settled, found = shape(scenario_model(data), data, marks, where, places)
    for p in trouble:
        found.said(p)
    report = Report(where)
    scenario = settled.model
    if scenario is None:
        report.notes.append(WAITING.format(what="ruleset's checks (unit types, positions, terrain)"))
        report.findings = found.findings()
        return report
    try:
        rs, scenario = scenario_ruleset(scenario, where)
    except UmpireError as exc:
        found.said(str(exc))
        report.findings = found.findings()
        return report
    problems: list[str] = []
    built = None
    try:
        built = build_state(scenario, rs.scenario_checks(), seed=1, where=where, problems=problems)
    except UmpireError as exc:
        problems.append(str(exc))
    for p in problems:
        found.said(p)
    book = rs.rulings_book()
    for name, choice in scenario.rulings.items():
        try:
            book.select({name: choice})
        except UmpireError as exc:
            found.at(settled.original(("rulings", name)), str(exc))
    if built is not None:
        from umpire.geometry.terrain import check_terrain

        try:
            check_terrain(built)
        except UmpireError as exc:
            found.said(str(exc))
        report.summary = (f"{scenario.name} ({rs.name}): {len(built.sides)} sides, {len(built.units)} units, "
                          f"{len(built.terrain)} terrain pieces, table {built.table.width:g}\" x "
                          f"{built.table.depth:g}\"")
        if settled.stood:
            parts = settled.stood
            said = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
            report.notes.append(f"the rest was checked with a stand-in for its {said}")
        else:
            report.notes.append(f"umpire map --scenario {where} draws it")
    report.findings = found.findings()
    return report
