"""Games with something to report, played once per test session: the Hof Gap meeting (two
turns of the bundled orders) and the MBT matchup-A demo (two turns), and helpers to build a
report from hand-written events (a shot, a sighting) on a bundled scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from umpire.core.state import GameState
from umpire.engine import Game
from umpire.registry import initial_state, load_scenario
from umpire.reports.model import briefing, build_report, report_for_game
from umpire.reports.views import TurnReport
from umpire.store.events import StoredEvent

REPO = Path(__file__).resolve().parents[2]
AT = REPO / "data" / "scenarios" / "hof-gap-meeting.yaml"
MBT = REPO / "data" / "scenarios" / "mbt-meeting.yaml"


def play_at(path: Path, turns: int = 2) -> Game:
    from umpire.turns.auftragstaktik.script import demo_orders, play_turn

    game = Game.create(path, load_scenario(AT))  # the scenario's seed and its keyed dice
    for turn in range(1, turns + 1):
        play_turn(game, demo_orders(turn))
    return game


def play_mbt(folder: Path) -> Game:
    from umpire.demo.mbt import run_mbt_demo

    return run_mbt_demo(folder).game


@pytest.fixture(scope="session")
def at_game(tmp_path_factory) -> Game:
    return play_at(tmp_path_factory.mktemp("at") / "game.db")


@pytest.fixture(scope="session")
def mbt_game(tmp_path_factory) -> Game:
    return play_mbt(tmp_path_factory.mktemp("mbt"))


@pytest.fixture
def report(at_game) -> TurnReport:
    return report_for_game(at_game)


@pytest.fixture
def mbt_report(mbt_game) -> TurnReport:
    return report_for_game(mbt_game)


# -- hand-written events -------------------------------------------------------------------------
def shot(seq: int, firer: str, target: str, *, turn: int = 1, hits: int = 1, eliminated: bool = False,
         notes: tuple[str, ...] = (), sighted: list[dict] | None = None, **extra) -> dict:
    """A stored fire resolution as the turn code writes it."""
    return {
        "ruleset": extra.pop("ruleset", "auftragstaktik"), "procedure": "fire", "firer": firer, "target": target,
        "weapon": extra.pop("weapon", "gun"), "range": 12.5,
        "outcome": extra.pop("outcome", {"hits": hits, "eliminated": eliminated}),
        "summary": f"{firer} fires at {target}",
        "modifiers": extra.pop("modifiers", [{"name": "firer unspotted", "value": 4, "rule": "COMBAT", "kind": "drm",
                                              "detail": ""}]),
        "shifts": [], "cell": {"table": "CRT", "row": 7, "column": "+3", "value": hits},
        "rolls": [{"why": "to-hit roll (1d10)", "sides": 10, "values": [7]}], "modified_roll": 9,
        "notes": list(notes), "provenance": {"estimated": extra.pop("estimated", [])}, "sighted": sighted or [],
        **extra,
    }


def sighting(side: str, seen: dict[str, tuple[str, list[float]]], ruleset: str = "auftragstaktik") -> dict:
    return {"ruleset": ruleset, "procedure": "sighting", "outcome": {}, "summary": "", "record": True, "side": side,
            "sighted": [{"by": side, "unit": u, "level": lvl, "at": at} for u, (lvl, at) in seen.items()]}


def killed(unit: str, how: str | None = None) -> dict:
    entry = {"unit": unit, "status": ["ok", "eliminated"], "hits": [0, 4]}
    if how:
        entry["destroyed"] = how
    return {"ruleset": "x", "procedure": "changes", "outcome": {}, "record": True, "side": "umpire", "units": [entry]}


def event(seq: int, turn: int, phase: str, *results: dict, kind: str = "auftragstaktik.phase") -> StoredEvent:
    return StoredEvent(seq=seq, kind=kind, payload={}, summary=f"event {seq}", turn=turn, phase=phase,
                       results=tuple(r for r in results if not r.get("record")),
                       records=tuple({**r, "n": n} for n, r in enumerate(results) if r.get("record")))


def hand_report(events: list[StoredEvent], path: Path = AT, end: GameState | None = None) -> TurnReport:
    start = initial_state(load_scenario(path), seed=1)
    return build_report(end or start, events, initial=start)


def all_briefings(report: TurnReport) -> dict[str, TurnReport]:
    return {s.id: briefing(report, s.id) for s in report.sides}
