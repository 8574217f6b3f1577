"""After a correction umpire names, by path, exactly the printed files whose text changed, and the
one command that prints them again (#37).

Turns 1 and 2 of both demo games are printed into one folder (two turn folders); an action of turn 1
is amended. What changed is found independently of umpire's versions: every file of both turns is
rendered without its stamp from the game before and after the amendment, and the bytes compared.
The amendment's output names exactly those files (the pre-filled orders file of turn 3 among them)
and one command; run, it leaves ``papers check`` with nothing out of date.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO, Cli
from tests.papers.printed import ORDERS, block, changed, commands, play_at, play_mbt, rendered


def _ok(r) -> str:  # noqa: ANN001
    assert r.exit_code == 0, (r.output, r.stderr)
    return r.output


def _at_fix(folder: Path) -> tuple[str, Path]:
    """NATO's turn-1 orders with the task force HQ driving 2" up the road instead of staying put."""
    orders = yaml.safe_load((ORDERS / "nato-turn1.yaml").read_text())
    orders["units"]["hq-1-64"]["first"] = [[14, 22]]
    fixed = folder / "nato-turn1-fixed.yaml"
    fixed.write_text(yaml.safe_dump(orders))
    return "auftragstaktik.orders", fixed


def _mbt_fix(folder: Path) -> tuple[str, Path]:
    """NATO's turn-1 plan with m1-1 stopping an inch short of where it was written to go."""
    orders = yaml.safe_load((ORDERS / "mbt" / "turn1-nato.yaml").read_text())
    orders["units"]["m1-1"]["move"]["path"] = [[8, 28]]
    fixed = folder / "turn1-nato-fixed.yaml"
    fixed.write_text(yaml.safe_dump(orders))
    return "mbt.orders", fixed


@pytest.mark.parametrize(("play", "fix", "side"), [(play_at, _at_fix, "nato"), (play_mbt, _mbt_fix, "nato")],
                         ids=["auftragstaktik", "mbt"])
def test_an_amendment_names_exactly_the_printed_files_it_changed(tmp_path, play, fix, side):
    from umpire.engine import Game

    db = tmp_path / "game.db"
    play(db)
    cli = Cli(db)
    papers = tmp_path / "papers"
    _ok(cli("turn", "print", "--turn", "1", "--out", str(papers)))
    _ok(cli("turn", "print", "--out", str(papers)))
    assert sorted(p.name for p in papers.iterdir()) == ["turn-1", "turn-2"]
    assert "all match it" in _ok(cli("papers", "check", str(papers)))
    shutil.copy(db, tmp_path / "before.db")
    kind, fixed = fix(tmp_path)
    game = Game.open(db)
    n = next(e.seq for e in game.live_events() if e.kind == kind and e.turn == 1 and e.payload["side"] == side)
    game.close()
    out = _ok(cli("amend", str(n), "--orders", str(fixed)))
    truth = changed(rendered(tmp_path / "before.db", [1, 2]), rendered(db, [1, 2]))
    named = {str(Path(p).relative_to(papers)) for p in block(out, "printed papers whose text changed")}
    assert named == truth, (sorted(named - truth), sorted(truth - named))
    assert f"turn-2/{side}/orders-turn-3.yaml" in named  # the pre-filled orders of the turn to come
    if play is play_at:  # docs/papers.md shows this amendment's list
        page = (REPO / "docs" / "papers.md").read_text()
        assert named == {line.removeprefix("papers/") for line in block(page, "printed papers whose text changed")}
    assert "turn-1/umpire/report-turn-1.md" in named
    assert not block(out, "printed papers of a turn no longer resolved")
    (command,) = commands(out)
    assert command[:4] == ["umpire", "--db", str(db), "papers"], command
    r = Cli(db)(*command[3:])
    assert r.exit_code == 0, r.stderr
    assert sorted(str(Path(line.split(" ", 1)[1]).relative_to(papers)) for line in r.output.splitlines()
                  if line.startswith("wrote ")) == sorted(named)
    check = cli("papers", "check", str(papers))
    assert check.exit_code == 0 and "all match it" in check.output, check.output
    # the files as printed again are those a fresh print would write, stamps aside
    again = tmp_path / "again"
    _ok(cli("turn", "print", "--turn", "1", "--out", str(again)))
    _ok(cli("turn", "print", "--out", str(again)))
    for name in sorted(named):
        if name.endswith((".md", ".yaml")):
            assert _unstamped(papers / name) == _unstamped(again / name), name


def _unstamped(path: Path) -> list[str]:
    return [line for line in path.read_text().splitlines() if not line.startswith(("As of ", "`umpire-paper",
                                                                                   "# umpire-paper"))]


def test_undo_and_redo_name_a_turn_taken_back_and_brought_back(tmp_path):
    db = tmp_path / "game.db"
    play_at(db)
    cli = Cli(db)
    papers = tmp_path / "papers"
    _ok(cli("turn", "print", "--turn", "1", "--out", str(papers)))
    _ok(cli("turn", "print", "--out", str(papers)))
    out = _ok(cli("undo"))  # the End Phase of turn 2: turn 2 is no longer resolved
    assert block(out, "printed papers of a turn no longer resolved") == [f"{papers / 'turn-2'}/  (turn 2)"]
    assert not block(out, "printed papers whose text changed") and not commands(out)
    check = cli("papers", "check", str(papers))
    assert check.exit_code == 1 and "of a turn no longer resolved" in check.output
    out = _ok(cli("redo"))
    assert f"printed papers: none changed ({papers / 'turn-1'}/, {papers / 'turn-2'}/)" in out
    assert cli("papers", "check", str(papers)).exit_code == 0


def test_a_game_with_nothing_printed_says_so_in_one_line(tmp_path):
    db = tmp_path / "game.db"
    play_at(db, turns=1)
    out = _ok(Cli(db)("undo"))
    assert out.splitlines()[-1] == "no papers printed with umpire turn print: nothing to print again"
