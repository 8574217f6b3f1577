"""#36: ``umpire --db FILE session`` plays the game's commands, driven through a pseudo-terminal
as an umpire types them: a whole Auftragstaktik turn and a whole MBT turn give, event for event,
the game the same commands typed one by one give; what another process writes between two lines
is seen; a bad command is one ``Error:`` line, nothing is written, and the session goes on."""

from __future__ import annotations

import hashlib
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from tests.conftest import REPO, Cli
from umpire.engine import Game

ORDERS = REPO / "data" / "orders"
EDITING, ENTERED = "\x1b[?2004h", "\x1b[?2004l"  # prompt_toolkit's bracketed paste, on and off
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[=>]")

AT_TURN = [
    f"turn orders {ORDERS / 'nato-turn1.yaml'}", f"turn orders {ORDERS / 'pact-turn1.yaml'}",
    *["phase next"] * 4,
    "move a-1-64 30 22", "phase next", "fire a-1-64 t80-1 --roll 3", "undo", "redo",
    "status", "measure a-1-64 t80-1", "log",
]
MBT_TURN = [
    "phase next", f"turn orders {ORDERS / 'mbt' / 'turn1-nato.yaml'}",
    f"turn orders {ORDERS / 'mbt' / 'turn1-ussr.yaml'}", *["phase next"] * 4, "status", "log",
]


