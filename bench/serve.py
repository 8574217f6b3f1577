"""What the server's pages cost on a big game: ``umpire serve`` over a 150-a-side Auftragstaktik
game (``bench/big_game.py``: 300 terrain pieces).

    python bench/serve.py [--stands 150] [--polygons 300] [--runs 10] [--phases 100]
    ... [--against CHECKOUT]          the same, beside another checkout (its own big_game.py)

Times, ``--runs`` times each, through the ASGI app (Starlette's test client, no network), each
checkout in a fresh process of its own (bench/processes.py):

- the console's first load: a browser logs in and opens ``/console`` just after another command
  changed the file (the state, the log, the umpire's report and the map are all read and drawn
  for it; the server itself has been running);
- the map after a phase: a phase resolved through the console, then ``GET /console/parts`` (the
  map, the turn, the log and the stands drawn again for the new state);
- a side's page: ``GET /side/nato`` by the side's link after that phase (its briefing of the
  released turn composed again for the new state, its map, its units and its orders); a
  checkout without the sides' pages says n/a;
- ``GET /console/version``, the request a page makes every few seconds.

The server's process runs with the cycle collector set as the ``umpire`` command sets it for
``umpire serve`` (umpire.cli.collector), in each checkout as that checkout sets it. Each line
gives min / median / max of the wall clock in milliseconds, and the median CPU time
of the process (the machine may be shared: CPU time is the steadier figure). Then, in this
checkout only, resolves ``--phases`` phases through the console (orders entered each turn),
each followed by the parts request as a page makes it, and prints the server's memory (its
resident set) before and after. The goal is a median under 300 ms for each page.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

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


class Browser:
    """One browser's session (``app``: the server, shared), logged in with ``token``."""

    def __init__(self, app: object, token: str = SECRET, home: str = "/console") -> None:
        from starlette.testclient import TestClient

        self.http = TestClient(app, follow_redirects=False)  # type: ignore[arg-type]
        self.http.get(f"/login?token={token}")
        self.home = home
        self.csrf = ""

    def page(self) -> tuple[float, float]:
        took = self.timed(self.home)
        r = self.http.get(self.home)
        self.csrf = re.search(r'name="csrf" content="([^"]+)"', r.text).group(1)  # type: ignore[union-attr]
        return took

    def act(self, body: dict[str, Any]) -> dict[str, Any]:
        r = self.http.post("/console/act", json=body, headers={"x-csrf-token": self.csrf})
        assert r.status_code == 200, r.text[:300]
        return r.json()  # type: ignore[no-any-return]

    def timed(self, url: str) -> tuple[float, float]:
        """Wall clock and CPU time of one request (the app runs in this process)."""
        cpu, t = time.process_time(), time.perf_counter()
        r = self.http.get(url)
        took = time.perf_counter() - t, time.process_time() - cpu
        assert r.status_code == 200, r.text[:300]
        return took


def enter_orders(console: Browser) -> None:
    """Both sides' orders for a turn after the first: every stand goes on as ordered."""
    for side in ("nato", "pact"):
        console.act({"action": "orders", "name": f"{side}.yaml", "text": f"side: {side}\nunits: {{}}\n"})


