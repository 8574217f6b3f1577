"""What an ``umpire calc`` case may hold, read off its pydantic model: every field with its
allowed values and default (``umpire calc fields PROCEDURE``), and which defaults a given case
leaned on because it left a field out (printed under the answer, so "not moved, regular" is
never silently assumed).
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

#: Fields whose default is worth saying when a case leaves them out: the state of the units
#: and of the shot, which change outcomes (not bookkeeping such as names or rulings).
STATE_FIELDS = frozenset({
    "quality", "orders", "moved", "hits", "cover", "entrenchment", "spotted", "aspect", "night",
    "phase", "grade", "turret", "terrain", "conditions", "game", "kind", "fired", "hull_down",
    "suppressed", "attacker_morale", "defender_morale", "doctrine", "orders_level",
    "firing_level", "stationary", "level", "size_class", "attacker_grade", "defender_grade",
})


@dataclass(frozen=True)
class FieldLine:
    """One field of a case: its dotted path, what it accepts, its default (None if required),
    and what it is (the field's description)."""

    path: str
    accepts: str
    default: str | None
    text: str = ""


def _bare(t: Any) -> Any:
    return get_args(t)[0] if get_origin(t) is typing.Annotated else t


def members(t: Any) -> list[Any]:
    t = _bare(t)
    if get_origin(t) in (Union, types.UnionType):
        return [_bare(a) for a in get_args(t)]
    return [t]


def model_of(t: Any) -> type[BaseModel] | None:
    for m in members(t):
        if isinstance(m, type) and issubclass(m, BaseModel):
            return m
        if get_origin(m) is list:
            inner = _bare(get_args(m)[0])
            if isinstance(inner, type) and issubclass(inner, BaseModel):
                return inner
    return None


def _holds(t: Any) -> tuple[type[BaseModel] | None, str]:
    """The model a field holds, and how its path goes on: ``.`` (one), ``[].`` (a list of
    them), ``.ID.`` (a mapping of them by id)."""
    sub = model_of(t)
    if sub is not None:
        return sub, "[]." if any(get_origin(m) is list for m in members(t)) else "."
    for m in members(t):
        if get_origin(m) is dict:
            inner = _bare(get_args(m)[1])
            if isinstance(inner, type) and issubclass(inner, BaseModel):
                return inner, ".ID."
    return None, ""


def _bounds(info: FieldInfo) -> str:
    out = []
    for m in info.metadata:
        for name, sign in (("ge", ">="), ("gt", ">"), ("le", "<="), ("lt", "<")):
            v = getattr(m, name, None)
            if v is not None:
                out.append(f"{sign} {v:g}")
        if getattr(m, "min_length", None):
            out.append(f"at least {m.min_length} item(s)")
    return " and ".join(out)


def accepts_words(t: Any, info: FieldInfo) -> str:
    words: list[str] = []
    for m in members(t):
        if m is type(None):
            continue
        if get_origin(m) is Literal:
            words.append(" | ".join(str(a) for a in get_args(m)))
        elif m is bool:
            words.append("true | false")
        elif m in (int, float):
            bound = _bounds(info)
            words.append(("a whole number" if m is int else "a number") + (f" {bound}" if bound else ""))
        elif m is str:
            words.append("text")
        elif get_origin(m) is dict:
            words.append("a mapping")
        elif get_origin(m) is list:
            words.append("a list")
        elif isinstance(m, type) and issubclass(m, BaseModel):
            words.append("a mapping (fields below)")
        else:
            words.append(str(getattr(m, "__name__", m)))
    return " or ".join(dict.fromkeys(words)) or "anything"


def _default(info: FieldInfo) -> str | None:
    if info.default is not PydanticUndefined:
        value = info.default
    elif info.default_factory is not None:
        value = info.default_factory()  # type: ignore[call-arg]
    else:
        return None
    if isinstance(value, BaseModel):
        return "(its fields' defaults)"
    return show(value)


def show(value: Any) -> str:
    if value is None:
        return "none (worked out)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict | list) and not value:
        return "none"
    return str(value)


def field_lines(model: type[BaseModel], prefix: str = "", *, skip: tuple[str, ...] = ("ruleset",),
                _within: dict[type[BaseModel], str] | None = None) -> list[FieldLine]:
    """Every field of ``model``, nested models expanded (``shooter.quality``; ``units.ID.order``
    for a mapping of them by id); a model inside itself (a formation's formations) is named,
    not expanded again."""
    within = dict(_within or {})
    within[model] = prefix.rstrip(".")
    out: list[FieldLine] = []
    for name, info in model.model_fields.items():
        key = info.alias or name
        if key in skip:
            continue
        path = f"{prefix}{key}"
        sub, step = _holds(info.annotation)
        accepts = accepts_words(info.annotation, info)
        if sub is not None and sub in within:
            accepts += f" (each as {within[sub] or 'the file'})"
        out.append(FieldLine(path, accepts, _default(info), info.description or ""))
        if sub is not None and sub not in within:
            out += field_lines(sub, f"{path}{step}", skip=(), _within=within)
    return out


def assumed(case: BaseModel, prefix: str = "") -> list[str]:
    """The state fields ``case`` left out, with the default taken (``shooter.moved false``)."""
    out: list[str] = []
    for name, info in type(case).model_fields.items():
        value = getattr(case, name)
        path = f"{prefix}{info.alias or name}"
        if isinstance(value, BaseModel):
            out += assumed(value, f"{path}.")
        elif isinstance(value, list) and value and isinstance(value[0], BaseModel):
            for i, v in enumerate(value):
                out += assumed(v, f"{path}[{i}].")
        elif name not in case.model_fields_set and name in STATE_FIELDS and value is not None:
            out.append(f"{path} {show(value)}")
    return out
