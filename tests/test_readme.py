"""The README's commands work as written (the game-by-hand tour, run in a fresh folder)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from umpire.cli import app

README = Path(__file__).resolve().parents[1] / "README.md"


def _block_after(heading: str) -> list[str]:
    text = README.read_text()
    section = text.split(heading, 1)[1]
    block = re.search(r"```bash\n(.*?)```", section, re.S)
    assert block
    return [line for line in block.group(1).splitlines() if line.startswith("umpire ")]


def test_readme_starts_with_the_two_commands():
    first = re.search(r"```bash\n(.*?)```", README.read_text(), re.S).group(1).splitlines()
    assert first[0].endswith("pip install . && umpire demo")
    assert first[1].endswith('pip install ".[dev]" && python -m pytest')


def test_the_game_by_hand_works_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    commands = _block_after("## A game by hand")
    assert len(commands) >= 8
    for line in commands:
        r = runner.invoke(app, shlex.split(line)[1:])
        assert r.exit_code == 0, (line, r.output, r.stderr)
    assert (tmp_path / "umpire.db").exists()
    for line in _block_after("## On paper"):
        r = runner.invoke(app, shlex.split(line)[1:])
        assert r.exit_code == 0, (line, r.output, r.stderr)
        out = Path(shlex.split(line)[-1])
        assert out.stat().st_size > 1000, line


def test_the_quick_answer_works_as_written(monkeypatch):
    monkeypatch.chdir(README.parent)
    (line,) = _block_after("## The quick answer")
    r = CliRunner().invoke(app, shlex.split(line)[1:])
    assert r.exit_code == 0 and "w1" in r.output, r.output


def test_the_mbt_umpired_game_works_as_written(monkeypatch, tmp_path):
    monkeypatch.chdir(README.parent)
    runner = CliRunner()
    db = tmp_path / "mbt.db"
    for line in _block_after("## The MBT umpired game"):
        args = [str(db) if a == "mbt.db" else a for a in shlex.split(line)[1:]]
        r = runner.invoke(app, args)
        assert r.exit_code == 0, (line, r.output, r.stderr)
    assert "turn 2" in r.output or "agrees" in r.output or "exactly" in r.output


def test_the_turn_by_hand_works_as_written(tmp_path, monkeypatch):
    """Run from the repository (the orders files are data/orders/), the game file in tmp."""
    monkeypatch.chdir(README.parent)
    runner = CliRunner()
    commands = _block_after("## A turn by hand")
    assert any(c.startswith("umpire phase next") for c in commands)
    for line in commands:
        args = shlex.split(line)[1:]
        if "--out" in args:
            args[args.index("--out") + 1] = str(tmp_path / args[args.index("--out") + 1])
        r = runner.invoke(app, ["--db", str(tmp_path / "turn.db"), *args])
        assert r.exit_code == 0, (line, r.output, r.stderr)
    assert (tmp_path / "pact-turn1.md").stat().st_size > 500


def test_the_club_campaign_works_as_written(tmp_path, monkeypatch):
    """Run in a fresh folder: the season is a bundled one, every file is written there."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    commands = _block_after("## A club campaign")
    assert any(c.startswith("umpire campaign import") for c in commands)
    for line in commands:
        r = runner.invoke(app, shlex.split(line)[1:])
        assert r.exit_code == 0, (line, r.output, r.stderr)
    assert (tmp_path / "papers" / "round-2" / "nato-smith-roster.pdf").stat().st_size > 1000
    assert (tmp_path / "story" / "season.html").stat().st_size > 1000
    assert "exactly" in r.output


def test_positions_and_the_table_work_as_written(monkeypatch, tmp_path):
    monkeypatch.chdir(README.parent)  # data/tables/... as written
    monkeypatch.setenv("UMPIRE_DB", str(tmp_path / "umpire.db"))
    runner = CliRunner()
    commands = _block_after("## Positions and the table")
    assert any("--contact" in c for c in commands) and any("terrain import" in c for c in commands)
    for line in commands:
        args = shlex.split(line)[1:]
        args = [str(tmp_path / a) if i and args[i - 1] == "--out" else a for i, a in enumerate(args)]
        r = runner.invoke(app, args)
        assert r.exit_code == 0, (line, r.output, r.stderr)
    assert (tmp_path / "mbt-table.svg").stat().st_size > 1000


def test_the_procedure_lists_name_every_calc_procedure():
    """The README's procedure lists match each ruleset's ``calc`` procedures (``measure`` aside)."""
    from umpire.registry import find_ruleset

    text = " ".join(README.read_text().split())
    for ruleset, label in (("auftragstaktik", "Auftragstaktik procedures:"), ("mbt", "MBT procedures:")):
        listed = text.split(label, 1)[1].split(". ", 1)[0]
        names = set(re.findall(r"`([a-z_-]+)`", listed))
        assert names == set(find_ruleset(ruleset).procedures()), (ruleset, names)
