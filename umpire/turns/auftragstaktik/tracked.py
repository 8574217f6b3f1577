"""The Auftragstaktik turn's own bookkeeping in the game state, and what a unit is in play.

Everything the turn needs to remember lives in the game's own state
(:class:`~umpire.rules.auftragstaktik.state.AtGame`, so the store keeps it and ``umpire replay
--check`` compares it):

- ``entered``: side -> the orders file entered this turn (``{"turn", "phase", "file"}``);
- ``rolled``: battalion -> this turn's HQ roll (``{"phase", "result", "level"}``);
- ``pending``: unit -> delayed orders (``{"order", "direction", "when"}``, ruling
  ``orders.delay_effect``; ``when`` is ``orders`` or ``reaction``);
- ``plan``: unit -> this turn's moves, fire targets and note from the orders;
- ``direction``: unit -> the arrow of its order chit (a heading, or a point);
- ``new_no_orders``: units given No Orders this turn (ruling ``orders.no_orders_first_phase_move``);
- ``fired``: unit -> the combat phases (1, 2) it fired in, this turn and the last;
- ``attacked``: units attacked this turn (ruling ``hits.recovery_timing``);
- ``under_fire``: battalions that came under fire since the last Morale Phase;
- ``spotted_at``: unit -> side -> where that side last spotted it (the 4-inch rule);
- ``battalion_status``: battalion -> ``checked`` / ``routed`` (ruling ``morale.markers_on_battalion``);
- ``morale_done``: battalions checked in this Morale Phase.

A unit's per-phase movement is in its own state (:class:`~umpire.rules.auftragstaktik.state.AtUnit`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from umpire.core.rulings import Rulings
from umpire.core.shared import held_units
from umpire.core.state import FormationState, GameState, UnitState
from umpire.errors import UmpireError, unknown
from umpire.rules.auftragstaktik.data import rulings as ruleset_rulings
from umpire.rules.auftragstaktik.data import tables
from umpire.rules.auftragstaktik.ratings import Stand, Unit
from umpire.rules.auftragstaktik.state import AtGame, AtUnit

if TYPE_CHECKING:
    from umpire.geometry.sight import TerrainIndex

DEAD = ("eliminated", "surrendered")


def phases() -> list[tuple[str, str]]:
    return [(p.id, p.name) for p in tables().turn.phases.order]


def phase_ids() -> list[str]:
    return [p for p, _ in phases()]


def phase_name(pid: str) -> str:
    return dict(phases()).get(pid, pid)


def current_phase(state: GameState) -> str:
    """The phase to resolve next (a new game's ``setup`` is turn 1's Orders Phase)."""
    return "orders" if state.phase in ("setup", "") else state.phase


def book(state: GameState) -> AtGame:
    """The game's own state, of a state being changed (``state.copy_for_change()``)."""
    return AtGame.of(state)


def read_book(state: GameState) -> AtGame:
    """The game's own state, of a state only read (nothing may change it)."""
    return AtGame.of(state)


@lru_cache(maxsize=16)
def _rulings(items: tuple[tuple[str, str], ...]) -> Rulings:
    return ruleset_rulings(dict(items))


def rulings_of(state: GameState) -> Rulings:
    return _rulings(tuple(sorted(state.rulings.items())))


@lru_cache(maxsize=256)
def ratings(statline: str) -> Unit:
    from umpire.rules.auftragstaktik.statline import parse_statline

    return parse_statline(statline, "")


def unit_ratings(u: UnitState) -> Unit:
    if not u.statline:
        raise UmpireError(f"unit {u.id}: has no stat line (give type: or statline: in the scenario)")
    return ratings(u.statline)


@lru_cache(maxsize=64)
def is_soviet(type_name: str) -> bool:
    from umpire.rules.auftragstaktik.library import find_unit

    try:
        return find_unit(type_name).soviet_tank
    except UmpireError:
        return False


def alive(u: UnitState) -> bool:
    return u.placed and u.status not in DEAD


