"""Acceptance (issue #23): the console and ten CLI writers on one file at once. Every write
succeeds or is refused as busy (nothing else), the log holds one event per success, and the
replay gives the stored state."""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

from tests.conftest import REPO, Cli
from tests.serve.conftest import new_game
from tests.serve.live import serving

UNITS = ["a-1-64", "b-1-64", "c-4-8", "hq-1-64", "t80-1", "t80-2", "t80-3", "mr-1", "hq-1tb"]
BUSY_LINE = "Error: the game file is busy (another umpire command is writing it); try again"
CONSOLE_WRITES = 12


class Browserless:
    """The console's requests, as its page makes them, over a real socket."""

    def __init__(self, url: str, secret: str) -> None:
        self.host, port = url.removeprefix("http://").split(":")
        self.port = int(port)
        r = self._send("GET", f"/login?token={secret}")
        self.cookie = r.getheader("set-cookie").split(";")[0]
        r.read()
        page = self._send("GET", "/console", headers={"cookie": self.cookie}).read().decode()
        self.csrf = re.search(r'name="csrf" content="([^"]+)"', page).group(1)  # type: ignore[union-attr]

    def _send(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        conn.request(method, path, body=body, headers=headers or {})
        return conn.getresponse()

    def act(self, body: dict) -> tuple[int, dict]:
        r = self._send("POST", "/console/act", json.dumps(body).encode(), {
            "cookie": self.cookie, "x-csrf-token": self.csrf, "content-type": "application/json",
            "origin": f"http://{self.host}:{self.port}", "sec-fetch-site": "same-origin"})
        return r.status, json.loads(r.read())


def test_the_console_and_ten_cli_writers_at_once(tmp_path: Path, monkeypatch):
    path = new_game(tmp_path / "game.db")
    env = {**os.environ, "PYTHONPATH": str(REPO), "UMPIRE_BUSY_TIMEOUT": "0.3"}
    outcomes: list[str] = []
    lock = threading.Lock()

    def note(what: str) -> None:
        with lock:
            outcomes.append(what)

    def console_writes(console: Browserless) -> None:
        for k in range(CONSOLE_WRITES):
            status, data = console.act({"action": "place", "unit": UNITS[k % len(UNITS)], "x": 10 + k, "y": 5 + k % 7})
            if status == 200:
                note("console: done")
            elif status == 409 and data.get("busy"):
                note("console: busy")
            else:
                note(f"console: unexpected {status} {data}")

    monkeypatch.setenv("UMPIRE_BUSY_TIMEOUT", "0.3")  # the console's server gives up as soon as they do
    with serving(path) as live:
        thread = threading.Thread(target=console_writes, args=(Browserless(live.url, live.secret),))
        procs = [subprocess.Popen(
            [sys.executable, "-m", "umpire", "--db", str(path), "place", UNITS[i % len(UNITS)], str(30 + i),
             str(20 + i % 5)], env=env, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for i in range(10)]
        thread.start()
        for p in procs:
            _, err = p.communicate(timeout=120)
            if p.returncode == 0:
                note("cli: done")
            elif p.returncode == 2 and err.strip() == BUSY_LINE:
                note("cli: busy")
            else:
                note(f"cli: unexpected {p.returncode} {err.strip()}")
        thread.join(120)
    print(sorted(Counter(outcomes).items()))
    unexpected = [o for o in outcomes if "unexpected" in o]
    assert unexpected == []
    assert len(outcomes) == 10 + CONSOLE_WRITES
    done = sum(o.endswith("done") for o in outcomes)
    assert done >= 1
    log = json.loads(Cli(path)("log", "--json").stdout)
    assert len(log) == done and [e["seq"] for e in log] == list(range(1, done + 1))
    assert all(e["kind"] == "place" for e in log)
    assert Cli(path)("replay", "--check").exit_code == 0
