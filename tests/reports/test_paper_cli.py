"""The paper commands through the CLI: files written, and bad inputs as one Error: line, exit 2,
no file left behind."""

from __future__ import annotations

import json

import pytest

from tests.conftest import at_scenario


@pytest.fixture
def game(cli):
    assert cli("new", str(at_scenario())).exit_code == 0
    assert cli("move", "t80-1", "48", "24").exit_code == 0
    return cli


def _one_error(r) -> str:
    assert r.exit_code == 2, r.output
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr
    return lines[0]


def test_each_command_writes_its_file(game, tmp_path):
    for args, name in [
        (["map", "--out"], "m.svg"), (["map", "--side", "nato", "--paper", "letter", "--out"], "m.pdf"),
        (["report", "--format", "pdf", "--out"], "r.pdf"), (["report", "--side", "pact", "--format", "md", "--out"],
                                                           "r.md"),
        (["roster", "--out"], "ro.pdf"), (["orders-sheet", "--formation", "1-tb", "--out"], "o.pdf"),
    ]:
        r = game(*args, str(tmp_path / name))
        assert r.exit_code == 0, r.output + r.stderr
        assert (tmp_path / name).stat().st_size > 0
    assert "1-я рота Т-80Б" in (tmp_path / "r.md").read_text()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_report_json_and_text(game):
    r = game("report", "--format", "json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert data["events"][0]["lines"][0]["text"] == "t80-1 moved to (48, 24)"
    r = game("report", "--side", "nato")
    assert r.exit_code == 0 and "Briefing for NATO" in r.stdout and "t80-1" not in r.stdout


@pytest.mark.parametrize("name,fmt,start", [("t1.pdf", None, b"%PDF"), ("t1.md", None, b"# Umpire's report"),
                                            ("t1.json", None, b"{"), ("t1.txt", None, b"Umpire's report"),
                                            ("t1.pdf", "pdf", b"%PDF")])
def test_the_format_follows_the_out_extension(game, tmp_path, name, fmt, start):
    """Why: --out t1.pdf without --format wrote text into a file named .pdf."""
    r = game("report", *(["--format", fmt] if fmt else []), "--out", str(tmp_path / name))
    assert r.exit_code == 0, r.output + r.stderr
    assert (tmp_path / name).read_bytes().startswith(start)


def test_all_sides_writes_one_file_per_side(game, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    r = game("report", "--all-sides", "--format", "pdf", "--out", str(out / "b.pdf"))
    assert r.exit_code == 0, r.stderr
    assert sorted(p.name for p in out.iterdir()) == ["b-nato.pdf", "b-pact.pdf"]


@pytest.mark.parametrize("args,expect", [
    (["report", "--side", "natoo", "--format", "pdf", "--out", "{tmp}/x.pdf"], "did you mean 'nato'"),
    (["report", "--format", "pfd", "--out", "{tmp}/x.pdf"], "unknown format 'pfd'"),
    (["report", "--format", "md", "--out", "{tmp}/x.pdf"], "--format md does not match --out x.pdf"),
    (["report", "--out", "{tmp}/x.rtf"], "cannot tell the format from .rtf"),
    (["report", "--format", "pdf"], "--out"),
    (["roster", "--side", "red", "--out", "{tmp}/x.pdf"], "unknown side 'red'"),
    (["orders-sheet", "--formation", "tf-1-65", "--out", "{tmp}/x.pdf"], "did you mean 'tf-1-64'"),
    (["orders-sheet", "--side", "nato", "--formation", "1-tb", "--out", "{tmp}/x.pdf"], "unknown formation"),
    (["map", "--out", "{tmp}/nowhere/x.svg"], "does not exist"),
    (["map", "--out", "{tmp}/afile/x.svg"], "is not a folder"),
    (["map", "--out", "{tmp}/x.gif"], "unknown --out format"),
    (["orders-sheet", "--out", "{tmp}/x.yaml"], "give --side"),
    (["orders-sheet", "--out", "{tmp}/x.pdf", "--link", "https://x.example"], "--link"),
    (["roster", "--paper", "a5", "--out", "{tmp}/x.pdf"], "unknown paper size 'a5'"),
    (["report", "--turn", "7", "--format", "pdf", "--out", "{tmp}/x.pdf"], "--turn 7"),
])
def test_bad_inputs_are_one_line_and_leave_no_file(game, tmp_path, args, expect):
    out = tmp_path / "o"
    out.mkdir()
    (out / "afile").write_text("not a folder")
    before = sorted(p.name for p in out.rglob("*"))
    msg = _one_error(game(*[a.replace("{tmp}", str(out)) for a in args]))
    assert expect in msg
    assert sorted(p.name for p in out.rglob("*")) == before


def test_a_failure_while_writing_leaves_no_partial_file(tmp_path):
    from umpire.reports.files import write_atomic

    def boom(fh):
        fh.write(b"%PDF-half")
        raise RuntimeError("crash half way")

    with pytest.raises(RuntimeError):
        write_atomic(tmp_path / "x.pdf", boom)
    assert list(tmp_path.iterdir()) == []


def test_demo_papers(game, tmp_path):
    from umpire.engine import Game
    from umpire.reports.files import write_demo_papers

    out = tmp_path / "demo"
    out.mkdir()
    paths = write_demo_papers(Game.open(game.db), out)
    assert [p.name for p in paths] == ["report-umpire.pdf", "briefing-nato.pdf", "briefing-pact.pdf", "roster.pdf",
                                       "orders-nato.pdf"]
    assert all(p.read_bytes().startswith(b"%PDF") for p in paths)
