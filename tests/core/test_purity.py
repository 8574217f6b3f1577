"""The pure core (umpire.core, umpire.rules) never imports heavy or I/O-bound libraries."""

from __future__ import annotations

import ast
from pathlib import Path

import umpire

FORBIDDEN = {"shapely", "sqlite_utils", "rich", "reportlab", "typer", "click", "numpy"}
ROOT = Path(umpire.__file__).parent


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module.split(".")[0])
    return out


def test_core_and_rules_import_nothing_heavy() -> None:
    files = sorted((ROOT / "core").rglob("*.py")) + sorted((ROOT / "rules").rglob("*.py"))
    assert files
    bad = {str(f.relative_to(ROOT)): sorted(_imports(f) & FORBIDDEN) for f in files}
    assert {k: v for k, v in bad.items() if v} == {}