def move_value(u: UnitState) -> float:
    return float(unit_ratings(u).move or 0)


@lru_cache(maxsize=256)
def _kinds(statline: str) -> tuple[bool, bool, bool]:
    """(troop, AFV, recon) of a stat line (asked for every stand in every phase)."""
    r = ratings(statline)
    kind = r.default_kind()
    return kind == "troop", kind == "vehicle" and r.protection.value > 0, "recon" in r.special


def _kinds_of(u: UnitState) -> tuple[bool, bool, bool]:
    if not u.statline:
        unit_ratings(u)  # raises, naming the unit
    return _kinds(u.statline)


def is_troop(u: UnitState) -> bool:
    return _kinds_of(u)[0]


def is_afv(u: UnitState) -> bool:
    return _kinds_of(u)[1]


def is_recon(u: UnitState) -> bool:
    """Marked recon and not a main battle tank (ruling recon.eligibility)."""
    return _kinds_of(u)[2] and not is_mbt(u)


def is_mbt(u: UnitState) -> bool:
    return _mbt(u.statline or "", u.type or "")


@lru_cache(maxsize=256)
def _mbt(statline: str, type_name: str) -> bool:
    from umpire.rules.auftragstaktik.spotting import is_mbt as judge

    return bool(statline) and judge(ratings(statline), type_name or None, tables())


class _Recent:
    """The last few answers worked out from an object that never changes once made (a state's
    formations list, its units table), each held with its object and found by identity (so a
    freed object's successor never reads its answer)."""

    def __init__(self, size: int = 8) -> None:
        self._items: list[tuple[object, Any]] = []
        self._size = size

    def get(self, of: object, build: Any) -> Any:
        items = self._items
        if items and items[0][0] is of:  # (the usual answer: asked thousands of times a phase)
            return items[0][1]
        for held, answer in items:
            if held is of:
                return answer
        answer = build()
        self._items.insert(0, (of, answer))
        del self._items[self._size:]
        return answer

    def forget(self, of: object) -> None:
        self._items = [(held, answer) for held, answer in self._items if held is not of]


_FORMATIONS = _Recent()
_NONE = object()  # (no answer yet: a unit's battalion may be None)


def formations(state: GameState) -> dict[str, FormationState]:
    """Formations by id (made once per formation list: organisation never changes in a game)."""
    forms: dict[str, FormationState] = _FORMATIONS.get(state.formations, lambda: _Forms(state.formations))
    return forms


class _Forms(dict[str, FormationState]):
    """Formations by id, with the battalion each formation's stands belong to (worked out when asked)."""

    def __init__(self, formations: Iterable[FormationState]) -> None:
        super().__init__((f.id, f) for f in formations)
        self.battalions: dict[str, FormationState | None] = {}


def battalion_of(state: GameState, u: UnitState) -> FormationState | None:
    """The battalion a unit belongs to (its own formation, or the nearest battalion above it)."""
    forms = formations(state)
    memo = forms.battalions if isinstance(forms, _Forms) else {}
    key = u.formation or ""
    hit = memo.get(key, _NONE)
    if hit is not _NONE:  # (asked tens of thousands of times a turn: one look-up)
        return hit  # type: ignore[return-value]
    f = forms.get(key)
    while f is not None and not (f.level in ("battalion", "regiment") or f.parent is None):
        f = forms.get(f.parent or "")
    memo[key] = f
    return f


_MEMBERS = _Recent()


def battalion_units(state: GameState, bid: str) -> list[UnitState]:
    """The stands of a battalion (membership worked out once per units table and its size)."""
    def members() -> tuple[int, dict[str, list[str]]]:
        by: dict[str, list[str]] = {}
        for _, u in held_units(state.units):  # ids and formations read: none copied
            b = battalion_of(state, u)
            if b is not None:
                by.setdefault(b.id, []).append(u.id)
        return len(state.units), by

    size, by = _MEMBERS.get(state.units, members)
    if size != len(state.units):
        _MEMBERS.forget(state.units)
        size, by = _MEMBERS.get(state.units, members)
    return [state.units[i] for i in by.get(bid, [])]


