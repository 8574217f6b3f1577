"""The MBT reference page's options commands work as written (from a checkout: its orders files)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from umpire.cli import app

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "docs" / "reference" / "mbt.md"


def test_the_mbt_options_commands_work_as_written(tmp_path, monkeypatch):
    root = REPO
    section = PAGE.read_text().split("## MBT options", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```bash\n(.*?)```", section, re.S)
    assert len(blocks) == 2
    monkeypatch.chdir(root)  # the orders files are named from the checkout
    runner = CliRunner()
    for block in blocks:
        for line in block.splitlines():
            words = shlex.split(line)[1:]
            if words[:2] == ["--db", "night.db"]:
                words[1] = str(tmp_path / "night.db")
            r = runner.invoke(app, words)
            assert r.exit_code == 0, (line, r.output, r.stderr)
