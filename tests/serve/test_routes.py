"""The console's routes through Starlette's test client: each write is the CLI's action, in the
CLI's words; a stale page or a busy file writes nothing; the parts, measuring and reports."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from tests.conftest import Cli
from tests.serve.conftest import ORDERS, Client


def _orders(client: Client, name: str) -> dict:
    r = client.act(action="orders", name=name, text=(ORDERS / name).read_text(encoding="utf-8"))
    assert r.status_code == 200, r.text
    return r.json()


def _phases(client: Client, n: int) -> None:
    for _ in range(n):
        r = client.act(action="phase")
        assert r.status_code == 200, r.text


def _cli_copy(client: Client, tmp_path, name: str = "copy.db") -> Cli:
    path = tmp_path / name
    shutil.copy(client.path, path)
    return Cli(path)


def test_orders_and_a_phase_are_told_as_the_report_tells_them(client):
    told = _orders(client, "nato-turn1.yaml")
    assert told["summary"].startswith("#1 orders of NATO entered (nato-turn1.yaml")
    assert "Orders of NATO entered from nato-turn1.yaml" in told["told"]
    _orders(client, "pact-turn1.yaml")
    r = client.act(action="phase").json()
    assert r["now"] == "now: turn 1, First Movement Phase"
    r = client.act(action="phase").json()
    from html import unescape

    assert 'of its 8" allowance' in unescape(r["told"]) and "First Movement Phase" in r["told"]


def test_a_move_previewed_shows_cost_and_allowance_and_writes_nothing(client):
    _orders(client, "nato-turn1.yaml")
    _orders(client, "pact-turn1.yaml")
    _phases(client, 4)  # to the Second Movement Phase
    before = client.path.read_bytes()
    r = client.post("/console/preview", {"action": "move", "unit": "a-1-64", "path": [[30, 22]]})
    assert r.status_code == 200, r.text
    assert r.json()["summary"].startswith('a-1-64 moved 5" to (30, 22) facing 90; 5" of 8" allowance')
    assert client.path.read_bytes() == before


def test_a_refused_move_says_why_in_the_words_of_the_cli(client, tmp_path):
    _orders(client, "nato-turn1.yaml")
    _orders(client, "pact-turn1.yaml")
    _phases(client, 4)
    cli = _cli_copy(client, tmp_path)
    typed = cli("move", "b-1-64", "60", "12")
    assert typed.exit_code == 2
    want = typed.stderr.strip().removeprefix("Error: ")
    before = client.path.read_bytes()
    for url in ("/console/preview", "/console/act"):
        r = client.post(url, {"action": "move", "unit": "b-1-64", "path": [[60, 12]], "seen": 6})
        assert (r.status_code, r.json()["error"]) == (400, want)
    assert client.path.read_bytes() == before


def test_place_and_move_make_the_cli_s_actions(client, tmp_path):
    cli = _cli_copy(client, tmp_path)
    assert client.act(action="place", unit="a-1-64", x=20, y=21, facing="90", seen=0).json()["summary"] == \
        "#1 a-1-64 placed at (20, 21) facing 90"
    assert client.act(action="move", unit="b-1-64", path=[[22, 13], [24, 12]], seen=1).status_code == 200
    assert cli("place", "a-1-64", "20", "21", "--facing", "90").exit_code == 0
    assert cli("move", "b-1-64", "24", "12", "--via", "22,13").exit_code == 0
    mine, theirs = Cli(client.path)("log", "--json"), cli("log", "--json")
    import json

    def strip(text: str) -> list:
        return [{k: v for k, v in e.items() if k != "created"} for e in json.loads(text)]

    assert strip(mine.stdout) == strip(theirs.stdout)


def test_a_page_drawn_before_another_command_wrote_is_refused_whole(client):
    Cli(client.path)("place", "a-1-64", "20", "21")  # the CLI writes #1 while the page shows #0
    before = client.path.read_bytes()
    r = client.act(action="place", unit="b-1-64", x=20, y=10, seen=0)
    assert r.status_code == 409 and r.json()["stale"] is True
    assert "another command has written it up to #1" in r.json()["error"]
    assert client.post("/console/undo", {"seen": 0}).status_code == 409
    assert client.path.read_bytes() == before


def test_a_busy_file_is_refused_as_busy_and_nothing_is_written(client, monkeypatch):
    monkeypatch.setenv("UMPIRE_BUSY_TIMEOUT", "0.2")
    holder = sqlite3.connect(client.path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the lock
    try:
        r = client.act(action="place", unit="a-1-64", x=20, y=21)
        assert r.status_code == 409 and r.json()["busy"] is True
        assert "busy" in r.json()["error"]
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert client.app.state.site.reader.version() == 0
    assert client.act(action="place", unit="a-1-64", x=20, y=21).status_code == 200


def test_undo_redo_and_amend_are_the_cli_s_corrections(client, tmp_path):
    client.act(action="place", unit="a-1-64", x=20, y=21)
    client.act(action="place", unit="b-1-64", x=22, y=12)
    cli = _cli_copy(client, tmp_path)
    r = client.post("/console/undo", {"seen": 2}).json()
    assert r["lines"][0] == "undone #2 place: b-1-64 placed at (22, 12) facing 80"
    assert client.post("/console/redo", {"seen": 3}).json()["lines"][0] == "#4 redo undo #3: #2 in force again"
    r = client.act(action="place", unit="a-1-64", x=19, y=21, amend=1, seen=4).json()
    assert cli("undo").exit_code == 0 and cli("redo").exit_code == 0
    typed = cli("amend", "1", "place", "a-1-64", "19", "21")
    assert typed.exit_code == 0, typed.output
    # the same lines as the command's, the printed papers' line among them
    assert [ln.replace(f"--db {client.path} ", "") for ln in r["lines"]] == [
        ln.replace(f"--db {cli.db} ", "") for ln in typed.stdout.strip().splitlines()]
    assert "no papers printed with umpire turn print: nothing to print again" in r["lines"]
    assert Cli(client.path)("replay", "--check").exit_code == 0


def test_an_orders_file_with_a_mistake_is_refused_naming_the_file_as_sent(client):
    text = "side: nato\nunits:\n  a-1-64: {first: [[25, 22]], facing: .nan}\n"
    r = client.act(action="orders", name="nato.yaml", text=text)
    assert r.status_code == 400
    # as umpire turn orders says it: placed at its line and column
    assert r.json()["error"].startswith("nato.yaml: line 3, column 31: units.a-1-64.facing: not a finite number")
    assert client.app.state.site.reader.version() == 0


@pytest.mark.parametrize("body", [{"action": "fly"}, {"action": "place", "unit": "a-1-64", "x": "north", "y": 1},
                                  {"action": "move", "unit": "a-1-64", "path": [[1]]}, {"action": "orders"}])
def test_bad_requests_are_one_message_and_write_nothing(client, body):
    r = client.act(**body)
    assert r.status_code == 400 and r.json()["error"]
    assert client.app.state.site.reader.version() == 0


def test_the_parts_are_the_game_now(client):
    p = client.http.get("/console/parts?unit=a-1-64").json()
    assert p["seq"] == 0 and p["map"].startswith("<svg") and 'data-unit="a-1-64"' in p["map"]
    assert "orders of NATO: missing" in p["turn"]
    assert "A/1-64 (M1A1)" in p["unit"] and "M1A1 Company" in p["unit"]
    assert p["units"]["a-1-64"] == [18.0, 21.0]
    assert client.http.get("/console/version").json() == {"seq": 0, "players": 0}
    client.act(action="place", unit="a-1-64", x=20, y=21)
    assert client.http.get("/console/version").json() == {"seq": 1, "players": 0}
    assert client.http.get("/console/parts").json()["units"]["a-1-64"] == [20.0, 21.0]


def test_the_stand_panel_says_what_it_sees_and_what_blocks_the_rest(client):
    facts = client.app.state.site.reader.moment().unit("b-1-64")
    assert facts["sees"] == ["t80-3"] or "t80-3" in facts["sees"] + [x for x, _ in facts["blocked"]]
    blocked = dict(facts["blocked"])
    assert all(blocked.values())
    assert facts["seen_by"] == []  # nobody has spotted it before the first turn


def test_measure_between_points_names_the_wood_that_blocks(client, tmp_path):
    r = client.http.get("/console/measure?a=22,36&b=42,36").json()
    assert r["los"]["clear"] is False and r["los"]["blocked_by"] == ["wood-n"]
    assert r["blocked_names"] == ["Frankenwald (north)"]
    wood = next(c for c in r["crossed"] if c["id"] == "wood-n")
    assert wood["blocks"] and 0 < wood["enter"] < wood["exit"] < 20
    r = client.http.get("/console/measure?a=a-1-64&b=t80-1").json()
    typed = Cli(client.path)("measure", "a-1-64", "t80-1", "--json")
    import json

    assert {k: r[k] for k in ("distance", "center_distance", "aspect", "los")} == \
        {k: v for k, v in json.loads(typed.stdout).items() if k in ("distance", "center_distance", "aspect", "los")}
    bad = client.http.get("/console/measure?a=nobody&b=1,1")
    assert bad.status_code == 400 and "nobody" in bad.json()["error"]


def test_reports_and_briefings_of_a_turn_and_their_pdf(client):
    _orders(client, "nato-turn1.yaml")
    _orders(client, "pact-turn1.yaml")
    _phases(client, 9)
    page = client.http.get("/console/report?turn=1&side=pact")
    assert page.status_code == 200 and "Briefing for Warsaw Pact, turn 1" in page.text
    assert "Warsaw Pact: your units now" in page.text
    whole = client.http.get("/console/report").text
    assert "Umpire&#39;s report, the game so far" in whole
    pdf = client.http.get("/console/report.pdf?turn=1&side=nato")
    assert pdf.headers["content-type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    assert 'filename="briefing-nato-turn1.pdf"' in pdf.headers["content-disposition"]
    assert client.http.get("/console/report?turn=9").status_code == 400
    assert "unknown side" in client.http.get("/console/report?side=reds").text
