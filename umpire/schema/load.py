"""Read YAML data files into pydantic models; errors name file, field path, value and reason.

One line per problem, e.g.::

    scenarios/meeting.yaml: units[3].facing: value 'east' is not a number (input: 'east')

The loader never imports anything heavy and caches nothing itself: callers cache what they load
(see :func:`cached_model`).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from umpire.errors import DataError

M = TypeVar("M", bound=BaseModel)


def _loc(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def render_errors(where: str, err: ValidationError) -> str:
    """One line per pydantic error: ``where: path.to.field: reason (input: value)``."""
    lines = []
    for e in err.errors(include_url=False):
        loc = tuple(p for p in e["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        msg = e["msg"]
        if e["type"] == "extra_forbidden":
            msg = "unknown field (not allowed here; check the spelling)"
        elif e["type"] == "missing":
            msg = "missing field (required)"
        shown = "" if e["type"] == "missing" else f" (input: {e.get('input')!r})"
        if len(shown) > 80:
            shown = shown[:77] + "...)"
        lines.append(f"{where}: {_loc(loc)}: {msg}{shown}")
    return "\n".join(lines)


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path) -> Any:
    """Parse a YAML file.

    :raises DataError: if the file is missing or is not valid YAML.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{path}: file not found") from None
    except (IsADirectoryError, UnicodeDecodeError) as exc:
        raise DataError(f"{path}: cannot read as a UTF-8 text file ({exc.__class__.__name__})") from None
    try:
        return yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader (libyaml's when built)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise DataError(f"{path}: not valid YAML{at}: {problem}") from None


def validate(model: type[M], data: Any, where: str) -> M:
    """Validate ``data`` as ``model``; :raises DataError: listing every problem, one per line."""
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise DataError(render_errors(where, err)) from None


def load_model(model: type[M], path: Path, where: str | None = None) -> M:
    """Read ``path`` and validate it as ``model``."""
    return validate(model, read_yaml(path), where or str(path))


@lru_cache(maxsize=64)
def cached_model(model: type[BaseModel], path: Path) -> BaseModel:
    """:func:`load_model`, cached for bundled files that never change while we run."""
    return load_model(model, path, where=f"{path.parent.name}/{path.name}")
