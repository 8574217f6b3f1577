"""The Auftragstaktik tables as validated data, read once from ``rulesets/auftragstaktik/``.

Every file has a pydantic model with ``extra="forbid"``, so a typo in a table is an error that
names the file and field, never a silent default. :func:`tables` and :func:`ruling_book` cache
what they read; nothing else in the rules package touches the disk, except :func:`unit_library`
which reads the bundled unit files under ``data/auftragstaktik/units/``.
"""

# No ``from __future__ import annotations`` here: pydantic then reads each field's type as
# Python made it, instead of evaluating strings, and the table models are made faster.
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel

import umpire.core.rulings
import umpire.schema.checked
from umpire.core.rulings import RulingBook, Rulings
from umpire.errors import DataError
from umpire.rules.auftragstaktik.combat_tables import CloseCombatFile, CommonFile, CrtFile, FireFile, MoraleFile
from umpire.rules.auftragstaktik.support_tables import CommandFile, IndirectFile, MiscFile, SpottingFile
from umpire.rules.auftragstaktik.table_base import TableModel
from umpire.rules.auftragstaktik.turn_tables import RatingFile, TurnFile
from umpire.schema.load import read_yaml, validate

RULESET = "auftragstaktik"


# --- ruleset.yaml -----------------------------------------------------------------------------


class RulesetFile(TableModel):
    name: str
    title: str
    aliases: list[str]
    version: str
    author: str
    source: str
    files: dict[str, str]


class Tables(TableModel):
    """Every table of the ruleset, validated."""

    ruleset: RulesetFile
    crt: CrtFile
    common: CommonFile
    fire: FireFile
    spotting: SpottingFile
    command: CommandFile
    morale: MoraleFile
    close_combat: CloseCombatFile
    indirect: IndirectFile
    misc: MiscFile
    rating: RatingFile
    turn: TurnFile


_FILES: dict[str, type[BaseModel]] = {
    "crt": CrtFile,
    "common": CommonFile,
    "fire": FireFile,
    "spotting": SpottingFile,
    "command": CommandFile,
    "morale": MoraleFile,
    "close_combat": CloseCombatFile,
    "indirect": IndirectFile,
    "misc": MiscFile,
    "rating": RatingFile,
    "turn": TurnFile,
}


def _dir() -> Path:
    from umpire.resources import ruleset_dir

    return ruleset_dir(RULESET)


def _load(model: type[BaseModel], name: str, folder: Path) -> BaseModel:
    path = folder / name
    return validate(model, read_yaml(path), f"rulesets/{RULESET}/{name}")


def _code() -> list[Path]:
    """The code the tables' models are made of (a change to it makes cached tables stale)."""
    return [Path(__file__), Path(umpire.schema.checked.__file__), Path(umpire.core.rulings.__file__)]


@lru_cache(maxsize=1)
def tables() -> Tables:
    """All the tables, read and validated once (and kept validated between runs,
    :mod:`umpire.schema.cache`).

    :raises DataError: naming the file and field of the first problem found.
    """
    from umpire.schema.cache import cached

    folder = _dir()
    return cached("auftragstaktik-tables", [*sorted(folder.glob("*.yaml")), *_code()], Tables, _read_tables)


def _read_tables() -> Tables:
    folder = _dir()
    meta = _load(RulesetFile, "ruleset.yaml", folder)
    assert isinstance(meta, RulesetFile)
    parts: dict[str, BaseModel] = {"ruleset": meta}
    for key, model in _FILES.items():
        if key not in meta.files:
            raise DataError(f"rulesets/{RULESET}/ruleset.yaml: files.{key}: missing")
        parts[key] = _load(model, meta.files[key], folder)
    return Tables.model_validate({k: v.model_dump() for k, v in parts.items()})


@lru_cache(maxsize=1)
def ruling_book() -> RulingBook:
    """The ruleset's rulings (every ambiguity entry), validated (and kept, as the tables)."""
    from umpire.schema.cache import cached

    def read() -> RulingBook:
        book = _load(RulingBook, "rulings.yaml", _dir())
        assert isinstance(book, RulingBook)
        return book

    return cached("auftragstaktik-rulings", [_dir() / "rulings.yaml", *_code()], RulingBook, read)


def rulings(overrides: dict[str, str] | None = None) -> Rulings:
    """The rulings in force: defaults plus ``overrides``.

    :raises UmpireError: for an unknown ruling name or choice.
    """
    return ruling_book().select(overrides or {})


def units_dir() -> Path:
    from umpire.resources import resource_dir

    return resource_dir("data") / RULESET / "units"
