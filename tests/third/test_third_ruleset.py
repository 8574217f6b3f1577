"""A third ruleset plugs in by the registry's one line: it plays a turn, reports it, draws its
map, answers ``umpire calc`` by the rule its turn uses, and runs in a campaign, with no change
to umpire outside that line (the registry's list of rulesets, which this test extends)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

import umpire.registry
from tests.third.ruleset import Skirmish
from umpire.cli import app

HERE = Path(__file__).parent


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry line: ``RULESETS = (Auftragstaktik(), Mbt(), Skirmish())``."""
    monkeypatch.setattr(umpire.registry, "RULESETS", (*umpire.registry.RULESETS, Skirmish()))


def ok(*args: str | Path) -> str:
    r = CliRunner().invoke(app, [str(a) for a in args])
    assert r.exit_code == 0, (args, r.output, r.stderr)
    return r.output


def orders(folder: Path, side: str, shots: dict[str, str]) -> Path:
    path = folder / f"{side}.yaml"
    path.write_text(yaml.safe_dump({"side": side, "units": shots}), encoding="utf-8")
    return path


def test_a_turn_is_played_reported_and_drawn(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    ok("new", HERE / "scenario.yaml", "--db", db)
    assert "turn 1: Fire" in ok("turn", "--db", db)
    ok("turn", "orders", orders(tmp_path, "red", {"r1": "b1", "r2": "b2"}), "--db", db)
    ok("turn", "orders", orders(tmp_path, "blue", {"b1": "r1"}), "--db", db)
    said = ok("phase", "next", "--db", db)
    assert "r1 fired at b1" in said and "r2 fired at b2" in said
    report = ok("report", "--db", db)
    assert "r1 fired at b1" in report
    ok("map", "--db", db, "--out", tmp_path / "map.svg")
    assert "<svg" in (tmp_path / "map.svg").read_text(encoding="utf-8")
    assert ok("replay", "--db", db)


def test_calc_answers_by_the_rule_the_turn_uses() -> None:
    out = ok("calc", "skirmish", "shoot", "range=20", "--json")
    assert '"need": 5' in out
    out = ok("calc", "skirmish", "shoot", "range=20", "--ruling", "shoot.long_range=same", "--json")
    assert '"need": 4' in out


def test_a_campaign_of_it(tmp_path: Path) -> None:
    season = yaml.safe_load((HERE / "season.yaml").read_text(encoding="utf-8"))
    (tmp_path / "scenario.yaml").write_text((HERE / "scenario.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "season.yaml").write_text(yaml.safe_dump(season), encoding="utf-8")
    db = tmp_path / "season.db"
    ok("campaign", "new", db, "--from", tmp_path / "season.yaml")
    game = tmp_path / "r1.db"
    ok("campaign", "next", db, "--game", "r1", "--out", game)
    for _turn in (1, 2):
        ok("turn", "orders", orders(tmp_path, "red", {"ra": "ba", "rb": "bb"}), "--db", game)
        ok("turn", "orders", orders(tmp_path, "blue", {"ba": "ra", "bb": "rb"}), "--db", game)
        ok("phase", "next", "--db", game)
    assert "the Fire phase of turn 1: 4 shots" in ok("log", "--db", game)
    assert "the game is over" in ok("turn", "--db", game)
    ok("campaign", "import", db, game)
    assert "1 of 1 games played" in ok("campaign", "standings", db)


def run(*args: str | Path) -> tuple[int, str]:
    r = CliRunner().invoke(app, [str(a) for a in args])
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, r.output, r.exception)
    return r.exit_code, r.output + r.stderr


def test_check_reads_its_orders_against_its_game_and_alone(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    good = orders(tmp_path, "red", {"r1": "b1", "r2": "b2"})
    code, out = run("check", good)  # no game: told by its keys, checked as written
    assert code == 0 and "ok (orders-skirmish: one side's orders for a Skirmish turn: side red, 2 entries" in out
    ok("new", HERE / "scenario.yaml", "--db", db)
    code, out = run("--db", db, "check", good)
    assert code == 0 and "checked against the game: turn 1, Fire Phase" in out
    wrong = orders(tmp_path, "blue", {"b1": "r1", "b2": "b1", "zz": "r2"})
    code, out = run("--db", db, "check", wrong)
    assert code == 2 and "2 problems (orders-skirmish)" in out
    assert "line 4, column 3: units.b2: 'b1' is not an enemy stand" in out
    assert "line 5, column 3: units.zz: unknown unit 'zz' (known: b1, b2)" in out


def test_check_names_every_registered_kind(tmp_path: Path) -> None:
    unclear = tmp_path / "o.yaml"
    unclear.write_text("side: red\n", encoding="utf-8")
    code, out = run("check", unclear)
    assert code == 2 and "give --kind orders-auftragstaktik, orders-mbt, orders-mbt-advanced, orders-skirmish" in out
    nothing = tmp_path / "x.yaml"
    nothing.write_text("what: ever\n", encoding="utf-8")
    code, out = run("check", nothing)
    assert code == 2 and "give it with --kind (allowed: " in out and "orders-skirmish, orders" in out
    code, out = run("check", unclear, "--kind", "orders-skirmish")
    assert code == 0 and "side red, 0 entries" in out


def test_formats_and_data_status_know_it() -> None:
    out = ok("formats", "orders-skirmish", "--markdown")
    assert "| `units` |" in out and "the enemy stand it shoots at" in out
    assert "## orders-skirmish" in ok("formats", "--markdown")
    assert "skirmish: its data does not record where each value comes from" in ok("data", "status", "skirmish")


def test_a_damage_its_units_do_not_carry_is_refused_at_its_place(tmp_path: Path) -> None:
    scenario = yaml.safe_load((HERE / "scenario.yaml").read_text(encoding="utf-8"))
    scenario["campaign"] = {"id": "c1", "game": "g1", "round": 1, "carried": {"r1": {"hits": 1, "damage": ["track"]}}}
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(scenario), encoding="utf-8")
    r = CliRunner().invoke(app, ["check", str(tmp_path / "s.yaml")])
    assert r.exit_code == 2 and "campaign.carried.r1.damage[0]: 'track': a Skirmish stand carries no damage" in r.output


def test_a_session_answers_its_question_through_a_terminal(tmp_path: Path) -> None:
    """One line typed at ``umpire --db GAME session`` on a game of it, as an umpire types it."""
    import os
    import sys

    import pexpect

    from tests.cli.test_session import EDITING, ENTERED, WIDTH, clean
    from tests.conftest import REPO

    db = tmp_path / "game.db"
    ok("new", HERE / "scenario.yaml", "--db", db)
    env = {**os.environ, "COLUMNS": str(WIDTH), "LINES": "50", "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1",
           "UMPIRE_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(REPO)}
    p = pexpect.spawn(sys.executable, ["-m", "tests.third.registered", "--db", str(db), "session"], env=env,
                      cwd=str(REPO), encoding="utf-8", dimensions=(50, WIDTH), timeout=30)
    try:
        p.expect_exact(EDITING)
        p.sendline("skirmish shoot range=20 --roll 5")
        p.expect_exact(ENTERED)
        p.expect_exact(EDITING)
        said = clean(p.before)
        assert "needs 5+ at long range (20\"): rolled 5, the target is eliminated" in said, said
        p.sendline("shoot range=20 --roll 4")  # the one ruleset that has it: no need to name it
        p.expect_exact(ENTERED)
        p.expect_exact(EDITING)
        assert "rolled 4, a miss" in clean(p.before)
        p.sendline("quit")
        p.expect(pexpect.EOF)
    finally:
        p.close(force=True)


def test_the_console_serves_its_game_and_plays_a_phase(tmp_path: Path) -> None:
    from tests.serve.conftest import Client
    from umpire.engine import Game
    from umpire.registry import load_scenario

    db = tmp_path / "game.db"
    Game.create(db, load_scenario(HERE / "scenario.yaml")).close()
    client = Client(db)
    page = client.http.get("/console")
    assert page.status_code == 200 and "Fire Phase" in page.text and "r1" in page.text
    for side, shots in (("red", {"r1": "b1"}), ("blue", {"b1": "r1"})):
        r = client.act(action="orders", name=f"{side}.yaml", text=yaml.safe_dump({"side": side, "units": shots}))
        assert r.status_code == 200, r.text
    r = client.act(action="phase")
    assert r.status_code == 200, r.text
    said = r.json()
    assert said["now"] == "now: turn 2, Fire Phase" and "r1 fired at b1" in said["told"]
    wrong = client.act(action="orders", name="red.yaml", text=yaml.safe_dump({"side": "red", "units": {"r9": "b1"}}))
    assert wrong.status_code == 400 and "units.r9: not a stand of red" in wrong.json()["error"]


def test_every_page_of_the_console_and_of_a_side_serves_its_game(tmp_path: Path) -> None:
    """The umpire's pages (the report, its PDF, the players' panel, a side's orders file) and a
    side's (its page, a released turn's briefing) answer for it, and what it does not offer
    (entries on a side's page: its turn lists none) is refused in one line."""
    from tests.serve.conftest import Client
    from tests.serve.sides import SideClient, make_link
    from umpire.engine import Game
    from umpire.registry import load_scenario

    db = tmp_path / "game.db"
    Game.create(db, load_scenario(HERE / "scenario.yaml")).close()
    umpire = Client(db)
    for url in ("/console/parts", "/console/version", "/console/players", "/console/report"):
        r = umpire.http.get(url)
        assert r.status_code == 200, (url, r.text)
    assert "r1" in umpire.http.get("/console/report").text
    assert umpire.http.get("/console/report.pdf").content.startswith(b"%PDF")
    sheet = umpire.http.get("/console/page-orders.yaml?side=red").text
    assert sheet.startswith("# red's orders for turn 1 as its pages sent them")
    red = SideClient(umpire.app, make_link(umpire, "red"), "red")
    page = red.get("/side/red")
    body = page.text.split("</head>", 1)[-1]  # the head's form token is random letters: "b1" may be in it
    assert page.status_code == 200 and "r1" in body and "b1" not in body  # b1 unseen: fog
    r = red.post("/side/red/send", {"turn": 1, "key": "units.r1", "entry": "b1"})
    assert r.status_code == 400 and r.json()["error"].endswith("that is not an entry your side may write now "
                                                              "(allowed: none)")
    for side, shots in (("red", {"r1": "b1"}), ("blue", {"b1": "r1"})):
        assert umpire.act(action="orders", name=f"{side}.yaml", text=yaml.safe_dump({"side": side, "units": shots})
                          ).status_code == 200
    assert umpire.act(action="phase").status_code == 200
    assert umpire.post("/console/release", {"turn": 1}).status_code == 200
    briefing = red.get("/side/red/briefing?turn=1")
    told = briefing.json()["html"]  # b1 was never seen by red: named to red by no id
    assert briefing.status_code == 200 and "r1 fired at an unseen enemy unit" in told and "b1" not in told
    assert umpire.post("/console/undo", {}).status_code == 200
    assert umpire.post("/console/redo", {}).status_code == 200
