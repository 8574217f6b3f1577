"""The bundled units (``data/auftragstaktik/units/*.yaml``), found by name or alias.

Each file holds one or more units, each with its sources, the specifications it was rated
from (:class:`~umpire.rules.auftragstaktik.rating.Spec`) and its stat line. Names are matched
case-blind, aliases included (e.g. the Cyrillic "Т-80Б"); an unknown name suggests the closest.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import ConfigDict, Field

from umpire.errors import unknown
from umpire.rules.auftragstaktik.data import units_dir
from umpire.rules.auftragstaktik.rating import Spec
from umpire.schema.checked import Checked
from umpire.schema.load import read_yaml, validate


class UnitEntry(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    aliases: list[str] = Field(default_factory=list)
    nation: str
    bloc: Literal["NATO", "Warsaw Pact"]
    role: Literal[
        "tank", "ifv", "apc", "infantry", "artillery", "hq", "recon", "air_defense", "helicopter"
    ]
    period: str = ""
    soviet_tank: bool = False
    sources: list[str] = Field(min_length=1)
    spec: Spec
    statline: str
    notes: str = ""


class UnitFile(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)

    units: list[UnitEntry]


@lru_cache(maxsize=1)
def library() -> tuple[UnitEntry, ...]:
    """Every bundled unit, read once."""
    out: list[UnitEntry] = []
    folder = units_dir()
    for path in sorted(folder.glob("*.yaml")):
        f = validate(UnitFile, read_yaml(path), f"data/auftragstaktik/units/{path.name}")
        out.extend(f.units)
    return tuple(out)


def find_unit(name: str, field: str = "unit") -> UnitEntry:
    """The unit called ``name`` (or with that alias).

    :raises UmpireError: ``unit: unknown unit 'T-80 Company' (did you mean 'T-80B Company'? ...)``
    """
    key = str(name).strip().casefold()
    names: dict[str, UnitEntry] = {}
    for u in library():
        for n in [u.name, *u.aliases]:
            names[n.casefold()] = u
    if key in names:
        return names[key]
    err = unknown("unit", name, [u.name for u in library()])
    raise type(err)(f"{field}: {err}")
