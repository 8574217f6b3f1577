"""Corrections: ``umpire undo [--to N]``, ``umpire redo`` and ``umpire amend N COMMAND ...``.

Each appends to the log and deletes nothing; ``umpire log`` shows them and what they took back.
``amend`` runs the corrected command as typed (``umpire amend 12 move a-1-64 26 22``) against
the game as it stood before #12, then re-resolves every later action and prints what changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from umpire.cli.output import console
from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.cli.context import Settings
    from umpire.engine import Game

# The commands that are actions, and so may stand in for one: (command, subcommand or None).
AMENDABLE = (("place", None), ("move", None), ("order", None), ("hq", None), ("fire", None), ("morale", None),
             ("turn", "orders"), ("phase", "next"), ("table", "read"))


def _settings(ctx: typer.Context) -> Settings:
    settings: Settings = ctx.find_root().obj
    return settings


_update_opt = typer.Option(False, "--update-campaign", help="The game was imported into its season: bring the "
                           "season in step too (its file beside the game, or --campaign FILE).")
_campaign_opt = typer.Option(None, "--campaign", metavar="FILE", help="The season's campaign file, where it is "
                             "not beside the game.")


def undo(
    ctx: typer.Context,
    to: int = typer.Option(None, "--to", min=0, help="Take back every action after #N (0: all of them)."),
    update_campaign: bool = _update_opt,
    campaign: Path = _campaign_opt,
) -> None:
    """Take back the last action, or the last amendment whole; it stays in the log, marked undone.

    --to N takes back every action after #N. umpire redo puts back what an undo took back.
    Then the printed papers it made out of date, and the season the game was imported into."""
    from umpire.papers.told import before_correction
    from umpire.reports.changes import undo_lines

    game = _settings(ctx).open_game()
    before_correction(game, campaign=campaign, update_campaign=update_campaign)
    done = game.undo(to)
    for line in undo_lines(done):
        console.print(line)
    _told(_settings(ctx), game, campaign, update_campaign)


def redo(ctx: typer.Context, update_campaign: bool = _update_opt, campaign: Path = _campaign_opt) -> None:
    """Re-apply what the last undo took back, with the dice it recorded.

    Only while nothing else has been done since that undo."""
    from umpire.papers.told import before_correction
    from umpire.reports.changes import redo_lines

    game = _settings(ctx).open_game()
    before_correction(game, campaign=campaign, update_campaign=update_campaign)
    done = game.redo()
    for line in redo_lines(done):
        console.print(line)
    _told(_settings(ctx), game, campaign, update_campaign)


def _told(settings: Settings, game: Game, campaign: Path | None, update_campaign: bool) -> None:
    """The printed papers the correction made out of date, by path, and the one command that
    prints them again; the season the game was imported into, or brought in step
    (:func:`umpire.papers.told.told_after`)."""
    from umpire.papers.told import told_after

    db = "" if settings.db == Path("umpire.db") else str(settings.db)
    for line in told_after(game, db, campaign=campaign, update_campaign=update_campaign):
        console.print(line, soft_wrap=True, highlight=False)


@dataclass
class _Options:
    """The amend options, typed before the command or after N."""

    drop: bool
    orders: str | None
    update_campaign: bool
    campaign: Path | None


def _split(args: list[str], o: _Options) -> list[str]:
    """The amend options typed after N (``--drop-invalid``, ``--orders FILE``, ``--update-campaign``,
    ``--campaign FILE``) taken into ``o``; the command."""
    rest: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--drop-invalid":
            o.drop = True
        elif a == "--update-campaign":
            o.update_campaign = True
        elif a in ("--orders", "--campaign") and (not rest or a == "--campaign"):
            if i + 1 >= len(args):
                raise UmpireError(f"amend {a}: give the {'orders' if a == '--orders' else 'campaign'} FILE")
            if a == "--orders":
                o.orders = args[i + 1]
            else:
                o.campaign = Path(args[i + 1])
            i += 1
        elif a.startswith("--orders=") and not rest:
            o.orders = a.split("=", 1)[1]
        elif a.startswith("--campaign="):
            o.campaign = Path(a.split("=", 1)[1])
        else:
            rest.append(a)
        i += 1
    return rest


def amend(
    ctx: typer.Context,
    n: int = typer.Argument(..., metavar="N", help="The number of the action to replace (umpire log)."),
    orders: str | None = typer.Option(
        None, "--orders", metavar="FILE", help="The orders file entered again (turn orders)."
    ),
    drop_invalid: bool = typer.Option(
        False, "--drop-invalid", help="Drop the later actions that are no longer legal (else nothing is written)."
    ),
    update_campaign: bool = _update_opt,
    campaign: Path = _campaign_opt,
) -> None:
    """Replace action #N by a corrected one, re-resolve every later action, and say what changed.

    Every later action is resolved again on top of the correction with the game's keyed dice,
    and umpire prints what changed in their results.

    The corrected action is any action command as you would type it: umpire amend 12 move a-1-64
    26 22, umpire amend 3 --orders data/orders/nato-turn1.yaml, umpire amend 9 phase next --roll 4.
    A roll whose key (what it is for, where) did not change keeps its value; dice typed in with
    --roll are used again where their key still occurs. If a later action is no longer legal the
    amendment is refused and nothing is written, unless --drop-invalid. Then the printed papers
    it made out of date, and the season the game was imported into (--update-campaign brings it
    in step)."""
    from umpire.papers.told import before_correction
    from umpire.reports.changes import amendment_lines

    o = _Options(drop_invalid, orders, update_campaign, campaign)
    args = _split(list(ctx.args), o)
    drop_invalid, orders = o.drop, o.orders
    if orders is not None:
        args = ["turn", "orders", orders, *args]
    if not args:
        raise UmpireError(
            f"amend {n}: give the corrected action, e.g. umpire amend {n} move UNIT X Y, or --orders FILE"
        )
    sub = args[1] if len(args) > 1 and not args[1].startswith("-") else None
    if (args[0], None) not in AMENDABLE and (args[0], sub) not in AMENDABLE:
        allowed = ", ".join(f"{c} {s}" if s else c for c, s in AMENDABLE)
        raise UmpireError(f"amend {n}: {' '.join(args[:2])!r} is not an action (allowed: {allowed})")
    settings = _settings(ctx)
    before_correction(settings.open_game(), campaign=o.campaign, update_campaign=o.update_campaign)
    settings.amend = (n, drop_invalid)
    root = ctx.find_root()
    command = root.command.get_command(root, args[0])  # type: ignore[attr-defined]
    with command.make_context(args[0], args[1:], parent=root) as sub_ctx:
        command.invoke(sub_ctx)
    done = settings.game.correction if settings.game is not None else None
    if done is None:  # the command did not act (it cannot happen for the commands allowed)
        raise UmpireError(f"amend {n}: {' '.join(args)!r} made no action")
    for line in amendment_lines(done, n):
        console.print(line, soft_wrap=True)
    _told(settings, settings.game or settings.open_game(), o.campaign, o.update_campaign)


def register(app: typer.Typer) -> None:
    app.command("undo")(undo)
    app.command("redo")(redo)
    app.command(
        "amend", context_settings={"allow_extra_args": True, "ignore_unknown_options": True,
                                   "allow_interspersed_args": False},
    )(amend)
