"""MBT's data files: a user's own transcription of a chart or data card as ``umpire check`` sees
it (its shape, ranges and range bands, and each chart complete against its own rows and
columns), and the bundled ones counted by where each value comes from (``umpire data status``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from umpire.errors import DataError, shown
from umpire.schema.kinds import FileKind

if TYPE_CHECKING:
    from pathlib import Path

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


def model_for(data: Any) -> type[BaseModel]:
    """Which model a raw data file is: a chart (``chart:`` key) or a card (``card:`` key)."""
    if isinstance(data, dict) and "card" in data:
        # the cards' and charts' models load only for a file that is one: a check of any other
        # file (or ruleset) loads none of them
        from umpire.rules.mbt.cards import MODELS

        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in MODELS:
            raise DataError(f"kind: {kind!r} is not a kind of card (allowed: {', '.join(MODELS)})")
        return MODELS[kind]
    if isinstance(data, dict) and "chart" in data:
        from umpire.rules.mbt.data import CHART_MODELS
        from umpire.rules.mbt.options.charts import MODELS as OPTION_MODELS

        name = data["chart"]
        models = {**CHART_MODELS, **OPTION_MODELS}
        if not isinstance(name, str) or name not in models:
            raise DataError(f"chart: unknown chart {name!r} (known: {', '.join(models)})")
        return models[name]
    raise DataError("top level: an MBT data file has a 'chart:' key or a 'card:' key")


def check_file(path: Path) -> BaseModel:
    """Validate a user's transcription of an official chart or card.

    :raises DataError: one line per problem, naming file, field and reason.
    """
    from umpire.schema.load import read_yaml, validate  # (as the models above)

    data = read_yaml(path)
    try:
        model = model_for(data)
    except DataError as exc:
        raise DataError(f"{shown(path)}: {exc}") from None
    return validate(model, data, shown(path))
