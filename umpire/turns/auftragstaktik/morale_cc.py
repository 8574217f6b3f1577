"""The Morale Phase and the Close Combat Phase over the tracked game (MORALE; COMBAT > Close Combat).

Morale: every battalion that came under fire of any kind since the last Morale Phase, and every
Checked or Routed battalion, checks once (ruling ``morale.who_checks``); the level is the
scenario's per-battalion value, ``A`` if none (ruling ``morale.level_source``). The status is kept
per battalion and shown on its stands (ruling ``morale.markers_on_battalion``); a Checked
battalion's HA, DA and Travel orders become No Orders (ruling ``morale.checked_existing_orders``).

Close combat: troop stands on Hasty Advance, or on Deliberate Advance having moved no more than
half their allowance this turn (ruling ``close_combat.da_half_ma``), whose bases touch an enemy
stand, start it; the enemy stands they touch are drawn in. A concealed stand drawn in (ruling
``orders.undefined_names``) first attacks for free, again while it eliminates. Then rounds
(ruling ``close_combat.rounds``): every troop stand in it attacks the nearest enemy stand it
touches, all at once; each AFV attacked fires its HW at one of its attackers with -6; after a
round, stands whose orders say ``cc_withdraw: true`` withdraw (1 hit, Withdraw orders, a full
move straight away from the nearest enemy, not priced through terrain). Rounds go on while any
stand in it can still attack.
"""

from __future__ import annotations

import math

from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Resolution
from umpire.core.shared import held_values
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik.close_combat import afv_return_fire, close_combat
from umpire.rules.auftragstaktik.data import tables
from umpire.rules.auftragstaktik.facts import AtCommandFacts, AtFireFacts
from umpire.rules.auftragstaktik.hits import apply_hits
from umpire.rules.auftragstaktik.morale import Battalion, StandHits, morale_check
from umpire.rules.auftragstaktik.stand_case import stand_case
from umpire.turns.auftragstaktik import tracked as tr
from umpire.turns.auftragstaktik.sightlines import aspect, distance


def morale_level(state: GameState, bid: str) -> str:
    return str(tr.read_book(state).morale.get(bid, tables().turn.morale.default_level))


def check_battalion(state: GameState, bid: str, dice: Dice) -> tuple[Resolution, str]:
    """One battalion's morale check, applied to ``state`` (a copy being changed)."""
    ext = tr.book(state)
    if bid in ext.morale_done:
        raise UmpireError(f"battalion: {bid} has already checked morale this Morale Phase")
    units = tr.battalion_units(state, bid)
    if not units:
        raise UmpireError(f"battalion: {bid} has no stands")
    status = ext.battalion_status.get(bid, "ok")
    stands = [
        StandHits(
            hits=min(u.hits, tables().common.hit_effects.eliminated_at),
            in_cover=tr.cover_at(state, u)[0] != "none" if tr.alive(u) else False,
            eliminated=not tr.alive(u),
        )
        for u in units
    ]
    battalion = Battalion(morale=morale_level(state, bid), status=status, stands=stands)
    res = morale_check(battalion, scoped(dice, "morale", bid), tr.rulings_of(state))
    new = res.outcome["status"]
    hq = next((f.hq for f in state.formations if f.id == bid), None)
    fx = AtCommandFacts.of(res)
    fx.unit = hq if hq in state.units else units[0].id
    fx.battalion = bid
    fx.case = {"procedure": "morale", "ruleset": "auftragstaktik", "rulings": dict(state.rulings),
                               "battalion": battalion.model_dump(mode="json")}
    res.summary = f"morale of {bid}: {res.summary}"
    if new == "ok":
        ext.battalion_status.pop(bid, None)
    else:
        ext.battalion_status[bid] = new
    for u in units:
        if not tr.alive(u):
            continue
        u.status = new
        if (
            new == "checked"
            and tr.rulings_of(state)["morale.checked_existing_orders"] == "no_orders"
            and u.orders in ("HA", "DA", "TR")
        ):
            u.orders = "NO"
    ext.morale_done.append(bid)
    return res, f"{bid} rolls {res.outcome['result']}, battalion {new.capitalize() if new != 'ok' else 'in good order'}"


def who_checks(state: GameState) -> list[str]:
    ext = tr.read_book(state)
    bns = set(ext.under_fire) | set(ext.battalion_status)
    return sorted(
        b for b in bns if b not in ext.morale_done and any(tr.alive(u) for u in tr.battalion_units(state, b))
    )


def resolve_morale(state: GameState, dice: Dice) -> tuple[list[Resolution], list[str]]:
    results, lines = [], []
    for bid in who_checks(state):
        res, line = check_battalion(state, bid, dice)
        res.facts.line = line
        results.append(res)
        lines.append(line)
    ext = tr.book(state)
    ext.under_fire = []
    if not lines:
        lines.append("no battalion came under fire: no morale checks")
    return results, lines