def clean(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def spawn(db: Path, cache: Path) -> pexpect.spawn:
    env = {**os.environ, "COLUMNS": "100", "LINES": "50", "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1",
           "UMPIRE_CACHE_DIR": str(cache), "PYTHONPATH": str(REPO)}
    env.pop("NO_COLOR", None)
    p = pexpect.spawn(sys.executable, ["-m", "umpire", "--db", str(db), "session"], env=env, cwd=str(REPO),
                      encoding="utf-8", dimensions=(50, 100), timeout=120)
    p.expect_exact(EDITING)
    return p


def say(p: pexpect.spawn, line: str) -> str:
    """What the session wrote in answer to ``line`` (its standard output and error), less the echo."""
    p.sendline(line)
    p.expect_exact(ENTERED)
    p.expect_exact(EDITING)
    return clean(p.before)


def events(db: Path) -> list[tuple[object, ...]]:
    """Every event of the file, as the log holds it: kind, payload, summary, turn, phase, what it
    undoes, its rolls and results (its number and time aside)."""
    game = Game.open(db)
    try:
        return [(e.kind, e.payload, e.summary, e.turn, e.phase, e.undoes, e.rolls, e.results, e.records,
                 e.part_of, e.replaces)
                for e in game.events()]
    finally:
        game.close()


def typed_one_by_one(db: Path, scenario: str, lines: list[str]) -> list[str]:
    """``lines`` typed one command at a time, then ``phase next`` until turn 2; every line typed."""
    cli = Cli(db)
    assert cli("new", scenario).exit_code == 0
    done = list(lines)
    for line in lines:
        r = cli(*line.split())
        assert r.exit_code == 0, (line, r.output, r.stderr)
    while True:
        game = Game.open(db)
        turn = game.state.turn
        game.close()
        if turn == 2:
            return done
        assert len(done) < 40
        assert cli("phase", "next").exit_code == 0
        done.append("phase next")


@pytest.mark.parametrize(("scenario", "lines"), [("hof-gap-meeting", AT_TURN), ("mbt-basic-a", MBT_TURN)],
                         ids=["auftragstaktik", "mbt"])
def test_a_whole_turn_in_the_session_is_the_turn_typed_one_by_one(tmp_path: Path, scenario: str,
                                                                  lines: list[str]) -> None:
    typed, session = tmp_path / "typed.db", tmp_path / "session.db"
    lines = typed_one_by_one(typed, scenario, lines)
    assert Cli(session)("new", scenario).exit_code == 0
    p = spawn(session, tmp_path / "cache")
    try:
        for line in lines:
            out = say(p, line)
            assert "Error" not in out, (line, out)
        assert "turn 2" in say(p, "status").lower()
        p.sendeof()
        p.expect(pexpect.EOF)
    finally:
        p.close(force=True)
    mine, theirs = events(session), events(typed)
    assert len(mine) == len(theirs) == len([x for x in lines if x.split()[0] not in ("status", "measure", "log")])
    for n, (a, b) in enumerate(zip(mine, theirs, strict=True), 1):
        assert a == b, f"event #{n}"
    game = Game.open(session)
    assert game.state.turn == 2 and game.check() == []
    game.close()


def test_the_session_sees_what_another_process_wrote(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    cli = Cli(db)
    assert cli("new", "hof-gap-meeting").exit_code == 0
    p = spawn(db, tmp_path / "cache")
    try:
        assert "#1 a-1-64 moved" in say(p, "move a-1-64 19 21")
        assert cli("move", "b-1-64", "21", "13").exit_code == 0  # another process writes #2
        status = say(p, "status")
        assert re.search(r"b-1-64 .*\(21, 13\)", status), status
        assert "#3 a-1-64 moved" in say(p, "move a-1-64 20 21")  # after it, not over it
        assert "undone #3" in say(p, "undo")
        log = say(p, "log")
        assert "b-1-64 moved" in log and "a-1-64 moved 1\" to (20, 21)" in log
        # a question on the table reads the table as it is now
        assert cli("move", "a-1-64", "25", "21").exit_code == 0
        assert "a-1-64 -> b-1-64" in say(p, "measure a-1-64 b-1-64")
    finally:
        p.close(force=True)
    kinds = [(e[0], e[1].get("unit")) for e in events(db)]
    assert kinds == [("move", "a-1-64"), ("move", "b-1-64"), ("move", "a-1-64"), ("undo", None), ("move", "a-1-64")]


def test_a_bad_command_is_one_error_line_and_writes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    assert Cli(db)("new", "hof-gap-meeting").exit_code == 0
    p = spawn(db, tmp_path / "cache")
    try:
        assert "#1" in say(p, "move a-1-64 19 21")
        before = hashlib.sha256(db.read_bytes()).hexdigest()
        for bad in ("move nobody 1 1", "move a-1-64 x 21", "place a-1-64 500 500", "phase next",
                    "order a-1-64 XX", "fire a-1-64", "morale nobody", "undo --to 99", "amend 99 move a-1-64 1 1",
                    "turn orders nofile.yaml", 'move "a-1-64'):
            lines = [x for x in say(p, bad).splitlines() if x.strip()]
            assert len(lines) == 1 and lines[0].startswith("Error: "), (bad, lines)
            assert hashlib.sha256(db.read_bytes()).hexdigest() == before, bad
        assert "#2 a-1-64 moved" in say(p, "move a-1-64 20 21")  # and the session goes on
        assert "calc" in say(p, "help")
        answer = say(p, "calc fire a-1-64 t80-1 --roll 7")  # a question on the table: nothing written
        assert "auftragstaktik fire" in answer, answer
        p.sendline("quit")
        p.expect(pexpect.EOF)
    finally:
        p.close(force=True)
    assert len(events(db)) == 2


def test_completion_offers_the_tables_ids_for_a_game_command(tmp_path: Path) -> None:
    from umpire.cli.session import Session
    from umpire.cli.session_complete import SessionCompleter

    db = tmp_path / "g.db"
    assert Cli(db)("new", "hof-gap-meeting").exit_code == 0
    game = Game.open(db)
    s = Session(game=game)
    s.state = game.state
    c = SessionCompleter(s)
    assert c.matches([], "mo") == ["move", "morale"]
    assert c.matches(["move"], "a-") == ["a-1-64"]
    assert c.matches(["move", "a-1-64", "20", "21"], "--f") == ["--facing"]
    assert c.matches(["hq"], "")[:2] == ["tf-1-64", "1-tb"]  # the battalions
    assert c.matches(["place", "c-4-8", "--at"], "to") == ["town-1"]  # a spot: a terrain piece
    assert "wood-n" in c.matches(["measure", "a-1-64"], "")
    assert c.matches(["turn"], "") == ["orders", "print"]
    assert c.matches(["calc", "fire"], "T-80B C") == ['"T-80B Company"', '"T-80B Coy"']  # a question's names
    game.close()
    p = spawn(db, tmp_path / "cache")
    try:
        p.send("move hq-1t")
        p.send("\t")
        p.expect_exact("b")  # the one completion: hq-1tb
        p.send(" 40 20\r")
        p.expect_exact(ENTERED)
        p.expect_exact(EDITING)
        assert "#1 hq-1tb moved" in clean(p.before)
    finally:
        p.close(force=True)
