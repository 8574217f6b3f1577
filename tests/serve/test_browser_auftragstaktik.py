"""Acceptance (issue #23), in a real browser: two turns of the Auftragstaktik demo played from
the console alone (a stand placed by clicking, two stands moved and one move refused with its
reason, a line of sight a wood blocks, every phase resolved, one action undone and one amended,
a briefing opened); the game file then passes ``replay --check`` and its reports equal those of
the same actions typed at the CLI."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import Cli
from tests.serve.conftest import ORDERS, serve_new
from tests.serve.page import Console, console_page

PHASES = 9  # an Auftragstaktik turn: Orders ... End


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    yield from serve_new(tmp_path_factory, "hof-gap-meeting")


@pytest.fixture(scope="module")
def console(live, browser):
    with console_page(browser, live, 1400, 900) as c:
        yield c


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= 0.11


def _replay_at_the_cli(console: Console, tmp_path: Path) -> Cli:
    """The same actions, typed: each event of the console's log as the command that makes it."""
    cli = Cli(tmp_path / "typed.db")
    assert cli("new", "hof-gap-meeting").exit_code == 0
    for e in console.log():
        if e["replaces"] is not None:
            continue  # an amendment's events: the amend command below makes them
        kind, p = e["kind"], e["payload"]
        if kind == "place":
            args = ["place", p["unit"], str(p["x"]), str(p["y"])]
        elif kind == "move":
            *via, (x, y) = p["path"]
            args = ["move", p["unit"], str(x), str(y), *[a for v in via for a in ("--via", f"{v[0]},{v[1]}")]]
        elif kind.endswith(".orders"):
            args = ["turn", "orders", str(ORDERS / p["file"])]
        elif kind.endswith(".phase"):
            args = ["phase", "next"]
        elif kind == "undo":
            args = ["undo"]
        elif kind == "amend":
            new = next(x for x in console.log() if x["part_of"] == e["seq"] and x["replaces"] == p["amends"])
            (x, y), = new["payload"]["path"]
            args = ["amend", str(p["amends"]), "move", new["payload"]["unit"], str(x), str(y)]
        else:
            raise AssertionError(f"the console made an action the test does not type: {kind}")
        r = cli(*args)
        assert r.exit_code == 0, (args, r.output)
    return cli


