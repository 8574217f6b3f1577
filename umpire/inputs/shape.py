"""The first step of every check: a file's shape validated whole, its problems placed."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from umpire.inputs import Found
from umpire.schema.locate import Locator
from umpire.schema.reader import Marks
from umpire.schema.settle import Settled, settle

M = TypeVar("M", bound=BaseModel)


def shape(model: type[M], data: Any, marks: Marks, where: str,
          places: dict[tuple[Any, ...], list[int]] | None = None) -> tuple[Settled[M], Found]:
    """``data`` settled as ``model`` (:func:`~umpire.schema.settle.settle`), and its problems so
    far, each at its place in the file; later checks add theirs to the same :class:`Found`."""
    settled = settle(model, data, places)
    found = Found(where, Locator(marks, settled))
    for path, text in settled.problems:
        found.at(path, text)
    return settled, found


WAITING = "the {what} run once the problems above are fixed"
