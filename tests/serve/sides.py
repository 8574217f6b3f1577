"""Helpers for the sides' pages: a side's browser (Starlette's test client logged in with its
link), links made as the console makes them, and the side's orders read back from the file."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any


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
