"""The examples in the geometry docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["facts", "table", "footprint", "distance", "arcs", "sight", "movement"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"umpire.geometry.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0
