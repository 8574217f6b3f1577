"""The table as the Advanced Game asks about it: heights (12.1), lines of sight and hull down by
the LINE OF SIGHT CHART (13.2), buildings and their types (15.4), terrain markers (12.4), smoke
(12.6, 12.9, 15.7) and stacking points (12.2).

Rulings made here, for the ungridded table (23.3 leaves them open):

- **Heights.** A model stands on its ground (a hill's height, a depression's depth below 0,
  12.1.1) plus, for a leg unit UP in a building, its floors (15.4.1.1). Woods and buildings
  rise to their ground plus their own ``height:`` (the STANDARD TERRAIN VALUES CHART's when the
  scenario gives none: light woods 1, woods 2, heavy woods 3, buildings 2, 12.1.2).
- **Obstacles** of 13.2.1 are the terrain pieces the string crosses beyond half a hex length
  from either end (the ends' own hexes): each piece once, at its highest point, at the range of
  the middle of the stretch crossed. Leaving a depression, the ground outside it is an obstacle
  at height 0 (12.1.1, 13.2.1.2).
- **Smoke** is a marker one hex across (a circle of half a hex length round its point); a
  string passing through it passes through that smoke hex (14.3.1.1.1, 14.4.2.1.7). Smoke never
  blocks (13.2.1).
- **A hex** round a model is half a hex length from its centre: stacking points (12.2.2), the
  wreck of 12.2.1, brew-up suppression (14.3.3.3), markers and buildings "in its hex".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from umpire.core.state import GameState, UnitState
from umpire.rules.mbt import data, sighting
from umpire.rules.mbt.sighting import LosResult, Obstacle
from umpire.rules.mbt.state import MbtGame, MbtUnit, Smoke
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.paths import segment_distance
from umpire.turns.mbt.table import Table

_LOS_CACHE: dict[int, dict[tuple[Any, ...], Any]] = {}  # per terrain, reused by every phase of a game
BUILDINGS = {"wooden_buildings": "wooden", "brick_buildings": "brick", "stone_buildings": "stone", "town": "brick"}
WOODS = {"light_woods": "light_woods", "woods": "woods", "heavy_woods": "heavy_woods"}
COLUMNS = {**WOODS, **dict.fromkeys(BUILDINGS, "building"), "improved_position": "improved_position",
           "rough": "rough", "marsh": "rough", "scrub": "scrub"}
TOPS = {"light_woods": "light_woods", "woods": "woods", "heavy_woods": "heavy_woods",
        **dict.fromkeys(BUILDINGS, "building")}


class AdvTable(Table):
    """One game state's table for the Advanced Game."""

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        self._m = MbtGame.of(state)
        self._at_cache: dict[tuple[float, float], list[str]] = {}
        self._elev_cache: dict[tuple[float, float], int] = {}
        key = (tuple((t.id, t.type, t.height, tuple(t.polygon or t.line or ())) for t in state.terrain),
               tuple(sorted(self._m.removed_terrain or [])), self.scale)
        self._los_cache = _LOS_CACHE.setdefault(hash(key), {})
        if len(_LOS_CACHE) > 8:  # a few tables at a time is plenty
            _LOS_CACHE.pop(next(iter(_LOS_CACHE)))

    @cached_property
    def _pieces(self) -> dict[str, Any]:
        return {t.id: t for t in self.state.terrain}

    @cached_property
    def _removed(self) -> set[str]:
        return set(self._m.removed_terrain or [])

    def pieces_at(self, xy: Sequence[float]) -> list[str]:
        key = (round(float(xy[0]), 4), round(float(xy[1]), 4))
        got = self._at_cache.get(key)
        if got is None:
            got = self._at_cache[key] = [i for i in self.index.features_at(xy) if i not in self._removed]
        return got

    def elevation(self, xy: Sequence[float]) -> int:
        key = (round(float(xy[0]), 4), round(float(xy[1]), 4))
        got = self._elev_cache.get(key)
        if got is None:
            got = self._elev_cache[key] = super().elevation(xy)
        return got

    def types_at(self, xy: Sequence[float]) -> list[str]:
        return [self._types[i] for i in self.pieces_at(xy)]

    def terrain(self, xy: Sequence[float]) -> list[str]:
        """The SIGHTING / AP terrain columns at a point (6.1.3.3, 12.4.5)."""
        cols = [COLUMNS[t] for t in self.types_at(xy) if t in COLUMNS]
        return cols or ["clear"]

    def building(self, xy: Sequence[float]) -> str | None:
        """The building type of the building hex a point is in (15.4.3), or None; a Basic Game
        town piece is the type ruling ``advanced.town_buildings`` says."""
        for t in self.types_at(xy):
            if t == "town":
                return str(self.rulings["advanced.town_buildings"])
            if t in BUILDINGS:
                return BUILDINGS[t]
        return None

    def building_height(self, xy: Sequence[float]) -> int:
        for i in self.pieces_at(xy):
            if self._types[i] in BUILDINGS:
                return self.top(i)
        return 0

    def has(self, xy: Sequence[float], kind: str) -> bool:
        """Is there a ``kind`` marker (improved_position, ditch, block, wire) here (12.4)?"""
        return kind in self.types_at(xy)

    def top(self, piece: str) -> int:
        """A wood's or building's own height above its ground (12.1.2)."""
        t = self._pieces[piece]
        if t.height:
            return int(round(t.height))
        col = TOPS.get(self._types[piece])
        if col is None:
            return 0
        return int(data.chart("terrain").top_height[col].v)

    def unit_height(self, u: UnitState, xy: Sequence[float] | None = None) -> int:
        return self.elevation(xy or self.xy(u)) + int(MbtUnit.of(u).up or 0)

    # -- lines of sight ---------------------------------------------------------------------
    def los_adv(self, a: Sequence[float], b: Sequence[float], ha: int, hb: int, area: bool = False) -> LosResult:
        """13.2.1 between two points at heights ``ha`` and ``hb``: obstacles compared with both
        ends, the LINE OF SIGHT CHART where one is between; hull down by 13.2.2.2. ``area``
        (area effect fire) checks to the top of the target's hex."""
        key = (round(a[0], 3), round(a[1], 3), round(b[0], 3), round(b[1], 3), ha, hb, area)
        got = self._los_cache.get(key)
        if isinstance(got, LosResult):
            return got
        rng = self.hexes(a, b)
        if rng <= 1:
            res = LosResult(False, reasons=["adjacent hexes see each other (6.1.4)"])
        else:
            obstacles = self.obstacles(a, b, rng)
            if area:
                hb = max(hb, self.elevation(b) + max((self.top(i) for i in self.pieces_at(b)), default=0))
            res = sighting.advanced_los(ha, hb, rng, obstacles)
        if len(self._los_cache) > 200_000:
            self._los_cache.clear()
        self._los_cache[key] = res
        return res

    def obstacles(self, a: Sequence[float], b: Sequence[float], rng: int) -> list[Obstacle]:
        """The obstacles of the string from ``a`` to ``b`` (the module's rulings), kept with the
        lines of sight of this terrain: a sighting's case asks them again."""
        key = ("obstacles", round(a[0], 3), round(a[1], 3), round(b[0], 3), round(b[1], 3), rng)
        got = self._los_cache.get(key)
        if got is None:
            got = self._los_cache[key] = self._obstacles(a, b, rng)
        return list(got)

    def _obstacles(self, a: Sequence[float], b: Sequence[float], rng: int) -> list[Obstacle]:
        fact = self.index.line_of_sight(a, b)
        d = math.dist(a, b)
        lo, hi = self.scale / 2, d - self.scale / 2
        out: list[Obstacle] = []
        seen: set[str] = set()
        for c in fact.crossed:
            if c.id in seen or c.id in self._removed:
                continue
            s, e = max(c.enter, lo), min(c.exit, hi)
            if e - s <= 1e-9:
                continue
            kind = self._types.get(c.id, "")
            if kind == "hill":
                height = int(round(c.height))
            elif kind in TOPS:
                mid = _along(a, b, (s + e) / 2)
                height = self.elevation(mid) + self.top(c.id)
            else:
                continue
            seen.add(c.id)
            at = max(1, min(rng - 1, int(round(((s + e) / 2) / self.scale))))
            out.append(Obstacle(at, height, f"{kind.replace('_', ' ')} {c.id}"))
        if self.in_depression(a) or self.in_depression(b):
            area = self._depressions[0]
            if area is not None and d > 2 * lo:
                import shapely

                outside = shapely.LineString([_along(a, b, lo), _along(a, b, hi)]).difference(area)
                if outside.length > 1e-6:
                    mid = outside.interpolate(0.5, normalized=True)
                    at = max(1, min(rng - 1, int(round(math.dist(a, (mid.x, mid.y)) / self.scale))))
                    out.append(Obstacle(at, max(0, self.elevation((mid.x, mid.y))), "ground outside the depression"))
        return out

    # -- smoke and wrecks -------------------------------------------------------------------
    def smoke(self) -> list[Smoke]:
        return list(self._m.smoke)

    def other_smoke(self, a: Sequence[float], b: Sequence[float]) -> int:
        """Smoke (ON or OFF) hexes a string leaves, enters or passes through (14.3.1.1.1); a
        discharger's smoke counts only for its own vehicle (12.6.3, 12.9.2: :meth:`discharger`); a
        burning marker is an "other" smoke hex (18.3.4)."""
        r = self.scale / 2 + 1e-9
        hexes: list[tuple[float, float]] = []
        opts = self._m.options_state
        burning = opts.fires if opts is not None else []  # "other" smoke hexes too (18.3.4)
        for p in [(s["x"], s["y"]) for s in self.smoke() if s["kind"] != "ds"] + [(f[0], f[1]) for f in burning]:
            if segment_distance(p, a, b) <= r and all(math.dist(p, q) > 1e-6 for q in hexes):
                hexes.append(p)
        return len(hexes)

    def discharger(self, uid: str) -> bool:
        return any(s["kind"] == "ds" and s.get("by") == uid for s in self.smoke())

    def wrecks(self, burning_only: bool = True) -> list[tuple[float, float]]:
        out = []
        for u in self.state.units.values():
            if u.status == "eliminated" and u.placed and u.destroyed in ("knocked_out", "brewed_up"):
                if not burning_only or u.destroyed == "brewed_up":
                    out.append((float(u.x), float(u.y)))  # type: ignore[arg-type]
        return out

    # -- hexes ------------------------------------------------------------------------------
    def same_hex(self, a: Sequence[float], b: Sequence[float]) -> bool:
        return math.dist(a, b) < self.scale / 2 - 1e-9

    def in_hex(self, xy: Sequence[float]) -> list[UnitState]:
        """Units standing in the hex round ``xy`` (not those carried)."""
        return [u for u in self.state.units.values() if U.on_table(u) and self.same_hex(self.xy(u), xy)]

    def stacking_points(self, xy: Sequence[float]) -> int:
        """Stacking points in the hex (12.2.1, 12.2.2): carried units count 0, a wreck 2."""
        pts = sum(U.stacking(u) for u in self.in_hex(xy))
        if any(self.same_hex(w, xy) for w in self.wrecks(burning_only=False)):
            pts += 2
        return pts


def _along(a: Sequence[float], b: Sequence[float], t: float) -> tuple[float, float]:
    d = math.dist(a, b)
    if d == 0:
        return (float(a[0]), float(a[1]))
    return (a[0] + (b[0] - a[0]) * t / d, a[1] + (b[1] - a[1]) * t / d)
