"""An error message is an output: one regression test a point of the issue that found it
(refusals that listed the enemy, a pre-filled orders file that refused its own words, errors
that quoted a linked system file, errors that did not stop at the limit, a GeoJSON read in the
wrong unit, planted objects imported into a campaign)."""

from __future__ import annotations

import os
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
        assert r.cpu < 1.0 and r.rss_mb < 100, (r.cpu, r.rss_mb)
