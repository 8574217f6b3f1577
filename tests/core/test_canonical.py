"""A unit the snapshot keeps as it is (umpire.core.canonical) is exactly what reading its text
back gives, and the data written for it is exactly ``model_dump``'s: for every unit model (each
ruleset's own state of a unit too), every field holding values of its type and of every other
kind (numbers of another type, tuples for lists, unsorted keys, a str subclass, -0.0, NaN, a
value equal to its default of another type), and for every unit of every bundled scenario."""

from __future__ import annotations

import json
import math
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from umpire.core.canonical import canonical_dump
from umpire.core.snapshot import canonical_json, fingerprint, unit_dump
from umpire.core.state import OwnModels, OwnState, UnitState
from umpire.registry import RULESETS, game_rules, initial_state, load_scenario
from umpire.resources import bundled_scenarios, resolve_scenario


class Name(str):
    """A str that is not a str: reading gives a plain str back."""


class Kept(OwnState):
    """An own state of every kind of field the snapshot's fast path knows, and some it does not."""

    n: int = 0
    f: float = 0.0
    b: bool = False
    s: str | None = None
    pair: tuple[float, float] | None = None
    many: tuple[int, ...] = ()
    marks: list[str] = []
    tally: dict[str, int] = {}
    deep: dict[str, list[tuple[float, float]]] = {}
    choice: Any = None  # not vouched for: never kept when it holds anything but None... or its default


# every ruleset's own state of a unit (a new ruleset's too), the base one, and the one above
RULESET_UNITS = tuple(game_rules(rs.name).own_models().unit for rs in RULESETS)
OWN_MODELS = (OwnState, *RULESET_UNITS, Kept)

ATOMS = (st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from([0.0, -0.0, 1.0, 1.5, math.nan, math.inf])
         | st.floats(allow_nan=False, allow_infinity=False, width=32) | st.sampled_from(["", "a", "ok", "none", "IR"])
         | st.builds(Name, st.sampled_from(["a", "ok"])))
WILD = st.recursive(ATOMS, lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
                    | st.dictionaries(st.sampled_from(["b", "a", "nato", "pact"]), inner, max_size=3), max_leaves=6)


def _typed(annotation: Any) -> st.SearchStrategy[Any]:
    """Values of the declared type, most in canonical form (a dict's keys in order or not)."""
    origin, args = get_origin(annotation), get_args(annotation)
    simple = {str: st.text(max_size=3), int: st.integers(-3, 3), bool: st.booleans(), type(None): st.none(),
              float: st.floats(allow_nan=False, allow_infinity=False, width=32)}  # (-0.0 among them)
    if annotation in simple:
        return simple[annotation]
    if origin is Literal:
        return st.sampled_from(args)
    if origin is Union or origin is UnionType:
        return st.one_of(*[_typed(a) for a in args])
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(_typed(args[0]), max_size=3).map(tuple)
        return st.tuples(*[_typed(a) for a in args])
    if origin is list:
        return st.lists(_typed(args[0]), max_size=3)
    if origin is dict:
        return st.dictionaries(_typed(args[0]), _typed(args[1]), max_size=3).flatmap(
            lambda d: st.sampled_from([d, dict(sorted(d.items()))]))
    return st.none() | WILD  # Any, a model inside a unit's own state: refused unless None


@st.composite
def _model(draw: st.DrawFn, cls: type[BaseModel], own: BaseModel | None = None) -> Any:
    values = {}
    wild = draw(st.sets(st.sampled_from(sorted(cls.model_fields) or [""]), max_size=1))  # a field anything
    for name, f in cls.model_fields.items():
        if name == "own":
            values[name] = own
        elif name in wild:
            values[name] = draw(WILD)
        elif not f.is_required() and draw(st.booleans()):
            values[name] = f.get_default(call_default_factory=True)
        else:
            values[name] = draw(_typed(f.annotation))
    return cls.model_construct(**values)


