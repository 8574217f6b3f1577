"""Every MBT worked example the text fully specifies, as data: one YAML file per example."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.rules.mbt import advanced_examples
from umpire.ask.calc import run_case
from umpire.rules.mbt import data, gp_fire, sighting
from umpire.rules.mbt.ap_tables import locate, number_of_hits

EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "mbt").glob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example(path: Path) -> None:
    ex = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert ex["source"].startswith("MBT rulebook")
    proc, expect = ex["procedure"], ex["expect"]
    if proc in ("fire", "sight"):
        case = {"ruleset": "mbt", "procedure": proc, **ex["input"]}
        if "dice" in ex:
            case["dice"] = ex["dice"]
        answer, _ = run_case(case)
        out = answer.to_json()
        for key, want in expect.items():
            if key == "outcome":
                for k, v in want.items():
                    assert out["outcome"][k] == v, (k, out["outcome"])
            elif key.startswith("hit_") and key[4:].isdigit():
                hit = out["outcome"]["results"][int(key[4:]) - 1]
                for k, v in want.items():
                    assert hit[k] == v, (k, hit)
            elif key == "modifiers":
                got = [[m["name"], m["value"], m["rule"]] for m in out["modifiers"]]
                assert got == [[str(a), b, str(c)] for a, b, c in want]
            else:
                assert out[key] == want, (key, out[key])
    elif proc == "number_of_hits":
        for roll, hits in expect["by_roll"].items():
            assert (
                number_of_hits(ex["input"]["hit_number"], ex["input"]["rof"], roll, [])
                == hits
            )
    elif proc == "hit_location":
        card = data.card(ex["input"]["card"])
        for row in expect:
            got = locate(card, ex["input"]["angle"], row["roll"], row["falling"], [])
            assert got == row["location"], row
    elif proc == "los":
        i = ex["input"]
        for row in expect:
            ob = sighting.Obstacle(row["obstacle"]["distance"], row["obstacle"]["height"])
            res = sighting.advanced_los(i["sighter_height"], i["target_height"], i["range"], [ob])
            assert (res.blocked, res.hull_down) == (row["blocked"], row["hull_down"]), row
    elif proc == "chart_range":
        for row in expect:
            rulings = data.rulings().select(row.get("rulings"))
            v = sighting.chart_range(
                row["conditions"], row["sighter"], row["terrain"], row["size"], rulings
            )
            assert v.v == row["range"], row
    elif proc == "dep_el":
        v = sighting.dep_el_minimum(ex["input"]["number"], ex["input"]["height_diff"])
        assert v is not None and v.v == expect["minimum_range"] and not v.estimated
    elif proc == "crt":
        n, s = gp_fire.crt(ex["input"]["gp"], ex["input"]["defense"], [])
        assert gp_fire.crt_result(ex["input"]["modified_roll"], n, s) == expect["result"]
    elif proc == "gp_modified":
        advanced_examples.gp_modified(ex["input"], expect, ex["dice"])
    elif proc in advanced_examples.RUNNERS:
        advanced_examples.RUNNERS[proc](ex["input"], expect)
    else:  # pragma: no cover
        pytest.fail(f"unknown procedure {proc}")


def test_7_4_8_reports_its_estimates() -> None:
    """The example leans on two cells the text does not print: it says so."""
    case = yaml.safe_load(
        (Path(__file__).parents[2] / "examples/mbt/7.4.8-direct-fire.yaml").read_text()
    )
    answer, _ = run_case(
        {"ruleset": "mbt", "procedure": "fire", **case["input"], "dice": case["dice"]}
    )
    est = answer.to_json()["provenance"]["estimated"]
    assert est == [
        "FRG-1A hit location front TF 1-30",
        "USSR-2A 125mm APFSDS damage knocked_out 14-74",
    ]
    assert any(line.startswith("used estimated values") for line in answer.resolution.explain())
