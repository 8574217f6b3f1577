"""``umpire calc``: resolve one situation from a case file, no game needed."""

from __future__ import annotations

from pathlib import Path

import typer

from umpire.cli import params
from umpire.cli.context import Settings
from umpire.cli.output import console, print_json


def calc(
    ctx: typer.Context,
    procedure: str = typer.Argument(
        ..., help="measure, fire, spot, hq, morale, sight, ...; or 'fields' to list a case's fields."
    ),
    case: Path = typer.Argument(
        ..., help="YAML case file ('-' reads standard input); after 'fields', a procedure name."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    odds: bool = typer.Option(False, "--odds", help="Also list the exact odds of every outcome."),
    roll: list[int] = params.roll_option(
        "A die value, in the order used (repeat); 0 is a d10's 10, a d100's 100."
    ),
    ruling: list[str] = typer.Option(None, "--ruling", help="NAME=CHOICE, overriding a default ruling."),
    ruleset: str = typer.Option(None, "--ruleset", help="With 'fields': auftragstaktik or mbt (default: both)."),
) -> None:
    """Resolve one case: every modifier with its rule, the dice, the table cell, the outcome.

    'umpire calc fields PROCEDURE' lists the fields a case may hold, their allowed values and
    the defaults taken when a field is left out. MBT cases without game: use the Advanced Game,
    or the game set by UMPIRE_MBT_GAME or the config file (see the README).
    """
    from umpire.calc import run_case
    from umpire.cli.context import mbt_game_default
    from umpire.errors import DataError, shown
    from umpire.schema.load import read_yaml
    from umpire.schema.reader import read_yaml_stdin

    if procedure == "fields":
        _fields(str(case), ruleset, as_json)
        return
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
    try:
        answer, recorded = run_case(
            data, procedure=procedure, rolls=roll, dice=dice, odds=odds, where=where,
            mbt_game=mbt_game_default(),
        )
    except DataError as exc:
        from umpire.inputs import refusal

        raise refusal(case, "case", exc) from None
    if as_json:
        print_json(answer.to_json())
        return
    from umpire.reports.terminal import render_calc

    if answer.headline:
        console.print(answer.headline, markup=False, style="bold")
    console.print(render_calc(answer))
    if answer.assumed:
        console.print(
            "assumed (not in the case): " + ", ".join(answer.assumed), markup=False, style="dim", soft_wrap=True
        )


def _fields(procedure: str, ruleset: str | None, as_json: bool) -> None:
    """``umpire calc fields PROCEDURE``: the case fields, what each accepts, its default."""
    from rich.table import Table

    from umpire.calc import case_model
    from umpire.casefields import field_lines
    from umpire.errors import UmpireError
    from umpire.registry import RULESETS, find_ruleset

    names = [find_ruleset(ruleset).name] if ruleset else [rs.name for rs in RULESETS]
    found = [(n, m) for n in names if (m := case_model(n, procedure)) is not None]
    if not found:
        known = sorted({p for n in names for p in ["measure", *find_ruleset(n).case_models()]})
        raise UmpireError(f"calc fields: no procedure {procedure!r} (allowed: {', '.join(known)})")
    if as_json:
        print_json({
            n: [{"field": f.path, "accepts": f.accepts, "default": f.default} for f in field_lines(m)]
            for n, m in found
        })
        return
    for n, model in found:
        table = Table(title=f"{n} {procedure}: case fields", title_justify="left", header_style="bold")
        table.add_column("field")
        table.add_column("accepts")
        table.add_column("default (if left out)")
        for f in field_lines(model):
            table.add_row(f.path, f.accepts, "required" if f.default is None else f.default)
        console.print(table)
