"""Sighting over random MBT games (24.2.2): each phase records, for each side, exactly the enemy
units it sees at the level the rules give, worked out here from the table (what the reports
compose the briefings from; tests/reports/test_fog_property.py checks the briefings)."""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.registry import scenario_from_data
from umpire.rules.mbt.state import MbtUnit

NATO = ["alphawolf", "bravowolf", "charliewolf"]
USSR = ["deltabear", "echobear", "foxtrotbear"]
NAME = {u: f"Name-{u.capitalize()}" for u in NATO + USSR}

point = st.tuples(st.floats(2, 46), st.floats(2, 34)).map(lambda p: [round(p[0], 1), round(p[1], 1)])


def _scenario(pos: dict[str, list[float]]) -> dict:
    def unit(uid: str, card: str) -> dict:
        return {"id": uid, "name": NAME[uid], "card": card, "at": pos[uid], "facing": 90 if card == "USA-1B" else 270}

    return {
        "name": "fog", "ruleset": "mbt", "table": {"width": 48, "depth": 36}, "seed": 1,
        "mbt": {"turns": 3},
        "terrain": [
            {"id": "w1", "type": "woods", "polygon": [[20, 10], [26, 10], [26, 18], [20, 18]]},
            {"id": "h1", "type": "hill", "height": 1, "polygon": [[8, 24], [16, 24], [16, 32], [8, 32]]},
            {"id": "s1", "type": "scrub", "polygon": [[30, 20], [38, 20], [38, 28], [30, 28]]},
        ],
        "sides": [{"id": "nato", "units": [unit(u, "USA-1B") for u in NATO]},
                  {"id": "ussr", "units": [unit(u, "USSR-1B") for u in USSR]}],
    }


def _step(u, side: str) -> list[float]:
    dx = 1.5 if side == "nato" else -1.5
    return [min(max(u.x + dx, 0.5), 47.5), u.y]


def _clear_of_friends(game: Game, side: str, uid: str, units: dict, end: list[float]) -> bool:
    """4.3: the move may not end in one hex (half a hex length) with another of its side."""
    import math

    for v in game.state.units_of(side):
        if v.id == uid or v.status == "eliminated":
            continue
        at = units.get(v.id, {}).get("move", {}).get("path", [[v.x, v.y]])[-1]
        if math.dist(at, end) < 0.5:
            return False
    return True


def _orders(game: Game, side: str, own: list[str], enemy: list[str], picks: list[int]) -> dict:
    """Random written orders the units can carry out (6.2.3): fire, overwatch or a short move."""
    from umpire.rules.mbt import data, orders
    from umpire.turns.mbt.orders_file import unit_capability

    units = {}
    for uid, k in zip(own, picks, strict=True):
        u = game.state.units[uid]
        if u.status == "eliminated":
            continue
        allowed = orders.allowed_orders(unit_capability(u, data.card(u.card)))
        if k == 0 and "F" in allowed:
            units[uid] = {"order": "F", "fire": {"target": enemy[(k + len(uid)) % len(enemy)]}}
        elif k == 2 and "M" in allowed and _clear_of_friends(game, side, uid, units, _step(u, side)):
            units[uid] = {"order": "M", "move": {"path": [_step(u, side)]}}
        elif "OW" in allowed:
            units[uid] = {"order": "OW"}
    return {"side": side, "units": units}


def _levels(game: Game, before: dict[str, dict[str, tuple[str, list[float]]]]) -> dict:
    """What each side sees now, worked out here from the table (6.1, 24.2.2) and not from the
    turn's own records: ``{side: {unit: (level, [x, y])}}``; a wreck keeps what it had."""
    from umpire.rules.mbt.sighting import identification, sighting_limit
    from umpire.turns.mbt.table import Table

    state = game.state
    table = Table(state)
    rank = {"fired": 1, "type": 2, "full": 3}
    out: dict[str, dict[str, tuple[str, list[float]]]] = {}
    for side in state.side_ids():
        out[side] = {}
        own = [u for u in state.units_of(side) if u.status != "eliminated"]
        for e in state.units.values():
            if e.side == side:
                continue
            if e.status == "eliminated":
                if e.id in before.get(side, {}):
                    out[side][e.id] = before[side][e.id]
                continue
            best = None
            for v in own:
                a, b = (v.x, v.y), (e.x, e.y)
                base = table.chart_range((MbtUnit.of(v).turret or "open"), b).v
                spotted = MbtUnit.of(e).spotted
                rng = table.hexes(a, b)
                limit = sighting_limit(base, spotted)
                if (limit is not None and rng > limit) or not table.los(a, b):
                    continue
                lvl = identification(rng, base, spotted)
                if lvl and (best is None or rank[lvl] > rank[best]):
                    best = lvl
            if best:
                out[side][e.id] = (best, [round(e.x, 3), round(e.y, 3)])
    return out


@settings(max_examples=12, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(pos=st.fixed_dictionaries({u: point for u in NATO + USSR}),
       picks=st.lists(st.integers(0, 2), min_size=6, max_size=6), seed=st.integers(1, 10_000))
def test_briefings_show_only_what_each_side_has_sighted(tmp_path_factory, pos, picks, seed):
    game = Game.create(tmp_path_factory.mktemp("fog") / "g.db", scenario_from_data(_scenario(pos), "fog"))
    dice = SeededDice(seed)
    seen: dict[int, dict] = {}  # event seq -> what each side saw when it ended
    last: dict = {}

    def phase() -> None:
        nonlocal last
        seq = game.act("mbt.phase", {}, dice).seq
        last = seen[seq] = _levels(game, last)

    for _turn in range(2):
        phase()
        game.act("mbt.orders", _orders(game, "nato", NATO, USSR, picks[:3]), dice)
        game.act("mbt.orders", _orders(game, "ussr", USSR, NATO, picks[3:]), dice)
        for _ in range(4):
            phase()
        _check(game)
        _check_events(game, seen)
    assert game.check() == []


def _check_events(game: Game, seen: dict[int, dict]) -> None:
    """Each phase's sighting records, one per side, list exactly the units that side sees at the
    end of the phase at the level the rules give (worked out from the table here)."""
    for e in game.events():
        now = seen.get(e.seq)
        if now is None:
            continue
        for side in ("nato", "ussr"):
            (r,) = [r for r in e.results if r["procedure"] == "sighting" and r["side"] == side]
            got = {x["unit"]: x["level"] for x in r["sighted"]}
            assert got == {uid: lvl for uid, (lvl, _at) in now[side].items()}, (e.seq, side)
            below = sorted((x["level"], tuple(x["at"])) for x in r["sighted"] if x["level"] != "full")
            assert below == sorted((lvl, tuple(at)) for lvl, at in now[side].values() if lvl != "full")
            assert r["outcome"] == {"seen": len(now[side])}


def _check(game: Game) -> None:
    """What each side knows now (``notes["ident"]``) is what the rules give from the table."""
    now = _levels(game, {})
    for side in ("nato", "ussr"):
        for uid, u in game.state.units.items():
            if u.side == side or u.status == "eliminated":
                continue
            level = (u.ident or {}).get(side)
            assert level == (now[side][uid][0] if uid in now[side] else None), (side, uid)
