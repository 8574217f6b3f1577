"""Games not played and players who leave: forfeits, stand-ins, and byes (campaign rulings
``campaign.forfeit``, ``campaign.stand_in`` and ``campaign.bye``).

- ``campaign.forfeit`` (``umpire campaign forfeit --game G --side S``): side S cannot play
  game G. The game is recorded as played, with a result by the ruling, and nobody's forces
  change: no losses, no recovery or repair rolls, the hits and damage carried stay as they
  were, for the game was not fought. If it was the round's last game, the round closes as
  after any game (replacements).
- ``campaign.replace`` (``umpire campaign replace --player P --name NAME``): another player
  takes over P's force from the round being played on, with its losses; the one who left is
  kept (``ForceRecord.earlier``) for the standings.
- A bye is a round the schedule gives a player no game in; what it earns is the standings'
  (:mod:`umpire.campaign.standings`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.campaign.actions import Applied, check_can_set_up, find_game
from umpire.campaign.rulings import campaign_book
from umpire.campaign.state import CampaignState, GameResult
from umpire.errors import UmpireError, unknown

if TYPE_CHECKING:
    from umpire.core.dice import Dice


def forfeit(state: CampaignState, payload: dict[str, Any], dice: Dice) -> Applied:
    from umpire.campaign.between import close_round

    del dice
    game = find_game(state, str(payload["game"]))
    side = str(payload["side"])
    sides = [s.id for s in state.sides]
    if side not in sides:
        raise unknown("side", side, sides)
    check_can_set_up(state, game)
    book = campaign_book(state.ruleset)
    rulings = book.select(state.rulings)
    choice = rulings["campaign.forfeit"]
    other = next(s for s in sides if s != side)
    why = str(payload.get("reason") or "")
    new = state.copy_for_change()
    g = new.games[game.id]
    points = dict.fromkeys(sides, 0)
    if choice == "loss":
        points[other] = book.numbers.forfeit
        reason = f"{state.side_name(other)} wins: {state.side_name(side)} forfeits"
    else:
        reason = f"{state.side_name(side)} forfeits: {'a draw' if choice == 'draw' else 'the game counts for nothing'}"
    reason += f" ({why}; ruling campaign.forfeit: {choice})" if why else f" (ruling campaign.forfeit: {choice})"
    g.result = GameResult(winner=other if choice == "loss" else None, reason=reason, points=points,
                          lost={s: [] for s in sides}, damaged={s: [] for s in sides}, turn=0,
                          ended=f"forfeited by {state.side_name(side)}", forfeit=side)
    g.status, g.file = "played", None
    text = f"game {g.id} forfeited: {reason}; nobody's forces change"
    if all(x.status == "played" for x in new.games_of(g.round)):
        closing = close_round(new, g.round, book, rulings)
        text += f"; round {g.round} is finished" + (": " + "; ".join(closing) if closing else "")
    return Applied(new, text, g.round)


def replace_player(state: CampaignState, payload: dict[str, Any], dice: Dice) -> Applied:
    del dice
    pid, name = str(payload["player"]), str(payload.get("name") or "").strip()
    if pid not in state.forces:
        raise unknown("player", pid, state.forces)
    if not name:
        raise UmpireError(f"--name: give the name of the player who takes over {pid}'s force")
    if state.finished:
        raise UmpireError(f"--player {pid}: the season is over; nobody can take over a force now")
    force = state.forces[pid]
    if name == force.player_name:
        raise UmpireError(f"--name {name!r}: {name} already commands {pid}'s force")
    new = state.copy_for_change()
    f = new.forces[pid]
    f.earlier.append((f.player_name, state.round - 1))
    old, f.player_name = f.player_name, name
    return Applied(new, f"{name} takes over {f.name} ({pid}) from {old}, from round {state.round} on; its losses stay",
                   state.round)
