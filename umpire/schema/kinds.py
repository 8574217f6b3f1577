"""A kind of file a ruleset reads (its orders, its data transcriptions, its unit files), as
``umpire check`` and ``umpire formats`` see it.

A ruleset lists its kinds (``Ruleset.file_kinds()``); ``umpire check`` tells a file's kind from
its keys by asking each kind how surely the keys are its own (:meth:`FileKind.tells`), reads the
file with the kind's model, places every problem of its shape, and then asks the kind's own
checks (:meth:`FileKind.check`) for the rest. The kinds every ruleset shares (a scenario, a calc
case, a season) are ``umpire.inputs``' own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from umpire.schema.limits import MAX_FILE_BYTES

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.core.state import GameState
    from umpire.schema.locate import Found
    from umpire.schema.problems import Path
    from umpire.schema.settle import Settled


class FileKind:
    """One kind of file. A subclass gives the names and the model, and overrides what it needs."""

    #: its name (``umpire check --kind NAME``), what the file is in a few words, the command that reads it
    name: str
    title: str
    command: str
    #: other names it is given by (``--kind at-orders``)
    aliases: tuple[str, ...] = ()
    #: its size limit in bytes
    limit: int = MAX_FILE_BYTES
    #: a side's orders for a turn: told by the game when there is one, and checked against it
    orders: bool = False
    #: how its keys tell it, for the refusal of a file no kind fits ("a rating spec vehicles: or spec:")
    told_by: str = ""
    #: why ``umpire formats`` gives no table of its fields (empty: it gives one, read off :meth:`model`)
    unlisted: str = ""

    def tells(self, data: Mapping[str, Any]) -> int:
        """How surely a file's top-level ``data`` is of this kind: 0 not at all; 1 by the words
        inside it (a unit's keys, its order codes); 2 by a key at its top that only this kind has;
        an orders file may say 3 for a top-level key no other orders file has. The surest kind
        is taken, the first registered between equals; a file with ``side:`` is an orders file
        unless another kind says 2 or more."""
        return 0

    def model(self, data: Any = None) -> type[BaseModel]:
        """The model a file's ``data`` is read as (``None``: the model ``umpire formats`` shows).

        :raises UmpireError: naming what of ``data`` does not say which model it is.
        """
        raise NotImplementedError(f"file kind {self.name}: model")

    def part(self, data: Any) -> tuple[Path, Any]:
        """Where in the file the model's data is, and that data (the whole file, unless a kind
        wraps its body)."""
        return (), data

    def check(self, model: Any, settled: Settled[Any], data: Any, state: GameState | None, where: str,
              found: Found) -> str:
        """The checks after the shape, on what of the file is right (``model``, read from
        ``settled.data``; ``data``: the whole file as read), each problem added to ``found``;
        returns what a clean file holds, in a few words. ``state``: the game an orders file is
        checked against (None: as written)."""
        return ""

    def orders_summary(self, side: str, entries: int) -> str:
        """What an orders file holds, in a few words."""
        return f"{self.title}: side {side}, {entries} entr{'y' if entries == 1 else 'ies'}"
