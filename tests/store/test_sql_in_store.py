"""SQL only in umpire/store: no module outside it runs a statement on a connection (the
campaign's tables and their migrations included), and one runner applies every file's migrations."""

from __future__ import annotations

import ast
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import REPO

UMPIRE = REPO / "umpire"
RUNS = {"execute", "executemany", "executescript"}


def statements(path: Path) -> list[str]:
    """Each place ``path`` calls a connection's execute, executemany or executescript."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{n.lineno}: {n.func.attr}" for n in ast.walk(tree)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in RUNS]


OUTSIDE = sorted(p for p in UMPIRE.rglob("*.py") if "store" not in p.relative_to(UMPIRE).parts[:1])


@pytest.mark.parametrize("path", OUTSIDE, ids=lambda p: str(p.relative_to(UMPIRE)))
def test_no_sql_outside_the_store(path: Path) -> None:
    assert statements(path) == [], f"{path.relative_to(REPO)} runs SQL: ask umpire/store"


def test_the_store_runs_sql() -> None:  # the check sees a statement where there is one
    assert statements(UMPIRE / "store" / "rows_of.py")


def test_one_runner_applies_each_migration_once(tmp_path: Path) -> None:
    from umpire.store.db import MARKER, run_migrations

    conn = sqlite3.connect(tmp_path / "f.db", isolation_level=None)
    ran: list[str] = []
    steps = [("a", lambda c: ran.append("a")), ("b", lambda c: c.execute("create table t (x)"))]
    run_migrations(conn, steps)
    run_migrations(conn, steps)
    assert ran == ["a"]
    assert [r[0] for r in conn.execute(f"select name from {MARKER} order by name")] == ["a", "b"]

    def broken(c: sqlite3.Connection) -> None:
        c.execute("create table u (x)")
        raise RuntimeError("half done")

    with pytest.raises(RuntimeError):
        run_migrations(conn, [*steps, ("c", broken)])
    tables = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")}
    assert "u" not in tables and "t" in tables  # a failed migration leaves nothing of itself
