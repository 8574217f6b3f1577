"""Printed papers handled as a club handles them: a paper renamed in its folder, another game's paper
put with them, a note that quotes a mark, a reprint killed half way (#37)."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from tests.conftest import Cli
from tests.papers.printed import ORDERS, block, commands, play_at

FORGED = "umpire-paper/1 game=00000000 turn=1 side=nato kind=briefing version=deadbeef;"


def _ok(r) -> str:  # noqa: ANN001
    assert r.exit_code == 0, (r.output, r.stderr)
    return r.output


def _fix(folder: Path, note: str | None = None) -> Path:
    """NATO's turn-1 orders with the task force HQ driving 2" up the road (and the battalion's note)."""
    orders = yaml.safe_load((ORDERS / "nato-turn1.yaml").read_text())
    orders["units"]["hq-1-64"]["first"] = [[14, 22]]
    if note is not None:
        orders["battalions"]["tf-1-64"]["note"] = note
    fixed = folder / "nato-turn1-fixed.yaml"
    fixed.write_text(yaml.safe_dump(orders))
    return fixed


def _printed(tmp_path: Path) -> tuple[Path, Cli, Path]:
    db = tmp_path / "game.db"
    play_at(db, turns=1)
    cli = Cli(db)
    papers = tmp_path / "papers"
    _ok(cli("turn", "print", "--out", str(papers)))
    return db, cli, papers


def _named(out: str, papers: Path) -> set[str]:
    return {Path(p).relative_to(papers).as_posix() for p in block(out, "printed papers whose text changed")}


def test_a_paper_renamed_in_its_folder_is_named_and_another_games_is_not(tmp_path):
    db, cli, papers = _printed(tmp_path)
    nato = papers / "turn-1" / "nato"
    (nato / "map-turn-1.png").rename(nato / "renamed-map.png")
    other = (nato / "briefing-turn-1.md").read_text().replace("game=", "game=0", 1)  # another game's id
    (nato / "other-game.md").write_text(other)
    out = _ok(cli("amend", "1", "--orders", str(_fix(tmp_path))))
    named = _named(out, papers)
    assert "turn-1/nato/renamed-map.png" in named and "turn-1/nato/briefing-turn-1.md" in named, named
    assert "turn-1/nato/map-turn-1.png" not in named and "turn-1/nato/other-game.md" not in named, named
    (command,) = commands(out)
    _ok(Cli(db)(*command[3:]))
    check = _ok(cli("papers", "check", str(papers)))
    assert "all match it" in check and "turn-1/nato/other-game.md" in check, check  # counted, not judged
    assert _named(_ok(cli("undo")), papers) and not block(_ok(cli("redo")), "printed papers whose text changed")


def test_a_note_that_quotes_a_mark_is_not_the_papers_mark(tmp_path):
    """A player's note is printed as written in his briefing; the file's own mark is its last line."""
    from umpire.reports.marks import read_mark

    db, cli, papers = _printed(tmp_path)
    _ok(cli("amend", "1", "--orders", str(_fix(tmp_path, note=FORGED))))
    _ok(cli("papers", "reprint", str(papers)))
    brief = papers / "turn-1" / "nato" / "briefing-turn-1.md"
    assert FORGED.split(";")[0] in brief.read_text()
    mark = read_mark(brief)
    assert mark is not None and mark.game != "00000000" and mark.version != "deadbeef"
    check = _ok(cli("papers", "check", str(papers)))
    assert "all match it" in check and "another game" not in check, check


def test_a_reprint_killed_half_way_is_set_right_by_the_next(tmp_path):
    """Killed after writing its files and before the manifest: the next correction names them all the
    same (the safe side), and the next reprint, with nothing left to print, sets the manifest right."""
    from umpire.engine import Game
    from umpire.papers.told import papers_after

    db, cli, papers = _printed(tmp_path)
    out = _ok(cli("amend", "1", "--orders", str(_fix(tmp_path))))
    named = _named(out, papers)
    again = tmp_path / "again"
    _ok(cli("turn", "print", "--out", str(again)))
    for name in named:  # what the killed reprint wrote: every file, none of the manifest
        shutil.copy(again / name, papers / name)
    game = Game.open(db)
    try:
        assert {Path(p.strip()).relative_to(papers).as_posix() for p in papers_after(game)
                if p.startswith("  ")} == named
    finally:
        game.close()
    reprint = _ok(cli("papers", "reprint", str(papers)))
    assert "nothing to print again" in reprint, reprint
    game = Game.open(db)
    try:
        assert papers_after(game)[0].startswith("printed papers: none changed"), papers_after(game)
    finally:
        game.close()


def test_a_turn_printed_over_and_killed_half_way_never_lists_a_version_a_file_lacks(tmp_path, monkeypatch):
    """--replace fills the folder file by file: a print killed before its manifest leaves the old one,
    which names the files as out of date, never as current."""
    from umpire.engine import Game
    from umpire.papers import printing
    from umpire.papers.told import papers_after

    db, cli, papers = _printed(tmp_path)
    _ok(cli("amend", "1", "--orders", str(_fix(tmp_path))))

    import os

    real, moved = os.replace, []

    def replace(src, dst, *a, **k):  # noqa: ANN001, ANN002, ANN003, ANN202
        if Path(dst).is_relative_to(papers / "turn-1"):  # a file moved into the folder printed over
            moved.append(dst)
            if len(moved) == 2:
                raise KeyboardInterrupt  # killed after the first file
        return real(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", replace)
    game = Game.open(db)
    try:
        try:
            printing.print_turn(game, papers, 1, replace=True)
        except KeyboardInterrupt:
            pass
        monkeypatch.undo()
        stale = [p for p in papers_after(game) if p.startswith("  ")]
    finally:
        game.close()
    assert len(moved) == 2 and stale, "the files printed over are named until the manifest says what they are"
