"""A side's page on a phone (390 x 844): the map and the orders form usable without zooming; and
how often its page asks the server, with three pages open for ten minutes of a fake clock."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.serve.conftest import new_game
from tests.serve.live import serving

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    from umpire.engine import Game, players
    from umpire.turns.auftragstaktik.script import demo_orders, play_turn

    path = new_game(tmp_path_factory.mktemp("phone") / "game.db")
    g = Game.open(path)
    play_turn(g, demo_orders(1))
    players.release(g, 1)
    tokens = [players.make_link(g, side, player)[1] for side, player in (("nato", "Anna"), ("nato", "Ben"),
                                                                          ("pact", ""))]
    g.close()
    with serving(path) as live:
        live.tokens = tokens  # type: ignore[attr-defined]
        yield live


def test_a_sides_page_on_a_phone_shows_the_map_and_a_form_usable_without_zooming(live, browser):
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    try:
        page.goto(f"{live.url}/login?token={live.tokens[0]}")
        page.wait_for_selector("#map svg")
        shots = os.environ.get("UMPIRE_SCREENSHOTS")  # where to keep the screenshots to look at, if anywhere
        if shots:
            page.screenshot(path=str(Path(shots) / "side-phone.png"))
        box = page.locator("#map svg").bounding_box()
        assert box is not None and box["width"] >= 370 and box["y"] + box["height"] <= PHONE["height"]
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]  # nothing to scroll sideways
        page.locator('details[data-key="units.a-1-64"] summary').click()
        form = page.locator('details[data-key="units.a-1-64"] form')
        for el in form.locator("input[type=text], select, textarea").all():
            size = float(el.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
            b = el.bounding_box()
            assert size >= 16 and b is not None and b["height"] >= 36 and b["width"] >= 300, (size, b)
        for b in page.locator("button:visible, summary:visible").all():  # every target a thumb's size
            bb = b.bounding_box()
            assert bb is not None and bb["height"] >= 44, (b.inner_text(), bb)
        form.locator('button[data-tap="first"]').click()
        assert page.locator(".sidemap.tapping").count() == 1  # the map stays in view over the form
        page.evaluate("window.scrollBy(0, 600)")  # down the form, to its other fields
        tools, map_box = page.locator(".sidemap .maptools").bounding_box(), page.locator("#map svg").bounding_box()
        assert tools is not None and -1 <= tools["y"] < 30, tools  # its zoom buttons on top, the map under them
        assert map_box is not None and map_box["y"] < 90 and map_box["y"] + map_box["height"] < PHONE["height"] * 0.6
        if shots:
            page.screenshot(path=str(Path(shots) / "side-phone-tapping.png"))
    finally:
        ctx.close()


def test_three_pages_open_for_ten_minutes_ask_a_bounded_number_of_times(live, browser):
    """The pages' polling, measured with a fake clock: each asks at first every few seconds, less
    often while nothing changes (up to every 20 s), never while hidden."""
    contexts, asked = [], []
    try:
        pages = []
        for token in live.tokens:
            ctx = browser.new_context(viewport=PHONE)
            contexts.append(ctx)
            page = ctx.new_page()
            page.clock.install()
            page.on("request", lambda r: asked.append(r.url) if "/side/" in r.url and r.url.endswith(
                ("/version", "/parts")) else None)
            page.goto(f"{live.url}/login?token={token}")
            page.wait_for_selector("#map svg")
            pages.append(page)
        asked.clear()
        for _ in range(300):  # ten minutes in steps of two seconds, each page's answers waited for
            for page in pages:
                page.clock.run_for(2000)
            pages[-1].wait_for_timeout(15)
        per_page = len(asked) / len(pages)
        print(f"\nsides' pages: requests in 10 minutes with {len(pages)} pages open: {len(asked)} "
              f"({per_page:.0f} a page)")
        assert len(asked) <= 3 * 40, len(asked)  # 4, 6, 9, 13.5 s then every 20 s: about 33 a page
        assert len(asked) >= 3 * 20  # and they do keep asking
    finally:
        for c in contexts:
            c.close()
