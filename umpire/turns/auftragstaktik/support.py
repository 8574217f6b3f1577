"""Indirect fire, counter-battery and air support over the tracked table (COMBAT > HE indirect fire
effects; MISCELLANEOUS RULES > Airstrikes, Counter-Battery Fire).

Indirect fire is resolved in the First Combat Phase only, before direct fire (ruling
``indirect.phase_order``). A mission is a battery (or mortar platoon) with an Indirect rating
and a point, or a spotted enemy stand to centre the template on. The template is a company base
(1.5 x 1) for a battery, a 1 x 1 square for a platoon (ruling ``indirect.template_size``), turned
to ``facing``; an MRL may lay a second template that touches the first without overlapping it.
Every stand whose footprint the template touches or covers, of either side, is attacked once
with the rules' :func:`~umpire.rules.auftragstaktik.indirect.indirect_fire` (ruling
``indirect.who_is_attacked``; its ``movers_only`` reading attacks nobody when a tube template
lands). A tube-artillery template then stays on the table until the End Phase and attacks, once,
each stand that moves onto or through it in the Second Movement Phase (:func:`template_attacks`);
MRL templates are removed at once. The template must touch a stand the firing side has spotted, or
be a point planned before the game (``planned: true``; ruling ``indirect.targeting``). Range is
measured from the battery's base to the template's centre. The HQ-level shift takes the level
that ordered the fire (``ordered_by``) and the level the battery belongs to (its formation's
echelon; ruling ``indirect.hq_level_semantics``). The hits of all missions land together.

Counter-battery fire (``counter_battery: BATTERY``) attacks one enemy battery that fired indirect
this phase, after the indirect fire (ruling ``cb.timing``: ``before`` resolves it first), with the
sides' C3 levels from the scenario (ruling ``cb.c3_level``); it attacks the battery alone (ruling
``cb.template``).

Airstrikes: a side's flights (scenario ``air:``) attack one spotted enemy stand each, bombing (Very
Heavy HE with the ordnance modifier and the HQ-level shift of the HQ they are assigned to) or
strafing (its stat line's AT and HW), once per sortie; no template (MISCELLANEOUS RULES >
Airstrikes). Before it strikes, the target side's stands with an AD rating in range of the stand
attacked fire at the flight (MISCELLANEOUS RULES > Air Defense; ruling ``air.defense_fire``); a
hit makes it abort, two shoot it down (ruling ``air.defense_effect``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.turns.auftragstaktik import tracked as tr

LEVELS = ("battalion", "brigade", "division")
_ECHELON = {"battalion": "battalion", "regiment": "brigade", "brigade": "brigade", "division": "division"}


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


# --- who may fire, and how far ------------------------------------------------------------------


def indirect_rating(u: UnitState) -> Any:
    ind = tr.unit_ratings(u).indirect
    return ind if ind is not None and ind.weight is not None else None


def indirect_range(u: UnitState) -> float | None:
    ind = indirect_rating(u)
    return None if ind is None else (ind.extended_range or ind.range)


def is_battery(u: UnitState) -> bool:
    """A battery (or a company) lays a company-sized template; a platoon a platoon-sized one."""
    code = tr.unit_ratings(u).sizes[0]
    return code in ("sb", "mb", "lb") or code.endswith("c")


def template_size(u: UnitState) -> tuple[float, float]:
    """A battery's (or company's) template is a company base, a platoon's 1 x 1 (ruling
    indirect.template_size)."""
    return (1.5, 1.0) if is_battery(u) else (1.0, 1.0)


def firing_level(state: GameState, u: UnitState) -> str:
    """The echelon the battery belongs to: its formation's level (regiment counts as brigade)."""
    forms = tr.formations(state)
    f = forms.get(u.formation or "")
    return _ECHELON.get(f.level, "battalion") if f is not None else "battalion"


def doctrine_of(state: GameState, u: UnitState) -> str:
    forms = tr.formations(state)
    f = forms.get(u.formation or "")
    while f is not None:
        if f.doctrine:
            return f.doctrine
        f = forms.get(f.parent or "")
    return "balanced"


