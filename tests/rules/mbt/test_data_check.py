"""``umpire data check`` checks every chart against its own axes, so that a chart it passes
never crashes a procedure (issue #12, point 12).

The defects the audit found passed the check and then crashed ``calc`` with a traceback: a
NUMBER OF HITS row missing an ROF column (7.4.4.2.1: "Cross-reference the hit number line with
the column that describes the number of shots fired"), a missing hit-number row, an AP HIT CHART
missing a net-modifier line (7.4.3). It also passed a LINE OF SIGHT CHART line overlapping the
line before (13.2.1.4.1: "go down that column until the line is found that contains a group of
numbers that includes the range") and a SIGHTING RANGES CHART where small units are seen farther
than vehicles (13.1.2: small and large units use their own sub-columns).
"""

from __future__ import annotations

import copy
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from umpire.cli import app
from umpire.errors import UmpireError
from umpire.rules.mbt import data
from umpire.rules.mbt.files import check_file

DATA = Path(__file__).parents[3] / "rulesets" / "mbt"
runner = CliRunner()


def chart(name: str) -> dict[str, Any]:
    return yaml.safe_load((DATA / "charts" / f"{name}.yaml").read_text(encoding="utf-8"))


def no_rof_column(c: dict[str, Any]) -> None:
    del c["rows"][10][5]


def no_hit_row(c: dict[str, Any]) -> None:
    del c["rows"][10]


def no_net_line(c: dict[str, Any]) -> None:
    del c["rows"][-5]


def overlapping_los_line(c: dict[str, Any]) -> None:
    c["lines"][5][2] = c["lines"][4][2]


def small_seen_farther(c: dict[str, Any]) -> None:
    c["ranges"]["day"]["open"]["clear"] = [20, 32, 40]


DEFECTS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("number_of_hits", no_rof_column, "ROF 5"),
    ("number_of_hits", no_hit_row, "hit number 10 is missing"),
    ("ap_hit", no_net_line, "net modifier -5 is missing"),
    ("los", overlapping_los_line, "overlaps line 4"),
    ("sighting", small_seen_farther, "seen no farther"),
]


