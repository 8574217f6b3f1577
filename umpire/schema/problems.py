"""What is wrong with a file's data, in umpire's words: one problem per wrong value.

Pydantic says "Input should be 'decentralized', 'balanced' or 'centralized'" and "Extra inputs
are not permitted"; an umpire reads::

    sides[0].formations[0].doctrine: unknown doctrine 'decentralisd' (did you mean 'decentralized'? ...)
    sides[0].units[0].qualty: unknown field 'qualty' (did you mean 'quality'? known: at, base, ...)
    units.a-1-64.direction: 'east' is not a number or a list [x, y] (input: 'east')

A value that fits none of a field's allowed forms (a heading *or* a point) is one problem, not
one per form. A misspelt field name gets a suggestion as a misspelt value does (the names a
model allows there are found by walking the model along the problem's path).
"""

from __future__ import annotations

import re
import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

from umpire.errors import quoted, said, unknown

Path = tuple[Any, ...]

# How pydantic names the branch of a union (or a wrapper) in an error's location.
_TAG = re.compile(r"[A-Z]|.*[\[-]|(float|int|str|bool|none|list|dict|tuple|set|bytes|any)\Z")
_MISMATCH = re.compile(r".*_type\Z|.*_parsing\Z|literal_error\Z|is_instance_of\Z|union_tag_invalid\Z|"
                       r"int_from_float\Z|model_attributes_type\Z")
_NUMBER = "a plain decimal, e.g. 12 or -3.5"
_WORDS = {
    "float_type": f"not a number (allowed: {_NUMBER})",
    "float_parsing": f"not a number (allowed: {_NUMBER})",
    "int_type": "not a whole number (allowed: digits only, e.g. 7)",
    "int_parsing": "not a whole number (allowed: digits only, e.g. 7)",
    "int_from_float": "not a whole number (allowed: digits only, e.g. 7)",
    "finite_number": "not a finite number (.nan, .inf and numbers too large to hold are not allowed)",
    "missing": "missing field (required)",
    "model_type": "not a mapping (allowed: fields as name: value lines, or {name: value})",
    "model_attributes_type": "not a mapping (allowed: fields as name: value lines, or {name: value})",
    "dict_type": "not a mapping (allowed: name: value lines, or {name: value})",
    "list_type": "not a list (allowed: items as - item lines, or [a, b])",
    "tuple_type": "not a list (allowed: [a, b])",
    "string_type": "not text (allowed: a word or a quoted string)",
    "bool_type": "not true or false (allowed: true, false)",
    "bool_parsing": "not true or false (allowed: true, false)",
}
# What each kind of value is called when a value fits none of a field's forms.
_FORMS = {
    "float": "a number", "int": "a whole number", "str": "text", "bool": "true or false", "none": "empty (null)",
    "list": "a list", "tuple": "a list [x, y]", "dict": "a mapping", "literal": "one of the listed words",
}


