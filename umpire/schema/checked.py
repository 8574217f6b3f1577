"""The base of every input model: numbers finite and in range, text and geometry bounded.

Every pydantic model that reads user or data files (scenarios, orders files, calc cases, rating
specs, ruleset tables and cards) derives from :class:`Checked`. Its schema is the model's own,
with every ``float`` and ``int`` in it (inside lists, tuples, dicts and unions too) made:

- strict: a real number only, not a true/false value and not text (``"1_0"``, ``"nan"``);
- finite: ``.nan``, ``.inf`` and ``1e400`` are refused;
- in range: at most :data:`~umpire.schema.limits.MAX_NUMBER` in magnitude, unless the field
  sets its own bounds (a seed goes up to :data:`~umpire.schema.limits.MAX_SEED`);

every ``str`` at most :data:`~umpire.schema.limits.MAX_TEXT` characters, and every list or
mapping at most :data:`~umpire.schema.limits.MAX_ITEMS` items, unless the field says otherwise;
every ``bool`` strict: only ``true`` and ``false``, never the text ``yes``, ``on`` or ``1``
(pydantic would take those). A fixed choice (a ``Literal``) is read case-blind, with ``-``, ``_``
and a space alike, and in British or American spelling (``decentralised``, :mod:`umpire.schema.spelling`),
where that names one choice only; a field's name is read in either spelling too (``armor_mm:``
for ``armour_mm:``).

Doing it here, once, rather than with an annotated type on each of several hundred fields, means
a field added tomorrow is checked too; ``tests/schema/test_checked_models.py`` walks every
model's schema to make sure none escapes. Pydantic calls ``__get_pydantic_core_schema__`` to
build each model's schema; this one takes the schema pydantic makes and tightens it.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, GetCoreSchemaHandler
from pydantic_core import CoreSchema

from umpire.schema.limits import (
    MAX_BASE,
    MAX_ITEMS,
    MAX_NUMBER,
    MAX_SEED,
    MAX_TABLE,
    MAX_TEXT,
    MAX_VERTICES,
    MAX_WAYPOINTS,
)

_SKIP = frozenset({"metadata", "serialization", "ref"})


def checked_schema(schema: Any) -> Any:
    """A copy of a pydantic core schema with the number and text checks above applied."""
    if isinstance(schema, list):
        return [checked_schema(s) for s in schema]
    if isinstance(schema, tuple):
        return tuple(checked_schema(s) for s in schema)
    if not isinstance(schema, dict):
        return schema
    out = {k: (v if k in _SKIP else checked_schema(v)) for k, v in schema.items()}
    kind = out.get("type")
    if kind == "model-fields":
        _spelling_aliases(out["fields"])
    elif kind == "bool":
        out["strict"] = True
    elif kind == "literal" and any(isinstance(e, str) for e in out["expected"]):
        return {"type": "function-before", "function": {"type": "no-info", "function": _choice_reader(out["expected"])},
                "schema": out}
    if kind in ("float", "int"):
        out["strict"] = True
        if "ge" not in out and "gt" not in out:
            out["ge"] = -MAX_NUMBER
        if "le" not in out and "lt" not in out:
            out["le"] = MAX_NUMBER
        if kind == "float":
            out["allow_inf_nan"] = False
    elif kind == "str":
        out.setdefault("max_length", MAX_TEXT)
    elif kind in ("list", "set", "frozenset", "dict") or (kind == "tuple" and "variadic_item_index" in out):
        out.setdefault("max_length", MAX_ITEMS)
    return out


def _key(word: str) -> str:
    return " ".join(word.casefold().replace("_", " ").replace("-", " ").split())


def _choice_reader(expected: list[Any]) -> Any:
    """A reader taking a fixed choice as the table says it: ``Veteran``, ``deep_snow``,
    ``decentralised``; anything else is left for the literal to refuse, naming the choices."""
    from umpire.schema.spelling import spellings

    exact = frozenset(e for e in expected if isinstance(e, str))
    found: dict[str, set[str]] = {}
    for e in exact:
        for form in spellings(e):
            found.setdefault(_key(form), set()).add(e)
    table = {k: next(iter(v)) for k, v in found.items() if len(v) == 1}

    def read(value: Any) -> Any:
        if isinstance(value, str) and value not in exact:
            return table.get(_key(value), value)
        return value

    return read


def _spelling_aliases(fields: dict[str, Any]) -> None:
    """Each field also read under its name's other spellings (that no other field has)."""
    from umpire.schema.spelling import spellings

    for name, field in fields.items():
        if field.get("type") != "model-field" or "validation_alias" in field:
            continue
        others = sorted(spellings(name) - set(fields))
        if others:
            field["validation_alias"] = [[name], *([o] for o in others)]


class Checked(BaseModel):
    """A model read from a file: unknown fields refused, numbers and text checked (see above)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, defer_build=True)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: type[BaseModel], handler: GetCoreSchemaHandler) -> CoreSchema:
        schema: CoreSchema = checked_schema(handler(source))
        return schema


Point = tuple[float, float]
#: A terrain polygon or line: at most MAX_VERTICES points.
Vertices = Annotated[list[Point], Field(max_length=MAX_VERTICES)]
#: The waypoints of one move: at most MAX_WAYPOINTS.
Waypoints = Annotated[list[Point], Field(max_length=MAX_WAYPOINTS)]
#: A game's seed: what SQLite can store.
Seed = Annotated[int, Field(ge=0, le=MAX_SEED)]
#: A side of the table, in inches.
TableInches = Annotated[float, Field(gt=0, le=MAX_TABLE)]
#: A stand's base, width by depth in inches.
Base = tuple[Annotated[float, Field(gt=0, le=MAX_BASE)], Annotated[float, Field(gt=0, le=MAX_BASE)]]


IDENT = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}\Z")
COLOUR = re.compile(r"(#[0-9A-Fa-f]{6}|[A-Za-z]{1,30})?\Z")


def _ident(value: str) -> str:
    if not IDENT.match(value):
        raise ValueError("not an id umpire can use in file names (allowed: letters, digits, - and _, "
                         "starting with a letter or digit, at most 40 characters, e.g. nato)")
    return value


def _colour(value: str) -> str:
    if not COLOUR.match(value):
        raise ValueError("not a colour (allowed: #rrggbb, e.g. #2456a6, or a colour word, e.g. blue)")
    return value


#: The id of a side, a player or a game: it becomes part of file names (briefings, rosters,
#: papers), so it is letters, digits, ``-`` and ``_`` (docs/input-limits.md).
Ident = Annotated[str, AfterValidator(_ident)]
#: A side's colour: ``#rrggbb`` or a colour word (one the map does not know is drawn in its
#: default colour); empty for the side's turn in the palette.
Colour = Annotated[str, AfterValidator(_colour)]
