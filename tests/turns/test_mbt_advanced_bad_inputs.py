"""MBT Advanced Game bad inputs: an order a leg unit cannot take, mounting a full carrier, a
TO&E variant that does not exist, a scenario using a card with no data. Each is one ``Error:``
line, exit status 2, and nothing written (the game file byte for byte as it was, or none)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.turns.test_bad_inputs import refused, write

REPO = Path(__file__).resolve().parents[2]
VILLAGE = REPO / "data" / "scenarios" / "mbt-advanced-village.yaml"


@pytest.fixture
def village(cli):
    r = cli("new", str(VILLAGE))
    assert r.exit_code == 0, r.output
    r = cli("phase", "next")  # the Initiative phase: orders come next
    assert r.exit_code == 0, r.output
    return cli


def test_a_leg_unit_given_overrun_orders(village, tmp_path):
    f = write(tmp_path, "o.yaml", {"side": "ussr", "units": {"msq": {"order": "OR", "overrun": {"target": "a1-1"}}}})
    line = refused(village, "turn", "orders", f, needle="units.msq.order")
    assert "cannot carry out OR (OVERRUN)" in line and "allowed: " in line


def test_a_carried_squad_given_its_own_orders(village, tmp_path):
    f = write(tmp_path, "o.yaml", {"side": "nato", "units": {"a1-5": {"order": "CA", "assault": {"target": "msq"}}}})
    refused(village, "turn", "orders", f, needle="carried by a1-1: it has its carrier's orders (15.3.3.1)")


def test_mounting_a_full_carrier(cli, tmp_path):
    scenario = yaml.safe_load(VILLAGE.read_text(encoding="utf-8"))
    defenders = scenario["sides"][1]["formations"][1]["units"]
    defenders.append({"id": "bmp", "card": "USSR-2B/2", "at": [40, 20], "facing": 270})
    defenders += [{"id": f"rifles{i}", "card": "USSR-11B", "type": "Squad Heavy Motorized Rifle Infantry",
                   "at": [40, 20], "carried_by": "bmp"} for i in (1,)]
    defenders.append({"id": "rifles2", "card": "USSR-11B", "type": "Squad Heavy Motorized Rifle Infantry",
                      "at": [40.2, 20]})
    path = write(tmp_path, "s.yaml", scenario)
    assert cli("new", path).exit_code == 0
    assert cli("phase", "next").exit_code == 0
    f = write(tmp_path, "o.yaml", {"side": "ussr", "units": {
        "bmp": {"order": "M", "turret": "open", "load": {"units": ["rifles2"]}}, "rifles2": {"order": "M"}}})
    line = refused(cli, "turn", "orders", f, needle="units.bmp.load.units: rifles2 does not fit")
    assert "3L (FC)" in line and "15.3.1" in line


def test_a_toe_variant_that_does_not_exist(cli, tmp_path):
    scenario = yaml.safe_load(VILLAGE.read_text(encoding="utf-8"))
    scenario["sides"][0]["formations"][0]["toe"]["variant"] = "zzzz"
    path = write(tmp_path, "s.yaml", scenario)
    r = cli("new", path)
    assert r.exit_code == 2 and not Path(cli.db).exists()
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: ")
    assert "variant 'zzzz' of 'Mechanized Infantry Platoon' does not exist (allowed: a, b, c" in lines[0]


def test_a_scenario_using_a_card_with_no_data(cli, tmp_path):
    scenario = yaml.safe_load(VILLAGE.read_text(encoding="utf-8"))
    scenario["sides"][1]["formations"][1]["units"][0]["card"] = "USSR-9C"
    path = write(tmp_path, "s.yaml", scenario)
    r = cli("new", path)
    assert r.exit_code == 2 and not Path(cli.db).exists()
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "unknown data card 'USSR-9C'" in lines[0] and "USSR-9B" in lines[0]


def test_a_helicopter_on_the_table(cli, tmp_path):
    scenario = yaml.safe_load(VILLAGE.read_text(encoding="utf-8"))
    scenario["sides"][0]["formations"][1]["units"][0]["card"] = "USA-6A/2"
    r = cli("new", write(tmp_path, "s.yaml", scenario))
    assert r.exit_code == 2 and "helicopter card" in r.stderr and "mbt.advanced.support" in r.stderr
