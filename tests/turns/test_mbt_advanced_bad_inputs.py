"""MBT Advanced Game bad inputs: an order a leg unit cannot take, mounting a full carrier, a
TO&E variant that does not exist, a scenario using a card with no data. Each is one ``Error:``
line, exit status 2, and nothing written (the game file byte for byte as it was, or none)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.turns.test_bad_inputs import assert_refused, write

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
    line = assert_refused(village, "turn", "orders", f, needle="units.msq.order")
    assert "cannot carry out OR (OVERRUN)" in line and "allowed: " in line


def test_a_carried_squad_given_its_own_orders(village, tmp_path):
    f = write(tmp_path, "o.yaml", {"side": "nato", "units": {"a1-5": {"order": "CA", "assault": {"target": "msq"}}}})
    assert_refused(village, "turn", "orders", f, needle="carried by a1-1: it has its carrier's orders (15.3.3.1)")


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
    line = assert_refused(cli, "turn", "orders", f, needle="units.bmp.load.units: rifles2 does not fit")
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


# -- the card NOTES, markers, full cover and the relief force: one Error line each, nothing written --
SQUAD = {"card": "USA-7B", "type": "Squad Heavy Mechanized Infantry", "facing": 0}
NOTES_TABLE = {
    "name": "notes", "ruleset": "mbt", "table": {"width": 48, "depth": 32},
    "mbt": {"game": "advanced", "turns": 6,
            "advanced": {"relief": {"side": "nato", "formations": ["relief"], "from_turn": 1, "edge": "left"}}},
    "terrain": [{"id": "w1", "type": "woods", "polygon": [[8, 18], [14, 18], [14, 21], [8, 21]]},
                {"id": "b1", "type": "brick_buildings", "polygon": [[28, 18], [32, 18], [32, 20.4], [28, 20.4]]},
                {"id": "wire", "type": "wire", "polygon": [[19, 9], [21, 9], [21, 11], [19, 11]]}],
    "sides": [
        {"id": "nato", "formations": [
            {"id": "n1", "units": [
                {"id": "m1", "card": "USA-1B", "at": [10, 20.6], "facing": 90},
                {"id": "up", "at": [30, 20], "up": 1, "equipment": "with Dragon & MG", **SQUAD},
                {"id": "brad", "card": "USA-2A/1", "at": [10, 10], "facing": 90},
                {"id": "sq", "carried_by": "brad", "equipment": "with Dragon & LAW", **SQUAD},
                {"id": "tm", "card": "USA-7B", "type": "Team", "at": [5, 28]}]},
            {"id": "relief", "units": [{"id": "rm", "card": "USA-1B", "facing": 90}]}]},
        {"id": "ussr", "formations": [{"id": "s1", "units": [
            {"id": "t72", "card": "USSR-2A", "at": [30, 26], "facing": 180},
            {"id": "rus", "card": "USSR-11B", "type": "Team", "at": [12, 10], "facing": 270}]}]}],
}


def test_what_the_card_notes_the_markers_and_the_relief_force_forbid(cli, tmp_path):
    """The bad inputs of 14.1.3.2, 14.4.3.3, 15.3.4, 15.5, 15.6 and Scenario Four C, on one table."""
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(NOTES_TABLE, allow_unicode=True))
    assert cli("new", str(path)).exit_code == 0
    assert_refused(cli, "place", "rm", "5", "12",
                   needle="place: unit rm is of the relief force (Scenario Four C): it enters "
            "in an edge hex along the left edge; (5, 12) is 5\" from it (allowed: at most 1\", one hex length)")
    assert cli("phase", "next").exit_code == 0
    assert_refused(cli, "place", "rm", "0.5", "12", needle="it enters from turn 1, before the Initiative Phase's dice")

    def nato(name: str, units: dict) -> str:
        return write(tmp_path, name, {"side": "nato", "units": units})

    assert_refused(cli, "turn", "orders", nato("a.yaml", {"m1": {"order": "OW", "turret_facing": 0}}),
            needle="units.m1.turret_facing: 0: its long main gun may not be turned in a woods or building hex "
                   "without a road (15.6.3")
    assert_refused(cli, "turn", "orders", nato("b.yaml", {"up": {"order": "ATGM", "fire": {"target": "t72",
                                                                                     "weapon": "Dragon"}}}),
            needle="units.up.fire.weapon: the Dragon is not fired from the upper floors of a building (back-blast; "
                   "14.1.3.2, leg card NOTES)")
    assert_refused(cli, "turn", "orders", nato("c.yaml", {"brad": {"order": "F", "turret": "buttoned", "fire": {
        "target": "rus", "weapon": "LAW", "by": "sq"}}}), needle="units.brad.fire.weapon: the LAW is fired from a "
            "full-cover carrier only when the carrier is open (15.3.4.1; leg card NOTES)")
    assert_refused(cli, "turn", "orders",
                   nato("d.yaml", {"m1": {"order": "F", "fire": {"terrain": "wire", "weapon": "MG"}}}),
            needle="units.m1.fire.weapon: the MG is small arms, which may not fire at terrain (14.4.3.3.1)")
    assert_refused(cli, "turn", "orders", nato("e.yaml", {"m1": {"order": "F", "fire": {"terrain": "b1"}}}),
            needle="units.m1.fire.terrain: b1 is a brick buildings piece")
    assert_refused(cli, "turn", "orders", nato("f.yaml", {"tm": {"order": "M", "full_cover": False}}),
            needle="full_cover: false is not a choice: write full_cover: leave")
    assert_refused(cli, "turn", "orders", nato("g.yaml", {"tm": {"order": "M", "full_cover": "take", "move": {
        "path": [[6, 28]]}}}), needle="units.tm.move: a unit taking full cover does nothing else in the Movement "
            "Step (15.5)")


def test_a_relief_force_naming_a_formation_that_does_not_exist(cli, tmp_path):
    scenario = yaml.safe_load(yaml.safe_dump(NOTES_TABLE))
    scenario["mbt"]["advanced"]["relief"]["formations"] = ["relif"]
    r = cli("new", write(tmp_path, "s.yaml", scenario))
    assert r.exit_code == 2 and not Path(cli.db).exists()
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "mbt.advanced.relief.formations: 'relif' is not a formation of nato (allowed: n1, " \
        "relief)" in lines[0]
