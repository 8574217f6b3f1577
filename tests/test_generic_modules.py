"""The ruleset object is the only place a ruleset is named: generic code asks the game's ruleset
object (``umpire.registry.Ruleset``), never a ruleset's name.

The check reads each generic module's code (its docstrings and comments are prose: they may cite
a rulebook) and fails on a name (a variable, an attribute, an import) that holds a ruleset's
name, and on a string that is one (``"mbt"``, a key such as ``"orders-mbt"`` or
``"auftragstaktik.fire"``, a module path). Sentences in strings (a message, a field's
description) may name a ruleset as a reader's example; a branch on a name cannot hide in one.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.conftest import REPO

UMPIRE = REPO / "umpire"

#: Generic code: every module of these packages, and these modules.
GENERIC_PACKAGES = ("core", "store", "engine", "geometry", "reports", "campaign", "schema", "serve", "ask", "inputs",
                    "cli")
#: The CLI's per-ruleset commands, which name the bundled rulesets to the user: Auftragstaktik's
#: step commands and ratings, the demo, MBT's transcription checks (``umpire data check``).
PER_RULESET = ("cli/at_steps.py", "cli/rate.py", "cli/demo.py", "cli/data.py")
GENERIC_MODULES = (
    "text.py", "errors.py", "resources.py", "registry/__init__.py", "registry/base.py",
    "turns/__init__.py", "turns/common.py", "turns/ending.py", "turns/entries.py", "turns/facts.py",
    "turns/orders_form.py",
    "rules/__init__.py", "rules/answer.py", "rules/campaign_book.py", "rules/setup.py", "rules/vocab.py",
)
#: The rulesets umpire bundles, by their names and the words of their names.
NAMES = re.compile(r"(?<![a-z])(auftragstaktik|mbt)(?![a-z])", re.IGNORECASE)


def generic_modules() -> list[Path]:
    out = [p for pkg in GENERIC_PACKAGES for p in sorted((UMPIRE / pkg).rglob("*.py"))
           if str(p.relative_to(UMPIRE)) not in PER_RULESET]
    return out + [UMPIRE / m for m in GENERIC_MODULES]


def test_the_per_ruleset_commands_are_few_and_there() -> None:
    assert all((UMPIRE / m).is_file() for m in PER_RULESET)
    assert len(generic_modules()) > len(PER_RULESET) * 10


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (of the module, a class, a function)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value,
                                                                                                      str):
                out.add(id(first.value))
    return out


def names_in(path: Path) -> list[str]:
    """Each place ``path``'s code names a bundled ruleset: ``line: what``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.alias):
            words = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            words = [node.module or ""]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            words = [node.name]
        elif isinstance(node, ast.arg):
            words = [node.arg]
        elif isinstance(node, ast.keyword):
            words = [node.arg or ""]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if not re.search(r"\s", node.value):  # a sentence may give a reader an example
                words = [node.value]
        found += [f"{getattr(node, 'lineno', '?')}: {w}" for w in words if NAMES.search(w)]
    return found


#: The registry line: the bundled rulesets' objects imported and listed (``RULESETS``), and nothing else.
REGISTRY_LINE = {"umpire.registry.auftragstaktik", "Auftragstaktik", "umpire.registry.mbt", "Mbt"}


@pytest.mark.parametrize("path", generic_modules(), ids=lambda p: str(p.relative_to(UMPIRE)))
def test_generic_code_never_names_a_ruleset(path: Path) -> None:
    found = names_in(path)
    if path == UMPIRE / "registry" / "__init__.py":
        found = [f for f in found if f.partition(": ")[2] not in REGISTRY_LINE]
    assert found == [], f"{path.relative_to(REPO)} names a ruleset: ask its ruleset object instead"
    assert not NAMES.search(path.stem), f"{path.relative_to(REPO)}: a ruleset's module lives in its own folders"


def test_the_check_finds_a_name(tmp_path: Path) -> None:
    code = tmp_path / "m.py"
    code.write_text('"""The MBT rules (a docstring may cite them)."""\n'
                    'from umpire.turns.mbt import is_advanced\n'
                    'def f(state):\n'
                    '    # a comment may name Auftragstaktik\n'
                    '    msg = "a sentence naming MBT"\n'
                    '    return state.ruleset == "auftragstaktik" or state.extra.get("mbt")\n', encoding="utf-8")
    assert names_in(code) == ["2: umpire.turns.mbt", "6: auftragstaktik", "6: mbt"]
