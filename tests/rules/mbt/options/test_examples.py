"""Every worked example of the MBT options (sections 17-22), as data under tests/examples/mbt/options.

Each example is asked of ``umpire calc`` (the quick answer, on the same rules the tracked turn
calls), once per ``runs`` entry with its dice; ``error`` expects the one-line refusal. The few
examples that are a number or a parse rather than a resolution name a runner below.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from umpire.ask.calc import run_case
from umpire.errors import UmpireError

EXAMPLES = sorted((Path(__file__).parents[3] / "examples" / "mbt" / "options").glob("*.yaml"))


def _plot(i: dict[str, Any], expect: dict[str, Any]) -> None:
    from dataclasses import asdict

    from umpire.rules.mbt.options.artillery import read_plot

    assert asdict(read_plot(i["code"])) == expect


def _reduced_rof(i: dict[str, Any], expect: dict[str, Any]) -> None:
    from umpire.rules.mbt.options.limits import reduced_rof

    m = reduced_rof(i["max_rof"], i["fired"])
    assert m is not None and m.value == expect["value"] and m.rule == "17.3.2.2"


def _aircraft_condition(i: dict[str, Any], expect: dict[str, Any]) -> None:
    from umpire.rules.mbt.options import air

    code = air.condition(i["conditions"], i["level"])
    assert code == expect["code"]
    mods, problems = air.condition_limits(code, altitude="low", point_effect=True, pgm=True)
    assert [m.value for m in mods] == [expect["scatter"]]
    assert len(problems) == 3  # no low altitude, no guns, no PGM


def _mortar_plot(i: dict[str, Any], expect: dict[str, Any]) -> None:
    from umpire.rules.mbt.options.artillery import read_mortar_plot

    assert read_mortar_plot(i["code"]) == (expect["hex"], expect["ammo"], expect["observer"])


def _load_points(runs: list[dict[str, Any]], _: Any) -> None:
    from umpire.rules.mbt.options.air import load_points

    for run in runs:
        total, est = load_points(run["loads"], pgm=run.get("pgm"))
        assert total == run["points"] and est == []  # every value the example uses is the text's


RUNNERS = {"plot": _plot, "reduced_rof": _reduced_rof, "aircraft_condition": _aircraft_condition,
           "mortar_plot": _mortar_plot, "load_points": _load_points}


def _check(out: dict[str, Any], expect: dict[str, Any]) -> None:
    for key, want in expect.items():
        if key == "outcome":
            for k, v in want.items():
                assert out["outcome"][k] == v, (k, out["outcome"], out["summary"])
        elif key == "modifiers":
            assert [[m["name"], m["value"], m["rule"]] for m in out["modifiers"]] == want
        elif key == "targets_rolls":
            assert [t["modified_roll"] for t in out["targets"]] == want
        elif key == "summary":
            assert want in out["summary"], out["summary"]
        else:
            assert out[key] == want, (key, out[key])


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example(path: Path) -> None:
    ex = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert ex["source"].startswith("MBT rulebook")
    if ex["procedure"] in RUNNERS:
        RUNNERS[ex["procedure"]](ex.get("input", ex.get("runs")), ex.get("expect"))
        return
    for run in ex["runs"]:
        case = {
            "ruleset": "mbt",
            "procedure": ex["procedure"],
            **ex["input"],
            **run.get("input", {}),
            "dice": run["dice"],
        }
        if "error" in run:
            with pytest.raises(UmpireError, match=run["error"]):
                run_case(case)
            continue
        answer, _ = run_case(case)
        _check(answer.to_json(), run["expect"])


def test_every_procedure_has_an_example_or_a_test() -> None:
    """Each options procedure is asked at least once by an example here or by test_procedures."""
    from umpire.rules.mbt.options.calc import PROCEDURES

    asked = {yaml.safe_load(p.read_text(encoding="utf-8"))["procedure"] for p in EXAMPLES}
    from tests.rules.mbt.options.test_procedures import ASKED

    assert set(PROCEDURES) <= asked | ASKED, set(PROCEDURES) - asked - ASKED
