"""Every order of the MBT options game from the players' pages (flights, artillery plots, air
strikes, radio messages, jamming, the units' orders): each part of the scripted orders files
sent as the entry its holder's page offers, read by the same reader as the file with the same
refusal words, and the game played from the pages equal, event for event, to the files typed at
the CLI."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.serve.conftest import Client
from tests.serve.sides import SideClient, make_link, stamp
from tests.turns.test_mbt_options_game import ORDERS, PLAYERS, SCENARIO
from umpire.engine import Game
from umpire.registry import load_scenario

TURNS = 2  # the scripted third turn fires at a wreck no page offers as a target
HOLDS = {"nato": {"units": {"fist": "bravo"}, "artillery": "bravo", "air_strikes": "alpha", "helicopters": "alpha"},
         "ussr": {"units": {"zsu": "petrov"}, "artillery": "ivanov", "air_strikes": "ivanov", "helicopters": "ivanov"}}


def entries_of(data: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """The file's parts as the pages send them: (player, key, entry)."""
    side = data["side"]
    hold = HOLDS[side]
    overall = PLAYERS[side][0]
    out = []
    for uid, spec in (data.get("units") or {}).items():
        out.append((hold["units"].get(uid, overall), f"units.{uid}", spec))
    for hid, spec in (data.get("helicopters") or {}).items():
        out.append((hold["helicopters"], f"helicopters.{hid}", spec))
    for plot in data.get("artillery") or []:
        out.append((hold["artillery"], f"artillery[{plot['battery']}]", plot))
    for strike in data.get("air_strikes") or []:
        out.append((hold["air_strikes"], f"air_strikes[{strike['aircraft']}]", strike))
    sent: dict[str, int] = {}
    for m in data.get("messages") or []:
        sent[m["from"]] = sent.get(m["from"], 0) + 1
        out.append((m["from"], f"messages[{m['from']}-{sent[m['from']]}]", m))
    if data.get("jamming"):
        out.append((overall, "jamming", {"value": data["jamming"]}))
    return out


def as_page(v: Any, labels: dict[str, str]) -> Any:
    """An entry as the player's page writes it: an enemy unit by the label his briefing gives it."""
    if isinstance(v, dict):
        return {k: x if k == "text" else as_page(x, labels) for k, x in v.items()}
    if isinstance(v, list):
        return [as_page(x, labels) for x in v]
    return labels.get(v, v) if isinstance(v, str) else v


def _events(g: Game) -> list[tuple[str, Any, list[Any]]]:
    out = []
    for e in g.events():
        payload = {k: v for k, v in e.payload.items() if k != "file"} if isinstance(e.payload, dict) else e.payload
        out.append((e.kind, payload, [r.get("summary") for r in e.results]))
    return out


@pytest.fixture(scope="module")
def both(tmp_path_factory) -> tuple[Path, Path]:
    """The options game played twice: from the files at the CLI, and from the players' pages."""
    tmp = tmp_path_factory.mktemp("pages")
    cli = Game.create(tmp / "cli.db", load_scenario(SCENARIO))
    rules = cli.turn_rules()
    page = Game.create(tmp / "pages.db", load_scenario(SCENARIO))
    page.close()
    umpire = Client(tmp / "pages.db")
    pages = {(side, who): SideClient(umpire.app, make_link(umpire, side, who), side)
             for side, who_all in PLAYERS.items() for who in (*who_all, "")}
    for turn in range(1, TURNS + 1):
        cli.act("mbt.phase", {}, None)
        assert umpire.act(action="phase").status_code == 200
        if turn > 1:
            assert umpire.post("/console/release", {"turn": turn - 1}).status_code == 200
        for side in ("nato", "ussr"):
            cli.act("mbt.orders", rules.read_orders(ORDERS / f"turn{turn}-{side}.yaml", cli.state), None)
            data = yaml.safe_load((ORDERS / f"turn{turn}-{side}.yaml").read_text())
            for who, key, entry in entries_of(data):
                # turn 1 from each part's holder; later, from the side's link: a player names only the
                # enemy units his own units saw, and the scripted files fire at some the others saw
                who = who if turn == 1 else ""
                labels = {uid: label for label, uid in umpire.app.state.site.sides.page(side, who).known.items()}
                r = pages[(side, who)].send(key, as_page(entry, labels), turn=turn)
                assert r.status_code == 200, (turn, who, key, r.text)
            text = umpire.http.get(f"/console/page-orders.yaml?side={side}").text
            assert umpire.act(action="orders", name=f"{side}-turn{turn}.yaml", text=text).status_code == 200, text
        for _ in range(4):
            cli.act("mbt.phase", {}, None)
            assert umpire.act(action="phase").status_code == 200
    cli.close()
    return tmp / "cli.db", tmp / "pages.db"


