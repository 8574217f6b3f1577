"""``umpire calc`` and ``umpire rate`` through the CLI: results, odds, and one-line errors."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from umpire.cli import app

T80 = "sc | 10t | 11* | G(g/g): 11 M(g): 12* [10] | HE (g/g): M HW: 2 [6] | -- | IR"
M1 = "mc | 8t | 11 | G(a/a): 12 | HW: 2 [6] | -- | TI"


def fire_case(**over: Any) -> dict[str, Any]:
    case: dict[str, Any] = {
        "ruleset": "auftragstaktik",
        "procedure": "fire",
        "shooter": {
            "statline": T80,
            "quality": "regular",
            "orders": "HA",
            "moved": True,
            "hits": 0,
        },
        "target": {
            "statline": M1,
            "quality": "regular",
            "orders": "HA",
            "moved": False,
            "hits": 0,
            "cover": "none",
            "entrenchment": "none",
        },
        "weapon": "gun",
        "range": 6,
        "aspect": "front",
        "dice": [10],
        "rulings": {},
    }
    case.update(over)
    return case


def run(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


def test_fire_json(case_file) -> None:
    r = run("calc", "fire", str(case_file(fire_case())), "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["outcome"]["hits"] == 1
    assert out["modified_roll"] == 4 and out["column"] == "0"
    assert [(m["name"], m["value"]) for m in out["modifiers"]] == [
        ("fire control", -4),
        ("stabilization", -2),
    ]
    assert out["rolls"][0]["values"] == [10]
    assert out["rulings"] == {}


def test_roll_option_and_ruling_option(case_file) -> None:
    case = fire_case(aspect="flank")
    del case["dice"]
    r = run(
        "calc",
        "fire",
        str(case_file(case)),
        "--json",
        "--roll",
        "7",
        "--ruling",
        "fire.flank_rear_shift_direction=literal",
    )
    out = json.loads(r.stdout)
    assert out["rulings"] == {"fire.flank_rear_shift_direction": "literal"}
    assert [s["value"] for s in out["shifts"]] == [-2]


def test_text_output_cites_rules(case_file) -> None:
    r = run("calc", "fire", str(case_file(fire_case())))
    assert r.exit_code == 0
    assert "fire control" in r.stdout and "COMBAT >" in r.stdout
    assert "1 hit" in r.stdout


def test_unit_by_name_and_alias(case_file) -> None:
    case = fire_case(
        shooter={"unit": "Т-80Б", "orders": "HA", "moved": True},
        target={"unit": "m1a1 company", "orders": "HA"},
    )
    r = run("calc", "fire", str(case_file(case)), "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["outcome"]["hits"] == 1


@pytest.mark.parametrize(
    ("case", "args", "needles"),
    [
        (
            fire_case(weapon="missile", shooter={"statline": M1}),
            [],
            ["weapon", "has no missile", "allowed for this unit: gun, hw"],
        ),
        (
            fire_case(weapon="hw", range=7),
            [],
            ["range", "beyond the hw range of 6", "allowed: 0-6"],
        ),
        (fire_case(weapon="missile", range=12), [], ["range", "allowed: 0-10"]),
        (
            fire_case(shooter={"statline": T80, "orders": "XX"}),
            [],
            ["shooter.orders", "unknown order code 'XX'", "NO (No Orders)"],
        ),
        (
            fire_case(shooter={"statline": "sc | 10q | 11 | -- | -- | -- | --"}),
            [],
            ["shooter.statline", "move field", "expected"],
        ),
        (
            fire_case(shooter={"statline": "sc | 10t | 11"}),
            [],
            ["shooter.statline", "expected 7 fields"],
        ),
        (
            fire_case(rulings={"fire.flank_rear": "x"}),
            [],
            ["rulings", "unknown ruling 'fire.flank_rear'", "did you mean"],
        ),
        (
            fire_case(rulings={"fire.flank_rear_shift_direction": "sideways"}),
            [],
            ["rulings", "unknown choice 'sideways'", "allowed: firer, literal"],
        ),
        (fire_case(dice=[11]), [], ["dice", "impossible on a d10", "allowed: 1-10"]),
        (
            fire_case(dice=[7, 3], rulings={"dice.method": "2d6-2"}),
            [],
            ["dice", "impossible on a d6", "allowed: 1-6", "2d6-2"],
        ),
        (
            fire_case(shooter={"unit": "T-80 Company"}),
            [],
            ["shooter.unit", "unknown unit 'T-80 Company'", "did you mean 'T-80B Company'"],
        ),
        (fire_case(weapon="laser"), [], ["weapon", "laser", "gun"]),
        (
            fire_case(shooter={"statline": T80, "quality": "heroic"}),
            [],
            ["shooter.quality", "elite, veteran, regular, recruit, militia"],
        ),
    ],
    ids=[
        "weapon",
        "hw-range",
        "missile-range",
        "order",
        "statline-field",
        "statline-fields",
        "ruling-name",
        "ruling-choice",
        "die-value",
        "die-value-2d6",
        "unit-name",
        "weapon-name",
        "quality",
    ],
)
def test_bad_cases_give_one_error_line(
    case_file, case: dict[str, Any], args: list[str], needles: list[str]
) -> None:
    r = run("calc", "fire", str(case_file(case)), *args)
    assert r.exit_code == 2, r.output
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("Error: ")
    for n in needles:
        assert n in lines[0], (n, lines[0])


def test_bad_ruling_on_command_line(case_file) -> None:
    r = run("calc", "fire", str(case_file(fire_case())), "--ruling", "nope=1")
    assert (
        r.exit_code == 2 and r.stderr.count("Error:") == 1 and "unknown ruling 'nope'" in r.stderr
    )


def test_unknown_field_is_named(case_file) -> None:
    r = run("calc", "fire", str(case_file(fire_case(rang=3))))
    assert r.exit_code == 2 and "rang: unknown field" in r.stderr


@pytest.mark.parametrize(
    ("proc", "case", "key", "value"),
    [
        (
            "spot",
            {
                "spotter": {"orders": "NO"},
                "target": {"kind": "vehicle", "orders": "HA", "moved": True},
                "distance": 6,
            },
            "spotted",
            True,
        ),
        (
            "hq",
            {
                "hq": {"level": "battalion", "doctrine": "balanced", "rating": 4},
                "enemy_rating": 4,
                "dice": [7],
            },
            "result",
            "delay",
        ),
        (
            "morale",
            {
                "battalion": {"morale": "A", "average_hits": 1, "status": "ok", "in_cover": False},
                "dice": [8],
            },
            "result",
            "checked",
        ),
        (
            "close-combat",
            {
                "attacker": {"unit": "Soviet Motor Rifle Company"},
                "defender": {"unit": "US Mechanized Infantry Company"},
                "dice": [9],
            },
            "hits",
            2,
        ),
        (
            "indirect",
            {
                "firer": {"unit": "2S3 Battery"},
                "target": {"unit": "US Mechanized Infantry Company", "orders": "NO"},
                "dice": [9],
                "range": 30,
            },
            "hits",
            2,
        ),
        (
            "counter-battery",
            {
                "firer": {"unit": "M109A2 Battery"},
                "target": {"unit": "2S1 Battery", "orders": "NO"},
                "dice": [9],
                "counter_battery": {"target_sp": True},
            },
            "hits",
            1,
        ),
        (
            "airstrike",
            {"target": {"unit": "T-72A Company", "orders": "NO"}, "tons": 4, "dice": [9]},
            "hits",
            4,
        ),
        ("entrench", {"level": "hasty", "quality": "recruit", "dice": [8]}, "success", False),
        (
            "mines",
            {
                "stand": {"unit": "T-72A Company", "quality": "elite"},
                "minefield": "AT",
                "dice": [10],
            },
            "hits",
            1,
        ),
        (
            "overrun",
            {
                "defender": {"unit": "Soviet Motor Rifle Company", "orders": "NO"},
                "attackers": [{"unit": "M2 Bradley Company"}],
                "dice": [1],
            },
            "continue",
            False,
        ),
    ],
)
def test_other_procedures(case_file, proc: str, case: dict[str, Any], key: str, value: Any) -> None:
    data = {"ruleset": "auftragstaktik", "procedure": proc, **case}
    r = run("calc", proc, str(case_file(data)), "--json", "--odds")
    assert r.exit_code == 0, r.output + r.stderr
    out = json.loads(r.stdout)
    assert out["outcome"][key] == value, out["summary"]
    assert abs(sum(out["odds"].values()) - 1) < 1e-9


def test_rate_reproduces_t80b(tmp_path) -> None:
    spec = tmp_path / "t80b.yaml"
    spec.write_text(
        "name: T-80B Company\nvehicles: 10\nspeed_kph: 70\nmove_in: 10\nmobility: tracked\n"
        "armour_mm: 500\nspecial_armour: '*'\n"
        "gun: {penetration_mm: 480, fire_control: g, stabilization: g}\n"
        "missile: {penetration_mm: 650, guidance: g, range_km: 4}\n"
        "he: {calibre_mm: 125, fire_control: g, stabilization: g}\nhw: "
        "{weapon: hmg}\nnight_vision: IR\n",
        encoding="utf-8",
    )
    r = run("rate", str(spec), "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert (
        out["statline"]
        == "sc | 10t | 11* | G(g/g): 11 M(g): 12* [10] | HE (g/g): M HW: 2 [6] | -- | IR"
    )
    assert any(d["field"] == "move" and "gives 8" in d["how"] for d in out["derivation"])


def test_rate_bundled_file_and_bad_spec(tmp_path) -> None:
    from umpire.rules.auftragstaktik.data import units_dir

    r = run("rate", str(units_dir() / "nato.yaml"), "--unit", "Leo 2A4", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["matches_recorded"] is True
    bad = tmp_path / "bad.yaml"
    bad.write_text("vehicles: 10\nspeed_kph: fast\narmour_mm: 100\n", encoding="utf-8")
    r = run("rate", str(bad))
    assert r.exit_code == 2 and "speed_kph" in r.stderr
