"""Point 4: no command writes an output over the game file (or its journal), however the path
is spelled: one shared check refuses it with one Error line and the game is untouched."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import Cli, at_scenario


def _game(path: Path) -> Cli:
    cli = Cli(path)
    assert cli("new", str(at_scenario())).exit_code == 0
    assert cli("place", "a-1-64", "5", "5").exit_code == 0
    return cli


def _refused(cli: Cli, *args: str) -> str:
    before = cli.db.read_bytes()
    r = cli(*args)
    lines = r.stderr.splitlines()
    assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith("Error: "), (args, r.stderr)
    assert cli.db.read_bytes() == before
    return lines[0]


@pytest.mark.parametrize("fmt", [None, "text", "md", "json"])
def test_report_out_the_game_file_is_refused(tmp_path, fmt):
    cli = _game(tmp_path / "g.db")
    line = _refused(cli, "report", *(["--format", fmt] if fmt else []), "--out", str(cli.db))
    assert line == f"Error: --out {cli.db}: that is the game file (--db {cli.db}); choose another file to write"


@pytest.mark.parametrize("spelling", ["relative", "dotted", "symlink", "hardlink", "journal"])
def test_every_spelling_of_the_game_file_is_refused(tmp_path, monkeypatch, spelling):
    cli = _game(tmp_path / "g.db")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    out = {
        "relative": Path("g.db"),
        "dotted": tmp_path / "sub" / ".." / "g.db",
        "symlink": tmp_path / "link.md",
        "hardlink": tmp_path / "hard.md",
        "journal": tmp_path / "g.db-journal",
    }[spelling]
    if spelling == "symlink":
        out.symlink_to(cli.db)
    if spelling == "hardlink":
        os.link(cli.db, out)
    line = _refused(cli, "report", "--format", "md", "--out", str(out))
    assert "that is the" in line and "game file" in line
    assert not (tmp_path / "g.db-journal").exists()


@pytest.mark.parametrize("args", [
    ("map", "--out"), ("roster", "--out"), ("orders-sheet", "--out"), ("report", "--format", "pdf", "--out"),
])
def test_paper_commands_refuse_the_game_file(tmp_path, args):
    cli = _game(tmp_path / "g.pdf")  # a game file whose name has the output's suffix
    line = _refused(cli, *args, str(cli.db))
    assert "that is the game file" in line


@pytest.mark.parametrize("args", [
    ("report", "--all-sides", "--format", "md", "--out"), ("roster", "--all-sides", "--out"),
    ("orders-sheet", "--all-sides", "--out"),
])
def test_one_file_per_side_never_lands_on_the_game_and_writes_nothing_first(tmp_path, args):
    suffix = ".md" if "md" in args else ".pdf"
    cli = _game(tmp_path / f"b-pact{suffix}")  # the second side's file name
    _refused(cli, *args, str(tmp_path / f"b{suffix}"))
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"b-pact{suffix}"]


def test_the_demo_does_not_replace_the_game_named_by_db(tmp_path):
    folder = tmp_path / "demo"
    folder.mkdir()
    cli = _game(folder / "game.db")
    line = _refused(cli, "demo", "--out", str(folder))
    assert "that is the game file" in line
