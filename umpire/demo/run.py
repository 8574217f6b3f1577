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
from umpire.registry import load_scenario, measuring
from umpire.rules.answer import CalcAnswer

SCENARIO = "hof-gap-meeting"


@dataclass
class DemoResult:
    game: Game
    measures: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)
    calcs: list[tuple[str, CalcAnswer]] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    mbt: Any = None  # umpire.demo.mbt.MbtDemo
    campaign: Any = None  # umpire.demo.campaign.CampaignDemo

    def close(self) -> None:
        """Close the game and campaign files (before they are moved)."""
        self.game.close()
        if self.mbt is not None:
            self.mbt.game.close()
        if self.campaign is not None:
            self.campaign.campaign.close()

    def moved(self, old: Path, new: Path) -> DemoResult:
        """This result with its files in ``new`` instead of ``old`` (the files opened again there)."""
        from umpire.campaign.engine import Campaign

        def there(p: Path) -> Path:
            return new / Path(p).relative_to(old)

        self.game = Game.open(there(self.game.path))
        self.files = [there(p) for p in self.files]
        if self.mbt is not None:
            self.mbt.game = Game.open(there(self.mbt.game.path))
            self.mbt.files = [there(p) for p in self.mbt.files]
        if self.campaign is not None:
            self.campaign.campaign = Campaign.open(there(self.campaign.campaign.path))
            self.campaign.files = [there(p) for p in self.campaign.files]
            self.campaign.lines = [line.replace(str(old), str(new)) for line in self.campaign.lines]
        return self


# The game files the demo writes, relative to its folder: one of them already there means the
# folder holds a game, which the demo replaces only when told (--replace).
GAME_FILES = ("game.db", "mbt/game.db", "campaign/season.db", "campaign/r1-north.db", "campaign/r1-south.db")


def run_demo(out: Path, *, replace: bool = False) -> DemoResult:
    """Build the demo in ``out`` (created if needed). Everything is built in a temporary folder
    beside it and moved into place at the end, so a failure while it is built leaves ``out`` as it
    was.

    :raises UmpireError: if ``out`` is not a folder, or holds a game (one of :data:`GAME_FILES`)
        and ``replace`` is not given.
    """
    from umpire.reports.files import built_aside, check_not_protected

    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UmpireError(f"--out {out}: exists and is not a folder")
    for name in GAME_FILES:
        check_not_protected(out / name)
    there = [out / name for name in GAME_FILES if (out / name).exists()]
    if there and not replace:
        raise UmpireError(f"--out {out}: holds a game already ({there[0]}); give another folder, or --replace "
                          "to build the demo over it")
    with built_aside(out) as work:
        result = _build(work)
        result.close()
    return result.moved(work, out)


def _build(out: Path) -> DemoResult:
    from umpire.geometry.game import measure_in_game
    from umpire.resources import resolve_scenario

    scenario = load_scenario(resolve_scenario(SCENARIO))
    game = Game.create(out / "game.db", scenario)
    from umpire.turns.auftragstaktik.script import demo_orders, play_turn

    dice = None  # the game's keyed dice: the scenario's seed decides every roll
    for turn in (1, 2):  # two whole turns from the scripted orders in data/orders/
        play_turn(game, demo_orders(turn), dice)
    result = DemoResult(game=game, files=[game.path])
    for a, b in (("a-1-64", "t80-1"), ("b-1-64", "t80-3"), ("c-4-8", "t80-2")):
        result.measures.append((a, b, measure_in_game(game.state, a, b, measuring(game.state.ruleset))))
    _add_quick_answers(result)
    _add_papers(result, out)
    result.mbt = __import__("umpire.demo.mbt", fromlist=["run_mbt_demo"]).run_mbt_demo(out / "mbt")
    from umpire.demo.campaign import run_campaign_demo

    result.campaign = run_campaign_demo(out / "campaign")
    return result


def _add_quick_answers(result: DemoResult) -> None:
    """Two quick answers from the bundled case files, with the dice fixed so the demo repeats."""
    from umpire.ask.calc import run_case
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
