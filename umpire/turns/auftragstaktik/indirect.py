"""Indirect fire over the tracked table: missions, templates laid and lasting, the stands they attack.

COMBAT > HE indirect fire effects.

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
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError, unknown
from umpire.rules.auftragstaktik.facts import AtFireFacts
from umpire.rules.auftragstaktik.hits import apply_hits
from umpire.rules.auftragstaktik.indirect import Command, indirect_fire
from umpire.text import num
from umpire.turns.auftragstaktik import tracked as tr

LEVELS = ("battalion", "brigade", "division")
_ECHELON = {"battalion": "battalion", "regiment": "brigade", "brigade": "brigade", "division": "division"}



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
            f'{field}: ({num(at[0])}, {num(at[1])}) is {num(d)}" from {u.id}, beyond its indirect range '
            f'(allowed: 0-{num(limit)}")'
        )
    return d


def check_unlocated(state: GameState, u: UnitState, t: UnitState, field: str) -> None:
    """Counter-battery fire at a battery the side has not spotted and has no radar to place
    (ruling ``cb.locating``): refused out of range without saying where the battery stands or
    how far it is (the error reaches whoever typed the orders)."""
    limit = indirect_range(u)
    if limit is not None and range_to(state, u, (t.x, t.y)) > limit + 1e-9:  # type: ignore[arg-type]
        raise UmpireError(
            f'{field}: {t.id} is beyond the indirect range of {u.id} (allowed: 0-{num(limit)}"; where the battery '
            "stands is not told: it is not spotted, ruling cb.locating)"
        )


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
                f"{field}.at: ({num(at[0])}, {num(at[1])}) is off the table "
                f"(x 0-{state.table.width:g}, y 0-{state.table.depth:g})"
            )
        check_range(state, u, at, f"{field}.at")
    for key in ("target", "counter_battery"):
        if m.get(key) is not None:
            t = state.units[m[key]]
            if key == "counter_battery" and u.side not in t.spotted_by \
                    and tr.rulings_of(state)["cb.locating"] != "radar":
                check_unlocated(state, u, t, f"{field}.{key}")
                continue
            check_range(state, u, (t.x, t.y), f"{field}.{key}")  # type: ignore[arg-type]
    check_icm(state, u, m, field)
    if m.get("also") is not None and indirect_rating(u).mrl is None:
        raise UmpireError(f"{field}.also: only MRL stands lay a second template (COMBAT > HE indirect fire effects)")
    if now:
        check_aim(state, u, m, field)


def check_icm(state: GameState, u: UnitState, m: dict[str, Any], field: str) -> None:
    """No more than one ICM mission per artillery stand a game, unless the side's ICM is unlimited
    (MISCELLANEOUS RULES > Cluster Munitions; ruling ``indirect.icm_missions``)."""
    if not m.get("icm") or tr.rulings_of(state)["indirect.icm_missions"] == "unlimited":
        return
    if tr.read_book(state).support.get(u.side, {}).get("icm") == "unlimited":
        return
    turn = tr.read_book(state).icm_fired.get(u.id)
    if turn is not None:
        raise UmpireError(
            f"{field}.icm: {u.id} fired its one ICM mission of the game in turn {turn} (MISCELLANEOUS RULES > "
            "Cluster Munitions; ruling indirect.icm_missions; allowed: HE, or icm: unlimited for the side in the "
            "scenario)"
        )


def spend_icm(state: GameState, u: UnitState, m: dict[str, Any]) -> None:
    """Note an ICM mission fired (``state`` is a copy being changed)."""
    if m.get("icm"):
        tr.book(state).icm_fired.setdefault(u.id, state.turn)


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


def check_aim(state: GameState, u: UnitState, m: dict[str, Any], field: str) -> None:
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
                f"{field}.at: the template at ({num(m['at'][0])}, {num(m['at'][1])}) touches no enemy stand "
                f"{tr.side_name(state, u.side)} has spotted (ruling indirect.targeting; planned: true for a point "
                "planned before the game)"
            )


def as_stand(state: GameState, u: UnitState) -> Any:
    from umpire.turns.auftragstaktik.shot_checks import moved_before

    return tr.stand(state, u, moved=moved_before(u, 1), spotted=any(s != u.side for s in u.spotted_by))


def battery_fire(state: GameState, u: UnitState, target: Any, dice: Dice, mission: Mapping[str, Any], range_in: float,
                 counter_battery: Any = None) -> Resolution:
    """Battery ``u``'s indirect fire at ``target`` (a stand of the rules), as every mission,
    template and counter-battery shot is resolved: the HQ level that ordered it (the mission's or
    the template's ``ordered_by``) and the battery's, its doctrine, ICM (``icm``), the range."""
    cmd = Command(
        orders_level=mission.get("ordered_by", "battalion"),
        firing_level=firing_level(state, u),  # type: ignore[arg-type]
        doctrine=doctrine_of(state, u),
    )
    return indirect_fire(as_stand(state, u), target, dice, tr.rulings_of(state), command=cmd,
                         icm=bool(mission.get("icm")), counter_battery=counter_battery, range_in=range_in)


def template_view(at: list[Any], size: tuple[float, float] | list[float], facing: float, label: str) -> dict[str, Any]:
    """A template as the report draws it (a shot's ``template``)."""
    return {"at": at, "radius": round(math.hypot(*size) / 2, 3), "size": list(size), "facing": facing, "label": label}


def fire_mission(
    state: GameState, u: UnitState, m: dict[str, Any], dice: Dice
) -> tuple[list[tuple[UnitState, Resolution]], dict[str, Any]]:
    """Place one mission's template(s) and attack every stand touched (``state`` is not changed);
    returns (target, resolution) pairs and the template as the report draws it."""
    size = template_size(u)
    facing = float(m.get("facing", 0.0)) % 360
    centres = _centres(state, u, m)
    polys = [_template_polygon(c, size, facing) for c in centres]
    rng = round(range_to(state, u, centres[0]), 3)
    out = []
    tpl = template_view([round(centres[0][0], 3), round(centres[0][1], 3)], size, facing, f"{u.id} indirect")
    under = _touched(state, polys)
    if lasting(u) and tr.rulings_of(state)["indirect.who_is_attacked"] == "movers_only":
        under = []  # only stands that move over it are attacked (ruling indirect.who_is_attacked)
    for t in under:
        res = battery_fire(state, u, tr.stand(state, t, moved=tr.moved_in(t, 1) > 0, spotted=True),
                           scoped(dice, "indirect", u.id, t.id), m, rng)
        f = AtFireFacts.of(res)
        f.firer, f.target, f.weapon, f.range, f.template = u.id, t.id, "indirect", round(rng, 2), tpl
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
    tr.book(state).templates.append(
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

    from umpire.turns.auftragstaktik.table import footprints_of

    tpls = tr.book(state).templates or []
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
        res = battery_fire(state, firer, tr.stand(state, u, moved=True, spotted=True),
                           scoped(dice, "template", firer.id, u.id), tp, float(tp["range"]))
        f = AtFireFacts.of(res)
        f.firer, f.target, f.weapon, f.range = firer.id, u.id, "indirect", round(float(tp["range"]), 2)
        f.template = template_view(tp["at"], tp["size"], tp["facing"], f"{firer.id} indirect")
        res.summary = f"{u.id} moves through {firer.id}'s template: {res.summary}"
        results.append(res)
        lines.append(f"{u.id} moves through {firer.id}'s template: {land_no_firer(state, u, res)}")
        res.facts.line = lines[-1]
    return results, lines


def land_no_firer(state: GameState, target: UnitState, res: Resolution) -> str:
    ext = tr.book(state)
    t = state.units[target.id]
    before = t.status
    if t.status not in tr.DEAD:
        t.hits, eliminated = apply_hits(t.hits, int(res.outcome.get("hits", 0)),
                                        troop_in_close_terrain=tr.is_troop(t) and tr.cover_at(state, t)[1])
        if res.outcome.get("eliminated") or eliminated:
            t.status = "eliminated"
    if t.id not in ext.attacked:
        ext.attacked.append(t.id)
    b = tr.battalion_of(state, t)
    if b is not None and b.id not in ext.under_fire:
        ext.under_fire.append(b.id)
    return f"{t.id} {'eliminated' if t.status == 'eliminated' and before != 'eliminated' else f'now {t.hits} hits'}"
