"""No module-level cache is keyed by ``id()``: an object freed while its answer is kept hands
its id to the next one, which then reads an answer worked out for another (and a handler that
fills a module's dict is not pure). What is derived from an object that never changes is kept
with it (:meth:`umpire.core.shared.Terrain.derived`, :meth:`umpire.geometry.sight.TerrainIndex.memo`).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import REPO

UMPIRE = REPO / "umpire"


def _module_names(tree: ast.Module) -> set[str]:
    out: set[str] = set()
    for node in tree.body:
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AnnAssign) else [])
        out |= {t.id for t in targets if isinstance(t, ast.Name)}
    return out


def id_keyed(source: str) -> list[str]:
    """Each place ``source`` looks up, stores or tests a key made with ``id()`` in a module-level name."""
    tree = ast.parse(source)
    names = _module_names(tree)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "id"):
            continue
        up: ast.AST | None = parents.get(node)
        while up is not None and not isinstance(up, ast.stmt):
            held = None
            if isinstance(up, ast.Subscript):
                held = up.value
            elif isinstance(up, ast.Call) and isinstance(up.func, ast.Attribute):
                held = up.func.value
            elif isinstance(up, ast.Compare):
                held = up.comparators[-1]
            if isinstance(held, ast.Name) and held.id in names:
                found.append(f"{node.lineno}: {held.id}")
                break
            up = parents.get(up)
    return sorted(found, key=lambda f: int(f.partition(':')[0]))


@pytest.mark.parametrize("path", sorted(UMPIRE.rglob("*.py")), ids=lambda p: str(p.relative_to(UMPIRE)))
def test_no_module_cache_is_keyed_by_id(path: Path) -> None:
    assert id_keyed(path.read_text(encoding="utf-8")) == [], f"{path.relative_to(REPO)}: keep it with the object"


def test_the_check_finds_one() -> None:
    code = ("_MEMO: dict = {}\n"
            "def f(x):\n"
            "    if (id(x), 1) in _MEMO:\n"
            "        return _MEMO.get((id(x), 1))\n"
            "    _MEMO[id(x)] = x\n"
            "    mine = {}\n"
            "    mine[id(x)] = x\n")
    assert id_keyed(code) == ["3: _MEMO", "4: _MEMO", "5: _MEMO"]