MAX_ROUNDS = 10  # a guard: hits only grow, so a close combat ends long before


def _touching(state: GameState, a: UnitState, pool: list[UnitState]) -> list[UnitState]:
    """The enemy stands of ``pool`` whose bases touch ``a``'s, nearest first."""
    touch = tables().turn.close_combat.touching_in
    near = sorted((distance(state, a, e), e.id) for e in pool if e.side != a.side and tr.alive(e))
    return [state.units[i] for d, i in near if d <= touch + 1e-9]


def _concealed(state: GameState, u: UnitState) -> bool:
    """Ruling orders.undefined_names: a troop stand unspotted by the enemy that has not moved this
    turn (``concealed_any_unspotted``: any unspotted stand)."""
    unspotted = not any(s != u.side for s in u.spotted_by)
    if tr.rulings_of(state)["orders.undefined_names"] == "concealed_any_unspotted":
        return unspotted
    return unspotted and tr.is_troop(u) and tr.moved_this_turn(u) == 0 and not u.moved


def _hit(state: GameState, uid: str, hits: int) -> str:
    u = state.units[uid]
    was = u.status
    u.hits, eliminated = apply_hits(u.hits, hits, by_close_combat=True)  # troops in close terrain too
    if eliminated:
        u.status = "eliminated"
    ext = tr.book(state)
    b = tr.battalion_of(state, u)
    if b is not None and b.id not in ext.under_fire:
        ext.under_fire.append(b.id)
    if uid not in ext.attacked:
        ext.attacked.append(uid)
    return f"{uid}: {hits} hit{'s' if hits != 1 else ''}" + (
        " - eliminated" if u.status == "eliminated" and was != "eliminated" else ""
    )


def _withdraw(state: GameState, u: UnitState, foes: list[UnitState]) -> str:
    """Withdraw from close combat (ruling close_combat.rounds): 1 hit, Withdraw orders, and a move
    of its full allowance straight away from the nearest enemy, kept on the table."""
    near = min((e for e in foes if tr.alive(e)), key=lambda e: math.dist((u.x, u.y), (e.x, e.y)), default=None)  # type: ignore[arg-type]
    line = _hit(state, u.id, 1)
    u.orders = "WD"
    if near is None or u.status == "eliminated":
        return f"{u.id} withdraws from close combat ({line})"
    dx, dy = u.x - near.x, u.y - near.y  # type: ignore[operator]
    n = math.hypot(dx, dy) or 1.0
    step = tr.move_value(u)
    x = min(max(u.x + dx / n * step, 0.0), state.table.width)  # type: ignore[operator]
    y = min(max(u.y + dy / n * step, 0.0), state.table.depth)  # type: ignore[operator]
    u.x, u.y = round(x, 3), round(y, 3)
    u.moved = round(u.moved + step, 3)
    return f"{u.id} withdraws from close combat to ({u.x:g}, {u.y:g}) with Withdraw orders ({line})"


def _attack(state: GameState, a: UnitState, d: UnitState, dice: Dice, *, concealed: bool = False) -> Resolution:
    sa, sd = tr.stand(state, a, moved=False, spotted=True), tr.stand(state, d, moved=False, spotted=True)
    ma = morale_level(state, getattr(tr.battalion_of(state, a), "id", ""))
    md = morale_level(state, getattr(tr.battalion_of(state, d), "id", ""))
    res = close_combat(sa, sd, scoped(dice, "close-combat", a.id, d.id), tr.rulings_of(state),
                       attacker_morale=ma, defender_morale=md, concealed=concealed)
    case = {"procedure": "close-combat", "ruleset": "auftragstaktik", "rulings": dict(state.rulings),
            "attacker": stand_case(sa), "defender": stand_case(sd), "attacker_morale": ma, "defender_morale": md,
            "concealed": concealed}
    res.facts.attacker = a.id
    res.facts.target = d.id
    res.facts.case = case
    what = "a free close-combat attack (concealed)" if concealed else "close combat"
    res.summary = f"{a.id} attacks {d.id} in {what}: {res.summary}"
    return res


def _fights(state: GameState, a: UnitState) -> bool:
    """Whether stand ``a`` attacks in close combat: a live troop stand, not an AFV, its battalion
    not Routed."""
    bid = getattr(tr.battalion_of(state, a), "id", "")
    return tr.alive(a) and tr.is_troop(a) and not tr.is_afv(a) and tr.book(state).battalion_status.get(bid) != "routed"


def _starters(state: GameState, live: list[UnitState]) -> list[UnitState]:
    """The troop stands that start close combat: on Hasty Advance, or on Deliberate Advance having
    moved no more than half their allowance (ruling close_combat.da_half_ma), touching an enemy."""
    return [
        a
        for a in live
        if _fights(state, a)
        and (a.orders == "HA" or (a.orders == "DA" and tr.moved_this_turn(a) <= tr.move_value(a) / 2 + 1e-9))
        and _touching(state, a, live)
    ]


