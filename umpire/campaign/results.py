"""Reading a finished game file: what its units came out with, its result, its decisive events.

:func:`read_game` opens a game set up by ``umpire campaign next``, checks it is this campaign's
and finished (campaign ruling ``campaign.game_end``) and that its log replays to its state, and
returns the payload of a ``campaign.import`` event: every unit's end state, the game's result
scored by the campaign ruling ``campaign.result``, how it ended and its decisive events. The
campaign log keeps that payload, so the campaign replays without the game files.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from umpire.campaign.rulings import campaign_book
from umpire.core.state import GameState
from umpire.errors import UmpireError, unknown
from umpire.registry import campaign_rules, game_over
from umpire.reports.air import table_units

if TYPE_CHECKING:
    from umpire.campaign.season import GameSpec, Season
    from umpire.campaign.state import CampaignState
    from umpire.turns.ending import GameOver

LOSS_WORDS = ("eliminated", "surrender", "knocked out", "brewed up", "routs", "routed", "shot down",
              "compartment", "objective")
MAX_EVENTS = 12
MAX_CLAUSE = 200


def finished(state: GameState, choice: str) -> GameOver | None:
    """How the game ended, if it counts as finished under ruling ``campaign.game_end``."""
    over = game_over(state)
    if over is None:
        return None
    if choice == "end_only" and over.by != "umpire":
        return None
    if choice == "game_over_only" and over.by != "rules":
        return None
    return over


def read_game(path: Path, state: CampaignState, season: Season) -> dict[str, Any]:
    """The ``campaign.import`` payload of the game file at ``path``.

    :raises UmpireError: not a game file, not a campaign game, another campaign's, not finished,
        or a file whose state does not replay from its log.
    """
    from umpire.engine import Game

    path = Path(path)
    game = Game.open(path)
    try:
        return _read(game, path, state, season)
    finally:
        game.close()


def _read(game: Any, path: Path, state: CampaignState, season: Season) -> dict[str, Any]:
    scenario = game.scenario()
    mark = scenario.campaign
    if mark is None:
        raise UmpireError(f"{path}: not a campaign game (set up games with umpire campaign next)")
    if mark.id != state.id:
        raise UmpireError(
            f"{path}: a game of another campaign ({mark.name!r}, id {mark.id}); this campaign is "
            f"{state.name!r} (id {state.id})"
        )
    if mark.game not in state.games:

        raise UmpireError(f"{path}: {unknown('game', mark.game, state.games)}")
    rulings = campaign_book(state.ruleset).select(state.rulings)
    gs = game.state
    rs = campaign_rules(gs.ruleset)
    over = finished(gs, rulings["campaign.game_end"])
    if over is None:
        how = rs.unfinished
        raise UmpireError(
            f"{path}: game {mark.game} is not finished (turn {gs.turn}, {gs.phase}); {how} with "
            f"umpire --db {path} end (ruling campaign.game_end: {rulings['campaign.game_end']})"
        )
    diffs = game.check()
    if diffs:
        raise UmpireError(f"{path}: the file's state differs from the replay of its log ({diffs[0]}); "
                          "check it with umpire replay --check")
    _healthy(path)
    _round, spec = season.game(mark.game)
    units = {u.id: {"side": u.side, "status": u.status, "hits": u.hits, **rs.end_of_game(u)}
             for u in table_units(gs)[0].values()}  # the game's units and those that fly (MBT's helicopters)
    return {
        "game": mark.game, "campaign": mark.id, "file": path.name, "path": str(path.resolve()),
        "digest": game_digest(game), "seed": int(game.info["seed"]),
        "units": units, "start": {k: v.model_dump(mode="json") for k, v in mark.carried.items()},
        "result": score(gs, spec, over, rulings["campaign.result"], state),
        "ended": {**over.to_json(), "turn": gs.turn, "reason": ended_text(over, gs, rs.ended_by_rules)},
        "events": decisive_events(game),
    }


def _healthy(path: Path) -> None:
    """Refuse a game file ``umpire doctor`` would call damaged: what it holds that umpire did not
    make (a planted table, trigger or view), rolls the seed does not give, rows that differ from
    the log. Its first problems are named, and the command that lists them all.

    :raises UmpireError: one line."""
    from umpire.engine.doctor import diagnose

    found = diagnose(path).problems
    if found:
        said = "; ".join(found[:3]) + (f"; and {len(found) - 3} more" if len(found) > 3 else "")
        raise UmpireError(f"{path}: not imported: the game file is damaged ({len(found)} problem"
                          f"{'s' if len(found) != 1 else ''}: {said}); umpire --db {path} doctor lists them")


def game_digest(game: Any) -> str:
    """A digest of what a game file's log holds in force: every action's kind, input, results and
    dice, in order. An amendment, an undo or an action added changes it; a file copied or
    opened does not (a game undone and redone is the same game)."""
    import hashlib
    import json

    from umpire.store.events import effective, stored_results

    text = json.dumps([[e.kind, e.payload, e.summary, stored_results(e), [[r.sides, list(r.values), r.key]
                                                                          for r in e.rolls]]
                       for e in effective(game.events())], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def ended_text(over: GameOver, gs: GameState, by_rules: str) -> str:
    """How the game ended, in words for the story (``by_rules``: how the ruleset says its rules ended it)."""
    if over.by == "rules":
        return f"{by_rules}, in turn {gs.turn}"
    if over.by == "umpire":
        return f"called by the umpire in turn {over.turn}: {over.reason}"
    return over.reason


def score(gs: GameState, spec: GameSpec, over: GameOver, choice: str, state: CampaignState) -> dict[str, Any]:
    """The game's result under ruling ``campaign.result``: points per side, the winner, why."""
    sides = [s.id for s in state.sides]
    rs = campaign_rules(gs.ruleset)
    every = table_units(gs)[0]  # the game's units and those that fly (MBT's helicopters)
    lost = {s: [u.id for u in every.values() if u.side == s and u.status in rs.lost_statuses] for s in sides}
    own = rs.campaign_score(gs, over.by == "rules", choice, lost)
    if own is not None:
        return {"winner": own["winner"], "points": own["points"], "reason": own["reason"], "lines": own["lines"],
                "lost": lost, "objectives": own["objectives"]}
    book = campaign_book(gs.ruleset)
    points = dict.fromkeys(sides, 0)
    lines = []
    held: dict[str, list[str]] = {s: [] for s in sides}
    if choice in ("losses", "losses_and_objectives"):
        for s in sides:
            for enemy in sides:
                if enemy == s:
                    continue
                for uid in lost[enemy]:
                    pts = book.loss_points(every[uid].kind)
                    points[s] += pts
                    lines.append(f"{s}: {pts} for {uid} ({every[uid].status})")
    if choice in ("objectives", "losses_and_objectives"):
        for o in spec.objectives:
            holder = objective_holder(gs, o.terrain)
            if holder is not None:
                points[holder] += o.points
                held[holder].append(o.terrain)
                lines.append(f"{holder}: {o.points} for holding objective {o.terrain}")
    margin = book.numbers.win_margin
    a, b = sides
    winner = a if points[a] - points[b] >= max(margin, 1) else b if points[b] - points[a] >= max(margin, 1) else None
    tally = ", ".join(f"{state.side_name(s)} {points[s]}" for s in sides)
    reason = (f"{state.side_name(winner)} wins, {tally} (a win needs {margin} points more)" if winner
              else f"a draw, {tally} (a win needs {margin} points more)")
    return {"winner": winner, "points": points, "reason": reason, "lines": lines, "lost": lost, "objectives": held}


