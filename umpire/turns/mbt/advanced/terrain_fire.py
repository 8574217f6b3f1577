"""GP fire at terrain markers (14.4.3.3): a weapon capable of GP point effect fire, other than
small arms, may fire at a block or wire marker instead of a unit (14.4.3.3.1). Only an
effective result destroys it (14.4.3.3.3; a suppressed result is no effect, 14.4.4.2.2.3): the
marker is removed and every ground unit in its hex is suppressed. Building hexes and printed
bridges fall only to artillery, bombs or assault infantry (14.4.3.3.2), which the Advanced Game
does not play; temporary bridges are option 22.

Rulings for the table: a marker is fired at at its centre (a polygon's centroid, or a point
inside it where the centroid is not; a line's middle point); "its hex" is the marker itself and
the hex round that point; its GP defense is the scenario's (``mbt.advanced.terrain_gp_defense``,
14.4.3.3.1), else the STANDARD TERRAIN VALUES CHART's.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from umpire.core.dice import RecordingDice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, TerrainState, UnitState
from umpire.errors import UmpireError, unknown
from umpire.geometry.arcs import bearing
from umpire.rules.mbt import arcs as mbt_arcs
from umpire.rules.mbt.calc_fire import resolve_gp
from umpire.rules.mbt.cases import GpCase
from umpire.rules.mbt.facts import ShotFacts
from umpire.rules.mbt.state import MbtGame, MbtUnit, turret_facing
from umpire.rules.mbt.vehicle_card import Weapon
from umpire.schema.load import validate
from umpire.turns.mbt.advanced import shots as S
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.advanced.losses import Note, suppress
from umpire.turns.mbt.advanced.table import BUILDINGS, AdvTable
from umpire.turns.mbt.fire import slug
from umpire.turns.mbt.turn_state import unit_note

if TYPE_CHECKING:
    from umpire.turns.mbt.advanced.firing import Firing

TARGETS = ("block", "wire")


def aim(piece: TerrainState) -> tuple[float, float]:
    """Where fire at a marker is aimed (the module's ruling)."""
    import shapely

    if piece.line:
        g = shapely.LineString(piece.line)
        p = g.interpolate(0.5, normalized=True)
    else:
        g = shapely.Polygon(piece.polygon or [])
        p = g.centroid if g.contains(g.centroid) else g.representative_point()
    return round(float(p.x), 3), round(float(p.y), 3)


def check_spec(state: GameState, where: str, w: Weapon, piece_id: str) -> dict[str, Any]:
    """A ``fire: {terrain: ID}`` entry checked against the table and the weapon.

    :raises UmpireError: one line naming the field, the value and what is allowed.
    """
    removed = set(MbtGame.of(state).removed_terrain or [])
    pieces = {t.id: t for t in state.terrain}
    markers = [t.id for t in state.terrain if t.type in TARGETS and t.id not in removed]
    piece = pieces.get(piece_id)
    if piece is None:
        raise UmpireError(f"{where}.terrain: {unknown('terrain piece', piece_id, markers or list(pieces))}")
    if piece.type in BUILDINGS or piece.type in ("town", "bridge"):
        raise UmpireError(f"{where}.terrain: {piece_id} is a {piece.type.replace('_', ' ')} piece: building and "
                          "bridge hexes fall only to artillery, bombs or assault infantry (14.4.3.3.2), not in the "
                          f"Advanced Game (allowed: block and wire markers: {', '.join(markers) or 'none here'})")
    if piece.type not in TARGETS:
        raise UmpireError(f"{where}.terrain: {piece_id} is {piece.type.replace('_', ' ')}, which has no GP defense "
                          f"and cannot be destroyed (14.4.3.3; allowed: {', '.join(markers) or 'no marker here'})")
    if piece_id in removed:
        raise UmpireError(f"{where}.terrain: the {piece.type} {piece_id} is already destroyed")
    if w.small_arms or w.kind == "small_arms":
        raise UmpireError(f"{where}.weapon: the {w.name} is small arms, which may not fire at terrain (14.4.3.3.1)")
    ammo = next((a.name for a in w.ammo if a.type == "GP"), None)
    if ammo is None:
        raise UmpireError(f"{where}.weapon: the {w.name} has no GP ammunition to fire at terrain (14.4.3.3.1)")
    return {"terrain": piece_id, "weapon": w.name, "ammo": ammo}


def _no(u: UnitState, piece: TerrainState, step: str, why: str) -> Resolution:
    return Resolution(ruleset="mbt", procedure="terrain_fire", outcome={"fired": False, "why": why},
                      summary=f"{u.id} does not fire at the {piece.type} {piece.id} ({step}): {why}",
                      facts=ShotFacts(firer=u.id, piece=piece.id, marker=piece.type, step=step))


def shoot(firing: Firing, u: UnitState, w: Weapon, entry: dict[str, Any], order: str, step: str) -> Resolution:
    """One GP shot at a marker, resolved now; the caller destroys it after the step if effective."""
    state, t, dice = firing.state, firing.t, firing.dice
    pid = str(entry["terrain"])
    piece = next(p for p in state.terrain if p.id == pid)
    if pid in t._removed:
        return _no(u, piece, step, f"the {piece.type} is already destroyed")
    at = aim(piece)
    a = t.xy(u)
    rng = t.hexes(a, at)
    ammo = str(entry.get("ammo") or "")
    lo, hi = w.find_ammo(ammo).min_range.v, w.find_ammo(ammo).max_range.v
    way = bearing(a, at)
    why = ""
    if not lo <= rng <= hi:
        why = f"out of range: {rng} hexes, the {w.name} {ammo} reaches {lo}-{hi} (4.7.2)"
    elif U.suppressed(u) and mbt_arcs.off(way, S.facing_of_sight(u)) > 30 + 1e-9:
        why = "suppressed: it fires only within 60 degrees of its front (12.3.1)"
    elif not U.suppressed(u) and not mbt_arcs.in_arc(str(w.trn.v), way, u.facing,
                                                     turret_facing(u)):
        why = f"outside the {w.name}'s firing arc ({w.trn.v}; 14.2.1)"
    elif t.los_adv(a, at, t.unit_height(u), t.elevation(at)).blocked:
        why = "the line of sight to it is blocked (13.2.1)"
    if why:
        return _no(u, piece, step, why)
    try:
        S.gp_factor(u, w, ammo, order, rng)
    except ValueError as exc:
        return _no(u, piece, step, str(exc))
    adv = MbtGame.of(state).advanced
    given: dict[str, int] = {str(k): v for k, v in adv.terrain_gp_defense.items()} if adv is not None else {}
    target = {"marker": piece.type, **({"gp_defense": int(given[piece.type])} if piece.type in given else {})}
    f = {"card": u.card, "type": u.type if U.kind(u) == "leg" else None, "weapon": w.name, "ammo": ammo,
         "orders": order, "grade": U.grade(u), "suppressed": U.suppressed(u),
         "crew_losses": int(MbtUnit.of(u).crew_losses or 0), "transported": U.carried(u)}
    case = {"procedure": "gp", "ruleset": "mbt", "game": "advanced", "scale": t.scale, "rulings": dict(state.rulings),
            "firer": {k: v for k, v in f.items() if v is not None},
            "target": target, "range": math.dist(a, at),
            "smoke": {"brew_up": t.brew_up_smoke(a, at, t.wrecks()), "other": t.other_smoke(a, at)}}
    rec = RecordingDice(scoped(dice, "terrain-fire", slug(step), u.id, pid))
    res = resolve_gp(validate(GpCase, {k: v for k, v in case.items() if k != "procedure"}, "gp"), rec, t.rulings,
                     procedure="terrain_fire")
    gp = ShotFacts.of(res).gp_factor
    res.rolls = rec.take()
    res.summary = f"{u.id} fires {w.name} ({gp} GP) at the {piece.type} {pid} ({step}; range {rng}): {res.summary}"
    res.rulings = t.rulings.differences()
    fx = ShotFacts.of(res)
    fx.firer = u.id
    fx.piece = pid
    fx.marker = piece.type
    fx.step = step
    fx.weapon = w.name
    fx.ammo = ammo
    fx.firer_at = [round(a[0], 3), round(a[1], 3)]
    fx.at = list(at)
    fx.case = case
    return res


def destroy(state: GameState, pid: str, by: str, notes: list[Note]) -> None:
    """14.4.3.3.3: the marker is removed; every ground unit in its hex is suppressed."""
    m = MbtGame.of(state)
    if pid in (m.removed_terrain or []):
        return
    piece = next(p for p in state.terrain if p.id == pid)
    t = AdvTable(state)
    at = aim(piece)
    hit = [u for u in state.units.values()
           if U.on_table(u) and (pid in t.pieces_at(t.xy(u)) or t.same_hex(t.xy(u), at))]
    m.removed_terrain.append(pid)
    notes.append(unit_note(by, f"destroys the {piece.type} {pid}: it is removed (14.4.3.3.3)", "terrain"))
    for u in hit:
        suppress(u, f"the {piece.type} in its hex was destroyed, 14.4.3.3.3", notes)
