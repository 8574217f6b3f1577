"""Every worked example in tests/examples/auftragstaktik/ (one YAML per example: source, input,
dice, expected outcome and modifiers), run through ``umpire calc``'s dispatcher."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from umpire.ask.calc import run_case

EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "auftragstaktik").glob("*.yaml"))


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 10


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example(path: Path) -> None:
    ex: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert ex["source"], "every example names its source in the rules"
    case = {
        "ruleset": "auftragstaktik",
        "procedure": ex["procedure"],
        **ex["input"],
        "dice": ex["dice"],
    }
    answer, _ = run_case(case)
    got = answer.to_json()
    want = ex["expect"]
    for key, value in want.get("outcome", {}).items():
        assert got["outcome"][key] == value, key
    for key in ("column", "modified_roll", "net_shift", "net_drm"):
        if key in want:
            assert got[key] == want[key], key
    for key in ("modifiers", "shifts"):
        if key in want:
            assert [{k: m[k] for k in ("name", "value", "rule")} for m in got[key]] == want[key], (
                key
            )
