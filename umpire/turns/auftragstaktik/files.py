"""The Auftragstaktik orders file as ``umpire check`` sees it: told by its battalions, air and
order codes, and, with the game it is for, checked entry by entry against the table.

The turn reads an orders file entry by entry and stops at the first that is wrong; here each
entry (a battalion's order, a unit's orders, a flight's strike) is checked on its own with the
same functions, so every wrong entry is reported in one run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from umpire.errors import UmpireError
from umpire.schema.kinds import FileKind

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.core.state import GameState
    from umpire.schema.locate import Found
    from umpire.schema.settle import Settled

#: The keys of a unit's entry and the order codes only an Auftragstaktik orders file has.
UNIT_KEYS = frozenset({"first", "second", "fire_in", "weapon", "indirect", "entrench", "engineer", "cc_withdraw",
                       "override", "note", "direction"})
ORDER_CODES = frozenset({"NO", "DA", "HA", "TR", "WD"})


class OrdersKind(FileKind):
    name = "orders-auftragstaktik"
    title = "one side's orders for an Auftragstaktik turn"
    command = "umpire turn orders FILE"
    aliases = ("at-orders",)
    orders = True

    def tells(self, data: Mapping[str, Any]) -> int:
        if "side" not in data:
            return 0
        if "battalions" in data or "air" in data:
            return 2
        units = data["units"] if isinstance(data.get("units"), dict) else {}
        for spec in units.values():
            if isinstance(spec, dict) and (set(spec) & UNIT_KEYS or isinstance(spec.get("order"), str) and
                                           spec["order"].strip().upper() in ORDER_CODES):
                return 1
        return 0

    def model(self, data: Any = None) -> type[BaseModel]:
        from umpire.turns.auftragstaktik.orders_file import OrdersFile

        return OrdersFile

    def check(self, model: Any, settled: Settled[Any], data: Any, state: GameState | None, where: str,
              found: Found) -> str:
        if state is not None:
            _against(state, settled.data, where, found)
        return self.orders_summary(model.side, len(model.units) + len(model.battalions))


def _try(found: Found, run: Callable[[], Any]) -> bool:
    try:
        run()
        return True
    except UmpireError as exc:
        found.said(str(exc))
        return False


def _against(state: GameState, data: dict[str, Any], where: str, found: Found) -> None:
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


ORDERS = OrdersKind()
