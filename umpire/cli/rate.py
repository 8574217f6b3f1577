"""``umpire rate``: rate a unit from its specifications (Auftragstaktik RATING UNITS)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from umpire.cli.output import console, print_json
from umpire.errors import DataError, shown, unknown
from umpire.reports.screen import table


def rate(
    spec_file: Path = typer.Argument(
        ...,
        help="YAML file: a spec (vehicles, speed_kph, armour_mm, "
        "gun...) or a unit file with units: [...].",
    ),
    unit: str = typer.Option(
        None, "--unit", help="Rate only this unit of a units: file (name or alias)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    ruling: list[str] = typer.Option(
        None, "--ruling", help="NAME=CHOICE, overriding a default ruling."
    ),
) -> None:
    """Auftragstaktik only: turn real specifications into a stat line, showing how each field was derived."""
    from umpire.rules.auftragstaktik.data import rulings
    from umpire.rules.auftragstaktik.rating import rate as rate_spec
    from umpire.rules.auftragstaktik.statline import parse_statline
    from umpire.rules.auftragstaktik.statline_format import format_statline
    from umpire.schema.load import read_yaml

    data = read_yaml(spec_file)
    overrides = {}
    for item in ruling or []:
        name, sep, choice = item.partition("=")
        if not sep:
            raise DataError(f"--ruling {item!r}: give NAME=CHOICE")
        overrides[name.strip()] = choice.strip()
    rul = rulings(overrides)
    entries = _entries(data, unit, shown(spec_file))
    results: list[dict[str, Any]] = []
    for name, spec, recorded in entries:
        unit_, how = rate_spec(spec, rul, name=name)
        line = format_statline(unit_)
        same = None if recorded is None else format_statline(parse_statline(recorded)) == line
        results.append(
            {
                "name": name,
                "statline": line,
                "matches_recorded": same,
                "recorded": recorded,
                "derivation": [{"field": d.field, "value": d.value, "how": d.how} for d in how],
            }
        )
    if as_json:
        print_json(results if len(results) > 1 else results[0])
        return
    _print_rated(results)


def _entries(data: Any, unit: str | None, where: str) -> list[tuple[str, Any, str | None]]:
    """What to rate: the units of a units: file (``unit`` alone if given), each with its
    recorded stat line, or the one spec of a spec file.

    :raises DataError: for a file that is neither, or a unit it does not hold.
    """
    from umpire.rules.auftragstaktik.library import UnitFile
    from umpire.rules.auftragstaktik.unit_spec import Spec
    from umpire.schema.load import validate

    entries: list[tuple[str, Any, str | None]] = []
    if isinstance(data, dict) and "units" in data:
        f = validate(UnitFile, data, where)
        for u in f.units:
            if unit is None or unit.casefold() in [n.casefold() for n in [u.name, *u.aliases]]:
                entries.append((u.name, u.spec, u.statline))
        if not entries:

            raise unknown("unit", unit, [u.name for u in f.units])
    else:
        if not isinstance(data, dict):
            raise DataError(f"{where}: a spec is a mapping (vehicles, speed_kph, armour_mm, ...)")
        data = dict(data)
        name = str(data.pop("name", "") or "")
        entries.append((name, validate(Spec, data.get("spec", data), where), None))
    return entries


def _print_rated(results: list[dict[str, Any]]) -> None:
    """Each unit rated: its stat line, how each field was derived, and where it differs from
    the one recorded."""
    from rich.text import Text


    for r in results:
        console.print(Text.assemble((r["name"] or "unit", "bold"), ": ", (r["statline"], "green")))
        t = table()
        t.add_column("field")
        t.add_column("value")
        t.add_column("how", style="cyan")
        for d in r["derivation"]:
            t.add_row(d["field"], d["value"], d["how"])
        console.print(t)
        if r["matches_recorded"] is False:
            console.print(f"differs from the recorded stat line: {r['recorded']}", style="yellow")
