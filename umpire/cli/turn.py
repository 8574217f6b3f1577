"""The turn: ``umpire turn`` (where it stands), ``umpire turn orders FILE``, ``umpire phase next``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from umpire.cli import params
from umpire.cli.app import new_app
from umpire.cli.output import console, print_json
from umpire.errors import UmpireError, unknown

if TYPE_CHECKING:
    from umpire.cli.context import Settings
    from umpire.core.dice import Dice
    from umpire.engine import ActionResult, Game

turn_app = new_app("The turn: where it stands, and the orders the umpire types in.", invoke_without_command=True)
turn_app.info.no_args_is_help = False
phase_app = new_app("Resolve the turn phase by phase.")


def _open(ctx: typer.Context) -> Game:
    settings: Settings = ctx.find_root().obj
    return settings.open_game()


def _dice(ctx: typer.Context, roll: list[int] | None) -> Dice | None:
    settings: Settings = ctx.find_root().obj
    return settings.dice_for(roll)


@turn_app.callback()
def turn(ctx: typer.Context, as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """Show where the turn stands and what the umpire must enter next."""
    if ctx.invoked_subcommand is not None:
        return
    from umpire.reports.terminal import render_turn

    game = _open(ctx)
    view = game.turn_view()
    if as_json:
        print_json(view.to_json())
    else:
        console.print(render_turn(view, game.state.ruleset))


@turn_app.command("orders")
def orders(
    ctx: typer.Context,
    file: Path = typer.Argument(..., help="A side's orders for this turn (YAML; '-' reads standard input)."),
    roll: list[int] = params.roll_option("A die value for the HQ rolls, in order (repeat)."),
) -> None:
    """Enter one side's orders for the turn from an orders file.

    The file is the side's: it names the enemy as the side's briefing does (contact-3), or as
    the umpire does (an enemy unit's id); a refusal names only what the side knows."""
    from umpire.inputs import refusal
    from umpire.reports.readers import readers_of

    game = _open(ctx)
    rules = game.turn_rules()
    readers = readers_of(game, by_the_umpire=True)
    try:
        payload = rules.read_orders(file, game.state, readers)
    except UmpireError as exc:
        raise refusal(file, "orders", exc, state=game.state, db=game.path, readers=readers) from None
    tell(game, game.act(f"{game.state.ruleset}.orders", payload, _dice(ctx, roll)))


@turn_app.command("print")
def print_turn(
    ctx: typer.Context,
    out: Path = typer.Option(Path("papers"), "--out", help="The folder to print into: the turn gets its own "
                             "folder in it (turn-N, set-up for turn 0) beside the turns printed before."),
    turn_no: int = typer.Option(None, "--turn", metavar="N", help="The turn (default: the last one resolved; "
                                "0: the set-up, before the first)."),
    paper_size: str = typer.Option("a4", "--paper", help="Paper size: a4 or letter."),
    link: list[str] = typer.Option(None, "--link", metavar="SIDE=URL", help="A side's page, printed as a QR code "
                                   "on its orders sheet (repeat for each side)."),
    replace: bool = typer.Option(False, "--replace", help="Write over the turn's folder if it holds files already."),
) -> None:
    """Print a turn resolved (default: the last) into its own folder in --out: the umpire's
    folder with the umpire's report and map, a folder per side with its briefing, its map (PDF
    and PNG), its orders sheet and pre-filled orders file for the next turn, and within it a
    folder per player where the game has several players a side. The turn's folder is built
    aside and moved into place whole; a later turn printed into the same --out goes beside it."""
    from contextlib import ExitStack

    from umpire.cli.paper import check_paper, progress_bar
    from umpire.papers.printing import print_turn as write

    game = _open(ctx)
    paper_name = check_paper(paper_size)
    links: dict[str, str] = {}
    for item in link or []:
        side, sep, url = item.partition("=")
        if not sep or not url:
            raise UmpireError(f"--link {item}: give SIDE=URL (a side's page, e.g. nato=https://...)")
        if side not in game.state.side_ids():
            raise UmpireError(f"--link {item}: {unknown('side', side, game.state.side_ids())}")
        links[side] = url
    with ExitStack() as stack:
        done = write(game, out, turn_no, paper_name=paper_name, links=links, replace=replace,
                     progress=lambda total: stack.enter_context(progress_bar("papers", total, True)))
    folders = sorted({p.path.parts[0] for p in done.papers})
    console.print(f"wrote {len(done.papers)} files in {done.folder}: " + ", ".join(f"{f}/" for f in folders),
                  soft_wrap=True, highlight=False)
    if done.not_kept:
        console.print(f"(not kept in the game file, so a correction will not name these files: {done.not_kept}; "
                      f"umpire papers check {done.folder} tells which no longer match the game)",
                      soft_wrap=True, highlight=False)


@phase_app.command("next")
def next_phase(
    ctx: typer.Context,
    roll: list[int] = params.roll_option(),
    allow_integrity_break: bool = typer.Option(
        False, "--allow-integrity-break", help="Auftragstaktik: let this phase's moves break unit integrity."
    ),
) -> None:
    """Resolve the current phase and move on to the next."""
    game = _open(ctx)
    game.turn_rules()
    payload = {"allow_integrity_break": True} if allow_integrity_break else {}
    tell(game, game.act(f"{game.state.ruleset}.phase", payload, _dice(ctx, roll)))


def tell(game: Game, res: ActionResult) -> None:
    """Print what the action did as the umpire's report tells it (the same lines, with their
    modifiers, dice and table cells), then where the turn stands now: every command that takes
    an action of the turn (``turn orders``, ``phase next``, ``fire``, ``order``...) words it so."""
    from rich.console import Group

    from umpire.reports.model import action_report
    from umpire.reports.turn_text import render_events
    from umpire.reports.words import phase_name

    report = action_report(game, res.seq, res.state)
    if report is None:  # another command took the action back since it was written: its summary
        console.print(res.summary)
    else:
        console.print(Group(*render_events(report)))
    now = res.state
    console.print(f"now: turn {now.turn}, {phase_name(now.ruleset, now.phase)}", style="dim")


def register(app: typer.Typer) -> None:
    app.add_typer(turn_app, name="turn")
    app.add_typer(phase_app, name="phase")
