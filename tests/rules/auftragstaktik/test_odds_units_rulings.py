"""Exact odds against sampled frequencies, the bundled units re-derived, rulings complete,
stat-line round trips, and the spotting sum over arrays."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.ask.calc import run_case
from umpire.core.dice import SeededDice
from umpire.rules.auftragstaktik.data import ruling_book, rulings, tables
from umpire.rules.auftragstaktik.library import find_unit, library
from umpire.rules.auftragstaktik.rating import rate
from umpire.rules.auftragstaktik.statline import parse_statline
from umpire.rules.auftragstaktik.statline_format import format_statline

FIRE: dict[str, Any] = {
    "ruleset": "auftragstaktik",
    "procedure": "fire",
    "shooter": {"unit": "T-80B Company", "orders": "HA", "moved": True},
    "target": {"unit": "M1A1 Company", "orders": "HA"},
    "weapon": "gun",
    "range": 4,
    "aspect": "flank",
}


@pytest.mark.parametrize("method", ["1d10", "2d6-2"])
def test_odds_sum_to_one_and_match_sampling(method: str) -> None:
    case = {**FIRE, "rulings": {"dice.method": method}}
    answer, _ = run_case(dict(case), odds=True)
    odds = answer.odds
    assert odds is not None and abs(sum(odds.values()) - 1) < 1e-12
    n = 4000
    rng = random.Random(20240601)
    counts: Counter[str] = Counter()
    from umpire.rules.auftragstaktik.calc import _hits_label

    for _ in range(n):
        a, _ = run_case(dict(case), dice=SeededDice(rng.randrange(10**9)))
        assert a.resolution is not None
        counts[_hits_label(a.resolution)] += 1
    assert set(counts) <= set(odds)
    chi2 = sum((counts[k] - n * p) ** 2 / (n * p) for k, p in odds.items() if p > 0)
    # generous bound for <= 4 degrees of freedom (p < 0.001 is about 18.5)
    assert chi2 < 25, (chi2, counts, odds)


def test_odds_for_the_issue_fire_case() -> None:
    answer, _ = run_case(
        {**FIRE, "target": {**FIRE["target"]}, "aspect": "front", "range": 6}, odds=True
    )
    assert answer.odds == {"no effect": pytest.approx(0.9), "1 hit": pytest.approx(0.1)}


def test_every_ruling_of_the_ambiguities_list() -> None:
    book = ruling_book()
    ids = {r.id for r in book.rulings}
    assert {i for i in ids if i.startswith("A")} == {f"A{n:02d}" for n in range(1, 128)}
    assert {i for i in ids if not i.startswith("A")} == {f"U{n:02d}" for n in range(1, 16)}  # umpire's own
    for r in book.rulings:
        assert r.default in r.choices and r.rule and r.reason
    names = book.by_name()
    assert names["fire.flank_rear_shift_direction"].default == "firer"
    assert names["hq_roll.band_7_8"].default == "delay"
    assert names["dice.method"].choices.keys() == {"1d10", "2d6-2"}


def test_every_ruling_the_code_asks_for_is_declared() -> None:
    from pathlib import Path

    import umpire.rules.auftragstaktik as pkg
    from umpire.registry import find_ruleset

    names = set(ruling_book().by_name()) | set(find_ruleset("auftragstaktik").campaign_book().book().by_name())
    used: set[str] = set()
    for path in Path(pkg.__file__).parent.glob("*.py"):
        used |= set(re.findall(r'rulings\["([a-z0-9_.]+)"\]', path.read_text(encoding="utf-8")))
    assert used and used <= names, used - names


@pytest.mark.parametrize("entry", library(), ids=[u.name for u in library()])
def test_every_shipped_unit_is_rederived(entry: Any) -> None:
    unit, how = rate(entry.spec, rulings(), name=entry.name)
    assert format_statline(unit) == format_statline(parse_statline(entry.statline))
    assert how and entry.sources


def test_both_blocs_and_roles_are_shipped() -> None:
    units = library()
    assert {u.bloc for u in units} == {"NATO", "Warsaw Pact"}
    for bloc in ("NATO", "Warsaw Pact"):
        roles = {u.role for u in units if u.bloc == bloc}
        assert {"tank", "ifv", "infantry", "artillery", "hq"} <= roles


def test_t80b_matches_the_rulebook_line() -> None:
    printed = parse_statline(
        "sc or mc | 10t | 11* | G(g/g): 11 M(g): 12* [10] | HE (g/g): M HW: 2 [6] | -- | IR"
    )
    unit, _ = rate(find_unit("T-80B Company").spec, rulings())
    assert unit.sizes[0] in printed.sizes
    assert unit.model_copy(update={"sizes": printed.sizes, "name": ""}) == printed


def test_cyrillic_alias() -> None:
    assert find_unit("Т-80Б").name == "T-80B Company"


@given(
    st.sampled_from(
        [u.statline for u in library()]
        + [
            "lp | H | 1m/2 | M(a,3): 14^ [12] | HW (mp): 4 [6] | +2 | TI GSR h/k AD(m/a): 6 [10]",
            "sb | 4lw | {0/-2} | G(-/-): 6* [4] | SA: 0/4 | VLb (-2) [8] | SL eng",
        ]
    )
)
def test_statline_round_trip(line: str) -> None:
    unit = parse_statline(line)
    assert parse_statline(format_statline(unit)) == unit


def test_spotting_parts_broadcast_over_arrays() -> None:
    import numpy as np

    from umpire.rules.auftragstaktik.spotting import (
        Spotted,
        Spotter,
        distance_part,
        pair_part,
        spot,
        spotter_part,
        target_part,
    )

    t, r = tables(), rulings()
    spotters = [Spotter(), Spotter(orders="HA", moved=True, thermal=True)]
    targets = [Spotted(), Spotted(kind="troop", moved=False, cover=True)]
    d = np.array([[1.0, 5.0], [9.0, 13.5]])
    s = np.array([spotter_part(x, False, t) for x in spotters])[:, None]
    x = np.array([target_part(y, t, r) for y in targets])[None, :]
    p = np.array([[pair_part(a, b, t) for b in targets] for a in spotters])
    total = s + x + p + distance_part(d, t, r)
    for i, a in enumerate(spotters):
        for j, b in enumerate(targets):
            res = spot(a, b, float(d[i, j]), r)
            assert res.outcome["total"] == total[i, j]
            assert res.outcome["spotted"] == (total[i, j] > 0)
