"""How the game files beside this script were made: by umpire as it was before each unit and game
kept its own typed state (release 0.x, commit db9d942), run in a checkout of that commit:

    python tests/store/old_games/make.py OUT_FOLDER

Each file is a game played by that umpire's own code: the three scripted games whose reports
are the goldens under tests/reports/golden (Auftragstaktik at the Hof Gap, the MBT Advanced Game
in the village, the MBT options game at night), MBT's Basic Game demo for two turns, and a
campaign game of each ruleset that starts with hits and damage carried from an earlier one and
is ended by the umpire. Alongside, the reports that umpire gave of the games no golden covers
(``<name>-turnN-<reader>.txt``). They are kept as they were made: tests/store/test_old_games.py
opens them with today's umpire (the store's migrations bring them up to date), replays them and
compares their reports with the goldens.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

from umpire.engine import Game
from umpire.registry import load_scenario, scenario_from_data
from umpire.reports.model import briefing, report_for_game
from umpire.reports.turn_text import plain_text

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "data"


def mbt_turns(g: Game, orders: Path, turns: int) -> None:
    rules = g.turn_rules()
    for turn in range(1, turns + 1):
        g.act("mbt.phase", {}, None)
        for side in g.state.side_ids():
            g.act("mbt.orders", rules.read_orders(orders / f"turn{turn}-{side}.yaml", g.state), None)
        for _ in range(4):
            g.act("mbt.phase", {}, None)


def at_game(path: Path, scenario: object = None, turns: int = 3) -> Game:
    from umpire.turns.auftragstaktik.script import demo_orders, play_turn

    g = Game.create(path, scenario or load_scenario(DATA / "scenarios" / "hof-gap-meeting.yaml"))
    orders = ROOT / "tests" / "turns" / "orders"
    for turn in range(1, turns + 1):
        play_turn(g, demo_orders(turn) if turn <= 2 else [orders / f"nato-turn{turn}.yaml",
                                                          orders / f"pact-turn{turn}.yaml"])
    return g


def campaign_scenario(name: str, mark: dict) -> object:
    data = yaml.safe_load((DATA / "scenarios" / name).read_text())
    data["campaign"] = mark
    return scenario_from_data(data, where=name)


def write_reports(g: Game, name: str, out: Path, turns: int) -> None:
    for turn in range(1, turns + 1):
        full = report_for_game(g, turn=turn)
        (out / f"{name}-turn{turn}-umpire.txt").write_text(plain_text(full), encoding="utf-8")
        for side in g.state.side_ids():
            (out / f"{name}-turn{turn}-{side}.txt").write_text(plain_text(briefing(full, side)), encoding="utf-8")


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for f in out.glob("*.db"):
        f.unlink()
    for f in out.glob("*.txt"):
        f.unlink()
    at_game(out / "at-hof-gap.db")
    g = Game.create(out / "mbt-advanced.db", load_scenario(DATA / "scenarios" / "mbt-advanced-village.yaml"))
    mbt_turns(g, DATA / "orders" / "mbt-advanced", 3)
    g = Game.create(out / "mbt-options.db", load_scenario(DATA / "scenarios" / "mbt-options-night.yaml"))
    mbt_turns(g, DATA / "orders" / "mbt-options", 3)
    g = Game.create(out / "mbt-basic.db", load_scenario(DATA / "scenarios" / "mbt-basic-a.yaml"))
    mbt_turns(g, DATA / "orders" / "mbt", 2)
    write_reports(g, "mbt-basic", out, 2)
    # campaign games: hits and damage carried in, the game ended by the umpire
    g = at_game(out / "at-campaign.db", campaign_scenario("hof-gap-meeting.yaml", {
        "id": "autumn", "name": "Autumn", "game": "r1-north", "round": 1, "turns": 4,
        "carried": {"a-1-64": {"hits": 1}}}), turns=1)
    g.act("end", {"reason": "the clubhouse closes"}, None)
    write_reports(g, "at-campaign", out, 1)
    g = Game.create(out / "mbt-campaign.db", campaign_scenario("mbt-basic-a.yaml", {
        "id": "winter", "game": "g1", "round": 1,
        "carried": {"m1-1": {"damage": ["gun"]}, "t64-4": {"damage": ["track", "hull"]}}}))
    mbt_turns(g, DATA / "orders" / "mbt", 1)
    g.act("end", {"reason": "the clubhouse closes"}, None)
    write_reports(g, "mbt-campaign", out, 1)
    for f in out.glob("*.db"):
        import sqlite3

        conn = sqlite3.connect(f)
        conn.execute("vacuum")
        conn.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