def check_battery(state: GameState, u: UnitState, field: str) -> None:
    """Refuse a mission for a stand that cannot fire indirect."""
    if indirect_rating(u) is None:
        have = sorted(x.id for x in state.units_of(u.side) if tr.alive(x) and indirect_rating(x) is not None)
        raise UmpireError(
            f"{field}: {u.id} ({u.type or 'its stat line'}) has no Indirect rating: indirect fire missions "
            f"are for artillery stands (allowed: {', '.join(have) or 'none on this side'})"
        )


def _template_polygon(at: tuple[float, float], size: tuple[float, float], facing: float) -> Any:
    from umpire.geometry.facts import Pose
    from umpire.geometry.footprint import footprints

    return footprints([Pose(float(at[0]), float(at[1]), float(facing), size[0], size[1])])[0]


def range_to(state: GameState, u: UnitState, at: tuple[float, float]) -> float:
    import shapely

    from umpire.turns.auftragstaktik.table import footprints_of

    return float(shapely.distance(footprints_of([u])[0], shapely.Point(float(at[0]), float(at[1]))))


def check_range(state: GameState, u: UnitState, at: tuple[float, float], field: str) -> float:
    d = range_to(state, u, at)
    limit = indirect_range(u)
    if limit is not None and d > limit + 1e-9:
        raise UmpireError(
            f'{field}: ({_fmt(at[0])}, {_fmt(at[1])}) is {_fmt(d)}" from {u.id}, beyond its indirect range '
            f'(allowed: 0-{_fmt(limit)}")'
        )
    return d


def check_mission(state: GameState, u: UnitState, m: dict[str, Any], field: str, *, now: bool) -> None:
    """The checks an orders file (``now`` false) and a step (``now`` true: spotting too) make."""
    check_battery(state, u, field)
    given = [k for k in ("at", "target", "counter_battery") if m.get(k) is not None]
    if len(given) != 1:
        raise UmpireError(f"{field}: give one of at: [x, y], target: UNIT or counter_battery: BATTERY")
    if m.get("ordered_by", "battalion") not in LEVELS:
        raise UmpireError(f"{field}.ordered_by: unknown HQ level (allowed: {', '.join(LEVELS)})")
    for key in ("target", "counter_battery"):
        tid = m.get(key)
        if tid is None:
            continue
        if tid not in state.units:
            from umpire.errors import unknown

            raise UmpireError(
                f"{field}.{key}: {unknown('unit', tid, [x.id for x in state.units.values() if x.side != u.side])}"
            )
        t = state.units[tid]
        if t.side == u.side:
            raise UmpireError(f"{field}.{key}: {tid} is on the firing side ({u.side}); fire at enemy stands")
        if key == "counter_battery" and indirect_rating(t) is None:
            raise UmpireError(
                f"{field}.counter_battery: {tid} is not an artillery stand (counter-battery fire is at enemy "
                "artillery; MISCELLANEOUS RULES > Counter-Battery Fire)"
            )
    if m.get("at") is not None:
        at = tuple(m["at"])
        if not (0 <= at[0] <= state.table.width and 0 <= at[1] <= state.table.depth):
            raise UmpireError(
                f"{field}.at: ({_fmt(at[0])}, {_fmt(at[1])}) is off the table "
                f"(x 0-{state.table.width:g}, y 0-{state.table.depth:g})"
            )
        check_range(state, u, at, f"{field}.at")
    for key in ("target", "counter_battery"):
        if m.get(key) is not None:
            t = state.units[m[key]]
            check_range(state, u, (t.x, t.y), f"{field}.{key}")  # type: ignore[arg-type]
    check_icm(state, u, m, field)
    if m.get("also") is not None and indirect_rating(u).mrl is None:
        raise UmpireError(f"{field}.also: only MRL stands lay a second template (COMBAT > HE indirect fire effects)")
    if now:
        _check_aim(state, u, m, field)


