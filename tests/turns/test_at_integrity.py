"""Unit integrity after movement (MOVEMENT > Unit Integrity; ruling movement.integrity_violation):
the battalion, brigade and division command radii, measured edge to edge."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml

from tests.turns.conftest import advance

# All stands face north on one row: a company base is 1.5" wide, so the edge distance between two
# stands is the gap between their centres less 1.5". Tech level 2 (the default): Extensive radio,
# battalion and brigade 8", division 16"; balanced doctrine.
SCENARIO = {
    "name": "integrity",
    "ruleset": "auftragstaktik",
    "table": {"width": 72, "depth": 48},
    "seed": 3,
    "sides": [
        {"id": "nato", "hq_rating": 5,
         "formations": [{"id": "3ad", "level": "division", "doctrine": "balanced", "hq": "div-hq", "units": [
             {"id": "div-hq", "type": "US Armored Brigade HQ", "at": [2, 2], "facing": 0},
         ], "formations": [{"id": "1-bde", "level": "brigade", "doctrine": "balanced", "hq": "bde-hq", "units": [
             {"id": "bde-hq", "type": "US Armored Brigade HQ", "at": [20, 2], "facing": 0},
         ], "formations": [{"id": "tf", "level": "battalion", "doctrine": "balanced", "units": [
             {"id": "a1", "type": "M1A1 Company", "at": [30, 2], "facing": 0},
             {"id": "a2", "type": "M1A1 Company", "at": [36, 2], "facing": 0},
         ]}]}]}]},
        {"id": "pact", "hq_rating": 4,
         "formations": [{"id": "1-tb", "level": "battalion", "doctrine": "centralized", "units": [
             {"id": "t1", "type": "T-80B Company", "at": [60, 46], "facing": 180},
         ]}]},
    ],
}


def _write(path: Path, data: dict) -> str:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return str(path)


def _game(cli, tmp_path: Path, moves: dict | None = None, scenario: dict | None = None):
    assert cli("new", _write(tmp_path / "s.yaml", scenario or SCENARIO)).exit_code == 0
    orders = {
        "nato": {"side": "nato", "battalions": {"tf": {"order": "HA", "direction": 90}}, "units": moves or {}},
        "pact": {"side": "pact", "battalions": {"1-tb": {"order": "DA", "direction": 180}}},
    }
    for side, data in orders.items():
        r = cli("turn", "orders", _write(tmp_path / f"{side}.yaml", data))
        assert r.exit_code == 0, r.output + r.stderr
    advance(cli, 1)


def test_brigade_and_division_radii_are_checked_after_movement(cli, tmp_path):
    _game(cli, tmp_path)
    r = cli("phase", "next")
    assert r.exit_code == 0, r.output + r.stderr
    out = " ".join(r.output.split())
    # a1 is 10 - 1.5 = 8.5" from the brigade HQ: beyond 8"
    assert '1-bde: no stand within the brigade command radius' not in out
    assert 'tf: no stand within the brigade command radius of 8" of bde-hq (nearest: a1, 8.5"' in out
    # the brigade HQ is 18 - 1.5 = 16.5" from the division HQ: beyond 16"
    assert '1-bde: its HQ bde-hq is 16.5" from the division HQ div-hq, beyond the division command radius of 16"' in out


def test_within_the_radii_nothing_is_reported(cli, tmp_path):
    sc = copy.deepcopy(SCENARIO)
    bde = sc["sides"][0]["formations"][0]["formations"][0]
    bde["units"][0]["at"] = [17, 2]  # 15 - 1.5 = 13.5" from the division HQ, a1 11.5" away
    bde["formations"][0]["units"][0]["at"] = [26, 2]  # 9 - 1.5 = 7.5" from the brigade HQ
    bde["formations"][0]["units"][1]["at"] = [33, 2]  # and 5.5" from a2
    _game(cli, tmp_path, scenario=sc)
    r = cli("phase", "next")
    assert r.exit_code == 0, r.output + r.stderr
    assert "command radius" not in r.output


def _refused_phase(cli, *args: str) -> str:
    before = Path(cli.db).read_bytes()
    r = cli("phase", "next", *args)
    assert r.exit_code == 2, r.output
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr
    assert Path(cli.db).read_bytes() == before
    return lines[0]


# a2 drives 4" east and turns to face east: 10 - 0.75 (a1's half width) - 0.5 (a2's half depth) = 8.75"
# from a1, beyond the battalion radius of 8"
AWAY = {"a2": {"first": [[40, 2]]}}


def test_a_planned_move_that_breaks_integrity_is_refused_with_the_way_to_override(cli, tmp_path):
    _game(cli, tmp_path, AWAY)
    err = _refused_phase(cli)
    assert 'break unit integrity: tf: a1 and a2 are 8.75" apart, beyond the battalion command radius of 8"' in err
    assert "umpire phase next --allow-integrity-break" in err and "override: true" in err
    # the umpire lets it stand: the break is reported
    r = cli("phase", "next", "--allow-integrity-break")
    assert r.exit_code == 0, r.output + r.stderr
    assert 'a1 and a2 are 8.75" apart' in " ".join(r.output.split())


def test_override_in_the_orders_file_lets_the_move_stand(cli, tmp_path):
    _game(cli, tmp_path, {"a2": {**AWAY["a2"], "override": True}})
    r = cli("phase", "next")
    assert r.exit_code == 0, r.output + r.stderr
    assert 'a1 and a2 are 8.75" apart' in " ".join(r.output.split())


def test_a_move_by_hand_is_checked_when_the_phase_is_resolved(cli, tmp_path):
    _game(cli, tmp_path)
    assert cli("move", "a2", "40", "2").exit_code == 0
    assert "a1 and a2 are 8.75" in _refused_phase(cli)
    assert cli("move", "a2", "38", "2").exit_code == 0  # back within 8": 6.75"
    r = cli("phase", "next")
    assert r.exit_code == 0, r.output + r.stderr
    assert "a1 and a2" not in r.output


def test_the_other_reading_only_reports_the_break(cli, tmp_path):
    _game(cli, tmp_path, AWAY, scenario={**SCENARIO, "rulings": {"movement.integrity_violation": "report_only"}})
    r = cli("phase", "next")
    assert r.exit_code == 0, r.output + r.stderr
    assert 'a1 and a2 are 8.75" apart' in " ".join(r.output.split())