def test_the_game_from_the_pages_equals_the_files_at_the_cli_event_for_event(both):
    cli, pages = (Game.open(p) for p in both)
    try:
        a, b = _events(cli), _events(pages)
        assert len(a) == len(b) and a == b
        assert cli.state.model_dump() == pages.state.model_dump()
    finally:
        cli.close()
        pages.close()


def test_a_player_page_offers_what_he_holds_and_refuses_the_rest(tmp_path):
    g = Game.create(tmp_path / "game.db", load_scenario(SCENARIO))
    g.act("mbt.phase", {}, None)
    g.close()
    umpire = Client(tmp_path / "game.db")
    alpha, bravo = (SideClient(umpire.app, make_link(umpire, "nato", who), "nato") for who in ("alpha", "bravo"))
    page = {"alpha": alpha.get("/side/nato").text, "bravo": bravo.get("/side/nato").text}
    assert 'data-key="helicopters.ah-1"' in page["alpha"] and 'data-key="helicopters.ah-1"' not in page["bravo"]
    assert 'data-key="artillery[A]"' in page["bravo"] and 'data-key="artillery[A]"' not in page["alpha"]
    assert 'data-key="air_strikes[j1]"' in page["alpha"] and 'data-key="air_strikes[j1]"' not in page["bravo"]
    assert 'data-key="messages[alpha-1]"' in page["alpha"] and 'data-key="messages[alpha-1]"' not in page["bravo"]
    assert 'data-key="messages[bravo-1]"' in page["bravo"]
    before = stamp(tmp_path / "game.db")
    r = alpha.send("artillery[A]", {"battery": "A", "target": [26, 18], "mission": "IL", "observer": "fist"})
    assert r.status_code == 400 and r.json()["error"] == ("artillery[A]: not yours to order (player alpha commands "
                                                          "ah-1, j1, m1-1, m1-2, m1-3)")
    r = bravo.send("messages[bravo-1]", {"from": "alpha", "to": "bravo", "text": "I am alpha"})
    assert r.status_code == 400 and "a message from your page is from you (allowed: bravo" in r.json()["error"]
    assert stamp(tmp_path / "game.db") == before


def test_a_refusal_of_an_option_part_is_the_clis_words(tmp_path):
    from umpire.errors import UmpireError

    g = Game.create(tmp_path / "game.db", load_scenario(SCENARIO))
    g.act("mbt.phase", {}, None)
    bad = {"battery": "A", "target": [26, 18], "mission": "CLGP", "observer": "fist"}
    (tmp_path / "nato-turn1.yaml").write_text(yaml.safe_dump({"side": "nato", "turn": 1, "artillery": [bad]}))
    with pytest.raises(UmpireError) as cli:
        g.turn_rules().read_orders(tmp_path / "nato-turn1.yaml", g.state)
    g.close()
    umpire = Client(tmp_path / "game.db")
    bravo = SideClient(umpire.app, make_link(umpire, "nato", "bravo"), "nato")
    r = bravo.post("/side/nato/check", {"turn": 1, "key": "artillery[A]", "entry": bad})
    assert r.status_code == 400
    said = r.json()["error"]
    words = str(cli.value).split(": ", 1)[1]  # the CLI names the file by its path, the page by its name
    assert said.startswith("nato-turn1.yaml: ") and said.endswith(": " + words), (said, words)
    assert words == "artillery[0].target: a CLGP mission names its target vehicle (19.2.4.7)"
