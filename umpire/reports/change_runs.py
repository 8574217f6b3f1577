"""The two runs of a correction read action by action: what each action stored, as keyed items
to compare (:mod:`umpire.reports.changes` says what differs), and what a run carries from one
action to the next (who sees whom, the victory points and what scores them, each unit's condition
and place), so that a carried consequence is compared as what each action changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from umpire.reports.facts import Fact, from_result
from umpire.reports.words import DAMAGE, STATUS, at_hits, damage_words, morale_words, plain, plural

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.store.events import StoredEvent

# facts whose outcome is an attack's (hits, damage)
ATTACKS = ("fire", "indirect", "close_combat", "overrun", "air_strike", "air_defence")
ROLLS = ("hq", "morale", "entrench", "mines", "initiative")
HOLDS = ("hold_fire", "no_fire", "fire_redirect")
TEXTS = ("summary", "line", "n")  # words made from a result's fields: compared as words, not as fields
FACTS = ("case", "cases")  # the calc case a result was resolved from: its facts, not a result of their own
VERBS = {"fire": "fires at", "indirect": "fires indirect at", "close_combat": "attacks in close combat",
         "overrun": "is overrun by", "air_strike": "strikes", "air_defence": "fires at the flight",
         "hq": "HQ roll", "morale": "morale check", "entrench": "entrenching roll", "mines": "minefield attack",
         "initiative": "initiative roll"}


@dataclass
class Run:
    """What a run of actions carries from one to the next."""

    sight: dict[str, dict[str, str]] = field(default_factory=dict)  # side -> unit -> level
    points: dict[str, int] = field(default_factory=dict)  # victory points so far
    result: str = ""  # the last victory tally's words
    scored: frozenset[str] = frozenset()  # the last victory tally's lines (what scores what)
    cond: dict[str, tuple[str, int, Any]] = field(default_factory=dict)  # unit -> (status, hits, how destroyed)
    where: dict[str, tuple[Any, ...]] = field(default_factory=dict)  # unit -> (x, y, facing)

    def copy(self) -> Run:
        return Run({k: dict(v) for k, v in self.sight.items()}, dict(self.points), self.result, self.scored,
                   dict(self.cond), dict(self.where))


@dataclass(frozen=True)
class Item:
    """One result of an action: ``who`` and ``what`` name it, ``value`` is compared, ``text`` says it."""

    kind: str
    value: Any
    text: str = ""
    who: str = ""
    what: str = ""
    detail: Any = None


def condition(status: str, hits: int, destroyed: Any = None) -> str:
    """A unit's condition in words: ``unharmed``, ``2 hits``, ``Checked, 1 hit``, ``knocked out``."""
    if status == "ok":
        return plural(hits, "hit") if hits else "unharmed"
    word = DAMAGE[str(destroyed)] if destroyed in DAMAGE else STATUS.get(status, status)
    return word if not hits or status == "eliminated" else f"{word}, {plural(hits, 'hit')}"


def start(state: GameState | None, prefix: Iterable[StoredEvent] = ()) -> Run:
    """The run as it stands before the first corrected action: each unit's condition and place
    from ``state``, who saw whom and the points so far from the actions in force before it."""
    run = Run()
    if state is not None:
        for u in state.units.values():
            run.cond[u.id] = (u.status, u.hits, u.destroyed)
            run.where[u.id] = (u.x, u.y, u.facing)
    for e in prefix:
        read(e, run)
    return run


def _results(e: StoredEvent) -> list[Mapping[str, Any]]:
    from umpire.store.events import stored_results

    return [r for r in stored_results(e) if isinstance(r, Mapping)]


def read(e: StoredEvent, run: Run) -> dict[tuple[Any, ...], Item]:
    """The results event ``e`` stored, by key, and ``run`` carried on past it."""
    out: dict[tuple[Any, ...], Item] = {}
    seen: dict[tuple[Any, ...], int] = {}
    sight = {side: dict(levels) for side, levels in run.sight.items()}
    points, scored = dict(run.points), run.scored
    stored = _results(e)
    for r in stored:
        proc = str(r.get("procedure", ""))
        if proc == "changes":
            _changes(r, run, out)
        elif proc == "sighting":
            side = str(r.get("side"))
            run.sight[side] = {str(s.get("unit")): str(s.get("level") or "spotted")
                               for s in r.get("sighted") or () if isinstance(s, Mapping)}
        elif proc == "victory":
            outcome = r.get("outcome") if isinstance(r.get("outcome"), Mapping) else {}
            run.points = {str(k): int(v) for k, v in ((outcome or {}).get("points") or {}).items()}
            run.result = str((outcome or {}).get("reason") or r.get("summary") or "")
            run.scored = frozenset(str(x) for x in (outcome or {}).get("lines") or ())
        elif proc in ("notes", "umpire note"):
            for t in [str(x) for x in r.get("lines") or ()] or [str(r.get("summary") or r.get("text") or "")]:
                out[("note", str(r.get("side") or ""), t)] = Item("note", True, t)
        else:
            f = from_result(e.seq, e.turn, e.phase, r)
            key = (f.kind, f.actor or f.side, f.target, str(f.data.get("battalion") or ""))
            n = seen[key] = seen.get(key, -1) + 1
            who, _, what = _what(f).partition("|")
            detail = {k: v for k, v in r.items() if k not in TEXTS and k not in FACTS}
            text = str(r.get("summary") or r.get("line") or "")
            out[(*key, n)] = Item(f.kind, (_outcome(f), text, detail), text, who, what, f.actor)
    for side in sorted(set(sight) | set(run.sight)):
        was, now = sight.get(side, {}), run.sight.get(side, {})
        for uid in sorted(set(was) | set(now)):
            if was.get(uid) != now.get(uid):
                out[("sees", side, uid)] = Item("sees", (was.get(uid), now.get(uid)))
    for side in sorted(set(points) | set(run.points)):
        if run.points.get(side, 0) != points.get(side, 0):
            out[("points", side)] = Item("points", run.points.get(side, 0) - points.get(side, 0))
    for line in run.scored ^ scored:  # what the tally counts from now on, or no longer
        out[("scores", line in run.scored, line)] = Item("scores", True, line)
    if not stored:
        _summary(e, run, out)
    return out


