"""``umpire calc``: resolve one situation from a case file, no game needed."""

from __future__ import annotations

from pathlib import Path

import typer

from umpire.cli import params
from umpire.cli.context import Settings
from umpire.cli.output import console, print_json


def calc(
    ctx: typer.Context,
    procedure: str = typer.Argument(..., help="measure, fire, spot, hq, morale, sight, ..."),
    case: Path = typer.Argument(..., help="YAML case file ('-' reads standard input)."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    odds: bool = typer.Option(False, "--odds", help="Also list the exact odds of every outcome."),
    roll: list[int] = params.roll_option(),
    ruling: list[str] = typer.Option(None, "--ruling", help="NAME=CHOICE, overriding a default ruling."),
) -> None:
    """Resolve one case: every modifier with its rule, the dice, the table cell, the outcome."""
    from umpire.calc import run_case
    from umpire.errors import DataError, shown
    from umpire.schema.load import read_yaml
    from umpire.schema.reader import read_yaml_stdin

    settings: Settings = ctx.obj
    if str(case) == "-":
        data = read_yaml_stdin("<stdin>")
        where = "<stdin>"
    else:
        data = read_yaml(case)
        where = shown(case)
    if ruling:
        if not isinstance(data, dict):
            raise DataError(f"{where}: a case is a mapping")
        overrides = dict(data.get("rulings") or {})
        for item in ruling:
            name, sep, choice = item.partition("=")
            if not sep:
                raise DataError(f"--ruling {item!r}: give NAME=CHOICE")
            overrides[name.strip()] = choice.strip()
        data["rulings"] = overrides
    dice = settings.dice_for(None) if settings is not None else None
    answer, recorded = run_case(data, procedure=procedure, rolls=roll, dice=dice, odds=odds, where=where)
    if as_json:
        print_json(answer.to_json())
        return
    from umpire.reports.terminal import render_calc

    console.print(render_calc(answer))