def check_icm(state: GameState, u: UnitState, m: dict[str, Any], field: str) -> None:
    """No more than one ICM mission per artillery stand a game, unless the side's ICM is unlimited
    (MISCELLANEOUS RULES > Cluster Munitions; ruling ``indirect.icm_missions``)."""
    if not m.get("icm") or tr.rulings_of(state)["indirect.icm_missions"] == "unlimited":
        return
    if (state.extra.get("support") or {}).get(u.side, {}).get("icm") == "unlimited":
        return
    turn = tr.read_book(state).get("icm_fired", {}).get(u.id)
    if turn is not None:
        raise UmpireError(
            f"{field}.icm: {u.id} fired its one ICM mission of the game in turn {turn} (MISCELLANEOUS RULES > "
            "Cluster Munitions; ruling indirect.icm_missions; allowed: HE, or icm: unlimited for the side in the "
            "scenario)"
        )


def spend_icm(state: GameState, u: UnitState, m: dict[str, Any]) -> None:
    """Note an ICM mission fired (``state`` is a copy being changed)."""
    if m.get("icm"):
        tr.book(state).setdefault("icm_fired", {}).setdefault(u.id, state.turn)


def _centres(state: GameState, u: UnitState, m: dict[str, Any]) -> list[tuple[float, float]]:
    if m.get("target") is not None:
        t = state.units[m["target"]]
        first = (float(t.x), float(t.y))  # type: ignore[arg-type]
    else:
        first = (float(m["at"][0]), float(m["at"][1]))
    out = [first]
    if m.get("also") is not None:
        out.append((float(m["also"][0]), float(m["also"][1])))
    return out


def _touched(state: GameState, polys: list[Any]) -> list[UnitState]:
    import shapely

    from umpire.turns.auftragstaktik.table import footprints_of

    live = [x for x in state.units.values() if tr.alive(x)]
    if not live:
        return []
    fps = footprints_of(live)
    hit = [False] * len(live)
    for p in polys:
        for k, f in enumerate(fps):
            hit[k] = hit[k] or bool(shapely.intersects(p, f))
    return [x for x, h in zip(live, hit, strict=True) if h]


def _check_aim(state: GameState, u: UnitState, m: dict[str, Any], field: str) -> None:
    """Where the mission may land now: a spotted target, or a template touching a spotted stand
    (unless planned), templates of one MRL touching but not overlapping, in range."""
    if m.get("counter_battery") is not None:
        return
    if m.get("target") is not None:
        t = state.units[m["target"]]
        if not tr.alive(t):
            raise UmpireError(f"{field}.target: {t.id} is {t.status}")
        if u.side not in t.spotted_by:
            raise UmpireError(
                f"{field}.target: {t.id} is not spotted by {tr.side_name(state, u.side)} (ruling indirect.targeting: "
                "aim at a spotted stand, or give at: [x, y] with planned: true for a point planned before the game)"
            )
    polys = [_template_polygon(c, template_size(u), float(m.get("facing", 0.0))) for c in _centres(state, u, m)]
    if len(polys) == 2:
        if polys[0].intersection(polys[1]).area > 1e-9 or not polys[0].intersects(polys[1]):
            raise UmpireError(
                f"{field}.also: an MRL's two templates must touch and may not overlap (COMBAT > HE indirect fire "
                "effects)"
            )
    for c in _centres(state, u, m):
        check_range(state, u, c, f"{field}.{'target' if m.get('target') else 'at'}")
    if m.get("at") is not None and not m.get("planned"):
        if not any(u.side in x.spotted_by for x in _touched(state, polys) if x.side != u.side):
            raise UmpireError(
                f"{field}.at: the template at ({_fmt(m['at'][0])}, {_fmt(m['at'][1])}) touches no enemy stand "
                f"{tr.side_name(state, u.side)} has spotted (ruling indirect.targeting; planned: true for a point "
                "planned before the game)"
            )


# --- resolving ------------------------------------------------------------------------------------


def _stand(state: GameState, u: UnitState) -> Any:
    from umpire.turns.auftragstaktik.firing import _moved

    return tr.stand(state, u, moved=_moved(u, 1), spotted=any(s != u.side for s in u.spotted_by))


