"""Terrain from an SVG drawn to scale (Inkscape, or any drawing program that writes SVG).

**The page is the table.** Its ``width`` and ``height`` (in ``in``, ``cm``, ``mm``, ``pt``, ``pc``
or ``px`` at 96 to the inch) are the table's width and depth; the ``viewBox`` maps the drawing's
units onto the page. A page with only a ``viewBox`` is read in inches. SVG's y axis points down
the page, the table's y away from the umpire: the page's top edge is the table's far edge, and
a shape at the page's top-left corner is at the table's far-left corner.

**Each shape is a terrain piece**: ``path`` (lines and curves; curves and arcs flattened to
:data:`~umpire.schema.svg_geometry.FLATNESS`), ``polygon``, ``polyline``, ``line``, ``rect``
(rounded corners are read square), ``circle`` and ``ellipse``, with every ``transform`` of the
shape and its groups applied. Its id is the shape's ``id``; its type the first of: its
``data-type`` attribute, its Inkscape label (``inkscape:label``: ``woods``, or ``woods:
Frankenwald`` for a type and a name), one of its classes that is a terrain type, and then the
same on each group around it (a layer labelled ``woods`` makes woods of all it holds). Its name
is ``data-name``, else its ``<title>``, else the name in its label; a hill's height is
``data-height``. An area type (woods, town, hill...) is the shape's outline, closed; a line
type (road, stream...) is the shape's line. Shapes typed ``ignore``, hidden shapes and layers
(``display:none``), text, images and definitions are not read. An area's corners are
listed counter-clockwise on the table, as GeoJSON lists them, however the shape was drawn. A shape with no type, a clone
(``<use>``), a path in several parts, a point off the page are refused, naming the shape's id.

The file is parsed by ``defusedxml``: no entities, no external references, no DTD fetched;
within the size limit of a scenario (:mod:`umpire.schema.limits`), nesting and counts too.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from umpire.errors import DataError, UmpireError, shown, unknown
from umpire.schema import svg_geometry as g
from umpire.schema.limits import MAX_DEPTH, MAX_ITEMS, MAX_SCENARIO_BYTES, MAX_VERTICES

SVG_NS = "http://www.w3.org/2000/svg"
INKSCAPE_LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"
SHAPES = ("path", "polygon", "polyline", "line", "rect", "circle", "ellipse")
CONTAINERS = ("g", "a", "switch")
IGNORE_TYPES = ("ignore", "none")
_HIDDEN = re.compile(r"(?:^|;)\s*display\s*:\s*none\s*(?:;|$)")


def _local(tag: Any) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _parse(data: bytes, name: str) -> Any:
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    try:
        return fromstring(data, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        raise DataError(f"{name}: refused: the SVG declares entities or external references "
                        f"({type(exc).__name__}); save it again as plain SVG") from None
    except ParseError as exc:
        raise DataError(f"{name}: not an SVG file (XML error: {exc})") from None


def page(root: Any, name: str) -> tuple[tuple[float, float], g.Affine]:
    """The table's size from the page, and the transform from drawing units to page inches."""
    w, h, vb = root.get("width"), root.get("height"), root.get("viewBox")
    box = g.numbers(vb, f"{name}: viewBox") if vb else None
    if box is not None and (len(box) != 4 or box[2] <= 0 or box[3] <= 0):
        raise UmpireError(f"{name}: viewBox {vb!r} is not 'min-x min-y width height' with sizes more than 0")
    if w is None or h is None:
        if box is None:
            raise UmpireError(f'{name}: the page has no size: give the <svg> a width and height (e.g. width="72in" '
                              'height="48in") or a viewBox in inches')
        return (box[2], box[3]), (1.0, 0.0, 0.0, 1.0, -box[0], -box[1])
    width, height = g.length_in_inches(w, f"{name}: width"), g.length_in_inches(h, f"{name}: height")
    if box is None:
        return (width, height), (g.UNITS["px"], 0.0, 0.0, g.UNITS["px"], 0.0, 0.0)
    sx, sy = width / box[2], height / box[3]
    if abs(sx - sy) > 1e-6 * max(sx, sy):
        raise UmpireError(f"{name}: the viewBox ({box[2]:g} x {box[3]:g}) is not in proportion to the page "
                          f"({w} x {h}); make them agree (Document Properties: scale)")
    return (width, height), (sx, 0.0, 0.0, sy, -box[0] * sx, -box[1] * sy)


