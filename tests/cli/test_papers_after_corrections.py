"""After ``amend``, ``undo`` and ``redo`` umpire names the reports and briefings whose text
changed, by side and turn, with the command that prints each again (#26). Checked by printing
every one of them with ``umpire report`` before and after each correction: the papers named are
exactly those whose text (the Markdown without its stamp line) differs, and those of a turn
taken back (or brought back) are named as such. Every paper is stamped; a side's stamp names no
action by number."""

from __future__ import annotations

import re

import pytest

from tests.conftest import REPO, Cli, at_scenario

ORDERS = REPO / "data" / "orders"
NAMED = re.compile(r"^  umpire --db \S+ report(?: --side (\S+))?(?: --turn (\d+))?\s{2,}")


def _ok(r) -> str:  # noqa: ANN001
    assert r.exit_code == 0, (r.output, r.stderr)
    return r.output


def _papers(cli: Cli) -> dict[tuple[str | None, int | None], str]:
    """Every paper the game has, printed with umpire report, without its stamp."""
    import json

    turn = json.loads(_ok(cli("status", "--json")))["turn"]
    out = {}
    for side in (None, "nato", "pact"):
        for t in (None, *range(1, turn + 1)):
            args = ["report", "--format", "md", *(["--side", side] if side else []),
                    *(["--turn", str(t)] if t else [])]
            text = _ok(cli(*args))
            stamps = [ln for ln in text.splitlines() if ln.startswith("As of ")]
            assert len(stamps) == 1, text[:400]
            if side is not None:
                assert "#" not in stamps[0], stamps[0]  # no action's number in a side's stamp
            out[(side, t)] = text.replace(stamps[0] + "\n", "")
    return out


def _named(output: str) -> dict[str, set[tuple[str | None, int | None]]]:
    """The papers a correction's output names, under each of its headings."""
    out: dict[str, set[tuple[str | None, int | None]]] = {}
    heading = ""
    for line in output.splitlines():
        if line.endswith(":") and not line.startswith(" "):
            heading = line
        m = NAMED.match(line)
        if m:
            paper = (m.group(1), int(m.group(2)) if m.group(2) else None)
            out.setdefault(heading.split(" (")[0].rstrip(":"), set()).add(paper)
    return out


@pytest.fixture
def game(tmp_path) -> Cli:
    """Turn 1 played through with a-1-64 moved by hand (#7) in the Second Movement Phase: turn 2."""
    cli = Cli(tmp_path / "game.db")
    _ok(cli("new", str(at_scenario())))
    for side in ("nato", "pact"):
        _ok(cli("turn", "orders", str(ORDERS / f"{side}-turn1.yaml")))
    for _ in range(4):
        _ok(cli("phase", "next"))
    _ok(cli("move", "a-1-64", "30", "28"))
    for _ in range(5):
        _ok(cli("phase", "next"))
    return cli


def test_the_papers_named_after_each_correction_are_exactly_those_whose_text_changed(game):
    before = _papers(game)
    steps = [("amend", "7", "move", "a-1-64", "30", "22"), ("undo",), ("redo",), ("undo", "--to", "17"),
             ("redo",)]
    seen_gone = seen_back = False
    for step in steps:
        out = _ok(game(*step))
        after = _papers(game)
        named = _named(out)
        changed = {p for p in before.keys() & after.keys() if before[p] != after[p]}
        assert named.get("to print again", set()) == changed, (step, named, changed)
        assert named.get("no longer in the game", set()) == before.keys() - after.keys(), step
        assert named.get("in the game again", set()) == after.keys() - before.keys(), step
        if not changed:
            assert "nothing to print again" in out
        seen_gone |= bool(before.keys() - after.keys())
        seen_back |= bool(after.keys() - before.keys())
        before = after
    assert seen_gone and seen_back  # undo --to 17 takes turn 2 back, the redo brings it back


def test_every_paper_says_as_of_what_and_which_corrections_it_includes(game):
    head = _ok(game("report", "--format", "md")).splitlines()
    assert any(re.fullmatch(r"As of action #12 \(turn 2, Orders Phase\) · version [0-9a-f]{8}", ln) for ln in head)
    _ok(game("amend", "7", "move", "a-1-64", "30", "22"))
    umpire = next(ln for ln in _ok(game("report", "--format", "md")).splitlines() if ln.startswith("As of "))
    assert umpire.startswith("As of action #19 (turn 2, Orders Phase) · version ")
    assert umpire.endswith("; includes corrections #13 (amendment of #7)")
    pact = next(ln for ln in _ok(game("report", "--side", "pact", "--turn", "1")).splitlines()
                if ln.startswith("As of "))
    assert re.fullmatch(r"As of turn 2, Orders Phase · version [0-9a-f]{8}; includes a correction made at turn 2, "
                        r"Orders Phase", pact), pact
    _ok(game("undo"))  # the amendment taken back whole: the game is as it was, no correction in force
    assert "includes" not in next(ln for ln in _ok(game("report", "--format", "md")).splitlines()
                                  if ln.startswith("As of "))
