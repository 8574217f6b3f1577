"""``umpire report`` on both demo games: every turn, every reader, every format, exit 0 and no
traceback; in a fresh process too (the ruleset's handlers are found without a special import);
and no Python value written as Python writes it in any report or briefing."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from umpire.cli import app

FORMATS = {"text": "txt", "md": "md", "json": "json", "pdf": "pdf"}
REPR = re.compile(r"\b(True|False|None)\b|[{}]")


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("demo") / "d"
    r = CliRunner().invoke(app, ["demo", "--out", str(out)])
    assert r.exit_code == 0, r.output
    return out


def _games(demo: Path) -> list[tuple[Path, list[str]]]:
    return [(demo / "game.db", ["nato", "pact"]), (demo / "mbt" / "game.db", ["nato", "ussr"])]


def test_every_turn_every_reader_every_format(demo, tmp_path):
    runner = CliRunner()
    for db, sides in _games(demo):
        for turn in ("1", "2", "3", None):
            for side in (None, *sides):
                for fmt, ext in FORMATS.items():
                    out = tmp_path / f"{db.parent.name}-{turn}-{side}.{ext}"
                    args = ["--db", str(db), "report", "--format", fmt, "--out", str(out)]
                    args += ["--turn", turn] if turn else []
                    args += ["--side", side] if side else []
                    r = runner.invoke(app, args)
                    assert r.exit_code == 0 and r.exception is None, (args, r.output, r.stderr)
                    assert out.stat().st_size > 200, args
                    if fmt == "json":
                        json.loads(out.read_text())


@pytest.mark.parametrize("game", ["game.db", "mbt/game.db"])
def test_report_of_one_turn_in_a_fresh_process(demo, game):
    """Why: ``umpire report --turn N`` ended in KeyError 'auftragstaktik.orders' / 'mbt.phase'
    (the turn module that registers the handlers was not imported on that path)."""
    env = {**os.environ, "COLUMNS": "80"}
    r = subprocess.run([sys.executable, "-m", "umpire", "--db", str(demo / game), "report", "--turn", "1"],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "Turn 1 ·" in r.stdout


def _pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return "\n".join(p.extract_text() for p in PdfReader(str(path)).pages)


def _without_quotes(text: str) -> str:
    """The text less what users wrote (order notes, quoted)."""
    return re.sub(r'"[^"\n]*"', "", text)


def test_no_report_or_briefing_prints_a_python_value(demo):
    files = [p for p in sorted(demo.rglob("*")) if p.suffix in (".txt", ".md", ".pdf")
             and p.name.startswith(("report", "briefing"))]
    assert len(files) >= 12
    for p in files:
        text = _pdf_text(p) if p.suffix == ".pdf" else p.read_text()
        found = REPR.search(_without_quotes(text))
        assert found is None, (p.name, found.group(0), text[max(0, found.start() - 80):found.end() + 80])