def _hidden(el: Any) -> bool:
    return el.get("display") == "none" or bool(_HIDDEN.search(el.get("style") or ""))


def _label_type(label: str | None, known: set[str]) -> tuple[str | None, str]:
    """(type, name) from an Inkscape label: ``woods``, or ``woods: Frankenwald``."""
    if not label:
        return None, ""
    head, sep, rest = label.partition(":")
    if head.strip() in known or head.strip() in IGNORE_TYPES:
        return head.strip(), rest.strip() if sep else ""
    return None, label.strip()


def _own_type(el: Any, known: set[str]) -> str | None:
    if el.get("data-type"):
        return str(el.get("data-type")).strip()
    kind, _ = _label_type(el.get(INKSCAPE_LABEL), known)
    if kind:
        return kind
    return next((c for c in (el.get("class") or "").split() if c in known or c in IGNORE_TYPES), None)


def read_svg(path: Path, known_types: set[str]) -> tuple[list[dict[str, Any]], tuple[float, float]]:
    """The terrain pieces drawn in an SVG file (as scenario ``terrain:`` entries) and the table's
    size from its page. ``known_types``: the terrain type names and aliases.

    :raises DataError: one line, naming the file and the shape.
    """
    from umpire.schema.reader import read_bytes

    name = shown(path)
    root = _parse(read_bytes(path, MAX_SCENARIO_BYTES), name)
    if _local(root.tag) != "svg":
        raise DataError(f"{name}: not an SVG file (its root element is <{_local(root.tag)}>, not <svg>)")
    try:
        table, to_page = page(root, name)
        pieces: list[dict[str, Any]] = []
        _walk(root, to_page, None, 0, _Reading(table, known_types, name, pieces))
    except UmpireError as exc:
        raise DataError(str(exc)) from None
    return pieces, table


@dataclass(frozen=True)
class _Reading:
    """One file being read: the table's size (its page), the terrain types known, the file's
    name as errors say it, and the pieces read so far."""

    table: tuple[float, float]
    known: set[str]
    name: str
    out: list[dict[str, Any]]


def _walk(el: Any, ctm: g.Affine, inherited: str | None, depth: int, rd: _Reading) -> None:
    """Read the shapes under ``el`` (``ctm``: its transform to the table; ``inherited``: the
    terrain type its layer or group gives) into ``rd.out``."""
    known, name, out = rd.known, rd.name, rd.out
    if depth > MAX_DEPTH:
        raise UmpireError(f"{name}: groups nested more than {MAX_DEPTH} deep")
    for child in el:
        tag = _local(child.tag)
        if _hidden(child) or tag not in (*SHAPES, *CONTAINERS, "use", "svg"):
            continue
        ident = child.get("id")
        what = f"{name}: shape {ident!r}" if ident else f"{name}: a <{tag}> without an id"
        if tag in ("use", "svg"):
            raise UmpireError(f"{what}: a <{tag}> is not read (unlink clones: Edit > Clone > Unlink Clone; "
                              "nested <svg>: ungroup it)")
        m = g.compose(ctm, g.parse_transform(child.get("transform") or "", what))
        kind = _own_type(child, known) or inherited
        if tag in CONTAINERS:
            _walk(child, m, kind, depth + 1, rd)
            continue
        if kind in IGNORE_TYPES:
            continue
        if not ident:
            raise UmpireError(f"{what}: give every shape an id (it names the terrain piece)")
        if kind is None:
            raise UmpireError(f"{what}: no terrain type: give it data-type=\"woods\" (or road, town, hill...), an "
                              "Inkscape label naming the type, a class, or put it in a layer labelled with the type; "
                              "data-type=\"ignore\" leaves it out")
        if len(out) >= MAX_ITEMS:
            raise UmpireError(f"{name}: more than {MAX_ITEMS:,} shapes")
        out.append(_piece(child, tag, ident, kind, m, what, rd))


