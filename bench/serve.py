"""What the console's pages cost on a big game: ``umpire serve`` over a 150-a-side Auftragstaktik
game (``bench/big_game.py``: 300 terrain pieces).

    python bench/serve.py [--stands 150] [--polygons 300] [--runs 10] [--phases 100]

Times, ``--runs`` times each, through the ASGI app (Starlette's test client, no network):

- the console's first load: a browser logs in and opens ``/console`` just after another command
  changed the file (the state, the log, the umpire's report and the map are all read and drawn
  for it; the server itself has been running);
- the map after a phase: a phase resolved through the console, then ``GET /console/parts`` (the
  map, the turn, the log and the stands drawn again for the new state);
- ``GET /console/version``, the request a page makes every few seconds.

Then resolves ``--phases`` phases through the console (orders entered each turn), each followed
by the parts request as a page makes it, and prints the server's memory (its resident set) before
and after. Prints min / median / max in milliseconds; the goal is a median under 300 ms for each
page.
"""

from __future__ import annotations

import argparse
import re
import resource
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

import big_game  # noqa: E402
from processes import spread  # noqa: E402

SECRET = "bench-secret-0123456789abcdef"


def rss_mb() -> float:
    """The resident set of this process now, in MB (from /proc; else the peak so far)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Console:
    """One browser's session with the console (``app``: the server, shared)."""

    def __init__(self, app: object) -> None:
        from starlette.testclient import TestClient

        self.http = TestClient(app, follow_redirects=False)  # type: ignore[arg-type]
        self.http.get(f"/login?token={SECRET}")
        self.csrf = ""

    def page(self) -> float:
        t = time.perf_counter()
        r = self.http.get("/console")
        took = time.perf_counter() - t
        assert r.status_code == 200, r.text[:300]
        self.csrf = re.search(r'name="csrf" content="([^"]+)"', r.text).group(1)  # type: ignore[union-attr]
        return took

    def act(self, body: dict) -> dict:
        r = self.http.post("/console/act", json=body, headers={"x-csrf-token": self.csrf})
        assert r.status_code == 200, r.text[:300]
        return r.json()  # type: ignore[no-any-return]

    def timed_get(self, url: str) -> float:
        t = time.perf_counter()
        r = self.http.get(url)
        took = time.perf_counter() - t
        assert r.status_code == 200, r.text[:300]
        return took


def enter_orders(console: Console) -> None:
    """Both sides' orders for a turn after the first: every stand goes on as ordered."""
    for side in ("nato", "pact"):
        console.act({"action": "orders", "name": f"{side}.yaml", "text": f"side: {side}\nunits: {{}}\n"})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stands", type=int, default=150)
    ap.add_argument("--polygons", type=int, default=300)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--phases", type=int, default=100)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.db"
        game = big_game.new_game(path, a.stands, a.polygons)
        big_game.play_turn(game, None)  # one whole turn: trails, fire lines and a log to draw
        game.close()
        from umpire.engine import Game
        from umpire.serve.app import make_app

        app = make_app(path, SECRET, hosts=None)
        Console(app).page()  # untimed: the imports, the templates and the ruleset's tables, once
        first = []
        for k in range(a.runs):
            g = Game.open(path)  # another command writes (umpire place ...)
            g.act("place", {"unit": "nato-0-0", "x": 3.0 + k * 0.1, "y": 17.0, "facing": None})
            g.close()
            first.append(Console(app).page())
        console = Console(app)
        console.page()
        enter_orders(console)
        after, version = [], []
        for _ in range(a.runs):
            console.act({"action": "phase"})
            after.append(console.timed_get("/console/parts"))
            version.append(console.timed_get("/console/version"))
            if "waiting for" in console.http.get("/console/parts").json()["turn"]:
                enter_orders(console)
        print(f"umpire serve, {a.stands} stands a side, {a.polygons} terrain pieces; "
              f"ms, min / median / max of {a.runs}")
        print(f"  console, first load      {spread([x * 1000 for x in first], '{:.0f}')}")
        print(f"  map after a phase        {spread([x * 1000 for x in after], '{:.0f}')}")
        print(f"  version (the page's poll) {spread([x * 1000 for x in version], '{:.1f}')}")
        before, half = rss_mb(), None
        for k in range(a.phases):
            if k == a.phases // 2:
                half = rss_mb()
            parts = console.http.get("/console/parts").json()
            if "waiting for" in parts["turn"]:
                enter_orders(console)
            console.act({"action": "phase"})
        console.http.get("/console/parts")
        print(f"  server memory: {before:.0f} MB before, {half:.0f} MB after {a.phases // 2} more phases, "
              f"{rss_mb():.0f} MB after {a.phases} (each with its parts drawn)")


if __name__ == "__main__":
    main()
