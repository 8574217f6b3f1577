"""``umpire check`` on a file of a ruleset's own kind (its orders, a unit file, a transcription of
its data): its shape, then the kind's own checks; an orders file, with the game it is for, is
checked against the table too (the kind's checks do that: units of the side, targets, moves).
"""

from __future__ import annotations

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


def check(kind: Kind, data: Any, marks: Marks, where: str, state: GameState | None) -> Report:
    file = kind.file
    assert file is not None
    report = Report(where)
    try:
        model = file.model(data)
    except UmpireError as exc:  # the file does not say which of the kind's models it is
        found = Found(where, Locator(marks, Settled(None, [], data)))
        found.said(str(exc))
        report.findings = found.findings()
        return report
    at, body = file.part(data)
    local = {p[len(at):]: m for p, m in marks.items() if p[:len(at)] == at} if at else marks
    settled, found = shape(model, body, local, where)
    game = state
    if kind.orders:
        if state is None:
            report.notes.append("checked as written; against a game too (units, targets, moves): "
                                f"umpire --db GAME check {where}")
        elif state.ruleset != kind.ruleset:
            found.said(f"{where}: these are {kind.ruleset} orders; the game is {state.ruleset}")
            game = None
    if settled.model is not None:
        report.summary = file.check(settled.model, settled, data, game, where, found)
        if kind.orders and game is not None:
            from umpire.reports.words import phase_name

            report.notes.append(f"checked against the game: turn {game.turn}, {phase_name(game.ruleset, game.phase)}")
    report.findings = found.findings()
    return report