@pytest.mark.parametrize(("name", "spoil", "words"), DEFECTS, ids=[d[1].__name__ for d in DEFECTS])
def test_each_defect_is_one_error_line(tmp_path: Path, name: str, spoil: Any, words: str) -> None:
    c = chart(name)
    spoil(c)
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(c, sort_keys=False), encoding="utf-8")
    result = runner.invoke(app, ["data", "check", str(path)])
    assert result.exit_code == 2, result.output
    lines = [x for x in result.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    assert words in lines[0], lines[0]


# --- the property: whatever passes the check resolves without a traceback ---------------------

CHARTS = ["sighting", "ap_hit", "number_of_hits", "ap_modifiers", "gp", "close_assault", "los"]
HEADERS = {"ap_factors", "rofs", "gp_factors", "columns", "defenders", "sizes", "bands"}


def _places(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[str, tuple[Any, ...]]]:
    """Every cell (a list item), row (a mapping entry) and column (a heading list and the rows
    it heads) that could be dropped."""
    out: list[tuple[str, tuple[Any, ...]]] = []
    if isinstance(node, dict) and not ("v" in node and set(node) <= {"v", "src"}):
        for k, v in node.items():
            if k in ("chart", "title", "used_by"):
                continue
            out.append(("row", (*path, k)))
            if k in HEADERS and isinstance(v, list):
                out += [("column", (*path, k, i)) for i in range(len(v))]
            out += _places(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.append(("cell", (*path, i)))
            out += _places(v, (*path, i))
    return out


def _parent(doc: Any, path: tuple[Any, ...]) -> Any:
    for p in path[:-1]:
        doc = doc[p]
    return doc


def drop(doc: dict[str, Any], kind: str, path: tuple[Any, ...]) -> None:
    if kind != "column":
        del _parent(doc, path)[path[-1]]
        return
    head = _parent(doc, path[:-1])
    width, i = len(head[path[-2]]), path[-1]
    del head[path[-2]][i]

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            if len(node) == width and node is not head[path[-2]]:
                del node[i]
            else:
                for v in node:
                    walk(v)

    walk(head)


def _cases() -> list[tuple[str, dict[str, Any]]]:
    fire = {"firer": {"card": "USSR-1B", "ammo": "APFSDS"}, "target": {"card": "USA-1B"}}
    out: list[tuple[str, dict[str, Any]]] = []
    for rng in (1, 3, 6, 11, 17, 25, 33):
        for grade in ("poor", "average", "crack"):
            out.append(("fire", {**fire, "range": rng, "firer": {**fire["firer"], "grade": grade,
                                                               "orders": "FM"},
                                 "target": {"card": "USA-1B", "orders": "M", "terrain": "woods"}}))
    out.append(("fire", {"firer": {"card": "USSR-1B", "weapon": "Songster", "ammo": "ATGM",
                                   "orders": "ATGM", "tem_sup": True},
                         "target": {"card": "USA-1B", "terrain": ["scrub", "rough"]}, "range": 9}))
    out.append(("fire", {**fire, "range": 4, "firer": {**fire["firer"], "turret": "buttoned"},
                         "smoke": {"brew_up": 1, "other": 1}}))
    for cond in ("day", "dusk", "moonlight", "night"):
        for kind in ("vehicle", "large", "small"):
            out.append(("sight", {"conditions": cond, "range": 5, "target": {"kind": kind},
                                  "sighter": {"height": 3},
                                  "obstacles": [{"distance": 2, "height": 1}]}))
    for diff in range(1, 14):
        out.append(("sight", {"range": 3 * diff + 4, "sighter": {"height": diff},
                              "obstacles": [{"distance": 2, "height": 1}]}))
    out.append(("gp", {"firer": {"card": "USSR-1B", "orders": "F", "grade": "crack"},
                       "target": {"card": "USA-1B"}, "range": 5}))
    out.append(("gp", {"firer": {"card": "USSR-1B", "orders": "FM", "grade": "poor"},
                       "target": {"kind": "squad", "gp_defense": 60, "terrain": "woods"},
                       "range": 15}))
    out.append(("close_assault", {"attack_gp": 30, "target": "USA-1B", "grade": "crack"}))
    for a in ("squad", "half_squad"):
        for d in ("squad", "half_squad", "team", "towed", "bailed_crew"):
            out.append(("hand_to_hand", {"attacker": a, "defender": d}))
    return out


CASES = _cases()


def resolve_everything() -> None:
    """Run every MBT procedure over the cases, the odds included; user errors are allowed."""
    from umpire.ask.calc import run_case
    from umpire.core.dice import SeededDice

    for proc, case in CASES:
        for seed in range(3):
            try:
                run_case({"procedure": proc, "ruleset": "mbt", **copy.deepcopy(case)},
                         dice=SeededDice(seed), odds=proc == "fire")
            except UmpireError:
                pass


def _install(tmp: Path, name: str, doc: dict[str, Any]) -> Path:
    root = tmp / "mbt"
    if not root.exists():
        shutil.copytree(DATA, root)
    (root / "charts" / f"{name}.yaml").write_text(yaml.safe_dump(doc, sort_keys=False),
                                                 encoding="utf-8")
    return root


def _clear_caches() -> None:
    from umpire.schema.load import cached_model

    cached_model.cache_clear()
    data.info.cache_clear()


@pytest.fixture
def installed(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    root: dict[str, Path] = {}

    def use(name: str, doc: dict[str, Any]) -> None:
        tmp = tmp_path_factory.mktemp("mbtdata")
        root["dir"] = _install(tmp, name, doc)
        monkeypatch.setattr(data, "data_dir", lambda: root["dir"])
        _clear_caches()

    yield use
    monkeypatch.undo()
    _clear_caches()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(CHARTS), st.data())
def test_what_passes_the_check_never_crashes(installed: Any, name: str, draws: st.DataObject) -> None:
    doc = chart(name)
    places = _places(doc)
    kind = draws.draw(st.sampled_from(sorted({k for k, _ in places})), label="kind")
    path = draws.draw(st.sampled_from([p for k, p in places if k == kind]), label="where")
    drop(doc, kind, path)
    check = Path(tempfile.mkdtemp()) / f"{name}.yaml"
    check.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    try:
        check_file(check)
    except UmpireError:
        return  # the check refused it: fine
    installed(name, doc)
    resolve_everything()  # anything but an UmpireError is a traceback, and fails the test
