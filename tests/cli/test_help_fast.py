"""``umpire --help`` must not import the heavy modules (it has to answer at once)."""

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from umpire.registry import load_scenario

REPO = Path(__file__).resolve().parents[2]
PROBE = """
import sys, json, runpy
sys.argv = ["umpire"] + ARGS
try:
    runpy.run_module("umpire", run_name="__main__")
except SystemExit:
    pass
HEAVY = ("shapely", "reportlab", "numpy", "sqlite_utils", "prompt_toolkit", "starlette", "uvicorn", "jinja2")
print(json.dumps(sorted(m for m in HEAVY if m in sys.modules)))
"""


def _heavy_after(args: list[str]) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out = subprocess.run(
        [sys.executable, "-c", PROBE.replace("ARGS", repr(args))],
        capture_output=True, text=True, env=env, cwd=REPO, check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def test_help_imports_neither_shapely_nor_reportlab():
    assert _heavy_after(["--help"]) == []


def test_subcommand_help_is_as_light():
    assert _heavy_after(["calc", "--help"]) == []
    assert _heavy_after(["serve", "--help"]) == []  # the web stack only once the console starts


def test_reading_a_game_imports_no_sqlite_utils(tmp_path):
    """Reads (and writes to an up-to-date file) use plain sqlite3; sqlite-utils is for new and
    for migrating an old file."""
    from umpire.engine import Game

    path = tmp_path / "g.db"
    Game.create(path, load_scenario(REPO / "data" / "scenarios" / "hof-gap-meeting.yaml"), seed=1).close()
    for args in (["status"], ["log"], ["place", "a-1-64", "3", "3"], ["undo"]):
        assert "sqlite_utils" not in _heavy_after(["--db", str(path), *args]), args


def test_campaign_help_is_as_light():
    assert _heavy_after(["campaign", "--help"]) == []
    assert _heavy_after(["campaign", "next", "--help"]) == []


def test_a_quick_answer_imports_no_line_editor():
    """prompt_toolkit is the session's: a one-shot answer, file or one line, never loads it."""
    assert "prompt_toolkit" not in _heavy_after(["calc", "fire", "T-80B", "M1A1", "7", "side", "--roll", "7"])
    assert "prompt_toolkit" not in _heavy_after(["calc", "data/cases/fire.yaml", "--roll", "7"])
    assert "prompt_toolkit" not in _heavy_after(["units", "abrams"])


LIGHT_PROBE = PROBE.replace(
    "print(json.dumps(sorted(m for m in HEAVY if m in sys.modules)))",
    "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in HEAVY or m.startswith(OTHERS))))",
).replace("HEAVY = (", "OTHERS = ('umpire.serve', 'umpire.reports.pdf', 'umpire.rules.mbt', 'umpire.turns.mbt', "
          "'umpire.campaign', 'umpire.rules.auftragstaktik.cases', 'yaml')\nHEAVY = (")


def _hof_gap(tmp_path: Path, probe: str) -> tuple[Path, Callable[[list[str]], list[str]]]:
    """A new game of the Hof Gap scenario, and what a command run on it as its own process
    leaves imported (as ``probe`` lists it)."""
    from umpire.engine import Game

    path = tmp_path / "g.db"
    Game.create(path, load_scenario(REPO / "data" / "scenarios" / "hof-gap-meeting.yaml"), seed=1).close()
    env = {**os.environ, "PYTHONPATH": str(REPO), "UMPIRE_CACHE_DIR": str(tmp_path / "cache")}

    def imported(args: list[str]) -> list[str]:
        out = subprocess.run([sys.executable, "-c", probe.replace("ARGS", repr(args))], capture_output=True,
                             text=True, env=env, cwd=REPO, check=True).stdout
        return list(json.loads(out.strip().splitlines()[-1]))

    return path, imported


def test_a_game_command_imports_what_it_needs_only(tmp_path):
    """#36: a one-shot move, place or measure on an Auftragstaktik game imports no PDF, no
    server, no line editor, no campaign and not the other ruleset's rules (nor the calc's case
    models, nor the YAML reader: the ruleset's tables come from their cache); a move through
    open ground no geometry library either (measure needs shapely, and numpy with it)."""
    path, imported = _hof_gap(tmp_path, LIGHT_PROBE)
    for args in (["status"], ["measure", "a-1-64", "b-1-64"]):  # the tables' cache written
        imported(["--db", str(path), *args])
    assert imported(["--db", str(path), "move", "a-1-64", "19", "21"]) == []
    assert imported(["--db", str(path), "place", "a-1-64", "18", "21"]) == []
    measured = imported(["--db", str(path), "measure", "a-1-64", "b-1-64"])
    assert {m.split(".")[0] for m in measured} <= {"numpy", "shapely"}


TURN_PROBE = LIGHT_PROBE.replace("print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in HEAVY or "
                                 "m.startswith(OTHERS))))",
                                 "print(json.dumps(sorted(m for m in sys.modules if m.startswith(TURN))))").replace(
    "HEAVY = (", "TURN = ('umpire.turns.auftragstaktik.', 'umpire.rules.auftragstaktik.data', "
    "'umpire.rules.auftragstaktik.crt', 'umpire.rules.auftragstaktik.indirect')\nHEAVY = (")


def test_a_stand_moved_before_the_first_turn_reads_none_of_the_turn(tmp_path):
    """#36: before the first turn a move or a place by hand is free, so a one-shot ``move`` or
    ``place`` imports none of the turn's phases and none of the ruleset's tables (the turn's
    actions are imported when one of them runs); once the turn runs, a move is checked against
    its order and reads them."""
    path, imported = _hof_gap(tmp_path, TURN_PROBE)
    assert "TURN = (" in TURN_PROBE and "m.startswith(TURN)" in TURN_PROBE
    assert imported(["--db", str(path), "move", "a-1-64", "19", "21"]) == []
    assert imported(["--db", str(path), "place", "a-1-64", "18", "21"]) == []
    assert "umpire.turns.auftragstaktik.actions" in imported(["--db", str(path), "phase", "next"])
