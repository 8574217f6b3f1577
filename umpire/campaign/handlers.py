"""The campaign's actions by event kind: the games set up and imported (:mod:`.actions`), the
forfeits and stand-ins (:mod:`.absences`)."""

from __future__ import annotations

from umpire.campaign.absences import forfeit, replace_player
from umpire.campaign.actions import Handler, import_game, issue

HANDLERS: dict[str, Handler] = {
    "campaign.issue": issue,
    "campaign.import": import_game,
    "campaign.forfeit": forfeit,
    "campaign.replace": replace_player,
}
