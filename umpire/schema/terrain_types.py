"""The terrain types the table knows (``rulesets/common/terrain-types.yaml``): for each, whether it
is an area or a line, whether it can block a line of sight, a hill's default height, a
depression's depth, and the other names it goes by."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import ConfigDict, model_validator

import umpire.schema.checked
from umpire.errors import UmpireError, unknown
from umpire.resources import resource_dir
from umpire.schema.checked import Checked
from umpire.schema.load import load_model

__all__ = ["TerrainType", "TerrainTypes", "terrain_types"]


class TerrainType(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["area", "line"]
    blocks_los: bool = False
    is_hill: bool = False
    height: float = 0.0
    depth: float = 0.0  # a depression: its ground lies this many levels below 0
    aliases: tuple[str, ...] = ()


class TerrainTypes(Checked):
    """``rulesets/common/terrain-types.yaml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: str = ""
    types: dict[str, TerrainType]

    @model_validator(mode="after")
    def _hills_are_areas(self) -> TerrainTypes:
        for name, t in self.types.items():
            if t.is_hill and t.kind != "area":
                raise ValueError(f"type {name}: a hill must be an area")
        return self

    def lookup(self, name: str, where: str = "terrain") -> tuple[str, TerrainType]:
        """The canonical name and properties of a terrain type or alias.

        :raises UmpireError: naming the field and the allowed types.
        """
        for canonical, t in self.types.items():
            if name == canonical or name in t.aliases:
                return canonical, t
        names = list(self.types) + [a for t in self.types.values() for a in t.aliases]
        raise UmpireError(f"{where}: type: {unknown('terrain type', name, names)}")


@lru_cache(maxsize=1)
def terrain_types() -> TerrainTypes:
    """The bundled terrain types (read once, and kept validated between runs as the rulesets'
    tables are: :mod:`umpire.schema.cache`)."""
    from umpire.schema.cache import cached

    path = resource_dir("rulesets") / "common" / "terrain-types.yaml"
    return cached("terrain-types", [path, Path(__file__), Path(umpire.schema.checked.__file__)], TerrainTypes,
                  lambda: load_model(TerrainTypes, path, where="rulesets/common/terrain-types.yaml"))
