"""``umpire check`` on a calc case: resolved as ``umpire calc`` would resolve it."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from umpire.errors import UmpireError
from umpire.inputs import Found, Report
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
    from umpire.registry import default_ruleset

    found = Found(where, Locator(marks, Settled(None, [], data)))
    report = Report(where)
    try:
        answer, _ = run_case(copy.deepcopy(data), dice=SeededDice(0), where=where)
        report.summary = f"a {data.get('procedure')} case ({data.get('ruleset') or default_ruleset().name})"
        del answer
    except UmpireError as exc:
        found.said("\n".join(line.removeprefix("case: ") for line in str(exc).splitlines()))
    report.findings = found.findings()
    return report
