"""Every command has help text, and the README names every command."""

from pathlib import Path

from typer.main import get_command
from typer.testing import CliRunner

from umpire.cli import app

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def _commands():
    group = get_command(app)
    return sorted(group.commands.items())


def test_every_command_has_help():
    runner = CliRunner()
    for name, cmd in _commands():
        assert (cmd.help or "").strip(), name
        r = runner.invoke(app, [name, "--help"])
        assert r.exit_code == 0, (name, r.output)


def test_readme_mentions_every_command():
    missing = [name for name, _ in _commands() if f"umpire {name}" not in README]
    assert missing == []
