"""#34: ``umpire check`` finds every planted mistake of a file in one run, the ruleset's checks
with the schema's, each at its own line: a scenario with twelve of different kinds (one of them
a side missing: a stand-in side lets the rest be checked), an orders file and a season with five
each (the orders file's side missing: the side whose units it names stands in, against the game).
A duplicate is said at the duplicate, with where the first is; a suggestion only when close."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import REPO

SCENARIO = """\
name: Twelve mistakes
ruleset: auftragstaktik
table: {width: 72, depth: 48}
terrain:
  - {id: w1, type: woods, polygon: [[30, 30], [38, 30], [38, 40]]}
  - {id: h1, type: hill, height: -2, polygon: [[1, 1], [4, 1], [4, 4]]}
  - {id: w1, type: woods, polygon: [[10, 10], [12, 10], [12, 12]]}
  - {id: r1, type: road, line: [[0, 5], [x, 5]]}
  - {id: j1, type: jungle, polygon: [[50, 10], [52, 10], [52, 12]]}
sides:
  - id: nato
    formations:
      - id: tf-1-64
        level: batalion
        hq: hq-x
        units:
          - {id: a-1, type: M1A1 Company, qualty: veteran, at: [18, 21]}
          - {id: a-2, type: Merkava Company, at: [20, 21]}
          - {id: a-3, type: M1A1 Company, at: [100, 21]}
          - {id: a-1, type: M1A1 Company, at: [22, 21]}
          - {id: a-4, type: M1A1 Company, at: [24, 21], orders: XX}
"""

#: (line, what the problem says first): one a mistake, in the order of the file
SCENARIO_PROBLEMS = [
    (6, "terrain[1].height: cannot be negative (allowed: 0 or more) (input: -2)"),  # negative height
    (7, "terrain[2].id: terrain id 'w1' is used twice (first at terrain[0], line 5)"),  # duplicate terrain id
    (8, "terrain[3].line[1][0]: not a number"),  # bad coordinate
    (9, "terrain 'j1': type: unknown terrain type 'jungle'"),  # bad choice of a ruleset's table
    (10, "sides: too few items: 1 (allowed: at least 2)"),  # a side missing
    (13, "formation 'tf-1-64': hq 'hq-x' is not a unit of the scenario"),  # a reference to nothing
    (14, "sides[0].formations[0].level: unknown level 'batalion' (did you mean 'battalion'?"),  # bad choice
    (17, "sides[0].formations[0].units[0].qualty: unknown field 'qualty' (did you mean 'quality'?"),  # misspelt key
    (18, "unit 'a-2': type: unknown unit 'Merkava Company' (known: "),  # unknown unit, nothing close
    (19, "sides[0] unit 'a-3': position (100, 21) is off the table (x 0-72, y 0-48)"),  # off-table unit
    (20, "sides[0].formations[0].units[3].id: unit id 'a-1' is used twice (first at "
         "sides[0].formations[0].units[0], line 17)"),  # duplicate unit id
    (21, "sides[0].formations[0].units[4].orders: unknown orders 'XX' (known: DA, HA, NO, TR, WD)"),  # unknown order
]

ORDERS = """\
turn: 1
battalions:
  tf-1-64: {order: HX, direction: [40, 20]}
units:
  a-1-64: {first: [[25, 22]], fire: [t80-9], weapn: gun}
  b-1-64: {order: DA, first: [[200, 12]]}
