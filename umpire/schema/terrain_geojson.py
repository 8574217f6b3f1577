"""Terrain as GeoJSON (RFC 7946's shapes, in table inches): read from QGIS or shapely, written back.

A ``FeatureCollection`` whose coordinates are inches from the umpire's near-left corner, x to
the right and y away from the umpire (a GIS's y up the map: the table's far edge is the map's
top). Each feature is one terrain piece: its ``id`` (or ``properties.id``), and in its
``properties`` its ``type`` (a terrain type, as in a scenario), and if it has them its ``name``
and ``height``; other properties (QGIS's ``fid``...) are passed over. A ``Polygon`` (its outer
ring; holes are refused) is an area, a ``LineString`` a line; a ``MultiPolygon`` or
``MultiLineString`` of one part is read as that part. The collection may hold the table's size
as ``"table": {"width": 72, "depth": 48}`` (umpire writes it); GeoJSON's coordinate system
(longitude and latitude) does not apply: in QGIS give the layer a projected or no coordinate
system and read its units as inches.

The coordinates are inches unless the file says its unit, ``"units": "cm"`` (one of
:data:`UNITS`), or the command does (``umpire terrain import --units cm``). A file that names a
coordinate system (``crs``, as QGIS writes ``EPSG:4326`` for longitude and latitude) is refused,
naming it, unless its unit is said: a drawing in degrees or metres is never read as inches
without a word.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from umpire.errors import DataError, quoted, shown, unknown
from umpire.schema.limits import MAX_ITEMS, MAX_SCENARIO_BYTES

#: The units a GeoJSON file's coordinates may be in, and an inch in each.
UNITS = {"in": 1.0, "inch": 1.0, "inches": 1.0, "cm": 1 / 2.54, "mm": 1 / 25.4, "ft": 12.0, "m": 100 / 2.54}


def read_geojson(path: Path, units: str | None = None) -> tuple[list[dict[str, Any]], tuple[float, float] | None]:
    """The terrain pieces of a GeoJSON file (as scenario ``terrain:`` entries) and the table's
    size if the file gives it; ``units``: the unit of its coordinates, if the command says it
    (module notes). :raises DataError: one line, naming the file and the feature."""
    from umpire.schema.reader import read_yaml_file

    name = shown(path)
    data = read_yaml_file(path, MAX_SCENARIO_BYTES)  # JSON is YAML: the same limits and strictness
    if not isinstance(data, dict) or data.get("type") != "FeatureCollection" or not isinstance(
            data.get("features"), list):
        raise DataError(f'{name}: not a GeoJSON FeatureCollection (give "type": "FeatureCollection" and a '
                        '"features" list)')
    if len(data["features"]) > MAX_ITEMS:
        raise DataError(f"{name}: more than {MAX_ITEMS:,} features")
    scale = _scale(data, units, name)
    pieces = [_piece(f, k, name, scale) for k, f in enumerate(data["features"])]
    return pieces, _table(data.get("table"), name)


def _scale(data: dict[str, Any], units: str | None, name: str) -> float:
    """Inches per unit of the file's coordinates: the unit the command says, else the file's
    ``units``, else inches; a file naming a coordinate system (``crs``) must say its unit."""
    said = data.get("units")
    if said is not None and (not isinstance(said, str) or said.lower() not in UNITS):
        raise DataError(f"{name}: units: {unknown('unit', said if isinstance(said, str) else quoted(said), UNITS)}")
    if units is not None and units.lower() not in UNITS:
        raise DataError(f"--units: {unknown('unit', units, UNITS)}")
    unit = (units or said or "").lower()
    crs = data.get("crs")
    if crs is not None and not unit:
        props = crs.get("properties") if isinstance(crs, dict) else None
        named = props.get("name") if isinstance(props, dict) else None
        what = quoted(named) if isinstance(named, str) else "a coordinate system"
        raise DataError(f"{name}: crs: {what} is not table inches (a GeoJSON in longitude and latitude, or in "
                        f"metres, is not read as inches); draw the layer with no coordinate system in inches, or "
                        f'say the unit: "units": "cm" in the file or umpire terrain import --units cm '
                        f"(allowed: {', '.join(UNITS)})")
    return UNITS[unit or "in"]


def _table(value: Any, name: str) -> tuple[float, float] | None:
    if value is None:
        return None
    ok = isinstance(value, dict) and all(
        isinstance(value.get(k), int | float) and not isinstance(value.get(k), bool) and value[k] > 0
        for k in ("width", "depth"))
    if not ok:
        raise DataError(f'{name}: table: {quoted(value)} is not {{"width": inches, "depth": inches}}')
    return float(value["width"]), float(value["depth"])


def _piece(f: Any, k: int, name: str, scale: float = 1.0) -> dict[str, Any]:
    props = f.get("properties") if isinstance(f, dict) else None
    props = props if isinstance(props, dict) else {}
    ident = f.get("id", props.get("id")) if isinstance(f, dict) else None
    what = f"{name}: feature {ident!r}" if ident is not None else f"{name}: features[{k}]"
    if not isinstance(f, dict) or f.get("type") != "Feature":
        raise DataError(f'{what}: not a GeoJSON Feature (give "type": "Feature")')
    if not isinstance(ident, str | int) or isinstance(ident, bool) or ident == "":
        raise DataError(f"{what}: give the feature an id (it names the terrain piece)")
    if not isinstance(props.get("type"), str):
        raise DataError(f'{what}: properties.type: give the terrain type, e.g. "woods" or "road"')
    geom = f.get("geometry")
    kind = geom.get("type") if isinstance(geom, dict) else None
    coords = geom.get("coordinates") if isinstance(geom, dict) else None
    if kind in ("MultiPolygon", "MultiLineString"):
        if not isinstance(coords, list) or len(coords) != 1:
            raise DataError(f"{what}: a {kind} of {len(coords) if isinstance(coords, list) else 'no'} parts; "
                            "give each part its own feature")
        kind, coords = kind.removeprefix("Multi"), coords[0]
    piece: dict[str, Any] = {"id": str(ident), "type": props["type"]}
    if kind == "Polygon":
        if not isinstance(coords, list) or not coords:
            raise DataError(f"{what}: a Polygon needs its ring of coordinates")
        if len(coords) > 1:
            raise DataError(f"{what}: the polygon has {len(coords) - 1} hole(s); draw a piece without holes "
                            "(a clearing is its own piece)")
        ring = _points(coords[0], what, scale)
        piece["polygon"] = ring[:-1] if len(ring) > 3 and ring[0] == ring[-1] else ring
    elif kind == "LineString":
        piece["line"] = _points(coords, what, scale)
    else:
        raise DataError(f"{what}: geometry {kind!r} is not a terrain piece (allowed: Polygon, LineString)")
    for key in ("name", "height"):
        if props.get(key) is not None:
            piece[key] = props[key]
    return piece


def _points(coords: Any, what: str, scale: float = 1.0) -> list[list[float]]:
    if not isinstance(coords, list):
        raise DataError(f"{what}: coordinates: not a list of [x, y] positions")
    out = []
    for p in coords:
        if not (isinstance(p, list) and len(p) in (2, 3) and all(
                isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in p)):
            raise DataError(f"{what}: coordinates: {quoted(p)} is not an [x, y] position in inches")
        out.append([round(float(p[0]) * scale, 6), round(float(p[1]) * scale, 6)] if scale != 1.0
                   else [float(p[0]), float(p[1])])
    return out


def to_geojson(pieces: Sequence[Any], table: tuple[float, float] | None = None) -> dict[str, Any]:
    """A FeatureCollection of terrain pieces (anything with ``id``, ``type``, ``name``, ``height``
    and ``polygon`` or ``line``), which :func:`read_geojson` reads back as the same pieces."""
    features = []
    for t in pieces:
        if t.polygon is not None:
            ring = [list(p) for p in t.polygon]
            geometry = {"type": "Polygon", "coordinates": [[*ring, ring[0]]]}
        else:
            geometry = {"type": "LineString", "coordinates": [list(p) for p in t.line]}
        props: dict[str, Any] = {"type": t.type}
        if t.name:
            props["name"] = t.name
        if t.height:
            props["height"] = t.height
        features.append({"type": "Feature", "id": t.id, "properties": props, "geometry": geometry})
    out: dict[str, Any] = {"type": "FeatureCollection"}
    if table is not None:
        out["table"] = {"width": table[0], "depth": table[1]}
    out["features"] = features
    return out
