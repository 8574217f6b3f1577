"""Acceptance (issue #35), on a phone (390 x 844) in a real browser: in the MBT options game a
player zooms his map until a unit's label is at least 12 CSS px high, taps a contact for what his
side knows of it, and the two NATO players enter their second turn's orders on their pages, a
helicopter flight, two artillery plots and a radio message among them; the umpire enters them,
and the game equals, event for event, the same orders typed as files at the CLI."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.serve.conftest import Client
from tests.serve.live import serving
from tests.serve.sides import SidePage
from tests.turns.test_mbt_options_game import ORDERS, SCENARIO

PHONE = {"width": 390, "height": 844}
MARK_SCREEN = """key => {
  const t = Array.from(document.querySelectorAll('#map text.mark')).find(x => x.dataset.key === key);
  return t ? t.getBoundingClientRect().height : null;
}"""


def _turn_one(path: Path) -> None:
    """Turn 1 from the files at the CLI, released; the game in turn 2's Command phase."""
    from umpire.engine import Game, players
    from umpire.registry import load_scenario

    g = Game.create(path, load_scenario(SCENARIO))
    rules = g.turn_rules()
    g.act("mbt.phase", {}, None)
    for side in ("nato", "ussr"):
        g.act("mbt.orders", rules.read_orders(ORDERS / f"turn1-{side}.yaml", g.state), None)
    for _ in range(5):
        g.act("mbt.phase", {}, None)
    players.release(g, 1)
    g.close()


def _events(path: Path) -> list[tuple[Any, ...]]:
    from umpire.engine import Game

    g = Game.open(path)
    try:
        return [(e.kind, {k: v for k, v in e.payload.items() if k != "file"}, e.summary, e.turn, e.phase,
                 e.results, [(r.why, r.sides, r.values) for r in e.rolls]) for e in g.events()]
    finally:
        g.close()


def _labels(path: Path, who: str) -> dict[str, str]:
    """Enemy unit id -> the label the player's briefing gives it (what his page names it by)."""
    from umpire.serve.side_views import SideReader
    from umpire.serve.views import Reader

    return {uid: label for label, uid in SideReader(Reader(path)).page("nato", who).known.items()}


def _shoot(page: Any, name: str) -> None:
    where = os.environ.get("UMPIRE_SCREENSHOTS")
    if where:
        page.screenshot(path=str(Path(where) / f"{name}.png"))


