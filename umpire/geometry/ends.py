"""The two ends of a measurement: a stand, a point on the table, or a terrain piece.

``umpire measure`` and ``umpire calc measure`` answer between any two of them with
:func:`measure_ends`:

- ``distance`` is between the nearest points of the two shapes: a stand's base, a point, a
  terrain piece's area or line (0 when they touch or overlap). Auftragstaktik measures so
  ("from the edge of one stand to the edge of another", MOVEMENT > Spotting);
- ``center_distance`` is between the two *sight points*: a stand's centre, the point itself,
  and on a terrain piece the point of it nearest the other end's sight point (a wood has no
  centre a rule measures from; two pieces: their two nearest points). MBT measures ranges and
  strings so, from centre to centre (23.3.2.1-2);
- ``range`` is the one of the two the ruleset measures with, and ``range_is`` says which (the
  ruleset says: :class:`MeasureRules`);
- ``bearing`` and ``los`` run from sight point to sight point. A piece never blocks the view of
  itself: the line to its nearest point cannot pass through it (:mod:`umpire.geometry.sight`);
- ``aspect`` only when both ends are stands, by the ruleset's own rule (the fire procedures'
  function under the rulings in force), else ``None``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import shapely

from umpire.geometry.arcs import bearing
from umpire.geometry.distance import center_distance, edge_distance
from umpire.geometry.facts import Feature, Pose
from umpire.geometry.footprint import footprint
from umpire.geometry.sight import TerrainIndex


class MeasureRules(Protocol):
    """What a ruleset says of measuring (its ruleset object is one)."""

    @property
    def measures_centres(self) -> bool:
        """Ranges are measured centre to centre (else edge to edge)."""

    @property
    def range_is(self) -> str:
        """How ``measure`` says which."""

    def inside_depth(self, rulings: Mapping[str, str], scale: float) -> float | None:
        """How far a stand sees through the wood or town it stands in (None: not at all)."""

    def aspect(self, firer: Pose, target: Pose, rulings: Mapping[str, str]) -> str:
        """The aspect of ``target`` as ``firer`` sees it, by the ruleset's fire rule."""


@dataclass(frozen=True)
class End:
    """A stand (``pose``), a point (``xy``) or a terrain piece (``feature``): exactly one."""

    pose: Pose | None = None
    xy: tuple[float, float] | None = None
    feature: Feature | None = None

    @property
    def kind(self) -> str:
        return "stand" if self.pose is not None else "point" if self.xy is not None else "terrain"

    def shape(self) -> Any:
        """The shapely shape the edge distance is measured to."""
        if self.pose is not None:
            return footprint(self.pose)
        if self.xy is not None:
            return shapely.Point(self.xy)
        assert self.feature is not None
        return feature_shape(self.feature)

    def centre(self) -> tuple[float, float] | None:
        """The sight point of a stand or a point (a piece has none of its own)."""
        return self.pose.xy if self.pose is not None else self.xy


def feature_shape(f: Feature) -> Any:
    """The shapely shape of a terrain piece: its polygon or its line, in shapely's normal form, so
    that where several connections are equally short the one taken does not hang on the order
    the corners were listed or drawn in."""
    return shapely.normalize(shapely.Polygon(f.coords) if f.kind == "area" else shapely.LineString(f.coords))


def sight_points(a: End, b: End) -> tuple[tuple[float, float], tuple[float, float]]:
    """The points the sight line, centre distance and bearing run between (see the module notes)."""
    ca, cb = a.centre(), b.centre()
    if ca is None and cb is None:
        pa, pb = shapely.shortest_line(a.shape(), b.shape()).coords
        return (pa[0], pa[1]), (pb[0], pb[1])
    if ca is None:
        assert cb is not None
        return _nearest(a.shape(), cb), cb
    if cb is None:
        return ca, _nearest(b.shape(), ca)
    return ca, cb


def _nearest(shape: Any, xy: tuple[float, float]) -> tuple[float, float]:
    p = shapely.shortest_line(shape, shapely.Point(xy)).coords[0]
    return (float(p[0]), float(p[1]))


def _distances(a: End, b: End, pa: tuple[float, float], pb: tuple[float, float]) -> tuple[float, float]:
    """Edge to edge and centre to centre (between the sight points ``pa``, ``pb``)."""
    if a.pose is not None and b.pose is not None:
        return edge_distance(a.pose, b.pose), center_distance(a.pose, b.pose)
    return float(shapely.distance(a.shape(), b.shape())), math.dist(pa, pb)


def range_between(centres: bool, a: End, b: End) -> float:
    """The distance from ``a`` to ``b``, centre to centre (``centres``) or edge to edge, unrounded."""
    edge, centre = _distances(a, b, *sight_points(a, b))
    return centre if centres else edge


def _r(v: float, places: int = 2) -> float:
    return round(float(v), places) + 0.0


def measure_ends(ruleset: str, a: End, b: End, index: TerrainIndex, rules: MeasureRules,
                 rulings: Mapping[str, str]) -> dict[str, Any]:
    """The facts from ``a`` to ``b`` on the table ``index`` holds: lengths rounded to 0.01",
    angles to 0.1 degree (see the module notes), by ``ruleset``'s ``rules`` under ``rulings``."""
    pa, pb = sight_points(a, b)
    edge, centre = _distances(a, b, pa, pb)
    los = index.line_of_sight(pa, pb)
    return {
        "ruleset": ruleset,
        "distance": _r(edge),
        "center_distance": _r(centre),
        "bearing": _r(bearing(pa, pb), 1) % 360.0,
        "aspect": rules.aspect(a.pose, b.pose, rulings) if a.pose is not None and b.pose is not None else None,
        "los": {
            "clear": los.clear,
            "blocked_by": list(los.blocked_by),
            "crossed": [
                {"id": x.id, "type": x.type, "height": x.height, "enter": _r(x.enter), "exit": _r(x.exit)}
                for x in los.crossed
            ],
        },
        "from_elevation": index.elevation_at(pa),
        "to_elevation": index.elevation_at(pb),
        "range": _r(centre if rules.measures_centres else edge),
        "range_is": rules.range_is,
        "from": {"kind": a.kind, "at": [_r(pa[0], 3), _r(pa[1], 3)]},
        "to": {"kind": b.kind, "at": [_r(pb[0], 3), _r(pb[1], 3)]},
    }
