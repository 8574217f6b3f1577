"""The players' pages through Starlette's test client: links (made, renewed, revoked, guessed),
every route tried with every token, orders sent from a page read as the orders file is (the
CLI's words), refused with one message and nothing written, and entered by the umpire as the
same action ``umpire turn orders FILE`` takes; turns released one at a time."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import Cli
from tests.serve.conftest import Client, new_game
from tests.serve.sides import SideClient, make_link, sides_of, stamp, stored


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """The demo game after its two scripted turns (the Pact's T-80 companies are gone)."""
    from umpire.engine import Game
    from umpire.turns.auftragstaktik.script import demo_orders, play_turn

    path = new_game(tmp_path_factory.mktemp("played") / "game.db")
    g = Game.open(path)
    for turn in (1, 2):
        play_turn(g, demo_orders(turn))
    g.close()
    return path


@pytest.fixture
def later(played, tmp_path) -> Client:
    path = tmp_path / "game.db"
    shutil.copy(played, path)
    return Client(path)


# -- links ------------------------------------------------------------------------------------
def test_a_link_opens_its_sides_pages_and_nothing_else(client):
    s = sides_of(client, "nato", "pact")
    routes = ["/side/{}", "/side/{}/version", "/side/{}/parts", "/side/{}/briefing?turn=1"]
    console = ["/console", "/console/parts", "/console/version", "/console/report", "/console/report?side=pact",
               "/console/report.pdf", "/console/players", "/console/page-orders.yaml?side=nato", "/console/measure"]
    for me, other in (("nato", "pact"), ("pact", "nato")):
        c = s[me]
        assert c.get("/").headers["location"] == f"/side/{me}"
        assert c.get(f"/side/{me}").status_code == 200
        for r in routes:
            assert c.get(r.format(other)).status_code == 403, (me, r)
        for r in console:
            assert c.get(r).status_code == 403, (me, r)
        for r in ("/console/act", "/console/links", "/console/page-orders", "/console/release", "/console/undo"):
            assert c.post(r, {}).status_code == 403, (me, r)
        assert c.post(f"/side/{other}/send", {"turn": 1, "key": "note", "entry": {"text": "x"}}).status_code == 403
    for r in routes:  # the umpire's console is not a side
        assert client.http.get(r.format("nato")).status_code == 403
    anon = Client(client.path, login=False)
    for r in routes:
        assert anon.http.get(r.format("nato")).status_code in (303, 401)
    assert stamp(client.path)[0] == 0


def test_every_route_of_the_app_tried_with_every_token(client):
    """Each route the app has (so a new one is covered too), with the umpire's session, each
    side's, and none: a side reaches its own pages only, the umpire none of a side's."""
    from starlette.routing import Route

    s = sides_of(client, "nato", "pact")
    anon = Client(client.path, login=False)
    routes = [(r.path, sorted(r.methods or ())) for r in client.app.routes if isinstance(r, Route)]
    assert len(routes) >= 20
    for path, methods in routes:
        if path == "/login":
            continue  # the door: a wrong secret is its own refusal (tested with the links below)
        for method in [m for m in methods if m in ("GET", "POST")]:
            for who, c in (("umpire", client), ("nato", s["nato"]), ("pact", s["pact"]), ("nobody", anon)):
                for side in ("nato", "pact"):
                    url = path.replace("{side}", side)
                    r = c.http.get(url) if method == "GET" else c.post(url, {})
                    public = path == "/logout" and who != "nobody"
                    mine = who == side and path.startswith("/side/")
                    if who == "nobody" and not public:
                        assert r.status_code in (303, 401), (who, method, url, r.status_code)
                    elif who in ("nato", "pact") and not (public or mine or path == "/"):
                        assert r.status_code == 403, (who, method, url, r.status_code)
                    elif who == "umpire" and path.startswith("/side/"):
                        assert r.status_code == 403, (who, method, url, r.status_code)
                    else:
                        assert r.status_code != 403, (who, method, url, r.status_code)
            if path == "/logout":  # everyone logged out: in again
                import re

                from tests.serve.live import SECRET

                assert client.http.get(f"/login?token={SECRET}").status_code == 303
                page = client.http.get("/console").text
                client.csrf = re.search(r'name="csrf" content="([^"]+)"', page).group(1)  # type: ignore[union-attr]
                s = sides_of(client, "nato", "pact")
    assert stamp(client.path)[0] == 0


def test_a_revoked_renewed_guessed_or_truncated_link_is_refused_at_once(client):
    token = make_link(client, "nato", "Anna")
    nato = SideClient(client.app, token, "nato")
    assert nato.get("/side/nato/version").status_code == 200
    for bad in (token[:-1], token[:20], token + "x", token.upper(), "x" * 43, ""):
        assert SideClient(client.app, bad).status in (200, 403), bad  # the login page again: not opened
        assert SideClient(client.app, bad).http.cookies.get("umpire_session") is None
    link = next(x for x in client.http.get("/console/players").json()["html"].split("data-revoke=\"")[1:])
    n = int(link.split('"', 1)[0])
    assert client.post("/console/links", {"action": "revoke", "id": n}).json()["ok"]
    assert nato.get("/side/nato/version").status_code == 401  # the open page is refused at once
    assert SideClient(client.app, token).status == 403
    again = make_link(client, "nato", "Anna")
    fresh = SideClient(client.app, again, "nato")
    renewed = make_link(client, "nato", "Anna")  # renewing replaces the live link of the same player
    assert fresh.get("/side/nato/version").status_code == 401
    assert SideClient(client.app, renewed, "nato").get("/side/nato/version").status_code == 200


def test_a_link_revoked_by_another_command_is_refused_at_the_next_request(client):
    from umpire.engine import Game, players

    nato = SideClient(client.app, make_link(client, "nato"), "nato")
    g = Game.open(client.path)
    players.revoke_all(g)
    g.close()
    assert nato.get("/side/nato").status_code == 303  # back to the door


def test_the_file_keeps_only_a_digest_of_each_token(client):
    import sqlite3

    token = make_link(client, "pact")
    conn = sqlite3.connect(client.path)
    dump = "\n".join(conn.iterdump())
    conn.close()
    assert token not in dump and token[:12] not in dump


def test_a_page_asks_at_a_bounded_rate(client):
    nato = SideClient(client.app, make_link(client, "nato"), "nato")
    codes = [nato.get("/side/nato/version").status_code for _ in range(125)]
    assert codes[:115] == [200] * 115 and codes[-1] == 429  # 120 a minute at most: far above its polling


# -- orders from a page -------------------------------------------------------------------------
A1 = {"order": "HA", "first": [[25, 22]], "second": [[31, 22]], "override": True}


def test_an_entry_sent_is_read_as_the_orders_file_is_and_priced(client):
    nato = sides_of(client, "nato")["nato"]
    r = nato.post("/side/nato/check", {"turn": 1, "key": "units.a-1-64", "entry": A1}).json()
    assert r["costs"] == ['first: 7.07" of 8" allowance (HA)', 'second: 6" of 8" allowance (HA)']
    assert stored(client.path, "nato", 1) == []  # a check writes nothing
    r = nato.send("units.a-1-64", A1).json()
    assert r["said"].startswith("units.a-1-64: sent (first: 7.07\"")
    [e] = stored(client.path, "nato", 1)
    assert (e.key, e.entry, e.state, e.sent_by) == ("units.a-1-64", A1, "sent", "link 1")


def test_a_refusal_is_in_the_clis_words(client, tmp_path):
    nato = sides_of(client, "nato")["nato"]
    long = {"first": [[45, 22]]}
    r = nato.send("units.a-1-64", long)
    assert r.status_code == 400
    from umpire.engine.players import orders_text

    typed = tmp_path / "nato-turn1.yaml"  # the file the page's entry makes
    typed.write_text(orders_text("nato", 1, {"units.a-1-64": long}))
    cli = Cli(client.path)(
        "turn", "orders", str(typed))
    assert cli.exit_code == 2
    assert r.json()["error"] == cli.stderr.strip().removeprefix("Error: ").replace(f"{tmp_path}/", "")
    assert stored(client.path, "nato", 1) == []


@pytest.mark.parametrize("key,turn", [("units.t80-1", 1), ("units.t80-9", 1), ("battalions.1-tb", 1),
                                      ("units.a-1-64", 2), ("units.a-1-64", 0)])
def test_an_enemy_unit_an_unknown_one_or_another_turn_is_refused_with_one_message(client, key, turn):
    nato = sides_of(client, "nato")["nato"]
    before = stamp(client.path)
    r = nato.send(key, {"first": [[20, 21]]}, turn=turn)
    assert r.status_code == 400 and "\n" not in r.json()["error"]
    assert ("not an entry your side may write now" in r.json()["error"]) == (turn == 1)
    assert "Warsaw Pact" not in r.json()["error"] and "pact" not in r.json()["error"].replace(key, "")
    assert stamp(client.path) == before


def test_a_dead_unit_and_a_past_turn_are_refused_with_nothing_written(later):
    pact = sides_of(later, "pact")["pact"]
    before = stamp(later.path)
    r = pact.send("units.t80-1", {"order": "HA"}, turn=3)
    assert r.status_code == 400 and "not yet released turn 2" in r.json()["error"]
    assert later.post("/console/release", {"turn": 2}).json()["released"] == 2
    before = stamp(later.path)
    for key, turn in (("units.t80-1", 3), ("units.mr-1", 1), ("units.mr-1", 2)):
        r = pact.send(key, {"order": "HA"}, turn=turn)
        assert r.status_code == 400, (key, turn, r.text)
    assert "that is not an entry your side may write now" in pact.send("units.t80-1", {}, turn=3).json()["error"]
    assert stamp(later.path) == before


def test_a_target_the_side_does_not_know_is_refused_and_one_it_knows_is_named_by_its_label(game):
    from umpire.engine import Game
    from umpire.turns.auftragstaktik.script import demo_orders, play_turn

    g = Game.open(game)
    play_turn(g, demo_orders(1))
    g.close()
    client = Client(game)
    client.post("/console/release", {"turn": 1})
    nato = sides_of(client, "nato")["nato"]
    page = client.app.state.site.sides.page("nato")
    known = dict(page.targets)
    assert known, "NATO has seen Pact units by the end of turn 1"
    label = sorted(known)[0]
    r = nato.send("units.a-1-64", {"fire": [label]}, turn=2)
    assert r.status_code == 200, r.text
    [e] = stored(game, "nato", 2)
    assert e.entry["fire"] == [page.known[label]]
    assert label in nato.get("/side/nato/parts").json()["orders"]
    unseen = sorted(u for u in ("mr-1", "hq-1tb", "t80-1", "t80-2", "t80-3") if u not in known)
    for name in [*unseen, "t80-9"]:
        r = nato.send("units.a-1-64", {"fire": [name]}, turn=2)
        assert r.status_code == 400 and r.json()["error"] == (
            "nato-turn2.yaml: units.a-1-64.fire: names a unit that is not an enemy unit your side knows "
            f"(allowed: {', '.join(sorted(known))})")


def test_the_umpire_refuses_locks_edits_and_enters_a_sides_orders_as_turn_orders_does(client, tmp_path):
    nato = sides_of(client, "nato")["nato"]
    nato.send("battalions.tf-1-64", {"order": "HA", "direction": 90})
    nato.send("units.a-1-64", A1)
    nato.send("units.b-1-64", {"first": [[26, 12]], "override": True})
    nato.send("note", {"text": "we go east\n# side: pact"})
    assert client.post("/console/page-orders", {"action": "refuse", "side": "nato", "key": "units.b-1-64",
                                                "reason": "the bridge is down"}).json()["ok"]
    parts = nato.get("/side/nato/parts").json()
    assert "Refused by the umpire: the bridge is down" in parts["orders"]
    text = client.http.get("/console/page-orders.yaml?side=nato").text
    assert "b-1-64" not in text.split("side: nato", 1)[1] and "# note to the umpire: # side: pact" in text
    assert client.post("/console/page-orders", {"action": "lock", "side": "nato"}).json()["ok"]
    r = nato.send("units.c-4-8", {"first": [[22, 29]]})
    assert r.status_code == 400 and "locked your orders" in r.json()["error"]
    r = client.post("/console/page-orders", {"action": "enter", "side": "nato", "seen": 0}).json()
    assert r["ok"] and "orders of NATO entered (nato-turn1.yaml" in r["summary"]
    # the same file typed at the CLI makes the same event
    other = Cli(tmp_path / "typed.db")
    assert other("new", "hof-gap-meeting").exit_code == 0
    (tmp_path / "nato-turn1.yaml").write_text(text)
    assert other("turn", "orders", str(tmp_path / "nato-turn1.yaml")).exit_code == 0
    a, b = _log(client.path)[-1], _log(tmp_path / "typed.db")[-1]
    assert (a["kind"], a["payload"], a["summary"]) == (b["kind"], b["payload"], b["summary"])
    assert "orders for turn 1 are in" in nato.get("/side/nato/parts").json()["status"]


def test_a_turn_is_released_once_over_and_only_then_read(later):
    pact = sides_of(later, "pact")["pact"]
    assert pact.get("/side/pact/briefing?turn=1").status_code == 400
    assert "No briefing released yet" in pact.get("/side/pact/parts").json()["status"]
    r = later.post("/console/release", {"turn": 3})
    assert r.status_code == 400 and "not over yet (allowed: 1 to 2)" in r.json()["error"]
    v = pact.get("/side/pact/version").json()["v"]
    assert later.post("/console/release", {"turn": 1}).json()["released"] == 1
    assert pact.get("/side/pact/version").json()["v"] != v
    b = pact.get("/side/pact/briefing?turn=1").json()
    assert b["turn"] == 1 and "Briefing for Warsaw Pact, turn 1" in b["html"]
    assert pact.get("/side/pact/briefing?turn=2").status_code == 400
    assert "umpire has not yet released turn 2" in pact.get("/side/pact/parts").json()["status"]


def _log(path: Path) -> list[dict]:
    from umpire.engine import Game
    from umpire.reports.status import log_json

    g = Game.open(path)
    try:
        return log_json(g.events())
    finally:
        g.close()
