"""The kinds of file umpire reads: each one's name, how it is told from its keys, its size
limit, its checker and the model its format is made of (for ``umpire formats``).

Three kinds are every ruleset's (a scenario, a calc case, a season); the others are the
rulesets' own (:class:`umpire.schema.kinds.FileKind`: their orders files, unit files, data
transcriptions), listed by each ruleset object in the registry's order.
"""

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
    from umpire.schema.kinds import FileKind
    from umpire.schema.reader import Marks
    from umpire.turns.readers import Readers


@dataclass(frozen=True)
class Kind:
    name: str
    title: str  # what the file is, in a few words
    limit: int  # its size limit in bytes
    checker: str  # "module:function" under umpire.inputs, imported when a file of the kind is checked
    command: str  # the command that reads it
    file: FileKind | None = None  # a ruleset's kind: what it says of its files
    ruleset: str = ""  # ... and the ruleset's name

    @property
    def orders(self) -> bool:
        """A side's orders for a turn (checked against the game when there is one)."""
        return self.file is not None and self.file.orders

    def check(self, data: Any, marks: Marks, where: str, state: GameState | None,
              readers: Readers | None = None) -> Report:
        """``readers``: an orders file is its side's, checked in its words (:mod:`umpire.turns.readers`)."""
        import importlib

        module, _, fn = self.checker.partition(":")
        checker: Callable[..., Report] = getattr(importlib.import_module(f"umpire.inputs.{module}"), fn)
        more = {"readers": readers} if self.orders else {}
        report = checker(self, data, marks, where, state, **more)
        report.kind = self.name
        return report

    def model(self) -> type[BaseModel] | None:
        """The model its file is read as, for ``umpire formats`` (None: a case, one model per
        procedure; a kind with no fixed model)."""
        if self.file is not None:
            return None if self.file.unlisted else self.file.model()
        if self.name == "scenario":
            from umpire.schema.scenario import Scenario

            return Scenario
        if self.name == "season":
            from umpire.campaign.season import Season

            return Season
        return None


#: The kinds every ruleset shares.
SHARED = (
    Kind("scenario", "a scenario: the table, its terrain, the sides and their forces", MAX_SCENARIO_BYTES,
         "scenario:check", "umpire new FILE"),
    Kind("case", "one situation for a quick answer", MAX_FILE_BYTES, "others:check_case", "umpire calc PROCEDURE FILE"),
    Kind("season", "a campaign's season: sides, players and their forces, the schedule", MAX_SEASON_BYTES,
         "season:check", "umpire campaign new CAMPAIGN --from FILE"),
)
#: Other names a shared kind is given by (``--kind orders`` lets the file or the game say which).
ALIASES = {"orders": "orders", "calc": "case", "campaign": "season"}


def kinds() -> dict[str, Kind]:
    """Every kind of file by name: the shared ones, then each ruleset's in the registry's order."""
    from umpire.registry import RULESETS, file_kinds

    out = {k.name: k for k in SHARED}
    for rs in RULESETS:
        for f in file_kinds(rs):
            out[f.name] = Kind(f.name, f.title, f.limit, "files:check", f.command, file=f, ruleset=rs.name)
    return out


def _key(name: str, every: dict[str, Kind]) -> str:
    key = name.strip().lower()
    aliases = {**ALIASES, **{a: k.name for k in every.values() if k.file is not None for a in k.file.aliases}}
    return aliases.get(key, key)


def find_kind(name: str, data: Any = None, state: GameState | None = None) -> Kind:
    """The kind called ``name`` (or an alias); ``orders`` is told by the game, else the file.

    :raises UmpireError: for a name that is not a kind.
    """
    every = kinds()
    key = _key(name, every)
    if key == "orders":
        return _orders_kind(data, state, every)
    if key not in every:
        raise unknown("kind of file", name, [*every, "orders"])
    return every[key]


def is_orders(name: str | None, data: Any) -> bool:
    """Whether a file is an orders file (checked against the game), by the kind it was given as,
    else by its keys (``side:``, and no table of a scenario)."""
    if name is None:
        return isinstance(data, dict) and "table" not in data and ("side" in data or _orders_like(data))
    every = kinds()
    key = _key(name, every)
    return key == "orders" or key in every and every[key].orders


def _orders_like(data: dict[str, Any]) -> bool:
    """Keys of an orders file that has lost its ``side:``: units by id (a mapping), battalions."""
    return "procedure" not in data and (isinstance(data.get("units"), dict) or "battalions" in data)


def max_bytes(name: str | None) -> int:
    """The size limit for a file of kind ``name`` (before the file is read: the largest limit if
    the kind is to be found from the file)."""
    if name is None:
        return MAX_SCENARIO_BYTES
    every = kinds()
    key = _key(name, every)
    return every[key].limit if key in every else MAX_FILE_BYTES


def _surest(data: dict[str, Any], candidates: list[Kind]) -> tuple[Kind | None, int]:
    """The kind that says most surely that ``data`` is its own (the first between equals)."""
    best, most = None, 0
    for k in candidates:
        assert k.file is not None
        sure = k.file.tells(data)
        if sure > most:
            best, most = k, sure
    return best, most


def detect(data: Any, state: GameState | None = None) -> Kind:
    """The kind of a file, from its keys.

    :raises UmpireError: saying which keys tell each kind, if none fits.
    """
    every = kinds()
    if isinstance(data, dict):
        keys = set(data)
        if {"sides", "table"} <= keys:
            return every["scenario"]
        if {"players", "rounds"} <= keys:
            return every["season"]
        if "procedure" in keys:
            return every["case"]
        best, sure = _surest(data, [k for k in every.values() if k.file is not None and not k.orders])
        if "side" in keys and sure < 2:
            return _orders_kind(data, state, every)
        if best is not None:
            return best
        if state is not None and _orders_like(data):  # orders without their side: the game's
            return _orders_kind(data, state, every)
    told = ", ".join(k.file.told_by for k in every.values() if k.file is not None and k.file.told_by)
    raise UmpireError(
        "cannot tell what kind of file this is from its keys (a scenario has table: and sides:, a season "
        f"players: and rounds:, an orders file side:, a case procedure:{', ' + told if told else ''}); "
        "give it with --kind (allowed: " + ", ".join([*every, "orders"]) + ")")


def _orders_kind(data: Any, state: GameState | None, every: dict[str, Kind]) -> Kind:
    """Which ruleset's orders: the game's if there is one, else what the file's keys and orders say."""
    orders = [k for k in every.values() if k.orders]
    if state is not None:
        from umpire.registry import game_rules

        name = game_rules(state.ruleset).turn().orders_kind(state)
        if name not in every:
            raise UmpireError(f"orders: a {state.ruleset} game's orders ({name}) are not a kind of file umpire "
                              f"checks (known: {', '.join(k.name for k in orders)})")
        return every[name]
    best, _ = _surest(data if isinstance(data, dict) else {}, orders)
    if best is None:
        raise UmpireError("cannot tell which ruleset these orders are for: give --kind "
                          f"{', '.join(k.name for k in orders)}, or check them against the game (--db GAME)")
    return best
