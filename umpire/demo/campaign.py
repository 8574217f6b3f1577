"""The club-campaign part of the demo: the bundled Auftragstaktik season started, round 1's two
games set up from it, each played one turn from the orders in ``data/orders/campaign/`` and then
ended by the umpire, both imported; then the standings, every player's papers for round 2 and
the season's story so far, in a folder of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEASON = "hof-autumn-1985"
GAMES = ("r1-north", "r1-south")


@dataclass
class CampaignDemo:
    campaign: Any  # umpire.campaign.engine.Campaign
    lines: list[str] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)


def run_campaign_demo(out: Path) -> CampaignDemo:
    """Build the demo campaign in ``out`` (created; the demo builds it fresh)."""
    from umpire.campaign.commands import import_games, set_up
    from umpire.campaign.engine import Campaign
    from umpire.campaign.printing import plan_round, print_round
    from umpire.campaign.season import resolve_season
    from umpire.campaign.setup import load_season
    from umpire.campaign.story_files import write_story
    from umpire.core.dice import ScriptedDice
    from umpire.resources import resource_dir
    from umpire.turns.auftragstaktik.script import play_turn

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    season, scenarios = load_season(resolve_season(SEASON))
    campaign = Campaign.create(out / "season.db", season, scenarios)
    demo = CampaignDemo(campaign, files=[campaign.path])
    orders = resource_dir("data") / "orders" / "campaign"
    for game_id in GAMES:
        game, text = set_up(campaign, game_id, out / f"{game_id}.db")
        demo.lines.append(text)
        play_turn(game, [orders / f"{game_id}-{side}-turn1.yaml" for side in ("nato", "pact")])
        demo.lines.append(game.act("end", {"reason": "the club closes after one turn"}, ScriptedDice(())).summary)
        demo.files.append(game.path)
    for done in import_games(campaign, [out / f"{g}.db" for g in reversed(GAMES)]):
        demo.lines.append(f"#{done.seq} {done.summary}")
    demo.files += print_round(plan_round(campaign, out / "papers"))
    demo.files += write_story(campaign, out / "story")
    return demo
