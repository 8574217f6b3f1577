"""Acceptance (issue #24), in a real browser with three contexts (the umpire, NATO, the Warsaw
Pact): three turns of the Auftragstaktik demo and two of an MBT scenario played through the
pages. Each side enters its orders on its page (one refused in the CLI's words), the umpire
enters them from the console, resolves the turn and releases it, and each side's page updates
itself to its briefing; the game file then equals, event for event, the same game played from
the same orders files at the CLI. Also: a side's page on a phone, and how often three pages ask
the server over ten minutes (a fake clock)."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Cli
from tests.serve.conftest import new_game
from tests.serve.live import serving
from tests.serve.page import Console
from tests.serve.sides import SidePage
from umpire.engine.players import orders_text


@pytest.fixture(scope="module")
def at_live(tmp_path_factory):
    path = new_game(tmp_path_factory.mktemp("at-pages") / "game.db")
    with serving(path, poll=(1, 2)) as live:
        yield live


def _events(path: Path) -> list[tuple[Any, ...]]:
    from umpire.engine import Game

    g = Game.open(path)
    try:
        return [(e.seq, e.kind, e.payload, e.summary, e.turn, e.phase, e.results,
                 [(r.why, r.sides, r.values) for r in e.rolls]) for e in g.events()]
    finally:
        g.close()


def _turn(path: Path) -> int:
    from umpire.engine import Game

    g = Game.open(path)
    try:
        return g.state.turn
    finally:
        g.close()


@contextmanager
def three(browser: Any, live: Any, sides: tuple[str, str]):
    """The umpire's console and each side's page, each in its own browser context; each side's
    link made in the console, as the umpire makes it."""
    contexts = []
    try:
        ctx = browser.new_context(viewport={"width": 1400, "height": 900})
        contexts.append(ctx)
        page = ctx.new_page()
        console = Console(page, live.path)
        page.goto(live.login)
        page.wait_for_selector("#playerspanel section.side")
        pages = {}
        for side in sides:
            page.click(f'button[data-make="{side}"]')
            page.wait_for_function("() => !document.getElementById('linkshow').hidden && "
                                   "document.getElementById('linkurl').textContent.includes('token=')")
            url = page.inner_text("#linkurl")
            assert page.locator("#linkqr svg").count() == 1  # the link as a QR code, to photograph
            page.click("#linkhide")
            sctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            contexts.append(sctx)
            sp = SidePage(sctx.new_page(), side)
            sp.page.goto(url)
            sp.page.wait_for_selector("#map svg")
            pages[side] = sp
        yield console, pages
        for sp in pages.values():
            assert not sp.errors, sp.errors
        assert not console.errors, console.errors
    finally:
        for c in contexts:
            c.close()


def enter_and_resolve(console: Console, sides: tuple[str, str], phases: int) -> dict[str, str]:
    """The umpire enters each side's orders as its pages sent them, then resolves ``phases``
    phases; returns the orders files entered."""
    page = console.page
    files = {}
    for side in sides:
        base = page.url.split("/console", 1)[0]
        files[side] = page.request.get(f"{base}/console/page-orders.yaml?side={side}").text()
        page.wait_for_selector(f'section.side[data-side="{side}"] button[data-enter]')
        before = console.seq()
        page.click(f'section.side[data-side="{side}"] button[data-enter]')
        console.wait_written(before)
    for _ in range(phases):
        console.resolve()
    return files


def release(console: Console, turn: int) -> None:
    page = console.page
    page.wait_for_selector(f'button[data-release="{turn}"]', timeout=20000)
    page.click(f'button[data-release="{turn}"]')
    page.wait_for_function("t => document.getElementById('playerspanel').textContent.includes("
                           "t > 1 ? 'turns 1 to ' + t : 'turn 1')", arg=turn)


def step(sp: SidePage, key: str, dx: float) -> dict[str, Any]:
    """A small move along x from where the unit stands (its waypoint typed)."""
    at = sp.page.locator(f'details[data-key="{key}"]').get_attribute("data-at")
    x, y = (float(v) for v in at.strip("[]").split(","))  # type: ignore[union-attr]
    return {"first": f"{x + dx:g},{y:g}", "override": True}


def known(sp: SidePage, key: str) -> list[str]:
    d = sp.entry(key)
    return [str(b.get_attribute("data-add")) for b in d.locator("button[data-add]").all()]


def test_three_turns_of_the_demo_played_from_the_pages_equal_the_same_game_at_the_cli(at_live, browser, tmp_path):
    sides = ("nato", "pact")
    played: list[dict[str, str]] = []
    with three(browser, at_live, sides) as (console, pages):
        nato, pact = pages["nato"], pages["pact"]
        # -- turn 1: the demo's written orders, entered on the pages ---------------------------------
        refused = nato.send("units.a-1-64", {"first": "45,22", "override": True})
        typed = tmp_path / "nato-turn1.yaml"
        typed.write_text(orders_text("nato", 1, {"units.a-1-64": {"first": [[45, 22]], "override": True}}))
        r = Cli(tmp_path / "probe.db")
        assert r("new", "hof-gap-meeting").exit_code == 0
        cli = r("turn", "orders", str(typed))
        assert refused == "Refused: " + cli.stderr.strip().removeprefix("Error: ").replace(f"{tmp_path}/", "")
        said = nato.send("battalions.tf-1-64", {"order": "HA", "direction": "90"})
        assert said.startswith("battalions.tf-1-64: sent")
        nato.fill("units.a-1-64", {"first": "", "second": "31,22", "override": True})
        nato.tap("units.a-1-64", "first", [(25, 22)])
        assert nato.send("units.a-1-64").startswith("units.a-1-64: sent (first: ")
        assert nato.send("units.b-1-64", {"first": "26,12", "second": "29,15", "override": True}).endswith(")")
        assert nato.send("units.c-4-8", {"first": "22,29", "second": "25,28", "override": True}).endswith(")")
        assert pact.send("battalions.1-tb", {"order": "HA", "direction": "270"}).endswith("sent")
        for uid, first, second in (("t80-1", "49,25", "45,27"), ("t80-2", "50,32", "45,31"),
                                   ("t80-3", "51,18", "46,18")):
            assert pact.send(f"units.{uid}", {"first": first, "second": second, "override": True}).endswith(")")
        assert pact.send("note", {"text": "the Saale by nightfall"}) in ("sent", "note: sent")
        played.append(enter_and_resolve(console, sides, 9))
        assert "# note to the umpire: the Saale by nightfall" in played[-1]["pact"]
        assert "orders closed" in nato.status() or "Turn 1" in nato.status()
        release(console, 1)
        for sp in pages.values():
            assert f"Briefing for {'NATO' if sp.side == 'nato' else 'Warsaw Pact'}, turn 1" in sp.wait_briefing(1)
        # -- turns 2 and 3: small moves, fire at what each side has seen ------------------------------
        for turn in (2, 3):
            for sp, units, dx in ((nato, ("a-1-64", "b-1-64"), 1.5), (pact, ("t80-1", "mr-1"), -1.5)):
                sp.wait_open(turn)
                for uid in units:
                    key = f"units.{uid}"
                    if not sp.page.locator(f'details[data-key="{key}"]').count():
                        continue  # lost
                    values = step(sp, key, dx)
                    targets = known(sp, key)
                    if targets:
                        values["fire"] = ", ".join(targets)
                    said = sp.send(key, values)
                    if said.startswith("Refused"):  # a move the table does not allow: fire only
                        values["first"] = ""
                        again = sp.send(key, values)
                        assert not again.startswith("Refused"), (said, again)
            played.append(enter_and_resolve(console, sides, 9))
            release(console, turn)
            for sp in pages.values():
                assert f"turn {turn}" in sp.wait_briefing(turn)
    assert _turn(at_live.path) == 4
    # -- the same orders files, typed at the CLI ---------------------------------------------------------
    cli = Cli(tmp_path / "typed.db")
    assert cli("new", "hof-gap-meeting").exit_code == 0
    for turn, files in enumerate(played, 1):
        for side in sides:
            f = tmp_path / f"{side}-turn{turn}.yaml"
            f.write_text(files[side])
            assert cli("turn", "orders", str(f)).exit_code == 0
        for _ in range(9):
            assert cli("phase", "next").exit_code == 0
    assert _events(at_live.path) == _events(tmp_path / "typed.db")


@pytest.fixture(scope="module")
def mbt_live(tmp_path_factory):
    path = new_game(tmp_path_factory.mktemp("mbt-pages") / "game.db", "mbt-basic-a")
    with serving(path, poll=(1, 2)) as live:
        yield live


def test_two_turns_of_an_mbt_scenario_played_from_the_pages_equal_the_same_game_at_the_cli(mbt_live, browser,
                                                                                            tmp_path):
    sides = ("nato", "ussr")
    played: list[dict[str, str]] = []
    with three(browser, mbt_live, sides) as (console, pages):
        nato, ussr = pages["nato"], pages["ussr"]
        for turn in (1, 2):
            console.resolve()  # the Initiative phase
            for sp in pages.values():
                sp.wait_open(turn)
            if turn == 1:
                orders = {"nato": {"m1-1": {"order": "M", "move.path": "9,28", "move.facing": "90"},
                                   "m1-2": {"order": "M", "move.path": "20,19", "move.facing": "90"},
                                   "m1-3": {"order": "OW", "turret": "open", "overwatch.at": "moving"}},
                          "ussr": {"t64-1": {"order": "M", "move.path": "40,30"},
                                   "t64-2": {"order": "M", "move.path": "41,22"},
                                   "t64-3": {"order": "M", "move.path": "40,15"}, "t64-4": {"order": "OW"}}}
                refused = nato.send("units.m1-1", {"order": "M", "move.path": "30,28"})
                assert refused.startswith("Refused: nato-turn1.yaml: line ")
                assert "units.m1-1.move: the unit cannot make this move with M orders" in refused
            else:
                orders = {"nato": {"m1-2": {"order": "M", "move.path": "24.4,16", "move.facing": "90"}},
                          "ussr": {"t64-2": {"order": "M", "move.path": "39,22"},
                                   "t64-4": {"order": "OW", "overwatch.at": "moving", "overwatch.max_range": "30"}}}
                for sp, uid in ((nato, "m1-1"), (nato, "m1-3"), (ussr, "t64-1")):
                    d = sp.entry(f"units.{uid}")
                    options = d.locator('select[name="fire.target"] option').all_inner_texts()
                    labels = [o for o in options if o != "none"]
                    if labels:
                        orders[sp.side][uid] = {"order": "F", "fire.target": labels[0].split(":")[0]}
            for side, units in orders.items():
                for uid, values in units.items():
                    said = pages[side].send(f"units.{uid}", values)
                    assert said.startswith(f"units.{uid}: sent"), said
            played.append(enter_and_resolve(console, sides, 4))
            release(console, turn)
            for sp in pages.values():
                assert f"turn {turn}" in sp.wait_briefing(turn)
    cli = Cli(tmp_path / "typed.db")
    assert cli("new", "mbt-basic-a").exit_code == 0
    for turn, files in enumerate(played, 1):
        assert cli("phase", "next").exit_code == 0
        for side in sides:
            f = tmp_path / f"{side}-turn{turn}.yaml"
            f.write_text(files[side])
            assert cli("turn", "orders", str(f)).exit_code == 0, f.read_text()
        for _ in range(4):
            assert cli("phase", "next").exit_code == 0
    assert _events(mbt_live.path) == _events(tmp_path / "typed.db")
