"""An error message is an output: one regression test a point of the issue that found it
(refusals that listed the enemy, a pre-filled orders file that refused its own words, errors
that quoted a linked system file, errors that did not stop at the limit, a GeoJSON read in the
wrong unit, planted objects imported into a campaign)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from umpire.cli import app

SECRET = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"


def _run(*args: str, cwd: Path | None = None):
    old = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        return CliRunner().invoke(app, list(args))
    finally:
        os.chdir(old)


@pytest.fixture
def linked(tmp_path: Path) -> Path:
    """A folder holding ``o.yaml``, a link to a file elsewhere that holds a password file's lines."""
    elsewhere = tmp_path / "etc"
    elsewhere.mkdir()
    (elsewhere / "passwd").write_text(SECRET, encoding="utf-8")
    here = tmp_path / "here"
    here.mkdir()
    (here / "o.yaml").symlink_to(elsewhere / "passwd")
    return here


def _quotes_nothing(out: str) -> None:
    for line in SECRET.splitlines():
        for part in line.split(":"):
            if len(part) > 3:
                assert part not in out, (part, out)


# -- 3: an error quotes no linked file, and no file that is not what it should be ---------------
def test_a_linked_system_file_is_named_by_its_path_and_kind_only(linked: Path, tmp_path: Path) -> None:
    from tests.conftest import at_scenario

    game = tmp_path / "g.db"
    assert _run("--db", str(game), "new", str(at_scenario())).exit_code == 0
    for args in (["--db", str(tmp_path / "n.db"), "new", "o.yaml"], ["campaign", "new", "c.db", "--from", "o.yaml"],
                 ["check", "--kind", "scenario", "o.yaml"], ["check", "o.yaml"],
                 ["--db", str(game), "turn", "orders", "o.yaml"], ["--db", str(game), "check", "o.yaml"]):
        r = _run(*args, cwd=linked)
        assert r.exit_code != 0, args
        out = r.output
        _quotes_nothing(out)
        assert "o.yaml" in out and "link" in out, (args, out)
    assert not (tmp_path / "n.db").exists() and not (linked / "c.db").exists()


def test_a_file_of_text_is_not_quoted_whole(tmp_path: Path) -> None:
    (tmp_path / "o.yaml").write_text(SECRET, encoding="utf-8")
    for args in (["--db", str(tmp_path / "n.db"), "new", "o.yaml"], ["check", "--kind", "scenario", "o.yaml"]):
        r = _run(*args, cwd=tmp_path)
        assert r.exit_code != 0 and "not a mapping" in r.output, r.output
        _quotes_nothing(r.output)


# -- 4: errors stop at the limit ------------------------------------------------------------------
def test_a_megabyte_session_line_and_a_million_point_drawing_stop_at_the_limit(tmp_path: Path) -> None:
    from tests.hostile.measured import Case, run

    line = tmp_path / "line.txt"
    line.write_text("fire " + "x" * 1_000_000 + "\nunits abrams\n", encoding="utf-8")
    svg = tmp_path / "t.svg"
    d = " ".join(f"L{i % 70} {i % 40}" for i in range(1_000_000))
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="72in" height="48in" viewBox="0 0 72 48">'
                   f'<path id="w1" class="woods" d="M0 0 {d}"/></svg>', encoding="utf-8")
    session, drawing = run([Case(["session"], stdin=str(line)), Case(["terrain", "import", str(svg)])])
    assert session.errors() == ["Error: a line of 1,000,005 characters (at most 10,000); it was not read"]
    assert "M1A1" in session.stdout  # the session goes on with the next line
    assert drawing.errors() == [f"Error: {svg}: shape 'w1': more than 10,000 points (at most 10,000, curves counted "
                                "once flattened)"]
    for r in (session, drawing):
        assert r.cpu < 1.0 and r.alone_mb < 100, (r.cpu, r.alone_mb)


# -- 5: no silent reinterpretation: a GeoJSON in longitude and latitude ----------------------------
def test_a_geojson_naming_a_coordinate_system_is_refused_unless_its_unit_is_said(tmp_path: Path) -> None:
    import json

    ring = [[11.9, 50.3], [11.95, 50.3], [11.95, 50.35], [11.9, 50.3]]
    fc = {"type": "FeatureCollection", "crs": {"type": "name", "properties": {"name": "EPSG:4326"}},
          "features": [{"type": "Feature", "id": "w1", "properties": {"type": "woods"},
                        "geometry": {"type": "Polygon", "coordinates": [ring]}}]}
    f = tmp_path / "t.geojson"
    f.write_text(json.dumps(fc), encoding="utf-8")
    r = _run("terrain", "import", str(f))
    assert r.exit_code == 2 and "crs: 'EPSG:4326' is not table inches" in r.output and "--units" in r.output
    r = _run("terrain", "import", str(f), "--units", "cm")
    assert r.exit_code == 0 and "[4.685039, 19.80315]" in r.output  # 11.9 cm, 50.3 cm in inches
    del fc["crs"]
    fc["units"] = "mm"
    f.write_text(json.dumps(fc), encoding="utf-8")
    r = _run("terrain", "import", str(f))
    assert r.exit_code == 0 and "[0.468504, 1.980315]" in r.output