def test_two_turns_of_the_demo_from_the_console_alone(console, live, tmp_path):
    page, c = console.page, console
    # -- a stand placed by clicking ------------------------------------------------------------
    c.choose("a-1-64")
    c.tool("place")
    c.click_table(20, 21)
    assert c.wait_answer("If made: a-1-64 placed at").startswith("If made: a-1-64 placed at (")
    c.do_it()
    placed = c.log()[-1]["payload"]
    assert _near(placed["x"], 20) and _near(placed["y"], 21)
    assert page.inner_text("#result").startswith("#1 a-1-64 placed at")
    # -- the orders and the first four phases ---------------------------------------------------
    c.tool("select")
    c.orders(ORDERS / "nato-turn1.yaml")
    assert "orders of NATO entered" in page.inner_text("#result")
    assert "orders of NATO: entered" in page.inner_text("#turn") or "waiting for: pact" in page.inner_text("#turn")
    c.orders(ORDERS / "pact-turn1.yaml")
    for _ in range(4):
        c.resolve()
    assert "Second Movement" in page.inner_text("#turn .phases li.now")
    # -- a refused move, in the CLI's words -------------------------------------------------------
    copy = tmp_path / "now.db"
    shutil.copy(live.path, copy)
    typed = Cli(copy)("move", "b-1-64", "60", "12")
    assert typed.exit_code == 2
    c.choose("b-1-64")
    c.tool("move")
    c.click_table(60, 12)
    refused = c.wait_answer("Refused:")
    assert refused == "Refused: " + typed.stderr.strip().removeprefix("Error: ")
    page.click("#do-it")  # taken anyway: refused again, nothing written
    page.wait_for_function("() => !document.querySelector('#do-it').disabled")
    assert c.answer().startswith("Refused: move of b-1-64: costs") and c.seq() == 7
    page.click("#clear-it")
    # -- two stands moved: cost and allowance shown before -------------------------------------------
    c.choose("a-1-64")
    c.tool("move")
    c.click_table(30, 22)
    assert 'of 8" allowance' in c.wait_answer("If made: a-1-64 moved")
    c.do_it()
    c.choose("c-4-8")
    c.tool("move")
    c.click_table(24, 30)
    c.wait_answer("If made: c-4-8 moved")
    c.do_it()
    # -- undo the last, move it again, amend the first --------------------------------------------
    c.undo()
    assert page.inner_text("#result").startswith("undone #9 move: c-4-8 moved")
    c.choose("c-4-8")
    c.tool("move")
    c.click_table(23, 31)
    c.wait_answer("If made: c-4-8 moved")
    c.do_it()
    page.click("#log button[data-amend='8']")
    page.wait_for_selector("#amendbar:not([hidden])")
    page.wait_for_function("() => document.getElementById('status').textContent.includes('shown before #8')")
    c.choose("a-1-64")
    c.tool("move")
    c.click_table(29, 23)
    c.wait_answer("If made: a-1-64 moved")
    c.do_it()
    result = page.inner_text("#result")
    assert "amendment #12: #8 replaced by #13; 1 later action re-resolved" in result
    assert page.is_hidden("#amendbar")
    # -- a line of sight the wood blocks -----------------------------------------------------------
    c.tool("measure")
    c.click_table(22, 36)
    c.click_table(42, 36)
    said = c.wait_answer("(22, 36) → (42, 36)")
    assert "line of sight blocked by Frankenwald (north)" in said
    assert page.locator("#overlay line.sight.blocked").count() == 1
    assert page.locator("#overlay line.crossing.blocks").count() >= 1
    assert page.locator("#map g.terrain.blocking").count() == 1
    assert page.get_attribute("#map g.terrain.blocking", "data-id") == "wood-n"
    # -- every phase of turn 1, then turn 2 -------------------------------------------------------
    c.tool("select")
    for _ in range(PHASES - 4):
        c.resolve()
    assert page.inner_text("#turn h2").startswith("Turn 2")
    c.orders(ORDERS / "nato-turn2.yaml")
    c.orders(ORDERS / "pact-turn2.yaml")
    for _ in range(PHASES):
        c.resolve()
    assert page.inner_text("#turn h2").startswith("Turn 3")
    assert c.errors == []
    # -- a briefing, in the browser and as its PDF ---------------------------------------------------
    with page.context.expect_page() as opened:
        page.click("header nav a[href='/console/report']")
    report = opened.value
    report.wait_for_selector("main.report h1")
    report.select_option("select[name=turn]", "1")
    report.select_option("select[name=side]", "pact")
    report.click("form.choose button[type=submit]")
    report.wait_for_selector("text=Briefing for Warsaw Pact, turn 1")
    assert "Warsaw Pact: your units now" in report.inner_text("main")
    with report.expect_download() as got:
        report.click("a.pdf")
    pdf = Path(got.value.path()).read_bytes()
    assert pdf.startswith(b"%PDF") and got.value.suggested_filename == "briefing-pact-turn1.pdf"
    report.close()
    # -- the game file holds; the same actions typed at the CLI give the same reports ------------------
    mine = Cli(live.path)
    assert mine("replay", "--check").exit_code == 0
    typed_game = _replay_at_the_cli(c, tmp_path)
    for args in (["report", "--format", "json"], ["report", "--side", "nato", "--format", "json"],
                 ["report", "--side", "pact", "--turn", "1", "--format", "json"], ["status", "--json"]):
        assert json.loads(mine(*args).stdout) == json.loads(typed_game(*args).stdout), args
    assert mine("report").stdout == typed_game("report").stdout