def objective_holder(gs: GameState, terrain_id: str) -> str | None:
    """The side holding an objective at the end: a living, unrouted stand with its centre on it
    (within 1" of a line feature) and no such enemy stand there."""
    from shapely.geometry import LineString, Point, Polygon

    t = next((t for t in gs.terrain if t.id == terrain_id), None)
    if t is None:
        return None
    shape = Polygon(t.polygon) if t.polygon else LineString(t.line or []).buffer(1.0)
    there = {
        u.side for u in gs.units.values()
        if u.placed and u.status in ("ok", "checked") and shape.covers(Point(u.x, u.y))
    }
    return next(iter(there)) if len(there) == 1 else None


def decisive_events(game: Any) -> list[str]:
    """The clauses of the game's log that tell of losses, routs and objectives, each with its turn
    (at most :data:`MAX_EVENTS`), and how the game ended."""
    from umpire.store.events import effective

    out: list[str] = []

    def telling(text: str) -> bool:
        low = text.lower()
        quiet = ("does not fire", "falls back", "holds fire", "may not fire")  # consequences, not events
        return any(w in low for w in LOSS_WORDS) and not low.startswith("warning") and not any(q in low for q in quiet)

    for e in effective(game.events()):
        clauses = [re.sub(r"^[A-Z][A-Za-z ]* [Pp]hase resolved: ", "", c) for c in str(e.summary).split("; ")]
        found = [c for c in clauses if telling(c)]
        if not found:
            # A phase summed up in general words (MBT): its shots tell what happened, each
            # "firer fires ... at target: ... knocked out"; the unit's own damage notes repeat them.
            found = [str(r.get("summary", "")) for r in e.results if isinstance(r, dict)
                     and telling(str(r.get("summary", ""))) and not re.match(r"^[\w-]+: ", str(r.get("summary", "")))]
        for text in found:
            text = text if len(text) <= MAX_CLAUSE else text[: MAX_CLAUSE - 1] + "…"
            out.append(f"turn {e.turn}: {text}")
    if len(out) > MAX_EVENTS:
        out = out[: MAX_EVENTS - 1] + [f"... and {len(out) - MAX_EVENTS + 1} more"]
    return out
