"""``umpire demo``: a showcase game built in a fresh folder, with nothing else to set up."""

from __future__ import annotations

from pathlib import Path

import typer

from umpire.cli.output import console


def demo(
    out: Path = typer.Option(Path("umpire-demo"), "--out", help="Folder to build the demo in."),
    replace: bool = typer.Option(False, "--replace", help="Build it over the games a folder already holds."),
) -> None:
    """Build a demo game from the bundled scenario and show what umpire does.

    The folder is built aside and moved into place when complete; a folder that holds a game
    already is refused unless --replace is given."""
    from rich.rule import Rule

    from umpire.demo.run import run_demo
    from umpire.reports.status import render_status
    from umpire.reports.terminal import render_calc, render_measure

    result = run_demo(out, replace=replace)
    console.print(Rule(f"umpire demo: {result.game.state.name}"))
    console.print(render_status(result.game.state))
    console.print(Rule("two turns resolved from data/orders/ (seeded dice)", style="dim"))
    for e in result.game.events():
        console.print(f"#{e.seq} turn {e.turn} {e.summary}")
    for a, b, data in result.measures:
        console.print(render_measure(a, b, data))
    for title, answer in result.calcs:
        console.print(Rule(title, style="dim"))
        console.print(render_calc(answer))
    if result.mbt is not None:
        console.print(Rule(f"MBT umpired game: {result.mbt.game.state.name}, two turns (24.3)", style="dim"))
        for line in result.mbt.summaries:
            console.print(f"  {line}")
        result.files.extend(result.mbt.files)
    if result.campaign is not None:
        from umpire.campaign.standings import compute
        from umpire.campaign.views import render_standings

        console.print(Rule(f"club campaign: {result.campaign.campaign.state.name}, round 1 (umpire campaign)",
                           style="dim"))
        for line in result.campaign.lines:
            console.print(f"  {line}")
        console.print(render_standings(compute(result.campaign.campaign.state)))
        result.files.extend(result.campaign.files)
    console.print(Rule("files", style="dim"))
    for path in result.files:
        console.print(f"  {path}")
    console.print("\nTry:")
    for cmd in ("status", "measure a-1-64 t80-1", "log", "report --side nato"):
        console.print(f"  umpire --db {result.game.path} {cmd}", style="bold")
    if result.campaign is not None:
        console.print(f"  umpire campaign status {result.campaign.campaign.path}", style="bold")
