"""The table of an MBT game as the turn sequence asks about it: ranges in hexes, lines of
sight, the terrain a model stands in, hit angles and elevations, and what a move costs.

Everything is measured centre to centre (23.3.2.2) and converted once by
:mod:`umpire.rules.mbt.conversions`. Rulings made here (23.3 leaves them open):

- **Terrain columns.** A model is in the terrain of the area pieces holding its centre: woods
  -> woods, town -> building (the Basic Game treats every building hex alike), rough and marsh
  -> rough, scrub -> scrub, anything else (and a hill, which is height, not cover) -> clear.
  Mixed terrain takes the column farthest right on the SIGHTING RANGES CHART (6.1.3.3).
- **Lines of sight** are the geometry's strings (:mod:`umpire.geometry.sight`): a model's own
  hex is the half hex length round its centre, and the rest of the string runs through
  intervening hexes. Woods and towns there block (6.1.4.5), the piece a model stands in
  included; a hill there blocks when it is as high as the higher end and higher than the lower
  one: equal to one end and higher than the other blocks (6.1.4.3, 13.2.1.2), equal to both does
  not (13.2.1.3). So a model deep inside a hill is hidden by it from the ground below.
- **Depressions** (6.1.4.4, 12.1.1): a depression piece's ground is its depth below 0. A string
  from or to a model in a depression is blocked where any of it, less half a hex length at each
  end (the ends' own hexes), runs outside the depressions, unless an end is on a hill: then only
  hills, woods and towns block, as for any other string.
- **Brew-up smoke** (7.4.2.3.3): a burning wreck whose centre lies within half a hex length of
  the string counts as one smoke hex passed through.
- **Movement** (23.3.2.1): each stretch of the path is charged per inch at the card's cost for
  its terrain; a stretch that follows a road (within the geometry's 0.1" for more than half a
  hex length: crossing a road is not following it, 8.5.2) uses the road rate; crossing a stream
  is entering one stream hex (8.4.1): the stream cost for one hex length however narrow the
  crossing, that hex taken half from the ground before it and half from the ground after it
  (a run along the stream is charged per inch); a stream crossed while following a road
  is a bridge (8.6): the road rate plus 1 hex (8.5.3); within half a hex length of a wreck or
  an enemy unit the road rate is not used (8.5.2), and a wreck on a bridge makes its crossing
  cost clear ground, or smoke if it burns (8.6.1); a change of ground height between stretches is
  a height change (8.4.3); each change of direction at a waypoint, and the first turn from the
  model's facing, is a turn of so many hexsides (23.3.2.4, 8.3).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict
from functools import cached_property
from typing import Any

from umpire.core.rulings import Rulings
from umpire.core.state import GameState, UnitState
from umpire.geometry.arcs import bearing
from umpire.geometry.facts import Feature
from umpire.geometry.movement import path_terrain
from umpire.geometry.sight import TerrainIndex
from umpire.rules.mbt import arcs as mbt_arcs
from umpire.rules.mbt import conversions, data, movement, sighting
from umpire.rules.mbt.provenance import Val
from umpire.rules.mbt.state import MbtGame
from umpire.schema.load import validate
from umpire.schema.terrain_types import terrain_types
from umpire.turns.mbt.paths import FOLLOW, flagged_runs, off_road_legs, point_along, segment_distance, stream_hex

COLUMN = {"woods": "woods", "town": "building", "rough": "rough", "marsh": "rough", "scrub": "scrub"}
MOVE_TERRAIN = {"woods": "woods", "town": "building", "rough": "rough", "marsh": "rough",
                "scrub": "scrub", "water": "water",
                # Advanced Game terrain (12.4, 15.4): the card's costs of the same names
                "light_woods": "light_woods", "heavy_woods": "heavy_woods", "wooden_buildings": "building",
                "brick_buildings": "building", "stone_buildings": "building",
                "improved_position": "improved_position", "ditch": "ditch", "block": "block"}


def settings(state: GameState) -> MbtGame:
    """The scenario's ``mbt:`` block, as the game keeps it (defaults: the Basic Game, 10 Turns, 1 inch a hex)."""
    return MbtGame.of(state)


def bridged(state: GameState, xy: Sequence[float], scale: float) -> bool:
    """Is ``xy`` on a temporary bridge an AVLB has laid (within half a hex length of one, 22.3)?"""
    opts = MbtGame.of(state).options_state
    laid = opts.bridges if opts is not None else {}
    return any(math.dist(xy, (float(p[0]), float(p[1]))) <= scale / 2 + 1e-9 for p in laid.values())


