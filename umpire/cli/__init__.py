"""The ``umpire`` command: a thin shell over the library.

One Typer app per command group, composed here. Heavy modules (shapely, reportlab, numpy) are
imported inside the command functions, so ``umpire --help`` answers quickly.
"""

from __future__ import annotations

from pathlib import Path

import typer

from umpire import __version__
from umpire.cli.app import RootGroup, new_app
from umpire.cli.context import Settings
from umpire.errors import UmpireError

app = new_app(
    "Umpire modern miniatures wargames on an ungridded table "
    "(Auftragstaktik, MBT in miniature): positions in inches, every roll explained and kept.",
    cls=RootGroup,
    add_completion=True,  # umpire --install-completion: commands and options complete in the shell
    epilog="The documentation: docs/index.md (a tutorial per evening under docs/tutorials/; every command in "
    "docs/reference/cli.md). umpire COMMAND --help tells one command; umpire formats KIND a file's format.",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"umpire {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    db: Path = typer.Option(
        Path("umpire.db"), "--db", envvar="UMPIRE_DB",
        help="The game file (SQLite); may also be given after the command.",
        show_default=True,
    ),
    dice: str = typer.Option(
        "seeded", "--dice", help="seeded: umpire rolls; manual: you roll real dice and type them in."
    ),
    version: bool = typer.Option(False, "--version", "-V", callback=_version, is_eager=True,
                                 help="Print umpire's version and exit."),
) -> None:
    """Umpire modern miniatures wargames."""
    if dice not in ("seeded", "manual"):
        raise UmpireError(f"--dice: unknown dice mode {dice!r} (allowed: seeded, manual)")
    from umpire.reports.files import protect

    protect(db)  # no command writes an output over the game file
    ctx.obj = Settings(db=db, dice=dice)


# ``umpire --help`` groups the commands by what they are for.
PANELS = {
    "Quick answers": ("calc", "session", "measure", "rate"),
    "Look-ups": ("units", "cards", "rulings", "procedures", "scenarios"),
    "Game": ("new", "status", "place", "move", "undo", "redo", "amend", "log", "replay", "serve", "demo", "markers",
             "table"),
    "Turn": ("turn", "phase", "order", "hq", "fire", "morale"),
    "Paper": ("report", "map", "roster", "orders-sheet", "papers"),
    "Data": ("check", "formats", "data", "terrain"),
}


def _register() -> None:
    from umpire.cli import (
        at_steps,
        calc,
        campaign,
        check,
        corrections,
        data,
        demo,
        ending,
        game,
        lookups,
        paper,
        photo,
        printed,
        rate,
        serve,
        session,
        terrain,
        turn,
    )

    game.register(app)
    check.register(app)
    corrections.register(app)
    paper.register(app)
    turn.register(app)
    at_steps.register(app)
    photo.register(app)
    # a negative number is a word of the question (a range of -3 is refused in words), not an option
    app.command("calc", context_settings={"ignore_unknown_options": True})(calc.calc)
    app.command("session")(session.session)
    lookups.register(app)
    app.command("demo")(demo.demo)
    app.command("rate")(rate.rate)
    app.command("end")(ending.end)
    app.command("serve")(serve.serve)
    app.add_typer(campaign.app, name="campaign")
    app.add_typer(data.app, name="data")
    app.add_typer(terrain.app, name="terrain")
    printed.register(app)
    panel = {name: title for title, names in PANELS.items() for name in names}
    order = list(PANELS)
    for info in app.registered_commands:
        name = info.name or (info.callback.__name__.replace("_", "-") if info.callback else "")
        info.rich_help_panel = panel.get(name, "Other")
    for group in app.registered_groups:
        group.rich_help_panel = panel.get(group.name or "", "Other")
    # the panels are listed in the order of their first command: Quick answers first
    app.registered_commands.sort(key=lambda c: order.index(c.rich_help_panel) if c.rich_help_panel in order else 9)


_register()


def main() -> None:
    """Console-script entry point."""
    import os

    from umpire.cli.collector import for_a_command

    for_a_command()
    # umpire uses no pydantic plugins: without this, the first model built scans every
    # installed distribution's entry points for them, a tenth of a quick answer's time
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    app()
