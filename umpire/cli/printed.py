"""``umpire papers check FOLDER`` and ``umpire papers reprint FOLDER``: the printed papers of the
game in a folder, judged by their own marks (:mod:`umpire.papers`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from umpire.cli.app import new_app
from umpire.cli.output import console

if TYPE_CHECKING:
    from umpire.cli.context import Settings
    from umpire.papers.judge import Verdict

app = new_app("Printed papers: which no longer match the game, and printing those again.")


def _settings(ctx: typer.Context) -> Settings:
    settings: Settings = ctx.find_root().obj
    return settings


def _db(settings: Settings) -> str:
    return "" if settings.db == Path("umpire.db") else str(settings.db)


def _lines(v: Verdict, unmarked: list[Path]) -> list[str]:
    from umpire.papers.told import shown

    out: list[str] = []
    for head, files in (("text changed (to print again)", v.stale),
                        ("of a turn no longer resolved", v.taken_back),
                        ("no longer part of their turn's paper", v.gone),
                        ("of another game (not checked)", v.other)):
        if files:
            out.append(f"{head}:")
            out += [f"  {shown(f.path)}" for f in sorted(files, key=lambda f: str(f.path))]
    if unmarked:
        out.append(f"without umpire's mark (not checked): {len(unmarked)} file{'s' if len(unmarked) != 1 else ''}, "
                   f"e.g. {shown(unmarked[0])}")
    return out


@app.command("check")
def check(
    ctx: typer.Context,
    folders: list[Path] = typer.Argument(..., metavar="FOLDER...", help="Folders of printed papers (and the "
                                         "folders in them)."),
) -> None:
    """Say which printed papers in FOLDER no longer match the game (--db), each by its own mark:
    of which game, turn and reader it is, and which version. Exit status 1 when one does not."""
    from umpire.papers.judge import judge, scan
    from umpire.papers.printing import game_id

    game = _settings(ctx).open_game()
    files, unmarked = [], []
    for folder in folders:
        marked, bare = scan(folder)
        files += marked
        unmarked += bare
    with game.file.read():
        v = judge(game, files, game_id(game))
    for line in _lines(v, unmarked):
        console.print(line, soft_wrap=True, highlight=False)
    mine = len(v.current) + len(v.out_of_date)
    if v.out_of_date:
        from umpire.papers.told import reprint_command

        console.print(f"{len(v.out_of_date)} of {mine} papers of this game no longer match it; "
                      f"print them again: {reprint_command(list(folders), _db(_settings(ctx)))}",
                      soft_wrap=True, highlight=False)
        raise typer.Exit(1)
    console.print(f"{mine} papers of this game checked: all match it" if mine else
                  "no papers of this game in " + ", ".join(str(f) for f in folders), soft_wrap=True, highlight=False)


@app.command("reprint")
def reprint(
    ctx: typer.Context,
    folders: list[Path] = typer.Argument(..., metavar="FOLDER...", help="Folders of printed papers (and the "
                                         "folders in them)."),
    paper_size: str = typer.Option("a4", "--paper", help="Paper size where a folder keeps no manifest: a4 or "
                                   "letter."),
) -> None:
    """Print again every printed paper of the game in FOLDER whose text no longer matches it, each
    where it is, as papers check names them; the others are left as they are."""
    from umpire.cli.paper import check_paper, progress_bar
    from umpire.papers.judge import Verdict, judge, scan
    from umpire.papers.printing import game_id
    from umpire.papers.printing import reprint as again
    from umpire.papers.told import shown

    paper_name = check_paper(paper_size)
    game = _settings(ctx).open_game()
    files = [f for folder in folders for f in scan(folder)[0]]
    with game.file.read():
        v = judge(game, files, game_id(game))
    with progress_bar("papers", len(v.stale), bool(v.stale)) as advance:
        written = again(game, v, paper_name=paper_name, advance=advance)
    for p in written:
        console.print(f"wrote {shown(p)}", soft_wrap=True, highlight=False)
    for line in _lines(Verdict(taken_back=v.taken_back, gone=v.gone), []):
        console.print(line, soft_wrap=True, highlight=False)
    if not written:
        console.print("every printed paper of this game there matches it: nothing to print again")


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="papers")
