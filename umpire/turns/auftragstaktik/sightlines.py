"""Where stands stand to each other in a combat phase: edge distances, sight lines and what
blocks them, and aspects, remembered by position (a phase asks the same pairs again and
again) and worked out many pairs at once where a phase knows them ahead."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.core.state import GameState, UnitState

if TYPE_CHECKING:
    from umpire.geometry.sight import TerrainIndex

_MEMO: dict[tuple[Any, ...], Any] = {}


def _memo(key: tuple[Any, ...], fn: Any) -> Any:
    """Edge distances between two stands where they stand (a combat phase asks the same pairs
    again and again; keys hold the poses, so a move never reads a stale value)."""
    if key not in _MEMO:
        if len(_MEMO) > 200_000:
            _MEMO.clear()
        _MEMO[key] = fn()
    return _MEMO[key]


def _lines(index: TerrainIndex) -> dict[tuple[Any, ...], Any]:
    """The sight lines worked out on ``index``, by their ends: ``("clear", a, b)`` whether it is
    clear, ``("los", a, b)`` that and what blocks it (kept with the index: a move never reads a
    stale one, as the keys hold the positions)."""
    lines = index.memo("auftragstaktik.sightlines")
    if len(lines) > 200_000:
        lines.clear()
    return lines


def distance(state: GameState, a: UnitState, b: UnitState) -> float:
    import shapely

    from umpire.turns.auftragstaktik.table import footprints_of, where

    def measure() -> float:
        fa, fb = footprints_of([a, b])
        return float(shapely.distance(fa, fb))

    return float(_memo(("d", where(a), where(b)), measure))


def line_clear(state: GameState, a: UnitState, b: UnitState) -> tuple[bool, tuple[str, ...]]:
    from umpire.turns.auftragstaktik.table import terrain_index

    index = terrain_index(state)
    lines = _lines(index)
    if lines.get(("clear", (a.x, a.y), (b.x, b.y))):
        return True, ()
    key = ("los", (a.x, a.y), (b.x, b.y))
    if key not in lines:
        fact = index.line_of_sight((a.x, a.y), (b.x, b.y))  # type: ignore[arg-type]
        lines[key] = (fact.clear, fact.blocked_by)
    return lines[key]  # type: ignore[no-any-return]


def sees(state: GameState, a: UnitState, b: UnitState) -> bool:
    """Whether the line of sight from ``a`` to ``b`` is clear (without naming what blocks it)."""
    from umpire.turns.auftragstaktik.table import terrain_index

    hit = _lines(terrain_index(state)).get(("clear", (a.x, a.y), (b.x, b.y)))
    return hit if hit is not None else line_clear(state, a, b)[0]


def look_ahead(state: GameState, pairs: list[tuple[UnitState, UnitState]], *, measure_all: bool = True) -> list[bool]:
    """Work out the lines of sight of many pairs at once (arrays), and their edge distances
    (``measure_all=False``: only of those in sight, for a shot measures only a target it sees),
    so the shots and target checks that follow find them ready; the answers are the single-pair
    ones. Returns whether each pair sees the other (:func:`sees`). (A phase's pairs share few
    stands: each stand's pose is read once.)"""
    import numpy as np

    from umpire.turns.auftragstaktik.table import terrain_index, where

    index = terrain_index(state)
    poses = {id(u): where(u) for u in {id(u): u for pair in pairs for u in pair}.values()}
    # sight lines by their ends, ((x, y), (x, y)) of stands placed
    ends_of: list[tuple[Any, Any]] = [(poses[id(a)][:2], poses[id(b)][:2]) for a, b in pairs]
    lines = _lines(index)
    todo = {line: None for line in ends_of if ("clear", *line) not in lines and ("los", *line) not in lines}
    if todo:
        ends_xy = list(todo)
        n = np.arange(len(ends_xy))
        clear = index.los_pairs([e[0] for e in ends_xy], [e[1] for e in ends_xy], n, n)
        for line, c in zip(ends_xy, clear, strict=True):
            lines[("clear", *line)] = bool(c)
    clear_of = [lines.get(("clear", *line)) for line in ends_of]
    seen = [c if c is not None else lines[("los", *line)][0] for c, line in zip(clear_of, ends_of, strict=True)]
    _measure(pairs, [("d", poses[id(a)], poses[id(b)]) for a, b in pairs], [True] * len(pairs) if measure_all else seen)
    return seen


def _measure(pairs: list[tuple[UnitState, UnitState]], keys: list[tuple[Any, ...]], wanted: list[bool]) -> None:
    """The edge distances of the ``wanted`` pairs not yet known (``keys``: their :func:`distance` keys)."""
    import numpy as np
    import shapely

    from umpire.turns.auftragstaktik.table import footprints_of

    todo = {key: pair for key, pair, w in zip(keys, pairs, wanted, strict=True) if w and key not in _MEMO}
    if todo:
        ends = list(todo.values())
        stands = {id(u): u for pair in ends for u in pair}
        foot = dict(zip(stands, footprints_of(list(stands.values())), strict=True))
        fa = [foot[id(a)] for a, _ in ends]
        fb = [foot[id(b)] for _, b in ends]
        for key, d in zip(todo, shapely.distance(np.array(fa), np.array(fb)), strict=True):
            _MEMO[key] = float(d)
    if len(_MEMO) > 200_000:
        _MEMO.clear()


def name_blockers(state: GameState, pairs: list[tuple[UnitState, UnitState]]) -> None:
    """Work out what blocks the sight lines of many pairs at once (their :func:`line_clear`
    answers), for the reasons of shots refused; a few hundred lines a call, as a long line
    crosses many pieces and each crossing is held until the call ends."""
    import numpy as np

    from umpire.turns.auftragstaktik.table import terrain_index

    index = terrain_index(state)
    todo: list[tuple[Any, Any]] = list(dict.fromkeys(((a.x, a.y), (b.x, b.y)) for a, b in pairs))
    lines = _lines(index)
    todo = [k for k in todo if ("los", *k) not in lines]
    for at in range(0, len(todo), 300):
        part = todo[at:at + 300]
        n = np.arange(len(part))
        for k, blockers in zip(part, index.blocked_by_pairs([e[0] for e in part], [e[1] for e in part], n, n),
                               strict=True):
            lines[("los", *k)] = (not blockers, blockers)


def aspect(a: UnitState, b: UnitState) -> str:
    from umpire.geometry.arcs import base_arc
    from umpire.turns.auftragstaktik.table import pose

    return base_arc(pose(a), pose(b))
