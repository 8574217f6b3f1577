"""Read YAML data files into pydantic models; errors name file, field path, value and reason.

One line per problem, e.g.::

    scenarios/meeting.yaml: units[3].facing: not a number (allowed: ...) (input: 'east')

A value that fits none of a field's allowed forms (a heading *or* a point) is one problem and
one line, not a line per form. Files are read by :mod:`umpire.schema.reader` (size, depth and
alias limits, duplicate keys refused). The loader never imports anything heavy and caches
nothing itself: callers cache what they load (see :func:`cached_model`).
"""

from __future__ import annotations

import re
import reprlib
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from umpire.errors import DataError
from umpire.schema.limits import MAX_FILE_BYTES
from umpire.schema.reader import read_yaml_file

M = TypeVar("M", bound=BaseModel)

MAX_LINES = 20  # problems listed for one file; the rest are counted

_SHOW = reprlib.Repr()
_SHOW.maxstring = 60
_SHOW.maxother = 60
_SHOW.maxlist = _SHOW.maxtuple = 4
_SHOW.maxdict = 3
_SHOW.maxlevel = 2

# How pydantic names the branch of a union (or a wrapper) in an error's location.
_TAG = re.compile(r"[A-Z]|.*[\[-]|(float|int|str|bool|none|list|dict|tuple|set|bytes|any)\Z")
_MISMATCH = re.compile(r".*_type\Z|literal_error\Z|is_instance_of\Z|union_tag_invalid\Z")
_PLAIN_MESSAGES = {
    "float_type": "not a number (allowed: a plain decimal, e.g. 12 or -3.5)",
    "float_parsing": "not a number (allowed: a plain decimal, e.g. 12 or -3.5)",
    "int_type": "not a whole number (allowed: digits only, e.g. 7)",
    "int_parsing": "not a whole number (allowed: digits only, e.g. 7)",
    "int_from_float": "not a whole number (allowed: digits only, e.g. 7)",
    "finite_number": "not a finite number (.nan, .inf and numbers too large to hold are not allowed)",
    "extra_forbidden": "unknown field (not allowed here; check the spelling)",
    "missing": "missing field (required)",
    "model_type": "not a mapping (allowed: fields as name: value lines, or {name: value})",
    "model_attributes_type": "not a mapping (allowed: fields as name: value lines, or {name: value})",
    "dict_type": "not a mapping (allowed: name: value lines, or {name: value})",
    "list_type": "not a list (allowed: items as - item lines, or [a, b])",
    "string_type": "not text (allowed: a word or a quoted string)",
    "bool_type": "not true or false (allowed: true, false)",
    "bool_parsing": "not true or false (allowed: true, false)",
}


def _loc(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def _where_in(data: Any, e: dict[str, Any]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """(the field to show, the group it belongs to): a union's branch tags dropped, and every
    error under one union grouped, so that one value is one problem."""
    shown: list[Any] = []
    group: tuple[Any, ...] | None = None
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


def render_errors(where: str, err: ValidationError, data: Any = None) -> str:
    """One line per problem: ``where: path.to.field: reason (input: value)``."""
    groups: dict[tuple[Any, ...], list[tuple[tuple[Any, ...], dict[str, Any]]]] = {}
    for detail in err.errors(include_url=False):
        e: dict[str, Any] = dict(detail)
        shown, group = _where_in(data, e)
        groups.setdefault(group, []).append((shown, e))
    lines: list[str] = []
    for group, members in groups.items():
        specific = [m for m in members if not _MISMATCH.match(m[1]["type"])]
        if len(members) > 1 and not specific:
            shown, first = members[0]
            alternatives = []
            for _, member in members:
                msg = str(member["msg"]).removeprefix("Input should be ")
                if msg not in alternatives:
                    alternatives.append(msg)
            at = group[:-1] if group[-1:] == ("|",) else shown
            lines.append(_line(where, at, first, "Input should be " + " or ".join(alternatives)))
            continue
        for shown, member in specific if len(members) > 1 else members:
            line = _line(where, shown, member, _PLAIN_MESSAGES.get(member["type"], str(member["msg"])))
            if line not in lines:
                lines.append(line)
    if len(lines) > MAX_LINES:
        lines = [*lines[:MAX_LINES], f"{where}: ... and {len(lines) - MAX_LINES} more problems"]
    return "\n".join(lines)


def _line(where: str, loc: tuple[Any, ...], e: dict[str, Any], msg: str) -> str:
    msg = msg.removeprefix("Value error, ")
    shown = "" if e["type"] == "missing" else f" (input: {_SHOW.repr(e.get('input'))})"
    return f"{where}: {_loc(loc)}: {msg}{shown}"


def read_yaml(path: Path, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """Parse a YAML file, within the input limits (:mod:`umpire.schema.limits`).

    :raises DataError: if the file is missing, too large, not UTF-8 or not valid (limited) YAML.
    """
    return read_yaml_file(Path(path), max_bytes)


def validate(model: type[M], data: Any, where: str) -> M:
    """Validate ``data`` as ``model``; :raises DataError: one line per problem."""
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise DataError(render_errors(where, err, data)) from None


def load_model(model: type[M], path: Path, where: str | None = None, max_bytes: int = MAX_FILE_BYTES) -> M:
    """Read ``path`` and validate it as ``model``."""
    from umpire.errors import shown

    return validate(model, read_yaml(path, max_bytes), where or shown(path))


@lru_cache(maxsize=64)
def cached_model(model: type[BaseModel], path: Path) -> BaseModel:
    """:func:`load_model`, cached for bundled files that never change while we run."""
    return load_model(model, path, where=f"{path.parent.name}/{path.name}")
