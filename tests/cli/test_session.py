"""#20: ``umpire session`` driven through a pseudo-terminal as an umpire types: Tab completion
offers unit names, twenty questions get the one-shot commands' own text, a bad line is one
``Error:`` line and the session goes on, Ctrl-D ends it."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from umpire.cli import app

ROOT = Path(__file__).resolve().parents[2]
WIDTH = 80
# prompt_toolkit turns bracketed paste on as it draws a prompt and off when the line is entered:
# what comes between the two is the answer
EDITING, ENTERED = "\x1b[?2004h", "\x1b[?2004l"
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[=>]")

QUESTIONS = [
    "fire T-80B M1A1 7 side --roll 7",
    "fire T-80B Abrams 12 --roll 3 --odds",
    'fire "T-72A Company" "Leopard 2A4 Company" 3 rear --roll 9',
    "fire shooter=BMP-2 target=M1 range=4 aspect=front shooter.moved=true --roll 10",
    "spot BMP-2 12 target.kind=troop",
    "hq 3 2 --roll 6",
    "morale H 1.5 --roll 4",
    "close-combat 'MR Company' T-80B --roll 3",
    "overrun 'MR Company' T-80B T-72 --roll 5",
    "indirect 2S1 Marder 30 --roll 8",
    "counter-battery 2S1 M109 40 --roll 9",
    "airstrike 'MR Company' 2 --roll 6",
    "entrench deliberate veteran --roll 7 --odds",
    "mines T-80B AT --roll 2",
    "measure 10,24 50,24",
    "mbt fire USSR-2A FRG-1A 5 APFSDS target.terrain=woods --roll 6 --roll 25 --roll 60",
    "sight 12 woods",
    "gp M1A1 T-72M1 10 --roll 40",
    "hand_to_hand squad squad --roll 50",
    "fire T-80B M1A1 7 side --roll 7 --json",
]


def one_shot(question: str, monkeypatch: pytest.MonkeyPatch) -> str:
    from umpire.cli import output
    from umpire.cli.talk import split_line

    monkeypatch.setattr(output.console, "_width", WIDTH)  # the session's terminal is WIDTH wide
    r = CliRunner().invoke(app, ["calc", *split_line(question)])
    assert r.exit_code == 0, r.output
    return r.output


def clean(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


@pytest.fixture
def child(tmp_path: Path) -> pexpect.spawn:
    env = {**os.environ, "COLUMNS": str(WIDTH), "LINES": "50", "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1",
           "UMPIRE_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    env.pop("NO_COLOR", None)
    p = pexpect.spawn(sys.executable, ["-m", "umpire", "session"], env=env, cwd=str(ROOT), encoding="utf-8",
                      dimensions=(50, WIDTH), timeout=30)
    p.expect_exact(EDITING)
    yield p
    p.close(force=True)


def ask(p: pexpect.spawn, line: str) -> str:
    """The session's answer to ``line``: what it wrote before the next prompt, less the echo."""
    p.sendline(line)
    p.expect_exact(ENTERED)
    p.expect_exact(EDITING)
    return clean(p.before)


def test_twenty_questions_get_the_one_shot_text(child: pexpect.spawn, monkeypatch: pytest.MonkeyPatch) -> None:
    for q in QUESTIONS:
        assert ask(child, q) == one_shot(q, monkeypatch), q


def test_completion_offers_unit_names(child: pexpect.spawn) -> None:
    child.send("fire T-80B M1A")
    child.send("\t")
    child.expect("M1A1 Company")
    child.send("\x03")  # Ctrl-C drops the line
    child.expect_exact(EDITING)
    child.send("fire T-80B M1A1 7 shooter.mo")
    child.send("\t")
    child.expect_exact("ved=")  # the one completion: the rest of the field drawn after the cursor
    child.send("\x03")
    child.expect_exact(EDITING)


def test_a_bad_line_is_one_error_and_the_session_goes_on(child: pexpect.spawn,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    out = ask(child, "fire T-90 M1A1 7 --roll 7")
    lines = [x for x in out.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "unknown unit 'T-90'" in lines[0], out
    for bad in ("bogus words", "ruling no.such=thing", "fire T-80B M1A1 7 --roll x", 'fire "T-80B'):
        lines = [x for x in ask(child, bad).splitlines() if x.strip()]
        assert len(lines) == 1 and lines[0].startswith("Error: "), (bad, lines)
    q = "fire T-80B M1A1 7 side --roll 7"
    assert ask(child, q) == one_shot(q, monkeypatch)
    child.sendeof()
    child.expect(pexpect.EOF)


def test_session_choices_and_the_last_question(child: pexpect.spawn, monkeypatch: pytest.MonkeyPatch) -> None:
    ask(child, "fire T-80B M1A1 7 side --roll 7")
    odds = ask(child, "odds")
    assert odds == one_shot("fire T-80B M1A1 7 side --roll 7 --odds", monkeypatch)
    assert "shooter.moved" in ask(child, "explain") and "given" in ask(child, "explain")
    assert "literal" in ask(child, "ruling fire.flank_rear_shift_direction=literal")
    switched = "fire T-80B M1A1 7 side --roll 7 --ruling fire.flank_rear_shift_direction=literal"
    assert ask(child, "fire T-80B M1A1 7 side --roll 7") == one_shot(switched, monkeypatch)
    assert ask(child, "game basic") == "MBT game: basic\n"
    q = "mbt fire USSR-2A FRG-1A 5 APFSDS --roll 6 --roll 25 --roll 60"
    assert "MBT Basic Game (set for the session)" in ask(child, q)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_session_on_a_game_reads_its_table_and_writes_nothing(tmp_path: Path) -> None:
    import hashlib
    import subprocess

    db = tmp_path / "g.db"
    assert CliRunner().invoke(app, ["--db", str(db), "new", "hof-gap-meeting"]).exit_code == 0
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "UMPIRE_CACHE_DIR": str(tmp_path / "cache"), "COLUMNS": "200"}
    out = subprocess.run([sys.executable, "-m", "umpire", "session", "--db", str(db)], cwd=str(ROOT), env=env,
                         input="calc fire a-1-64 t80-1 --roll 7 --json\ncalc fire a-1-64 nobody 7 --roll 7\n",
                         capture_output=True, text=True, timeout=60)
    import json

    answer = json.loads(out.stdout)
    assert answer["resolved"]["line"] == "a-1-64 (A/1-64 (M1A1)) -> t80-1 (1-я рота Т-80Б)"
    assert "35.09" in json.dumps(answer)  # the range measured on the table (7 x -1 beyond 4")
    assert out.stderr.count("Error: ") == 1 and "unknown unit 'nobody'" in out.stderr
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
