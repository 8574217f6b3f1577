"""``umpire check FILE``: every problem of a file in one run, each at its line and column, in
umpire's words; a clean file is one "ok" line. Each kind gets a file with planted mistakes,
and the listing is compared whole (what was planted, where, and nothing else)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO

SCENARIO = """\
name: Ten mistakes
ruleset: auftragstaktik
table: {width: 72, depth: 48}
terrain:
  - {id: w1, type: woods, polygon: [[300, 30], [380, 30], [380, 40]]}
  - {id: h1, type: hill, heigth: 1, polygon: [[1, 1], [4, 1], [4, 4]]}
  - {id: t1, type: jungle, polygon: [[10, 10], [12, 10], [12, 12]]}
sides:
  - id: nato
    formations:
      - id: tf-1-64
        level: batalion
        doctrine: decentralised
        hq: hq-x
        units:
          - {id: a-1, type: M1A1 Compny, qualty: veteran, at: [18, 21], facing: east}
          - {id: a-2, type: M1A1 Company, quality: veteren, at: [100, 21]}
  - id: pact
    units:
      - {id: t-1, type: T-80B Company, at: [50, 20], facin: 270}
"""

SCENARIO_PROBLEMS = [
    "line 5, column 37: terrain[0].polygon[0]: point (300, 30) of terrain 'w1' is off the table (x 0-72, y 0-48; "
    "a piece may run past an edge by 10% of that side: 7.2\" left and right, 4.8\" near and far)",
    "line 6, column 26: terrain[1].heigth: unknown field 'heigth' (did you mean 'height'? known: height, id, line, "
    "name, polygon, type)",
    "line 7, column 14: terrain 't1': type: unknown terrain type 'jungle'",
    "line 11, column 9: formation 'tf-1-64': hq 'hq-x' is not a unit of the scenario",
    "line 12, column 9: sides[0].formations[0].level: unknown level 'batalion' (did you mean 'battalion'?",
    "line 16, column 23: unit 'a-1': type: unknown unit 'M1A1 Compny' (did you mean 'M1A1 Company'?",
    "line 16, column 42: sides[0].formations[0].units[0].qualty: unknown field 'qualty' (did you mean 'quality'?",
    "line 16, column 73: sides[0].formations[0].units[0].facing: not a number (allowed: a plain decimal, e.g. 12 "
    "or -3.5) (input: 'east')",
    "line 17, column 13: sides[0] unit 'a-2': position (100, 21) is off the table (x 0-72, y 0-48)",
    "line 17, column 43: sides[0].formations[0].units[1].quality: unknown quality 'veteren' (did you mean "
    "'veteran'?",
    "line 20, column 54: sides[1].units[0].facin: unknown field 'facin' (did you mean 'facing'?",
]


def listed(output: str, name: str) -> list[str]:
    return [line.removeprefix(f"{name}: ") for line in output.splitlines() if line.startswith(f"{name}: line")]


def assert_listed(output: str, name: str, expected: list[str]) -> None:
    got = listed(output, name)
    assert len(got) == len(expected), output
    for line, want in zip(got, expected, strict=True):
        assert line.startswith(want), f"\n{line}\n{want}"


def test_ten_mistakes_in_a_scenario_in_one_run(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(SCENARIO, encoding="utf-8")
    r = cli("check", str(tmp_path / "s.yaml"))
    assert r.exit_code == 2
    assert r.output.splitlines()[0] == f"{tmp_path / 's.yaml'}: 11 problems (scenario)"
    assert_listed(r.output, str(tmp_path / "s.yaml"), SCENARIO_PROBLEMS)
    assert "Input should be" not in r.output and "decentralis" not in r.output  # British spelling taken


def test_the_ordinary_command_names_the_first_and_counts_the_rest(cli, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    r = cli("new", str(path))
    assert r.exit_code == 2 and not cli.db.exists()
    assert r.stderr.splitlines() == [f"Error: {path}: {SCENARIO_PROBLEMS[1].split(' (did')[0]} (did you mean 'height'? "
                                     "known: height, id, line, name, polygon, type) (and 10 more problems: "
                                     f"umpire check {path} lists them all)"]


ORDERS = """\
side: nato
turn: 1
battalions:
  tf-1-64: {order: HX, direction: east, issued_by: brigade}
  tf-9: {order: DA}