def _big_game(root: Path) -> Any:
    """The checkout's own ``bench/big_game.py`` (its game API is its own)."""
    spec = importlib.util.spec_from_file_location("big_game", root / "bench" / "big_game.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def timings(root: str, stands: int, polygons: int, runs: int, phases: int) -> dict[str, Any]:
    """In this process, with the code of checkout ``root`` first on the path: every figure."""
    import inspect

    big_game = _big_game(Path(root))
    for where in ("umpire.cli.collector", "umpire.collector"):  # the collector as `umpire serve` sets it
        try:  # (an older checkout keeps it at the package's root; older still: Python's defaults)
            importlib.import_module(where).for_a_command()
        except ImportError:
            continue
        break
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.db"
        game = big_game.new_game(path, stands, polygons)
        big_game.play_turn(game, None)  # one whole turn: trails, fire lines and a log to draw
        token = None
        try:
            from umpire.engine import players

            players.release(game, 1)  # the sides read turn 1's briefing
            token = players.make_link(game, "nato")[1]
        except ImportError:  # a checkout from before the sides' pages
            pass
        game.close()
        from umpire.engine import Game
        from umpire.serve.app import make_app

        app = make_app(path, SECRET, hosts=None) if "hosts" in inspect.signature(make_app).parameters \
            else make_app(path, SECRET)
        Browser(app).page()  # untimed: the imports, the templates and the ruleset's tables, once
        first = []
        for k in range(runs):
            g = Game.open(path)  # another command writes (umpire place ...)
            g.act("place", {"unit": "nato-0-0", "x": 3.0 + k * 0.1, "y": 17.0, "facing": None})
            g.close()
            first.append(Browser(app).page())
        console = Browser(app)
        console.page()
        enter_orders(console)
        side = Browser(app, token, "/side/nato") if token else None
        if side is not None:
            side.page()  # untimed: its templates, once
        after, version, page = [], [], []
        for _ in range(runs):
            console.act({"action": "phase"})
            after.append(console.timed("/console/parts"))
            if side is not None:
                page.append(side.timed("/side/nato"))
            version.append(console.timed("/console/version"))
            if "waiting for" in console.http.get("/console/parts").json()["turn"]:
                enter_orders(console)
        out.update(first=first, after=after, side=page or None, version=version)
        if phases:
            before, half = rss_mb(), None
            for k in range(phases):
                if k == phases // 2:
                    half = rss_mb()
                parts = console.http.get("/console/parts").json()
                if "waiting for" in parts["turn"]:
                    enter_orders(console)
                console.act({"action": "phase"})
            console.http.get("/console/parts")
            out["memory"] = (before, half, rss_mb())
    return out


def line(name: str, got: list[dict[str, Any]], key: str, fmt: str = "{:.0f}") -> str:
    cells = []
    for g in got:
        xs = g.get(key)
        if not xs:
            cells.append(f"{'n/a':>24}")
            continue
        wall = [x[0] * 1000 for x in xs]
        cpu = statistics.median(x[1] * 1000 for x in xs)
        text = " / ".join(fmt.format(v) for v in (min(wall), statistics.median(wall), max(wall)))
        cells.append(f"{text:>17} {fmt.format(cpu):>6}")
    return f"  {name:<26}" + "   ".join(cells)


def main() -> None:
    from processes import in_process, installed_env

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stands", type=int, default=150)
    ap.add_argument("--polygons", type=int, default=300)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--phases", type=int, default=100)
    ap.add_argument("--against", type=Path, help="another checkout, timed beside this one")
    a = ap.parse_args()
    roots = [("this", HERE.parent)] + ([("against", a.against.resolve())] if a.against else [])
    got = []
    with installed_env() as env:
        for n, (_, root) in enumerate(roots):
            call = f"timings({str(root)!r}, {a.stands}, {a.polygons}, {a.runs}, {0 if n else a.phases})"
            got.append(in_process(root, "serve", call, env))
    print(f"umpire serve, {a.stands} stands a side, {a.polygons} terrain pieces; "
          f"ms, wall min / median / max of {a.runs} and median CPU")
    print(f"  {'':<26}" + "   ".join(f"{name + ' ' + (str(root) if name != 'this' else ''):>24}"
                                      for name, root in roots))
    print(line("console, first load", got, "first"))
    print(line("map after a phase", got, "after"))
    print(line("a side's page", got, "side"))
    print(line("version (the page's poll)", got, "version", "{:.1f}"))
    if got[0].get("memory"):
        before, half, end = got[0]["memory"]
        print(f"  server memory (this checkout): {before:.0f} MB before, {half:.0f} MB after {a.phases // 2} more "
              f"phases, {end:.0f} MB after {a.phases} (each with its parts drawn)")


if __name__ == "__main__":
    sys.path[:0] = [str(HERE)]
    main()
