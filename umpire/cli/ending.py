"""``umpire end``: the umpire ends the game (Auftragstaktik has no end of game of its own)."""

from __future__ import annotations

import typer

from umpire.cli.output import console
from umpire.core.dice import ScriptedDice


def end(
    ctx: typer.Context,
    reason: str = typer.Option(None, "--reason", help="Why the game ends (kept in the log and the reports)."),
) -> None:
    """End the game where it stands: its result is final (umpire undo takes the end back)."""
    from umpire.engine import Game

    game = Game.open(ctx.find_root().obj.db)
    res = game.act("end", {"reason": reason} if reason else {}, ScriptedDice(()))
    console.print(f"#{res.seq} {res.summary}")
