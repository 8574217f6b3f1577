"""Acceptance (issue #23), in a real browser: one turn of an MBT scenario from the console (the
Initiative, both sides' orders, every phase), a stand's card and sight, a measurement between
two vehicles; the file passes ``replay --check`` and its reports equal the CLI's."""

from __future__ import annotations

import json

import pytest

from tests.conftest import Cli
from tests.serve.conftest import ORDERS, serve_new
from tests.serve.page import console_page


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    yield from serve_new(tmp_path_factory, "mbt-basic-a")


@pytest.fixture(scope="module")
def console(live, browser):
    with console_page(browser, live, 1280, 860) as c:
        yield c


def test_one_turn_of_an_mbt_scenario_from_the_console(console, live, tmp_path):
    page, c = console.page, console
    assert page.locator("#integrity").count() == 0  # an Auftragstaktik switch only
    c.resolve()  # the Initiative
    assert "Command" in page.inner_text("#turn .phases li.now")
    c.orders(ORDERS / "mbt" / "turn1-nato.yaml")
    c.orders(ORDERS / "mbt" / "turn1-ussr.yaml")
    # a vehicle's facts: its card and what its line of sight reaches
    unit = page.get_attribute("#map g.stand", "data-unit")
    assert unit
    c.choose(unit)
    facts = page.inner_text("#unit")
    assert "card" in facts and "its line of sight reaches" in facts
    others = [u for u in page.eval_on_selector_all("#map g.stand", "gs => gs.map(g => g.dataset.unit)") if u != unit]
    second = others[-1]
    c.tool("measure")
    page.click(f"#map g.stand[data-unit='{unit}'] polygon")
    page.click(f"#map g.stand[data-unit='{second}'] polygon")
    said = c.wait_answer(f"{unit} → {second}: edge to edge")
    assert "line of sight" in said and f"{second} is seen on its" in said
    c.tool("select")
    for _ in range(4):  # Command, Fire, Movement, Adjustment
        c.resolve()
    assert page.inner_text("#turn h2").startswith("Turn 2")
    assert c.seq() == 7 and page.locator("#log li.live").count() == 7
    assert c.errors == []
    mine = Cli(live.path)
    assert mine("replay", "--check").exit_code == 0
    typed = Cli(tmp_path / "typed.db")
    for args in (["new", "mbt-basic-a"], ["phase", "next"], ["turn", "orders", str(ORDERS / "mbt" / "turn1-nato.yaml")],
                 ["turn", "orders", str(ORDERS / "mbt" / "turn1-ussr.yaml")], *[["phase", "next"]] * 4):
        assert typed(*args).exit_code == 0, args
    for args in (["report", "--format", "json"], ["report", "--side", "nato", "--format", "json"],
                 ["report", "--side", "ussr", "--format", "json"]):
        assert json.loads(mine(*args).stdout) == json.loads(typed(*args).stdout), args


def test_the_page_follows_the_file_and_says_when_it_cannot(console, live):
    """A command typed at the CLI while the page is open: the page shows it by itself and says
    so; a server that cannot be reached is named, with how old the page may be."""
    page, c = console.page, console
    before = c.seq()
    assert Cli(live.path)("undo").exit_code == 0  # another command writes
    page.wait_for_function("n => document.getElementById('status').textContent === "
                           "'updated: another command changed the file (#' + n + ')'", arg=before + 1, timeout=15000)
    assert page.locator("#log li.undone").count() == 1 and page.locator("#log li.control").count() == 1
    page.route("**/console/version", lambda route: route.abort())
    page.wait_for_function("() => document.getElementById('status').classList.contains('stale')", timeout=15000)
    assert "this page may be older than the game file" in page.inner_text("#status")
    page.unroute("**/console/version")
    page.wait_for_function("() => !document.getElementById('status').classList.contains('stale')", timeout=15000)