def enemy_sides(state: GameState, side: str) -> list[str]:
    return [s.id for s in state.sides if s.id != side]


def side_name(state: GameState, side: str) -> str:
    return next((s.name for s in state.sides if s.id == side), side)


def moved_in(u: UnitState, phase: int) -> float:
    return AtUnit.of(u).moved_in(phase)


def moved_this_turn(u: UnitState) -> float:
    return moved_in(u, 1) + moved_in(u, 2)


def cover_at(state: GameState, u: UnitState) -> tuple[str, bool]:
    """The cover level at the stand (``none``, ``light``, ``heavy``) and whether it is close
    terrain (ruling ``terrain.names``)."""
    from umpire.turns.auftragstaktik.table import terrain_index

    cover = _cover(terrain_index(state))
    key = (u.x, u.y)
    hit = cover.get(key)
    if hit is None:
        hit = cover[key] = _cover_at(state, (float(u.x), float(u.y)))  # type: ignore[arg-type]
    return hit


def _cover(index: TerrainIndex) -> dict[tuple[Any, ...], tuple[str, bool]]:
    """The cover worked out on ``index``, by position (kept with the index)."""
    cover = index.memo("auftragstaktik.cover")
    if len(cover) > 50_000:
        cover.clear()
    return cover


def cover_all(state: GameState, units: Iterable[UnitState]) -> None:
    """Work out :func:`cover_at` of many stands at once (one terrain query), so that the
    calls that follow find it ready."""
    from umpire.turns.auftragstaktik.table import area_types_of, terrain_index

    cover = _cover(terrain_index(state))
    todo = {(u.x, u.y): None for u in units if u.x is not None and u.y is not None and (u.x, u.y) not in cover}
    if not todo:
        return
    xy = list(todo)
    for (x, y), types in zip(xy, area_types_of(state, [(float(x), float(y)) for x, y in xy]),
                             strict=True):
        cover[(x, y)] = _cover_of(types)


def _cover_at(state: GameState, xy: tuple[float, float]) -> tuple[str, bool]:
    from umpire.turns.auftragstaktik.table import area_types_at

    return _cover_of(area_types_at(state, xy))


def _cover_of(types: list[str]) -> tuple[str, bool]:
    rows = tables().turn.movement.terrain
    best, close = "none", False
    rank = {"none": 0, "light": 1, "heavy": 2}
    for t in types:
        row = rows.get(t)
        if row is None:
            continue
        if rank[row.cover] > rank[best]:
            best = row.cover
        close = close or row.close
    return best, close


def stand(state: GameState, u: UnitState, *, moved: bool, spotted: bool, phase: int | None = None) -> Stand:
    """The unit as the rules procedures take it, from the tracked state."""
    cover, close = cover_at(state, u)
    orders = u.orders or "NO"
    status = read_book(state).battalion_status.get(getattr(battalion_of(state, u), "id", ""), "ok")
    if status == "routed":
        orders = "WD"
    return Stand(
        unit=unit_ratings(u),
        quality=u.quality,
        orders=orders,
        moved=moved,
        hits=u.hits,
        spotted=spotted,
        cover=cover,
        entrenchment=AtUnit.of(u).entrenchment,
        close_terrain=close if is_troop(u) else False,
        soviet_tank=is_soviet(u.type or ""),
    )


def check_side(state: GameState, side: str, where: str = "side") -> str:
    if side not in state.side_ids():
        raise UmpireError(f"{where}: {unknown('side', side, state.side_ids())}")
    return side


def find_unit_of(state: GameState, uid: str, where: str) -> UnitState:
    if uid in state.units:
        return state.units[uid]
    by_name = [u for u in state.units.values() if u.name == uid]
    if len(by_name) == 1:
        return by_name[0]
    raise UmpireError(f"{where}: {unknown('unit', uid, state.units)}")
