"""Fog of war on the sides' pages, as a property over random games of both rulesets: for every
route a side's token can reach, every answer (the page's HTML, its parts as JSON, a briefing,
a check's or a send's refusal, an error page) names no id, name, type, card, weapon or
ammunition of an enemy unit, nor where an unseen one stands, unless what the side knew at the
end of the last turn the umpire released allows it (the checks of the briefings' property:
:mod:`tests.reports.test_fog_property`); the other side's pages and the console answer a side's
token with a refusal that says nothing; no event number reaches a side.

Each game is checked after each turn twice: before the umpire releases it (what the side knew a
turn ago must still be all it sees) and after."""

from __future__ import annotations

import copy
import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.reports.test_fog_property import (
    AT,
    BLUE,
    RED,
    Recorder,
    _at_payload,
    _leaks,
    _mbt_payload,
    _mbt_scenario,
    at_orders,
    forbidden,
    point,
)
from tests.serve.conftest import Client
from tests.serve.sides import SideClient, sides_of
from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.registry import load_scenario, scenario_from_data

FEW = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                    HealthCheck.function_scoped_fixture])
EVENT_NUMBER = re.compile(r"(?<!&)#\d{1,5}(?![0-9a-fA-F;])")  # not a colour, nor &#34;
CONSOLE = ("/console", "/console/parts", "/console/version", "/console/report", "/console/players",
           "/console/report.pdf", "/console/page-orders.yaml?side=blue")


def answers(c, side: str, other: str, released: int, state) -> dict[str, str]:
    """Every answer a side's token gets on every route, by route (the text a device receives)."""
    out: dict[str, str] = {}

    def get(url: str) -> None:
        r = c.get(url)
        out[url] = f"{r.status_code} {r.text}"

    for url in (f"/side/{side}", f"/side/{side}/parts", f"/side/{side}/version",
                *(f"/side/{side}/briefing?turn={t}" for t in range(0, released + 3)),
                f"/side/{side}/briefing?turn=x", f"/side/{side}/nowhere"):
        get(url)
    for url in (f"/side/{other}", f"/side/{other}/parts", f"/side/{other}/briefing?turn=1", *CONSOLE):
        r = c.get(url)
        assert r.status_code == 403, (side, url, r.status_code)
        out[url] = r.text
    own = sorted(u.id for u in state.units_of(side))
    foes = sorted(u.id for u in state.units.values() if u.side != side)
    turn = state.turn
    tries = [("units." + own[0], {"first": [[999, 999]]}), ("units." + own[0], {"move": {"path": [[999, 1]]}}),
             ("units." + own[0], {"fire": foes[:2]}), ("units." + own[0], {"fire": {"target": foes[0]}}),
             ("units." + own[0], {"fire": [foes[0] + "x"]}),  # a name the CLI would answer with a did-you-mean
             ("units." + own[0], {"fire": {"target": foes[-1][:-1]}}),
             ("units." + own[0], {"more": f"fire: [{foes[0]}]"}),
             ("units." + own[0], {"more": f"fire: {{target: {foes[-1]}}}"}),
             *((f"units.{f}", {"order": "HA"}) for f in foes)]
    for key, entry in tries:
        for what in ("check", "send"):
            for t in (turn, turn - 1):
                r = c.post(f"/side/{side}/{what}", {"turn": t, "key": key, "entry": entry})
                out[f"{what} {key} {json.dumps(entry)} turn {t}"] = r.text
    return out


