"""``umpire check`` on the smaller files: a calc case, a rating spec, a unit file of stat lines,
an MBT chart or card transcription."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from umpire.errors import UmpireError
from umpire.inputs import Found, Report
from umpire.inputs.shape import shape
from umpire.schema.locate import Locator
from umpire.schema.settle import Settled

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.inputs.kinds import Kind
    from umpire.schema.reader import Marks


def check_case(kind: Kind, data: Any, marks: Marks, where: str, state: GameState | None) -> Report:
    """A case is checked by resolving it, as ``umpire calc`` would (the dice it rolls are not
    shown): every problem its procedure finds (a field, a unit, a stat line) is reported."""
    from umpire.ask.calc import run_case
    from umpire.core.dice import SeededDice

    found = Found(where, Locator(marks, Settled(None, [], data)))
    report = Report(where)
    try:
        answer, _ = run_case(copy.deepcopy(data), dice=SeededDice(0), where=where)
        report.summary = f"a {data.get('procedure')} case ({data.get('ruleset', 'auftragstaktik')})"
        del answer
    except UmpireError as exc:
        found.said("\n".join(line.removeprefix("case: ") for line in str(exc).splitlines()))
    report.findings = found.findings()
    return report


def check_spec(kind: Kind, data: Any, marks: Marks, where: str, state: GameState | None) -> Report:
    """A rating spec (``umpire rate``): its fields, then the rating itself."""
    from umpire.rules.auftragstaktik.data import rulings
    from umpire.rules.auftragstaktik.rating import rate
    from umpire.rules.auftragstaktik.unit_spec import Spec

    inner = isinstance(data, dict) and "spec" in data
    body = data["spec"] if inner else {k: v for k, v in data.items() if k != "name"} if isinstance(data, dict) else data
    local = {p[1:]: m for p, m in marks.items() if p[:1] == ("spec",)} if inner else marks
    settled, found = shape(Spec, body, local, where)
    report = Report(where)
    if settled.model is not None:
        try:
            unit, _ = rate(settled.model, rulings({}), name=str(data.get("name") or ""))
            from umpire.rules.auftragstaktik.statline_format import format_statline

            report.summary = f"rates as {format_statline(unit)}"
        except UmpireError as exc:
            found.said(str(exc))
    report.findings = found.findings()
    return report


def check_units(kind: Kind, data: Any, marks: Marks, where: str, state: GameState | None) -> Report:
    """A unit file: its entries, each one's stat line read and its specifications rated."""
    from umpire.rules.auftragstaktik.data import rulings
    from umpire.rules.auftragstaktik.library import UnitFile
    from umpire.rules.auftragstaktik.rating import rate
    from umpire.rules.auftragstaktik.statline import parse_statline

    settled, found = shape(UnitFile, data, marks, where)
    report = Report(where)
    if settled.model is not None:
        for i, u in enumerate(settled.model.units):
            at = settled.original(("units", i))
            try:
                parse_statline(u.statline, u.name)
            except UmpireError as exc:
                found.at((*at, "statline"), str(exc))
            try:
                rate(u.spec, rulings({}), name=u.name)
            except UmpireError as exc:
                found.at((*at, "spec"), str(exc))
        report.summary = f"{len(settled.model.units)} units"
    report.findings = found.findings()
    return report


def check_mbt_data(kind: Kind, data: Any, marks: Marks, where: str, state: GameState | None) -> Report:
    """A transcription of an MBT chart or card: shape, ranges, and each chart complete."""
    from umpire.rules.mbt.data import model_for
    from umpire.rules.mbt.provenance import ORIGINS, provenance_counts

    report = Report(where)
    try:
        model = model_for(data)
    except UmpireError as exc:
        found = Found(where, Locator(marks, Settled(None, [], data)))
        found.said(str(exc))
        report.findings = found.findings()
        return report
    settled, found = shape(model, data, marks, where)
    if settled.model is not None:
        counts = provenance_counts(settled.model)
        report.summary = ", ".join(f"{counts[k]} {k}" for k in ORIGINS)
    report.findings = found.findings()
    return report
