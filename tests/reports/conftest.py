"""A game with something to report: a fire event with its resolution, a template, spotting."""

from __future__ import annotations

from pathlib import Path

import pytest

from umpire.core.dice import Roll
from umpire.core.state import GameState
from umpire.reports.model import TurnReport, build_report
from umpire.schema.scenario import initial_state, load_scenario
from umpire.store.events import StoredEvent

REPO = Path(__file__).resolve().parents[2]
AT = REPO / "data" / "scenarios" / "hof-gap-meeting.yaml"
MBT = REPO / "data" / "scenarios" / "mbt-meeting.yaml"


def fire_event(seq: int, firer: str, target: str, *, hits: int = 1, template: dict | None = None) -> StoredEvent:
    resolution = {
        "ruleset": "auftragstaktik", "procedure": "direct fire", "summary": f"{firer} fires at {target}",
        "firer": firer,
        "outcome": {"hits": hits},
        "modifiers": [
            {"name": "Stabilization", "value": 2, "rule": "FIRE COMBAT > Stabilization", "kind": "drm",
             "detail": "", "unit": firer},
            {"name": "Target in woods", "value": -2, "rule": "FIRE COMBAT > Terrain", "kind": "drm",
             "detail": "", "unit": target},
            {"name": "Flank shot", "value": 2, "rule": "FIRE COMBAT > Aspect", "kind": "shift", "detail": ""},
        ],
        "shifts": [],
        "cell": {"table": "Direct fire CRT", "row": 7, "column": "+3", "value": hits},
        "rolls": [{"why": f"to hit {target}", "sides": 10, "values": [7]}],
        "modified_roll": 9,
    }
    payload = {"firer": firer, "target": target, "resolutions": [resolution]}
    if template:
        payload["template"] = template
    return StoredEvent(seq=seq, kind="fire", payload=payload, summary=f"{firer} fires at {target}: {hits} hit",
                       turn=1, phase="combat", rolls=(Roll(f"to hit {target}", 10, (7,)),))


def played(path: Path = AT) -> tuple[GameState, GameState, list[StoredEvent]]:
    """(start, end, events): NATO's a-1-64 spotted by the Pact; t80-1 spotted by NATO and hit."""
    start = initial_state(load_scenario(path), seed=1)
    end = start.copy_for_change()
    if "t80-1" in end.units and "a-1-64" in end.units:
        end.units["t80-1"].spotted_by = ["nato"]
        end.units["a-1-64"].spotted_by = ["pact"]
        end.units["t80-1"].hits = 4
        end.units["t80-1"].status = "eliminated"
        end.units["b-1-64"].hits = 1
        events = [
            fire_event(1, "a-1-64", "t80-1", hits=4),
            fire_event(2, "t80-3", "b-1-64", hits=1),  # t80-3 is NOT spotted by NATO
            fire_event(3, "mr-1", "t80-2", hits=0, template={"at": [40, 30], "radius": 2, "label": "mr-1 mortars"}),
        ]
    else:
        events = []
    return start, end, events


@pytest.fixture
def report() -> TurnReport:
    start, end, events = played()
    return build_report(end, events, before=start)


@pytest.fixture
def mbt_report() -> TurnReport:
    start = initial_state(load_scenario(MBT), seed=1)
    return build_report(start, [], before=start)
