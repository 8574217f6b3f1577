"""Fog of war as a property over random MBT games (24.2.2): a side's briefing never names an
enemy unit it has not sighted, and shows each one only at the identification level it has:
the units it shows at the level the side has now, and each event at the level it had then."""

from __future__ import annotations

import json
from dataclasses import asdict

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.reports.model import briefing, report_for_game
from umpire.reports.turn_text import to_markdown
from umpire.schema.scenario import scenario_from_data

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
                base = table.chart_range(v.notes.get("turret", "open"), b).v
                spotted = e.notes.get("spotted", "none")
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
    """Each event of a briefing tells what the side knew then: its sighting lists exactly the
    units seen at that moment at the level the rules give (full identity by id, below that with
    no id or name, by description and position), and no enemy unit is named in the event unless
    the side had it in full identity when the event began or ended, or in a shot during it."""
    report = report_for_game(game)
    raw = {e.seq: e for e in report.events}
    for side, enemies in (("nato", USSR), ("ussr", NATO)):
        b = briefing(report, side)
        card, type_name = ("USSR-1B", "T-64B") if side == "nato" else ("USA-1B", "M1A1")
        prev: dict = {}
        for e in b.events:
            now = seen.get(e.seq, {}).get(side)
            sights = [r for r in e.resolutions if r.procedure == "sighting"]
            if now is not None:
                (r,) = sights
                full = {uid for uid, (lvl, _) in now.items() if lvl == "full"}
                assert {x["unit"] for x in r.sighted if x["level"] == "full"} == full, (e.seq, side)
                below = sorted((lvl, tuple(at)) for lvl, at in now.values() if lvl != "full")
                assert sorted((x["level"], tuple(x["at"])) for x in r.sighted if x["level"] != "full") == below
                assert all(x["unit"] is None for x in r.sighted if x["level"] != "full")
                assert r.outcome == {"seen": len(now)}
                for uid in enemies:
                    if uid not in full:
                        assert uid not in r.summary and NAME[uid] not in r.summary, (e.seq, uid)
                    else:
                        assert f"{uid} (full identity)" in r.summary
                assert "unseen" not in r.summary and "contact-" not in r.summary
            in_shots = {x["unit"] for r in raw[e.seq].resolutions if r.procedure == "fire"
                        for x in r.sighted if x["by"] == side and x["level"] == "full"}
            knew = {uid for src in (prev, now or {}) for uid, (lvl, _) in src.items() if lvl == "full"} | in_shots
            text = json.dumps(asdict(e), ensure_ascii=False)
            for uid in enemies:
                if uid not in knew:
                    assert uid not in text and NAME[uid] not in text, (side, e.seq, uid)
            if not knew:
                assert card not in text and type_name not in text, (side, e.seq)
            assert all(r.side in (None, side) for r in e.resolutions)
            assert all(x.get("by") == side for r in e.resolutions for x in r.sighted)
            if now is not None:
                prev = now


def _check(game: Game) -> None:
    report = report_for_game(game)
    for side, enemies in (("nato", USSR), ("ussr", NATO)):
        b = briefing(report, side)
        units_text = json.dumps([asdict(u) for u in b.units], ensure_ascii=False)
        units_text += to_markdown(b).split("## Units", 1)[-1]
        shown = {u.id: u for u in b.units if u.side != side}
        levels = {uid: (game.state.units[uid].notes.get("ident") or {}).get(side) for uid in enemies}
        card = "USSR-1B" if side == "nato" else "USA-1B"
        type_name = "T-64B" if side == "nato" else "M1A1"
        for uid in enemies:
            level = levels[uid]
            if level == "full":
                assert uid in shown and shown[uid].name == NAME[uid]
                continue
            # below full identity now: never its id or name in the units the briefing shows
            assert uid not in units_text and NAME[uid] not in units_text, (side, uid, level)
        contacts = [u for u in shown.values() if u.id.startswith("contact-")]
        partial = [uid for uid in enemies if levels[uid] in ("type", "fired")]
        assert len(contacts) == len(partial)
        for c in contacts:
            assert c.card is None and c.hits is None and c.status is None
            if c.name == "something just fired from there":
                assert c.type is None and c.facing == 0.0
            else:
                assert c.name.endswith("vehicle") and c.type == "vehicle"
        if not any(levels[uid] == "full" for uid in enemies):
            assert card not in units_text and type_name not in units_text
        assert set(shown) - {c.id for c in contacts} == {uid for uid in enemies if levels[uid] == "full"}
