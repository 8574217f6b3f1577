"""``--odds`` lists what befalls the target, and each chance is what resolving every die face
gives (issue #12, point 4).

COMBAT > Hit Effects: "4 hits: eliminated"; "Troop stands that are in close terrain ... may be
eliminated only by close combat." The odds table names outcomes (no effect, so many hits, the
total where the target already had hits, eliminated), so a 3-hit stand in the open shows only
"no effect" and "eliminated", and a troop stand in close terrain never shows "eliminated".
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from umpire.ask.calc import run_case
from umpire.core.dice import ScriptedDice

INF = "mc | 2 | {0} | M(g): 10* [4] CC: 2 | HW: 2 [4] SA: 2/4 | -- | II"
SHOOTERS = {
    "T-72A Company": ("gun", "he", "hw"),
    "BMP-2 Company": ("missile", "hw"),
    INF: ("hw", "sa", "missile"),
}
TARGETS = {"M1A1 Company": False, INF: True, "BM-21 Battery": False}


def _stand(name: str) -> dict[str, Any]:
    return {"statline": name} if "|" in name else {"unit": name}


@st.composite
def fire_cases(draw: st.DrawFn) -> dict[str, Any]:
    shooter = draw(st.sampled_from(sorted(SHOOTERS)))
    weapon = draw(st.sampled_from(SHOOTERS[shooter]))
    target = draw(st.sampled_from(sorted(TARGETS)))
    tgt = {**_stand(target), "hits": draw(st.integers(0, 3)),
           "orders": draw(st.sampled_from(["NO", "HA", "DA"]))}
    tgt["moved"] = tgt["orders"] != "NO"
    if TARGETS[target]:
        tgt["cover"] = draw(st.sampled_from(["none", "light", "heavy"]))
        tgt["buildings"] = tgt["cover"] == "heavy" and draw(st.booleans())
    return {
        "procedure": "fire", "ruleset": "auftragstaktik",
        "shooter": {**_stand(shooter), "orders": "NO"},
        "target": tgt, "weapon": weapon,
        "range": draw(st.sampled_from([1, 2])),
        "aspect": draw(st.sampled_from(["front", "flank", "rear"])),
        "rulings": {"dice.method": draw(st.sampled_from(["1d10", "2d6-2"]))},
    }


def befalls(outcome: dict[str, Any]) -> tuple[bool, int]:
    """What a resolution did to the target: (eliminated, hits added)."""
    return bool(outcome.get("eliminated")), int(outcome.get("hits", 0))


def read_label(label: str) -> tuple[bool, int]:
    """What an odds label says befell the target."""
    if label == "eliminated":
        return True, -1
    if label == "no effect":
        return False, 0
    return False, int(label.split(" ", 1)[0])


@given(fire_cases())
def test_odds_are_the_outcomes_of_every_die_face(case: dict[str, Any]) -> None:
    answer, _ = run_case(dict(case), odds=True)
    assert answer.odds is not None
    by_faces: dict[tuple[bool, int], Fraction] = {}
    two_d6 = case["rulings"]["dice.method"] == "2d6-2"
    faces = list(itertools.product(range(1, 7), repeat=2)) if two_d6 else [(f,) for f in range(1, 11)]
    for face in faces:
        res, _ = run_case(dict(case), dice=ScriptedDice(face))  # a shot may roll no die
        assert res.resolution is not None
        eliminated, hits = befalls(res.resolution.outcome)
        key = (True, -1) if eliminated else (False, hits)
        by_faces[key] = by_faces.get(key, Fraction(0)) + Fraction(1, len(faces))
        total = int(res.resolution.outcome.get("total_hits", hits))
        if not eliminated and total >= 4:  # close terrain: hits pile up, the stand stays
            assert any("not eliminated: close terrain" in k for k in answer.odds)
    listed: dict[tuple[bool, int], float] = {}
    for label, p in answer.odds.items():
        key = read_label(label)
        listed[key] = listed.get(key, 0.0) + p
    assert set(listed) == set(by_faces)
    for key, p in by_faces.items():
        assert abs(listed[key] - float(p)) < 1e-9, (key, listed, by_faces)
    if case["target"]["hits"] == 3 and case["target"].get("cover", "none") == "none":
        assert set(answer.odds) <= {"no effect", "eliminated"}
