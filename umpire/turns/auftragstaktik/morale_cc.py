"""The Morale Phase and the Close Combat Phase over the tracked game (MORALE; COMBAT > Close Combat).

Morale: every battalion that came under fire of any kind since the last Morale Phase, and every
Checked or Routed battalion, checks once (ruling ``morale.who_checks``); the level is the
scenario's per-battalion value, ``A`` if none (ruling ``morale.level_source``). The status is kept
per battalion and shown on its stands (ruling ``morale.markers_on_battalion``); a Checked
battalion's HA, DA and Travel orders become No Orders (ruling ``morale.checked_existing_orders``).

Close combat: troop stands on Hasty Advance, or on Deliberate Advance having moved no more than
half their allowance this turn (ruling ``close_combat.da_half_ma``), whose bases touch an enemy
stand, each attack the nearest touching enemy stand; one simultaneous round per phase (ruling
``close_combat.rounds``; further rounds and withdrawal are the umpire's to enter by hand).
"""

from __future__ import annotations

from umpire.core.dice import Dice
from umpire.core.resolution import Resolution
from umpire.core.state import GameState
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik.close_combat import close_combat
from umpire.rules.auftragstaktik.data import tables
from umpire.rules.auftragstaktik.morale import Battalion, StandHits, morale_check
from umpire.turns.auftragstaktik import tracked as tr


def morale_level(state: GameState, bid: str) -> str:
    return str(state.extra.get("morale", {}).get(bid, tables().turn.morale.default_level))


def check_battalion(state: GameState, bid: str, dice: Dice) -> tuple[Resolution, str]:
    """One battalion's morale check, applied to ``state`` (a copy being changed)."""
    ext = tr.book(state)
    if bid in ext["morale_done"]:
        raise UmpireError(f"battalion: {bid} has already checked morale this Morale Phase")
    units = tr.battalion_units(state, bid)
    if not units:
        raise UmpireError(f"battalion: {bid} has no stands")
    status = ext["battalion_status"].get(bid, "ok")
    stands = [
        StandHits(
            hits=min(u.hits, 4),
            in_cover=tr.cover_at(state, u)[0] != "none" if tr.alive(u) else False,
            eliminated=not tr.alive(u),
        )
        for u in units
    ]
    res = morale_check(
        Battalion(morale=morale_level(state, bid), status=status, stands=stands), dice, tr.rulings_of(state)
    )
    new = res.outcome["status"]
    hq = next((f.hq for f in state.formations if f.id == bid), None)
    res.extra.update({"unit": hq if hq in state.units else units[0].id, "battalion": bid})
    res.summary = f"morale of {bid}: {res.summary}"
    if new == "ok":
        ext["battalion_status"].pop(bid, None)
    else:
        ext["battalion_status"][bid] = new
    for u in units:
        if not tr.alive(u):
            continue
        u.status = new  # type: ignore[assignment]
        if (
            new == "checked"
            and tr.rulings_of(state)["morale.checked_existing_orders"] == "no_orders"
            and u.orders in ("HA", "DA", "TR")
        ):
            u.orders = "NO"
    ext["morale_done"].append(bid)
    return res, f"{bid} rolls {res.outcome['result']}, battalion {new.capitalize() if new != 'ok' else 'in good order'}"


def who_checks(state: GameState) -> list[str]:
    ext = tr.read_book(state)
    bns = set(ext["under_fire"]) | set(ext["battalion_status"])
    return sorted(
        b for b in bns if b not in ext["morale_done"] and any(tr.alive(u) for u in tr.battalion_units(state, b))
    )


def resolve_morale(state: GameState, dice: Dice) -> tuple[list[Resolution], list[str]]:
    results, lines = [], []
    for bid in who_checks(state):
        res, line = check_battalion(state, bid, dice)
        results.append(res)
        lines.append(line)
    ext = tr.book(state)
    ext["under_fire"] = []
    if not lines:
        lines.append("no battalion came under fire: no morale checks")
    return results, lines


def resolve_close_combat(state: GameState, dice: Dice) -> tuple[list[Resolution], list[str]]:
    """One round of close combat between touching stands (see the module notes)."""
    from umpire.geometry.distance import edge_distance
    from umpire.turns.auftragstaktik.table import pose

    ext = tr.book(state)
    touch = tables().turn.close_combat.touching_in
    live = [u for u in state.units.values() if tr.alive(u)]
    attacks = []
    for a in live:
        if tr.is_afv(a) or not tr.is_troop(a):
            continue
        bid = getattr(tr.battalion_of(state, a), "id", "")
        if ext["battalion_status"].get(bid) == "routed":
            continue
        eligible = a.orders == "HA" or (a.orders == "DA" and tr.moved_this_turn(a) <= tr.move_value(a) / 2 + 1e-9)
        if not eligible:
            continue
        near = sorted(((edge_distance(pose(a), pose(e)), e.id) for e in live if e.side != a.side), key=lambda x: x)
        near = [x for x in near if x[0] <= touch]
        if near:
            attacks.append((a, state.units[near[0][1]]))
    results, lines = [], []
    rulings = tr.rulings_of(state)
    hits: dict[str, int] = {}
    for a, d in attacks:
        res = close_combat(
            tr.stand(state, a, moved=False, spotted=True), tr.stand(state, d, moved=False, spotted=True), dice, rulings
        )
        res.extra.update({"attacker": a.id, "target": d.id})
        res.summary = f"{a.id} attacks {d.id} in close combat: {res.summary}"
        results.append(res)
        hits[d.id] = hits.get(d.id, 0) + int(res.outcome["hits"])
        b = tr.battalion_of(state, d)
        if b is not None and b.id not in ext["under_fire"]:
            ext["under_fire"].append(b.id)
        if d.id not in ext["attacked"]:
            ext["attacked"].append(d.id)
    for uid, h in sorted(hits.items()):
        u = state.units[uid]
        u.hits += h
        if u.hits >= tables().common.hit_effects.eliminated_at:
            u.status = "eliminated"
        lines.append(
            f"{uid}: {h} hit{'s' if h != 1 else ''} in close combat"
            + (" - eliminated" if u.status == "eliminated" else "")
        )
    if not attacks:
        lines.append("no troop stands in base contact with the enemy: no close combat")
    return results, lines
