"""A table's terrain written out for other tools: GeoJSON (QGIS, shapely), SVG (Inkscape) and
the YAML of a scenario's ``terrain:`` list.

Each is read back by ``umpire terrain import`` (and a scenario's ``terrain: [{from: FILE}]``) as
the same pieces: :mod:`umpire.schema.terrain_geojson` and :mod:`umpire.schema.terrain_svg` say
how. The SVG is a page the size of the table in inches, y flipped (its top is the far edge),
each piece a ``path`` with its id, ``data-type``, ``data-name`` and ``data-height``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

FORMATS = {".geojson": "geojson", ".json": "geojson", ".svg": "svg", ".yaml": "yaml", ".yml": "yaml"}


def _n(v: float) -> float | int:
    return int(v) if float(v).is_integer() else round(float(v), 6)


def terrain_text(pieces: Sequence[Any], table: tuple[float, float] | None, fmt: str) -> str:
    """``pieces`` (with ``id``, ``type``, ``name``, ``height``, ``polygon`` or ``line``) as the
    text of a ``fmt`` file: ``geojson``, ``svg`` (needs ``table``) or ``yaml``."""
    if fmt == "geojson":
        from umpire.schema.terrain_geojson import to_geojson

        data = to_geojson(pieces, table)
        head = json.dumps({k: v for k, v in data.items() if k != "features"}, ensure_ascii=False)[:-1]
        rows = ",\n".join("  " + json.dumps(f, ensure_ascii=False) for f in data["features"])
        return f'{head}, "features": [\n{rows}\n]}}\n'
    if fmt == "svg":
        assert table is not None
        return _svg(pieces, table)
    return _yaml(pieces, table)


def _yaml(pieces: Sequence[Any], table: tuple[float, float] | None) -> str:
    import yaml

    def flow(value: Any) -> str:
        return str(yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**9, sort_keys=False)
                   ).strip()

    lines = [f"table: {flow({'width': _n(table[0]), 'depth': _n(table[1])})}"] if table else []
    lines.append("terrain:")
    for t in pieces:
        item: dict[str, Any] = {"id": t.id, "type": t.type}
        if t.name:
            item["name"] = t.name
        if t.height:
            item["height"] = _n(t.height)
        shape = "polygon" if t.polygon is not None else "line"
        item[shape] = [[_n(x), _n(y)] for x, y in (t.polygon if t.polygon is not None else t.line)]
        lines.append(f"  - {flow(item)}")
    return "\n".join(lines) + "\n"


STYLE = {"area": "fill:#b5d3a7;fill-opacity:0.8;stroke:#4d6b40;stroke-width:0.05",
         "line": "fill:none;stroke:#5a6f8c;stroke-width:0.15"}


def _svg(pieces: Sequence[Any], table: tuple[float, float]) -> str:
    w, d = table
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(w)}in" height="{_n(d)}in" viewBox="0 0 {_n(w)} {_n(d)}">',
        "  <!-- The table in inches: the top edge is the far edge. Each shape is a terrain piece "
        "(id, data-type, data-name, data-height), read back by umpire terrain import. -->",
    ]
    for t in pieces:
        closed = t.polygon is not None
        pts = t.polygon if closed else t.line
        d_attr = "M " + " L ".join(f"{_n(x)},{_n(d - y)}" for x, y in pts) + (" Z" if closed else "")
        attrs = f'id={quoteattr(t.id)} data-type={quoteattr(t.type)}'
        if t.name:
            attrs += f" data-name={quoteattr(t.name)}"
        if t.height:
            attrs += f' data-height="{_n(t.height)}"'
        title = f"<title>{escape(t.name)}</title>" if t.name else ""
        out.append(f'  <path {attrs} style="{STYLE["area" if closed else "line"]}" d="{d_attr}">{title}</path>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
