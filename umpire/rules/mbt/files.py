"""MBT's data files: a user's own transcription of a chart or data card as ``umpire check`` sees
it (its shape, ranges and range bands, and each chart complete against its own rows and
columns), and the bundled ones counted by where each value comes from (``umpire data status``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from umpire.schema.kinds import FileKind

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.core.state import GameState
    from umpire.schema.locate import Found
    from umpire.schema.settle import Settled


class ChartKind(FileKind):
    name = "chart"
    title = "a transcription of an MBT chart"
    command = "umpire data check FILE"
    told_by = "an MBT transcription chart: or card:"
    unlisted = "an MBT chart has the shape of the bundled ones (rulesets/mbt/charts/); umpire check FILE checks yours"

    def tells(self, data: Mapping[str, Any]) -> int:
        return 2 if self.name in data else 0

    def model(self, data: Any = None) -> type[BaseModel]:
        """The chart's or card's own model, by its ``chart:`` or ``card:`` (and ``kind:``).

        :raises DataError: for a chart or kind of card MBT has not.
        """
        from umpire.rules.mbt.data import model_for

        return model_for(data)

    def check(self, model: Any, settled: Settled[Any], data: Any, state: GameState | None, where: str,
              found: Found) -> str:
        from umpire.rules.mbt.provenance import ORIGINS, provenance_counts

        counts = provenance_counts(model)
        return ", ".join(f"{counts[k]} {k}" for k in ORIGINS)


class CardKind(ChartKind):
    name = "card"
    title = "a transcription of an MBT data card"
    told_by = ""
    unlisted = "an MBT card has the shape of the bundled ones (rulesets/mbt/cards/); umpire check FILE checks yours"


CHART = ChartKind()
CARD = CardKind()


def provenance() -> list[tuple[str, dict[str, int]]]:
    """Per bundled chart and card (the options' charts too), how many of its values come from
    each source (:data:`~umpire.rules.mbt.provenance.ORIGINS`)."""
    from umpire.rules.mbt import data
    from umpire.rules.mbt.cards import any_card
    from umpire.rules.mbt.options import charts as options
    from umpire.rules.mbt.provenance import provenance_counts

    rows: list[tuple[str, Any]] = [(n, data.chart(n)) for n in data.info().charts]
    rows += [(f"{i} {any_card(i).name}", any_card(i)) for i in data.card_ids()]
    rows += [(f"options/{n}", options.chart(n)) for n in options.MODELS if n != "options"]
    return [(what, provenance_counts(model)) for what, model in rows]