def fire_mission(
    state: GameState, u: UnitState, m: dict[str, Any], dice: Dice
) -> tuple[list[tuple[UnitState, Resolution]], dict[str, Any]]:
    """Place one mission's template(s) and attack every stand touched (``state`` is not changed);
    returns (target, resolution) pairs and the template as the report draws it."""
    from umpire.rules.auftragstaktik.indirect import Command, indirect_fire

    size = template_size(u)
    facing = float(m.get("facing", 0.0)) % 360
    centres = _centres(state, u, m)
    polys = [_template_polygon(c, size, facing) for c in centres]
    cmd = Command(
        orders_level=m.get("ordered_by", "battalion"),
        firing_level=firing_level(state, u),  # type: ignore[arg-type]
        doctrine=doctrine_of(state, u),
    )
    firer = _stand(state, u)
    rulings = tr.rulings_of(state)
    rng = round(range_to(state, u, centres[0]), 3)
    out = []
    tpl = {
        "at": [round(centres[0][0], 3), round(centres[0][1], 3)],
        "radius": round(math.hypot(*size) / 2, 3),
        "size": list(size),
        "facing": facing,
        "label": f"{u.id} indirect",
    }
    under = _touched(state, polys)
    if lasting(u) and tr.rulings_of(state)["indirect.who_is_attacked"] == "movers_only":
        under = []  # only stands that move over it are attacked (ruling indirect.who_is_attacked)
    for t in under:
        res = indirect_fire(
            firer,
            tr.stand(state, t, moved=tr.moved_in(t, 1) > 0, spotted=True),
            scoped(dice, "indirect", u.id, t.id),
            rulings,
            command=cmd,
            icm=bool(m.get("icm")),
            range_in=rng,
        )
        res.extra.update({"firer": u.id, "target": t.id, "weapon": "indirect", "range": round(rng, 2), "template": tpl})
        res.summary = f"{u.id} indirect fire on {t.id}: {res.summary}"
        out.append((t, res))
    if len(centres) == 2:
        tpl = {**tpl, "second": [round(centres[1][0], 3), round(centres[1][1], 3)]}
    return out, tpl


def lasting(u: UnitState) -> bool:
    """A tube battery's template stays on the table until the End Phase; an MRL's is removed at
    once (COMBAT > HE indirect fire effects; ruling indirect.who_is_attacked)."""
    ind = indirect_rating(u)
    return ind is not None and ind.mrl is None


def lay(state: GameState, u: UnitState, m: dict[str, Any], tpl: dict[str, Any]) -> None:
    """Leave a tube battery's template on the table (``state`` is a copy being changed)."""
    if not lasting(u):
        return
    tr.book(state).setdefault("templates", []).append(
        {
            "firer": u.id,
            "at": tpl["at"],
            "size": tpl["size"],
            "facing": tpl["facing"],
            "ordered_by": m.get("ordered_by", "battalion"),
            "icm": bool(m.get("icm")),
            "range": round(range_to(state, u, (tpl["at"][0], tpl["at"][1])), 3),
            "through": [],
        }
    )


def template_attacks(
    state: GameState, u: UnitState, pts: list[tuple[float, float]], dice: Dice
) -> tuple[list[Resolution], list[str]]:
    """Attack ``u`` (already at the end of its move ``pts``, start first) once with each template
    on the table that its move touches (its footprint where it started and where it ended, and its
    centre line as wide as its base between) and that has not attacked it yet (ruling
    ``indirect.who_is_attacked``); the hits land at once on ``state`` (a copy being changed)."""
    import shapely

    from umpire.rules.auftragstaktik.indirect import Command, indirect_fire
    from umpire.turns.auftragstaktik.table import footprints_of

    tpls = tr.book(state).get("templates") or []
    if not tpls or len(pts) < 2 or not tr.alive(u):
        return [], []
    line = shapely.LineString(pts)
    was = u.model_copy(update={"x": pts[0][0], "y": pts[0][1]})
    swept = shapely.union_all(footprints_of([was, u]))
    if line.length > 0:
        swept = swept.union(line.buffer(min(u.base) / 2, cap_style="flat"))
    results, lines = [], []
    for tp in tpls:
        if u.id in tp["through"] or not tr.alive(u):
            continue
        poly = _template_polygon((tp["at"][0], tp["at"][1]), (tp["size"][0], tp["size"][1]), float(tp["facing"]))
        if not poly.intersects(swept):
            continue
        tp["through"].append(u.id)
        firer = state.units[tp["firer"]]
        cmd = Command(
            orders_level=tp["ordered_by"],
            firing_level=firing_level(state, firer),  # type: ignore[arg-type]
            doctrine=doctrine_of(state, firer),
        )
        res = indirect_fire(
            _stand(state, firer),
            tr.stand(state, u, moved=True, spotted=True),
            scoped(dice, "template", firer.id, u.id),
            tr.rulings_of(state),
            command=cmd,
            icm=bool(tp["icm"]),
            range_in=float(tp["range"]),
        )
        res.extra.update(
            {
                "firer": firer.id,
                "target": u.id,
                "weapon": "indirect",
                "range": round(float(tp["range"]), 2),
                "template": {
                    "at": tp["at"],
                    "radius": round(math.hypot(*tp["size"]) / 2, 3),
                    "size": tp["size"],
                    "facing": tp["facing"],
                    "label": f"{firer.id} indirect",
                },
            }
        )
        res.summary = f"{u.id} moves through {firer.id}'s template: {res.summary}"
        results.append(res)
        lines.append(f"{u.id} moves through {firer.id}'s template: {_land_air(state, u, res)}")
        res.extra["line"] = lines[-1]
    return results, lines