@st.composite
def units(draw: st.DrawFn) -> UnitState:
    own_cls = draw(st.sampled_from(OWN_MODELS))
    own = draw(_model(own_cls))
    return draw(_model(UnitState, own))


def _read_back(u: UnitState, text: str) -> UnitState:
    return UnitState.model_validate_json(text, context=OwnModels(unit=type(u.own)))


def _print(u: UnitState) -> bytes | None:
    return fingerprint((type(u).__name__, *[getattr(u, k) for k in UnitState.model_fields if k != "own"],
                        type(u.own).__name__, *[getattr(u.own, k) for k in type(u.own).model_fields]))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(units())
def test_a_unit_kept_as_it_is_is_what_reading_its_text_gives(u: UnitState) -> None:
    data = canonical_dump(u)
    if data is None:
        return
    text = canonical_json(data)
    assert data == unit_dump(u)
    assert text == canonical_json(unit_dump(u))
    try:
        back = _read_back(u, text)
    except ValidationError:
        pytest.fail(f"kept a unit that reading refuses: {text}")
    assert _print(back) == _print(u), text
    assert canonical_json(unit_dump(back)) == text


@pytest.mark.parametrize("own_cls", OWN_MODELS, ids=lambda c: c.__name__)
def test_what_is_not_in_canonical_form_is_refused(own_cls: type[OwnState]) -> None:
    base = UnitState(id="a", name="a", side="x", x=1.0, y=2.0, own=own_cls())
    assert canonical_dump(base) is not None or own_cls is OwnState
    if own_cls is OwnState:  # (the base own state equals its default: its print is no plain value)
        return
    for change in ({"x": 1}, {"facing": -0.0}, {"base": [1.5, 1.0]}, {"hits": True}, {"name": Name("a")},
                   {"ident": {"pact": "full", "nato": "type"}}, {"spotted_by": ("nato",)}, {"x": math.nan},
                   {"moved": 0}, {"status": "lost"}):
        changed = base.model_copy(update=change)
        assert canonical_dump(changed) is None, change
        data = canonical_dump(base.model_copy(update={"ident": {"nato": "type", "pact": "full"}}))
        assert data is not None and data["ident"] == {"nato": "type", "pact": "full"}


def test_every_unit_of_every_bundled_scenario_is_kept_as_it_is() -> None:
    """The fast path is the one taken: a game's units as its scenario makes them are in
    canonical form (and written as model_dump writes them)."""
    seen = 0
    for name in bundled_scenarios():
        state = initial_state(load_scenario(resolve_scenario(name)), seed=1)
        for u in state.units.values():
            data = canonical_dump(u)
            assert data is not None, (name, u)
            assert json.dumps(data, sort_keys=True) == json.dumps(unit_dump(u), sort_keys=True)
            seen += 1
    assert seen > 50


@pytest.mark.parametrize("cls", [UnitState, *RULESET_UNITS], ids=lambda c: c.__name__)
def test_the_unit_models_kept_as_they_are_have_no_validators_or_serializers(cls: type[BaseModel]) -> None:
    """What a validator or serializer of a unit model would change the fast path would not see:
    a model that gets one must be refused there (umpire.core.canonical) before this passes."""
    decorators = cls.__pydantic_decorators__
    found = {kind: list(getattr(decorators, kind)) for kind in
             ("validators", "field_validators", "root_validators", "field_serializers", "model_serializers",
              "model_validators", "computed_fields")}
    assert {k: v for k, v in found.items() if v} == ({"field_validators": ["_own"]} if cls is UnitState else {})


PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner) | st.frozensets(st.integers(-3, 3), max_size=3)
    | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=10,
)


@settings(max_examples=400, deadline=None)
@given(PLAIN)
def test_the_canonical_text_is_json_dumps_sorted(value: Any) -> None:
    from umpire.core.snapshot import _json_default

    assert canonical_json(value) == json.dumps(value, sort_keys=True, ensure_ascii=False, default=_json_default)