units:
  a-1-64: {first: [[25, 22]], second: [[31, 22]], fire: [t80-1, t80-9], weapn: gun, override: yes}
  b-1-64: {order: DA, first: [[200, 12]]}
  c-4-8: {order: DA, fire_in: [3], facing: '٦'}
  zz-1: {order: DA}
  t80-1: {order: HA}
"""

ORDERS_FORM = [
    "line 4, column 13: battalions.tf-1-64.order: unknown order code 'HX' (allowed: NO (No Orders)",
    "line 4, column 24: battalions.tf-1-64.direction: 'east' is not a number or a list [x, y]",
    "line 7, column 73: units.a-1-64.weapn: unknown field 'weapn' (did you mean 'weapon'?",
    "line 7, column 85: units.a-1-64.override: not true or false (allowed: true, false) (input: 'yes')",
    "line 9, column 22: units.c-4-8.fire_in[0]: 3 is not allowed (allowed: 1 or 2)",
    "line 9, column 36: units.c-4-8.facing: not a number (allowed: a plain decimal, e.g. 12 or -3.5) (input: '٦')",
]
ORDERS_GAME = [
    *ORDERS_FORM[:2],
    "line 5, column 3: battalions.tf-9: unknown battalion 'tf-9' (known: tf-1-64)",
    # the side has seen no enemy unit: t80-1, a real one, is refused as t80-9, which is nobody
    "line 7, column 51: units.a-1-64.fire: unknown enemy unit 't80-1' (your side knows no enemy unit yet",
    *ORDERS_FORM[2:4],
    "line 8, column 23: units.b-1-64.first: move of b-1-64, point 1: (200, 12) is off the table",
    *ORDERS_FORM[4:],
    "line 10, column 3: units.zz-1: unknown unit 'zz-1' (known: a-1-64, b-1-64, c-4-8, hq-1-64)",
    "line 11, column 3: units.t80-1: unknown unit 't80-1' (known: a-1-64, b-1-64, c-4-8, hq-1-64)",  # not NATO's: said
    # as of a unit that is nobody's, never whose it is
]


def test_an_orders_file_as_written_and_against_the_game(cli, tmp_path):
    path = tmp_path / "o.yaml"
    path.write_text(ORDERS, encoding="utf-8")
    r = cli("check", str(path))  # no game file yet: the form only
    assert r.exit_code == 2 and "checked as written" in r.output
    assert_listed(r.output, str(path), ORDERS_FORM)
    assert cli("new", "hof-gap-meeting").exit_code == 0
    r = cli("check", str(path))
    assert r.exit_code == 2 and "checked against the game: turn 1" in r.output
    assert_listed(r.output, str(path), ORDERS_GAME)
    before = cli.db.read_bytes()
    r = cli("turn", "orders", str(path))
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1
    assert r.stderr.endswith(f"(and 10 more problems: umpire --db {cli.db} check {path} lists them all)\n")
    assert cli.db.read_bytes() == before


def _in_side_words(db: Path, side: str, text: str) -> str:
    """An orders file written with the enemy's ids, in the side's words (its contact labels)."""
    import re

    from umpire.engine import Game
    from umpire.reports.readers import side_reader

    game = Game.open(db)
    try:
        labels = side_reader(game, side).labels
    finally:
        game.close()
    for uid, label in labels.items():
        text = re.sub(rf"(?<![\w-]){re.escape(uid)}(?![\w-])", label, text)
    return text


def test_an_mbt_plan_against_the_game(cli, tmp_path):
    """An MBT plan is checked whole, again without each wrong entry: both wrong units are told,
    and the right ones (which fire together, 13.4.3.2) are not."""
    assert cli("new", str(REPO / "data" / "scenarios" / "mbt-advanced-village.yaml")).exit_code == 0
    assert cli("phase", "next").exit_code == 0
    text = (REPO / "data" / "orders" / "mbt-advanced" / "turn1-ussr.yaml").read_text(encoding="utf-8")
    text = text.replace("tp1-1: {order: F, turret: buttoned, fire: {target: m1-2}}",
                        "tp1-1: {order: F, turret: buttoned, fire: {target: m1-9}}")
    text = _in_side_words(cli.db, "ussr", text)  # a side's check reads the enemy as its briefing names it
    text = text.replace("tp1-2: {order: F,", "tp1-2: {order: XX,")
    path = tmp_path / "plan.yaml"
    path.write_text(text, encoding="utf-8")
    r = cli("check", str(path))
    assert r.exit_code == 2 and "(orders-mbt-advanced)" in r.output
    assert_listed(r.output, str(path), [
        "line 6, column 46: units.tp1-1.fire.target: unknown enemy unit 'm1-9' (known: contact-1, contact-2,",
        "line 7, column 11: units.tp1-2.order: orders: 'XX' is not an order (allowed: ATGM, CA, F, FM, M, OR, OW;",
    ])


CASE = """\
ruleset: auftragstaktik
procedure: fire
shooter: {unit: T-90 Coy, qualty: elite, moved: sometimes}
target: {unit: M1A1 Company, quality: elitee, cover: lite}
weapon: atgms
range: '٦'
aspect: sideways
"""

CASE_PROBLEMS = [
    "line 3, column 11: shooter.unit: unknown unit 'T-90 Coy'",
    "line 3, column 27: shooter.qualty: unknown field 'qualty' (did you mean 'quality'?",
    "line 3, column 42: shooter.moved: not true or false (allowed: true, false) (input: 'sometimes')",
    "line 4, column 30: target.quality: unknown troop quality 'elitee' (did you mean 'elite'? allowed: elite, "
    "veteran, regular",
    "line 4, column 47: target.cover: unknown cover 'lite' (did you mean 'light'?",
    "line 6, column 1: range: '٦' is not a distance in inches",
    "line 7, column 1: aspect: aspect 'sideways' (did you mean 'sides'? allowed: front, flank, rear)",
]


def test_a_case_in_one_run(cli, tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text(CASE, encoding="utf-8")
    r = cli("check", str(path))
    assert r.exit_code == 2
    assert_listed(r.output, str(path), CASE_PROBLEMS)
    r = cli("calc", "fire", str(path))
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1 and "(and 6 more problems: " in r.stderr


def test_a_season_in_one_run(cli, tmp_path):
    """#26 item 7: three typos in a season file were reported one run at a time."""
    shutil.copytree(REPO / "campaigns" / "maps", tmp_path / "maps")
    text = (REPO / "campaigns" / "hof-autumn-1985.yaml").read_text(encoding="utf-8")
    text = text.replace("type: M1A1 Company, quality: veteran}", "type: M1A1 Compny, quality: veteran}", 1)
    text = text.replace("doctrine: centralized", "doctrine: centralised", 1)  # either spelling: no problem
    text = text.replace("      doctrine: decentralized\n      hq: hq-2-41", "      doctrin: decentralized\n"
                        "      hq: hq-2-41", 1)
    text = text.replace("turns: 3\n        objectives: [{terrain: town-1", "turns: three\n        objectives: "
                        "[{terrain: town-1", 1)
    text = text.replace("jones: {box: [6, 7, 12, 11], facing: 90}", "jones: {box: [6, 7, 120, 11], facing: 90}", 1)
    path = tmp_path / "season.yaml"
    path.write_text(text, encoding="utf-8")
    r = cli("check", str(path))
    assert r.exit_code == 2, r.output
    assert_listed(r.output, str(path), [
        "line 26, column 45: players[0].force.units[1].type: unknown unit 'M1A1 Compny' (did you mean 'M1A1 Company'?",
        "line 35, column 7: players[1].force.doctrin: unknown field 'doctrin' (did you mean 'doctrine'?",
        "line 130, column 9: rounds[0].games[0].turns: not a whole number (allowed: digits only, e.g. 7) "
        "(input: 'three')",
        "line 134, column 19: rounds[0] game 'r1-north': deploy.jones.box: [6.0, 7.0, 120.0, 11.0] is off the table "
        "(x 0-48, y 0-32)",
    ])
    r = cli("campaign", "new", str(tmp_path / "c.db"), "--from", str(path))
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1 and "(and 3 more problems: umpire check" in r.stderr
    assert not (tmp_path / "c.db").exists()


@pytest.mark.parametrize("path", [
    *sorted((REPO / "data" / "scenarios").glob("*.yaml")), *sorted((REPO / "data" / "cases").glob("*.yaml")),
    *sorted((REPO / "data" / "orders").rglob("*.yaml")), *sorted((REPO / "campaigns").glob("*.yaml")),
    *sorted((REPO / "data" / "auftragstaktik" / "units").glob("*.yaml")),
    REPO / "rulesets" / "mbt" / "cards" / "USA-1B.yaml",
], ids=lambda p: str(p.relative_to(REPO)))
def test_every_bundled_file_is_clean(cli, path: Path):
    r = cli("check", str(path))
    assert r.exit_code == 0, r.output
    assert len(r.output.strip().splitlines()) == 1 and r.output.startswith(f"{path}: ok (")
