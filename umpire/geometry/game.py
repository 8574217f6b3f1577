"""Geometry over a tracked game: the facts between two of its units, points or terrain pieces."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.core.state import GameState, UnitState, find_unit
from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.geometry.ends import MeasureRules
    from umpire.geometry.facts import Feature


def _terrain_case(state: GameState) -> list[dict[str, Any]]:
    out = []
    for f in state.terrain:
        item: dict[str, Any] = {"id": f.id, "type": f.type, "height": f.height}
        if f.polygon is not None:
            item["polygon"] = [list(p) for p in f.polygon]
        else:
            item["line"] = [list(p) for p in f.line or []]
        out.append(item)
    return out


def stand_case(u: UnitState) -> dict[str, Any]:
    """A unit on the table as one end of a measure case.

    :raises UmpireError: if it is not on the table."""
    if not u.placed:
        raise UmpireError(f"unit {u.id} is not on the table (place it first: umpire place {u.id} X Y)")
    return {"at": [u.x, u.y], "facing": u.facing, "base": list(u.base)}


def end_case(state: GameState, text: str, centres: bool) -> dict[str, Any]:
    """One end of a measure as the umpire names it: a unit id, a terrain piece's id, or a point
    ``X,Y`` in inches (the spots of :mod:`umpire.geometry.spot_words` too: ``town-1 +3,0``).

    :raises UmpireError: naming the word and the ids known.
    """
    from umpire.geometry.spot_words import parse_spot
    from umpire.geometry.spots import known_ends, resolve_point

    word = text.strip()
    if word in state.units:
        return stand_case(state.units[word])
    if any(t.id == word for t in state.terrain):
        return {"terrain": word}
    spot = parse_spot(word, what="measure", known=lambda: known_ends(state))
    return {"point": list(resolve_point(state, spot, where=f"measure {text!r}", centres=centres))}


def measure_in_game(state: GameState, a: str, b: str, rules: MeasureRules) -> dict[str, Any]:
    """Distance, line of sight and (between two units) aspect from ``a`` to ``b``, each a unit,
    a terrain piece or a point (:func:`end_case`), under the game's rulings: the measure case
    answer, through the same function as ``umpire calc measure``; ``rules`` are what the game's
    ruleset says of measuring (its ruleset object, see :mod:`.measure`)."""
    from umpire.geometry.measure import measure_case

    centres = rules.measures_centres
    case = {"ruleset": state.ruleset, "rulings": dict(state.rulings), "table": [state.table.width, state.table.depth],
            "terrain": [], "from": end_case(state, a, centres), "to": end_case(state, b, centres)}
    return measure_case(case, lambda _name: rules, table=_features(state))


def _features(state: GameState) -> tuple[Feature, ...]:
    """The game's terrain as the measure case reads it, made once and kept with the terrain
    (which no action changes: every state of the game shares it)."""
    from umpire.geometry.measure import TerrainCase, terrain_features

    def build() -> tuple[Feature, ...]:
        from umpire.schema.load import validate

        pieces = [validate(TerrainCase, t, f"terrain[{i}]") for i, t in enumerate(_terrain_case(state))]
        return tuple(terrain_features(pieces))

    return state.terrain.derived("measure.features", build)


def sight_lines(state: GameState, unit: str, rules: MeasureRules) -> dict[str, tuple[str, ...]]:
    """The line of sight, centre to centre, from ``unit`` to every other unit on the table, as
    ``umpire measure`` finds it: for each unit id, what blocks the line (empty: it is clear).
    The terrain is indexed once and the lines asked all at once."""
    from umpire.geometry.measure import TerrainCase, terrain_feature
    from umpire.geometry.sight import TerrainIndex
    from umpire.schema.terrain_types import terrain_types

    me = find_unit(state, unit)
    stand_case(me)  # on the table, or the error that says so
    others = [u for u in state.units.values() if u.placed and u.id != me.id]
    if not others:
        return {}
    types = terrain_types()
    features = [terrain_feature(i, TerrainCase(**t), types) for i, t in enumerate(_terrain_case(state))]
    index = TerrainIndex(features, inside_depth=rules.inside_depth({}, 1.0))
    points = [(float(u.x), float(u.y)) for u in others if u.x is not None and u.y is not None]
    assert me.x is not None and me.y is not None
    found = index.blocked_by_pairs([(me.x, me.y)], points, [0] * len(others), list(range(len(others))))
    return {u.id: tuple(b) for u, b in zip(others, found, strict=True)}
