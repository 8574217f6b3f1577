"""The helicopters' firing lines (20.2.3), which their cards did not carry: data with provenance,
checked by ``umpire data check`` as any card, and what each armament of the TO&E carries (20.2.1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from umpire.cli import app
from umpire.errors import UmpireError
from umpire.rules.mbt.cards import HelicopterCard, any_card

CARDS = Path(__file__).parents[4] / "rulesets" / "mbt" / "cards"
HELICOPTERS = ["USA-6A/1", "USA-6A/2", "USA-6B/1", "USA-6B/2", "USA-6B/3", "FRG-7A/1", "FRG-7A/2", "USSR-10A/1",
               "USSR-10A/2", "USSR-10B/1", "USSR-10B/2"]
runner = CliRunner()


def test_the_apache_carries_what_20_2_1_says() -> None:
    """20.2.1: "up to 16 Hellfires ..., up to 8 Hellfires ... and up to 6 rockets ..., up to 8 ITOW ...
    and up to 6 rockets ..., or up to 12 rockets"; its 30mm chin gun is integral."""
    apache = any_card("USA-6A/2")
    assert isinstance(apache, HelicopterCard)
    assert apache.carried("with HELLFIRES")["Hellfire"] == 16
    assert apache.carried("with HELLFIRES & rockets") == {"30mm M230": 1, "TADS laser designator": 1, "Hellfire": 8,
                                                          "rockets": 6}
    assert apache.carried("with ITOWs & rockets")["ITOW"] == 8
    assert apache.carried("with rockets") == {"30mm M230": 1, "TADS laser designator": 1, "rockets": 12}
    assert apache.carried(None) == {"30mm M230": 1, "TADS laser designator": 1}
    stated = apache.armaments["with HELLFIRES"]["Hellfire"]
    assert stated.src == "20.2.1" and not stated.estimated
    with pytest.raises(UmpireError, match=r"unknown armament of the AH-64A \(USA-6A/2\) 'with bombs'"):
        apache.carried("with bombs")


@pytest.mark.parametrize("cid", HELICOPTERS)
def test_every_helicopter_card_passes_the_check_and_names_its_armaments_weapons(cid: str) -> None:
    card = any_card(cid)
    assert isinstance(card, HelicopterCard)
    for arm in card.armaments:
        assert set(card.carried(arm)) <= {w.name for w in card.weapons} | {"rockets"}
    for w in card.weapons:
        for a in w.ammo:
            if w.kind in ("gun", "mg") and a.type in ("KE", "CE"):
                assert a.pv_low is not None, (cid, w.name)  # PYNOE and PYLOW (20.2.3.2.1-2)
    result = runner.invoke(app, ["data", "check", str(CARDS / f"{cid.replace('/', '_')}.yaml")])
    assert result.exit_code == 0, result.output


def _spoiled(tmp_path: Path, spoil: Any) -> str:
    doc = yaml.safe_load((CARDS / "USA-6A_2.yaml").read_text(encoding="utf-8"))
    spoil(doc)
    path = tmp_path / "USA-6A_2.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    result = runner.invoke(app, ["data", "check", str(path)])
    assert result.exit_code == 2, result.output
    lines = [x for x in result.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    return lines[0]


def test_a_pylow_line_short_of_a_band_is_one_error_line(tmp_path: Path) -> None:
    line = _spoiled(tmp_path, lambda d: d["weapons"][0]["ammo"][0]["pv_low"].pop())
    assert "weapons.30mm M230.ammo.HEDP.pv_low: 10 values for 11 range bands" in line


def test_an_armament_naming_no_weapon_of_the_card_is_one_error_line(tmp_path: Path) -> None:
    line = _spoiled(tmp_path, lambda d: d["armaments"]["with HELLFIRES"].update({"TOW 2": 4}))
    assert "armaments.with HELLFIRES.TOW 2: not a weapon of the card" in line


def test_a_card_with_weapons_and_no_range_bands_is_one_error_line(tmp_path: Path) -> None:
    line = _spoiled(tmp_path, lambda d: d.pop("range_bands"))
    assert "range_bands: a card with weapons gives its range bands" in line


def test_fire_from_the_air_reads_the_tta_column_and_a_card_without_it_its_ground_column() -> None:
    """20.1.3.2.2.1: the TTA and HDA columns are used when the fire is from an aircraft; a card an
    owner typed without them is read by its TTG/HDG columns rather than refused."""
    from umpire.rules.mbt import data
    from umpire.rules.mbt.ap_tables import locate

    t72 = data.card("USSR-2A")
    assert locate(t72, "rear", 15, True, []) == "TR"  # falling from the ground: TTG 01-10 only
    assert locate(t72, "rear", 15, True, [], air=True) == "TTA"
    plain = t72.model_copy(update={"hit_location": {a: {k: v for k, v in line.items() if k not in ("TTA", "HDA")}
                                                    for a, line in t72.hit_location.items()}})
    assert locate(plain, "rear", 15, True, [], air=True) == "TR"
    assert locate(plain, "rear", 5, True, [], air=True) == "TTG"