"""

ORDERS_PROBLEMS = [
    (1, "side: missing field (required)"),
    (3, "battalions.tf-1-64.order: unknown order code 'HX'"),
    (5, "units.a-1-64.fire: unknown enemy unit 't80-9' (your side knows no enemy unit yet"),  # read as the side
    (5, "units.a-1-64.weapn: unknown field 'weapn' (did you mean 'weapon'?"),
    (6, "units.b-1-64.first: move of b-1-64, point 1: (200, 12) is off the table (x 0-72, y 0-48)"),
]


def problems(output: str, name: str) -> list[tuple[int, str]]:
    out = []
    for line in output.splitlines():
        if line.startswith(f"{name}: line "):
            at, _, text = line.removeprefix(f"{name}: line ").partition(": ")
            out.append((int(at.split(",")[0]), text))
    return out


def assert_found(output: str, name: str, planted: list[tuple[int, str]]) -> None:
    got = problems(output, name)
    assert len(got) == len(planted), output
    for (line, text), (want_line, want) in zip(got, planted, strict=True):
        assert line == want_line and text.startswith(want), f"\n{line}: {text}\n{want_line}: {want}"


def test_twelve_mistakes_of_a_scenario_in_one_run(cli, tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    r = cli("check", str(path))
    assert r.exit_code == 2
    assert r.output.splitlines()[0] == f"{path}: 12 problems (scenario)"
    assert_found(r.output, str(path), SCENARIO_PROBLEMS)
    assert "run once the problems above are fixed" not in r.output
    assert "the rest was checked with a stand-in for its sides" in r.output
    assert "did you mean" not in problems(r.output, str(path))[8][1]  # Merkava is close to no unit
    r = cli("new", str(path))  # the ordinary command: the first, and how many more
    assert r.exit_code == 2 and "(and 11 more problems: umpire" in r.stderr and not cli.db.exists()


def test_the_whole_file_hangs_on_parts_that_are_stood_in_for(cli, tmp_path: Path) -> None:
    """A scenario without a name, its table wrong and a side without its id: each said, and the
    units still checked (a wrong table puts none off it)."""
    path = tmp_path / "s.yaml"
    path.write_text("ruleset: auftragstaktik\ntable: {width: -72, depth: 48}\nsides:\n"
                    "  - id: nato\n    units:\n      - {id: a-1, type: Merkava Company, at: [180, 21]}\n"
                    "  - units:\n      - {id: t-1, type: T-80B Company, at: [50, 20]}\n", encoding="utf-8")
    r = cli("check", str(path))
    assert_found(r.output, str(path), [(1, "name: missing field (required)"),
                                       (2, "table.width: out of range (allowed: more than 0)"),
                                       (6, "unit 'a-1': type: unknown unit 'Merkava Company'"),
                                       (7, "sides[1].id: missing field (required)")])
    assert "the rest was checked with a stand-in for its name, sides and table" in r.output


def test_five_mistakes_of_an_orders_file_in_one_run(cli, tmp_path: Path) -> None:
    path = tmp_path / "o.yaml"
    path.write_text(ORDERS, encoding="utf-8")
    assert cli("new", "hof-gap-meeting").exit_code == 0
    r = cli("check", str(path))
    assert r.exit_code == 2 and "(orders-auftragstaktik)" in r.output.splitlines()[0]
    assert_found(r.output, str(path), ORDERS_PROBLEMS)
    assert "checked as side nato's orders, the side of the units it names" in r.output
    wrong = tmp_path / "w.yaml"
    wrong.write_text("side: natto\n" + ORDERS, encoding="utf-8")  # a side the game has not: said, the rest checked
    r = cli("check", str(wrong))
    assert_found(r.output, str(wrong), [(1, "side: unknown side 'natto' (did you mean 'nato'?"),
                                        *((n + 1, t) for n, t in ORDERS_PROBLEMS[1:])])


def test_five_mistakes_of_a_season_in_one_run(cli, tmp_path: Path) -> None:
    shutil.copytree(REPO / "campaigns" / "maps", tmp_path / "maps")
    text = (REPO / "campaigns" / "hof-autumn-1985.yaml").read_text(encoding="utf-8")
    for old, new in (("seed: 1985\n", ""),  # a part the whole season hangs on, missing
                     ("type: M1A1 Company, quality: veteran}", "type: Merkava Company, quality: veteran}"),
                     ("      doctrine: decentralized\n      hq: hq-2-41", "      doctrin: decentralized\n"
                      "      hq: hq-2-41"),
                     ("{id: b-2-41, name: B/2-41 (M2)", "{id: a-2-41, name: B/2-41 (M2)"),
                     ("jones: {box: [6, 7, 12, 11], facing: 90}", "jones: {box: [6, 7, 120, 11], facing: 90}")):
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "season.yaml"
    path.write_text(text, encoding="utf-8")
    r = cli("check", str(path))
    assert r.exit_code == 2, r.output
    assert_found(r.output, str(path), [
        (5, "seed: missing field (required)"),
        (25, "players[0].force.units[1].type: unknown unit 'Merkava Company' (known: "),
        (34, "players[1].force.doctrin: unknown field 'doctrin' (did you mean 'doctrine'?"),
        (39, "players[1].force.units[2].id: unit id 'a-2-41' is used twice (first at players[1].force.units[1].id, "
             "line 38)"),
        (133, "rounds[0] game 'r1-north': deploy.jones.box: [6.0, 7.0, 120.0, 11.0] is off the table"),
    ])


MBT_ORDERS = """\
side: nato
turn: 1
units:
  m1-1: {order: M, move: {path: [[40, 28]], facing: 90}}
  m1-2: {ordr: M}
  m1-3: {order: OW, turret: opn}
  zz-9: {order: F}
