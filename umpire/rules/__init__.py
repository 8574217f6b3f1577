"""The rulesets umpire knows, found by name or alias (like ``chess.variant``).

Code lives in ``umpire/rules/<name>/``; the numbers live in the top-level ``rulesets/<name>/``.
Each ruleset package has a ``calc`` module exposing ``PROCEDURES``: the ``umpire calc`` case
procedures by name (see :mod:`umpire.calc`).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from umpire.errors import unknown

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.calc import CalcProcedure
    from umpire.core.rulings import RulingBook


@dataclass(frozen=True)
class Ruleset:
    """A ruleset's identity and where its code is."""

    name: str
    title: str
    aliases: tuple[str, ...]
    package: str

    def rulings_book(self) -> RulingBook:
        """Every named ruling of this ruleset (``rulesets/<name>/rulings.yaml``), validated."""
        from umpire.core.rulings import RulingBook
        from umpire.resources import ruleset_dir
        from umpire.schema.load import cached_model

        book = cached_model(RulingBook, ruleset_dir(self.name) / "rulings.yaml")
        assert isinstance(book, RulingBook)
        return book

    def procedures(self) -> dict[str, CalcProcedure]:
        """The ``umpire calc`` procedures this ruleset offers (imported on first use)."""
        module = importlib.import_module(f"{self.package}.calc")
        return dict(module.PROCEDURES)

    def case_models(self) -> dict[str, type[BaseModel]]:
        """The case model of each ``umpire calc`` procedure (for ``umpire calc fields``)."""
        module = importlib.import_module(f"{self.package}.calc")
        return dict(getattr(module, "CASE_MODELS", {}))


RULESETS: tuple[Ruleset, ...] = (
    Ruleset(
        name="auftragstaktik",
        title="Auftragstaktik Miniatures Rules v1.01 (grand-tactical, 1 inch = 500 m)",
        aliases=("at", "auftrag"),
        package="umpire.rules.auftragstaktik",
    ),
    Ruleset(
        name="mbt",
        title="MBT played in miniature (tactical, one model = one vehicle or squad)",
        aliases=("mbt-miniature",),
        package="umpire.rules.mbt",
    ),
)


def find_ruleset(name: str) -> Ruleset:
    """Return the ruleset called ``name`` (or one of its aliases).

    :raises UmpireError: ``unknown ruleset 'mtb' (did you mean 'mbt'? known: auftragstaktik, mbt)``
    """
    key = str(name).strip().lower()
    for rs in RULESETS:
        if key == rs.name or key in rs.aliases:
            return rs
    raise unknown("ruleset", name, [rs.name for rs in RULESETS])
