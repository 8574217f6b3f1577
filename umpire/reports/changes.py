"""What a correction changed, action by action, read from the results each action stored.

An amendment re-resolves every later action. :func:`changes` walks the two runs side by side
(the actions as they were, and the ones that stand in for them now) and compares, field by
field, what each action stored: the outcome of every shot, roll and check (its words, then its
summary, then any other field), what became of each unit and where it ended, who came to see or
lost sight of whom, the victory points scored, the notes; and for an action that stored only a
summary (orders entered, a move by hand) that summary, item by item. What a run carries from
action to action (who sees whom, the points so far, a unit's hits) is compared as what each
action changed, so a consequence is said once, at the action where the runs part, and not again
under every later one; a unit's condition is said as it was in each run (never "unharmed" for a
stand that already had a hit). :func:`result_line` compares the game's result. For the umpire
only: the lines name every unit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from umpire.reports.change_runs import ATTACKS, HOLDS, Item, Run, condition, read, start, summary_items
from umpire.reports.words import at, num, phase_name, plain, plural

if TYPE_CHECKING:
    from umpire.store.events import StoredEvent

__all__ = ["ActionChanges", "Run", "changes", "compare", "read", "render", "result_line", "start"]

FIELDS = {"firer_at": "the firer's position", "target_at": "the target's position", "rolls": "dice",
          "modifiers": "modifiers", "cell": "table cell", "notes": "notes", "provenance": "data values used"}


@dataclass
class ActionChanges:
    """The differing results of one action: ``old`` (its number before), ``new`` (the action that
    stands in for it now, ``None`` if it was dropped) and the lines."""

    old: int
    new: int | None
    title: str
    lines: list[str] = field(default_factory=list)


ORDER = {"unit": 0, "at": 1, "sees": 2, "points": 3, "scores": 3}


def compare(before: Mapping[tuple[Any, ...], Item], after: Mapping[tuple[Any, ...], Item], old: Run, new: Run
            ) -> list[str]:
    """The lines where one action's results in the two runs differ (``old`` and ``new``: the
    runs just past it): what became of each unit first, then where units ended, who came to see
    whom, the points scored, and each outcome and note in the order they were stored."""
    moved = {k[1] for k in (*before, *after) if k[0] == "move"}
    before, after = _pair_notes(before, after)
    keys = [*before, *(k for k in after if k not in before)]
    lines = []
    for key in sorted(keys, key=lambda k: ORDER.get(k[0], 4)):
        b, a = before.get(key), after.get(key)
        if b == a or (key[0] == "at" and key[1] in moved):
            continue  # its move says where it ended
        line = _line(key, b, a, old, new)
        if line:
            lines.append(line)
    return lines


def _pair_notes(before: Mapping[tuple[Any, ...], Item], after: Mapping[tuple[Any, ...], Item]
                ) -> tuple[dict[tuple[Any, ...], Item], dict[tuple[Any, ...], Item]]:
    """A note of one run that another of the other run says again with other figures (the same
    first words: ``warning: tf-1-64: a-1-64 and hq-1-64 are 17" apart``) is one note changed."""
    b, a = dict(before), dict(after)
    gone = [k for k in b if k[0] == "note" and k not in a]
    came = [k for k in a if k[0] == "note" and k not in b]
    for k in gone:
        same = next((n for n in came if n[1] == k[1] and n[2].split(" ")[:PAIRED] == k[2].split(" ")[:PAIRED]), None)
        if same is not None:
            came.remove(same)
            a[k] = a.pop(same)
    return b, a


PAIRED = 4  # first words two notes share to be one note changed


def _line(key: tuple[Any, ...], b: Item | None, a: Item | None, old: Run, new: Run) -> str:
    kind = key[0]
    if kind == "unit":
        was = b.value if b else _cond(old, key[1], a)
        now = a.value if a else _cond(new, key[1], b)
        return "" if was == now else f"{key[1]}: {was} -> {now}"
    if kind == "at":
        was = b.value if b else old.where.get(key[1])
        now = a.value if a else new.where.get(key[1])
        if was == now:
            return ""
        words = _where(was, now)
        if b is None:
            return f"{key[1]} now ends at {words[1]} (it stayed at {words[0]})"
        if a is None:
            return f"{key[1]} now stays at {words[1]} (it ended at {words[0]})"
        return f"{key[1]} ends at {words[1]} (was {words[0]})"
    if kind == "sees":
        return _sight(key[1], key[2], b.value if b else None, a.value if a else None)
    if kind == "points":
        return f"victory points scored by {key[1]}: {b.value if b else 0} -> {a.value if a else 0}"
    if kind == "scores":
        return f"{'now' if a else 'no longer'} {'scored' if key[1] else 'taken off the tally'}: {key[2]}"
    if kind == "note" or kind == "summary":
        return _words(b.text if b else None, a.text if a else None)
    return _result(b, a)


def _cond(run: Run, uid: str, other: Item | None) -> str:
    """A unit's condition in a run where the action left it as it was (without a start, the
    other run's condition before the action, which the two runs shared)."""
    c = run.cond.get(uid)
    return condition(*c) if c else str(other.detail if other else "unharmed")


def _where(was: Any, now: Any) -> tuple[str, str]:
    def words(p: Any, facing: bool) -> str:
        if not p or p[0] is None:
            return "(off table)"
        return at(p[:2]) + (f" facing {num(round(float(p[2]), 2))}" if facing and p[2] is not None else "")

    turned = bool(was and now and was[2] != now[2])
    return words(was, turned), words(now, turned)


def _sight(side: str, unit: str, was: tuple[Any, Any] | None, now: tuple[Any, Any] | None) -> str:
    """A change in who sees whom, said as what the action did in each run."""
    def did(d: tuple[Any, Any] | None) -> str:
        if d is None:
            return "changed nothing"
        first, last = d
        if first is None:
            return "spots" + ("" if last in ("full", "spotted") else f" ({last})")
        if last is None:
            return "loses sight of"
        return f"identifies ({first} -> {last})"

    if now is not None and was is None:
        return f"{side} now {did(now)} {unit}"
    if was is not None and now is None:
        return f"{side} no longer {did(was)} {unit}"
    return f"{side} {did(now)} {unit} (was: {did(was)} {unit})" if was != now else ""


def _words(was: str | None, now: str | None) -> str:
    if was == now:
        return ""
    if was is None:
        return f"now: {now}"
    if now is None:
        return f"no longer: {was}"
    return f"{now} (was: {_rest(was, now)})"


def _rest(was: str, now: str) -> str:
    """``was`` without the words it begins with in common with ``now``, nor the clauses it ends
    with in common (``…`` where they are left out)."""
    a, b = was.split(" "), now.split(" ")
    i = 0
    while i < min(len(a), len(b)) - 1 and a[i] == b[i]:
        i += 1
    head = " ".join(a[i:])
    x, y = head.split("; "), now.split("; ")
    j = 0
    while j < min(len(x), len(y)) - 1 and x[-1 - j] == y[-1 - j]:
        j += 1
    return "; ".join(x[:len(x) - j]) + ("; …" if j else "")


def _result(b: Item | None, a: Item | None) -> str:
    either = a or b
    assert either is not None  # a change has a before or an after
    who, what, kind = either.who, either.what, either.kind
    if b is not None and a is not None:
        (ob, sb, db), (oa, sa, da) = b.value, a.value
        if ob != oa and ob is not None and oa is not None:
            return f"{who}: {ob} -> {oa}" if kind in HOLDS else f"{who} {what}: {ob} -> {oa}"
        if sb != sa:
            return _words(sb or f"{who} {what}", sa or f"{who} {what}")
        if db != da:
            return f"{sa or (who + ' ' + what).strip()}: as before, but {_fields(db, da)}"
        return ""
    gone = a is None
    words = (b if gone else a).value[0]  # type: ignore[union-attr]
    text = (b if gone else a).text  # type: ignore[union-attr]
    if kind in HOLDS:
        return f"{who} {'no longer' if gone else 'now'} {words}"
    if kind in ATTACKS:
        return f"{who} no longer {what} (it was {words})" if gone else f"{who} now {what}: {words}"
    if words is not None:
        return f"{who} {what}: no longer made (it was {words})" if gone else f"{who} {what}: now {words}"
    return f"no longer: {text}" if gone else f"now: {text}"


def _fields(was: Mapping[str, Any], now: Mapping[str, Any]) -> str:
    """The fields two results differ in: a number or word as ``modified roll 3 -> 1``, anything
    larger by its name (``other modifiers and table cell``)."""
    keys = sorted(k for k in set(was) | set(now) if was.get(k) != now.get(k))
    scalar = [k for k in keys if all(isinstance(v.get(k), str | int | float | None) for v in (was, now))]
    said = [f"{k.replace('_', ' ')} {plain(was.get(k))} -> {plain(now.get(k))}" for k in scalar]
    named = [FIELDS.get(k, k.replace("_", " ")) for k in keys if k not in scalar]
    if named:
        said.append("other " + " and ".join([", ".join(named[:-1]), named[-1]] if len(named) > 1 else named))
    return "; ".join(said)


def changes(ruleset: str, pairs: Iterable[tuple[StoredEvent, StoredEvent | None]],
            dropped: Mapping[int, str] | None = None, *, run: Run | None = None) -> list[ActionChanges]:
    """For each (old, new) pair of a correction, the results that differ (pairs that differ in
    nothing are left out); a dropped action says why it was dropped. ``run``: what the game
    carried into the first pair (:func:`start`; without it, each unit's condition before is the
    one its first change records)."""
    old_run, new_run = (run or Run()).copy(), (run or Run()).copy()
    out = []
    for old, new in pairs:
        title = f"#{old.seq} {old.kind.split('.')[-1]} ({phase_name(ruleset, old.phase)}, turn {old.turn or '-'})"
        b = read(old, old_run)
        a = read(new, new_run) if new is not None else {}
        lines = compare(b, a, old_run, new_run)
        if not lines and new is not None and old.summary != new.summary:
            lines = compare(summary_items(old), summary_items(new), old_run, new_run)
        if new is None and dropped and old.seq in dropped:
            lines.insert(0, f"dropped: no longer legal: {dropped[old.seq]}")
        if lines:
            out.append(ActionChanges(old.seq, new.seq if new is not None else None, title, lines))
    ending = result_line(old_run, new_run)
    if ending:
        out.append(ActionChanges(0, None, "the game's result", [ending]))
    return out


def result_line(old: Run, new: Run) -> str:
    """The game's result (MBT's victory tally and winner) as it was and as it is, if they differ."""
    return "" if old.result == new.result else f"{old.result or 'no result'} -> {new.result or 'no result'}"


def render(report: Sequence[ActionChanges], later: int) -> list[str]:
    """The change report as plain lines for the terminal."""
    if not report:
        return [f"no result changed ({plural(later, 'later action')} re-resolved)"]
    out = []
    for c in report:
        if c.old == 0:
            out.append(f"{c.title}:")
        else:
            out.append(f"{c.title}{f' -> #{c.new}' if c.new is not None else ' (dropped)'}:")
        out.extend(f"  {ln}" for ln in c.lines)
    return out


def amendment_lines(done: Any, n: int) -> list[str]:
    """What ``umpire amend N`` says of a made amendment (``done``: the engine's correction):
    which action replaced #n, how many later ones were re-resolved or dropped, then what
    changed in their results."""
    new = [b.seq for _, b in done.pairs if b is not None]
    head = f"amendment #{done.seq}: #{n} replaced by #{new[0]}"
    if len(done.pairs) > 1:
        head += f"; {len(new) - 1} later action{'s' if len(new) != 2 else ''} re-resolved"
    if done.dropped:
        head += f", {len(done.dropped)} dropped as no longer legal ({', '.join(f'#{e.seq}' for e, _ in done.dropped)})"
    report = changes(done.state.ruleset, done.pairs, {e.seq: why for e, why in done.dropped},
                     run=start(done.before, done.kept))
    return [head, *(["what changed in the results:"] if report else []), *render(report, len(done.pairs) - 1)]


def undo_lines(done: Any) -> list[str]:
    """What ``umpire undo`` says of a made undo (``done``: the engine's correction)."""
    st = done.state
    if len(done.taken_back) == 1 and not done.restored:
        ev = done.taken_back[0]
        head = f"undone #{ev.seq} {ev.kind}: {ev.summary}"
    else:
        head = f"#{done.seq} {done.summary}"
    return [head, f"now: turn {st.turn}, {phase_name(st.ruleset, st.phase)}; umpire redo puts it back"]


def redo_lines(done: Any) -> list[str]:
    """What ``umpire redo`` says of a made redo."""
    st = done.state
    return [f"#{done.seq} {done.summary}", f"now: turn {st.turn}, {phase_name(st.ruleset, st.phase)}"]
