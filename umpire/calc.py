"""``umpire calc``: one situation described in a case file, resolved without a game.

A case file is YAML with ``procedure`` and ``ruleset`` keys; the rest belongs to the procedure.
This is a public interface: the case formats are documented in the README and tested.

The dispatcher here picks the dice (``dice:`` in the case, ``--roll`` values, the umpire at a
prompt, or seeded random), records every roll, and hands the case to the procedure:

- ``measure`` is answered by the table geometry for any ruleset;
- every other procedure comes from the ruleset's ``calc.PROCEDURES`` table.

A procedure is ``fn(case, dice, odds=bool) -> CalcAnswer``. It validates ``case`` itself
(pydantic, unknown fields rejected) and raises :class:`~umpire.errors.UmpireError` for bad input.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from umpire.core.dice import Dice, GivenDice, RecordingDice, SeededDice
from umpire.core.resolution import Resolution
from umpire.errors import DataError, UmpireError, unknown


@dataclass
class CalcAnswer:
    """What a procedure returns: the resolution, and the exact odds when asked for."""

    resolution: Resolution | None = None
    odds: dict[str, float] | None = None
    data: dict[str, Any] | None = None  # for procedures with no dice (e.g. measure)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.resolution is not None:
            out.update(self.resolution.to_json())
        if self.data is not None:
            out.update(self.data)
        if self.odds is not None:
            out["odds"] = self.odds
        return out


class CalcProcedure(Protocol):
    def __call__(self, case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer: ...


def procedures_for(ruleset: str) -> dict[str, CalcProcedure]:
    from umpire.rules import find_ruleset

    procs: dict[str, CalcProcedure] = {"measure": _measure}
    procs.update(find_ruleset(ruleset).procedures())
    return procs


def run_case(
    case: Any,
    *,
    procedure: str | None = None,
    rolls: Sequence[int] | None = None,
    dice: Dice | None = None,
    odds: bool = False,
    where: str = "case",
) -> tuple[CalcAnswer, RecordingDice]:
    """Resolve one case. ``procedure`` (from the command line) must agree with the file's.

    :raises UmpireError: for an unknown ruleset or procedure, or bad case contents.
    """
    from umpire.rules import find_ruleset

    if not isinstance(case, dict):
        raise DataError(f"{where}: a case is a mapping with 'procedure' and 'ruleset' keys")
    case = dict(case)
    file_proc = case.pop("procedure", None)
    name = procedure or file_proc
    if name is None:
        raise DataError(f"{where}: procedure: missing field (required)")
    if procedure and file_proc and procedure != file_proc:
        raise UmpireError(f"{where}: procedure {file_proc!r} in the file, but {procedure!r} was asked for")
    ruleset = find_ruleset(case.pop("ruleset", "auftragstaktik")).name
    procs = procedures_for(ruleset)
    if name not in procs:
        raise unknown(f"procedure for {ruleset}", name, procs)
    scripted = case.pop("dice", None)
    option = f"{where}: dice"
    if rolls:
        scripted, option = list(rolls), "--roll"
    if scripted is not None:
        if not isinstance(scripted, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in scripted
        ):
            raise DataError(f"{where}: dice: a list of whole numbers (input: {scripted!r})")
        source: Dice = GivenDice(scripted)
    else:
        source = dice if dice is not None else SeededDice()
    recording = RecordingDice(source)
    case["ruleset"] = ruleset
    answer = procs[name](case, recording, odds=odds)
    if isinstance(source, GivenDice):
        source.check_all_used(option)
    return answer, recording


def _measure(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    from umpire.geometry.measure import measure_case

    return CalcAnswer(data=measure_case(case))
