"""The campaign's actions: ``fn(state, payload, dice) -> Applied``, one per event kind.

Like a game's handlers they never write: each checks the payload against the state (raising
:class:`~umpire.errors.UmpireError` for a user mistake), changes a copy and says what
happened, so the same function serves the live action and its replay from the log.

- ``campaign.issue``: a scheduled game was set up as a game file (its seed and file name);
- ``campaign.import``: a finished game's results (:func:`umpire.campaign.results.read_game`)
  come back: the forces match the slot, the between-games rulings apply, and the round closes
  when its last game is in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from umpire.campaign.rulings import campaign_book
from umpire.campaign.state import CampaignState, GameRecord, GameResult
from umpire.core.dice import Dice
from umpire.errors import UmpireError, unknown


@dataclass
class Applied:
    state: CampaignState
    summary: str
    round: int


Handler = Callable[[CampaignState, dict[str, Any], Dice], Applied]


def find_game(state: CampaignState, game_id: str) -> GameRecord:
    if game_id not in state.games:
        raise unknown("game", game_id, state.games)
    return state.games[game_id]


def check_can_set_up(state: CampaignState, game: GameRecord) -> None:
    """:raises UmpireError: if the game is played, or an earlier round is not finished."""
    if game.status == "played":
        how = "forfeited" if game.result is not None and game.result.forfeit else "played and imported"
        raise UmpireError(f"--game {game.id}: already {how} (round {game.round}); "
                          f"umpire campaign undo takes the {'forfeit' if how == 'forfeited' else 'import'} back")
    earlier = [g.id for g in state.games.values() if g.round < game.round and g.status != "played"]
    if earlier:
        raise UmpireError(f"--game {game.id}: round {game.round} cannot start before round {game.round - 1} "
                          f"is finished (not imported yet: {', '.join(earlier)})")


def issue(state: CampaignState, payload: dict[str, Any], dice: Dice) -> Applied:
    del dice
    game = find_game(state, str(payload["game"]))
    check_can_set_up(state, game)
    new = state.copy_for_change()
    g = new.games[game.id]
    again = g.status == "set_up"
    g.status, g.seed, g.file = "set_up", int(payload["seed"]), str(payload["file"])
    return Applied(new, f"game {g.id} {'set up again' if again else 'set up'} as {g.file} (seed {g.seed})", g.round)


def _expected(state: CampaignState, game: GameRecord) -> dict[str, dict[str, Any]]:
    return {
        u.id: {"side": f.side, "hits": u.hits, "damage": sorted(u.damage)}
        for pid in game.players for f in [state.forces[pid]] for u in f.ready()
    }


def _carried(c: dict[str, Any], other: dict[str, Any]) -> str:
    """A unit's condition at the start of a game, in words (``with 1 hit and track damage``),
    its side named when that is where it differs from ``other``."""
    hits, damage = int(c.get("hits") or 0), list(c.get("damage") or [])
    bits = [f"{hits} hit{'s' if hits != 1 else ''}"] if hits else []
    bits += [f"{', '.join(damage)} damage"] if damage else []
    side = f"on side {c.get('side')}, " if c.get("side") != other.get("side") else ""
    return side + ("with " + " and ".join(bits) if bits else "unharmed")


def check_forces(state: CampaignState, game: GameRecord, payload: dict[str, Any]) -> None:
    """The game's units are the slot's forces as the campaign has them now, starting with the
    hits and damage they carried. :raises UmpireError: naming the first difference."""
    where = f"{payload.get('file', 'game')}: game {game.id}"
    want = _expected(state, game)
    got = payload["units"]
    extra = sorted(set(got) - set(want))
    missing = sorted(set(want) - set(got))
    start = payload.get("start") or {}
    problem = ""
    if extra:
        problem = f"units {', '.join(extra)} are not in the slot's forces"
    elif missing:
        problem = f"units {', '.join(missing)} of the slot's forces are missing"
    else:
        for uid, w in want.items():
            carried = start.get(uid) or {}
            had = {"side": got[uid]["side"], "hits": int(carried.get("hits", 0)),
                   "damage": sorted(carried.get("damage", []))}
            if had != w:
                problem = f"unit {uid} started {_carried(had, w)}, but the campaign has it {_carried(w, had)}"
                break
    if problem:
        raise UmpireError(f"{where}: its forces do not match the slot ({problem}); set the game up again "
                          f"with umpire campaign next --game {game.id}")


def import_game(state: CampaignState, payload: dict[str, Any], dice: Dice) -> Applied:
    from umpire.campaign.between import after_game, close_round

    where = str(payload.get("file", "game"))
    if payload.get("campaign") != state.id:
        raise UmpireError(f"{where}: a game of another campaign (id {payload.get('campaign')}; "
                          f"this campaign is {state.id})")
    game = find_game(state, str(payload["game"]))
    if game.status == "played" and game.result is not None and game.result.forfeit:
        raise UmpireError(f"{where}: game {game.id} was forfeited by {state.side_name(game.result.forfeit)}; "
                          "umpire campaign undo takes the forfeit back")
    if game.status == "played":
        if payload.get("digest") and game.digest and payload["digest"] != game.digest:
            raise UmpireError(f"{where}: game {game.id} is already imported (from {game.file}), and the game "
                              "changed since: umpire campaign import --update brings the correction in")
        raise UmpireError(f"{where}: game {game.id} is already imported (from {game.file}); "
                          "umpire campaign undo takes an import back")
    earlier = [g.id for g in state.games.values() if g.round < game.round and g.status != "played"]
    if earlier:
        raise UmpireError(f"{where}: game {game.id} is in round {game.round}, but round {game.round - 1} is not "
                          f"finished (not imported yet: {', '.join(earlier)})")
    check_forces(state, game, payload)
    book = campaign_book(state.ruleset)
    rulings = book.select(state.rulings)
    new = state.copy_for_change()
    g = new.games[game.id]
    between = after_game(new, g, payload["units"], book, rulings, dice)
    res = payload["result"]
    damaged = {s.id: sorted(uid for uid, u in payload["units"].items() if u["side"] == s.id
                            and u.get("damage") and uid not in res["lost"].get(s.id, [])) for s in new.sides}
    g.result = GameResult(
        winner=res.get("winner"), reason=str(res.get("reason", "")), points=dict(res["points"]),
        lost={k: list(v) for k, v in res["lost"].items()}, damaged=damaged,
        objectives={k: list(v) for k, v in (res.get("objectives") or {}).items()},
        turn=int(payload["ended"]["turn"]), ended=str(payload["ended"].get("reason", "")),
        events=[str(e) for e in payload.get("events", [])], between=between,
    )
    g.status, g.file, g.seed = "played", str(payload.get("file")), int(payload.get("seed", g.seed or 0))
    g.digest = str(payload["digest"]) if payload.get("digest") else None
    text = f"game {g.id} imported: {g.result.reason}" + ("; " + "; ".join(between) if between else "")
    if all(x.status == "played" for x in new.games_of(g.round)):
        closing = close_round(new, g.round, book, rulings)
        text += f"; round {g.round} is finished" + (": " + "; ".join(closing) if closing else "")
    return Applied(new, text, g.round)