def _attr(el: Any, key: str, what: str, default: float | None = None) -> float:
    text = el.get(key)
    if text is None:
        if default is None:
            raise UmpireError(f"{what}: <{_local(el.tag)}> has no {key}")
        return default
    (value,) = g.numbers(text, f"{what}: {key}") or [float("nan")]
    if not math.isfinite(value):
        raise UmpireError(f"{what}: {key} {text!r} is not a number")
    return value


def _outline(el: Any, tag: str, m: g.Affine, what: str) -> tuple[list[g.Point], bool]:
    scale = g.stretch(m)
    if tag == "path":
        return g.path_points(el.get("d") or "", scale, what, MAX_VERTICES)
    if tag in ("polygon", "polyline"):
        return g.point_list(el.get("points") or "", what, MAX_VERTICES), tag == "polygon"
    if tag == "line":
        return [(_attr(el, "x1", what, 0), _attr(el, "y1", what, 0)), (_attr(el, "x2", what, 0),
                                                                       _attr(el, "y2", what, 0))], False
    if tag == "rect":
        x, y, w, h = (_attr(el, "x", what, 0), _attr(el, "y", what, 0), _attr(el, "width", what),
                      _attr(el, "height", what))
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True
    cx, cy = _attr(el, "cx", what, 0), _attr(el, "cy", what, 0)
    rx = _attr(el, "r" if tag == "circle" else "rx", what)
    ry = rx if tag == "circle" else _attr(el, "ry", what)
    return g.ellipse(cx, cy, rx, ry, scale), True


def _piece(el: Any, tag: str, ident: str, kind: str, m: g.Affine, what: str, rd: _Reading) -> dict[str, Any]:
    """One shape read as a terrain piece of type ``kind``, placed on the table by ``m``."""
    from umpire.schema.terrain_types import terrain_types

    table, known = rd.table, rd.known

    if kind not in known:

        raise UmpireError(f"{what}: {unknown('terrain type', kind, known)}")
    points, closed = _outline(el, tag, m, what)
    if len(points) > MAX_VERTICES:
        raise UmpireError(f"{what}: {len(points):,} points once flattened (at most {MAX_VERTICES:,})")
    width, depth = table
    corners = []
    for p in g.transformed(m, points):
        x, y = round(p[0], 6) + 0.0, round(depth - p[1], 6) + 0.0
        if not (-1e-6 <= x <= width + 1e-6 and -1e-6 <= y <= depth + 1e-6):
            raise UmpireError(f"{what}: a point at ({x:.4g}, {y:.4g}) is off the table (the page: x 0-{width:g}, "
                              f"y 0-{depth:g} inches)")
        corners.append([min(max(x, 0.0), width), min(max(y, 0.0), depth)])
    _, props = terrain_types().lookup(kind, what)
    piece: dict[str, Any] = {"id": ident, "type": kind}
    label_name = _label_type(el.get(INKSCAPE_LABEL), known)[1]
    title = next((c.text for c in el if _local(c.tag) == "title" and c.text), None)
    piece_name = el.get("data-name") or title or label_name
    if piece_name and piece_name != ident:
        piece["name"] = piece_name.strip()
    if props.kind == "area":  # counter-clockwise on the table, as GeoJSON has it (the y flip turned it)
        area2 = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(corners, corners[1:] + corners[:1], strict=True))
        piece["polygon"] = corners if area2 >= 0 else [corners[0], *corners[:0:-1]]
    else:
        piece["line"] = corners + ([corners[0]] if closed and len(corners) > 2 else [])
    if el.get("data-height") is not None:
        piece["height"] = _attr(el, "data-height", what)
    return piece
