"""Whether a unit already holds what reading its snapshot text gives back, and that text's data.

The snapshot writes a unit as ``model_dump(mode="python", exclude_defaults=True)`` and reads it
back from that JSON: a ``float`` field comes back a float, a list of tuples a list of tuples, a
dict with its keys in sorted order, a field left out as its default. A unit whose every field
already holds exactly that (down to the types) reads back as itself, so the writer keeps it as it
is instead of parsing its text again (:func:`umpire.core.snapshot.write`), and writes the data
:func:`canonical_dump` builds, which is what ``model_dump`` gives (tests check both, for every
field of every unit model).

What this module cannot vouch for it says no to, and the writer reads the text back as before:
a field of a type it does not know (a union of two kinds of value, a model inside a model that is
not a unit's own state, ``Any``), a number that is not finite, a ``bool`` where an ``int`` is
declared, a subclass of ``str``, a dict whose keys are out of order, a field equal to its default
that would read back as a different value (``0`` for ``0.0``, ``-0.0``).
"""

from __future__ import annotations

import marshal
import math
from collections.abc import Callable
from dataclasses import dataclass
from types import NoneType, UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, SerializeAsAny

from umpire.core.shared import field_reader
from umpire.core.state import OwnState

_AS_ANY: type = SerializeAsAny  # the mark of a unit's own state: dumped as its own class
NO: Any = object()  # a value not in canonical form
Dump = Callable[[Any], Any]  # a value in canonical form -> what model_dump gives of it; else NO


@dataclass(frozen=True)
class Plan:
    """How to dump a model class: per field, its name, its check, its default and the default's
    marshal bytes; and one call that reads every field of an instance."""

    fields: tuple[tuple[str, frozenset[type], Dump, Any, bytes], ...]  # (and the atoms it takes as they are)
    read: Callable[[Any], tuple[Any, ...]]


def canonical_dump(model: BaseModel) -> dict[str, Any] | None:
    """``model_dump(mode="python", exclude_defaults=True)`` of ``model`` (lists and dicts in it
    not copied), if reading that data back as JSON gives ``model`` exactly; else None."""
    plan = _plan(type(model))
    return None if plan is None else _dump(plan, model)


def _dump(plan: Plan, model: Any) -> Any:
    out: dict[str, Any] = {}
    for (name, atoms, dump, default, printed), v in zip(plan.fields, plan.read(model), strict=True):
        if v is default:
            continue
        if v == default:  # left out: it reads back as its default, which must be what it holds
            try:
                if marshal.dumps(v, 2) != printed:
                    return None
            except ValueError:
                return None
            continue
        t = type(v)
        if t in atoms:  # (most fields: checked here, without a call)
            if t is float and v - v != 0.0:  # not finite
                return None
            out[name] = v
            continue
        d = dump(v)
        if d is NO:
            return None
        out[name] = d
    return out


def _plan(cls: type) -> Plan | None:
    try:
        return _PLANS[cls]
    except KeyError:
        plan = _PLANS[cls] = _make_plan(cls) if issubclass(cls, BaseModel) else None
        return plan


_PLANS: dict[type, Plan | None] = {}


def _make_plan(cls: type[BaseModel]) -> Plan | None:
    """The plan of ``cls``, or None if it cannot be vouched for (a config that changes what is
    read or written; a field without a default; a default not a plain value)."""
    if set(cls.model_config) - {"extra", "frozen", "title"} or cls.model_config.get("extra") not in (None, "forbid"):
        return None
    fields = []
    for name, f in cls.model_fields.items():
        if not all(isinstance(m, _AS_ANY) for m in f.metadata):
            return None  # constraints: what reading refuses, this would not
        default = f.get_default(call_default_factory=True)
        dump = _own if _is_own(f.annotation) else _checker(f.annotation)
        try:
            printed = marshal.dumps(default, 2)
        except ValueError:  # a model (a unit's own state): never equal to a unit's own model
            printed = b""
        fields.append((name, _atom_types(f.annotation), dump, default, printed))
    return Plan(tuple(fields), field_reader(cls)[1])


def _atom_types(annotation: Any) -> frozenset[type]:
    """The types of atom a field declared as ``annotation`` holds as they are (a float: finite),
    if that is all it holds (str, int, float, bool, None and unions of them); else none."""
    kinds = get_args(annotation) if get_origin(annotation) in (Union, UnionType) else (annotation,)
    types = [NoneType if k is None else k for k in kinds]
    return frozenset(types) if all(k in (str, int, float, bool, NoneType) for k in types) else frozenset()


def _is_own(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, OwnState)


def _own(v: Any) -> Any:
    """A unit's own state: read back as its own class (the context the snapshot reads it with)."""
    plan = _plan(type(v))
    if plan is None:
        return NO
    out = _dump(plan, v)
    return NO if out is None else out


def _checker(annotation: Any) -> Dump:
    """The check of a value declared as ``annotation``: the value itself if it is in canonical
    form, else NO (always NO for a declared type this module does not know)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _checker(get_args(annotation)[0])
    if annotation in _ATOMS:
        return _ATOMS[annotation]
    args = get_args(annotation)
    if origin is Literal:
        allowed = {(type(a), a) for a in args}
        kinds = {type(a) for a in args}  # (atoms: a value of another type may not be hashable)
        return lambda v: v if type(v) in kinds and (type(v), v) in allowed else NO
    if origin is Union or origin is UnionType:
        return _optional(args)
    if origin is tuple:
        return _tuple(args)
    if origin is list and len(args) == 1:
        item = _checker(args[0])
        return lambda v: v if type(v) is list and all(item(x) is not NO for x in v) else NO
    if origin is dict and len(args) == 2 and args[0] is str:
        value = _checker(args[1])
        return lambda v: v if type(v) is dict and _sorted_str_keys(v) and all(value(x) is not NO
                                                                              for x in v.values()) else NO
    return _never


def _never(v: Any) -> Any:
    return NO


def _optional(args: tuple[Any, ...]) -> Dump:
    """``X | None``: None, or a canonical X; a union of two kinds of value is not vouched for
    (which one reading picks depends on pydantic's choice)."""
    rest = [a for a in args if a is not NoneType]
    if len(rest) != len(args) - 1:
        return _never
    if len(rest) == 1:
        inner = _checker(rest[0])
    elif all(get_origin(a) is Literal for a in rest):
        inner = _checker(Literal[tuple(x for a in rest for x in get_args(a))])
    else:
        inner = _never
    return lambda v: v if v is None else inner(v)


def _tuple(args: tuple[Any, ...]) -> Dump:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _checker(args[0])
        return lambda v: v if type(v) is tuple and all(item(x) is not NO for x in v) else NO
    if not args or Ellipsis in args:
        return _never
    items = tuple(_checker(a) for a in args)
    n = len(items)
    return lambda v: v if type(v) is tuple and len(v) == n and all(
        c(x) is not NO for c, x in zip(items, v, strict=True)) else NO


def _sorted_str_keys(d: dict[Any, Any]) -> bool:
    keys = list(d)
    return all(type(k) is str for k in keys) and all(a < b for a, b in zip(keys, keys[1:], strict=False))


def _float(v: Any) -> Any:
    return v if type(v) is float and math.isfinite(v) else NO


_ATOMS: dict[Any, Dump] = {
    str: lambda v: v if type(v) is str else NO,
    int: lambda v: v if type(v) is int else NO,
    bool: lambda v: v if type(v) is bool else NO,
    float: _float,
    NoneType: lambda v: v if v is None else NO,
    None: lambda v: v if v is None else NO,
}

__all__ = ["NO", "Plan", "canonical_dump"]
