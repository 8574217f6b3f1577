"""``umpire check`` on an orders file of either ruleset: its shape, then, with the game it is
for, every entry against the table (units of the side, targets, moves, HQ orders...).

The turn reads an orders file entry by entry and stops at the first that is wrong; here each
entry (a battalion's order, a unit's orders, a flight's strike) is checked on its own with the
same functions, so every wrong entry is reported in one run, and what the entries do together
(two models ending a move in one hex) once each is right. An MBT plan's entries depend on one
another (a carrier loads a squad with its own orders), so it is checked whole, again and again,
each time without the entry found wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from umpire.errors import UmpireError, shown
from umpire.inputs import Found, Report
from umpire.inputs.shape import shape

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.inputs.kinds import Kind
    from umpire.schema.reader import Marks

RULESET = {"orders-auftragstaktik": "auftragstaktik", "orders-mbt": "mbt", "orders-mbt-advanced": "mbt"}


def check(kind: Kind, data: Any, marks: Marks, where: str, state: GameState | None) -> Report:
    from umpire.inputs.kinds import root_models

    settled, found = shape(root_models()[kind.name], data, marks, where)
    report = Report(where)
    if state is None:
        report.notes.append("checked as written; against a game too (units, targets, moves): "
                            f"umpire --db GAME check {where}")
    elif state.ruleset != RULESET[kind.name]:
        found.said(f"{where}: these are {RULESET[kind.name]} orders; the game is {state.ruleset}")
    elif settled.model is not None:
        if kind.name == "orders-auftragstaktik":
            _auftragstaktik(state, settled.data, where, found)
        else:
            _mbt(kind.name, state, settled.model, where, found)
        from umpire.reports.words import phase_name

        report.notes.append(f"checked against the game: turn {state.turn}, {phase_name(state.ruleset, state.phase)}")
    if settled.model is not None:
        n = len(getattr(settled.model, "units", {})) + len(getattr(settled.model, "battalions", {}))
        side = getattr(settled.model, "side", "")
        report.summary = f"{kind.title}: side {side}, {n} entr{'y' if n == 1 else 'ies'}"
    report.findings = found.findings()
    return report


def _try(found: Found, run: Callable[[], Any]) -> bool:
    try:
        run()
        return True
    except UmpireError as exc:
        found.said(str(exc))
        return False


def _auftragstaktik(state: GameState, data: dict[str, Any], where: str, found: Found) -> None:
    from umpire.turns.auftragstaktik.orders_file import check_moves, check_payload

    base: dict[str, Any] = {k: data[k] for k in ("side", "turn") if k in data}

    def entry(**part: Any) -> Callable[[], Any]:
        return lambda: check_payload(state, {**base, **part}, where)

    if not _try(found, entry()):
        return  # a side or turn that is wrong makes every entry wrong
    battalions: dict[str, Any] = {}
    for bid, b in (data.get("battalions") or {}).items():
        if _try(found, entry(battalions={bid: b})):
            battalions[bid] = b
    for uid, u in (data.get("units") or {}).items():
        unit = entry(battalions=battalions, units={uid: u})
        _try(found, lambda unit=unit: check_moves(state, unit(), where))  # type: ignore[misc]
    for fid, a in (data.get("air") or {}).items():
        _try(found, entry(air={fid: a}))


def _mbt(kind: str, state: GameState, model: Any, where: str, found: Found) -> None:
    if kind == "orders-mbt-advanced":
        from umpire.turns.mbt.advanced.plan import check as check_plan
        from umpire.turns.mbt.advanced.plan import payload_of as advanced_payload

        payload, run = advanced_payload(model, shown(where)), check_plan
    else:
        from umpire.turns.mbt.orders_file import check as check_basic
        from umpire.turns.mbt.orders_file import payload_of as basic_payload

        payload, run = basic_payload(model, shown(where)), check_basic
    units = dict(payload["units"])
    for _ in range(len(units) + 1):
        entry = {**payload, "units": units, "sequence": [u for u in payload["sequence"] if u in units]}
        try:
            run(entry, state, where)
            return
        except UmpireError as exc:
            found.said(str(exc))
            wrong = _entry_of(str(exc), where, units)
            if wrong is None:
                return  # the file as a whole (its side, the game's phase): nothing more to learn
            del units[wrong]  # the others are checked without it, so that each is told once


def _entry_of(message: str, where: str, units: dict[str, Any]) -> str | None:
    """The unit whose entry ``message`` is about (``where: units.UID...``)."""
    for uid in sorted(units, key=len, reverse=True):
        head = f"{where}: units.{uid}"
        if message.startswith(head) and message[len(head):len(head) + 1] in (".", ":"):
            return uid
    return None
