"""Corrections through the CLI (#10): undo --to, redo, amend; each bad input is one Error line,
exit 2, and the game file stays byte for byte as it was; the log shows every correction."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO, Cli, at_scenario

ORDERS = REPO / "data" / "orders"


def _ok(r) -> str:  # noqa: ANN001
    assert r.exit_code == 0, (r.output, r.stderr)
    return r.output


def _one_error(r) -> str:  # noqa: ANN001
    exc = r.exception
    assert exc is None or isinstance(exc, SystemExit), f"{type(exc).__name__}: {exc}"
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith("Error: "), (r.exit_code, r.stderr)
    return lines[0]


@pytest.fixture(scope="module")
def turn_game(tmp_path_factory) -> Path:
    """Turn 1 into the Second Combat Phase: orders (#1, #2), four phases (#3-#6), a-1-64 moved
    by hand (#7), the Second Movement Phase (#8, NATO spots t80-1), a-1-64 fires at t80-1 by
    hand (#9) with the die typed in, and the Second Combat Phase (#10)."""
    cli = Cli(tmp_path_factory.mktemp("corr") / "game.db")
    _ok(cli("new", str(at_scenario())))
    for side in ("nato", "pact"):
        _ok(cli("turn", "orders", str(ORDERS / f"{side}-turn1.yaml")))
    for _ in range(4):
        _ok(cli("phase", "next"))
    _ok(cli("move", "a-1-64", "30", "22"))
    _ok(cli("phase", "next"))
    _ok(cli("fire", "a-1-64", "t80-1", "--roll", "3"))
    _ok(cli("phase", "next"))
    return cli.db


@pytest.fixture
def game(turn_game, tmp_path) -> Cli:
    path = tmp_path / "game.db"
    shutil.copy(turn_game, path)
    return Cli(path)


@pytest.mark.parametrize(
    ("args", "expect"),
    [
        (("undo", "--to", "99"), "undo --to 99: there is no event #99 (the log ends at #10"),
        (("undo", "--to", "10"), "nothing to undo after #10: it is the last action in force"),
        (("undo", "--to", "-1"), "--to"),
        (("redo",), "redo: nothing to redo"),
        (("amend", "99", "move", "a-1-64", "30", "28"), "amend 99: there is no event #99 (the log ends at #10"),
        (("amend", "0", "move", "a-1-64", "30", "28"), "amend 0: there is no event #0"),
        (("amend", "7"), "amend 7: give the corrected action"),
        (("amend", "7", "status"), "'status' is not an action"),
        (("amend", "7", "move", "a-1-64", "90", "28"), "off the table"),
        (("amend", "7", "move", "a-1-64", "30", "28"),
         "amend 7: action #9 (auftragstaktik.fire) would no longer be legal: target: t80-1 is not spotted"),
        (("amend", "9", "fire", "a-1-64", "t80-1", "--roll", "3", "--roll", "4"), "--roll: 2 values given but only 1"),
    ],
)
def test_a_bad_correction_is_one_error_line_and_writes_nothing(game, args, expect):
    before = game.db.read_bytes()
    line = _one_error(game(*args))
    assert expect in line, line
    assert game.db.read_bytes() == before


def test_correcting_an_action_no_longer_in_force_or_a_correction_is_refused(game):
    _ok(game("undo"))  # #11 takes back #10
    before = game.db.read_bytes()
    assert "action #10 is not in force (taken back by #11)" in _one_error(game("amend", "10", "phase", "next"))
    assert "#11 is a correction (undo), not an action" in _one_error(game("undo", "--to", "11"))
    assert "action #10 is not in force" in _one_error(game("undo", "--to", "10"))
    assert game.db.read_bytes() == before


def test_undo_to_takes_back_everything_after_and_redo_puts_it_back(game):
    status = json.loads(_ok(game("status", "--json")))
    out = _ok(game("undo", "--to", "6"))
    assert "#11 undo --to 6: #7-#10 taken back (4 actions)" in out and "Reaction" not in out
    assert json.loads(_ok(game("status", "--json")))["phase"] == "movement_2"
    assert "exactly" in _ok(game("replay", "--check"))
    out = _ok(game("redo"))
    assert "#12 redo undo #11: #7-#10 in force again" in out
    assert json.loads(_ok(game("status", "--json"))) == status
    assert "redo: nothing to redo" in _one_error(game("redo"))
    log = json.loads(_ok(game("log", "--json")))
    assert [e["kind"] for e in log[-2:]] == ["undo", "redo"] and all(e["in_force"] for e in log[:10])
    assert "exactly" in _ok(game("replay", "--check"))


def test_two_undos_are_redone_last_first_and_an_action_ends_the_redo(game):
    _ok(game("undo"))  # #11: #10
    _ok(game("undo"))  # #12: #9
    assert "#13 redo undo #12: #9 in force again" in _ok(game("redo"))
    _ok(game("phase", "next"))  # #14 resolves the Second Combat Phase again: the undo of #10 is not redone
    assert "nothing to redo" in _one_error(game("redo"))
    assert "exactly" in _ok(game("replay", "--check"))


def test_amend_drop_invalid_drops_what_is_no_longer_legal(game):
    out = _ok(game("amend", "7", "--drop-invalid", "move", "a-1-64", "30", "28"))
    assert "amendment #11: #7 replaced by #12; 2 later actions re-resolved, 1 dropped as no longer legal (#9)" in out
    assert "#9 fire (Second Combat Phase, turn 1) (dropped):" in out
    assert "dropped: no longer legal: target: t80-1 is not spotted" in out
    log = json.loads(_ok(game("log", "--json")))
    assert [(e["seq"], e["replaces"]) for e in log if e["part_of"] == 11] == [(12, 7), (13, 8), (14, 10)]
    assert not log[8]["in_force"] and log[10]["kind"] == "amend"
    assert "exactly" in _ok(game("replay", "--check"))
    assert "healthy" in _ok(game("doctor"))


def test_undo_after_an_amendment_takes_it_back_whole_and_redo_makes_it_again(game):
    before = json.loads(_ok(game("status", "--json")))
    _ok(game("amend", "--drop-invalid", "7", "move", "a-1-64", "30", "28"))
    amended = json.loads(_ok(game("status", "--json")))
    assert amended["units"]["a-1-64"]["y"] == 28
    out = _ok(game("undo"))
    assert "undo amendment #11: #12-#14 taken back, #7-#10 in force again" in out
    assert json.loads(_ok(game("status", "--json"))) == before
    _ok(game("redo"))
    assert json.loads(_ok(game("status", "--json"))) == amended
    assert "exactly" in _ok(game("replay", "--check"))
    assert "healthy" in _ok(game("doctor"))


def test_typed_dice_are_kept_when_an_action_is_re_resolved(game):
    """#9's die was typed in (--roll 3); amending the move #7 within sight re-resolves #9 with it."""
    _ok(game("amend", "7", "move", "a-1-64", "30", "21"))
    log = json.loads(_ok(game("log", "--json")))
    fire = next(e for e in log if e["replaces"] == 9)
    assert [(r["values"], r["typed"]) for r in fire["rolls"]] == [([3], True)]
    assert fire["rolls"][0]["key"] == "t1/combat_2/fire/a-1-64/t80-1#0"


def test_amend_an_orders_file_entered_again(game, tmp_path):
    orders = (ORDERS / "nato-turn1.yaml").read_text().replace("second: [[29, 15]]", "second: [[28, 16]]")
    path = tmp_path / "nato-turn1.yaml"
    path.write_text(orders)
    out = _ok(game("amend", "1", "--orders", str(path)))
    assert "amendment #11: #1 replaced by #12; 9 later actions re-resolved" in out
    assert ('b-1-64 moves 4.47" (4.47" of 8" allowance) to (28, 16) '
            '(was: 4.24" (4.24" of 8" allowance) to (29, 15))') in out
    assert "exactly" in _ok(game("replay", "--check"))


def test_amend_a_phase_with_dice_typed_in(game):
    out = _ok(game("amend", "10", "phase", "next", "--roll", "1"))
    assert "amendment #11: #10 replaced by #12" in out
    log = json.loads(_ok(game("log", "--json")))
    assert all(r["typed"] and r["values"] == [1] for r in log[-1]["rolls"]) and log[-1]["rolls"]
    assert "exactly" in _ok(game("replay", "--check"))


def _rows(log: str) -> dict[int, str]:
    """The first line of each row of the log's table, by event number."""
    import re

    return {int(m.group(1)): line for line in log.splitlines() if (m := re.match(r"\s*(\d+)\s+\S+ · ", line))}


def test_the_plain_log_says_in_words_what_took_each_action_back(game):
    """Piped, saved or mailed, the log keeps no strike-through: each action taken back says what
    became of it (#26)."""
    _ok(game("amend", "--drop-invalid", "7", "move", "a-1-64", "30", "28"))  # #11: #12-#14 for #7, #8, #10
    _ok(game("undo"))  # #15 takes the amendment back: #7-#10 in force again
    _ok(game("redo"))  # #16 makes it again
    _ok(game("undo"))  # #17 takes it back once more
    _ok(game("undo"))  # #18 takes back #10
    rows = _rows(_ok(game("log", "--no-rolls", "--full")))
    assert "[undone by #18]" in rows[10]
    for seq in (7, 8, 9):
        assert "[" not in rows[seq], rows[seq]  # in force again
    for seq in (12, 13, 14):
        assert "[undone by #17]" in rows[seq], rows[seq]
    log = json.loads(_ok(game("log", "--json")))
    assert {e["seq"]: e["taken_back"] for e in log if e["taken_back"]} == {
        10: "undone by #18", 12: "undone by #17", 13: "undone by #17", 14: "undone by #17"}
    assert "taken back: undone by #18" in _ok(game("log", "10"))


def test_the_plain_log_names_the_action_that_replaced_one(game):
    _ok(game("amend", "--drop-invalid", "7", "move", "a-1-64", "30", "28"))
    rows = _rows(_ok(game("log", "--no-rolls")))
    assert "[replaced by #12]" in rows[7] and "[replaced by #13]" in rows[8]
    assert "[dropped by amendment #11]" in rows[9] and "[replaced by #14]" in rows[10]
    _ok(game("undo"))
    _ok(game("redo"))  # the amendment made again: #7 is replaced by #12 once more
    rows = _rows(_ok(game("log", "--no-rolls")))
    assert "[replaced by #12]" in rows[7] and "[dropped by amendment #11]" in rows[9]