def counter_battery(state: GameState, u: UnitState, m: dict[str, Any], dice: Dice) -> tuple[UnitState, Resolution]:
    from umpire.rules.auftragstaktik.indirect import Command, CounterBattery, indirect_fire

    t = state.units[m["counter_battery"]]
    c3 = c3_levels(state)
    mine, theirs = indirect_rating(u), indirect_rating(t)
    t_range, u_range = indirect_range(t) or 0.0, indirect_range(u) or 0.0
    cb = CounterBattery(
        firer_c3=c3.get(u.side, 3),
        target_c3=c3.get(t.side, 3),
        target_sp=tr.unit_ratings(t).default_kind() == "vehicle",
        target_mrl=theirs.mrl is not None,
        firer_icm=bool(m.get("icm")),
        firer_mrl=mine.mrl is not None,
        target_outranges=t_range > u_range,
    )
    rng = round(range_to(state, u, (t.x, t.y)), 3)  # type: ignore[arg-type]
    cmd = Command(
        orders_level=m.get("ordered_by", "battalion"),
        firing_level=firing_level(state, u),  # type: ignore[arg-type]
        doctrine=doctrine_of(state, u),
    )
    res = indirect_fire(
        _stand(state, u),
        tr.stand(state, t, moved=False, spotted=True),
        scoped(dice, "counter-battery", u.id, t.id),
        tr.rulings_of(state),
        command=cmd,
        icm=bool(m.get("icm")),
        counter_battery=cb,
        range_in=rng,
    )
    size = template_size(u)
    res.extra.update(
        {
            "firer": u.id,
            "target": t.id,
            "weapon": "counter-battery",
            "range": round(rng, 2),
            "template": {
                "at": [t.x, t.y],
                "radius": round(math.hypot(*size) / 2, 3),
                "size": list(size),
                "facing": float(t.facing),
                "label": f"{u.id} counter-battery",
            },
        }
    )
    res.summary = f"{u.id} counter-battery fire on {t.id}: {res.summary}"
    return t, res


def c3_levels(state: GameState) -> dict[str, int]:
    return {s: int(v.get("c3", 3)) for s, v in (state.extra.get("support") or {}).items()}


def flights(state: GameState, side: str) -> dict[str, dict[str, Any]]:
    return {f["id"]: f for f in (state.extra.get("support") or {}).get(side, {}).get("air", [])}


def sorties_left(state: GameState, flight: dict[str, Any]) -> int:
    used = tr.read_book(state).get("sorties", {}).get(flight["id"], 0)
    return int(flight.get("sorties", 1)) - int(used)


