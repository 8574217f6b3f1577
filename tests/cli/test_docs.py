"""Every command has help text, and the command reference names every command."""

from pathlib import Path

from typer.main import get_command
from typer.testing import CliRunner

from umpire.cli import app

REFERENCE = (Path(__file__).resolve().parents[2] / "docs" / "reference" / "cli.md").read_text()


def _commands():
    group = get_command(app)
    return sorted(group.commands.items())


def test_every_command_has_help():
    runner = CliRunner()
    for name, cmd in _commands():
        assert (cmd.help or "").strip(), name
        r = runner.invoke(app, [name, "--help"])
        assert r.exit_code == 0, (name, r.output)


def test_the_command_reference_names_every_command():
    missing = [name for name, _ in _commands() if f"umpire {name}" not in REFERENCE]
    assert missing == []


def test_calc_fields_of_a_ruleset_takes_that_rulesets_procedure():
    """MBT's counter_battery is not Auftragstaktik's counter-battery, though they read alike."""
    r = CliRunner().invoke(app, ["calc", "fields", "mbt", "counter_battery"], env={"COLUMNS": "200"})
    assert r.exit_code == 0 and r.output.startswith("mbt counter_battery in one line"), r.output
    r = CliRunner().invoke(app, ["calc", "fields", "counter-battery"], env={"COLUMNS": "200"})
    assert r.exit_code == 0 and r.output.startswith("auftragstaktik counter-battery"), r.output
