"""Help reads as prose: a docstring's paragraph is one paragraph on screen, wrapped at the
terminal's width, not broken where the source happened to wrap it."""

import typer
from typer.main import get_command
from typer.testing import CliRunner

from umpire.cli import app
from umpire.cli.app import reflow


def _commands(group, path=()):
    for name, cmd in getattr(group, "commands", {}).items():
        yield (*path, name), cmd
        yield from _commands(cmd, (*path, name))


def test_reflow_joins_a_paragraph_and_keeps_list_items_apart():
    text = """First line of the summary,
    wrapped in the source.

    A second paragraph,
    also wrapped.

    - an item
      that wraps
    - another"""
    assert reflow(text) == ("First line of the summary, wrapped in the source.\n\n"
                            "A second paragraph, also wrapped.\n\n- an item that wraps\n- another")


def test_every_command_help_has_no_line_break_inside_a_paragraph():
    root = get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    seen = 0
    for path, cmd in _commands(root):
        for para in (cmd.help or "").split("\n\n"):
            lines = para.split("\n")
            assert all(line.startswith("- ") for line in lines[1:]), (" ".join(path), para)
        seen += 1
    assert seen > 30


def test_a_wrapped_docstring_shows_as_one_paragraph():
    out = CliRunner().invoke(app, ["amend", "--help"], env={"COLUMNS": "300"})
    assert out.exit_code == 0
    assert "with the game's keyed dice, and umpire prints what changed in their results." in out.output
