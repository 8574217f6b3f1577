"""``umpire demo`` on the installed package, from a fresh folder (as the README's first line)."""

import os
import subprocess
import sys


def test_demo_runs_in_a_fresh_folder_from_the_installed_package(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["COLUMNS"] = "160"
    r = subprocess.run(
        [sys.executable, "-m", "umpire", "demo"], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert "Hof Gap meeting engagement" in r.stdout
    assert "1-я рота Т-80Б" in r.stdout
    assert (tmp_path / "umpire-demo" / "game.db").is_file()


def test_demo_resolves_two_turns_and_writes_every_report(tmp_path):
    """In process (the subprocess test above runs whatever umpire is installed)."""
    from typer.testing import CliRunner

    from umpire.cli import app

    r = CliRunner().invoke(app, ["demo", "--out", str(tmp_path / "d")])
    assert r.exit_code == 0, r.output
    assert "turn 2 End Phase resolved" in r.output and "turn 3 begins" in r.output
    for name in ("report-umpire", "briefing-nato", "briefing-pact"):
        for ext in ("pdf", "md", "txt"):
            assert (tmp_path / "d" / f"{name}.{ext}").stat().st_size > 500
    camp = tmp_path / "d" / "campaign"
    assert "club campaign: Hof Gap, autumn 1985" in r.output and "game r1-north imported" in r.output
    for name in ("season.db", "r1-north.db", "papers/round-2/pact-petrov-roster.pdf", "story/season.html"):
        assert (camp / name).is_file() and str(camp / name) in r.output.replace("\n", ""), name
