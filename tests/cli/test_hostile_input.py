"""Hostile and mistaken input (issue #9, points 5, 7, 8 and 10): each is one exact ``Error:`` line,
exit status 2, and the game file left byte for byte as it was (or never created)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO, Cli, at_scenario
from tests.turns.conftest import DUEL, ORDERS

FINITE = "not a finite number (.nan, .inf and numbers too large to hold are not allowed)"


def assert_refused(cli: Cli, *args: str, line: str, input: str | None = None) -> None:  # noqa: A002
    before = cli.db.read_bytes() if cli.db.exists() else None
    r = cli(*args, input=input)
    assert (r.exit_code, r.stderr.splitlines()) == (2, [line]), r.output
    assert (cli.db.read_bytes() if cli.db.exists() else None) == before


def put(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def game(cli: Cli) -> Cli:
    assert cli("new", "hof-gap-meeting").exit_code == 0
    return cli


@pytest.fixture
def mbt(cli: Cli, tmp_path: Path) -> Cli:
    path = tmp_path / "duel.yaml"
    path.write_text(yaml.safe_dump(DUEL), encoding="utf-8")
    assert cli("new", str(path)).exit_code == 0
    return cli


# -- 5. non-finite numbers -------------------------------------------------------------------

@pytest.mark.parametrize(("text", "shown"), [(".nan", "nan"), (".inf", "inf"), ("1e400", "inf"), ("-.INF", "-inf")])
def test_5_non_finite_facing_in_an_auftragstaktik_orders_file(game, tmp_path, text, shown):
    f = put(tmp_path / "o.yaml", f"side: nato\nunits:\n  a-1-64: {{first: [[25, 22]], facing: {text}}}\n")
    assert_refused(game, "turn", "orders", f,
                   line=f"Error: {f}: line 3, column 31: units.a-1-64.facing: {FINITE} (input: {shown})")


@pytest.mark.parametrize(("text", "shown"), [(".nan", "nan"), ("1e400", "inf")])
def test_5_non_finite_facing_in_an_mbt_orders_file(mbt, tmp_path, text, shown):
    move = f"{{path: [[12, 10]], facing: {text}}}"
    f = put(tmp_path / "o.yaml", f"side: nato\nunits:\n  m1:\n    order: M\n    move: {move}\n")
    assert_refused(mbt, "turn", "orders", f,
                   line=f"Error: {f}: line 5, column 30: units.m1.move.facing: {FINITE} (input: {shown}) "
                   f"(and 1 more problem: umpire --db {mbt.db} check {f} lists them all)")


def test_5_direction_nan_is_one_line(game, tmp_path):
    f = put(tmp_path / "o.yaml", "side: nato\nbattalions:\n  tf-1-64: {order: HA, direction: .nan}\n")
    assert_refused(game, "turn", "orders", f,
                   line=f"Error: {f}: line 3, column 24: battalions.tf-1-64.direction: {FINITE} (input: nan)")


def _unit(data: dict) -> dict:
    return data["sides"][0]["formations"][0]["units"][0]


SCENARIO_CASES = {
    "table width": (lambda d: d["table"].__setitem__("width", float("nan")), "line 104, column 3: table.width", "nan"),
    "table depth": (lambda d: d["table"].__setitem__("depth", float("inf")), "line 103, column 3: table.depth", "inf"),
    "facing": (lambda d: _unit(d).__setitem__("facing", float("inf")),
               "line 21, column 7: sides[0].formations[0].units[0].facing", "inf"),
    "base": (lambda d: _unit(d).__setitem__("base", [float("nan"), 1]),
             "line 21, column 7: sides[0].formations[0].units[0].base[0]",
             "nan"),
    "height": (lambda d: d["terrain"][0].__setitem__("height", float("nan")), "line 106, column 3: terrain[0].height",
               "nan"),
    "polygon": (lambda d: d["terrain"][0]["polygon"][1].__setitem__(0, float("-inf")),
                "line 111, column 5: terrain[0].polygon[1][0]",
                "-inf"),
    "position": (lambda d: _unit(d).__setitem__("at", [float("nan"), 3]),
                 "line 18, column 7: sides[0].formations[0].units[0].at[0]",
                 "nan"),
}


@pytest.mark.parametrize("name", SCENARIO_CASES)
def test_5_non_finite_numbers_in_a_scenario(cli, tmp_path, name):
    change, field, shown = SCENARIO_CASES[name]
    data = yaml.safe_load(at_scenario().read_text(encoding="utf-8"))
    change(data)
    f = put(tmp_path / "s.yaml", yaml.safe_dump(data, allow_unicode=True))
    assert_refused(cli, "new", f, line=f"Error: {f}: {field}: {FINITE} (input: {shown})")
    assert not cli.db.exists()


def test_5_a_scenario_seed_too_large_for_the_game_file_leaves_the_old_game(game, tmp_path):
    text = at_scenario().read_text(encoding="utf-8").replace("seed: 1985", "seed: 1e23")
    f = put(tmp_path / "s.yaml", text)
    assert_refused(game, "new", f, "--replace",
            line=f"Error: {f}: line 12, column 1: seed: not a whole number (allowed: digits only, e.g. 7) "
                 "(input: 1e+23)")
    text = text.replace("seed: 1e23", "seed: 100000000000000000000000")
    put(tmp_path / "s.yaml", text)
    assert_refused(game, "new", f, "--replace", line=f"Error: {f}: line 12, column 1: seed: out of range "
            "(allowed: at most "
            f"9223372036854775807) (input: 100000000000000000000000)")


def test_5_a_seed_too_large_on_the_command_line(game):
    assert_refused(game, "new", "hof-gap-meeting", "--replace", "--seed", "1180591620717411303424",
            line="Error: Invalid value for '--seed': '1180591620717411303424' is out of range "
                 "(allowed: 0 to 9223372036854775807) (see 'root new --help')")


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("place", "a-1-64", "nan", "3"), "Invalid value for 'X': 'nan' is not a number "
         "(allowed: plain digits, e.g. 12 or 12.5) (see 'root place --help')"),
        (("place", "a-1-64", "3", "1e400"), "Invalid value for 'Y': '1e400' is out of range "
         "(allowed: -1e+06 to 1e+06) (see 'root place --help')"),
        (("place", "a-1-64", "3", "3", "--facing", "inf"), "facing: 'inf' is not a number "
         "(allowed: degrees clockwise from the far edge, e.g. 90)"),
        (("place", "a-1-64", "--edges", "top=nan,right=3"), "--edges top: 'nan' is not a number "
         "(allowed: plain digits, e.g. 12 or 12.5)"),
        (("place", "a-1-64", "--edges", "top=1e400,right=3"), "--edges top: '1e400' is out of range "
         "(allowed: 0 to 1e+06)"),
        (("move", "a-1-64", "30", "20", "--via", "25,-inf"), "--via '25,-inf': Y: '-inf' is not a number "
         "(allowed: plain digits, e.g. 12 or 12.5)"),
        (("fire", "bty-1", "--at", "3,nan"), "--at '3,nan': Y: 'nan' is not a number "
         "(allowed: plain digits, e.g. 12 or 12.5)"),
        (("fire", "bty-1", "--at", "3,3", "--facing", "nan"), "Invalid value for '--facing': 'nan' is not a number "
         "(allowed: plain digits, e.g. 12 or 12.5) (see 'root fire --help')"),
        (("order", "a-1-64", "HA", "--direction", "nan"), "--direction 'nan': give a heading in degrees (270) or a "
         "point X,Y (40,22)"),
    ],
)
def test_5_non_finite_numbers_on_the_command_line(game, args, line):
    assert_refused(game, *args, line=f"Error: {line}")


def test_5_non_finite_numbers_in_a_case_a_rating_spec_and_a_data_file(cli, tmp_path):
    case = put(tmp_path / "case.yaml", "procedure: measure\nruleset: auftragstaktik\n"
               "from: {at: [.nan, 3], facing: 90}\nto: {at: [10, 3]}\n")
    r = cli("calc", "measure", case)
    assert (r.exit_code, r.stderr.splitlines()) == (
        2, [f"Error: {case}: line 3, column 8: from.at[0]: {FINITE} (input: nan)"])
    spec = put(tmp_path / "spec.yaml", "name: T-80\nvehicles: 10\nspeed_kph: .inf\narmour_mm: 500\n")
    r = cli("rate", spec)
    assert (r.exit_code, r.stderr.splitlines()) == (2, [f"Error: {spec}: speed_kph: {FINITE} (input: inf)"])
    card = yaml.safe_load((REPO / "rulesets" / "mbt" / "cards" / "USA-1B.yaml").read_text(encoding="utf-8"))
    card["weapons"][0]["ammo"][0]["max_range"] = float("inf")
    f = put(tmp_path / "card.yaml", yaml.safe_dump(card, allow_unicode=True))
    r = cli("data", "check", f)
    assert (r.exit_code, r.stderr.splitlines()) == (2, [
        f"Error: {f}: weapons[0].ammo[0].max_range.v: not a whole number (allowed: digits only, e.g. 7) (input: inf)"])


# -- 7. resources ----------------------------------------------------------------------------

BOMB = "".join(
    f"{name}: &{name} [{','.join([prev] * 9)}]\n"
    for name, prev in zip("abcdefghi", ['"lol"', *(f"*{c}" for c in "abcdefgh")], strict=True)
)
PROBE = """
import json, resource, runpy, sys, time
sys.argv = ["umpire", *ARGS]
def peak_mb():
    # VmHWM is this program's own peak; ru_maxrss also counts the parent's memory at fork on Linux
    try:
        with open("/proc/self/status") as fh:
            return next(int(l.split()[1]) for l in fh if l.startswith("VmHWM:")) / 1024
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
start = time.process_time()  # CPU, not the clock: a busy machine (the other tests beside it) slows the clock
code = 0
try:
    runpy.run_module("umpire", run_name="__main__")
