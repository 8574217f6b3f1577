"""The bundled units (``data/auftragstaktik/units/*.yaml``), found by name or alias.

Each file holds one or more units, each with its sources, the specifications it was rated
from (:class:`~umpire.rules.auftragstaktik.unit_spec.Spec`) and its stat line. Names are matched
case-blind, aliases included (e.g. the Cyrillic "Т-80Б"); an unknown name suggests the closest.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import ConfigDict, Field

from umpire.errors import UmpireError, unknown
from umpire.rules.auftragstaktik.data import units_dir
from umpire.rules.auftragstaktik.unit_spec import Spec
from umpire.schema.checked import Checked
from umpire.schema.load import read_yaml, validate


class UnitEntry(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(description="the unit's name, e.g. T-80B Company")
    aliases: list[str] = Field(default_factory=list, description="other names it is found by")
    nation: str = Field(description="its nation")
    bloc: Literal["NATO", "Warsaw Pact"] = Field(description="NATO or Warsaw Pact")
    role: Literal[
        "tank", "ifv", "apc", "infantry", "artillery", "hq", "recon", "air_defense", "helicopter"
    ] = Field(description="tank, ifv, apc, infantry, artillery, hq, recon, air_defense or helicopter")
    period: str = Field("", description="the years it was in service")
    soviet_tank: bool = Field(False, description="a Soviet tank (COMBAT: Soviet tanks)")
    sources: list[str] = Field(min_length=1, description="where its specifications come from")
    spec: Spec = Field(description="its real specifications")
    statline: str = Field(description="its stat line, as rated")
    notes: str = Field("", description="notes on its rating")


class UnitFile(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)

    units: list[UnitEntry] = Field(description="the units, each with its specifications and stat line")


@lru_cache(maxsize=1)
def library() -> tuple[UnitEntry, ...]:
    """Every bundled unit, read once."""
    out: list[UnitEntry] = []
    folder = units_dir()
    for path in sorted(folder.glob("*.yaml")):
        f = validate(UnitFile, read_yaml(path), f"data/auftragstaktik/units/{path.name}")
        out.extend(f.units)
    return tuple(out)


ECHELONS = ("company", "coy", "squadron", "sqn", "battery", "bty", "platoon", "plt", "troop")


def spellings(text: str) -> set[str]:
    """The ways a name may be typed: as written, letters and digits only, and without the
    echelon word ("T80B" and "T-80B Coy" both find "T-80B Company")."""
    from umpire.rules.vocab import short_name

    words = str(text).casefold().split()
    out = {str(text).strip().casefold(), short_name(text)}
    if len(words) > 1 and words[-1] in ECHELONS:
        out.add(short_name(" ".join(words[:-1])))
    return out


@lru_cache(maxsize=1)
def _names() -> tuple[dict[str, UnitEntry], dict[str, set[str]]]:
    """The bundled units by exact name or alias, and by every loose way of typing one (made
    once: a big scenario looks up every stand's type)."""
    names: dict[str, UnitEntry] = {}
    loose: dict[str, set[str]] = {}
    for u in library():
        for n in [u.name, *u.aliases]:
            names[n.casefold()] = u
            for k in spellings(n):
                loose.setdefault(k, set()).add(u.name)
    return names, loose


def _beginning(text: str) -> set[str]:
    """The units one of whose names has a word beginning as ``text`` does (at least 3 letters
    or digits: ``Leo`` and ``Leopard`` for Leopard 2A4 Company, ``Gvozd`` for 2S1 Battery)."""
    from umpire.rules.vocab import short_name

    key = short_name(text)
    if len(key) < 3:
        return set()
    out: set[str] = set()
    for u in library():
        for n in (u.name, *u.aliases):
            words = n.split()
            if any(short_name(" ".join(words[i:])).startswith(key) for i in range(len(words))):
                out.add(u.name)
    return out


def find_unit(name: str, field: str = "unit") -> UnitEntry:
    """The unit called ``name`` (or with that alias), read case-blind, with or without
    punctuation and the echelon word; else the one unit a word of whose name begins as ``name``
    does (``Leopard``), as MBT reads a card's name (:func:`umpire.rules.mbt.data.card_id`).

    :raises UmpireError: ``unit: unknown unit 'T-90 Company' (did you mean 'T-80B Company'? ...)``
    """
    exact = str(name).strip().casefold()
    names, loose = _names()
    if exact in names:
        return names[exact]
    found = set().union(*(loose.get(k, set()) for k in spellings(name)))
    if len(found) == 1:
        (only,) = found
        return next(u for u in library() if u.name == only)
    if len(found) > 1:
        raise UmpireError(f"{field}: {name!r} could be any of {', '.join(sorted(found))}; give one")
    begins = _beginning(name)
    if len(begins) == 1:  # "Leopard": the one unit a word of whose name begins so (said in the answer)
        (only,) = begins
        return next(u for u in library() if u.name == only)
    if 1 < len(begins) <= 6:
        raise UmpireError(f"{field}: {name!r} could be any of {', '.join(sorted(begins))}; give one")
    err = unknown("unit", name, [u.name for u in library()], {u.name: u.aliases for u in library()})
    raise type(err)(f"{field}: {err}")