def loc_text(path: Path) -> str:
    """``("sides", 0, "units")`` as ``sides[0].units``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def describe(err: ValidationError, data: Any = None, model: type[BaseModel] | None = None) -> list[tuple[Path, str]]:
    """Each problem of ``err`` once: the path of the value (as in the file: a union's branch
    names left out) and what is wrong with it, with the value given."""
    groups: dict[Path, list[tuple[Path, dict[str, Any]]]] = {}
    for detail in err.errors(include_url=False):
        e: dict[str, Any] = dict(detail)
        shown, group = _where_in(data, e)
        groups.setdefault(group, []).append((shown, e))
    out: list[tuple[Path, str]] = []
    for group, members in groups.items():
        specific = [m for m in members if not _MISMATCH.match(m[1]["type"])]
        if len(members) > 1 and not specific:
            at = group[:-1] if group[-1:] == ("|",) else members[0][0]
            out.append((at, _none_fits(members)))
            continue
        for shown, member in specific if len(members) > 1 else members:
            item = (shown, _words(shown, member, model))
            if item not in out:
                out.append(item)
    return out


def _where_in(data: Any, e: dict[str, Any]) -> tuple[Path, Path]:
    """(the field to show, the group it belongs to): a union's branch tags dropped, and every
    error under one union grouped, so that one value is one problem."""
    shown: list[Any] = []
    group: Path | None = None
    cur, live = data, True
    loc = e["loc"]
    for i, part in enumerate(loc):
        if live and isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif live and isinstance(cur, list | tuple) and isinstance(part, int) and 0 <= part < len(cur):
            cur = cur[part]
        elif isinstance(part, str) and _TAG.match(part) and not (e["type"] == "missing" and i == len(loc) - 1):
            group = group or (*shown, "|")
            live = False
            continue
        else:
            live = False
        shown.append(part)
    return tuple(shown), group or tuple(shown)


def _field_word(path: Path) -> str:
    name = next((p for p in reversed(path) if isinstance(p, str)), "value")
    return str(name).replace("_", " ")


def _words(path: Path, e: dict[str, Any], model: type[BaseModel] | None) -> str:
    kind = e["type"]
    ctx = e.get("ctx") or {}
    given = e.get("input")
    if kind == "extra_forbidden":
        names = fields_at(model, path[:-1]) if model is not None else None
        if names:
            return str(unknown("field", path[-1], names))
        return f"unknown field {path[-1]!r} (not allowed here; check the spelling)"
    if kind == "literal_error":
        choices = re.findall(r"'((?:[^'\\]|\\.)*)'", str(ctx.get("expected", "")))
        if choices and isinstance(given, str):
            return str(unknown(_field_word(path), given, choices))
        allowed = ", ".join(choices) or str(ctx.get("expected", ""))
        return f"{_given(path, given)} is not allowed (allowed: {allowed})"
    if kind == "missing":
        return _WORDS[kind]
    if kind in _WORDS:
        text = _WORDS[kind]
    elif kind in ("value_error", "assertion_error"):
        text = str(e["msg"]).removeprefix("Value error, ").removeprefix("Assertion failed, ")
    elif kind in ("greater_than", "greater_than_equal", "less_than", "less_than_equal"):
        bound = next(iter(ctx.values()))
        text = {"greater_than": "more than", "greater_than_equal": "at least", "less_than": "less than",
                "less_than_equal": "at most"}[kind]
        text = ("cannot be negative (allowed: 0 or more)" if kind == "greater_than_equal" and bound == 0
                else f"out of range (allowed: {text} {said(bound)})")
    elif kind in ("string_too_short", "string_too_long"):
        short = kind.endswith("short")
        n = ctx.get("min_length" if short else "max_length")
        text = (f"too {'short' if short else 'long'} (allowed: {'at least' if short else 'at most'} {n} "
                f"character{'s' if n != 1 else ''})")
    elif kind in ("too_short", "too_long"):
        short = kind.endswith("short")
        n = ctx.get("min_length" if short else "max_length")
        given = ctx.get("actual_length")
        # how many were given, not the items themselves (the file holds them)
        return (f"{'too few' if short else 'too many'} items{f': {given}' if given is not None else ''} "
                f"(allowed: {'at least' if short else 'at most'} {n})")
    elif kind == "string_pattern_mismatch":
        text = f"not allowed (allowed: letters, digits, - and _, matching {ctx.get('pattern')})"
    else:
        text = str(e["msg"]).replace("Input should be", "must be")
    # a mapping's own problem names what in it is wrong; the file holds the rest, as for a list
    return text if not path or isinstance(given, dict) else f"{text} (input: {quoted(given)})"


def _given(path: Path, value: Any) -> str:
    """The value a problem is about, as the message quotes it: a short excerpt
    (:func:`umpire.errors.quoted`); the whole file's (a file that is not what it should be, say a
    link to some other file) never: it is named by its kind alone."""
    return quoted(value) if path else "the file's content"


def _none_fits(members: list[tuple[Path, dict[str, Any]]]) -> str:
    forms: list[str] = []
    for _, m in members:
        kind = m["type"]
        if kind == "literal_error":
            words = re.findall(r"'((?:[^'\\]|\\.)*)'", str((m.get("ctx") or {}).get("expected", "")))
            form = "one of " + ", ".join(words) if words else _FORMS["literal"]
        else:
            form = _FORMS.get(kind.split("_")[0], kind.split("_")[0])
            if kind in ("model_type", "model_attributes_type", "dict_type"):
                form = _FORMS["dict"]
        if form not in forms:
            forms.append(form)
    return f"{_given(members[0][0], members[0][1].get('input'))} is not {' or '.join(forms)}"


# -- the fields a model allows at a path ---------------------------------------------------


def fields_at(model: type[BaseModel], path: Path) -> list[str] | None:
    """The field names the models at ``path`` of ``model`` allow (None if no model is there)."""
    current: list[Any] = [model]
    for part in path:
        nxt: list[Any] = []
        for tp in current:
            for t in _members(tp):
                nxt += _step(t, part)
        current = nxt
        if not current:
            return None
    names: list[str] = []
    for tp in current:
        for t in _members(tp):
            if isinstance(t, type) and issubclass(t, BaseModel):
                names += [n for n in t.model_fields if n not in names]
    return names or None


def _members(tp: Any) -> list[Any]:
    """The types a field may hold: Annotated unwrapped, a union's members, None left out."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _members(typing.get_args(tp)[0])
    if origin is typing.Union or origin is types.UnionType:
        return [m for a in typing.get_args(tp) for m in _members(a)]
    if tp is type(None):
        return []
    return [tp]


def _step(tp: Any, part: Any) -> list[Any]:
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        field = tp.model_fields.get(part) if isinstance(part, str) else None
        return [field.annotation] if field is not None else []
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is dict and args:
        return [args[1]]
    if origin in (list, set, frozenset) and args and isinstance(part, int):
        return [args[0]]
    if origin is tuple and args and isinstance(part, int):
        if len(args) == 2 and args[1] is Ellipsis:
            return [args[0]]
        return [args[part]] if part < len(args) else []
    return []
