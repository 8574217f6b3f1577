"""Every input model checks every number and every text it reads (umpire.schema.checked).

The walk goes through each model's own validation schema, so a field added tomorrow with a bare
``float`` is caught here, not by a user's ``.nan``.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

import umpire
from umpire.schema.checked import Checked
from umpire.schema.limits import MAX_ITEMS, MAX_NUMBER, MAX_TEXT

# The core's models are not read from user files: the game state and resolutions are made by
# code and stored by the store, and the ruling books are bundled data the core loads itself. A
# ruleset's own part of the game state (its state module, ``umpire/rules/<name>/state.py``) is
# the game state too, and so are the facts its results carry (``facts.py``: made by the turn's
# code, stored as the result's JSON, never read back from a file into these models).
NOT_INPUT = ("umpire.core.",)


def _state(name: str) -> bool:
    module = name.rsplit(".", 1)[0]
    return (module.startswith("umpire.rules.") and module.endswith(".state")
            or module.startswith(("umpire.rules.", "umpire.turns.")) and module.endswith(".facts"))


def _models() -> dict[str, type[BaseModel]]:
    found: dict[str, type[BaseModel]] = {}
    for info in pkgutil.walk_packages(umpire.__path__, "umpire."):
        if info.name.startswith(("umpire.cli", "umpire.__main__")):
            continue
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if inspect.isclass(obj) and issubclass(obj, BaseModel) and obj.__module__ == module.__name__:
                found[f"{module.__name__}.{name}"] = obj
    return found


MODELS = _models()
INPUT_MODELS = {k: v for k, v in MODELS.items() if not k.startswith(NOT_INPUT) and not _state(k)}


def _unchecked(schema: Any, path: str = "") -> list[str]:
    out: list[str] = []
    if isinstance(schema, list):
        for s in schema:
            out += _unchecked(s, path)
        return out
    if not isinstance(schema, dict):
        return out
    kind = schema.get("type")
    if kind in ("float", "int"):
        if not schema.get("strict"):
            out.append(f"{path}: {kind} not strict")
        if kind == "float" and schema.get("allow_inf_nan", True):
            out.append(f"{path}: float allows nan/inf")
        if not any(k in schema for k in ("le", "lt")) or not any(k in schema for k in ("ge", "gt")):
            out.append(f"{path}: {kind} unbounded")
    if kind == "str" and "max_length" not in schema:
        out.append(f"{path}: str unbounded")
    if kind in ("list", "set", "frozenset", "dict") and "max_length" not in schema:
        out.append(f"{path}: {kind} unbounded")
    for key, value in schema.items():
        if key in ("metadata", "serialization"):
            continue
        if key == "fields" and isinstance(value, dict):
            for name, field in value.items():
                out += _unchecked(field, f"{path}.{name}")
        elif isinstance(value, dict | list):
            out += _unchecked(value, path)
    return out


def test_there_are_input_models_to_check():
    assert len(INPUT_MODELS) > 150
    assert "umpire.schema.scenario.Scenario" in INPUT_MODELS
    assert "umpire.turns.auftragstaktik.orders_file.UnitOrders" in INPUT_MODELS


@pytest.mark.parametrize("name", sorted(INPUT_MODELS))
def test_every_input_model_is_checked(name):
    model = INPUT_MODELS[name]
    assert issubclass(model, Checked), f"{name} must derive from umpire.schema.checked.Checked"
    assert _unchecked(model.__pydantic_core_schema__) == []


class Sample(Checked):
    x: float = 0.0
    n: int = 0
    pair: tuple[float, float] | None = None
    text: str = ""
    items: list[int] = []


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        ({"x": float("nan")}, "finite_number"),
        ({"x": float("inf")}, "finite_number"),
        ({"pair": [1, float("-inf")]}, "finite_number"),
        ({"x": "1_0"}, "float_type"),
        ({"x": "nan"}, "float_type"),
        ({"n": "1_0"}, "int_type"),
        ({"n": 10.0}, "int_type"),
        ({"x": True}, "float_type"),
        ({"n": 10**30}, "less_than_equal"),
        ({"x": -2e6}, "greater_than_equal"),
        ({"text": "x" * (MAX_TEXT + 1)}, "string_too_long"),
        ({"items": list(range(MAX_ITEMS + 1))}, "too_long"),
    ],
)
def test_the_checks_refuse(data, kind):
    with pytest.raises(ValidationError) as err:
        Sample.model_validate(data)
    assert [e["type"] for e in err.value.errors()] == [kind]


def test_the_checks_accept_plain_numbers():
    s = Sample.model_validate({"x": 3, "n": -MAX_NUMBER, "pair": [1, 2.5], "text": "x" * MAX_TEXT})
    assert (s.x, s.n, s.pair) == (3.0, -MAX_NUMBER, (1.0, 2.5))