# -- 1 and 2: a refusal keeps the fog; the side's own words are taken ------------------------------
@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("demo") / "d"
    assert _run("demo", "--out", str(out)).exit_code == 0
    return out


def _orders(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _enemy_ids(db: Path, side: str) -> list[str]:
    from umpire.engine import Game

    game = Game.open(db)
    try:
        return sorted(u.id for u in game.state.units.values() if u.side != side)
    finally:
        game.close()


def test_a_refusal_lists_only_what_the_side_knows_and_is_no_oracle(demo: Path, tmp_path: Path) -> None:
    """MBT (contact labels) and Auftragstaktik (a spotted stand's id): an unknown name and the id
    of an enemy unit the side has not identified are refused alike, by check and turn orders,
    naming only what the side knows; an entry for an enemy unit is refused as an unknown one."""
    import shutil

    for db, side, entry in ((demo / "mbt" / "game.db", "nato", "m1-1: {{order: F, fire: {{target: {t}}}}}"),
                            (demo / "game.db", "pact", "mr-1: {{order: HA, fire: [{t}]}}")):
        game = tmp_path / db.parent.name / "g.db"
        game.parent.mkdir()
        shutil.copy(db, game)
        enemy = _enemy_ids(game, side)
        said = {}
        for name in ("zz-9", *enemy):
            f = _orders(tmp_path / "o.yaml", f"side: {side}\nunits:\n  {entry.format(t=name)}\n")
            r = _run("--db", str(game), "check", str(f))
            line = next((ln for ln in r.output.splitlines() if "fire" in ln), r.output.strip())
            said[name] = line.replace(name, "NAME")
            for e in enemy:
                assert f"'{e}'" in line or not re.search(rf"(?<![\w-]){re.escape(e)}(?![\w-])", line), (name, line)
        refused = {n: s for n, s in said.items() if "unknown enemy unit 'NAME'" in s}
        # neither side identified a unit by its id here: every id is refused, as a name that is nobody's is
        assert set(refused) == {"zz-9", *enemy} and len(set(refused.values())) == 1, said
        bad = _orders(tmp_path / "o.yaml", f"side: {side}\nunits:\n  {entry.format(t='zz-9')}\n")
        r = _run("--db", str(game), "turn", "orders", str(bad))
        assert r.exit_code == 2 and not [e for e in enemy if re.search(rf"(?<![\w-]){re.escape(e)}(?![\w-])", r.stderr)]
        own_enemy = enemy[0]
        r = _run("--db", str(game), "check", str(_orders(tmp_path / "o.yaml",
                                                         f"side: {side}\nunits:\n  {own_enemy}: {{order: HA}}\n")))
        assert f"unknown unit '{own_enemy}'" in r.output and "is a unit of" not in r.output, r.output


def test_the_pre_filled_orders_file_takes_its_own_contact_labels(demo: Path, tmp_path: Path) -> None:
    import shutil

    game = tmp_path / "g.db"
    shutil.copy(demo / "mbt" / "game.db", game)
    assert _run("--db", str(game), "phase", "next").exit_code == 0  # the Initiative Phase: orders are due
    pre = tmp_path / "nato.yaml"
    assert _run("--db", str(game), "orders-sheet", "--side", "nato", "--out", str(pre)).exit_code == 0
    text = pre.read_text(encoding="utf-8")
    suggested = re.search(r"# (fire: \{target: (contact-\d+)\})", text)
    assert suggested, text
    lines = text.splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.strip().startswith("# order:"))
    lines[at] = lines[at].split("# order:")[0] + "order: F"
    at = next(i for i, ln in enumerate(lines) if "# fire: {target:" in ln)
    lines[at] = lines[at].split("# fire:")[0] + suggested.group(1)
    pre.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = _run("--db", str(game), "check", str(pre))
    assert r.exit_code == 0, r.output
    r = _run("--db", str(game), "turn", "orders", str(pre))
    assert r.exit_code == 0, r.output
