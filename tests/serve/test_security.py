"""The console's doors (issue #23, security): nothing answers without the secret, every route
tried; writes only from the console's own pages; the headers; the one game file and no other."""

from __future__ import annotations

import pytest
from starlette.routing import Mount, Route

from tests.serve.conftest import Client
from tests.serve.live import SECRET

GAME_WORDS = ("Hof Gap", "a-1-64", "Warsaw Pact", "Frankenwald")


def _routes(app) -> list[tuple[str, str]]:
    """Every (method, path) the app answers, read from its routing table (a path parameter
    gets a plausible value)."""
    out = []
    for r in app.routes:
        if isinstance(r, Mount):
            out.append(("GET", r.path + "/umpire.css"))
            continue
        assert isinstance(r, Route)
        for m in sorted(r.methods or ()):
            out.append((m, r.path))
    return out


def test_every_route_is_listed_and_tried_without_the_secret(game):
    anon = Client(game, login=False)
    routes = _routes(anon.app)
    assert len(routes) >= 12, routes  # the console's pages, parts, writes, reports and doors
    opened = []
    for method, path in routes:
        r = anon.http.request(method, path, json={"action": "phase"} if method == "POST" else None)
        if path in ("/login",) or path.startswith("/static/"):
            assert r.status_code in (200, 303, 403), (method, path, r.status_code)
            opened.append(path)
        else:
            assert r.status_code in (303, 401), (method, path, r.status_code, r.text[:200])
            if r.status_code == 303:
                assert r.headers["location"] == "/login"
        body = r.text
        for word in GAME_WORDS:  # not even the door says which game lies behind it
            assert word not in body, (method, path, word)
    assert {"/login", "/static/umpire.css"} <= set(opened)
    assert anon.app.state.site.reader.version() == 0  # no POST wrote anything


def test_a_wrong_or_truncated_secret_opens_nothing(game):
    anon = Client(game, login=False)
    for token in ("", "x", SECRET[:-1], SECRET + "x", SECRET.upper()):
        r = anon.http.get(f"/login?token={token}")
        assert "set-cookie" not in r.headers, token
    r = anon.http.post("/login", content=b"secret=nope", headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 403 and "not the secret" in r.text
    assert anon.http.get("/console").status_code == 303


def test_the_session_cookie_is_httponly_and_samesite_strict(game):
    anon = Client(game, login=False)
    r = anon.http.post("/login", content=f"secret={SECRET}".encode(),
                       headers={"content-type": "application/x-www-form-urlencoded", "origin": "http://testserver"})
    assert r.status_code == 303 and r.headers["location"] == "/console"
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    assert SECRET not in cookie  # the cookie names a session, never the secret
    assert anon.http.get("/console").status_code == 200


def test_headers_forbid_inline_scripts_framing_and_sniffing(client):
    for url in ("/console", "/console/parts", "/console/report", "/login", "/static/console.js"):
        h = client.http.get(url).headers
        csp = h["content-security-policy"]
        assert "default-src 'self'" in csp and "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert h["x-content-type-options"] == "nosniff"
        assert h["referrer-policy"] == "no-referrer"


def test_pages_hold_no_inline_script_or_style(client):
    import re

    for url in ("/console", "/console/report", "/login"):
        html = client.http.get(url).text
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), url
        assert "<style" not in html and " style=" not in html and "onload=" not in html, url


@pytest.mark.parametrize("headers", [
    {"sec-fetch-site": "cross-site"},
    {"sec-fetch-site": "same-site"},
    {"origin": "http://evil.example"},
    {"origin": "null"},
    {"x-csrf-token": "forged"},
])
def test_a_cross_site_post_is_refused_and_writes_nothing(client, headers):
    before = client.path.read_bytes()
    r = client.post("/console/act", {"action": "place", "unit": "a-1-64", "x": 20, "y": 21}, **headers)
    assert r.status_code == 403, r.text
    assert client.path.read_bytes() == before


def test_a_post_without_the_token_is_refused(client):
    r = client.http.post("/console/undo", json={})
    assert r.status_code == 403 and "token" in r.json()["error"]


def test_the_same_origin_post_with_the_token_is_taken(client):
    r = client.post("/console/act", {"action": "place", "unit": "a-1-64", "x": 20, "y": 21},
                    origin="http://testserver", **{"sec-fetch-site": "same-origin"})
    assert r.status_code == 200, r.text
    assert r.json()["summary"] == "#1 a-1-64 placed at (20, 21) facing 90"


def test_another_host_name_is_refused(client):
    r = client.http.get("/console", headers={"host": "evil.example:8000"})
    assert r.status_code == 421


def test_logging_out_ends_the_session(client):
    assert client.post("/logout").status_code == 200
    assert client.http.get("/console/parts").status_code == 401


def test_only_the_game_file_it_was_started_with(client, tmp_path):
    from tests.serve.conftest import new_game

    other = new_game(tmp_path / "other.db", "mbt-basic-a")
    for url in (f"/console?db={other}", f"/console/parts?path={other}", f"/console/report?file={other}",
                f"/console/report.pdf?db={other}", f"/console/version?db={other}"):
        r = client.http.get(url)
        assert r.status_code == 400, url
        assert "takes no path" in r.text and "M1A1" not in r.text
    for url in ("/static/../game.db", "/static/%2e%2e/%2e%2e/game.db", "/static/..%2Fgame.db", f"/static/{other}"):
        r = client.http.get(url)
        assert r.status_code == 404, url
        assert b"SQLite" not in r.content
    assert client.post("/console/act", {"action": "phase", "db": str(other)}).status_code in (200, 400)
    from umpire.engine import Game

    g = Game.open(other)
    assert g.last_seq() == 0  # the other file was never written
    g.close()


def test_the_server_refuses_a_file_that_is_not_a_game(tmp_path):
    from umpire.errors import UmpireError
    from umpire.serve.app import make_app

    (tmp_path / "notes.db").write_text("not a game", encoding="utf-8")
    with pytest.raises(UmpireError):
        make_app(tmp_path / "notes.db", SECRET)
    with pytest.raises(UmpireError, match="no game file there"):
        make_app(tmp_path / "missing.db", SECRET)