def summary_items(e: StoredEvent) -> dict[tuple[Any, ...], Item]:
    """The summary of an action that stored results: compared only when its results agree."""
    return {("summary",): Item("summary", e.summary, e.summary)}


def _changes(r: Mapping[str, Any], run: Run, out: dict[tuple[Any, ...], Item]) -> None:
    for entry in r.get("units") or ():
        if not isinstance(entry, Mapping):
            continue
        uid = str(entry.get("unit"))
        status, hits = entry.get("status"), entry.get("hits")
        status = status if isinstance(status, list | tuple) and len(status) == 2 else None
        hits = hits if isinstance(hits, list | tuple) and len(hits) == 2 else None
        if status or hits:
            # no start given: the condition before is the one the entry records
            was = run.cond.get(uid) or (str(status[0]) if status else "ok", int(hits[0]) if hits else 0, None)
            now = (str(status[1]) if status else was[0], int(hits[1]) if hits else was[1],
                   entry.get("destroyed") if status else was[2])
            out[("unit", uid)] = Item("unit", condition(*now), detail=condition(*was))
            run.cond[uid] = now
        if "at" in entry:
            p = entry["at"]
            run.where[uid] = (p[0], p[1], entry.get("facing")) if isinstance(p, list | tuple) and len(p) >= 2 \
                else (None, None, entry.get("facing"))
            out[("at", uid)] = Item("at", run.where[uid])


def _summary(e: StoredEvent, run: Run, out: dict[tuple[Any, ...], Item]) -> None:
    """An action that stored only its summary (orders entered, a move by hand): the summary, item
    by item where it is a table (``orders for ... entered: t64-1 M 5/5", t64-2 M 4/5"``)."""
    p = e.payload if isinstance(e.payload, Mapping) else {}
    if e.kind in ("move", "place") and isinstance(p.get("unit"), str):
        to = (p.get("path") or [[None, None]])[-1] if e.kind == "move" else [p.get("x"), p.get("y")]
        run.where[str(p["unit"])] = (*to[:2], p.get("facing"))
    if not e.summary:
        return
    head, sep, tail = e.summary.partition(": ")
    items = tail.split(", ") if sep and "; " not in tail else []
    if not items or len({i.split(" ")[0] for i in items}) != len(items):
        out[("summary",)] = Item("summary", e.summary, e.summary)
        return
    out[("summary", "head")] = Item("summary", head, head)
    for i in items:
        out[("summary", "item", i.split(" ")[0])] = Item("summary", i, i)


def _outcome(f: Fact) -> str | None:
    """An attack's, a roll's or a held fire's outcome in words (``None`` for other results)."""
    raw = f.data.get("outcome")
    outcome: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    if f.kind in ATTACKS:
        if "results" in outcome or "worst" in outcome or "shots" in outcome:
            return damage_words(outcome, detail=True)
        return at_hits(outcome)
    if f.kind == "morale":
        return morale_words(outcome)
    if f.kind == "initiative":
        return f"{outcome.get('first')} first"
    if f.kind in ("hold_fire", "no_fire"):
        return f"holds fire ({f.data.get('why') or 'no shot'})"
    if f.kind == "fire_redirect":
        return f"fires at {f.data.get('to')} instead of {f.target}"
    if f.kind in ROLLS:
        return plain(outcome["result"]) if "result" in outcome else plain(
            {k: v for k, v in outcome.items() if k != "rolls"}) or "done"
    return None


def _what(f: Fact) -> str:
    """Who did it and what, with ``|`` where "now" or "no longer" goes: ``a-1-64|fires at t80-1``."""
    who = f.actor or f.side or str(f.data.get("battalion") or "")
    if f.kind in ("hq", "morale") and f.data.get("battalion"):
        who = str(f.data["battalion"])
    if f.kind in ATTACKS:
        return f"{who}|{VERBS[f.kind]}" + (f" {f.target}" if f.target else "")
    if f.kind in HOLDS:
        return f"{who}|"
    return f"{who}|{VERBS.get(f.kind, f.kind.replace('_', ' '))}"


