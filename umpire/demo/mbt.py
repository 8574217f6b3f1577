"""The MBT part of the demo: two umpired Turns of the Basic Game, matchup A (24.3), with the
orders files shipped in ``data/orders/mbt/`` and dice from the scenario's seed, then the
umpire's report and both briefings as Markdown and PDF in a folder of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from umpire.engine import Game
from umpire.registry import load_scenario

if TYPE_CHECKING:
    from umpire.reports.views import TurnReport

SCENARIO = "mbt-basic-a"
TURNS = 2


@dataclass
class MbtDemo:
    game: Game
    summaries: list[str] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)


def run_mbt_demo(out: Path) -> MbtDemo:
    """Play two Turns of the matchup-A scenario in ``out`` (created; the demo builds it fresh)."""
    from umpire.reports.editions import stamped_papers
    from umpire.reports.files import check_not_protected, write_text_atomic
    from umpire.reports.turn_text import to_markdown
    from umpire.resources import resolve_scenario, resource_dir

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    check_not_protected(out / "game.db")
    game = Game.create(out / "game.db", load_scenario(resolve_scenario(SCENARIO)))
    rules = game.turn_rules()
    dice = None  # the game's keyed dice: the scenario's seed decides every roll
    orders = resource_dir("data") / "orders" / "mbt"
    demo = MbtDemo(game=game, files=[game.path])
    for turn in range(1, TURNS + 1):
        demo.summaries.append(game.act("mbt.phase", {}, dice).summary)
        for side in game.state.side_ids():
            payload = rules.read_orders(orders / f"turn{turn}-{side}.yaml", game.state)
            demo.summaries.append(game.act("mbt.orders", payload, dice).summary)
        for _ in range(4):  # Command, Fire, Movement, Adjustment
            demo.summaries.append(game.act("mbt.phase", {}, dice).summary)
    papers = stamped_papers(game)
    for rep in papers:
        md = out / f"{'briefing-' + rep.viewer if rep.viewer else 'report'}.md"
        demo.files.append(write_text_atomic(md, to_markdown(rep)))
    demo.files.extend(_pdfs(papers, out))
    return demo


def _pdfs(papers: list[TurnReport], out: Path) -> list[Path]:
    from umpire.reports.files import write_atomic
    from umpire.reports.pdf import turn_report_pdf

    return [write_atomic(out / f"{'briefing-' + r.viewer if r.viewer else 'report'}.pdf", partial(turn_report_pdf, r))
            for r in papers]
