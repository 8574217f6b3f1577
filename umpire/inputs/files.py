"""``umpire check`` on a file of a ruleset's own kind (its orders, a unit file, a transcription of
its data): its shape, then the kind's own checks; an orders file, with the game it is for, is
checked against the table too (the kind's checks do that: units of the side, targets, moves).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.errors import UmpireError, unknown
from umpire.inputs import Found, Report
from umpire.inputs.shape import shape
from umpire.schema.locate import Locator
from umpire.schema.settle import Settled

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.inputs.kinds import Kind
    from umpire.schema.reader import Marks
    from umpire.turns.readers import Readers


def _side_of_units(body: Any, state: GameState | None) -> str | None:
    """The one side of the game whose units an orders file names, when its ``side:`` is missing
    or not a side of the game (None: no game, or the file names units of no side or of two)."""
    if state is None or not isinstance(body, dict) or body.get("side") in {s.id for s in state.sides}:
        return None
    units = body.get("units")
    sides = {state.units[u].side for u in units if u in state.units} if isinstance(units, dict) else set()
    return sides.pop() if len(sides) == 1 else None


def check(kind: Kind, data: Any, marks: Marks, where: str, state: GameState | None,
          readers: Readers | None = None) -> Report:
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
    # no side given, or one the game has not: the side whose units it names stands in, its own
    # problem said; read by that side's reader, never another's (a page's reader is its side's)
    side = _side_of_units(body, state) if kind.orders else None
    if side is not None and readers is not None and readers(side).side != side:
        side = None
    if side is not None:
        given = body.get("side") if isinstance(body, dict) else None
        if given is not None and settled.model is not None:  # a side the game has not: said here

            assert state is not None
            found.at(("side",), str(unknown("side", given, state.side_ids())))
        body = {**body, "side": side}
        settled = shape(model, body, local, where)[0]
        report.notes.append(f"checked as side {side}'s orders, the side of the units it names")
    reader, unread = None, list[str]()
    if kind.orders and readers is not None and state is not None and state.ruleset == kind.ruleset:
        from umpire.turns.readers import side_words

        # the side's file: what it names of the enemy is turned into the umpire's words for the
        # checks against the game (an entry naming what the side does not know is told, and left
        # out of them); its shape was told above, as written
        words, reader = side_words(body, state, where, readers, unread)
        settled = shape(model, words, local, where)[0]
    if kind.orders:
        if state is None:
            report.notes.append("checked as written; against a game too (units, targets, moves): "
                                f"umpire --db GAME check {where}")
        elif state.ruleset != kind.ruleset:
            found.said(f"{where}: these are {kind.ruleset} orders; the game is {state.ruleset}")
            game = None
    if settled.model is not None:
        before = len(found.items)
        report.summary = file.check(settled.model, settled, data, game, where, found)
        if reader is not None:  # what the checks said of the enemy units it named, in its words
            found.items[before:] = [(mark, reader.told(text)) for mark, text in found.items[before:]]
        if kind.orders and game is not None:
            from umpire.reports.words import phase_name

            report.notes.append(f"checked against the game: turn {game.turn}, {phase_name(game.ruleset, game.phase)}")
    for problem in unread:  # the reader's own refusals: in its words already
        found.said(problem)
    report.findings = found.findings()
    return report
