"""Acceptance (issue #23, security): names from a scenario are data. A unit, formation, side,
terrain piece or game called ``<script>...`` or ``"><svg onload=...>`` shows as text in every
page, checked in the browser's DOM: no element or attribute comes of it, nothing runs, and the
Content-Security-Policy never has to block anything."""

from __future__ import annotations

import pytest
import yaml

from tests.conftest import at_scenario
from tests.serve.live import serving
from tests.serve.page import Console
from umpire.registry import scenario_from_data
from umpire.text import visible

SCRIPT = "<script>window.__pwned=1</script>"
SVG = '"><svg onload="window.__pwned=2">'
IMG = "<img src=x onerror=window.__pwned=3>"
TEMPLATE = "{{ 7*7 }} &amp; ' ` \u202e"
EVIL_ID = 'x"><b onmouseover=window.__pwned=4>'

DOM_CLEAN = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('*')) {
    for (const a of el.attributes) if (a.name.startsWith('on')) bad.push(el.tagName + '[' + a.name + ']');
    if (['IMG', 'IFRAME', 'OBJECT', 'EMBED', 'B'].includes(el.tagName)) bad.push(el.tagName);
  }
  const scripts = Array.from(document.scripts).map(s => s.getAttribute('src'));
  return {bad, scripts, pwned: window.__pwned || null, nested: document.querySelectorAll('svg svg').length};
}"""


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    from umpire.engine import Game

    data = yaml.safe_load(at_scenario().read_text(encoding="utf-8"))
    data["name"] = f"Game {SCRIPT}"
    nato, pact = data["sides"]
    nato["name"], pact["name"] = f"Side {SVG}", f"Side {IMG}"
    nato["formations"][0]["name"] = f"Formation {TEMPLATE}"
    unit = nato["formations"][0]["units"][1]
    unit["name"], unit["id"] = f"Unit {SCRIPT}", EVIL_ID
    pact["formations"][0]["units"][1]["name"] = f"Unit {SVG}"
    data["terrain"][0]["name"] = f"Wood {IMG}"
    data["terrain"][1]["name"] = f"Wood {SVG}"
    path = tmp_path_factory.mktemp("hostile") / "game.db"
    Game.create(path, scenario_from_data(data, "hostile scenario")).close()
    with serving(path) as server:
        yield server


@pytest.fixture(scope="module")
def console(live, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    notes: list[str] = []
    page.on("console", lambda m: notes.append(m.text))
    page.goto(live.login)
    page.wait_for_selector("#map svg g.stand")
    c = Console(page, live.path)
    c.notes = notes  # type: ignore[attr-defined]
    yield c
    context.close()


def _clean(page, where: str) -> None:
    got = page.evaluate(DOM_CLEAN)
    assert got["bad"] == [] and got["pwned"] is None and got["nested"] == 0, (where, got)
    assert all(s and s.startswith("/static/") for s in got["scripts"]), (where, got["scripts"])


def test_hostile_names_are_text_in_the_console(console):
    page = console.page
    _clean(page, "console")
    assert page.title().startswith(f"Game {SCRIPT}")
    assert page.inner_text("header .game") == f"Game {SCRIPT}"
    # the map: the names are the SVG's text, the id an attribute's value
    labels = page.eval_on_selector_all("#map svg text", "ts => ts.map(t => t.textContent)")
    assert f"Wood {IMG}" in labels and EVIL_ID in labels
    assert page.eval_on_selector_all("#map g.stand", "gs => gs.map(g => g.dataset.unit)").count(EVIL_ID) == 1
    # the stand's facts, chosen from the list and from the map
    page.locator("#stands button", has_text="onmouseover").click()
    page.wait_for_function("id => document.querySelector('#unit h2') && "
                           "document.querySelector('#unit h2').textContent.startsWith(id)", arg=EVIL_ID)
    facts = page.inner_text("#unit")
    # as the CLI shows it: the right-to-left override as one visible character, never raw
    assert f"Unit {SCRIPT}" in facts and f"Formation {visible(TEMPLATE)}" in facts and f"Side {SVG}" in facts
    assert "\u202e" not in facts
    _clean(page, "stand panel")
    # an action: the log and the result say the names as they are
    console.tool("place")
    console.click_table(20, 21)
    console.wait_answer(f"If made: {EVIL_ID} placed at")
    console.do_it()
    assert page.inner_text("#result").startswith(f"#1 {EVIL_ID} placed at")
    assert EVIL_ID in page.inner_text("#log")
    console.tool("measure")
    console.click_table(26, 11)
    console.click_table(42, 11)
    assert f"blocked by Wood {SVG}" in console.wait_answer("(26, 11) → (42, 11)")
    _clean(page, "after an action")
    assert not [n for n in console.notes if "Content Security Policy" in n]  # type: ignore[attr-defined]


@pytest.mark.parametrize("url", ["/console/report", "/console/report?side=nato", "/console/report?side=pact&turn=1",
                                 "/console/report?side=" + "%3Cscript%3Ewindow.__pwned%3D5%3C%2Fscript%3E", "/login"])
def test_hostile_names_are_text_in_the_reports_and_errors(console, live, url):
    page = console.page.context.new_page()
    notes: list[str] = []
    page.on("console", lambda m: notes.append(m.text))
    page.goto(live.url + url)
    _clean(page, url)
    text = page.inner_text("body")
    if url.startswith("/console/report?side=%3C"):
        assert "<script>window.__pwned=5</script>" in text  # the unknown side, named as typed
    elif url != "/login":
        assert f"Game {SCRIPT}" in text and (f"Side {SVG}" in text or f"Side {IMG}" in text)
    assert not [n for n in notes if "Content Security Policy" in n]
    page.close()


def test_hostile_names_are_text_on_a_sides_page(live, browser):
    """The same names on each side's page: its map, units, orders forms and briefing."""
    from umpire.engine import Game, players

    g = Game.open(live.path)
    tokens = {s: players.make_link(g, s)[1] for s in g.state.side_ids()}
    g.close()
    for side, token in tokens.items():
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        try:
            page.goto(f"{live.url}/login?token={token}")
            page.wait_for_selector("#map svg")
            for d in page.locator("details.entry summary").all():
                d.click()
            _clean(page, side)
            assert "Unit <script>" in page.inner_text("#orders") or side != "nato"
        finally:
            context.close()
