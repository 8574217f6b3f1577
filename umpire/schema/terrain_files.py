"""Terrain drawn elsewhere: read from an SVG (:mod:`.terrain_svg`) or a GeoJSON file
(:mod:`.terrain_geojson`), and named by a scenario.

A scenario's ``terrain:`` list may hold, beside pieces typed as YAML, entries that name a file::

    terrain:
      - from: table.svg              # every piece drawn in it
      - {id: bridge-1, type: bridge, polygon: [[40, 23], [42, 23], [42, 25], [40, 25]]}

The file is found relative to the scenario's own folder, and must lie inside it (a scenario
shared by others cannot make umpire read files elsewhere). The pieces read are checked as if
typed in the scenario: a known terrain type, an area drawn as a polygon and a line as a line,
every point on the table (and an SVG's page the size of the scenario's table); an error names
the file and the shape or feature.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from umpire.errors import DataError, UmpireError, shown

SUFFIXES = {".svg": "svg", ".geojson": "geojson", ".json": "geojson"}


def read_scenario(path: Path) -> Any:
    """A scenario file's data as YAML gives it, ``terrain:`` entries ``{from: FILE}`` replaced by
    the pieces drawn in the SVG or GeoJSON file beside it."""
    from umpire.schema.limits import MAX_SCENARIO_BYTES
    from umpire.schema.load import read_yaml

    return expand_terrain(read_yaml(path, MAX_SCENARIO_BYTES), Path(path).parent, shown(path))


def known_types() -> set[str]:
    from umpire.schema.terrain_types import terrain_types

    types = terrain_types().types
    return {*types, *(a for t in types.values() for a in t.aliases)}


def read_terrain_file(path: Path, table: tuple[float, float] | None = None, units: str | None = None
                      ) -> tuple[list[dict[str, Any]], tuple[float, float] | None]:
    """The pieces of a terrain file, checked (module notes), and the table size it gives (an
    SVG's page; a GeoJSON file's ``table``, if any). ``table``: the scenario's, to check against;
    ``units``: a GeoJSON file's unit, as the command says it (an SVG says its own).

    :raises DataError: one line, naming the file and the piece.
    """
    name = shown(path)
    kind = SUFFIXES.get(path.suffix.lower())
    if kind is None:
        raise DataError(f"{name}: cannot tell the kind of terrain file from {path.suffix or 'no extension'!r} "
                        f"(allowed: {', '.join(SUFFIXES)})")
    if kind == "svg":
        from umpire.schema.terrain_svg import read_svg

        if units is not None:
            raise DataError(f"--units: {name} is an SVG, whose page says its own unit (width=\"72in\"); "
                            "--units is for a GeoJSON file")
        pieces, size = read_svg(path, known_types())
        given: tuple[float, float] | None = size
    else:
        from umpire.schema.terrain_geojson import read_geojson

        pieces, given = read_geojson(path, units)
    if table is not None and given is not None and max(abs(table[0] - given[0]), abs(table[1] - given[1])) > 0.01:
        what = "page" if kind == "svg" else "table"
        raise DataError(f"{name}: its {what} is {given[0]:g} x {given[1]:g} in, but the table is "
                        f"{table[0]:g} x {table[1]:g} in (make them the same size)")
    check_pieces(pieces, table or given, name)
    return pieces, given


def check_pieces(pieces: list[dict[str, Any]], table: tuple[float, float] | None, name: str) -> None:
    """Each piece as a scenario's terrain entry (:class:`~umpire.schema.scenario.TerrainSpec`),
    of a known type, in the shape its type takes, on the table. :raises DataError: the first."""
    from umpire.schema.load import validate
    from umpire.schema.scenario import TerrainSpec
    from umpire.schema.terrain_types import terrain_types

    types = terrain_types()
    seen: set[str] = set()
    for p in pieces:
        what = f"{name}: {'shape' if name.lower().endswith('.svg') else 'feature'} {p['id']!r}"
        if p["id"] in seen:
            raise DataError(f"{what}: the id is used twice")
        seen.add(p["id"])
        spec = validate(TerrainSpec, p, what)
        try:
            _, props = types.lookup(spec.type, what)
        except UmpireError as exc:
            raise DataError(str(exc)) from None
        shape = "polygon" if spec.polygon is not None else "line"
        if (props.kind == "area") != (shape == "polygon"):
            raise DataError(f"{what}: type {spec.type!r} is {'an area' if props.kind == 'area' else 'a line'}: draw "
                            f"it as {'a closed shape (Polygon)' if props.kind == 'area' else 'a line (LineString)'}")
        if spec.polygon is not None:
            _simple(spec.polygon, what)
        if table is not None:
            for x, y in spec.polygon or spec.line or ():
                if not (0 <= x <= table[0] and 0 <= y <= table[1]):
                    raise DataError(f"{what}: the point ({x:g}, {y:g}) is off the table "
                                    f"(x 0-{table[0]:g}, y 0-{table[1]:g})")


def _simple(ring: Any, what: str) -> None:
    """:raises DataError: if the outline crosses itself (a game would refuse it later, without
    naming the file)."""
    import shapely

    poly = shapely.Polygon(ring)
    if not poly.is_valid:
        raise DataError(f"{what}: the outline crosses itself or has no area ({shapely.is_valid_reason(poly)}); "
                        "redraw it as one simple closed shape")


def expand_terrain(data: Any, folder: Path, where: str) -> Any:
    """The scenario ``data`` with each ``terrain:`` entry ``{from: FILE}`` replaced by the pieces
    FILE holds (module notes); anything else is left for the schema to judge."""
    terrain = data.get("terrain") if isinstance(data, dict) else None
    if not isinstance(terrain, list) or not any(isinstance(t, dict) and "from" in t for t in terrain):
        return data
    table_spec = data.get("table")
    table = None
    if isinstance(table_spec, dict) and all(isinstance(table_spec.get(k), int | float) for k in ("width", "depth")):
        table = (float(table_spec["width"]), float(table_spec["depth"]))
    out: list[Any] = []
    for i, t in enumerate(terrain):
        if not (isinstance(t, dict) and "from" in t):
            out.append(t)
            continue
        at = f"{where}: terrain[{i}]"
        if set(t) != {"from"} or not isinstance(t["from"], str) or not t["from"].strip():
            raise DataError(f"{at}: a terrain file entry is {{from: FILE}} alone (an .svg or .geojson file "
                            "beside the scenario)")
        path = inside(folder, t["from"], f"{at}.from")
        try:
            out += read_terrain_file(path, table)[0]
        except DataError as exc:
            raise DataError(f"{at}: {exc}") from None
    return {**data, "terrain": out}


def inside(folder: Path, name: str, what: str) -> Path:
    """``name`` resolved in ``folder``. :raises DataError: if it leads out of the folder."""
    base = folder.resolve()
    path = (base / name).resolve()
    if Path(name).is_absolute() or not path.is_relative_to(base):
        raise DataError(f"{what}: {shown(name)!r} is outside the scenario's folder (a terrain file lies beside "
                        "the scenario or below it)")
    return path
