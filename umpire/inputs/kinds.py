"""The kinds of file umpire reads: each one's name, how it is told from its keys, its size
limit, its checker and the models its format is made of (for ``umpire formats``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from umpire.errors import UmpireError, unknown
from umpire.schema.limits import MAX_FILE_BYTES, MAX_SCENARIO_BYTES, MAX_SEASON_BYTES

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.core.state import GameState
    from umpire.inputs import Report
    from umpire.schema.reader import Marks


@dataclass(frozen=True)
class Kind:
    name: str
    title: str  # what the file is, in a few words
    limit: int  # its size limit in bytes
    checker: str  # "module:function" under umpire.inputs, imported when a file of the kind is checked
    command: str  # the command that reads it

    def check(self, data: Any, marks: Marks, where: str, state: GameState | None) -> Report:
        import importlib

        module, _, fn = self.checker.partition(":")
        checker: Callable[..., Report] = getattr(importlib.import_module(f"umpire.inputs.{module}"), fn)
        report = checker(self, data, marks, where, state)
        report.kind = self.name
        return report


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("scenario", "a scenario: the table, its terrain, the sides and their forces", MAX_SCENARIO_BYTES,
         "scenario:check", "umpire new FILE"),
    Kind("orders-auftragstaktik", "one side's orders for an Auftragstaktik turn", MAX_FILE_BYTES,
         "orders:check", "umpire turn orders FILE"),
    Kind("orders-mbt", "one side's orders for an MBT Basic Game turn (24.3.2)", MAX_FILE_BYTES,
         "orders:check", "umpire turn orders FILE"),
    Kind("orders-mbt-advanced", "one side's plan for an MBT Advanced Game turn (24.3.2, 13.3)", MAX_FILE_BYTES,
         "orders:check", "umpire turn orders FILE"),
    Kind("case", "one situation for a quick answer", MAX_FILE_BYTES, "others:check_case", "umpire calc PROCEDURE FILE"),
    Kind("season", "a campaign's season: sides, players and their forces, the schedule", MAX_SEASON_BYTES,
         "season:check", "umpire campaign new CAMPAIGN --from FILE"),
    Kind("spec", "an Auftragstaktik unit's real specifications, to rate", MAX_FILE_BYTES, "others:check_spec",
         "umpire rate FILE"),
    Kind("units", "Auftragstaktik units with their stat lines and specifications", MAX_FILE_BYTES,
         "others:check_units", "umpire rate FILE"),
    Kind("chart", "a transcription of an MBT chart", MAX_FILE_BYTES, "others:check_mbt_data", "umpire data check FILE"),
    Kind("card", "a transcription of an MBT data card", MAX_FILE_BYTES, "others:check_mbt_data",
         "umpire data check FILE"),
)}
#: Other names a kind is given by (``--kind orders`` lets the file or the game say which).
ALIASES = {"orders": "orders", "statline": "units", "stat-line": "units", "rating": "spec", "calc": "case",
           "campaign": "season", "mbt-orders": "orders-mbt", "at-orders": "orders-auftragstaktik"}

AT_UNIT_KEYS = frozenset({"first", "second", "fire_in", "weapon", "indirect", "entrench", "engineer", "cc_withdraw",
                          "override", "note", "direction"})
MBT_UNIT_KEYS = frozenset({"turret", "turret_facing", "pivot", "move", "overwatch"})
ADVANCED_UNIT_KEYS = frozenset({"load", "unload", "discharger", "full_cover", "assault", "overrun"})
#: Keys inside a unit's fire:, move: and overwatch: that only the Advanced Game's plan has.
ADVANCED_INNER_KEYS = {"fire": {"weapon", "by", "terrain", "at", "shots"}, "move": {"inside", "up", "exhaust"},
                       "overwatch": {"weapon", "riders"}}
AT_ORDERS = frozenset({"NO", "DA", "HA", "TR", "WD"})
MBT_ORDERS = frozenset({"F", "FM", "M", "OW", "ATGM"})
ADVANCED_ORDERS = frozenset({"CA", "OR"})


def find_kind(name: str, data: Any = None, state: GameState | None = None) -> Kind:
    """The kind called ``name`` (or an alias); ``orders`` is told by the game, else the file.

    :raises UmpireError: for a name that is not a kind.
    """
    key = ALIASES.get(name.strip().lower(), name.strip().lower())
    if key == "orders":
        return _orders_kind(data, state)
    if key not in KINDS:
        raise unknown("kind of file", name, [*KINDS, "orders"])
    return KINDS[key]


def max_bytes(name: str | None) -> int:
    """The size limit for a file of kind ``name`` (before the file is read: the largest limit if
    the kind is to be found from the file)."""
    if name is None:
        return MAX_SCENARIO_BYTES
    key = ALIASES.get(name.strip().lower(), name.strip().lower())
    return KINDS[key].limit if key in KINDS else MAX_FILE_BYTES


def detect(data: Any, state: GameState | None = None) -> Kind:
    """The kind of a file, from its keys.

    :raises UmpireError: saying which keys tell each kind, if none fits.
    """
    if isinstance(data, dict):
        keys = set(data)
        if {"sides", "table"} <= keys:
            return KINDS["scenario"]
        if {"players", "rounds"} <= keys:
            return KINDS["season"]
        if "procedure" in keys:
            return KINDS["case"]
        if "chart" in keys:
            return KINDS["chart"]
        if "card" in keys:
            return KINDS["card"]
        if "side" in keys:
            return _orders_kind(data, state)
        if isinstance(data.get("units"), list):
            return KINDS["units"]
        if keys & {"vehicles", "speed_kph", "move_in", "armour_mm", "armor_mm", "spec"}:
            return KINDS["spec"]
    raise UmpireError(
        "cannot tell what kind of file this is from its keys (a scenario has table: and sides:, a season "
        "players: and rounds:, an orders file side:, a case procedure:, an MBT transcription chart: or card:, "
        "a rating spec vehicles: or spec:); give it with --kind (allowed: " + ", ".join([*KINDS, "orders"]) + ")")


def _orders_kind(data: Any, state: GameState | None) -> Kind:
    """Which ruleset's orders: the game's if there is one, else what the file's keys and orders say."""
    if state is not None:
        from umpire.registry import find_ruleset

        return KINDS[find_ruleset(state.ruleset).turn().orders_kind(state)]
    data = data if isinstance(data, dict) else {}
    if {"artillery", "air_strikes", "helicopters", "jamming", "messages"} & set(data):  # MBT options (19.2, 20, 21)
        return KINDS["orders-mbt-advanced"]
    if "battalions" in data or "air" in data:
        return KINDS["orders-auftragstaktik"]
    units = data.get("units") if isinstance(data.get("units"), dict) else {}
    keys: set[str] = set()
    codes: set[str] = set()
    advanced = False
    for spec in units.values():
        if isinstance(spec, dict):
            keys |= {k for k in spec if isinstance(k, str)}
            if isinstance(spec.get("order"), str):
                codes.add(spec["order"].strip().upper())
            fire = spec.get("fire")  # a list of fire entries, a weapon each, is the Advanced Game's
            advanced = advanced or isinstance(fire, list) or any(
                isinstance(spec.get(part), dict) and bool(set(spec[part]) & inner)
                for part, inner in ADVANCED_INNER_KEYS.items())
    if keys & AT_UNIT_KEYS or codes & AT_ORDERS:
        return KINDS["orders-auftragstaktik"]
    if advanced or keys & ADVANCED_UNIT_KEYS or codes & ADVANCED_ORDERS:
        return KINDS["orders-mbt-advanced"]
    if keys & MBT_UNIT_KEYS or codes & MBT_ORDERS:
        return KINDS["orders-mbt"]
    raise UmpireError("cannot tell which ruleset these orders are for: give --kind orders-auftragstaktik, "
                      "orders-mbt or orders-mbt-advanced, or check them against the game (--db GAME)")


def root_models() -> dict[str, type[BaseModel]]:
    """The model each kind's file is read as (a case: one per procedure, see ``umpire formats case``)."""
    from umpire.campaign.season import Season
    from umpire.rules.auftragstaktik.library import UnitFile
    from umpire.rules.auftragstaktik.unit_spec import Spec
    from umpire.schema.scenario import Scenario
    from umpire.turns.auftragstaktik.orders_file import OrdersFile as AtOrders
    from umpire.turns.mbt.advanced.orders import AdvOrdersFile
    from umpire.turns.mbt.orders_file import OrdersFile as MbtOrders

    return {"scenario": Scenario, "orders-auftragstaktik": AtOrders, "orders-mbt": MbtOrders,
            "orders-mbt-advanced": AdvOrdersFile, "season": Season, "spec": Spec, "units": UnitFile}
