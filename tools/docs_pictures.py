"""Make the documentation's pictures from the demo, so that they cannot drift from what umpire shows.

    python tools/docs_pictures.py [OUT]    # default docs/pictures/ (not kept in the repository)

Builds the demo (`umpire demo`) in a temporary folder, then:
- map-nato.png: NATO's map of the demo's Auftragstaktik game after its turn (`umpire map`);
- roster-mbt.png: the demo MBT game's roster, its page of data cards, rendered by pdftoppm;
- console.png: the umpire's console in a desktop browser (1280 x 800);
- briefing.png: NATO's briefing of turn 1 as the console shows it;
- side-phone.png: NATO's own page on a phone (390 x 844), opened by its link, once the umpire
  released the last turn's briefings (the console's button).

The browser pictures are taken by Playwright driving the system's Chromium; `umpire serve` runs as
a process of its own, as at a club. The documentation build (tools/docs_hooks.py) runs this when a
picture is missing.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PICTURES = ("map-nato.png", "roster-mbt.png", "console.png", "briefing.png", "side-phone.png")  # docs_hooks.py
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SECRET = "pictures-of-the-docs-0123456789abcdef"


def _umpire(*args: str, cwd: Path) -> str:
    r = subprocess.run([sys.executable, "-m", "umpire", *args], cwd=cwd, capture_output=True, text=True,
                       env={**os.environ, "COLUMNS": "120"})
    if r.returncode != 0:
        raise SystemExit(f"umpire {' '.join(args)}: {r.stderr or r.stdout}")
    return r.stdout


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(game: Path, port: int) -> tuple[subprocess.Popen[str], str, dict[str, str]]:
    """``umpire serve GAME --links`` on a port of this machine: the process, the login link, each side's link."""
    proc = subprocess.Popen([sys.executable, "-m", "umpire", "serve", str(game), "--port", str(port), "--links"],
                            cwd=game.parent, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "UMPIRE_SERVE_SECRET": SECRET, "COLUMNS": "120"})
    assert proc.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        if line.startswith("Stop with"):
            break
    text = "".join(lines)
    login = re.search(r"Log in[^:]*: (\S+)", text)
    sides = dict(re.findall(r"^.*\((\w+)\): (http\S+)$", text, re.M))
    if not login or not sides:
        proc.kill()
        raise SystemExit(f"umpire serve did not start as expected:\n{text}")
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/login", timeout=2)  # noqa: S310 (this machine)
            break
        except OSError:
            time.sleep(0.1)
    return proc, login.group(1), sides


def _browser_pictures(game: Path, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        raise SystemExit("the pictures need Chromium (Debian: apt-get install chromium)")
    port = _free_port()
    proc, login, sides = _serve(game, port)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            desk = browser.new_context(viewport={"width": 1280, "height": 800})
            page = desk.new_page()
            page.goto(login)
            page.wait_for_load_state("networkidle")
            page.wait_for_timeout(500)
            page.screenshot(path=str(out / "console.png"))
            page.goto(f"http://127.0.0.1:{port}/console/report?side=nato&turn=1")
            page.wait_for_load_state("networkidle")
            page.screenshot(path=str(out / "briefing.png"))
            page.goto(login)
            release = page.get_by_role("button", name=re.compile(r"^Release turn \d+'s briefings"))
            if release.count():  # the side's page then shows the released briefing and its orders open
                release.first.click()
                page.wait_for_timeout(1000)
            phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                        is_mobile=True, has_touch=True)
            side = phone.new_page()
            side.goto(sides["nato"])
            side.wait_for_load_state("networkidle")
            side.wait_for_timeout(500)
            side.screenshot(path=str(out / "side-phone.png"))
            browser.close()
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def make(out: Path) -> list[Path]:
    """Every picture, written into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="umpire-pictures-") as tmp:
        folder = Path(tmp)
        _umpire("demo", cwd=folder)
        demo = folder / "umpire-demo"
        _umpire("--db", str(demo / "game.db"), "map", "--side", "nato", "--out", str(out / "map-nato.png"),
                cwd=folder)
        _umpire("--db", str(demo / "mbt" / "game.db"), "roster", "--out", str(folder / "roster.pdf"), cwd=folder)
        if not shutil.which("pdftoppm"):
            raise SystemExit("the roster's picture needs pdftoppm (Debian: apt-get install poppler-utils)")
        subprocess.run(["pdftoppm", "-png", "-r", "100", "-f", "2", "-l", "2", "-singlefile",
                        str(folder / "roster.pdf"), str(out / "roster-mbt")], check=True)
        _browser_pictures(demo / "game.db", out)
    return [out / name for name in PICTURES]


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "docs" / "pictures"
    for path in make(target):
        print(f"wrote {path.relative_to(REPO) if path.is_relative_to(REPO) else path}")
