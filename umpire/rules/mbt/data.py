"""MBT data: the Game Card charts and the data cards, loaded, validated and cached.

The models reject what a careful transcription can get wrong: a card with a missing range band,
a hit chart that is not monotonic, an unknown terrain column, d100 ranges that do not cover
01-100. ``umpire data check`` runs the same validation over a user's own files.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import Field

from umpire.core.rulings import RulingBook
from umpire.errors import DataError, UmpireError, closest, shown, unknown
from umpire.resources import ruleset_dir
from umpire.rules.mbt.fire_charts import ApHitChart, ApModifiers, CloseAssaultChart, GpChart, NumberOfHitsTable
from umpire.rules.mbt.ground_charts import IntoBuildingsChart, LosChart, SightingChart, TerrainChart
from umpire.rules.mbt.provenance import DataModel
from umpire.rules.mbt.vehicle_card import Card
from umpire.schema.load import cached_model, read_yaml

CHART_MODELS: dict[str, type[DataModel]] = {
    "sighting": SightingChart,
    "ap_hit": ApHitChart,
    "number_of_hits": NumberOfHitsTable,
    "ap_modifiers": ApModifiers,
    "gp": GpChart,
    "close_assault": CloseAssaultChart,
    "los": LosChart,
    "terrain": TerrainChart,
    "buildings": IntoBuildingsChart,
}


class RulesetInfo(DataModel):
    name: str
    title: str
    version: str
    source: str
    toe: list[str] = Field(default_factory=list)
    charts: list[str]
    cards: list[str]


# ---------------------------------------------------------------------------------------------
# Loading


def data_dir() -> Path:
    return ruleset_dir("mbt")


@lru_cache(maxsize=1)
def info() -> RulesetInfo:
    return cached_model(RulesetInfo, data_dir() / "ruleset.yaml")  # type: ignore[return-value]


def chart(name: str) -> Any:
    """The chart called ``name`` (sighting, ap_hit, number_of_hits, ...), validated and cached."""
    if name not in CHART_MODELS:
        raise unknown("MBT chart", name, CHART_MODELS)
    return _chart(name)


@lru_cache(maxsize=32)
def _chart(name: str) -> Any:
    return cached_model(CHART_MODELS[name], data_dir() / "charts" / f"{name}.yaml")


def card_file(card_id: str) -> Path:
    """``USA-2A/1`` lives in ``cards/USA-2A_1.yaml`` (a file name holds no slash)."""
    return data_dir() / "cards" / f"{card_id.replace('/', '_')}.yaml"


@lru_cache(maxsize=1)
def card_ids() -> list[str]:
    """Every bundled data card id, of every kind (vehicle, leg, towed, helicopter, artillery)."""
    return sorted(p.stem.replace("_", "/") for p in (data_dir() / "cards").glob("*.yaml"))


@lru_cache(maxsize=256)
def card_head(card_id: str) -> tuple[str, str]:
    """(kind, name) of a card, read without validating it."""
    raw = read_yaml(card_file(card_id))
    if not isinstance(raw, dict):
        raise DataError(f"{shown(card_file(card_id))}: a card is a mapping")
    return str(raw.get("kind", "")), str(raw.get("name", ""))


class Nicknames(DataModel):
    """``nicknames.yaml``: the names said at the table for the bundled cards' vehicles."""

    nicknames: dict[str, list[str]]


@lru_cache(maxsize=1)
def names() -> dict[str, list[str]]:
    """Every card's other names: its vehicle's name and the nicknames naming it (by card id)."""
    out: dict[str, list[str]] = {i: [card_head(i)[1]] for i in card_ids()}
    book = cached_model(Nicknames, data_dir() / "nicknames.yaml")
    assert isinstance(book, Nicknames)
    for nick, ids in book.nicknames.items():
        for i in ids:
            if i not in out:
                raise DataError(f"nicknames.yaml: {nick}: no data card {i!r}")
            out[i].append(nick)
    return out


def _loose(text: str) -> str:
    from umpire.rules.vocab import short_name

    return short_name(text)


