"""Who reads a refusal, and what that reader knows: an input of every message about orders.

An orders file is a side's (or one of its players'): what it names of the enemy it names in the
side's words, the labels of its briefing (``contact-3`` in MBT, which never tells which unit it
is; in Auftragstaktik a spotted stand's id), and a refusal of it goes back to the side, who may
not learn from it what it does not know. So a side's orders are read with a :class:`Reader`:

- every name of an enemy unit (a fire target, an overwatch target, an assault, an air strike, a
  counter-battery mission, a helicopter's rocket) is looked up in what the side knows and
  turned into the umpire's words (the unit's id) before any check reads it; a name the side
  does not know is refused listing only the names it knows, whether the name is no unit's or
  the id of a unit the side has not seen (no oracle);
- an entry of ``units:`` or ``battalions:`` that is not the side's own is refused listing the
  side's own alone, whether it is the enemy's or nobody's;
- what the checks then say about an enemy unit the side named is said back by the name the
  side gave (:meth:`Reader.told`).

The umpire's own commands read with no reader: they may name everything.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from umpire.core.shared import held_values
from umpire.errors import UmpireError, quoted, unknown

if TYPE_CHECKING:
    from umpire.core.state import GameState

#: The keys whose text names an enemy unit, wherever they stand in an entry of an orders file
#: (a point ``[x, y]`` under one of them is left as it is).
TARGET_KEYS = frozenset({"fire", "target", "targets", "counter_battery", "rocket"})
#: The sections of an orders file whose entries are the side's own units or formations.
OWN_SECTIONS = {"units": "unit", "battalions": "battalion"}


def _order(label: str) -> tuple[str, int, str]:
    head, _, n = label.rpartition("-")
    return (head, int(n), "") if n.isdigit() else (label, 0, label)


@dataclass(frozen=True)
class Reader:
    """A side (or a player of it) as the reader of its orders' refusals: the enemy units it
    knows, by the labels it knows them by (``label -> unit id``), and the units and formations
    its orders may name as its own (None: the side's, read from the game)."""

    side: str
    enemy: Mapping[str, str] = field(default_factory=dict)
    own: frozenset[str] | None = None
    said: Mapping[str, str] | None = None  # unit id -> the name the reader is told it by (default: its label)
    #: the file is entered by the umpire, who may also name an enemy unit by its id (``umpire turn
    #: orders``); what is refused is still refused in the side's words
    ids: frozenset[str] = frozenset()
    #: the side's units its other players order (a page's file holds every player's entries):
    #: read as the side's, never listed to this reader
    others: frozenset[str] = frozenset()

    @property
    def names(self) -> list[str]:
        """The enemy units the reader may name, as it names them (``contact-2`` before ``contact-10``)."""
        shown = set(self.labels.values())
        return sorted((n for n in self.enemy if n in shown), key=_order)

    @property
    def labels(self) -> dict[str, str]:
        """Unit id -> the name the reader knows it by."""
        if self.said is not None:
            return dict(self.said)
        return {uid: label for label, uid in self.enemy.items()}

    def target(self, name: Any, where: str) -> str:
        """The unit an enemy ``name`` stands for. :raises UmpireError: for a name the reader
        does not know, listing those it does (and nothing else)."""
        if isinstance(name, str) and name in self.enemy:
            return self.enemy[name]
        if isinstance(name, str) and name in self.ids:
            return name
        if not self.enemy:
            raise UmpireError(f"{where}: unknown enemy unit {quoted(name)} (your side knows no enemy unit yet: a "
                              "target is named as the briefing names it)")
        given = name if isinstance(name, str) else quoted(name)
        raise UmpireError(f"{where}: {unknown('enemy unit', given, self.names)}")

    def in_umpires_words(self, data: Any, state: GameState, where: str, problems: list[str] | None = None) -> Any:
        """An orders file's data with every enemy unit it names turned into the umpire's words
        (module notes); anything not of the expected shape is left for the file's own checks.

        :raises UmpireError: for a name the reader does not know, an entry not its own; with
            ``problems``, each is added there instead and its entry left out, the rest read."""
        if not isinstance(data, dict):
            return data

        def refuse(exc: UmpireError) -> None:
            if problems is None:
                raise exc
            problems.append(str(exc))

        out = dict(data)
        for section, entries in data.items():
            if section in ("side", "turn", "messages") or not isinstance(entries, dict | list):
                continue
            mine = self._own(state, section) if section in OWN_SECTIONS and isinstance(entries, dict) else None
            items = entries.items() if isinstance(entries, dict) else enumerate(entries)
            kept: dict[Any, Any] = {}
            for key, item in items:
                at = f"{where}: {section}.{key}" if isinstance(entries, dict) else f"{where}: {section}[{key}]"
                try:
                    if mine is not None and key not in mine and not (section == "units" and key in self.others):
                        kind = OWN_SECTIONS[section]
                        raise UmpireError(f"{at}: {unknown(kind, key, mine)}")
                    kept[key] = self._walk(item, at)
                except UmpireError as exc:
                    refuse(exc)
            out[section] = kept if isinstance(entries, dict) else list(kept.values())
        return out

    def _own(self, state: GameState, section: str) -> list[str]:
        if section == "units":
            return sorted(self.own if self.own is not None else
                          (u.id for u in held_values(state.units) if u.side == self.side))
        return sorted(f.id for f in state.formations if f.side == self.side)

    def _walk(self, v: Any, at: str) -> Any:
        if isinstance(v, dict):
            return {k: self._names(x, f"{at}.{k}") if k in TARGET_KEYS and _names(x) else self._walk(x, f"{at}.{k}")
                    for k, x in v.items()}
        if isinstance(v, list):
            return [self._walk(x, f"{at}[{i}]") for i, x in enumerate(v)]
        return v

    def _names(self, v: str | list[str], at: str) -> str | list[str]:
        return self.target(v, at) if isinstance(v, str) else [self.target(x, at) for x in v]

    def told(self, message: str) -> str:
        """A check's words about orders read in the umpire's words, said back in the reader's:
        an enemy unit it named is called by the name it gave."""
        for uid, label in sorted(self.labels.items(), key=lambda kv: -len(kv[0])):
            if uid != label:
                message = re.sub(rf"(?<![\w-]){re.escape(uid)}(?![\w-])", label, message)
        return message


def _names(v: Any) -> bool:
    """Whether ``v`` is what a target key holds when it names units: a text, or a list of texts."""
    return isinstance(v, str) or isinstance(v, list) and bool(v) and all(isinstance(x, str) for x in v)


#: How a command finds the reader of a side's orders once it has read which side they are.
Readers = Callable[[str], Reader]


def typed_by_the_umpire(reader: Reader, state: GameState) -> Reader:
    """``reader`` for a file the umpire enters: an enemy unit may also be named by its id."""
    from dataclasses import replace

    return replace(reader, ids=frozenset(u.id for u in held_values(state.units) if u.side != reader.side))


def side_words(data: Any, state: GameState, where: str, readers: Readers | None,
               problems: list[str] | None = None) -> tuple[Any, Reader | None]:
    """An orders file's data in the umpire's words, read by its side's reader (``readers``: None
    for the umpire, who names everything), and that reader (``problems``: as
    :meth:`Reader.in_umpires_words` takes them). A file whose side is not the game's is left to
    the file's own checks."""
    side = data.get("side") if isinstance(data, dict) else None
    if readers is None or not isinstance(side, str) or side not in state.side_ids():
        return data, None
    reader = readers(side)
    return reader.in_umpires_words(data, state, where, problems), reader


def told(exc: UmpireError, reader: Reader | None) -> UmpireError:
    """A check's refusal as its reader may read it (:meth:`Reader.told`)."""
    return exc if reader is None else type(exc)(reader.told(str(exc)))
