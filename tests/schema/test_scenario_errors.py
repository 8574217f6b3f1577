"""A bad scenario names file, field path and value, one line per problem; nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.conftest import at_scenario


def _write(tmp_path: Path, change) -> Path:
    data = yaml.safe_load(at_scenario().read_text())
    change(data)
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    return path


def _unit(data, i=0):
    return data["sides"][0]["formations"][0]["units"][i]


CASES = {
    "missing field": (lambda d: d.pop("table"), "table: missing field (required)"),
    "misspelt field": (lambda d: d.__setitem__("terain", d.pop("terrain")), "terain: unknown field"),
    "misspelt unit field": (lambda d: _unit(d).__setitem__("facnig", 3), "units[0].facnig: unknown field"),
    "facing not a number": (lambda d: _unit(d).__setitem__("facing", "east"), "units[0].facing"),
    "polygon of two points": (
        lambda d: d["terrain"][0].__setitem__("polygon", [[1, 1], [2, 2]]),
        "terrain[0]: a polygon needs at least 3 points (got 2)",
    ),
    "polygon crossing itself": (
        lambda d: d["terrain"][0].__setitem__("polygon", [[0, 0], [4, 4], [4, 0], [0, 4]]),
        "terrain 'wood-n': polygon is not simple",
    ),
    "unknown terrain type": (
        lambda d: d["terrain"][0].__setitem__("type", "jungle"), "unknown terrain type 'jungle'"
    ),
    "unknown unit type": (
        lambda d: [_unit(d, 1).pop("statline", None), _unit(d, 1).__setitem__("type", "M1A7 Company")],
        "unknown unit 'M1A7 Company'",
    ),
    "unreadable stat line": (lambda d: _unit(d, 0).__setitem__("statline", "pc | ten | 8"), "statline"),
    "unit off the table": (lambda d: _unit(d).__setitem__("at", [100, 3]), "is off the table"),
    "duplicate id": (lambda d: _unit(d, 1).__setitem__("id", "hq-1-64"), "used twice"),
    "unknown ruleset": (lambda d: d.__setitem__("ruleset", "mtb"), "did you mean 'mbt'"),
    "table a list": (lambda d: d.__setitem__("table", [72, 48]),
                     "table: not a mapping (allowed: fields as name: value lines, or {name: value}) (input: [72, 48])"),
    "terrain a mapping": (lambda d: d.__setitem__("terrain", {"a": 1}),
                          "terrain: not a list (allowed: items as - item lines, or [a, b])"),
    "name a list": (lambda d: d.__setitem__("name", ["x"]), "name: not text (allowed: a word or a quoted string)"),
}


@pytest.mark.parametrize("name", CASES)
def test_bad_scenario(cli, tmp_path, name):
    change, expect = CASES[name]
    path = _write(tmp_path, change)
    r = cli("new", str(path))
    assert r.exit_code == 2, r.output
    lines = r.stderr.strip().splitlines()
    assert all(line.startswith("Error: ") for line in lines)
    assert any(expect in line for line in lines), r.stderr
    assert not Path(cli.db).exists()


def test_scenario_rulings_are_checked_and_kept(cli, tmp_path):
    import json

    def with_rulings(rulings):
        return _write(tmp_path, lambda d: d.__setitem__("rulings", rulings))

    r = cli("new", str(with_rulings({"fire.flank_rear_shift_direction": "sideways"})))
    assert r.exit_code == 2 and "allowed: firer, literal" in r.stderr
    assert not Path(cli.db).exists()
    r = cli("new", str(with_rulings({"fire.flank_rear_shift_direction": "literal"})))
    assert r.exit_code == 0, r.stderr
    assert json.loads(cli("status", "--json").output)["rulings"] == {"fire.flank_rear_shift_direction": "literal"}
