"""Fixtures for the console's tests: a game file, the app over it, a client logged in or not."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.serve.live import SECRET, Live, serving
from umpire.registry import load_scenario

ORDERS = REPO / "data" / "orders"


def new_game(path: Path, scenario: str = "hof-gap-meeting") -> Path:
    from umpire.engine import Game
    from umpire.resources import resolve_scenario

    Game.create(path, load_scenario(resolve_scenario(scenario))).close()
    return path


class Client:
    """Starlette's test client over the console, with the session's token for writes."""

    def __init__(self, path: Path, login: bool = True) -> None:
        from starlette.testclient import TestClient

        from umpire.serve.app import make_app
        from umpire.serve.server import hosts_for

        self.path = path
        self.app = make_app(path, SECRET, hosts=[*(hosts_for("127.0.0.1") or []), "testserver"])
        self.http = TestClient(self.app, follow_redirects=False)
        self.csrf = ""
        if login:
            r = self.http.get(f"/login?token={SECRET}")
            assert r.status_code == 303, r.text
            page = self.http.get("/console")
            self.csrf = re.search(r'name="csrf" content="([^"]+)"', page.text).group(1)  # type: ignore[union-attr]

    def post(self, url: str, body: dict | None = None, **headers: str):
        return self.http.post(url, json=body or {}, headers={"x-csrf-token": self.csrf, **headers})

    def act(self, **body):
        return self.post("/console/act", body)


def serve_new(tmp_path_factory: pytest.TempPathFactory, scenario: str) -> Iterator[Live]:
    """A new game of ``scenario``, served for a test module (``yield from`` it in a fixture)."""
    path = new_game(tmp_path_factory.mktemp(scenario) / "game.db", scenario)
    with serving(path) as live:
        yield live


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return new_game(tmp_path / "game.db")


@pytest.fixture
def client(game: Path) -> Client:
    return Client(game)


@pytest.fixture(scope="module")
def browser():
    """One Chromium for the module (Debian's, driven by Playwright); the tests skip, saying why,
    only where no Chromium can be found."""
    from tests.serve.live import CHROMIUM_ARGS, chromium_path

    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium on this machine (Debian: apt-get install chromium); the browser tests need one")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()