@lru_cache(maxsize=1)
def _card_index() -> tuple[dict[str, list[str]], dict[str, list[str]], list[tuple[str, str]]]:
    """The cards by their vehicle's name (case-blind), by every name's letters and digits, and
    (those letters and digits, card) for every name: made once."""
    by_name: dict[str, list[str]] = {}
    by_loose: dict[str, list[str]] = {}
    loose_names: list[tuple[str, str]] = []
    for i, spellings in names().items():
        by_name.setdefault(spellings[0].lower(), []).append(i)
        for s in spellings:
            key = _loose(s)
            if i not in by_loose.setdefault(key, []):
                by_loose[key].append(i)
            loose_names.append((key, i))
    return by_name, by_loose, loose_names


def card_id(text: str, *, suggest: bool = True) -> str:
    """A card id from an id, a unit name or a nickname (``USSR-2A``, ``usa-2a/1``, ``T-72M1``,
    ``t72m1``, ``Apache``).

    :raises UmpireError: for an unknown one, with the likeliest cards suggested (``suggest``;
        without, only that it is unknown: a caller that only asks whether it is a card); for a
        name several cards share ("Heavy Truck", "Abrams"), naming them all.
    """
    ids = card_ids()
    key = str(text).strip().upper().replace("_", "/")
    if key in ids:
        return key
    loose = _loose(text)
    every = names()
    by_name, by_loose, loose_names = _card_index()
    for found in (by_name.get(str(text).strip().lower(), []), sorted(by_loose.get(loose, []))):
        if len(found) == 1:
            return found[0]
        if found:
            raise UmpireError(
                f"data card {text!r} could be any of {', '.join(f'{i} ({every[i][0]})' for i in found)}; "
                "give its id"
            )
    # "T-72" for the only card whose vehicle's name begins so (T-72M1): said at the table, and the
    # answer names the card it was read as
    if len(loose) >= 3:
        begins = sorted({i for k, i in loose_names if k.startswith(loose)})
        if len(begins) == 1:
            return begins[0]
        if 1 < len(begins) <= 6:
            raise UmpireError(
                f"data card {text!r} could be any of {', '.join(f'{i} ({every[i][0]})' for i in begins)}; "
                "give its id or its whole name"
            )
    if not suggest:
        raise UmpireError(f"unknown data card {text!r}")
    # a card id of one nation ("USA-9Z") is suggested that nation's cards only, never another's
    nation = key.split("-", 1)[0] + "-" if "-" in key else ""
    own = [i for i in ids if nation and i.startswith(nation)]
    close = closest(text, own or ids, every)
    hint = ("did you mean " + " or ".join(f"{i!r} ({every[i][0]})" for i in close) + "? ") if close else ""
    raise UmpireError(f"unknown data card {text!r} ({hint}known: {grouped_ids(ids)}; umpire cards lists them)")


def grouped_ids(ids: list[str]) -> str:
    """Card ids grouped by nation, each said once: ``FRG 1A, 1B, 2A/1; USA 1A, ...``."""
    groups: dict[str, list[str]] = {}
    for i in ids:
        nation, _, rest = i.partition("-")
        groups.setdefault(nation, []).append(rest)
    return "; ".join(f"{n} {', '.join(sorted(dict.fromkeys(rest), key=_card_order))}" for n, rest in groups.items())


def _card_order(rest: str) -> tuple[int, str]:
    """``2A/1`` before ``10A/1``: a card's number counts as a number."""
    digits = re.match(r"\d*", rest).group()  # type: ignore[union-attr]
    return (int(digits or 0), rest[len(digits):])


def card(card_id_or_name: str) -> Card:
    """The vehicle data card ``card_id_or_name`` (e.g. ``USSR-2A``).

    :raises UmpireError: for an unknown id (listing the known ones) or a card that is not a
        vehicle's (leg, towed, helicopter and artillery cards: :func:`umpire.rules.mbt.cards.any_card`).
    """
    key = card_id(card_id_or_name)
    kind, name = card_head(key)
    if kind != "vehicle":
        raise UmpireError(f"data card {key} ({name}) is a {kind} card, not a vehicle's")
    return _load_card(key)


def _load_card(card_id: str) -> Card:
    return cached_model(Card, card_file(card_id))  # type: ignore[return-value]


@lru_cache(maxsize=1)
def rulings() -> RulingBook:
    return cached_model(RulingBook, data_dir() / "rulings.yaml")  # type: ignore[return-value]
