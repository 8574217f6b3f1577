"""Terrain read from SVG and GeoJSON: units, the flipped y axis, transforms, curves flattened to
the stated tolerance, how a shape's type is found, and every refusal as one line naming the shape."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from umpire.errors import DataError, UmpireError
from umpire.schema import svg_geometry, terrain_svg
from umpire.schema.svg_geometry import FLATNESS
from umpire.schema.terrain_files import expand_terrain, known_types, read_terrain_file

HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"'


def svg(tmp_path: Path, body: str, page: str = 'width="72in" height="48in" viewBox="0 0 72 48"') -> Path:
    path = tmp_path / "table.svg"
    path.write_text(f"{HEAD} {page}>{body}</svg>", encoding="utf-8")
    return path


def read(path: Path, table=None):
    return read_terrain_file(path, table)[0]


def flat(points) -> list[float]:
    return [v for p in points for v in p]


def test_the_page_is_the_table_and_its_top_is_the_far_edge(tmp_path):
    rect = '<rect id="w1" data-type="woods" x="0" y="0" width="4" height="2"/>'
    pieces, table = read_terrain_file(svg(tmp_path, rect))
    assert table == (72, 48)
    # counter-clockwise on the table, as GeoJSON has it
    assert pieces == [{"id": "w1", "type": "woods", "polygon": [[0, 48], [0, 46], [4, 46], [4, 48]]}]


@pytest.mark.parametrize(
    ("page", "scale"),
    [
        ('width="1828.8mm" height="1219.2mm" viewBox="0 0 1828.8 1219.2"', 25.4),  # Inkscape's mm document
        ('width="72in" height="48in"', 96.0),  # no viewBox: px, 96 to the inch
        ('viewBox="0 0 72 48"', 1.0),  # a viewBox alone is read in inches
        ('width="182.88cm" height="121.92cm" viewBox="10 20 72 48"', 1.0),  # an offset viewBox
    ],
)
def test_units_of_the_page(tmp_path, page, scale):
    dx, dy = (10, 20) if "10 20" in page else (0, 0)
    body = f'<polygon id="h1" data-type="hill" points="{dx + 2 * scale},{dy + 6 * scale} {dx + 8 * scale},' \
           f'{dy + 6 * scale} {dx + 8 * scale},{dy + 12 * scale}"/>'
    (p,) = read(svg(tmp_path, body, page))
    assert flat(p["polygon"]) == pytest.approx(flat([[2, 42], [8, 36], [8, 42]]))


def test_transforms_of_shapes_and_groups_are_applied(tmp_path):
    body = ('<g transform="translate(10,5)"><g transform="scale(2)">'
            '<rect id="t1" class="town" x="1" y="1" width="1" height="1"/></g></g>'
            '<rect id="t2" data-type="town" x="0" y="-1" width="2" height="1" transform="rotate(90 0 0)"/>'
            '<rect id="t3" data-type="town" x="0" y="0" width="1" height="1" transform="matrix(1 0 0 1 30 10)"/>')
    t1, t2, t3 = read(svg(tmp_path, body))
    # t1: (10 + 2, 5 + 2) down the page; t2: rotate(90) takes (x, y) to (-y, x)
    assert flat(t1["polygon"]) == pytest.approx(flat([[12, 41], [12, 39], [14, 39], [14, 41]]))
    assert flat(t2["polygon"]) == pytest.approx(flat([[1, 48], [0, 48], [0, 46], [1, 46]]), abs=1e-9)
    assert flat(t3["polygon"]) == pytest.approx(flat([[30, 38], [30, 37], [31, 37], [31, 38]]))


def test_a_rotated_shape_off_the_page_is_refused(tmp_path):
    body = '<rect id="t2" data-type="town" x="0" y="0" width="2" height="1" transform="rotate(90)"/>'
    with pytest.raises(DataError, match=r"shape 't2': a point at \(-1, 46\) is off the table"):
        read(svg(tmp_path, body))


def _segment_distance(p, a, b) -> float:
    ax, ay = a
    bx, by = b
    t = max(0.0, min(1.0, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / max((bx - ax) ** 2 + (by - ay) ** 2,
                                                                                      1e-18)))
    return math.dist(p, (ax + t * (bx - ax), ay + t * (by - ay)))


@pytest.mark.parametrize(
    "d",
    ["M 10,10 C 20,0 40,30 60,10", "M 10,40 Q 30,0 60,40", "M 10,24 A 12,8 30 1 1 50,24", "M 5,5 c 10,30 30,-10 40,20"],
)
def test_curves_are_flattened_within_the_stated_tolerance(tmp_path, d):
    from svg.path import parse_path

    (p,) = read(svg(tmp_path, f'<path id="s1" data-type="stream" d="{d}"/>'))
    line = [(x, 48 - y) for x, y in p["line"]]  # back on the page
    curve = parse_path(d)
    worst = max(min(_segment_distance((q.real, q.imag), a, b) for a, b in zip(line, line[1:], strict=False))
                for q in (curve.point(k / 2000) for k in range(2001)))
    assert worst <= FLATNESS + 1e-9
    assert len(line) < 400  # and not cut finer than it needs


def test_a_circle_is_a_polygon_within_the_tolerance_of_it(tmp_path):
    (p,) = read(svg(tmp_path, '<circle id="pond" data-type="water" cx="36" cy="24" r="3"/>'))
    pts = p["polygon"]
    assert all(math.dist(q, (36, 24)) == pytest.approx(3) for q in pts)
    gap = max(3 - math.dist(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), (36, 24))
              for a, b in zip(pts, pts[1:] + pts[:1], strict=True))
    assert 0 < gap <= FLATNESS


def test_how_a_shape_gets_its_type_and_name(tmp_path):
    body = ('<g inkscape:groupmode="layer" inkscape:label="woods"><path id="w1" d="M 1,1 L 5,1 L 5,5 Z"/>'
            '<path id="w2" inkscape:label="Kiefernholz" d="M 10,1 L 15,1 L 15,5 Z"/></g>'
            '<rect id="h1" inkscape:label="hill: Höhe 612" data-height="2" x="20" y="1" width="3" height="3"/>'
            '<rect id="t1" class="red town" x="30" y="1" width="3" height="3"><title>Töpen</title></rect>'
            '<path id="r1" data-type="road" data-name="B 173" d="M 0,20 L 72,20"/>'
            '<rect id="x1" data-type="ignore" x="0" y="0" width="72" height="48"/>'
            '<g style="display:none"><rect id="n1" x="0" y="0" width="1" height="1"/></g>'
            '<text id="l1" x="3" y="3">Frankenwald</text><image id="i1" href="scan.png"/>')
    pieces = read(svg(tmp_path, body))
    assert [(p["id"], p["type"], p.get("name", "")) for p in pieces] == [
        ("w1", "woods", ""), ("w2", "woods", "Kiefernholz"), ("h1", "hill", "Höhe 612"), ("t1", "town", "Töpen"),
        ("r1", "road", "B 173")]
    assert pieces[2]["height"] == 2
    assert pieces[4]["line"] == [[0, 28], [72, 28]]


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ('<rect id="r7" x="1" y="1" width="1" height="1"/>', "shape 'r7': no terrain type"),
        ('<rect id="r7" data-type="wod" x="1" y="1" width="1" height="1"/>', "did you mean 'woods'"),
        ('<rect data-type="woods" x="1" y="1" width="1" height="1"/>', "a <rect> without an id"),
        ('<path id="p2" data-type="woods" d="M 1,1 L 2,1 L 2,2 Z M 5,5 L 6,5 L 6,6 Z"/>', "2 separate parts"),
        ('<path id="p3" data-type="woods" d="M 1,1 L x"/>', "shape 'p3': path data is not valid"),
        ('<use id="u1" href="#w1"/>', "shape 'u1': a <use> is not read"),
        ('<rect id="r8" data-type="woods" x="70" y="1" width="5" height="1"/>', "shape 'r8': a point at (75, 47)"),
        ('<rect id="r9" data-type="road" x="1" y="1" width="1" height="1" transform="skew(3)"/>', "transform"),
        ('<polygon id="q1" data-type="woods" points="1,1 2"/>', "odd count"),
        ('<rect id="a" data-type="woods" x="1" y="1" width="1" height="1"/>'
         '<rect id="a" data-type="woods" x="3" y="1" width="1" height="1"/>', "shape 'a': the id is used twice"),
    ],
)
def test_bad_shapes_are_one_line_naming_the_shape(tmp_path, body, needle):
    with pytest.raises(DataError) as err:
        read(svg(tmp_path, body))
    assert needle in str(err.value) and "\n" not in str(err.value) and str(err.value).startswith(str(tmp_path))


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>'
         f'{HEAD} viewBox="0 0 72 48"><title>&b;</title></svg>', "refused: the SVG declares entities"),
        (f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>{HEAD} viewBox="0 0 72 48">'
         "<title>&x;</title></svg>", "refused"),
        ("<html><body/></html>", "root element is <html>"),
        ("not xml at all", "not an SVG file (XML error"),
        (f"{HEAD}></svg>", "the page has no size"),
        (f'{HEAD} width="72in" height="50%"></svg>', "is not a length"),
        (f'{HEAD} width="72in" height="48in" viewBox="0 0 100 10"></svg>', "not in proportion"),
    ],
)
def test_unsafe_or_unreadable_files_are_refused(tmp_path, text, needle):
    path = tmp_path / "t.svg"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        read(path)
    assert needle in str(err.value) and "\n" not in str(err.value)


def test_the_size_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(terrain_svg, "MAX_SCENARIO_BYTES", 100)
    with pytest.raises(DataError, match="too large"):
        read(svg(tmp_path, "<!--" + "x" * 200 + "-->"))


def test_the_page_must_be_the_table(tmp_path):
    with pytest.raises(DataError, match=r"its page is 72 x 48 in, but the table is 48 x 36 in"):
        read(svg(tmp_path, ""), (48, 36))


def test_transform_words():
    assert svg_geometry.parse_transform("rotate(90 1 1)", "t") == pytest.approx((0, 1, -1, 0, 2, 0), abs=1e-12)
    assert svg_geometry.parse_transform("skewX(45)", "t") == pytest.approx((1, 0, 1, 1, 0, 0))
    with pytest.raises(UmpireError, match="translate takes 1 or 2 numbers"):
        svg_geometry.parse_transform("translate(1 2 3)", "t")


# -- GeoJSON ------------------------------------------------------------------------------------

def geojson(tmp_path: Path, *features: dict, table=None) -> Path:
    import json

    path = tmp_path / "t.geojson"
    data = {"type": "FeatureCollection", "features": list(features)}
    if table:
        data["table"] = {"width": table[0], "depth": table[1]}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def feature(fid="w1", kind="Polygon", coords=None, **props):
    coords = coords if coords is not None else [[[1, 1], [5, 1], [5, 5], [1, 1]]]
    return {"type": "Feature", "id": fid, "properties": {"type": "woods", **props},
            "geometry": {"type": kind, "coordinates": coords}}


@pytest.mark.parametrize(
    ("feat", "needle"),
    [
        (feature(coords=[[[1, 1], [5, 1], [5, 5], [1, 1]], [[2, 2], [3, 2], [3, 3], [2, 2]]]), "1 hole(s)"),
        (feature(kind="Point", coords=[1, 1]), "geometry 'Point' is not a terrain piece"),
        (feature(kind="MultiPolygon", coords=[[[[1, 1], [2, 1], [2, 2]]], [[[3, 3], [4, 3], [4, 4]]]]), "2 parts"),
        (feature(fid=None), "give the feature an id"),
        ({**feature(), "properties": {}}, "properties.type"),
        (feature(kind="LineString", coords=[[1, 1], [5, 5]]), "type 'woods' is an area: draw it as a closed shape"),
        (feature(coords=[[[1, 1], [80, 1], [5, 5], [1, 1]]]), "the point (80, 1) is off the table"),
        (feature(coords=[[[1, 1], ["a", 1], [5, 5], [1, 1]]]), "is not an [x, y] position"),
        (feature(height=-1), "height"),
    ],
)
def test_bad_geojson_is_one_line_naming_the_feature(tmp_path, feat, needle):
    with pytest.raises(DataError) as err:
        read(geojson(tmp_path, feat, table=(72, 48)))
    assert needle in str(err.value) and "\n" not in str(err.value)


def test_geojson_multipart_of_one_and_extra_properties(tmp_path):
    f = feature(kind="MultiPolygon", coords=[[[[1, 1], [5, 1], [5, 5], [1, 1]]]], fid="w9", fid_qgis=3, name="Holz")
    assert read(geojson(tmp_path, f)) == [{"id": "w9", "type": "woods", "polygon": [[1, 1], [5, 1], [5, 5]],
                                          "name": "Holz"}]


# -- a scenario naming its terrain file ---------------------------------------------------------

def test_a_scenario_names_files_beside_it_and_nowhere_else(tmp_path):
    svg(tmp_path, '<rect id="w1" data-type="woods" x="0" y="0" width="4" height="2"/>')
    data = {"table": {"width": 72, "depth": 48},
            "terrain": [{"from": "table.svg"}, {"id": "r1", "type": "road", "line": [[0, 1], [9, 1]]}]}
    out = expand_terrain(data, tmp_path, "s.yaml")
    assert [t["id"] for t in out["terrain"]] == ["w1", "r1"]
    for bad in ("../table.svg", str(tmp_path / "table.svg"), "sub/../../x.svg"):
        with pytest.raises(DataError, match="outside the scenario's folder"):
            expand_terrain({"terrain": [{"from": bad}]}, tmp_path / "sub" if bad.startswith("sub") else tmp_path, "s")
    with pytest.raises(DataError, match=r"s.yaml: terrain\[0\]: .*nothing.svg: file not found"):
        expand_terrain({"terrain": [{"from": "nothing.svg"}]}, tmp_path, "s.yaml")
    with pytest.raises(DataError, match="a terrain file entry is {from: FILE} alone"):
        expand_terrain({"terrain": [{"from": "table.svg", "type": "woods"}]}, tmp_path, "s.yaml")


def test_known_types_include_aliases():
    assert {"woods", "lake", "road"} <= known_types()
