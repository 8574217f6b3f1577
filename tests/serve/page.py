"""The console driven as a person drives it: clicks on the map at table points, the tools, the
turn's buttons; and the log read back from the game file."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

TO_SCREEN = """([x, y]) => {
  const s = document.querySelector('#map svg');
  const f = JSON.parse(document.getElementById('map').dataset.frame);
  const pt = s.createSVGPoint();
  pt.x = f[0] + x * f[2]; pt.y = f[1] + (f[3] - y) * f[2];
  const q = pt.matrixTransform(s.getScreenCTM());
  return [q.x, q.y];
}"""


class Console:
    def __init__(self, page: Any, path: Path) -> None:
        self.page = page
        self.path = path
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    # -- reading --------------------------------------------------------------------------
    def seq(self) -> int:
        from umpire.engine import Game

        g = Game.open(self.path)
        try:
            return g.last_seq()
        finally:
            g.close()

    def log(self) -> list[dict[str, Any]]:
        from umpire.engine import Game
        from umpire.reports.status import log_json

        g = Game.open(self.path)
        try:
            return json.loads(json.dumps(log_json(g.events()), default=str))
        finally:
            g.close()

    def shows(self, seq: int) -> None:
        """Wait until the page shows the file as of event #seq."""
        self.page.wait_for_function(
            "n => document.getElementById('status').textContent.includes('(#' + n + ')')", arg=seq, timeout=15000)

    def answer(self) -> str:
        return str(self.page.inner_text("#answer"))

    # -- doing ------------------------------------------------------------------------------
    def click_table(self, x: float, y: float) -> None:
        sx, sy = self.page.evaluate(TO_SCREEN, [x, y])
        self.page.mouse.click(sx, sy)

    def tool(self, mode: str) -> None:
        self.page.click(f"button[data-mode={mode}]")

    def choose(self, unit: str) -> None:
        self.page.click(f"#stands button[data-unit='{unit}']")
        self.page.wait_for_function("u => { const h = document.querySelector('#unit h2'); "
                                    "return h && h.textContent.startsWith(u); }", arg=unit)

    def wait_answer(self, starts: str) -> str:
        from playwright.sync_api import TimeoutError as Timeout

        try:
            self.page.wait_for_function("t => document.getElementById('answer').textContent.startsWith(t)",
                                        arg=starts, timeout=15000)
        except Timeout:
            raise AssertionError(f"the answer never began {starts!r}; it says {self.answer()!r}") from None
        return self.answer()

    def do_it(self) -> None:
        before = self.seq()
        self.page.click("#do-it")
        self.wait_written(before)

    def wait_written(self, before: int) -> None:
        self.page.wait_for_function("n => { const s = document.getElementById('status').textContent; "
                                    "const m = s.match(/\\(#(\\d+)\\)/); return m && Number(m[1]) > n; }",
                                    arg=before, timeout=30000)

    def resolve(self) -> None:
        before = self.seq()
        self.page.click("#phase-next")
        self.wait_written(before)

    def orders(self, file: Path) -> None:
        before = self.seq()
        self.page.set_input_files("#orders-file", str(file))
        self.wait_written(before)

    def undo(self) -> None:
        before = self.seq()
        self.page.click("#undo")
        self.wait_written(before)


@contextmanager
def console_page(browser: Any, live: Any, width: int = 1280, height: int = 860) -> Iterator[Console]:
    """A browser context logged in to the console served by ``live``, its page on the console."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    console = Console(page, live.path)
    page.goto(live.login)
    page.wait_for_selector("#map svg g.stand")
    try:
        yield console
    finally:
        context.close()
