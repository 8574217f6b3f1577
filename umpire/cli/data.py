"""``umpire data``: how complete and how sourced the bundled data is, and checks of a user's
own transcriptions of the official cards and charts."""

from __future__ import annotations

from pathlib import Path

import typer

from umpire.cli.app import new_app
from umpire.cli.output import console
from umpire.errors import DataError, UmpireError
from umpire.reports.screen import table as grid

app = new_app(
    "Ruleset data: provenance (rulebook, derived, ruling, official, estimated) and transcription checks."
)


@app.command("status")
def status(ruleset: str = typer.Argument(..., help="The ruleset, e.g. mbt.")) -> None:
    """Per chart and card, how many values the rulebook states (as printed, derived by
    arithmetic, or as a named ruling reads it), how many are official and how many estimated."""
    from umpire.registry import DataFiles, find_ruleset

    rs = find_ruleset(ruleset)
    rows = rs.provenance() if isinstance(rs, DataFiles) else []
    if not rows:
        console.print(f"{rs.name}: its data does not record where each value comes from (nothing to count)",
                      markup=False)
        return
    origins = list(rows[0][1])
    table = grid(f"{rs.name} data provenance")
    table.add_column("chart / card", no_wrap=True)
    for col in (*origins, "total"):
        table.add_column(col, justify="right", min_width=len(col))
    totals = dict.fromkeys(origins, 0)
    for what, counts in rows:
        for k in totals:
            totals[k] += counts[k]
        table.add_row(what, *(str(counts[k]) for k in origins), str(sum(counts.values())))
    table.add_row("all", *(str(totals[k]) for k in totals), str(sum(totals.values())), style="bold")
    console.print(table)


@app.command("check")
def check(
    files: list[Path] = typer.Argument(..., help="Chart or card YAML files to validate."),
) -> None:
    """Validate your own transcription of official MBT cards or charts: shape, ranges, range
    bands, and each chart complete against its own rows and columns (what passes never stops a
    procedure)."""
    from umpire.rules.mbt.files import check_file
    from umpire.rules.mbt.provenance import ORIGINS, provenance_counts

    problems: list[str] = []
    for path in files:
        try:
            model = check_file(path)
        except DataError as exc:
            problems.append(str(exc))
            continue
        counts = provenance_counts(model)
        console.print(f"{path}: ok (" + ", ".join(f"{counts[k]} {k}" for k in ORIGINS) + ")")
    if problems:
        raise UmpireError("\n".join(problems))
