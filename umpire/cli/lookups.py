"""``umpire units|cards|rulings|procedures [QUERY]``: what umpire knows by name, found by a
word of it (:mod:`umpire.ask.lookup`)."""

from __future__ import annotations

from typing import Any

import typer

from umpire.cli.output import console, print_json
from umpire.reports.screen import table as grid

COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "units": (("ruleset", "ruleset"), ("id", "card"), ("name", "name"), ("kind", "kind"), ("nation", "nation"),
              ("aliases", "also found by")),
    "cards": (("id", "card"), ("name", "vehicle"), ("kind", "kind"), ("nation", "nation"),
              ("aliases", "also found by")),
    "rulings": (("ruleset", "ruleset"), ("name", "ruling"), ("default", "default"), ("choices", "choices"),
                ("rule", "rule")),
    "procedures": (("ruleset", "ruleset"), ("name", "procedure"), ("form", "umpire calc ..."), ("about", "what")),
}


def _cell(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(value)
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return "" if value is None else str(value)


def render_rows(kind: str, rows: list[dict[str, Any]]) -> Any:
    """A look-up's rows as the terminal shows them: a table, or one row in full."""
    from rich.console import Group
    from rich.text import Text


    if len(rows) == 1 and kind == "rulings":
        r = rows[0]
        lines = [Text(f"{r['name']} ({r['ruleset']}{', ' + r['id'] if r['id'] else ''}): {r['rule']}", style="bold")]
        for choice, text in r["choices"].items():
            lines.append(Text(f"  {choice}{' (default)' if choice == r['default'] else ''}: {text}"))
        if r["reason"]:
            lines.append(Text(r["reason"], style="dim"))
        lines.append(Text(f"switch it: --ruling {r['name']}=CHOICE", style="dim"))
        return Group(*lines)
    cols = [(k, t) for k, t in COLUMNS[kind] if any(row.get(k) for row in rows)]
    table = grid()
    for _, title in cols:
        table.add_column(title, overflow="fold")
    for row in rows:
        table.add_row(*(_cell(row.get(k)) for k, _ in cols))
    return table


def _command(kind: str, about: str) -> Any:
    def command(
        query: str = typer.Argument(None, help="A word of the name (fuzzy: case, punctuation and typos forgiven)."),
        ruleset: str = typer.Option(None, "--ruleset", help="One ruleset's (default: every ruleset's)."),
        as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    ) -> None:
        from umpire.ask.lookup import look_up

        rows = look_up(kind, query, ruleset)
        if as_json:
            print_json(rows)
        else:
            console.print(render_rows(kind, rows))

    command.__doc__ = about
    command.__name__ = kind
    return command


ABOUT = {
    "units": "List the bundled units (Auftragstaktik) and data cards (MBT), or those a word finds: "
             "'umpire units abrams'.",
    "cards": "List MBT's data cards, or those a word finds: 'umpire cards leopard'.",
    "rulings": "List the named rulings of both rulesets, or those a word finds; one found is shown in full.",
    "procedures": "List the calc procedures of both rulesets with their one-line form.",
}


def register(app: typer.Typer) -> None:
    for kind, about in ABOUT.items():
        app.command(kind)(_command(kind, about))
