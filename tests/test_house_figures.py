"""``tools/house_figures.py`` counts what it says on a small planted checkout: a long function,
one with many parameters, a private name imported across modules, a dead function, a cycle
through an import inside a function, an import inside a function that loads nothing new, a state
key, a ruleset's name in generic code."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from tests.conftest import REPO


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("house_figures", REPO / "tools" / "house_figures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["house_figures"] = module
    spec.loader.exec_module(module)
    return module


def _plant(root: Path) -> None:
    (root / "rulesets" / "toy").mkdir(parents=True)
    (root / "rulesets" / "toy" / "ruleset.yaml").write_text("name: toy\n", encoding="utf-8")
    pkg = root / "umpire"
    (pkg / "a").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "tests" / "test_x.py").write_text(
        "from umpire.a.one import used_by_a_test\nfrom umpire.a.three import hides, keeps_lazy, says_why\n",
        encoding="utf-8")
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "loose.py").write_text("", encoding="utf-8")
    (pkg / "a" / "__init__.py").write_text("", encoding="utf-8")
    body = "\n".join(f"    x{i} = {i}" for i in range(60))
    (pkg / "a" / "one.py").write_text(
        "from umpire.a.two import _hidden\n\n"
        f"def long():\n{body}\n    return x0\n\n"
        "def many(a, b, c, d, e, f, g, h):\n    return state.extra['moved'] or unit.notes.get('spotted')\n\n"
        "def never_called():\n    return 'toy'\n\n"
        "def used_by_a_test():\n    return _hidden, long, many\n", encoding="utf-8")
    (pkg / "a" / "two.py").write_text(
        "def _hidden():\n    from umpire.a import one\n    return one\n", encoding="utf-8")
    (pkg / "a" / "three.py").write_text(
        "from umpire.a import two\n\n"
        "def hides():\n    from umpire.a import two as again\n    return again, two\n\n"
        "def says_why():\n    from umpire.a import two as why  # lazy: planted\n    return why\n\n"
        "def keeps_lazy():\n    from umpire.a.one import long\n    return long\n", encoding="utf-8")


def test_the_figures_of_a_planted_checkout(tmp_path: Path) -> None:
    _plant(tmp_path)
    f = _tool().figures(tmp_path)
    v = f.values
    assert v["functions over 60 lines"] == "1" and "umpire.a.one.long" in f.items["functions over 60 lines"][0]
    assert v["functions with 8+ parameters"] == "1"
    assert v["private names across modules: uses"] == "1"
    assert f.items["private names across modules: uses"] == ["   1 umpire.a.two._hidden"]
    assert f.items["dead functions"] == ["umpire.a.one.never_called (one.py:69)"]
    assert v["import cycles"] == "1" and v["import cycles: module-level imports alone"] == "0"
    assert v["imports inside functions"] == "67% (4 of 6)"
    # three.py loads two.py at start: hides() imports it again for nothing; says_why() says
    # why; keeps_lazy() loads one.py, which three.py does not load at start
    assert f.items["imports inside functions of modules loaded at start"] == [
        "umpire.a.three:4 from umpire.a import two as again"]
    assert v["state keys: uses"] == "2" and v["state keys: distinct"] == "2"
    assert v["loose root modules"] == "1"
    assert f.items["ruleset names quoted in generic code"] == ["umpire.a.one:70 'toy'"]

    assert f.items["ruleset names quoted in generic code"] == ["umpire.a.one:70 'toy'"]


def test_no_import_inside_a_function_only_hides_a_dependency() -> None:
    """An import inside a function keeps a module out of start-up (shapely, reportlab, the other
    ruleset) or breaks a cycle; one of a module its module loads at start anyway only hides a
    dependency, unless its line says why (``# lazy: ...``)."""
    tool = _tool()
    assert tool.needless_lazy_imports(tool.read_tree(REPO, "umpire")) == []