def check_pages(rec: Recorder, sides: dict, released: int, knew: dict[str, dict[str, str]]) -> int:
    """Every answer each side's token reaches, checked; how many were."""
    state = rec.game.state
    n = 0
    for side, device in sides.items():
        c = SideClient(device.http.app, device.token, side)  # a fresh session: within its rate
        other = next(s for s in sides if s != side)
        bad = forbidden(state, side, knew[side])
        unseen = [u for u in state.units.values() if u.side != side and u.id not in knew[side]]
        # a place the side's briefing gives a unit (its own, a contact where it was seen) is its to
        # read, whoever else stands there now
        shown = device.http.app.state.site.sides.page(side).report.units
        mine = {(u.x, u.y) for u in state.units_of(side) if u.placed} | {(u.x, u.y) for u in shown if u.placed}
        places = {f"{u.x:g}, {u.y:g}" for u in unseen if u.placed and (u.x, u.y) not in mine}
        places |= {f"[{u.x:g}, {u.y:g}]" for u in unseen if u.placed and (u.x, u.y) not in mine}
        for route, text in answers(c, side, other, released, state).items():
            assert not _leaks(text, bad), (side, route, _leaks(text, bad), text[:3000])
            found = [m for p in places if (m := re.search(rf"(?<![\d.]){re.escape(p)}(?![\d.])", text))]
            assert not found, (side, route, [text[max(0, m.start() - 200):m.end() + 50] for m in found])
            assert not EVENT_NUMBER.search(text), (side, route, EVENT_NUMBER.findall(text))
            assert "seed" not in text.lower(), (side, route)
            n += 1
    return n


def play(rec: Recorder, client: Client, sides: dict, turns: int, orders) -> tuple[int, int]:
    """``turns`` turns played and released, every page checked before and after each release:
    (the last turn released, the answers checked)."""
    knew = {s: {} for s in sides}
    released = checked = 0
    for _ in range(turns):
        orders(rec)
        checked += check_pages(rec, sides, released, knew)  # the turn played, not yet released: none of it shows
        released = client.post("/console/release", {"turn": rec.game.state.turn - 1}).json()["released"]
        knew = copy.deepcopy(rec.ever)
        checked += check_pages(rec, sides, released, knew)
    return released, checked


@FEW
@given(seed=st.integers(1, 10_000), nato=st.lists(at_orders, min_size=4, max_size=4),
       pact=st.lists(at_orders, min_size=5, max_size=5))
def test_auftragstaktik_pages_tell_only_what_the_side_knew(tmp_path_factory, seed, nato, pact):
    path = tmp_path_factory.mktemp("at") / "g.db"
    game = Game.create(path, load_scenario(AT), seed=seed)
    rec, dice = Recorder(game), SeededDice(seed)
    client = Client(path)
    sides = sides_of(client, "nato", "pact")

    def orders(rec: Recorder) -> None:
        for side, drawn in (("nato", nato), ("pact", pact)):
            try:
                rec.act("auftragstaktik.orders", _at_payload(game.state, side, drawn), dice)
            except Exception as exc:  # a Checked or Routed battalion refuses some orders
                assert "Checked" in str(exc) or "Routed" in str(exc), exc
                rec.act("auftragstaktik.orders", {"side": side, "file": f"{side}.yaml"}, dice)
        turn = game.state.turn
        while game.state.turn == turn:
            rec.act("auftragstaktik.phase", {}, dice)

    released, checked = play(rec, client, sides, 2, orders)
    assert released == 2 and checked > 0


@FEW
@given(pos=st.fixed_dictionaries({u: point for u in BLUE + RED}),
       picks=st.lists(st.integers(0, 2), min_size=6, max_size=6), seed=st.integers(1, 10_000))
def test_mbt_pages_tell_only_what_the_side_knew(tmp_path_factory, pos, picks, seed):
    path = tmp_path_factory.mktemp("mbt") / "g.db"
    game = Game.create(path, scenario_from_data(_mbt_scenario(pos), "fog"))
    rec, dice = Recorder(game), SeededDice(seed)
    client = Client(path)
    sides = sides_of(client, "blue", "red")

    def orders(rec: Recorder) -> None:
        rec.act("mbt.phase", {}, dice)
        rec.act("mbt.orders", _mbt_payload(game, "blue", BLUE, RED, picks[:3]), dice)
        rec.act("mbt.orders", _mbt_payload(game, "red", RED, BLUE, picks[3:]), dice)
        for _ in range(4):
            rec.act("mbt.phase", {}, dice)

    released, checked = play(rec, client, sides, 2, orders)
    assert released == 2 and checked > 0
