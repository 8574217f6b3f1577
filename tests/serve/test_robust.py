"""A server no side can trip: a link's logins never end another holder's session, the door counts
knocks, a body too large or too deep is refused in one line, the Host header is read whole, an
invisible character in a name is shown as the CLI shows it, and a browser holding one session is
asked before another link replaces it."""

from __future__ import annotations

import re

import yaml

from tests.conftest import REPO
from tests.serve.conftest import Client
from tests.serve.live import SECRET
from tests.serve.sides import SideClient, make_link, sides_of
from umpire.serve.security import DOOR_MOST, MOST_PER_HOLDER


def test_300_logins_by_one_link_log_out_neither_the_umpire_nor_another_side(client):
    s = sides_of(client, "nato", "pact")
    token = s["nato"].token
    answers = [SideClient(client.app, token).status for _ in range(300)]
    assert answers.count(303) == DOOR_MOST - 1  # the door: a link opens so many sessions a minute
    assert set(answers[DOOR_MOST:]) == {429}
    sessions = client.app.state.site.sessions
    assert sessions.count(f"link:{1}") <= MOST_PER_HOLDER["link"]
    assert client.http.get("/console/parts").status_code == 200  # the umpire's session is still his
    assert s["pact"].get("/side/pact/parts").status_code == 200  # and the other side's its own


def test_wrong_secrets_from_one_address_are_counted_and_then_refused(client):
    anon = Client(client.path, login=False)
    codes = [anon.http.get(f"/login?token=guess-{n}").status_code for n in range(DOOR_MOST + 5)]
    assert codes[:DOOR_MOST] == [403] * DOOR_MOST and set(codes[DOOR_MOST:]) == {429}
    assert anon.http.get(f"/login?token={SECRET}").status_code == 303  # the umpire's own secret still opens


def test_a_body_over_the_limit_answers_413_with_nothing_on_the_terminal(client, capfd):
    anon = Client(client.path, login=False)
    big = b"secret=" + b"x" * (3 * 1024 * 1024)
    r = anon.http.post("/login", content=big, headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413 and "too large" in r.json()["error"]

    def chunks():  # no length said: the body is counted as it comes
        for _ in range(48):
            yield b"x" * 65536

    r = anon.http.post("/login", content=chunks(), headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413, r.text
    r = client.http.post("/console/act", content=chunks(), headers={"x-csrf-token": client.csrf})
    assert r.status_code == 413, r.text
    assert capfd.readouterr().err == ""


def test_malformed_or_too_deep_json_answers_400_never_500(client, capfd):
    nato = sides_of(client, "nato")["nato"]
    deep = b"[" * 100_000 + b"]" * 100_000
    for who, url in ((client, "/console/act"), (nato, "/side/nato/check"), (nato, "/side/nato/send")):
        for body in (deep, b"{" * 100_000, b'{"action": "phase"', b"\xff\xfe", b'{"a":' * 70 + b"1" + b"}" * 70):
            r = who.http.post(url, content=body, headers={"x-csrf-token": who.csrf, "content-type": "application/json"})
            assert r.status_code == 400, (url, body[:20], r.status_code, r.text[:200])
            assert "error" in r.json()
    assert capfd.readouterr().err == ""


def test_a_failure_says_one_line_on_the_terminal_and_no_traceback(client, capfd, monkeypatch):
    from umpire.serve import side_views

    def broken(*a, **k):
        raise KeyError("what went wrong")

    nato = sides_of(client, "nato")["nato"].http
    capfd.readouterr()
    monkeypatch.setattr(side_views.SideReader, "page", broken)
    r = nato.get("/side/nato/parts")
    assert r.status_code == 500 and "nothing was written" in r.json()["error"]
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "KeyError" in err and "Traceback" not in err, err


def test_the_host_header_is_read_whole(client):
    for host in ("127.0.0.1:8000, evil.example", "127.0.0.1 evil.example", "127.0.0.1:8000/x", "127.0.0.1:",
                 "", "127.0.0.1:80:80", "[::1]x"):
        r = client.http.get("/console", headers={"host": host})
        assert r.status_code in (400, 421), (host, r.status_code)
    assert client.http.get("/console", headers={"host": "127.0.0.1:8000"}).status_code == 200
    assert client.http.get("/console", headers={"host": "[::1]:8000"}).status_code == 200


def _bidi_game(tmp_path):
    from umpire.engine import Game
    from umpire.registry import load_scenario

    data = yaml.safe_load((REPO / "data" / "scenarios" / "hof-gap-meeting.yaml").read_text())
    data["name"] = "Hof \u202eGap\u200b"
    for side in data["sides"]:
        side["name"] += " \u202eevil\u2066"
        for fm in side.get("formations") or []:
            for u in fm.get("units") or []:
                u["name"] = "\u202e" + str(u.get("name") or u["id"]) + "\x1b[31m"
    path = tmp_path / "scenario.yaml"
    for key in ("terrain",):  # the terrain file is named beside the scenario: name it whole
        if isinstance(data.get(key), str):
            data[key] = str((REPO / "data" / "scenarios" / data[key]).resolve())
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    Game.create(tmp_path / "game.db", load_scenario(path)).close()
    return tmp_path / "game.db"


def test_a_bidi_override_in_a_name_reaches_no_page_raw(tmp_path):
    client = Client(_bidi_game(tmp_path))
    nato = sides_of(client, "nato")["nato"]
    bodies = [client.http.get(u).text for u in ("/console", "/console/parts", "/console/report", "/console/players")]
    bodies += [nato.get(u).text for u in ("/side/nato", "/side/nato/parts")]
    assert any("\ufffd" in b for b in bodies)  # the names are there, shown
    for b in bodies:
        for ch in ("\u202e", "\u2066", "\u200b", "\x1b"):
            assert ch not in b and re.search(r"\\u(202e|2066|001b)", b) is None, ch


def test_a_second_link_in_one_browser_asks_before_it_replaces_the_session(client):
    token = make_link(client, "nato")
    r = client.http.get(f"/login?token={token}")
    assert r.status_code == 200 and "umpire&#39;s console" in r.text and "nato&#39;s page" in r.text
    assert "set-cookie" not in r.headers
    assert client.http.get("/console/parts").status_code == 200  # nothing replaced yet
    r = client.http.post("/login", content=f"secret={token}&replace=yes".encode(),
                         headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 303 and r.headers["location"] == "/side/nato"
    assert client.http.get("/side/nato/parts").status_code == 200
    assert client.http.get("/console/parts").status_code == 403
    again = client.http.get(f"/login?token={token}")  # the same link again: nothing to ask
    assert again.status_code == 303
