"""Fog of war as a property over random MBT Advanced Games (24.2, 15.3.3.3): the same check as
the Basic Game's (tests/reports/test_fog_property.py: no word of an enemy unit in any event of
any briefing, in any format, beyond what the side knew then), and carried infantry is never
sighted unless its carrier is identified and is open or gives no full cover (so not before it
dismounts from a buttoned Bradley or BMP), even when it fires through the firing ports."""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.reports.test_fog_property import Recorder, check_briefings
from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.registry import scenario_from_data
from umpire.turns.mbt.advanced import units as U

NATO = {"brad1": "USA-2A/1", "brad2": "USA-2A/1", "m1": "USA-1B"}
NATO_LEGS = {"sq1": ("brad1", "Squad Heavy Mechanized Infantry"), "tm1": ("brad2", "Team")}
# (ids that are not ordinary words: the property looks for each id as a word in what a side reads,
# and "gun" is also what a hit damages)
USSR = {"bmp1": "USSR-2B/2", "t72": "USSR-2A", "sd44": "USSR-9A/2"}
USSR_LEGS = {"sq9": ("bmp1", "Squad Light Motorized Rifle Infantry")}
NAME = {u: f"Name-{u.capitalize()}" for u in [*NATO, *NATO_LEGS, *USSR, *USSR_LEGS]}
EQUIP = {"USA-7B": "with Dragon & LAW", "USSR-11B": "with RPG-7 V/D"}

point = st.tuples(st.floats(3, 45), st.floats(3, 33)).map(lambda p: [round(p[0], 1), round(p[1], 1)])


def _scenario(pos: dict[str, list[float]]) -> dict:
    def side(units: dict[str, str], legs: dict[str, tuple[str, str]], card: str, facing: float) -> list[dict]:
        out = [{"id": u, "name": NAME[u], "card": c, "at": pos[u], "facing": facing} for u, c in units.items()]
        out += [{"id": u, "name": NAME[u], "card": card, "type": t, "equipment": EQUIP[card], "at": pos[c],
                 "facing": facing, "carried_by": c} for u, (c, t) in legs.items()]
        return out

    return {
        "name": "fog", "ruleset": "mbt", "table": {"width": 48, "depth": 36}, "seed": 1,
        "mbt": {"game": "advanced", "turns": 3},
        "terrain": [
            {"id": "w1", "type": "woods", "polygon": [[20, 10], [26, 10], [26, 18], [20, 18]]},
            {"id": "b1", "type": "brick_buildings", "polygon": [[30, 20], [34, 20], [34, 24], [30, 24]]},
            {"id": "h1", "type": "hill", "height": 1, "polygon": [[8, 24], [16, 24], [16, 32], [8, 32]]},
        ],
        "sides": [{"id": "nato", "units": side(NATO, NATO_LEGS, "USA-7B", 90)},
                  {"id": "ussr", "units": side(USSR, USSR_LEGS, "USSR-11B", 270)}],
    }


def _orders(game: Game, side: str, picks: list[int]) -> dict:
    from umpire.rules.mbt import orders
    from umpire.turns.mbt.advanced.orders import capability

    state = game.state
    enemy = sorted(u.id for u in state.units.values() if u.side != side and U.alive(u))
    units: dict[str, dict] = {}
    mine = sorted(u.id for u in state.units_of(side) if U.alive(u) and not U.carried(u))
    for uid, k in zip(mine, picks * 3, strict=False):
        u = state.units[uid]
        allowed = orders.allowed_orders(capability(u))
        hatch = "buttoned" if k % 2 else "open"
        if k == 0 and "F" in allowed and enemy:
            target = enemy[len(uid) % len(enemy)]
            riders = [{"target": target, "weapon": "Small arms", "by": p.id} for p in U.passengers(state, u)
                      if U.kind(p) == "leg"]  # 15.3.4: through the firing ports, or not at all
            units[uid] = {"order": "F", "fire": [{"target": target}, *riders]}
        elif k == 1 and "M" in allowed and U.kind(u) == "vehicle" and U.passengers(state, u):
            units[uid] = {"order": "M", "turret": "open",
                          "unload": {"units": [p.id for p in U.passengers(state, u)], "at": "start"}}
        elif "OW" in allowed:
            units[uid] = {"order": "OW"}
        if U.kind(u) == "vehicle" and uid in units and "turret" not in units[uid]:
            units[uid]["turret"] = hatch
    return {"side": side, "units": units}


def _carried_only_with_open_identified_carrier(game: Game) -> None:
    last = {}
    for e in game.events():
        for r in e.results:
            if r["procedure"] == "sighting":
                last[r["side"]] = {x["unit"]: x["level"] for x in r["sighted"]}
    for p in game.state.units.values():
        carrier = game.state.units.get(str(p.carried_by or ""))
        if carrier is None or not U.alive(p):
            continue
        for side, seen in last.items():
            if side == p.side or p.id not in seen:
                continue
            _, _, fc = U.transport(carrier)
            assert seen.get(carrier.id) == "full" and (not fc or U.hatch(carrier) == "open"), (p.id, side)


@settings(max_examples=6, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(pos=st.fixed_dictionaries({u: point for u in [*NATO, *USSR]}),
       picks=st.lists(st.integers(0, 2), min_size=3, max_size=3), seed=st.integers(1, 10_000))
def test_advanced_briefings_show_only_what_each_side_has_sighted(tmp_path_factory, pos, picks, seed):
    game = Game.create(tmp_path_factory.mktemp("fog") / "g.db", scenario_from_data(_scenario(pos), "fog"))
    rec, dice = Recorder(game), SeededDice(seed)
    for _turn in range(2):
        rec.act("mbt.phase", {}, dice)
        _carried_only_with_open_identified_carrier(game)
        for side in ("nato", "ussr"):
            rec.act("mbt.orders", _orders(game, side, picks), dice)
        for _ in range(4):
            rec.act("mbt.phase", {}, dice)
            _carried_only_with_open_identified_carrier(game)
            if game.state.phase == "Game over":
                break
        if game.state.phase == "Game over":
            break
    check_briefings(rec)
    assert game.check() == []
