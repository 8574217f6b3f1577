"""Helpers for the sides' pages: a side's browser (Starlette's test client logged in with its
link), links made as the console makes them, and the side's orders read back from the file."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.serve.page import TO_SCREEN  # where a point of the table is on the screen


class SideClient:
    """A side's device: its link opened, then its page's token for writes."""

    def __init__(self, app: Any, token: str, side: str | None = None) -> None:
        from starlette.testclient import TestClient

        self.http = TestClient(app, follow_redirects=False)
        self.token = token
        self.side = side
        self.csrf = ""
        r = self.http.get(f"/login?token={token}")
        self.status = r.status_code
        if r.status_code == 303 and side is not None:
            assert r.headers["location"] == f"/side/{side}"
            page = self.http.get(f"/side/{side}")
            self.csrf = re.search(r'name="csrf" content="([^"]+)"', page.text).group(1)  # type: ignore[union-attr]

    def get(self, url: str):
        return self.http.get(url)

    def post(self, url: str, body: dict | None = None):
        return self.http.post(url, json=body, headers={"x-csrf-token": self.csrf})

    def send(self, key: str, entry: dict | None, turn: int = 1):
        return self.post(f"/side/{self.side}/send", {"turn": turn, "key": key, "entry": entry})


def make_link(client: Any, side: str, player: str = "") -> str:
    """A link made in the console (``client``: the umpire's), its token."""
    r = client.post("/console/links", {"action": "make", "side": side, "player": player})
    assert r.status_code == 200, r.text
    return str(r.json()["url"].rsplit("token=", 1)[1])


def sides_of(client: Any, *sides: str) -> dict[str, SideClient]:
    return {s: SideClient(client.app, make_link(client, s), s) for s in sides}


def stored(path: Path, side: str, turn: int) -> list[Any]:
    from umpire.engine import Game, players

    g = Game.open(path)
    try:
        return players.sent(g, side, turn)
    finally:
        g.close()


def stamp(path: Path) -> tuple[int, int]:
    from umpire.engine import Game, players

    g = Game.open(path)
    try:
        return g.last_seq(), players.stamp(g)
    finally:
        g.close()


# -- a side's page in a browser -------------------------------------------------------------------


class SidePage:
    """A side's page in Chromium, used as a player uses it."""

    def __init__(self, page: Any, side: str) -> None:
        self.page = page
        self.side = side
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def entry(self, key: str) -> Any:
        d = self.page.locator(f'details[data-key="{key}"]')
        if not d.evaluate("e => e.open"):
            d.locator("summary").click()
        return d

    def fill(self, key: str, values: dict[str, Any]) -> Any:
        d = self.entry(key)
        for name, v in values.items():
            el = d.locator(f'[name="{name}"]')
            kind = el.evaluate("e => e.tagName + ':' + (e.type || '')")
            if kind.startswith("SELECT"):
                el.select_option(str(v))
            elif kind.endswith("checkbox"):
                el.set_checked(bool(v))
            else:
                el.fill(str(v))
        return d

    def tap(self, key: str, field: str, points: list[tuple[float, float]]) -> None:
        """Waypoints tapped on the map, as a finger sets them."""
        d = self.entry(key)
        d.locator(f'button[data-tap="{field}"]').click()
        for x, y in points:
            sx, sy = self.page.evaluate(TO_SCREEN, [x, y])
            self.page.mouse.click(sx, sy)
        d.locator(f'button[data-tap="{field}"]').click()

    def send(self, key: str, values: dict[str, Any] | None = None) -> str:
        """Fill and send one entry; the page's answer (what was sent, or why it was refused)."""
        d = self.fill(key, values or {})
        drawn = self.page.locator("#main").get_attribute("data-drawn") or "0"
        d.locator('button[data-do="send"]').click()
        self.page.wait_for_function(
            "([k, n]) => { const s = document.querySelector(`details[data-key='${k}'] .said`); "
            "return (s && s.textContent.startsWith('Refused')) || Number(document.getElementById('main')"
            ".dataset.drawn || 0) > n; }", arg=[key, int(drawn)], timeout=20000)
        said = d.locator(".said")
        if said.count() and said.inner_text().startswith("Refused"):
            return str(said.inner_text())
        return str(self.page.inner_text("#note"))  # sent: the page drawn again, the answer above it

    def sent(self, key: str) -> None:
        self.page.wait_for_selector(f'details[data-key="{key}"] .tag.sent', timeout=20000)

    def status(self) -> str:
        return str(self.page.inner_text("#status"))

    def wait_briefing(self, turn: int) -> str:
        """Wait until the page has updated itself to show the briefing of ``turn``."""
        self.page.wait_for_function(
            "t => { const h = document.querySelector('#briefing h2'); "
            "return h && h.textContent.includes('turn ' + t); }",
            arg=turn, timeout=60000)
        return str(self.page.inner_text("#briefing"))

    def wait_open(self, turn: int) -> None:
        self.page.wait_for_function("t => document.getElementById('status').textContent.includes("
                                    "'Turn ' + t + ': your orders are open')", arg=turn, timeout=60000)
