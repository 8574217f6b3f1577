"""State is typed: no code reads or writes a free-form state dict by a string key.

A game's, a unit's and a result's state are pydantic models (the generic fields on
``GameState``, ``UnitState`` and ``Facts``, a ruleset's own in its state and facts modules); the
free-form dicts they replaced (``GameState.extra``, ``UnitState.notes``, ``Resolution.extra``)
are gone. The checker below walks the syntax trees of the package, its tests, tools and benches
and names every string key used on an attribute called ``extra`` or ``notes``: subscripted,
asked with ``.get``, ``.setdefault`` or ``.pop``, or tested with ``in`` (a key's value under such
a key too: ``x.extra["mbt"]["moved"]``). Only a ruleset's own state module may (it reads what it
stores by its own keys when it must), and none does now.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from umpire.core.resolution import Facts, Resolution
from umpire.core.state import GameState, UnitState

ROOT = Path(__file__).resolve().parent.parent
STATE_DICTS = ("extra", "notes")
WHERE = ("umpire", "tests", "tools", "bench")


def own_state_module(path: Path) -> bool:
    """A ruleset's own state module: ``state.py`` of a ruleset's folder (its options' too)."""
    parts = path.relative_to(ROOT).parts
    return path.name == "state.py" and (parts[:2] == ("umpire", "rules") or parts[:2] == ("tests", "third"))


def _rooted(node: ast.AST) -> bool:
    """Whether ``node`` is a state dict (``x.extra``) or a key's value under one."""
    while True:
        if isinstance(node, ast.Attribute) and node.attr in STATE_DICTS:
            return True
        if isinstance(node, ast.Subscript):
            node = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "get", "setdefault", "pop"):
            node = node.func.value
        else:
            return False


def _key(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def string_keys(source: str) -> list[tuple[int, str]]:
    """Each use of a string key on a free-form state dict in ``source``: its line and the key."""
    out = []
    for node in ast.walk(ast.parse(source)):
        k = None
        if isinstance(node, ast.Subscript) and _rooted(node.value):
            k = _key(node.slice)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "get", "setdefault", "pop") and node.args and _rooted(node.func.value):
            k = _key(node.args[0])
        elif isinstance(node, ast.Compare) and any(isinstance(op, ast.In | ast.NotIn) for op in node.ops) \
                and any(_rooted(c) for c in node.comparators):
            k = _key(node.left)
        if k is not None:
            out.append((node.lineno, k))
    return sorted(out)


@pytest.mark.parametrize(("snippet", "keys"), [
    ("r.extra['firer']", ["firer"]),
    ("x = res.extra.get('gp') or 0", ["gp"]),
    ("state.extra['mbt']['moved'] = 1", ["mbt", "moved"]),
    ("u.notes.setdefault('spotted', [])", ["spotted"]),
    ("u.notes.pop('track_hit', None)", ["track_hit"]),
    ("if 'carried_by' in u.notes:\n    pass", ["carried_by"]),
    ("if 'used' not in MbtUnit.of(u).notes: pass", ["used"]),
    ("r.extra.update(firer=u.id)", []),  # no key by string: the test asks for typed fields, not this
    ("r.facts.firer = u.id; r.notes.append('a line'); d['extra']; extra.get('x')", []),
    ("r.extra[key]", []),
])
def test_the_checker_finds_a_planted_string_key(snippet: str, keys: list[str]) -> None:
    assert [k for _, k in string_keys(snippet)] == keys


def test_no_string_key_on_a_free_form_state_dict() -> None:
    found = []
    for top in WHERE:
        for path in sorted((ROOT / top).rglob("*.py")):
            if own_state_module(path) or ".venv" in path.parts:
                continue
            found += [f"{path.relative_to(ROOT)}:{line}: {key!r}"
                      for line, key in string_keys(path.read_text(encoding="utf-8"))]
    assert not found, "state read by a string key (make it a typed field):\n" + "\n".join(found)


def test_the_free_form_dicts_are_gone() -> None:
    """A result's, a game's and a unit's state have no free-form mapping left, and a result's facts
    refuse a field their kind does not declare."""
    assert "extra" not in Resolution.model_fields and "extra" not in GameState.model_fields
    assert "notes" not in UnitState.model_fields and "extra" not in UnitState.model_fields
    assert Resolution.model_fields["notes"].annotation == list[str]  # lines read out, not state
    with pytest.raises(ValueError, match="gp_factor"):
        Facts(gp_factor=3)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="extra"):
        Resolution(ruleset="x", procedure="y", outcome={}, extra={"firer": "a"})  # type: ignore[call-arg]