"""


def test_mbt_orders_written_before_the_command_phase_are_checked_whole(cli, tmp_path: Path) -> None:
    """A new MBT game stands before its first Command phase: the orders are said to be early, and
    checked all the same against the game as that phase will find it, the very problems it finds
    once there."""
    path = tmp_path / "o.yaml"
    path.write_text(MBT_ORDERS, encoding="utf-8")
    assert cli("new", "mbt-basic-a").exit_code == 0
    early = cli("check", str(path))
    assert early.exit_code == 2
    lines = [ln for ln in early.output.splitlines() if ln.startswith(f"{path}: ")]
    assert lines[1] == (f"{path}: orders are entered in the Command phase (24.3.2); the game is in the setup "
                        "phase of turn 1 (allowed now: umpire phase next)"), early.output
    said = problems(early.output, str(path))
    assert [line for line, _ in said] == [4, 5, 5, 6, 7], early.output
    assert "cannot make this move" in said[0][1] and "unknown turret 'opn'" in said[3][1]
    assert cli("phase", "next").exit_code == 0
    there = cli("check", str(path))
    assert problems(there.output, str(path)) == said, there.output
    assert "orders are entered in the Command phase" not in there.output


def test_a_cases_rulings_are_checked_with_its_fields(cli, tmp_path: Path) -> None:
    """A case's unknown ruling is said with its other problems, not once they are fixed; in both
    rulesets, a wrong choice too."""
    at = tmp_path / "a.yaml"
    at.write_text("ruleset: auftragstaktik\nprocedure: fire\nshooter: {unit: T-80B, qualty: regular}\n"
                  "target: {unit: M1A1}\nrange: -6\nrulings: {nonsense: x}\n", encoding="utf-8")
    r = cli("check", str(at))
    assert [line for line, _ in problems(r.output, str(at))] == [3, 5, 6], r.output
    assert problems(r.output, str(at))[2][1].startswith("rulings: unknown ruling 'nonsense' (known families: ")
    mbt = tmp_path / "m.yaml"
    mbt.write_text("ruleset: mbt\nprocedure: fire\nfirer: {card: USA-1B, ammo: APFSDS, bogus: 1}\n"
                   "target: {card: USSR-2A}\nrange: 5\nrulings: {fire.hit_angle_sectors: sideways}\n", encoding="utf-8")
    r = cli("check", str(mbt))
    said = problems(r.output, str(mbt))
    assert [line for line, _ in said] == [3, 6], r.output
    assert said[1][1].startswith("rulings: ruling fire.hit_angle_sectors: unknown choice 'sideways' (allowed: "
                                 "hexsides, quarters)"), said
