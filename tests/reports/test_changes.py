"""The change report's rules on small hand-made runs (#26): a consequence carried from action to
action is said once, where the runs part; a unit's condition is said as it was in each run; the
game's result is compared; an action that stored only its summary is compared item by item."""

from __future__ import annotations

from umpire.reports.changes import Run, changes, render
from umpire.store.events import StoredEvent


def _ev(seq: int, *results: dict, kind: str = "mbt.phase", summary: str = "", phase: str = "fire") -> StoredEvent:
    return StoredEvent(seq, kind, {}, summary, 1, phase, results=tuple(results))


def _sighting(side: str, *units: str) -> dict:
    return {"procedure": "sighting", "side": side, "record": True,
            "sighted": [{"by": side, "unit": u, "level": "full", "at": [1.0, 1.0]} for u in units]}


def _victory(reason: str, **points: int) -> dict:
    return {"procedure": "victory", "side": "umpire", "summary": reason,
            "outcome": {"points": points, "reason": reason, "lines": [f"{s}: {p}" for s, p in points.items()]}}


def test_a_sighting_carried_from_action_to_action_is_said_once():
    """The corrected run sees m1-1 from #1 on, the first run only from #4: said at #1 and #4,
    not under #2 and #3 (the audit saw one such change repeated under 11 actions)."""
    old = [_ev(1, _sighting("ussr")), _ev(2, _sighting("ussr")), _ev(3, _sighting("ussr")),
           _ev(4, _sighting("ussr", "m1-1"))]
    new = [_ev(11, _sighting("ussr", "m1-1")), _ev(12, _sighting("ussr", "m1-1")),
           _ev(13, _sighting("ussr", "m1-1")), _ev(14, _sighting("ussr", "m1-1"))]
    report = changes("mbt", zip(old, new, strict=True))
    assert {c.old: c.lines for c in report} == {1: ["ussr now spots m1-1"], 4: ["ussr no longer spots m1-1"]}


def test_a_stand_that_had_a_hit_is_not_unharmed_before_it_is_eliminated():
    dies = {"procedure": "changes", "side": "umpire", "record": True,
            "units": [{"unit": "t80-1", "status": ["ok", "eliminated"], "hits": [1, 4]}]}
    run = Run(cond={"t80-1": ("ok", 1, None)})
    report = changes("auftragstaktik", [(_ev(5), _ev(9, dies))], run=run)
    assert report[0].lines == ["t80-1: 1 hit -> eliminated"]
    # without the run's start, the condition before is the one the change itself records
    assert changes("auftragstaktik", [(_ev(5), _ev(9, dies))])[0].lines == ["t80-1: 1 hit -> eliminated"]
    back = changes("auftragstaktik", [(_ev(5, dies), _ev(9))], run=run)
    assert back[0].lines == ["t80-1: eliminated -> 1 hit"]


def test_the_games_result_and_its_victory_points_are_compared():
    """The audit's MBT amendment: the game went from a win to a tie, and nothing said so."""
    old = _ev(7, _victory("ussr leads by 50, 30 or more wins", ussr=75, nato=25), phase="adjustment")
    new = _ev(17, _victory("ussr leads by 25, less than 30 is a tie", ussr=50, nato=25), phase="adjustment")
    report = changes("mbt", [(old, new)])
    assert report[0].lines == ["victory points scored by ussr: 75 -> 50", "no longer scored: ussr: 75",
                               "now scored: ussr: 50"]
    assert (report[-1].title, report[-1].lines) == ("the game's result", [
        "ussr leads by 50, 30 or more wins -> ussr leads by 25, less than 30 is a tie"])
    assert render(report, 0)[-2:] == [
        "the game's result:", "  ussr leads by 50, 30 or more wins -> ussr leads by 25, less than 30 is a tie"]


def test_points_scored_once_are_not_said_again_at_every_later_tally():
    old = [_ev(1, _victory("so far", nato=19)), _ev(2, _victory("so far", nato=94))]
    new = [_ev(11, _victory("so far", nato=0)), _ev(12, _victory("so far", nato=75))]
    report = changes("mbt", zip(old, new, strict=True))
    assert [c.old for c in report] == [1, 2]  # the tally's lines differ at #2 (94 against 75) ...
    assert "victory points scored by nato: 19 -> 0" in report[0].lines
    assert not any(ln.startswith("victory points scored") for ln in report[1].lines)  # ... not what #2 scored


def test_an_orders_table_is_compared_unit_by_unit():
    old = _ev(5, kind="mbt.orders", summary='orders for Soviet Union entered (turn 1): t64-1 M 5/5", t64-2 OW')
    new = _ev(15, kind="mbt.orders", summary='orders for Soviet Union entered (turn 1): t64-1 M 4/5", t64-2 OW')
    assert changes("mbt", [(old, new)])[0].lines == ['t64-1 M 4/5" (was: 5/5")']


def test_a_result_that_differs_only_in_its_details_names_them():
    shot = {"procedure": "morale", "battalion": "1-tb", "summary": "morale of 1-tb: pass",
            "outcome": {"result": "pass"}, "modified_roll": 4, "modifiers": [{"name": "losses", "value": -1}]}
    other = {**shot, "modified_roll": 3, "modifiers": [{"name": "losses", "value": -2}]}
    lines = changes("auftragstaktik", [(_ev(10, shot), _ev(20, other))])[0].lines
    assert lines == ["morale of 1-tb: pass: as before, but modified roll 4 -> 3; other modifiers"]