def check_air(state: GameState, side: str, fid: str, a: dict[str, Any], field: str, *, now: bool) -> dict[str, Any]:
    from umpire.errors import unknown

    mine = flights(state, side)
    if fid not in mine:
        raise UmpireError(f"{field}: {unknown('flight', fid, mine)} (the scenario's air: for {side})")
    f = mine[fid]
    lost = tr.read_book(state).get("flights_lost", {}).get(fid)
    if lost is not None:
        raise UmpireError(f"{field}: {fid} was shot down in turn {lost} (ruling air.defense_effect)")
    if sorties_left(state, f) <= 0:
        raise UmpireError(f"{field}: {fid} has flown all its {f.get('sorties', 1)} sorties")
    tid = a.get("target")
    if tid not in state.units or state.units[tid].side == side:
        foes = [x.id for x in state.units.values() if x.side != side]
        raise UmpireError(f"{field}.target: {unknown('enemy stand', str(tid), foes)}")
    for key in ("ordered_by", "assigned_to"):
        if a.get(key, "battalion") not in LEVELS:
            raise UmpireError(f"{field}.{key}: unknown HQ level (allowed: {', '.join(LEVELS)})")
    if a.get("attack", "bomb") == "strafe" and not f.get("statline"):
        raise UmpireError(f"{field}.attack: {fid} has no stat line to strafe with (allowed: bomb)")
    if now:
        t = state.units[tid]
        if not tr.alive(t) or side not in t.spotted_by:
            raise UmpireError(
                f"{field}.target: {tid} is not a spotted enemy stand (airstrikes attack a stand the side has spotted; "
                "ruling air.targeting)"
            )
    return f


def airstrike(state: GameState, side: str, fid: str, a: dict[str, Any], dice: Dice) -> tuple[UnitState, Resolution]:
    from umpire.rules.auftragstaktik.data import tables
    from umpire.rules.auftragstaktik.indirect import Command, ordnance_drm, strafing
    from umpire.rules.auftragstaktik.indirect import airstrike as bomb
    from umpire.rules.auftragstaktik.ratings import Stand

    f = flights(state, side)[fid]
    t = state.units[a["target"]]
    rulings = tr.rulings_of(state)
    target = tr.stand(state, t, moved=tr.moved_in(t, 1) > 0, spotted=True)
    if a.get("attack", "bomb") == "strafe":
        plane = Stand(unit=tr.ratings(f["statline"]), quality=f.get("quality", "regular"))
        res = strafing(plane, target, scoped(dice, "strafing", fid, t.id), rulings)
    else:
        cmd = Command(
            orders_level=a.get("ordered_by", "battalion"),
            firing_level=a.get("assigned_to", "battalion"),
            doctrine=str(f.get("doctrine", "balanced")),
        )
        res = bomb(
            target, scoped(dice, "airstrike", fid, t.id), rulings,
            aircraft_drm=ordnance_drm(float(f["ordnance_tons"]), rulings, tables()), command=cmd,
        )
    # the flight is no stand: its dice and modifiers are its side's (the report reads them so)
    res.extra.update(
        {
            "flight": fid,
            "target": t.id,
            "rolls": [{**r.as_dict(), "side": side} for r in res.rolls],
            "modifiers": [{**m.model_dump(), "side": side} for m in res.modifiers],
            "shifts": [{**m.model_dump(), "side": side} for m in res.shifts],
        }
    )
    res.summary = (
        f"{f.get('name') or fid} {'strafes' if a.get('attack') == 'strafe' else 'bombs'} {t.id}: {res.summary}"
    )
    return t, res


_NO_STATLINE = "mp | 0 | 0/0 | -- | -- | +0 | --"


def _ad_weapon(state: GameState, x: UnitState, reach: float) -> str | None:
    """The weapon ``x`` fires at a flight attacking a stand ``reach`` inches away (ruling
    air.defense_fire), or None."""
    from umpire.rules.auftragstaktik.data import tables

    r = tr.unit_ratings(x)
    if r.air_defense is not None:
        limit = r.air_defense.range if r.air_defense.range is not None else (r.hw.range if r.hw else None)
        if limit is not None and reach <= limit + 1e-9:
            return "ad"
        return None
    if tr.rulings_of(state)["air.defense_fire"] != "sa_hw_too":
        return None
    if r.hw is not None and r.hw.range is not None and reach <= r.hw.range + 1e-9:
        return "hw"
    if r.sa is not None and r.sa.ranged is not None and reach <= tables().fire.ranges.sa_max_in + 1e-9:
        return "sa"
    return None


