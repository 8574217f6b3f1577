"""No module reaches into pydantic's internals (``__dict__``, ``__pydantic_fields_set__``,
``__pydantic_extra__``, ``__pydantic_private__``): models are built and copied through their
public API (``model_construct``, ``model_copy``, ``copy.copy``, ``model_fields_set``), so a new
pydantic cannot change what a copy holds behind umpire's back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import REPO

INTERNALS = re.compile(r"__dict__|__pydantic_\w+__")


@pytest.mark.parametrize("path", sorted((REPO / "umpire").rglob("*.py")), ids=lambda p: str(p.relative_to(REPO)))
def test_no_pydantic_internals(path: Path) -> None:
    found = [f"{i}: {line.strip()}" for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if INTERNALS.search(line)]
    assert found == [], f"{path.relative_to(REPO)} reaches into a model's internals"


def test_a_copy_is_its_own() -> None:
    from pydantic import Field

    from umpire.core.shared import dup
    from umpire.core.state import OwnState, UnitState

    class Kept(OwnState):
        marks: list[str] = Field(default_factory=list)

    u = UnitState(id="a", name="a", side="x", ident={"nato": "full"}, own=Kept(marks=["track"]), spotted_by=["nato"])
    c = dup(u)
    c.ident["nato"] = "type"
    Kept.of(c).marks.append("gun")
    c.spotted_by.append("pact")
    assert u.ident == {"nato": "full"} and Kept.of(u).marks == ["track"] and u.spotted_by == ["nato"]
    assert c == u.model_copy(update={"ident": {"nato": "type"}, "own": Kept(marks=["track", "gun"]),
                                     "spotted_by": ["nato", "pact"]})
    assert c.model_fields_set == u.model_fields_set