def _free_attacks(
    state: GameState, engaged: dict[str, UnitState], starters: list[UnitState], dice: Dice
) -> tuple[list[Resolution], list[str]]:
    """A concealed stand drawn into close combat attacks first, for free, while it eliminates."""
    results: list[Resolution] = []
    lines: list[str] = []
    for d in sorted(engaged.values(), key=lambda u: u.id):
        if d.id in {a.id for a in starters} or not _fights(state, d) or not _concealed(state, d):
            continue
        for e in _touching(state, d, list(engaged.values())):
            res = _attack(state, d, e, dice, concealed=True)
            results.append(res)
            lines.append(_hit(state, e.id, int(res.outcome["hits"])))
            if not res.outcome.get("eliminated"):
                break
    return results, lines


def _return_fire(
    state: GameState, by_target: dict[str, list[UnitState]], hits: dict[str, int], rnd: int, dice: Dice
) -> list[Resolution]:
    """After a round each AFV attacked (and not eliminated by it) fires its HW at one infantry
    stand attacking it (-6); its hits are added to ``hits``."""
    results = []
    for uid in sorted(by_target):
        v = state.units[uid]
        if not tr.is_afv(v) or tr.unit_ratings(v).hw is None or apply_hits(v.hits, hits.get(uid, 0),
                                                                             by_close_combat=True)[1]:
            continue
        inf = by_target[uid][0]
        res = afv_return_fire(
            tr.stand(state, v, moved=False, spotted=True),
            tr.stand(state, inf, moved=tr.moved_in(inf, 2) > 0, spotted=True),
            scoped(dice, "close-combat-hw", v.id, inf.id),
            tr.rulings_of(state),
            range_in=round(distance(state, v, inf), 3),
            aspect=aspect(v, inf),
        )
        fx = AtFireFacts.of(res)
        fx.firer = v.id
        fx.target = inf.id
        fx.weapon = "hw"
        fx.round = rnd
        res.summary = f"{v.id} fires HW at {inf.id} in close combat: {res.summary}"
        results.append(res)
        hits[inf.id] = hits.get(inf.id, 0) + int(res.outcome["hits"])
    return results


def _round(state: GameState, pool: list[UnitState], rnd: int, dice: Dice) -> tuple[list[Resolution], str] | None:
    """One round of close combat among ``pool``: every stand that fights attacks the nearest enemy
    it touches, all at once, then the AFVs attacked fire back; None if no stand can attack."""
    attacks = []
    for a in sorted(pool, key=lambda u: u.id):
        if not _fights(state, a):
            continue
        targets = _touching(state, a, pool)
        if targets:
            attacks.append((a, targets[0]))
    if not attacks:
        return None
    results = []
    hits: dict[str, int] = {}
    by_target: dict[str, list[UnitState]] = {}
    for a, d in attacks:  # simultaneous: every attack uses the stands as the round began
        res = _attack(state, a, d, dice)
        AtFireFacts.of(res).round = rnd
        results.append(res)
        hits[d.id] = hits.get(d.id, 0) + int(res.outcome["hits"])
        by_target.setdefault(d.id, []).append(a)
    results += _return_fire(state, by_target, hits, rnd, dice)
    return results, f"round {rnd}: " + ", ".join(_hit(state, uid, h) for uid, h in sorted(hits.items()))


def resolve_close_combat(state: GameState, dice: Dice) -> tuple[list[Resolution], list[str]]:
    """Close combat between touching stands, round after round (see the module notes)."""
    ext = tr.book(state)
    if not _starters(state, [u for u in held_values(state.units) if tr.alive(u)]):  # read as held, none copied
        return [], ["no troop stands in base contact with the enemy: no close combat"]
    live = [u for u in state.units.values() if tr.alive(u)]  # the stands to change
    starters = _starters(state, live)
    engaged: dict[str, UnitState] = {a.id: a for a in starters}
    for a in starters:
        engaged.update({e.id: e for e in _touching(state, a, live)})
    results, lines = _free_attacks(state, engaged, starters, dice)
    withdrawn: set[str] = set()
    for rnd in range(1, MAX_ROUNDS + 1):
        pool = [u for u in engaged.values() if tr.alive(u) and u.id not in withdrawn]
        fought = _round(state, pool, rnd, dice)
        if fought is None:
            break
        results += fought[0]
        lines.append(fought[1])
        # withdrawal, possible after a round has been fought (orders: cc_withdraw)
        for u in sorted(pool, key=lambda u: u.id):
            if tr.alive(u) and ext.plan.get(u.id, {}).get("cc_withdraw"):
                withdrawn.add(u.id)
                lines.append(_withdraw(state, u, [e for e in pool if e.side != u.side]))
    else:
        lines.append(f"close combat stopped after {MAX_ROUNDS} rounds (the umpire may go on by hand)")
    return results, lines