except SystemExit as exc:
    code = exc.code
print(json.dumps({"code": code, "seconds": time.process_time() - start,
                  "peak_mb": peak_mb()}))
"""


def _measured(args: list[str], cwd: Path) -> tuple[dict, str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    r = subprocess.run([sys.executable, "-c", PROBE.replace("ARGS", repr(args))], capture_output=True, text=True,
                       env=env, cwd=cwd, timeout=120)
    return json.loads(r.stdout.strip().splitlines()[-1]), r.stderr


@pytest.mark.parametrize("what", ["orders", "scenario", "case", "rating spec"])
def test_7_a_400_byte_alias_bomb_is_refused_in_under_5_s_and_200_mb(game, tmp_path, what):
    assert len(BOMB) <= 400
    bomb = put(tmp_path / "bomb.yaml", BOMB)
    args = {"orders": ["turn", "orders", bomb], "scenario": ["new", bomb, "--replace"],
            "case": ["calc", "fire", bomb], "rating spec": ["rate", bomb]}[what]
    before = game.db.read_bytes()
    got, err = _measured(["--db", str(game.db), *args], tmp_path)
    assert err.splitlines() == [f"Error: {bomb}: line 7: more than 1,000,000 values, counting what aliases repeat "
                                "(the limit for any input)"]
    assert got["code"] == 2 and got["seconds"] < 5 and got["peak_mb"] < 200, got
    assert game.db.read_bytes() == before


def test_7_files_over_the_size_limit(game, tmp_path):
    orders = tmp_path / "o.yaml"
    orders.write_bytes(b"side: nato\nnote: " + b"x" * (5 * 1024 * 1024) + b"\n")
    assert_refused(game, "turn", "orders", str(orders),
                   line=f"Error: {orders}: too large ({orders.stat().st_size:,} bytes; "
                        "the limit for this kind of file is 5 MB)")
    scenario = tmp_path / "s.yaml"
    scenario.write_bytes(at_scenario().read_bytes() + b"#" * (20 * 1024 * 1024))
    size = scenario.stat().st_size
    assert_refused(game, "new", str(scenario), "--replace", line=f"Error: {scenario}: too large ({size:,} bytes; "
            "the limit for this kind of file is 20 MB)")


def test_7_long_text_and_huge_polygons(game, tmp_path):
    f = put(tmp_path / "o.yaml", "side: nato\nbattalions:\n  tf-1-64: {order: HA, note: " + "x" * 10_001 + "}\n")
    assert_refused(game, "turn", "orders", f, line=f"Error: {f}: line 3, column 30: battalions.tf-1-64.note: too long: "
            "a text of 10,001 characters (allowed: at most 10,000 in one value, the limit for any input)")
    data = yaml.safe_load(at_scenario().read_text(encoding="utf-8"))
    data["terrain"][0]["polygon"] = [[i % 60, (i // 60) % 40] for i in range(10_001)]
    f = put(tmp_path / "s.yaml", yaml.safe_dump(data, allow_unicode=True))
    at = 108 + 2 * 10_000 + 3  # the end of the 10,001st point (two lines a point): refused as it is read
    assert_refused(game, "new", f, "--replace", line=f"Error: {f}: line {at}: terrain[0].polygon: too many "
            "items: a list of more than 10,000 items (the limit for any input)")
    big = "[" + ", ".join("[1, 2]" for _ in range(1_000_000)) + "]"
    text = at_scenario().read_text(encoding="utf-8").replace("terrain:\n", f"terrain:\n- {{id: huge, type: woods, "
                                                             f"polygon: {big}}}\n", 1)
    f = put(tmp_path / "s.yaml", text)
    at = text.splitlines().index(next(t for t in text.splitlines() if "{id: huge" in t)) + 1
    line = f"Error: {f}: line {at}: terrain[0].polygon: too many items: a list of more than 10,000 items (the limit " \
           "for any input)"
    assert_refused(game, "new", f, "--replace", line=line)


def test_7_deep_nesting_on_stdin_is_one_line(cli):
    assert_refused(cli, "calc", "measure", "-", input="[" * 100_000 + "]" * 100_000,
            line="Error: <stdin>: not valid YAML at line 1, column 1001: nested more than 64 levels deep "
                 "(the limit for any input)")
    assert_refused(cli, "calc", "measure", "-", input='{"a": ' * 70 + "1" + "}" * 70,
            line="Error: <stdin>: line 1: nested more than 64 levels deep (the limit for any input)")
    assert not cli.db.exists()


# -- 8. input parts --------------------------------------------------------------------------

def test_8_an_orders_file_name_that_is_not_utf8(game, tmp_path):
    name = os.fsdecode(b"\xff-orders.yaml")  # as Python reads such a name from the command line
    bad = tmp_path / name
    bad.write_text("side: nato\nunits: {zz-9: {}}\n", encoding="utf-8")
    assert_refused(game, "turn", "orders", str(bad),
                   line=f"Error: {tmp_path}/\\xff-orders.yaml: line 2, column 9: units.zz-9: unknown unit "
                        "'zz-9' (known: a-1-64, b-1-64, c-4-8, hq-1-64)")
    bad.write_bytes((ORDERS / "nato-turn1.yaml").read_bytes())
    r = game("turn", "orders", str(bad))
    assert r.exit_code == 0 and "\\xff-orders.yaml" in r.output, r.output + r.stderr


def test_8_bytes_in_argv_from_a_real_command_line(game, tmp_path):
    """A file name with bytes that are not UTF-8, as a shell passes it: refused or entered, never a traceback."""
    path = os.fsencode(tmp_path) + b"/\xfe.yaml"
    env = {**os.environ, "PYTHONPATH": str(REPO)}

    def run(content: bytes) -> subprocess.CompletedProcess:
        with open(path, "wb") as fh:
            fh.write(content)
        return subprocess.run([sys.executable, "-m", "umpire", "--db", str(game.db), "turn", "orders", path],
                              capture_output=True, env=env, timeout=60)

    before = game.db.read_bytes()
    r = run(b"side: nato\nunits: {zz-9: {}}\n")
    assert (r.returncode, r.stderr.decode().splitlines()) == (2, [
        f"Error: {tmp_path}/\\xfe.yaml: line 2, column 9: units.zz-9: unknown unit 'zz-9' "
        "(known: a-1-64, b-1-64, c-4-8, hq-1-64)"])
    assert game.db.read_bytes() == before
    r = run((ORDERS / "nato-turn1.yaml").read_bytes())
    assert r.returncode == 0 and b"Orders of NATO entered from \\xfe.yaml" in r.stdout, r.stdout + r.stderr


def test_8_manual_dice_with_standard_input_at_its_end(game, tmp_path):
    # the prompts go to standard error, with the one Error: line after them (#20)
    for side in ("nato", "pact"):
        assert game("turn", "orders", str(ORDERS / f"{side}-turn1.yaml")).exit_code == 0
    before = game.db.read_bytes()
    r = game("--dice", "manual", "hq", "tf-1-64", input="")
    errors = [x for x in r.stderr.splitlines() if x.startswith("Error:")]
    assert r.exit_code == 2 and r.stdout == "" and game.db.read_bytes() == before
    assert errors == ["Error: --dice manual: the dice were not given (standard input ended at the d10 for "
                      "'HQ roll (1d10)'); nothing was written"]
    assert r.stderr.startswith("Roll d10 for HQ roll (1d10)")
    case = put(tmp_path / "hq.yaml", "procedure: hq\nhq: {level: battalion, doctrine: balanced, rating: 4}\n"
               "enemy_rating: 4\n")
    r = game("--dice", "manual", "calc", "hq", case, input="12\n")
    assert r.exit_code == 2 and r.stdout == ""
    assert [x for x in r.stderr.splitlines() if x.startswith("Error:")] == [
        "Error: dice: --dice manual: the dice were not given (standard input ended at the d10 for "
        "'HQ roll (1d10)'); nothing was written (dice method 1d10, ruling dice.method)"]
    # a JSON answer with the dice typed in is JSON on standard output
    r = game("--dice", "manual", "calc", "hq", case, "--json", input="7\n")
    assert r.exit_code == 0 and json.loads(r.stdout)["rolls"], r.output


# -- 10. accepted when it should not be --------------------------------------------------------

def test_10_a_key_given_twice(game, tmp_path):
    f = put(tmp_path / "o.yaml", "side: nato\nunits:\n  a-1-64: {first: [[25, 22]]}\nside: pact\n")
    assert_refused(game, "turn", "orders", f, line=f"Error: {f}: line 4: key 'side' appears twice in one mapping "
            "(first at line 1)")
    f = put(tmp_path / "o.yaml", "side: nato\nunits:\n  a-1-64: {first: [[25, 22]], first: [[26, 22]]}\n")
    assert_refused(game, "turn", "orders", f, line=f"Error: {f}: line 3: key 'first' appears twice in one mapping "
            "(first at line 3)")


def test_10_roll_values_no_die_uses(game, tmp_path):
    for side in ("nato", "pact"):
        assert game("turn", "orders", str(ORDERS / f"{side}-turn1.yaml")).exit_code == 0
    assert_refused(game, "hq", "tf-1-64", "--roll", "4", "--roll", "5", "--roll", "6",
            line="Error: --roll: 3 values given but only 1 used (d10 for 'HQ roll (1d10)'); "
                 "give one value per die rolled")
    case = put(tmp_path / "hq.yaml", "procedure: hq\nhq: {level: battalion, doctrine: balanced, rating: 4}\n"
               "enemy_rating: 4\n")
    assert_refused(game, "calc", "hq", case, "--roll", "7", "--roll", "8",
            line="Error: --roll: 2 values given but only 1 used (d10 for 'HQ roll (1d10)'); "
                 "give one value per die rolled")
    f = put(tmp_path / "hq2.yaml", "procedure: hq\nhq: {level: battalion, doctrine: balanced, rating: 4}\n"
            "enemy_rating: 4\ndice: [7, 8]\n")
    assert_refused(game, "calc", "hq", f, line=f"Error: {f}: dice: 2 values given but only 1 used (d10 for "
            "'HQ roll (1d10)'); give one value per die rolled")


def test_10_python_number_syntax_is_not_a_number(game, tmp_path):
    f = put(tmp_path / "o.yaml", "side: nato\nturn: 1_0\n")
    assert_refused(game, "turn", "orders", f,
                   line=f"Error: {f}: line 2, column 1: turn: not a whole number (allowed: digits only, e.g. 7) "
                        "(input: '1_0')")
    assert_refused(game, "hq", "tf-1-64", "--roll", "1_0",
                   line="Error: Invalid value for '--roll': '1_0' is not a whole "
                        "number (allowed: digits only, e.g. 7) (see 'root hq --help')")
    assert_refused(game, "place", "a-1-64", "1_0", "5", line="Error: Invalid value for 'X': '1_0' is not a number "
            "(allowed: plain digits, e.g. 12 or 12.5) (see 'root place --help')")


def test_10_one_mistake_is_one_line(game, tmp_path):
    f = put(tmp_path / "o.yaml", "side: nato\nbattalions:\n  tf-1-64: {order: HA, direction: east}\n")
    assert_refused(game, "turn", "orders", f, line=f"Error: {f}: line 3, column 24: battalions.tf-1-64.direction: "
            "'east' is not a number or a list [x, y]")
    assert_refused(game, "calc", "measure", "-", input="a: [1, 2\n",
            line="Error: <stdin>: not valid YAML at line 2, column 1: did not find expected ',' or ']'")
    data = yaml.safe_load((REPO / "data" / "scenarios" / "mbt-basic-a.yaml").read_text(encoding="utf-8"))
    data["sides"][0]["formations"][0]["units"][0]["at"] = [100, 3]
    f = put(tmp_path / "s.yaml", yaml.safe_dump(data))
    assert_refused(game, "new", f, "--replace", line=f"Error: {f}: line 32, column 7: sides[0] unit 'm1-1': "
            "position (100, 3) is off the "
            "table (x 0-48, y 0-36)")
