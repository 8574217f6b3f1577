"""``umpire check`` on a scenario: its shape, then its ruleset's checks (unit types, stat lines,
cards, setup zones), its rulings and its terrain's shapes, in one pass."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.errors import UmpireError
from umpire.inputs import Report
from umpire.inputs.shape import WAITING, shape
from umpire.schema.scenario import Scenario

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.inputs.kinds import Kind
    from umpire.schema.reader import Marks


def check(kind: Kind, data: Any, marks: Marks, where: str, state: GameState | None) -> Report:
    from umpire.registry import scenario_ruleset
    from umpire.rules.setup import build_state

    settled, found = shape(Scenario, data, marks, where)
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
        report.notes.append(f"umpire map --scenario {where} draws it")
    report.findings = found.findings()
    return report
