"""PDFs: the text pypdf extracts holds what the report model holds; briefings keep the fog of war;
invariant mode gives the same bytes twice; the SVG map is well-formed with one element per stand;
a long game splits over pages."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from umpire.reports.model import briefing
from umpire.reports.pdf import map_pdf, roster_pdf, turn_report_pdf
from umpire.reports.pdf_orders import orders_sheet_pdf
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
    assert "1-я рота Т-80Б" in text and "Töpen" in text
    assert "Turn 1 · Second Combat Phase" in text
    assert 'a-1-64 fired its gun at t80-1 (13.27"): 4 hits: eliminated' in text
    assert "shooter size (medium company)" in text and "COMBAT > Size-based die roll modifiers" in text
    assert "d10: 5 (to-hit roll (1d10))" in text and "modified roll 10" in text


@pytest.mark.parametrize("side", ["nato", "pact"])
def test_briefing_pdf_names_no_unseen_enemy(report, side):
    b = briefing(report, side)
    text = _text(_pdf(turn_report_pdf, b))
    seen = {u.id for u in b.units if u.side != side}
    for u in report.units:
        if u.side != side and u.id not in seen:
            assert u.name not in text and f" {u.id} " not in f" {text} ", u.id
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
    assert "card USSR-1B" in text and "Т-64Б №331" in text


def test_mbt_roster_prints_each_cards_values_with_the_estimates_marked(mbt_report):
    from umpire.rules.mbt.cards import any_card

    text = _text(_pdf(roster_pdf, mbt_report, sides=["nato"]))
    card = any_card("USA-1B")
    assert "Data cards" in text and "USA-1B: M1A1" in text and "USSR-1B" not in text.split("Data cards")[1]
    apfsds = next(a for a in card.gun().ammo if a.name == "APFSDS")
    row = re.search(r"APFSDS \(KE\) penetration (.*)", text).group(1).split()[:len(apfsds.pv)]
    assert row == [f"{v.v}{'*' if v.estimated else ''}" for v in apfsds.pv]
    assert f"TRN {card.gun().trn.v} ·" in text  # a value the rulebook states (9.2.1): no mark
    ke = card.armor["KE"].level["straight"]
    assert re.search(r"KE straight " + " ".join(re.escape(f"{ke[f].v}*") for f in ("TF", "TS", "TR", "HF", "HS", "HR")),
                     text)


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
    # the enemy only as the side's briefing knows it (its map and "Seen of the enemy")
    known = {u.name for u in briefing(rep, side).units if u.observed}
    assert not any(u.name in text for u in rep.units if u.side != side and u.name not in known)
    assert "Seen of the enemy" in text


def test_orders_sheet_prints_the_sides_link_as_a_qr_code(report):
    from umpire.reports.qr import qr_matrix

    with_link = _pdf(orders_sheet_pdf, report, side="nato", link="https://club.example/nato/abc")
    assert "https://club.example/nato/abc" in _text(with_link)
    assert len(with_link) > len(_pdf(orders_sheet_pdf, report, side="nato")) + 200  # the squares
    m = qr_matrix("https://club.example/nato/abc")
    assert (len(m) - 21) % 4 == 0 and all(len(r) == len(m) for r in m)  # a QR code's size: 21 + 4k
    for r0, c0 in ((0, 0), (0, len(m) - 7), (len(m) - 7, 0)):  # the three finder patterns
        assert all(m[r0][c0 + k] and m[r0 + 6][c0 + k] and m[r0 + k][c0] and m[r0 + k][c0 + 6] for k in range(7))


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
    assert len([g for g in root.iter(f"{ns}g") if g.get("class") == "fire"]) == 1  # turn 2: a-1-64 at t80-2


def test_side_svg_shows_only_what_the_side_knows(report):
    b = briefing(report, "pact")
    root = ET.fromstring(to_svg(build_map(b)))
    stands = {g.get("data-unit") for g in root.iter() if g.get("class") == "stand"}
    assert stands == {"hq-1tb", "mr-1", "t80-1", "t80-2", "t80-3"}


def test_mbt_map_draws_each_turret_apart_from_the_hull(mbt_report):
    import dataclasses
    import math

    u = next(x for x in mbt_report.units if x.placed and x.status == "ok")
    turned = dataclasses.replace(u, turret=(u.facing + 90) % 360)
    rep = dataclasses.replace(mbt_report, units=tuple(turned if x.id == u.id else x for x in mbt_report.units))
    drawing = build_map(rep)
    root = ET.fromstring(to_svg(drawing))
    ns = "{http://www.w3.org/2000/svg}"
    turrets = {g.get("data-id"): g for g in root.iter(f"{ns}g") if g.get("class") == "turret"}
    assert set(turrets) == {x.id for x in rep.units if x.placed and x.card and not x.dead}
    # the line leaves the centre at the turret facing, not the hull's: 90 degrees clockwise
    # of the hull's front on the table is +90 on the page too (y grows downwards)
    (a, b) = [tuple(map(float, p.split(","))) for p in turrets[u.id].find(f"{ns}polyline").get("points").split()]
    page = math.degrees(math.atan2(b[0] - a[0], a[1] - b[1])) % 360
    assert abs((page - turned.turret) % 360) < 0.5 or abs((page - turned.turret) % 360 - 360) < 0.5
    assert any(g.kind == "turret" for g in drawing.groups) and _pdf(map_pdf, rep)[:4] == b"%PDF"


def test_a_long_game_runs_over_pages_without_a_flowable_taller_than_a_page(tmp_path):
    """Why: one phase's resolutions sat in one table cell taller than a page (LayoutError for
    about ten stands a side). 40 stands a side, one turn."""
    from bench.report_pdf import big_game
    from umpire.reports.model import report_for_game

    game = big_game(tmp_path / "big.db", stands=40, turns=1)
    r = report_for_game(game)
    for rep in (r, briefing(r, "nato"), briefing(r, "pact")):
        pages = PdfReader(io.BytesIO(_pdf(turn_report_pdf, rep))).pages
        assert len(pages) > 2