class Table:
    """One game state's table, indexed once."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        cfg = settings(state)
        self.scale = float(cfg.scale)
        self.conditions = str(cfg.conditions)
        self.rulings: Rulings = data.rulings().select(state.rulings)

    @cached_property
    def index(self) -> TerrainIndex:
        types = terrain_types()
        feats = []
        for t in self.state.terrain:
            name, props = types.lookup(t.type, where=f"terrain {t.id!r}")
            coords = t.polygon if t.polygon is not None else t.line
            feats.append(Feature(
                id=t.id, type=name, coords=tuple(coords or ()), kind=props.kind,
                height=t.height or props.height, blocks_los=props.blocks_los, is_hill=props.is_hill,
            ))
        return TerrainIndex(feats, inside_depth=self.scale / 2)  # a model's own hex (6.1.4.5)

    @cached_property
    def _types(self) -> dict[str, str]:
        return {f.id: f.type for f in self.index.features}

    @cached_property
    def _depressions(self) -> tuple[Any, dict[str, float]]:
        """The depressions as one shapely area, and each piece's depth in levels (6.1.4.4)."""
        import shapely

        types = terrain_types()
        depth: dict[str, float] = {}
        polys = []
        for t in self.state.terrain:
            name, props = types.lookup(t.type, where=f"terrain {t.id!r}")
            if name == "depression" and t.polygon:
                depth[t.id] = float(t.height or props.depth)
                polys.append(shapely.Polygon(t.polygon))
        return (shapely.union_all(polys) if polys else None), depth

    # -- points ---------------------------------------------------------------------------
    @staticmethod
    def xy(u: UnitState) -> tuple[float, float]:
        assert u.x is not None and u.y is not None
        return (float(u.x), float(u.y))

    @cached_property
    def _memo(self) -> dict[tuple[Any, ...], Any]:
        """Answers about points and pairs of points of this table (a phase asks each pair of
        models again and again: sighting, identification, fire, overwatch)."""
        return {}

    def _memoised(self, key: tuple[Any, ...], fn: Any) -> Any:
        if key not in self._memo:
            self._memo[key] = fn()
        return self._memo[key]

    def elevation(self, xy: Sequence[float]) -> int:
        """Ground height in levels: a hill's, else minus the deepest depression holding the
        point (12.1.1), else 0."""
        return int(self._memoised(("elevation", float(xy[0]), float(xy[1])), lambda: self._elevation(xy)))

    def _elevation(self, xy: Sequence[float]) -> int:
        up = self.index.elevation_at(xy)
        if up > 0:
            return int(round(up))
        down = [self._depressions[1][i] for i in self.index.features_at(xy) if i in self._depressions[1]]
        return -int(round(max(down))) if down else 0

    def in_depression(self, xy: Sequence[float]) -> bool:
        return any(i in self._depressions[1] for i in self.index.features_at(xy))

    def terrain(self, xy: Sequence[float]) -> list[str]:
        """The SIGHTING / AP terrain columns at a point (``["clear"]`` if nothing)."""
        def find() -> tuple[str, ...]:
            cols = [COLUMN[self._types[i]] for i in self.index.features_at(xy) if self._types[i] in COLUMN]
            return tuple(cols or ["clear"])

        return list(self._memoised(("terrain", float(xy[0]), float(xy[1])), find))

    def hexes(self, a: Sequence[float], b: Sequence[float]) -> int:
        return conversions.to_hexes(math.dist(a, b), self.scale, self.rulings["scale.range_rounding"])

    def los(self, a: Sequence[float], b: Sequence[float]) -> bool:
        key = ("los", float(a[0]), float(a[1]), float(b[0]), float(b[1]))
        return bool(self._memoised(key, lambda: self._los(a, b)))

    def see_all(self, pairs: Sequence[tuple[Sequence[float], Sequence[float]]]) -> None:
        """Work out the lines of sight of many pairs of points at once, so that :meth:`los`
        finds them ready: which are clear of woods and towns in one vectorised call, then the
        hills and depressions of the clear ones; each answer is :meth:`los`'s own."""
        import numpy as np

        todo = list(dict.fromkeys(
            (float(a[0]), float(a[1]), float(b[0]), float(b[1])) for a, b in pairs
        ).keys() - {k[1:] for k in self._memo if k[0] == "los"})
        if not todo:
            return
        ends = np.array(todo, dtype=float).reshape(-1, 4)
        k = np.arange(len(todo))
        clear = self.index.los_pairs(ends[:, :2], ends[:, 2:], k, k)
        for (ax, ay, bx, by), c in zip(todo, clear, strict=True):
            self._memo[("los", ax, ay, bx, by)] = bool(c) and self._beyond_woods((ax, ay), (bx, by))

    def _los(self, a: Sequence[float], b: Sequence[float]) -> bool:
        return self.index.line_of_sight(a, b).clear and self._beyond_woods(a, b)

    @cached_property
    def _hills(self) -> list[int]:
        return [k for k, f in enumerate(self.index.features) if self._types.get(f.id) == "hill"]

    def _beyond_woods(self, a: Sequence[float], b: Sequence[float]) -> bool:
        """A string clear of woods and towns: do hills or depressions block it?"""
        ea, eb = self.elevation(a), self.elevation(b)
        # Only the part of the string beyond half a hex length from each end runs through
        # intervening hexes: a hill holding an end blocks there too (6.1.4.3, 13.2.1.2).
        d = math.dist(a, b)
        lo, hi = self.scale / 2, d - self.scale / 2
        for c in self.index.crossings(a, b, self._hills):
            if min(c.exit, hi) - max(c.enter, lo) <= 1e-9:
                continue
            if c.height >= max(ea, eb) and c.height > min(ea, eb):
                return False
        return self._out_of_depression(a, b, ea, eb)

    def _out_of_depression(self, a: Sequence[float], b: Sequence[float], ea: int, eb: int) -> bool:
        """6.1.4.4: from or to a depression, any intervening ground but more depression blocks,
        unless an end is on a hill (then only hills, woods and towns block, as above). On the
        table the intervening ground is the string less half a hex length at each end (the ends'
        own hexes): the string is blocked if any of that runs outside the depressions."""
        import shapely

        area = self._depressions[0]
        if area is None or max(ea, eb) > 0 or not (self.in_depression(a) or self.in_depression(b)):
            return True
        d = math.dist(a, b)
        trim = self.scale / 2
        if d <= 2 * trim + 1e-9:
            return True  # adjacent hexes: nothing intervenes
        mid = shapely.LineString([point_along(a, b, trim), point_along(a, b, d - trim)])
        return bool(mid.difference(area).length <= 1e-6)

    def elevation_word(self, firer: Sequence[float], target: Sequence[float]) -> str:
        fh, th = self.elevation(firer), self.elevation(target)
        return "level" if fh == th else ("falling" if fh > th else "rising")

    def hit_angle(self, firer: Sequence[float], target: Sequence[float], target_facing: float) -> str:
        return mbt_arcs.hit_angle(bearing(target, firer), target_facing,
                                  self.rulings["fire.hit_angle_sectors"])

    def brew_up_smoke(self, a: Sequence[float], b: Sequence[float], wrecks: Sequence[tuple[float, float]]) -> int:
        return sum(1 for w in wrecks if segment_distance(w, a, b) <= self.scale / 2 + 1e-9)

    # -- sighting -------------------------------------------------------------------------
    def chart_range(self, hatch: str, target_xy: Sequence[float], estimated: list[str] | None = None,
                    ruled: list[str] | None = None) -> Val[int]:
        return sighting.chart_range(self.conditions, hatch, self.terrain(target_xy), "vehicle", self.rulings,
                                    estimated=estimated, ruled=ruled)

    # -- movement -------------------------------------------------------------------------
    def road_blocks(self, mover: UnitState | None) -> list[tuple[float, float, bool, str]]:
        """What takes away the road rate (8.5.2, 8.6.1): wrecks (``burning`` for a brewed-up
        one) and enemy combat units of ``mover`` in action; ``(x, y, burning, id)``."""
        out = []
        for u in self.state.units.values():
            if not u.placed or (mover is not None and u.id == mover.id):
                continue
            if u.status == "eliminated":
                out.append((float(u.x), float(u.y), u.destroyed == "brewed_up", u.id))  # type: ignore[arg-type]
            elif mover is not None and u.side != mover.side and u.status not in ("off_table",):
                out.append((float(u.x), float(u.y), False, u.id))  # type: ignore[arg-type]
        return out

    def legs(self, start: Sequence[float], facing: float, path: Sequence[Sequence[float]],
             reverse: bool = False, final_facing: float | None = None,
             blocks: Sequence[tuple[float, float, bool, str]] = ()) -> list[movement.Leg]:
        """The legs of a move for :func:`umpire.rules.mbt.movement.cost`; ``blocks`` are the
        wrecks and enemy units that take away the road rate (:meth:`road_blocks`)."""
        legs: list[movement.Leg] = []
        heading = facing
        prev_elev = self.elevation(start)
        opts = MbtGame.of(self.state).options_state
        bridges = bool(opts is not None and opts.bridges)
        pts = [tuple(start), *[tuple(p) for p in path]]
        for a, b in zip(pts, pts[1:], strict=False):
            if math.dist(a, b) <= 1e-9:
                continue
            way = bearing(a, b)
            if reverse:
                way = (way + 180) % 360
            turn = mbt_arcs.off(heading, way)
            heading = way
            route = path_terrain([a, b], self.index).stretches
            alongs = [{self._types.get(i) for i in s.along} for s in route]
            road_run = flagged_runs(route, [("road" in x) for x in alongs])
            water = [("stream" in x or "river" in x) for x in alongs]
            water_run = flagged_runs(route, water)
            first = True
            seg: list[movement.Leg] = []
            for k, s in enumerate(route):
                mid = point_along(a, b, (s.start + s.end) / 2)
                elev = self.elevation(mid)
                along = alongs[k]
                key = MOVE_TERRAIN.get(s.type, "clear")
                # 8.5.2: the road rate only while following the road, not crossing it
                road = road_run[k] > FOLLOW * self.scale
                charged = None
                bridge = False
                if water[k]:
                    if road:
                        bridge = k == 0 or not water[k - 1]  # 8.6: over the bridge, by the road
                    else:
                        key = "stream" if "river" not in along else "stream_nonfordable"
                        if (k == 0 or not water[k - 1]) and water_run[k] < self.scale:
                            # 8.4.1: a crossing enters one stream hex, whatever the band's width
                            charged = s.inches + self.scale - water_run[k]
                if (water[k] or key == "ditch") and bridges and bridged(self.state, mid, self.scale):
                    key, charged = "clear", None  # over an AVLB's temporary bridge (22.3)
                leg = movement.Leg(
                    terrain=key, inches=s.inches, road=road, reverse=reverse,
                    height_change=elev - prev_elev, turn=turn if first else 0.0,
                    charged=charged, bridge=bridge,
                )
                seg += off_road_legs(leg, a, b, (s.start, s.end), blocks, self.scale / 2, water[k])
                prev_elev, first = elev, False
            legs += stream_hex(seg)
        if final_facing is not None:
            turn = mbt_arcs.off(heading, final_facing if not reverse else (final_facing + 180) % 360)
            if turn > 1e-9:
                legs.append(movement.Leg(terrain="clear", inches=0.0, turn=turn))
        return legs

    def move_case(self, u: UnitState, order: str, path: Sequence[Sequence[float]], reverse: bool = False,
                  final_facing: float | None = None, **more: Any) -> dict[str, Any]:
        """The ``calc move`` case of a vehicle's move from where ``u`` stands: its route as legs
        priced by terrain (the module's rulings), the conditions, the scale, the game's rulings;
        ``more``: further case fields (suppressed, load_unload, inside, wire)."""
        legs = self.legs(self.xy(u), u.facing, path, reverse, final_facing, self.road_blocks(u))
        m = MbtGame.of(self.state)
        weather: dict[str, Any] = {k: v for k, v in (("ground", m.ground), ("streams", m.streams))
                                   if v not in ("normal", "fordable")}
        if m.ice_tons is not None and m.streams == "frozen":
            weather["ice_tons"] = m.ice_tons  # option 17.8.2 (the scenario check asks for the option)
        return {"ruleset": "mbt", "game": str(settings(self.state).game), "scale": self.scale,
                "card": u.card, "orders": order, "conditions": self.conditions,
                "route": [asdict(leg) for leg in legs], "rulings": dict(self.state.rulings), **weather, **more}

    def move_cost(self, case: dict[str, Any]) -> movement.MoveCost:
        """What a move case costs, by the function ``calc move`` uses (8.0, 18.1.1, 23.3.2.1)."""
        # calc's procedures and case models: a move by hand (a one-shot command) loads none
        from umpire.rules.mbt.calc import movement_of
        from umpire.rules.mbt.cases import MoveCase

        return movement_of(validate(MoveCase, case, "move"), self.rulings)


