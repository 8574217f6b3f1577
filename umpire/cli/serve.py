"""``umpire serve GAME.db``: the umpire's console over one game file, in a browser."""

from __future__ import annotations

from pathlib import Path

import typer


def serve(
    ctx: typer.Context,
    game: Path = typer.Argument(None, metavar="[GAME.db]", help="The game file (default: --db)."),
    host: str = typer.Option(
        "127.0.0.1", "--host",
        help="The address to listen on; 0.0.0.0 lets other devices on the network reach it (with a warning).",
    ),
    port: int = typer.Option(8000, "--port", help="The port to listen on (0: any free one)."),
    links: bool = typer.Option(
        False, "--links", help="Make a new link for every side's page (the old ones stop working) and print each "
        "with its QR code.",
    ),
    url: str = typer.Option(
        None, "--url", metavar="URL",
        help="The address the sides' devices use, for the links (default: this machine's address on the network).",
    ),
) -> None:
    """Open the umpire's console in a browser: the live map, the stands, measuring, the turn, the log.

    Prints the address and a login link holding the secret that opens the console (set
    UMPIRE_SERVE_SECRET to keep one secret across restarts). Every click is an action of the
    game file, made through the same checks as the commands, which may run at the same time.
    Listens on this machine only unless --host says otherwise. Each side's page opens with its
    own link (--links, or the console's Players panel); pass a side's link to its orders sheet."""
    import inspect

    from umpire.cli.paper import orders_sheet
    from umpire.serve.server import serve as run

    path = game if game is not None else ctx.find_root().obj.db
    sheets = "link" in inspect.signature(orders_sheet).parameters  # the orders sheet prints a link's QR code
    run(path, host=host, port=port, say=typer.echo, links=links, url=url, sheets=sheets)
