"""The generated reference pages are what the code says now: the commands and their options (from
the Typer app `--help` renders), the rulings, calc's procedures and fields, the file formats.
`python tools/docs_reference.py` writes them again."""

from __future__ import annotations

import difflib

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from tools import docs_reference
from umpire.cli import app


@pytest.fixture(scope="module")
def pages() -> dict:
    return docs_reference.pages()


def test_every_generated_page_is_up_to_date(pages):
    stale = {}
    for path, text in pages.items():
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if old != text:
            diff = difflib.unified_diff(old.splitlines(), text.splitlines(), "on disk", "from the code",
                                        lineterm="", n=1)
            stale[str(path.relative_to(docs_reference.REPO))] = "\n".join(list(diff)[:40])
    assert not stale, "out of date (python tools/docs_reference.py writes them):\n" + "\n\n".join(
        f"{p}\n{d}" for p, d in stale.items())


def test_the_command_reference_says_what_help_says(pages):
    """Every command, and every option `umpire COMMAND --help` lists, is in the page."""
    page = pages[docs_reference.DOCS / "reference" / "cli.md"]
    runner = CliRunner()
    for name, cmd in get_command(app).commands.items():
        assert f"### `umpire {name}`" in page, name
        text = runner.invoke(app, [name, "--help"], env={"COLUMNS": "200"}).output
        for opt in (o for p in cmd.params for o in getattr(p, "opts", []) if o.startswith("--")):
            if opt in text:
                assert f"`{opt}" in page, (name, opt)


def test_a_planted_drift_is_caught(monkeypatch):
    """Change a command's help: the page the code gives is no longer the one on disk."""
    group = get_command(app)
    cmd = group.commands["measure"]
    monkeypatch.setattr(cmd, "help", "Measured otherwise.")
    from typer import main as typer_main

    monkeypatch.setattr(typer_main, "get_command", lambda _app: group)
    assert "Measured otherwise." in docs_reference.cli_page()


def test_the_ruleset_pages_list_every_calc_procedure():
    """The prose lists of each ruleset's page match its ``calc`` procedures (``measure`` aside)."""
    import re

    from umpire.registry import find_ruleset

    for ruleset, page, label in (("auftragstaktik", "auftragstaktik.md", "Auftragstaktik procedures:"),
                                 ("mbt", "mbt.md", "MBT procedures:")):
        text = " ".join((docs_reference.DOCS / "reference" / page).read_text(encoding="utf-8").split())
        listed = text.split(label, 1)[1].split(". ", 1)[0]
        names = set(re.findall(r"`([a-z_-]+)`", listed))
        assert names == set(find_ruleset(ruleset).procedures()), (ruleset, names)