def air_defence(
    state: GameState, side: str, fid: str, a: dict[str, Any], dice: Dice
) -> tuple[list[Resolution], int]:
    """The target side's air defence fires at flight ``fid`` before it strikes (MISCELLANEOUS RULES
    > Air Defense; ruling ``air.defense_fire``): each stand able to, in id order, once, on the +1
    column. Returns the resolutions and the hits scored on the flight."""
    from umpire.geometry.distance import edge_distance
    from umpire.rules.auftragstaktik.indirect import air_defense
    from umpire.rules.auftragstaktik.ratings import Stand
    from umpire.turns.auftragstaktik.table import pose

    f = flights(state, side)[fid]
    t = state.units[a["target"]]
    ext = tr.book(state)
    plane = Stand(
        unit=tr.ratings(f.get("statline") or _NO_STATLINE), quality=f.get("quality", "regular"), kind="aircraft"
    )
    results, hits = [], 0
    for x in sorted(state.units.values(), key=lambda x: x.id):
        if x.side != t.side or not tr.alive(x) or x.hits >= 3:
            continue
        if ext["battalion_status"].get(getattr(tr.battalion_of(state, x), "id", "")) == "routed":
            continue
        reach = 0.0 if x.id == t.id else float(edge_distance(pose(x), pose(t)))
        weapon = _ad_weapon(state, x, reach)
        if weapon is None:
            continue
        res = air_defense(
            tr.stand(state, x, moved=tr.moved_in(x, 1) > 0, spotted=True),
            plane,
            weapon,  # type: ignore[arg-type]
            scoped(dice, "air-defence", x.id, fid),
            tr.rulings_of(state),
            range_in=round(reach, 3),
        )
        res.extra.update({"firer": x.id, "target": t.id, "flight": fid, "weapon": weapon, "range": round(reach, 2)})
        res.summary = f"{x.id} fires {weapon.upper()} at {f.get('name') or fid} attacking {t.id}: {res.summary}"
        results.append(res)
        hits += int(res.outcome.get("hits", 0))
    return results, hits


def _land_all(state: GameState, hits: Sequence[tuple[UnitState | None, UnitState, Resolution]]) -> list[str]:
    """Apply hits together; ``firer`` None for aircraft (no fire mark)."""
    from umpire.turns.auftragstaktik.firing import land

    lines = []
    for firer, target, res in hits:
        if firer is None:
            lines.append(f"{res.extra.get('flight')} -> {target.id}: {_land_air(state, target, res)}")
        else:
            lines.append(f"{firer.id} -> {target.id}: {land(state, firer, target, res, 1)}")
        res.extra["line"] = lines[-1]
    return lines


def _land_air(state: GameState, target: UnitState, res: Resolution) -> str:
    from umpire.rules.auftragstaktik.data import tables

    ext = tr.book(state)
    t = state.units[target.id]
    before = t.status
    if t.status not in tr.DEAD:
        t.hits += int(res.outcome.get("hits", 0))
        if res.outcome.get("eliminated") or (
            t.hits >= tables().common.hit_effects.eliminated_at and not (tr.is_troop(t) and tr.cover_at(state, t)[1])
        ):
            t.status = "eliminated"
    if t.id not in ext["attacked"]:
        ext["attacked"].append(t.id)
    b = tr.battalion_of(state, t)
    if b is not None and b.id not in ext["under_fire"]:
        ext["under_fire"].append(b.id)
    return f"{t.id} {'eliminated' if t.status == 'eliminated' and before != 'eliminated' else f'now {t.hits} hits'}"


