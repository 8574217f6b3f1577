"""``umpire doctor``: everything wrong with a game file, listed (never just the first thing).

The file checks (:mod:`umpire.store.doctor`) come first; then what needs the rules: a known
ruleset, a scenario that still validates, a stored state that is a game state, action kinds
the ruleset knows, and the replay of the log compared with the stored state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from umpire.core.state import GameState, OwnModels, Terrain
from umpire.engine.game import Game
from umpire.errors import UmpireError
from umpire.store import events as log
from umpire.store.db import GameFile
from umpire.store.doctor import FileCheck, check_file
from umpire.store.history import CONTROL

if TYPE_CHECKING:
    from umpire.engine.game import Game

MAX_DIFFS = 10


@dataclass
class Diagnosis:
    path: Path
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    summary: str = ""
    stale: list[str] = field(default_factory=list)  # sound, but out of date (a campaign's game corrected since)

    @property
    def healthy(self) -> bool:
        return not self.problems and not self.stale


def diagnose(path: Path) -> Diagnosis:
    """Check the game file at ``path`` as thoroughly as umpire can, writing nothing: first what
    the file holds that umpire did not make and the seeded rolls the seed does not give, then
    the rest."""
    path = Path(path)
    fc = check_file(path)
    out = Diagnosis(path, [without_file_name(p, path) for p in fc.problems], list(fc.notes))
    seed = fc.game.get("seed") if fc.game is not None else None
    first = fc.extra + (check_dice(seed, fc.events, out) if isinstance(seed, int) else [])
    _diagnose(path, fc, out)
    out.problems[:0] = first
    return out


def check_dice(seed: int, events: list[log.StoredEvent], out: Diagnosis, *, whose: str = "game",
               keyed_by_why: bool = False) -> list[str]:
    """The seeded rolls of ``events`` the seed does not give (see
    :func:`umpire.engine.replay.dice_differences`), at most :data:`MAX_DIFFS` and a count; the
    typed ones and those without a key are counted in a note."""
    from umpire.engine.replay import dice_differences

    found = dice_differences(seed, events, whose=whose, keyed_by_why=keyed_by_why)
    rolls = [r for e in events for r in e.rolls]
    typed = sum(1 for r in rolls if r.typed)
    unkeyed = 0 if keyed_by_why else sum(1 for r in rolls if not r.typed and not r.key)
    if typed:
        out.notes.append(f"{typed} roll{'s were' if typed != 1 else ' was'} typed in (--roll, --dice manual): "
                         "kept as typed, not derived from the seed")
    if unkeyed:
        out.notes.append(f"{unkeyed} roll{'s' if unkeyed != 1 else ''} kept without a key (made before keyed "
                         "dice) cannot be checked against the seed")
    if len(found) > MAX_DIFFS:
        found = [*found[:MAX_DIFFS], f"... and {len(found) - MAX_DIFFS} more rolls not what the seed gives"]
    return found


def _diagnose(path: Path, fc: FileCheck, out: Diagnosis) -> Diagnosis:
    from umpire.engine.replay import compare

    if fc.conn is None or fc.game is None or any(p.startswith(("the game row", "the stored scenario",
                                                                 "the stored rulings", "the stored terrain"))
                                                   for p in out.problems):
        return out
    game = Game(GameFile(path, fc.conn))
    try:
        handlers = game.handlers()
    except UmpireError as exc:
        out.problems.append(f"the game's ruleset cannot be used: {without_file_name(str(exc), path)}")
        return out
    unknown = [e for e in fc.events if e.kind not in CONTROL and e.kind not in handlers]
    out.problems += [f"event #{e.seq} has an unknown action kind {e.kind!r}" for e in unknown]
    stored = _stored_state(fc.state_text, out, game.own_models())
    try:
        initial = game.scenario_state()
    except UmpireError as exc:
        out.problems.append(f"the stored scenario cannot be used: {without_file_name(str(exc), path)}")
        return out
    if stored is not None and fc.game is not None:
        try:
            terrain = Terrain.from_json(str(fc.game.get("terrain")))
            if terrain != initial.terrain:
                out.problems.append("the stored terrain differs from the stored scenario's terrain")
        except UmpireError as exc:
            out.problems.append(without_file_name(str(exc), path))
    rows = fc.units or {}
    if stored is not None and fc.units is not None:
        out.summary = f"{len(fc.events)} events, turn {stored.turn}, phase {stored.phase}"
        for r in log.unit_rows(stored):
            if rows.get(r["id"]) != r:
                out.problems.append(f"units table row {r['id']!r} differs from the stored state")
    if out.problems:
        out.notes.append("the replay was not tried: the problems above come first")
        return out
    try:
        replayed = _replay(game, initial, fc, out)
    except UmpireError as exc:
        out.problems.append(without_file_name(str(exc), path))
        return out
    if stored is not None:
        diffs = [d for d in compare(stored, replayed, rows) if not d.startswith(("units table", "terrain:"))]
        out.problems += [f"the replay differs from the stored state: {d}" for d in diffs[:MAX_DIFFS]]
        if len(diffs) > MAX_DIFFS:
            out.problems.append(f"... and {len(diffs) - MAX_DIFFS} more differences")
    return out


def _replay(game: Game, initial: GameState, fc: FileCheck, out: Diagnosis) -> GameState:
    """The replay of the log, checking on the way every checkpoint still valid against it."""
    from umpire.engine.replay import fold_checked

    state, problems = fold_checked(game.path, initial, fc.events, log.effective(fc.events), fc.checkpoints)
    out.problems += problems
    return state


def without_file_name(problem: str, path: Path) -> str:
    """A problem without the file name in front (the doctor names the file once)."""
    for prefix in (f"--db {path}: ", f"{path}: ", f"{path} (stored scenario): "):
        problem = problem.removeprefix(prefix)
    return problem


def _stored_state(text: str | None, out: Diagnosis, models: OwnModels) -> GameState | None:
    from pydantic import ValidationError

    if text is None:
        return None
    try:
        return GameState.model_validate_json(text, context=models)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "(state)"
        out.problems.append(f"the stored state (snapshot) is not a valid game state: {where}: {first.get('msg')}")
        return None
