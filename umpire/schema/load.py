"""Read YAML data files into pydantic models; errors name file, field path, value and reason.

One line per problem, in umpire's words (:mod:`umpire.schema.problems`), e.g.::

    scenarios/meeting.yaml: units[3].facing: not a number (allowed: ...) (input: 'east')

Files are read by :mod:`umpire.schema.reader` (size, depth and
alias limits, duplicate keys refused). The loader never imports anything heavy and caches
nothing itself: callers cache what they load (see :func:`cached_model`).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from umpire.errors import DataError, shown
from umpire.schema.limits import MAX_FILE_BYTES
from umpire.schema.problems import describe, loc_text

M = TypeVar("M", bound=BaseModel)


def render_errors(where: str, err: ValidationError, data: Any = None, model: type[BaseModel] | None = None) -> str:
    """One line per problem: ``where: path.to.field: reason (input: value)`` (see
    :func:`umpire.schema.problems.describe`)."""
    return "\n".join(f"{where}: {loc_text(path)}: {text}" for path, text in describe(err, data, model))


def read_yaml(path: Path, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """Parse a YAML file, within the input limits (:mod:`umpire.schema.limits`).

    :raises DataError: if the file is missing, too large, not UTF-8 or not valid (limited) YAML.
    """
    from umpire.schema.reader import read_yaml_file  # (libyaml: only when a file is read, not from the cache)

    return read_yaml_file(Path(path), max_bytes)


def validate(model: type[M], data: Any, where: str) -> M:
    """Validate ``data`` as ``model``; :raises DataError: one line per problem."""
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise DataError(render_errors(where, err, data, model)) from None


def load_model(model: type[M], path: Path, where: str | None = None, max_bytes: int = MAX_FILE_BYTES) -> M:
    """Read ``path`` and validate it as ``model``."""
    return validate(model, read_yaml(path, max_bytes), where or shown(path))


@lru_cache(maxsize=64)
def cached_model(model: type[BaseModel], path: Path) -> BaseModel:
    """:func:`load_model`, cached for bundled files that never change while we run."""
    return load_model(model, path, where=f"{path.parent.name}/{path.name}")
