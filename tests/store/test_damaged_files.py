"""Point 9: damaged game files give one Error line naming what is wrong, never a traceback.

Every kind of damage in :mod:`tests.store.damage` (made from a real small game) meets every
command that reads the log or the state; ``umpire doctor`` lists the damage and exits 2.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.store.damage import DAMAGE, base_game, make
from umpire.cli import app

COMMANDS = [
    ["doctor"], ["log"], ["replay", "--check"], ["status"], ["report"], ["turn"], ["undo"], ["phase", "next"],
]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return base_game(tmp_path_factory.mktemp("base") / "base.db")


def run(path: Path, args: list[str]):
    return CliRunner().invoke(app, ["--db", str(path), *args])


def _no_traceback(result, what: str) -> None:
    exc = result.exception
    assert exc is None or isinstance(exc, SystemExit), f"{what}: {type(exc).__name__}: {exc}"
    assert "Traceback" not in result.output + result.stderr, what
    assert result.exit_code in (0, 1, 2), what
    if result.exit_code == 2:
        errors = [ln for ln in result.stderr.splitlines() if ln.startswith("Error: ")]
        assert len(errors) == 1, f"{what}: {result.stderr!r}"


def test_the_corpus_has_at_least_twenty_kinds_of_damage():
    assert len(DAMAGE) >= 20


def test_the_base_game_is_healthy(base, tmp_path):
    path = tmp_path / "g.db"
    shutil.copy(base, path)
    for args in COMMANDS:
        r = run(path, args)
        _no_traceback(r, " ".join(args))
        assert r.exit_code == 0, (args, r.stderr)


@pytest.mark.parametrize("name", sorted(DAMAGE))
def test_no_command_gives_a_traceback_on_a_damaged_file(base, tmp_path, name):
    path = make(base, tmp_path, name)
    usable = DAMAGE[name][1]
    doctor = run(path, ["doctor"])
    _no_traceback(doctor, f"{name}: doctor")
    assert doctor.exit_code == (2 if not usable or name in REWRITTEN else 0), doctor.output
    for args in COMMANDS[1:]:
        r = run(path, args)
        _no_traceback(r, f"{name}: {' '.join(args)}")
        if (not usable or name in REWRITTEN) and args[0] == "replay":
            assert r.exit_code != 0, f"{name}: {' '.join(args)} accepted a damaged file"


REWRITTEN = {"summary-rewritten", "result-text-rewritten"}  # usable, but not what the dice gave


@pytest.mark.parametrize(("name", "problem"), [
    ("summary-rewritten", "event #12 (auftragstaktik.phase): its stored summary is not what its resolution gives "
                          "(stored 'a-1-64 -> t80-1: t80-1 escaped', the replay 'a-1-64 -> t80-1: t80-1 eliminated')"),
    ("result-text-rewritten", "event #12 (auftragstaktik.phase): stored result 1 (fire a-1-64 -> t80-1) is not what "
                              "its resolution gives: summary: stored 'a-1-64 fires gun at t80-1 (13.27\"): escaped"),
])
def test_a_result_rewritten_by_hand_is_named_by_replay_check_and_doctor(base, tmp_path, name, problem):
    """'t80-1 eliminated' made 'escaped' in the stored event: the replay of its dice says otherwise (#26)."""
    path = make(base, tmp_path, name)
    check = run(path, ["replay", "--check"])
    assert check.exit_code == 1 and problem in check.output, check.output
    doctor = run(path, ["doctor"])
    assert doctor.exit_code == 2 and problem in doctor.output, doctor.output


def test_the_first_bad_event_is_named_by_number(base, tmp_path):
    path = make(base, tmp_path, "payload-not-json")
    r = run(path, ["log"])
    assert r.stderr == f"Error: {path}: event #7 has a payload that is not valid JSON\n"
    r = run(path, ["undo"])
    assert r.stderr == f"Error: {path}: event #7 has a payload that is not valid JSON\n"


def test_an_undo_of_a_missing_event_is_refused(base, tmp_path):
    path = make(base, tmp_path, "undo-of-missing-event")
    r = run(path, ["replay", "--check"])
    assert r.stderr == f"Error: {path}: event #8 is an undo of event #40, which does not exist\n"


def test_doctor_lists_every_problem_not_only_the_first(base, tmp_path):
    path = make(base, tmp_path, "payload-not-json")
    import sqlite3

    conn = sqlite3.connect(path)
    conn.execute("update rolls set vals = '[99]' where seq = 12 and n = 0")
    conn.execute("update events set kind = 'teleport' where seq = 9")
    conn.commit()
    conn.close()
    r = run(path, ["doctor"])
    assert r.exit_code == 2
    assert "event #7 has a payload that is not valid JSON" in r.output
    assert "event #12 has a roll (number 0) with values [99] no d10 can show" in r.output
    assert "event #9 has an unknown action kind 'teleport'" in r.output


def test_doctor_says_healthy_and_writes_nothing(base, tmp_path):
    path = tmp_path / "g.db"
    shutil.copy(base, path)
    before = path.read_bytes()
    r = run(path, ["doctor"])
    assert r.exit_code == 0
    assert r.output == f"{path}: healthy (19 events, turn 1, phase end)\n"
    assert path.read_bytes() == before


@pytest.mark.parametrize(("name", "problem"), [
    ("amend-taking-back-missing", "event #17 is an amendment of event #40, which does not exist"),
    ("part-of-missing-amendment", "event #18 is part of amendment #40, which does not exist before it"),
    ("redo-of-missing-undo", "event #16 is a redo of #40, which is not an undo before it"),
    ("undo-to-of-missing-event", "event #15 is an undo of event #40, which does not exist"),
    ("replaces-what-was-not-taken-back",
     "event #18 is part of amendment #17 but replaces #3, which it did not take back"),
])
def test_a_correction_naming_a_missing_or_wrong_event_is_damage_the_doctor_names(base, tmp_path, name, problem):
    path = make(base, tmp_path, name)
    r = run(path, ["doctor"])
    assert r.exit_code == 2 and f"  {problem}\n" in r.output, r.output
    assert run(path, ["replay", "--check"]).stderr == f"Error: {path}: {problem}\n"
