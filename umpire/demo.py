"""The demo: the bundled Auftragstaktik scenario played a little, in a folder of its own.

Kept apart from the CLI so tests can run it and later features (turns, reports, PDFs) extend the
one showcase.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from umpire.engine import Game
from umpire.errors import UmpireError
from umpire.rules.answer import CalcAnswer

SCENARIO = "hof-gap-meeting"


@dataclass
class DemoResult:
    game: Game
    measures: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)
    calcs: list[tuple[str, CalcAnswer]] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    mbt: Any = None  # umpire.demo_mbt.MbtDemo
    campaign: Any = None  # umpire.demo_campaign.CampaignDemo


def run_demo(out: Path) -> DemoResult:
    """Build the demo game in ``out`` (created if needed; an old demo game there is replaced)."""
    from umpire.geometry.game import measure_units
    from umpire.registry import aspect, inside_depth
    from umpire.scenarios import resolve_scenario
    from umpire.schema.scenario import load_scenario

    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UmpireError(f"--out {out}: exists and is not a folder")
    from umpire.reports.files import check_not_protected

    for inside in (out / "game.db", out / "mbt" / "game.db"):
        check_not_protected(inside)
    out.mkdir(parents=True, exist_ok=True)
    scenario = load_scenario(resolve_scenario(SCENARIO))
    game = Game.create(out / "game.db", scenario, replace=True)
    from umpire.turns.auftragstaktik.script import demo_orders, play_turn

    dice = None  # the game's keyed dice: the scenario's seed decides every roll
    for turn in (1, 2):  # two whole turns from the scripted orders in data/orders/
        play_turn(game, demo_orders(turn), dice)
    result = DemoResult(game=game, files=[game.path])
    for a, b in (("a-1-64", "t80-1"), ("b-1-64", "t80-3"), ("c-4-8", "t80-2")):
        result.measures.append((a, b, measure_units(game.state, a, b, inside_depth, aspect)))
    _add_quick_answers(result)
    _add_papers(result, out)
    result.mbt = __import__("umpire.demo_mbt", fromlist=["run_mbt_demo"]).run_mbt_demo(out / "mbt")
    from umpire.demo_campaign import run_campaign_demo

    result.campaign = run_campaign_demo(out / "campaign")
    return result


def _add_quick_answers(result: DemoResult) -> None:
    """Two quick answers from the bundled case files, with the dice fixed so the demo repeats."""
    from umpire.calc import run_case
    from umpire.resources import resource_dir
    from umpire.schema.load import read_yaml

    cases = resource_dir("data") / "cases"
    answer, _ = run_case(read_yaml(cases / "fire.yaml"), rolls=[10], odds=True, where="fire.yaml")
    result.calcs.append(("umpire calc fire data/cases/fire.yaml --roll 10 --odds", answer))
    answer, _ = run_case(read_yaml(cases / "mbt-fire.yaml"), where="mbt-fire.yaml")
    result.calcs.append(("umpire calc fire data/cases/mbt-fire.yaml   (MBT 7.4.8)", answer))


def _add_papers(result: DemoResult, out: Path) -> None:
    """The umpire's report and both briefings as PDFs, Markdown and text; a roster and an
    orders sheet."""
    from umpire.reports.files import write_demo_papers, write_demo_texts

    result.files.extend(write_demo_papers(result.game, out))
    result.files.extend(write_demo_texts(result.game, out))