def test_a_players_turn_on_a_phone_equals_the_files_at_the_cli(browser, tmp_path):
    from umpire.engine import Game, players

    cli, pages = tmp_path / "cli.db", tmp_path / "pages.db"
    _turn_one(cli)
    _turn_one(pages)
    g = Game.open(cli)
    rules = g.turn_rules()
    for side in ("nato", "ussr"):
        g.act("mbt.orders", rules.read_orders(ORDERS / f"turn2-{side}.yaml", g.state), None)
    for _ in range(4):
        g.act("mbt.phase", {}, None)
    g.close()
    g = Game.open(pages)
    tokens = {who: players.make_link(g, "nato", who)[1] for who in ("alpha", "bravo")}
    g.close()
    file = yaml.safe_load((ORDERS / "turn2-nato.yaml").read_text())
    contexts = []
    with serving(pages, poll=(1, 2)) as live:
        try:
            alpha, bravo = [], []
            for who, out in (("alpha", alpha), ("bravo", bravo)):
                ctx = browser.new_context(viewport=PHONE, has_touch=True, device_scale_factor=2)
                contexts.append(ctx)
                page = ctx.new_page()
                page.goto(f"{live.url}/login?token={tokens[who]}")
                page.wait_for_selector("#map svg text.mark")
                out.append(SidePage(page, "nato"))
            a, b = alpha[0], bravo[0]
            # the FISTV moves first, as the file lists it (its units in the order they are to move, 24.3.2.2)
            assert b.send("units.fist", {"order": "OW", "turret": "open"}).startswith("units.fist: sent")
            page = a.page
            page.reload()
            page.wait_for_selector("#map svg text.mark")
            _shoot(page, "phone-alpha-start")
            # zoom the map itself until a contact's label is drawn, 12 CSS px high or more
            seen = _labels(pages, "alpha")
            contact = seen["tp-3"]
            whole = page.evaluate("document.querySelector('#map svg').viewBox.baseVal.width")
            page.click(".sidemap button[data-map=in]")  # closer, then as close as it takes
            assert page.evaluate("document.querySelector('#map svg').viewBox.baseVal.width") < whole * 0.7
            for _ in range(8):
                high = page.evaluate(MARK_SCREEN, contact)
                if high is not None and high >= 12:
                    break
                page.click(".sidemap button[data-map=in]")
            assert high is not None and high >= 12, high
            assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]  # the page itself unzoomed
            _shoot(page, "phone-alpha-zoomed")
            # tap the contact on the map: what the side knows of it
            mark = next(m for m in page.evaluate("JSON.parse(document.getElementById('map').dataset.marks)")
                        if m["key"] == contact)
            sx, sy = page.evaluate("""([x, y]) => { const s = document.querySelector('#map svg');
              const p = s.createSVGPoint(); p.x = x; p.y = y; const q = p.matrixTransform(s.getScreenCTM());
              return [q.x, q.y]; }""", mark["at"])
            page.mouse.click(sx, sy)
            page.wait_for_selector("#facts:not([hidden])")
            facts = page.inner_text("#facts")
            assert facts.startswith(contact) and "seen" in facts, facts
            _shoot(page, "phone-alpha-contact")
            page.click("#facts button")
            page.click(".sidemap button[data-map=fit]")
            # alpha: his tanks, the Apache pair's flight (waypoints tapped, then typed exactly) and a message
            units = file["units"]
            said = a.send("units.m1-1", {"order": "M", "turret": "buttoned", "move.path": "20,14", "move.facing": 90})
            assert said.startswith("units.m1-1: sent"), said
            for uid in ("m1-2", "m1-3"):
                target = seen[units[uid]["fire"]["target"]]
                assert a.send(f"units.{uid}", {"order": "F", "turret": "buttoned", "fire.target": target}).startswith(
                    f"units.{uid}: sent")
            a.tap("helicopters.ah-1", "path", [(27, 23)])
            tapped = a.entry("helicopters.ah-1").locator('[name="path"]').input_value()
            x, y = (float(v) for v in tapped.split(","))
            assert abs(x - 27) <= 0.6 and abs(y - 23) <= 0.6, tapped
            flight = file["helicopters"]["ah-1"]
            said = a.send("helicopters.ah-1", {"altitude": flight["altitude"], "path": "27,23", "facing": 270})
            assert said.startswith("helicopters.ah-1: sent"), said
            message = file["messages"][0]
            assert a.send("messages[alpha-1]", {"to": message["to"], "text": message["text"]}).startswith(
                "messages[alpha-1]: sent")
            _shoot(page, "phone-alpha-orders")
            # bravo: the FISTV and his two batteries' plots, the Copperhead on a contact
            page = b.page
            page.reload()  # what alpha sent is on it now (its own poll would bring it in a moment)
            page.wait_for_selector("#map svg text.mark")
            he, clgp = file["artillery"]
            b.tap("artillery[A]", "target", [(26, 18)])
            said = b.send("artillery[A]", {"mission": he["mission"], "target": "26,18", "observer": he["observer"]})
            assert said.startswith("artillery[A]: sent"), said
            b.entry("artillery[C]").locator(f'button[data-set="{_labels(pages, "bravo")[clgp["target"]]}"]').click()
            said = b.send("artillery[C]", {"mission": "CLGP", "observer": clgp["observer"]})
            assert said.startswith("artillery[C]: sent"), said
            _shoot(page, "phone-bravo-orders")
            assert not a.errors and not b.errors, (a.errors, b.errors)
        finally:
            for ctx in contexts:
                ctx.close()
    umpire = Client(pages)
    text = umpire.http.get("/console/page-orders.yaml?side=nato").text
    assert umpire.act(action="orders", name="nato-turn2.yaml", text=text).status_code == 200, text
    ussr = (ORDERS / "turn2-ussr.yaml").read_text()
    assert umpire.act(action="orders", name="turn2-ussr.yaml", text=ussr).status_code == 200
    for _ in range(4):
        assert umpire.act(action="phase").status_code == 200
    got, want = _events(pages), _events(cli)
    assert len(got) == len(want)
    for n, (x, y) in enumerate(zip(got, want, strict=True)):
        assert x == y, (n, x[:3], y[:3])


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__])
