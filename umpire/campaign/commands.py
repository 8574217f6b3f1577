"""What ``umpire campaign next`` and ``import`` do, over a :class:`~umpire.campaign.engine.Campaign`.

``set_up`` writes a scheduled game as a game file (checked whole before anything is written,
then recorded in the campaign's log); ``import_games`` reads every game file first and then
imports them all in one transaction, so one bad file writes nothing.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.campaign.engine import Campaign, Done
    from umpire.engine.game import Game


def same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file (``b`` need not exist yet)."""
    try:
        if Path(b).exists():
            return os.path.samefile(a, b)
    except OSError:
        return False
    return Path(a).resolve() == Path(b).resolve()


def guard_output(campaign: Campaign, out: Path, option: str = "--out") -> None:
    """:raises UmpireError: if ``out`` is the campaign file (or its journal), or another file no
    output of this command may overwrite (:func:`umpire.reports.files.protect`)."""
    from umpire.reports.files import check_not_protected, protect_also

    protect_also(campaign.path)
    check_not_protected(Path(out), option)


def set_up(campaign: Campaign, game_id: str, out: Path, *, replace: bool = False) -> tuple[Game, str]:
    """Write game ``game_id`` as a game file at ``out`` and record it; returns the game and a line.

    The game is built whole beside ``out`` and recorded in the campaign's log before it is moved
    into place: a refusal of either (a full disk, a busy campaign) leaves no game file, and a
    rerun starts afresh. An existing file at ``out`` is replaced only with ``replace`` (and only
    if it is a game file)."""
    from umpire.campaign.actions import check_can_set_up, find_game
    from umpire.campaign.rulings import campaign_book
    from umpire.campaign.setup import game_scenario, game_seed
    from umpire.engine import Game

    guard_output(campaign, out)
    state = campaign.state
    record = find_game(state, game_id)
    check_can_set_up(state, record)
    rulings = campaign_book(state.ruleset).select(state.rulings)
    seed = game_seed(state.seed, game_id)
    scenario = game_scenario(campaign.season(), campaign.base_scenario(game_id), state, game_id, seed=seed,
                             turn_limit=rulings["campaign.game_end"] == "turn_limit_or_end")
    recorded: list[Done] = []

    def log_it() -> None:  # the game is complete but not in place yet: a refusal here leaves nothing
        recorded.extend(campaign.act([("campaign.issue", {"game": game_id, "seed": seed, "file": Path(out).name})]))

    game = Game.create(out, scenario, seed=seed, replace=replace, where=f"game {game_id}", before_install=log_it)
    (done,) = recorded
    st = game.state
    players = ", ".join(f"{state.forces[p].player_name} ({state.side_name(state.forces[p].side)})"
                        for p in record.players)
    from umpire.registry import campaign_rules

    rules = campaign_rules(st.ruleset)
    carried = sum(1 for u in st.units.values() if u.hits or bool(rules.end_of_game(u)["damage"]))
    text = (f"#{done.seq} {done.summary}: {st.name}, round {record.round}, {players}; {len(st.units)} units"
            f"{f', {carried} carrying hits or damage' if carried else ''} -> {game.path}")
    return game, text


def import_games(campaign: Campaign, paths: list[Path]) -> list[Done]:
    """Import finished games, all in one transaction (one bad file: nothing is written)."""
    from umpire.campaign.results import read_game

    if not paths:
        raise UmpireError("import: give at least one game file")
    season = campaign.season()
    state = campaign.state
    seen: dict[str, Path] = {}
    payloads = []
    for p in paths:
        if same_file(campaign.path, p):
            raise UmpireError(f"{p}: is the campaign file itself, not a game file")
        payload = read_game(Path(p), state, season)
        if payload["game"] in seen:
            raise UmpireError(f"{p}: game {payload['game']} is given twice (also {seen[payload['game']]})")
        seen[payload["game"]] = Path(p)
        payloads.append(("campaign.import", payload))
    return campaign.act(payloads)
