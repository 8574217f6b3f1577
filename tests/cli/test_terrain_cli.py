"""A table drawn in Inkscape (data/tables/hof-gap.svg) and the same table as GeoJSON
(data/tables/hof-gap.geojson) make games whose measures and lines of sight are those of the table
typed as YAML (#20); terrain import and export; the map of a scenario; bad input refused whole."""

from __future__ import annotations

import json
import shutil
from itertools import combinations
from pathlib import Path

import pytest
import yaml

from tests.cli.test_game_cli import _one_error_line
from tests.conftest import REPO, Cli, at_scenario


def _measure(state, a, b):
    from umpire.geometry.game import measure_in_game
    from umpire.registry import find_ruleset

    return measure_in_game(state, a, b, find_ruleset(state.ruleset))


TABLES = REPO / "data" / "tables"
ENDS = ["a-1-64", "b-1-64", "c-4-8", "hq-1-64", "t80-1", "t80-2", "t80-3", "mr-1", "hq-1tb",
        "wood-n", "wood-s", "town-1", "hill-1", "road-1", "stream-1", "30,22", "15,20", "46,24", "33,35"]


def drawn_scenario(folder: Path, table: str) -> Path:
    """The Hof Gap scenario with its terrain from a drawn file beside it instead of typed."""
    shutil.copy(TABLES / table, folder / table)
    data = yaml.safe_load(at_scenario().read_text(encoding="utf-8"))
    data["terrain"] = [{"from": table}]
    path = folder / "drawn.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("table", ["hof-gap.svg", "hof-gap.geojson"])
def test_a_drawn_table_measures_as_the_typed_one(tmp_path, table):
    typed, drawn = Cli(tmp_path / "typed.db"), Cli(tmp_path / "drawn.db")
    assert typed("new", str(at_scenario())).exit_code == 0
    r = drawn("new", str(drawn_scenario(tmp_path, table)))
    assert r.exit_code == 0 and "6 terrain features" in r.output, r.output + r.stderr
    from umpire.engine import Game

    typed_state, drawn_state = Game.open(typed.db).state, Game.open(drawn.db).state
    pairs = list(combinations(ENDS, 2))
    blocked = 0
    for a, b in pairs:  # what umpire measure A B --json prints
        want = _measure(typed_state, a, b)
        assert _measure(drawn_state, a, b) == want, (a, b)
        blocked += not want["los"]["clear"]
    assert 10 < blocked < len(pairs) - 10  # the pairs tell sight from no sight
    assert drawn("measure", "t80-1", "wood-n", "--json").output == typed("measure", "t80-1", "wood-n", "--json").output
    hill = json.loads(drawn("measure", "15,20", "hill-1", "--json").output)
    assert hill["from_elevation"] == 1.0  # the hill's height came through


def test_import_prints_the_pieces_as_a_scenario_takes_them(cli, tmp_path):
    r = cli("terrain", "import", str(TABLES / "hof-gap.svg"))
    assert r.exit_code == 0, r.stderr
    data = yaml.safe_load(r.output)
    assert data["table"] == {"width": 72, "depth": 48}
    typed = yaml.safe_load(at_scenario().read_text(encoding="utf-8"))["terrain"]
    assert [(t["id"], t["type"], t.get("name"), t.get("height")) for t in data["terrain"]] == [
        (t["id"], t["type"], t.get("name"), t.get("height")) for t in typed]


@pytest.mark.parametrize("suffix", [".geojson", ".svg", ".yaml"])
def test_export_and_import_again_give_the_same_pieces(cli, tmp_path, suffix):
    assert cli("new", str(at_scenario())).exit_code == 0
    out = tmp_path / f"table{suffix}"
    r = cli("terrain", "export", "--out", str(out))
    assert r.exit_code == 0 and "6 terrain pieces" in r.output
    if suffix == ".yaml":
        again = yaml.safe_load(out.read_text(encoding="utf-8"))["terrain"]
    else:
        again = yaml.safe_load(cli("terrain", "import", str(out)).output)["terrain"]
    typed = yaml.safe_load(at_scenario().read_text(encoding="utf-8"))["terrain"]
    assert again == typed


def test_export_of_a_scenario_without_a_game(cli, tmp_path):
    out = tmp_path / "mbt.geojson"
    assert cli("terrain", "export", "--scenario", "mbt-basic-a", "--out", str(out)).exit_code == 0
    assert [f["id"] for f in json.loads(out.read_text())["features"]][:3] == ["sb1", "sb2", "sb3"]


def test_the_map_of_a_scenario_before_any_game(cli, tmp_path):
    out = tmp_path / "table.svg"
    r = cli("map", "--scenario", "mbt-basic-a", "--out", str(out))
    assert r.exit_code == 0, r.stderr
    text = out.read_text(encoding="utf-8")
    assert text.count('<g class="zone"') == 2 and "nato sets up within 4&quot; of the left edge" not in text
    assert "nato sets up within 4\" of the left edge (2.5)" in text
    assert '<g class="stand" data-unit="t64-1">' in text and 'data-id="sb1"' in text
    assert not cli.db.exists()  # no game was made
    r = cli("map", "--scenario", str(drawn_scenario(tmp_path, "hof-gap.svg")), "--side", "nato",
            "--out", str(tmp_path / "nato.pdf"))
    assert r.exit_code == 0 and (tmp_path / "nato.pdf").stat().st_size > 1000


def _bad_svg(folder: Path, body: str) -> Path:
    (folder / "bad.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="72in" height="48in" viewBox="0 0 72 48">{body}</svg>')
    data = yaml.safe_load(at_scenario().read_text(encoding="utf-8"))
    data["terrain"] = [{"from": "bad.svg"}]
    path = folder / "bad.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ('<path id="bow" data-type="woods" d="M 0,0 L 2,2 L 2,0 L 0,2 Z"/>', "shape 'bow': the outline crosses itself"),
        ('<rect id="w1" data-type="forest" x="1" y="1" width="1" height="1"/>', "unknown terrain type 'forest'"),
        ('<rect id="w1" x="1" y="1" width="1" height="1"/>', "shape 'w1': no terrain type"),
        ('<rect id="w1" data-type="woods" x="71" y="1" width="3" height="1"/>', "shape 'w1': a point at (74, 47)"),
    ],
)
@pytest.mark.parametrize("command", ["new", "map", "import"])
def test_a_bad_drawing_is_one_line_and_writes_nothing(cli, tmp_path, body, needle, command):
    scenario = _bad_svg(tmp_path, body)
    out = tmp_path / "map.svg"
    args = {"new": ("new", str(scenario)), "map": ("map", "--scenario", str(scenario), "--out", str(out)),
            "import": ("terrain", "import", str(tmp_path / "bad.svg"), "--out", str(tmp_path / "t.yaml"))}[command]
    line = _one_error_line(cli(*args))
    assert needle in line and "bad.svg" in line
    assert not cli.db.exists() and not out.exists() and not (tmp_path / "t.yaml").exists()