def resolve_support(state: GameState, dice: Dice) -> tuple[list[Resolution], list[str]]:
    """The First Combat Phase's planned indirect fire, counter-battery and airstrikes, on ``state``
    (a copy being changed)."""
    ext = tr.book(state)
    missions = [(uid, p["indirect"]) for uid, p in sorted(ext["plan"].items()) if p.get("indirect")]
    air = sorted((ext.get("air_plan") or {}).items())
    if not missions and not air:
        return [], []
    results: list[Resolution] = []
    lines: list[str] = []
    done = ext.setdefault("indirect_fired", {})
    label = f"{state.turn}.1"

    def ready(uid: str) -> UnitState | None:
        u = state.units.get(uid)
        if u is None or not tr.alive(u) or done.get(uid) == label:
            return None
        if u.hits >= 3 or ext["battalion_status"].get(getattr(tr.battalion_of(state, u), "id", "")) == "routed":
            lines.append(f"{uid} holds fire: {'3 hits' if u.hits >= 3 else 'its battalion is Routed'}")
            return None
        return u

    def plain() -> None:
        landed = []
        for uid, m in missions:
            if m.get("counter_battery") is not None or (u := ready(uid)) is None:
                continue
            try:
                check_icm(state, u, m, f"{uid}.indirect")
                _check_aim(state, u, m, f"{uid}.indirect")
            except UmpireError as exc:
                lines.append(f"{uid} holds fire: {str(exc).split(': ', 1)[-1]}")
                continue
            pairs, tpl = fire_mission(state, u, m, dice)
            lay(state, u, m, tpl)
            spend_icm(state, u, m)
            done[uid] = label
            lines.append(
                f"{uid} fires indirect at ({_fmt(tpl['at'][0])}, {_fmt(tpl['at'][1])}): "
                f"{len(pairs)} stand{'s' if len(pairs) != 1 else ''} under the template"
            )
            for t, res in pairs:
                results.append(res)
                landed.append((u, t, res))
        lines.extend(_land_all(state, landed))

    def cb(declared: set[str] | None) -> None:
        landed = []
        for uid, m in missions:
            if m.get("counter_battery") is None or (u := ready(uid)) is None:
                continue
            t = state.units.get(m["counter_battery"])
            fired = (
                done.get(t.id) == label
                if t is not None and declared is None
                else m["counter_battery"] in (declared or ())
            )
            if t is None or not tr.alive(t) or not fired:
                lines.append(f"{uid} holds counter-battery fire: {m['counter_battery']} did not fire this phase")
                continue
            try:
                check_range(state, u, (t.x, t.y), f"{uid}")  # type: ignore[arg-type]
            except UmpireError:
                lines.append(f"{uid} holds counter-battery fire: {t.id} is beyond its indirect range")
                continue
            try:
                check_icm(state, u, m, uid)
            except UmpireError as exc:
                lines.append(f"{uid} holds counter-battery fire: {str(exc).split(': ', 1)[-1]}")
                continue
            t, res = counter_battery(state, u, m, dice)
            spend_icm(state, u, m)
            done[uid] = label
            results.append(res)
            landed.append((u, t, res))
        lines.extend(_land_all(state, landed))

    if tr.rulings_of(state)["cb.timing"] == "before":
        # counter-battery first, against the batteries declared to fire (ruling cb.timing)
        cb({uid for uid, m in missions if m.get("counter_battery") is None})
        plain()
    else:
        plain()
        cb(None)
    landed = []
    sorties = ext.setdefault("sorties", {})
    for fid, a in air:
        side = a["side"]
        try:
            check_air(state, side, fid, a, f"air.{fid}", now=True)
        except UmpireError:
            lines.append(f"{fid} aborts: its target is not a spotted enemy stand (ruling air.targeting)")
            continue
        ad, hit = air_defence(state, side, fid, a, dice)
        results += ad
        sorties[fid] = sorties.get(fid, 0) + 1
        if hit:
            f = flights(state, side)[fid]
            name = f.get("name") or fid
            if hit >= 2 or tr.rulings_of(state)["air.defense_effect"] == "lost":
                sorties[fid] = max(sorties[fid], int(f.get("sorties", 1)))
                ext.setdefault("flights_lost", {})[fid] = state.turn
                lines.append(
                    f"{name} is shot down before it strikes ({hit} hit{'s' if hit != 1 else ''}; "
                    "ruling air.defense_effect)"
                )
            else:
                lines.append(f"{name} is hit and aborts its strike on {a['target']} (ruling air.defense_effect)")
            continue
        t, res = airstrike(state, side, fid, a, dice)
        results.append(res)
        landed.append((None, t, res))
    lines.extend(_land_all(state, landed))
    return results, lines
