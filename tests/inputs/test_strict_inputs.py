"""What a file says is read as written (#21 items 10-11): YAML 1.2 booleans only, ASCII digits
only, terrain on the table, no pipes or devices, size limits named right; and both spellings
where the rules use either (#20)."""

from __future__ import annotations

import json
import os
import time

import pytest
import yaml

from tests.conftest import REPO, at_scenario
from umpire.schema.limits import MAX_SEASON_BYTES


def put(path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def game(cli):
    assert cli("new", "hof-gap-meeting").exit_code == 0
    return cli


def test_yes_is_text_not_true(game, tmp_path):
    f = put(tmp_path / "o.yaml", "side: nato\nunits:\n  a-1-64: {override: yes}\n")
    before = game.db.read_bytes()
    r = game("turn", "orders", f)
    assert r.exit_code == 2 and r.stderr == (f"Error: {f}: line 3, column 12: units.a-1-64.override: not true or false "
                                             "(allowed: true, false) (input: 'yes')\n")
    assert game.db.read_bytes() == before
    f = put(tmp_path / "o.yaml", "side: nato\nunits:\n  a-1-64: {override: true}\n")
    assert game("check", f).exit_code == 0


@pytest.mark.parametrize("text", ["'٦'", "'٦\"'", "'６'"])
def test_a_number_is_ascii_digits(cli, tmp_path, text):
    case = put(tmp_path / "c.yaml", "procedure: fire\nshooter: {unit: T-80B Company}\ntarget: {unit: M1A1 Company}\n"
               f"weapon: gun\nrange: {text}\n")
    r = cli("calc", "fire", case, "--roll", "5")
    assert r.exit_code == 2 and "range: " in r.stderr and "is not a distance in inches" in r.stderr
    ok = put(tmp_path / "ok.yaml", open(case, encoding="utf-8").read().replace(f"range: {text}", "range: '6\"'"))
    assert cli("calc", "fire", ok, "--roll", "5").exit_code == 0


def test_a_stat_line_is_ascii_digits(cli, tmp_path):
    line = "sc | ١٠t | 11* | G(g/g): 11 M(g): 12* [10] | HE (g/g): M HW: 2 [6] | -- | IR"
    case = put(tmp_path / "c.yaml", f"procedure: fire\nshooter: {{statline: '{line}'}}\n"
               "target: {unit: M1A1 Company}\nweapon: gun\nrange: 6\n")
    r = cli("check", case)
    assert r.exit_code == 2 and "line 2, column 11: shooter.statline" in r.output


def _scenario(tmp_path, x: float) -> str:
    data = yaml.safe_load(at_scenario().read_text(encoding="utf-8"))
    data["terrain"][1]["polygon"] = [[x - 8, 8], [x, 8], [x, 14], [x - 8, 14]]
    return put(tmp_path / "s.yaml", yaml.safe_dump(data, allow_unicode=True))


def test_terrain_off_the_table_is_refused_beyond_a_tenth_of_it(cli, tmp_path):
    r = cli("new", _scenario(tmp_path, 380))
    assert r.exit_code == 2 and not cli.db.exists()
    assert "terrain[1].polygon[0]: point (372, 8) of terrain 'wood-s' is off the table (x 0-72, y 0-48; a piece " \
           "may run past an edge by 10% of that side: 7.2\" left and right, 4.8\" near and far)" in r.stderr
    assert cli("new", _scenario(tmp_path, 79)).exit_code == 0  # a wood running 7" past the right edge


def test_a_pipe_is_refused_before_it_is_read(game, tmp_path):
    fifo = tmp_path / "orders.yaml"
    os.mkfifo(fifo)  # nobody writes to it: reading it would wait for ever
    start = time.monotonic()
    r = game("turn", "orders", str(fifo))
    assert time.monotonic() - start < 30  # read, it would wait for ever; the margin is for a busy machine
    assert r.exit_code == 2 and r.stderr == (f"Error: {fifo}: is a pipe (FIFO), not a file (umpire reads files; give "
                                             "- for standard input where a command takes it)\n")
    r = game("check", str(fifo))
    assert r.exit_code == 2 and "is a pipe (FIFO), not a file" in r.output


def test_a_device_is_refused(cli):
    r = cli("check", "/dev/zero")
    assert r.exit_code == 2 and "/dev/zero: is a device, not a file" in r.output


def test_the_size_limit_of_a_season_is_named(cli, tmp_path):
    season = tmp_path / "season.yaml"
    season.write_bytes((REPO / "campaigns" / "hof-autumn-1985.yaml").read_bytes() + b"#" * MAX_SEASON_BYTES)
    r = cli("campaign", "new", str(tmp_path / "c.db"), "--from", str(season))
    size = season.stat().st_size
    assert r.exit_code == 2 and r.stderr == (f"Error: {season}: too large ({size:,} bytes; the limit for this kind "
                                             "of file is 1 MB)\n")
    r = cli("check", str(season), "--kind", "season")
    assert r.exit_code == 2 and "the limit for this kind of file is 1 MB" in r.output


def test_either_spelling_and_any_case_of_a_fixed_choice(cli, tmp_path):
    text = at_scenario().read_text(encoding="utf-8")
    text = text.replace("doctrine: decentralized", "doctrine: Decentralised").replace("doctrine: centralized",
                                                                                   "doctrine: centralised")
    text = text.replace("quality: veteran,", "quality: Veteran,", 1) + "weather: Deep_Snow\n"
    r = cli("check", put(tmp_path / "s.yaml", text))
    assert r.exit_code == 0, r.output
    assert cli("new", str(tmp_path / "s.yaml")).exit_code == 0
    state = json.loads(cli("status", "--json").output)
    assert {f["doctrine"] for f in state["formations"]} >= {"decentralized", "centralized"}


def test_either_spelling_of_a_field_name(cli, tmp_path):
    spec = put(tmp_path / "spec.yaml", "name: T-80B\nvehicles: 10\nspeed_kph: 70\narmor_mm: 500\n"
               "gun: {penetration_mm: 500, stabilisation: b, fire_control: b}\n")
    r = cli("rate", spec, "--json")
    assert r.exit_code == 0, r.output
    british = put(tmp_path / "spec2.yaml", open(spec, encoding="utf-8").read().replace("armor_mm", "armour_mm")
                  .replace("stabilisation", "stabilization"))
    assert json.loads(r.output)["statline"] == json.loads(cli("rate", british, "--json").output)["statline"]


@pytest.mark.parametrize(("text", "typo", "meant"), [
    ("procedure: fire\nshoter: {unit: T-80B Company}\ntarget: {unit: M1A1 Company}\nweapon: gun\nrange: 6\n",
     "shoter", "shooter"),
    ("procedure: fire\nshooter: {unit: T-80B Company}\ntarget: {unit: M1A1 Company}\nweapn: gun\nrange: 6\n",
     "weapn", "weapon"),
    ("procedure: fire\nshooter: {unit: T-80B Company, qualty: elite}\ntarget: {unit: M1A1 Company}\nweapon: gun\n"
     "range: 6\n", "qualty", "quality"),
])
def test_a_misspelt_field_name_gets_a_suggestion(cli, tmp_path, text, typo, meant):
    r = cli("check", put(tmp_path / "c.yaml", text))
    assert r.exit_code == 2 and f"unknown field {typo!r} (did you mean {meant!r}?" in r.output


def test_the_kind_is_found_or_given(cli, tmp_path):
    f = put(tmp_path / "x.yaml", "hello: world\n")
    r = cli("check", f)
    assert r.exit_code == 2 and "cannot tell what kind of file this is from its keys" in r.output
    r = cli("check", f, "--kind", "scenario")
    assert r.exit_code == 2 and "name: missing field (required)" in r.output
    r = cli("check", f, "--kind", "senario")
    assert r.exit_code == 2 and "unknown kind of file 'senario' (did you mean 'scenario'?" in r.output
    r = cli("check", "-", input=(REPO / "data" / "cases" / "fire.yaml").read_text(encoding="utf-8"))
    assert r.exit_code == 0 and r.output.startswith("<stdin>: ok (case: a fire case (auftragstaktik))")
    r = cli("check", f, "--kind", "scenario", "--json")
    data = json.loads(r.output)
    assert r.exit_code == 2 and data["kind"] == "scenario" and not data["ok"]
    # a file that names no ruleset is read as every ruleset's scenario (a ruleset adds its own blocks)
    assert {"line": 1, "column": 1, "problem": "hello: unknown field 'hello' (known: campaign, description, "
            "name, ruleset, rulings, seed, sides, table, terrain)"} in data["problems"]


def test_a_yaml_mistake_is_placed_too(cli, tmp_path):
    r = cli("check", put(tmp_path / "x.yaml", "name: a\nsides: [1, 2\n"))
    assert r.exit_code == 2
    assert r.output.splitlines()[1] == f"{tmp_path / 'x.yaml'}: line 3, column 1: not valid YAML: did not find " \
                                       "expected ',' or ']'"
    r = cli("check", put(tmp_path / "y.yaml", "side: nato\nside: pact\n"))
    assert r.output.splitlines()[1] == f"{tmp_path / 'y.yaml'}: line 2: key 'side' appears twice in one mapping " \
                                       "(first at line 1)"
