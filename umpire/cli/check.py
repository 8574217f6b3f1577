"""``umpire check FILE``: every problem of a file at once, with its line; ``umpire formats``:
the formats of the files umpire reads, generated from the schema."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from umpire.cli.context import Settings
from umpire.cli.output import console, print_json
from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.turns.readers import Reader


def check(
    ctx: typer.Context,
    file: str = typer.Argument(..., help="The file to check ('-' reads standard input), or a bundled scenario's name."),
    kind: str = typer.Option(
        None, "--kind", help="scenario, orders, case, season, or a kind of a ruleset's own (umpire formats lists "
        "them; default: told from the file's keys).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Check a file umpire reads, whole: every problem at once, each with its line and column.

    An orders file is also checked against the game (--db, default umpire.db) when there is one.
    Exit 0 and one line when the file is clean; 2 with every problem listed.
    """
    from umpire.inputs import check_file

    settings: Settings = ctx.find_root().obj
    path = _resolve(file)

    opened: list[Any] = []

    def game() -> GameState | None:
        if not settings.db.exists():
            return None
        opened.append(settings.open_game())
        return opened[-1].state  # type: ignore[no-any-return]

    def readers(side: str) -> Reader:  # an orders file is its side's: checked in the side's words
        from umpire.reports.readers import side_reader

        return side_reader(opened[-1], side)

    report = check_file(path, kind, state=game, readers=readers)
    if as_json:
        print_json(report.to_json())
    elif report.ok:
        about = "; ".join(x for x in (report.summary, *report.notes) if x)
        console.print(f"{report.file}: ok ({report.kind}{': ' + about if about else ''})", markup=False,
                      soft_wrap=True)
    else:
        n = len(report.findings)
        console.print(f"{report.file}: {n} problem{'s' if n != 1 else ''} ({report.kind or 'not read'})",
                      markup=False, style="bold")
        for line in report.lines():
            console.print(line, markup=False, soft_wrap=True)
        for note in report.notes:
            console.print(f"note: {note}", markup=False, style="dim", soft_wrap=True)
    if not report.ok:
        raise typer.Exit(2)


def formats(
    kind: str = typer.Argument(None, help="scenario, orders, case, season, or a ruleset's own kind (default: "
                               "every one)."),
    markdown: bool = typer.Option(False, "--markdown", help="Print Markdown (docs/formats.md is this)."),
) -> None:
    """The formats of the files umpire reads, generated from the schema: every field, what it
    accepts, its default and what it is."""
    from umpire.inputs.reference import markdown as as_markdown
    from umpire.inputs.reference import sections

    if markdown:
        import sys

        sys.stdout.write(as_markdown(kind) + "\n")
        return
    from rich import box
    from rich.table import Table
    from rich.text import Text

    for s in sections(kind):
        table = Table(title=Text(f"{s.title}: {s.about} ({s.command})"), title_justify="left", header_style="bold",
                      box=box.SIMPLE_HEAD)
        table.add_column("field", no_wrap=True)
        for col in ("accepts", "default", "what it is"):
            table.add_column(col)
        for f in s.fields:
            table.add_row(Text(f.path), Text(f.accepts), Text("required" if f.default is None else f.default or '""'),
                          Text(f.text))
        console.print(table)


def _resolve(file: str) -> str:
    """A file that exists, else a bundled scenario or season of that name (else as given)."""
    if file == "-" or Path(file).exists():
        return file

    for find in ("umpire.resources:resolve_scenario", "umpire.campaign.season:resolve_season"):
        import importlib

        module, _, fn = find.partition(":")
        try:
            return str(getattr(importlib.import_module(module), fn)(file))
        except UmpireError:
            continue
    return file


def register(app: typer.Typer) -> None:
    app.command("check")(check)
    app.command("formats")(formats)
