"""Skirmish's orders file as ``umpire check`` sees it: ``side:`` and, for each of its stands,
the enemy stand it shoots at; against the game, every name checked by the turn's own check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from umpire.core.state import GameState
from umpire.errors import UmpireError
from umpire.schema.kinds import FileKind
from umpire.schema.locate import Found
from umpire.schema.settle import Settled


class SkirmishOrders(BaseModel):
    model_config = ConfigDict(extra="forbid")

    side: str = Field(description="the side whose orders these are")
    units: dict[str, str] = Field(default_factory=dict, description="each stand of the side: the enemy stand it "
                                  "shoots at")


class OrdersKind(FileKind):
    name = "orders-skirmish"
    title = "one side's orders for a Skirmish turn"
    command = "umpire turn orders FILE"
    orders = True

    def tells(self, data: Mapping[str, Any]) -> int:
        units = data.get("units")
        return 1 if "side" in data and isinstance(units, dict) and units and all(
            isinstance(v, str) for v in units.values()) else 0

    def model(self, data: Any = None) -> type[BaseModel]:
        return SkirmishOrders

    def check(self, model: Any, settled: Settled[Any], data: Any, state: GameState | None, where: str,
              found: Found) -> str:
        from tests.third.turn import check_orders

        if state is not None:
            for uid, target in model.units.items():
                try:
                    check_orders({"side": model.side, "units": {uid: target}}, state, where)
                except UmpireError as exc:
                    found.said(str(exc))
        return self.orders_summary(model.side, len(model.units))


ORDERS = OrdersKind()
