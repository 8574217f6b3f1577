"""The shipped MBT data: it validates, its provenance counts are true, its estimates agree with
every value the rulebook states, and `umpire data check` rejects bad transcriptions."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from umpire.cli import app
from umpire.rules.mbt import data
from umpire.rules.mbt.provenance import provenance_counts

DATA = Path(__file__).parents[3] / "rulesets" / "mbt"
META = {
    "chart",
    "title",
    "used_by",
    "terrains",
    "sizes",
    "ap_factors",
    "rofs",
    "gp_factors",
    "columns",
    "defenders",
    "card",
    "name",
    "nation",
    "kind",
    "tracked",
    "facts",
    "main",
    "type",
    "bands",
    "result",
    "available",
    "mount",
    "option",
    "small_arms",
    "canister",
    "smoke_ammo",
    "amphibious",
    "avlb",
    "may_not_enter_buildings",
    "path_restrictions",
    "passengers_fire",
    "mine_plow",
    "ko_by_one_compartment_hit",
    "leg",
    "half",
    "unit_size",
    "transported",
    "upper_floors",
}


def raw_count(node: Any, key: str = "") -> dict[str, int]:
    """An independent count, over the raw YAML: {v, src} is sourced (derived: or ruling: say
    how), any other leaf estimated."""
    out = {"rulebook": 0, "derived": 0, "ruling": 0, "official": 0, "estimated": 0}
    if key in META:
        return out
    if isinstance(node, dict) and "v" in node and set(node) <= {"v", "src", "derived", "ruling"}:
        src = node.get("src")
        kind = (
            "estimated" if src is None else "official" if src == "official"
            else "ruling" if node.get("ruling") else "derived" if node.get("derived") else "rulebook"
        )
        out[kind] += 1
        return out
    children = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else None
    )
    if children is None:
        out["estimated"] += 1
        return out
    for k, v in children:
        for kk, n in raw_count(v, k if isinstance(k, str) else key).items():
            out[kk] += n
    return out


FILES = sorted(DATA.glob("charts/*.yaml")) + sorted(DATA.glob("cards/*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_counts_are_true(path: Path) -> None:
    from umpire.rules.mbt.cards import any_card

    model = data.chart(path.stem) if path.parent.name == "charts" else any_card(path.stem.replace("_", "/"))
    counts = provenance_counts(model)
    assert counts == raw_count(yaml.safe_load(path.read_text()))
    sourced = len(re.findall(r"src: \"(?!official)", path.read_text()))
    assert counts["rulebook"] + counts["derived"] + counts["ruling"] == sourced


def test_seven_basic_game_cards() -> None:
    names = {data.card_head(i)[1]: i for i in data.card_ids() if i in
             ("USA-1B", "USA-8A", "FRG-1B", "FRG-1A", "USSR-1B", "USSR-2A", "USSR-1A")}
    assert names == {
        "M1A1": "USA-1B",
        "M1A2": "USA-8A",
        "Leopard 2": "FRG-1B",
        "Leopard 1A4": "FRG-1A",
        "T-64B": "USSR-1B",
        "T-72M1": "USSR-2A",
        "T-80A": "USSR-1A",
    }


def test_stated_values_are_where_the_text_puts_them() -> None:
    hit = data.chart("ap_hit")
    assert hit.rows[-3][hit.ap_factors.index(14)].v == 56
    assert hit.rows[-6][hit.ap_factors.index(18)].v == 59
    hits = data.chart("number_of_hits")
    assert [c.v for c in hits.rows[65][4]] == [10, 20, 29]
    t80 = data.card("USSR-1A")
    gun = t80.weapon("125mm")
    apfsds, heat, gp = gun.find_ammo("APFSDS"), gun.find_ammo("HEAT"), gun.find_ammo("GP")
    i = t80.band_index(14)
    assert t80.range_bands[i].v == "13-16"
    assert (apfsds.ap[i].v, heat.ap[i].v, apfsds.pv[i].v) == (14, 11, 80)
    assert (apfsds.max_range.v, heat.max_range.v) == (40, 32)
    assert gp.gp_nm[t80.band_index(18)].v == 17 and gp.gp_mv[t80.band_index(18)].v == 9
    assert apfsds.damage.knocked_out.v == "14-74"
    assert t80.armor_value("KE", "level", "straight", "TF").v == 85
    assert (t80.target.size.v, t80.target.gp_defense.v, t80.target.stacking.v) == (-1, 8, 2)
    assert t80.speeds.normal.v == 6 and t80.point_values.v == "80-40-20"
    assert [s.v for s in t80.weapon("Songster").speeds] == [24, 12]
    assert t80.weapon("Songster").ammo[0].min_range.v == 2
    t72 = data.card("USSR-2A").weapon("125mm")
    j = data.card("USSR-2A").band_index(5)
    assert (t72.ammo[0].ap[j].v, t72.ammo[0].pv[j].v, t72.max_rof.v) == (18, 88, 1)
    leo = data.card("FRG-1A")
    assert leo.armor_value("KE", "level", "straight", "TF").v == 58 and leo.target.size.v == 0
    assert data.card("FRG-1B").weapon("120mm").dep_el_numbers() == (8, 10)
    assert data.card("USA-1B").weapon("120mm").trn.v == "2T"
    assert data.card("USA-1B").point_values.v == "100-50-25"
    los = data.chart("los")
    assert los.cell(4, 5).v == "12-15-15" and los.cell(4, 4).v == "10-12-12"


def test_estimates_agree_with_real_calibres_and_sizes() -> None:
    vehicles = [i for i in data.card_ids() if data.card_head(i)[0] == "vehicle"]
    for i in vehicles:  # every gun's calibre is the one its public facts name
        card = data.card(i)
        for w in card.weapons:
            m = re.match(r"(\d+(?:\.\d+)?mm)", w.name)
            if m and w.kind in ("gun", "mortar"):
                assert m.group(1) in card.facts, (i, w.name, card.facts)
    calibres = {i: data.card(i).gun().name for i in
                ("FRG-1A", "FRG-1B", "USA-1B", "USA-8A", "USSR-1A", "USSR-1B", "USSR-2A")}
    assert calibres == {
        "FRG-1A": "105mm",
        "FRG-1B": "120mm",
        "USA-1B": "120mm",
        "USA-8A": "120mm",
        "USSR-1A": "125mm",
        "USSR-1B": "125mm",
        "USSR-2A": "125mm",
    }
    # newer armour is thicker: M1A2 > M1A1 > Leopard 2 > T-80A > T-64B > T-72M1 > Leopard 1A4
    tf = [
        data.card(i).armor_value("KE", "level", "straight", "TF").v
        for i in ("USA-8A", "USA-1B", "FRG-1B", "USSR-1A", "USSR-1B", "USSR-2A", "FRG-1A")
    ]
    assert tf == sorted(tf, reverse=True)


runner = CliRunner()


def _write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_status_runs() -> None:
    result = runner.invoke(app, ["data", "status", "mbt"])
    assert result.exit_code == 0, result.output
    assert "USSR-1A" in result.output and "estimated" in result.output


def test_check_accepts_the_shipped_files() -> None:
    result = runner.invoke(app, ["data", "check", *map(str, FILES)])
    assert result.exit_code == 0, result.output


def _card_text() -> str:
    return (DATA / "cards" / "USSR-2A.yaml").read_text()


def test_check_rejects_a_missing_range_band(tmp_path: Path) -> None:
    text = _card_text().replace('range_bands: ["1", 2-4, 5-8,', 'range_bands: ["1", 2-4,', 1)
    text = text.replace("5-8, 9-12", "9-12", 1) if "5-8, 9-12" in text else text
    path = _write(tmp_path, "card.yaml", text)
    result = runner.invoke(app, ["data", "check", str(path)])
    assert result.exit_code == 2
    assert "card.yaml" in result.output and "range_bands" in result.output
    assert "start at 5" in result.output


def test_check_rejects_a_short_ammo_line(tmp_path: Path) -> None:
    text = _card_text().replace("ap: [22, 20, {v: 18", "ap: [20, {v: 18", 1)
    result = runner.invoke(app, ["data", "check", str(_write(tmp_path, "c.yaml", text))])
    assert result.exit_code == 2
    assert "weapons.125mm.ammo.APFSDS.ap" in result.output and "range bands" in result.output


def test_check_rejects_a_non_monotonic_hit_chart(tmp_path: Path) -> None:
    text = (DATA / "charts" / "ap_hit.yaml").read_text()
    text = re.sub(r"(\n  0: \[)(\d+)", lambda m: m.group(1) + "99", text, count=1)
    result = runner.invoke(app, ["data", "check", str(_write(tmp_path, "hit.yaml", text))])
    assert result.exit_code == 2
    assert (
        "hit.yaml" in result.output
        and "rows.0" in result.output
        and "not monotonic" in result.output
    )


def test_check_rejects_an_unknown_terrain_column(tmp_path: Path) -> None:
    text = (DATA / "charts" / "sighting.yaml").read_text().replace("light_woods", "jungle")
    result = runner.invoke(app, ["data", "check", str(_write(tmp_path, "s.yaml", text))])
    assert result.exit_code == 2
    assert (
        "s.yaml" in result.output
        and "terrains" in result.output
        and "unknown terrain column 'jungle'" in result.output
    )


def test_official_values_count_as_official(tmp_path: Path) -> None:
    text = _card_text().replace("size: -1", "size: {v: -1, src: official}", 1)
    result = runner.invoke(app, ["data", "check", str(_write(tmp_path, "o.yaml", text))])
    assert result.exit_code == 0 and "1 official" in result.output


def test_rules_package_is_pure() -> None:
    """umpire.rules.mbt imports only stdlib, pydantic and umpire core/errors/schema/resources."""
    import ast

    root = Path(__file__).parents[3] / "umpire" / "rules" / "mbt"
    banned = ("shapely", "sqlite_utils", "rich", "reportlab", "typer", "umpire.cli", "umpire.store")
    for path in root.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else ([node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            )
            for name in names:
                assert not name.startswith(banned), f"{path.name} imports {name}"


def test_doctests() -> None:
    import doctest

    from umpire.rules.mbt import arcs, conversions, gp_fire, missiles, sighting, umpired, weapon_limits

    for mod in (arcs, conversions, gp_fire, missiles, sighting, umpired, weapon_limits):
        assert doctest.testmod(mod).failed == 0, mod.__name__
