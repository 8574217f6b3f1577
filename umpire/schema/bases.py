"""Default stand footprints per ruleset and kind of unit (``rulesets/common/bases.yaml``)."""

from __future__ import annotations

from functools import lru_cache

from pydantic import ConfigDict

from umpire.resources import resource_dir
from umpire.schema.checked import Checked


class BaseDefaults(Checked):
    model_config = ConfigDict(extra="forbid")

    source: str
    defaults: dict[str, dict[str, tuple[float, float]]]


@lru_cache(maxsize=1)
def _book() -> BaseDefaults:
    from umpire.schema.load import load_model

    return load_model(BaseDefaults, resource_dir("rulesets") / "common" / "bases.yaml", "rulesets/common/bases.yaml")


def default_base(ruleset: str, kind: str) -> tuple[float, float]:
    """The base of a ``kind`` of stand under ``ruleset`` when the scenario gives none."""
    table = _book().defaults.get(ruleset, {})
    return table.get(kind, table.get("*", (1.5, 1.0)))
