"""``umpire terrain``: a table drawn in Inkscape or QGIS read in, and a game's table written out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from umpire.cli.app import new_app
from umpire.cli.output import console
from umpire.errors import DataError, UmpireError, shown

app = new_app("Terrain drawn elsewhere: read an SVG or GeoJSON table, write a game's or scenario's terrain out.")

_out_help = "Write to FILE: .yaml (a scenario's terrain: list), .geojson or .svg."


def _checked(pieces: list[dict[str, Any]], where: str) -> list[Any]:
    """The pieces as terrain entries, their polygons checked as a game's are."""
    from umpire.geometry.facts import check_polygons
    from umpire.schema.scenario import TerrainSpec

    specs = [TerrainSpec.model_validate(p) for p in pieces]
    try:
        check_polygons([(t.id, t.polygon) for t in specs if t.polygon is not None])
    except UmpireError as exc:
        raise DataError(f"{where}: {exc}") from None
    return specs


def _write(pieces: list[Any], table: tuple[float, float] | None, out: Path | None) -> None:
    from umpire.reports.files import check_out, write_text_atomic
    from umpire.reports.terrain_files import FORMATS, terrain_text

    if out is None:
        console.out(terrain_text(pieces, table, "yaml"), end="", highlight=False)
        return
    check_out(out, FORMATS)
    fmt = FORMATS[out.suffix.lower()]
    if fmt == "svg" and table is None:
        raise UmpireError(f"--out {out.name}: an SVG page needs the table's size (give --table WIDTHxDEPTH)")
    write_text_atomic(out, terrain_text(pieces, table, fmt))
    console.print(f"wrote {out} ({len(pieces)} terrain pieces)", markup=False)


def _table(text: str | None) -> tuple[float, float] | None:
    from umpire.schema.numbers import read_float

    if text is None:
        return None
    w, sep, d = text.lower().partition("x")
    if not sep:
        raise UmpireError(f"--table {text!r}: give WIDTHxDEPTH in inches, e.g. 72x48")
    return read_float(w, "--table width", lo=0.01), read_float(d, "--table depth", lo=0.01)


@app.command("import")
def import_cmd(
    file: Path = typer.Argument(..., help="An .svg drawn to scale or a .geojson in inches."),
    out: Path = typer.Option(None, "--out", help=_out_help + " Default: the YAML, printed."),
    table: str = typer.Option(None, "--table", metavar="WxD",
                              help="The table's size in inches (e.g. 72x48): the pieces must lie on it."),
    units: str = typer.Option(None, "--units", metavar="UNIT", help="A GeoJSON file's unit: in (the default), "
                              "cm, mm, ft or m; its coordinates are turned into inches."),
) -> None:
    """Read the terrain pieces drawn in FILE, check them as a scenario's, and print them as a
    scenario's terrain: list (or write them to --out in another format).

    An SVG's page is the table (its width and height, or a viewBox in inches); each shape's id
    names its piece and its type is data-type="woods", the Inkscape label, a class, or the label
    of its layer. A GeoJSON FeatureCollection's coordinates are inches, its properties type,
    name and height; another unit is said with --units cm (or "units": "cm" in the file), and a
    file naming a coordinate system (crs) is refused unless its unit is said. A scenario takes
    the file itself as terrain: [{from: FILE}]."""
    from umpire.schema.terrain_files import read_terrain_file

    size = _table(table)
    pieces, given = read_terrain_file(file, size, units)
    _write(_checked(pieces, shown(file)), size or given, out)


@app.command("export")
def export_cmd(
    ctx: typer.Context,
    out: Path = typer.Option(..., "--out", help=_out_help),
    scenario: str = typer.Option(None, "--scenario", metavar="FILE",
                                 help="A scenario's terrain instead of the game's (--db)."),
) -> None:
    """Write the game's terrain (or a scenario's) to a GeoJSON, SVG or YAML file, which umpire
    terrain import and a scenario's terrain: [{from: FILE}] read back as the same pieces."""
    if scenario is not None:
        from umpire.registry import load_scenario
        from umpire.resources import resolve_scenario

        sc = load_scenario(resolve_scenario(scenario))
        _write(list(sc.terrain), (sc.table.width, sc.table.depth), out)
        return
    st = ctx.find_root().obj.open_game().state
    _write(list(st.terrain), (st.table.width, st.table.depth), out)
