"""Command control over the tracked game, each option alone: radio jamming (MBT 21.2) and the
multi-player rules with radio messages through the umpire (21.3, 24.4.2). Its main path, and
what it refuses: one ``Error:`` line naming the field, the value and what is allowed, exit 2,
nothing written."""

from __future__ import annotations

from copy import deepcopy
from pathlib import Path

import pytest
import yaml

from umpire.ask.calc import run_case
from umpire.core.dice import ScriptedDice
from umpire.engine import Game
from umpire.errors import UmpireError
from umpire.registry import scenario_from_data
from umpire.reports.model import briefing, report_for_game
from umpire.reports.turn_text import plain_text

NATO = {"m-a": [10, 10], "m-b": [10, 16], "m-c": [10, 22]}
USSR = {"t-a": [40, 10], "t-b": [40, 16], "t-c": [40, 22]}
BASE = {
    "name": "command", "ruleset": "mbt", "table": {"width": 48, "depth": 36}, "seed": 29,
    "mbt": {"game": "advanced", "turns": 4, "options": ["command_control"]},
    "terrain": [{"id": "w1", "type": "woods", "polygon": [[22, 0], [26, 0], [26, 36], [22, 36]]}],
    "sides": [
        {"id": "nato", "formations": [{"id": "pl", "name": "1st platoon", "level": "platoon", "units": [
            {"id": u, "name": f"M1 {u}", "card": "USA-1B", "at": at, "facing": 90, "grade": "average"}
            for u, at in NATO.items()]}]},
        {"id": "ussr", "formations": [{"id": "tp", "name": "tank platoon", "level": "platoon", "units": [
            {"id": u, "name": f"T-72 {u}", "card": "USSR-2A", "at": at, "facing": 270} for u, at in USSR.items()]}]},
    ],
}
PLAYERS = [{"id": "alpha", "side": "nato", "units": ["m-a"], "overall": True},
           {"id": "bravo", "side": "nato", "units": ["m-b", "m-c"]},
           {"id": "red", "side": "ussr", "units": ["tp"]}]


def scenario(*options: str, **mbt) -> dict:
    sc = deepcopy(BASE)
    sc["mbt"]["options"] += list(options)
    sc["mbt"].update(mbt)
    return sc


def new(tmp_path: Path, sc: dict) -> Game:
    tmp_path.mkdir(parents=True, exist_ok=True)
    return Game.create(tmp_path / "g.db", scenario_from_data(sc, "command"))


def orders(side: str, units: dict | None = None, **more) -> dict:
    return {"side": side, "units": units or {}, **more}


def turn(g: Game, nato: dict, ussr: dict, *, opening: list[int] | None = None) -> None:
    """One Turn: the Initiative Phase (``opening``: its dice, then those of the Mark Orders Step),
    both sides' orders, the other phases on the game's keyed dice."""
    g.act("mbt.phase", {}, ScriptedDice(opening) if opening else None)
    g.act("mbt.orders", nato, None)
    g.act("mbt.orders", ussr, None)
    for _ in range(4):
        g.act("mbt.phase", {}, None)


def text_of(report) -> str:
    """A report's text with its lines joined (a message wraps where the page does)."""
    return " ".join(plain_text(report).split())


def results(g: Game, procedure: str) -> list[dict]:
    return [r for e in g.events() for r in e.results if r["procedure"] == procedure]


def asked_of_calc(r: dict) -> dict:
    dice = [v for roll in r["rolls"] for v in roll["values"]]
    answer, _ = run_case({"ruleset": "mbt", "procedure": r["procedure"], **r["case"], "dice": dice})
    return answer.to_json()


# -- radio jamming (21.2) -----------------------------------------------------------------------
def _jammed(tmp_path: Path) -> Game:
    """The Soviet side announces three jamming points in turn 1's orders; turn 2's Mark Orders Step
    opens with the attempt, rolled 10 (USSR, 3 points: 1-60 disrupts, 21.2.1)."""
    g = new(tmp_path, scenario("radio_jamming", jamming={"ussr": 3}))
    turn(g, orders("nato", {"m-a": {"order": "M", "move": {"path": [[12, 10]]}}, "m-b": {"order": "M"}}),
         orders("ussr", jamming=3))
    g.act("mbt.phase", {}, ScriptedDice([9, 1, 10]))  # initiative nato 9, ussr 1; jamming 10
    return g


def test_jamming_disrupts_and_a_disrupted_exchange_costs_two_but_on_a_landline_one(tmp_path: Path) -> None:
    g = _jammed(tmp_path)
    (jam,) = results(g, "jamming")
    assert jam["outcome"] == {"disrupted": True} and jam["side"] == "ussr" and jam["jammed"] == ["nato"]
    assert asked_of_calc(jam)["outcome"] == jam["outcome"]  # the function calc asks (21.2.1)
    # m-a moved off its landline: its exchange (move -> fire) costs 2; the platoon has 1 (21.2.2)
    with pytest.raises(UmpireError, match=r"units\.m-a\.order: 1 exchange of command markers cost 2 command points "
                                          r"\(disrupted: 2 each, 21\.2\.2\); the organization has 1"):
        g.act("mbt.orders", orders("nato", {"m-a": {"order": "F"}}), None)
    # m-b never moved: still on its landline, its exchange costs 1 (21.2.3)
    g.act("mbt.orders", orders("nato", {"m-b": {"order": "F"}}), None)
    assert "pl 1 of 1 (m-b changes marker; disrupted; 21.1.2)" in g.events()[-1].summary
    text = text_of(briefing(report_for_game(g), "nato"))
    assert "communications disruption: each use of a command point costs two this turn" in text
    ussr = text_of(briefing(report_for_game(g), "ussr"))
    assert "radio jamming: 3 jamming points spent (21.2)" in ussr and "disruption" not in ussr


def test_a_failed_attempt_leaves_command_points_as_they_were(tmp_path: Path) -> None:
    g = new(tmp_path, scenario("radio_jamming", jamming={"ussr": 3}))
    turn(g, orders("nato", {"m-a": {"order": "M", "move": {"path": [[12, 10]]}}}), orders("ussr", jamming=1))
    g.act("mbt.phase", {}, ScriptedDice([9, 1, 26]))  # 1 point: 1-25 disrupts (21.2.1)
    assert results(g, "jamming")[0]["outcome"] == {"disrupted": False}
    g.act("mbt.orders", orders("nato", {"m-a": {"order": "F"}}), None)  # one point, as without jamming
    assert "pl 1 of 1 (m-a changes marker; 21.1.2)" in g.events()[-1].summary


@pytest.mark.parametrize(("points", "why"), [
    (4, r"jamming: 4 jamming points \(allowed: 1 to 3; up to 3 a Turn, each once a game, ussr has 5 left, 21\.2\)"),
    (0, r"jamming: 0 jamming points \(allowed: 1 to 3"),
])
def test_jamming_refuses_more_than_three_a_turn(tmp_path: Path, points: int, why: str) -> None:
    g = new(tmp_path, scenario("radio_jamming", jamming={"ussr": 5}))
    g.act("mbt.phase", {}, None)
    with pytest.raises(UmpireError, match=why):
        g.act("mbt.orders", orders("ussr", jamming=points), None)


def test_jamming_points_are_spent_once_a_game(tmp_path: Path) -> None:
    g = new(tmp_path, scenario("radio_jamming", jamming={"ussr": 2}))
    turn(g, orders("nato"), orders("ussr", jamming=2))
    g.act("mbt.phase", {}, None)
    with pytest.raises(UmpireError, match=r"jamming: 1 jamming points \(allowed: none: the side has no jamming "
                                          r"points left; .* ussr has 0 left"):
        g.act("mbt.orders", orders("ussr", jamming=1), None)


def test_jamming_needs_its_option_and_the_scenario_its_points(tmp_path: Path) -> None:
    g = new(tmp_path, scenario())
    g.act("mbt.phase", {}, None)
    with pytest.raises(UmpireError, match="jamming: radio jamming needs the radio_jamming option"):
        g.act("mbt.orders", orders("ussr", jamming=1), None)
    with pytest.raises(UmpireError, match="mbt.jamming: jamming points need the radio_jamming option"):
        new(tmp_path / "x", scenario(jamming={"ussr": 1}))
    with pytest.raises(UmpireError, match=r"mbt\.jamming\.pact: not a side \(allowed: nato, ussr\)"):
        new(tmp_path / "y", scenario("radio_jamming", jamming={"pact": 1}))
    with pytest.raises(UmpireError, match="radio_jamming needs command_control too"):
        sc = scenario("radio_jamming")
        sc["mbt"]["options"] = ["radio_jamming"]
        new(tmp_path / "z", sc)


# -- several players a side, messages through the umpire (21.3, 24.4.2) ---------------------------
def _players(tmp_path: Path) -> Game:
    return new(tmp_path, scenario("multi_player", players=PLAYERS))


def test_a_message_reaches_its_addressee_alone_the_next_turn(tmp_path: Path) -> None:
    g = _players(tmp_path)
    said = "Enemy platoon at 40 16, hold the woods"
    turn(g, orders("nato", messages=[{"from": "bravo", "to": "alpha", "text": said}]), orders("ussr"))
    assert not results(g, "message")  # written this Turn, due the next (21.3.3.2.1)
    g.act("mbt.phase", {}, ScriptedDice([9, 1, 7]))  # initiative; the receiver's die 7: received (21.3.3.2.4)
    (m,) = results(g, "message")
    assert m["outcome"] == {"fate": "received", "intercepted": False} and m["player"] == "alpha"
    assert asked_of_calc(m)["outcome"] == m["outcome"]
    full = report_for_game(g)
    assert said in text_of(briefing(full, "nato", "alpha"))
    assert said not in text_of(briefing(full, "nato", "bravo"))  # sent, never told it arrived (24.4.2)
    assert said in text_of(briefing(full, "nato")) and said not in text_of(briefing(full, "ussr"))
    assert said in text_of(full)


def test_a_delayed_message_is_rolled_again_the_next_turn_and_one_in_the_clear_may_be_intercepted(
        tmp_path: Path) -> None:
    g = _players(tmp_path)
    said = " ".join(["word"] * 21) + " secret-plan"  # more than 20 words: in the clear (21.3.3.2.3)
    turn(g, orders("nato", messages=[{"from": "bravo", "to": "alpha", "text": said}]), orders("ussr"))
    turn(g, orders("nato"), orders("ussr"), opening=[9, 1, 5, 6, 8])  # sender 5, enemy 6; receipt 8: delayed
    g.act("mbt.phase", {}, ScriptedDice([9, 1, 2, 9, 3]))  # sender 2, enemy 9 (7 higher): intercepted; 3
    first, second = results(g, "message")
    assert first["outcome"] == {"fate": "delayed", "intercepted": False}
    assert second["outcome"] == {"fate": "received", "intercepted": True} and second["reader"] == "red"
    full = report_for_game(g)
    assert "An enemy radio message intercepted" in text_of(briefing(full, "ussr"))
    assert "secret-plan" in text_of(briefing(full, "ussr", "red"))
    assert "secret-plan" in text_of(briefing(full, "nato", "alpha"))


@pytest.mark.parametrize(("message", "why"), [
    ({"from": "bravo", "to": "zulu", "text": "hi"},
     r"messages\[0\]\.to: unknown other player of side nato 'zulu' \(known: alpha\)"),
    ({"from": "red", "to": "alpha", "text": "hi"},
     r"messages\[0\]\.from: unknown player of side nato 'red' \(known: alpha, bravo\)"),
    ({"from": "alpha", "to": "alpha", "text": "hi"}, r"messages\[0\]\.to: unknown other player of side nato 'alpha'"),
])
def test_a_message_names_players_of_the_side(tmp_path: Path, message: dict, why: str) -> None:
    g = _players(tmp_path)
    g.act("mbt.phase", {}, None)
    with pytest.raises(UmpireError, match=why):
        g.act("mbt.orders", orders("nato", messages=[message]), None)


def test_messages_beyond_the_free_ones_spend_command_points(tmp_path: Path) -> None:
    """One free message a Turn, two for the overall commander; each more a command point of the
    personal commander's organization (21.3.3.2.2): the platoon has 1."""
    g = _players(tmp_path)
    g.act("mbt.phase", {}, None)
    two = [{"from": "alpha", "to": "bravo", "text": f"message {i}"} for i in range(2)]
    three = [{"from": "bravo", "to": "alpha", "text": f"message {i}"} for i in range(3)]
    with pytest.raises(UmpireError, match=r"messages: 2 extra messages cost 2 command points; the organization has "
                                          r"1 .*\(organization pl: 2 messages beyond the free ones"):
        g.act("mbt.orders", orders("nato", messages=three), None)
    g.act("mbt.orders", orders("nato", messages=two + three[:2]), None)
    assert "pl 1 of 1 (1 extra message; 21.1.2)" in g.events()[-1].summary


def test_messages_need_the_option_and_a_personal_commander(tmp_path: Path) -> None:
    g = new(tmp_path, scenario())
    g.act("mbt.phase", {}, None)
    with pytest.raises(UmpireError, match="messages: radio messages between players need the multi_player option"):
        g.act("mbt.orders", orders("nato", messages=[{"from": "a", "to": "b", "text": "hi"}]), None)
    g = _players(tmp_path / "p")
    g.act("mbt.phase", {}, None)
    state = g.state.copy_for_change()
    state.units["m-a"].status = "eliminated"
    from umpire.turns.mbt.options.messages import check

    with pytest.raises(UmpireError, match=r"messages\[0\]\.from: alpha's personal commander \(m-a\) is lost"):
        check([{"from": "alpha", "to": "bravo", "text": "hi"}], state, "nato", "orders")


@pytest.mark.parametrize(("players", "why"), [
    (PLAYERS[:1] + PLAYERS[2:], r"side nato's m-b, m-c commanded by no player"),
    ([*PLAYERS, {"id": "x", "side": "nato", "units": ["m-a"]}], r"'m-a' is commanded by alpha already"),
    ([{**PLAYERS[0], "commander": "m-b"}, *PLAYERS[1:]], r"commander: 'm-b' is not one of the player's units"),
    ([PLAYERS[0], {**PLAYERS[1], "overall": True}, PLAYERS[2]], r"side nato has 2 overall commanders"),
    ([*PLAYERS[:2], {**PLAYERS[2], "units": ["pl"]}], r"'pl' is not a unit or formation of side ussr"),
])
def test_the_scenario_assigns_every_unit_to_one_player(tmp_path: Path, players: list, why: str) -> None:
    with pytest.raises(UmpireError, match=why):
        new(tmp_path, scenario("multi_player", players=players))


def test_players_need_the_option(tmp_path: Path) -> None:
    with pytest.raises(UmpireError, match="mbt.players: players need the multi_player option"):
        new(tmp_path, scenario(players=PLAYERS))
    with pytest.raises(UmpireError, match="multi_player option .* needs the players of each side"):
        new(tmp_path / "b", scenario("multi_player"))


# -- the CLI: one Error line, exit 2, nothing written ---------------------------------------------------
def _file(tmp_path: Path, name: str, data: dict) -> Path:
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data), encoding="utf-8")
    return p


@pytest.mark.parametrize(("data", "words"), [
    ({"side": "nato", "turn": 2, "units": {"m-a": {"order": "F"}}},
     ["units.m-a.order", "cost 2 command points", "disrupted", "has 1"]),  # a jammed net
    ({"side": "nato", "turn": 2, "messages": [{"from": "bravo", "to": "zulu", "text": "hi"}]},
     ["messages[0].to", "'zulu'", "known: alpha"]),  # a message to an unknown player
    ({"side": "nato", "turn": 2, "messages": [{"from": "bravo", "to": "alpha", "text": f"m{i}"} for i in range(3)]},
     ["messages", "2 extra messages cost", "has 1"]),  # command points the side has not
])
def test_bad_orders_are_one_error_line_and_leave_the_game_as_it_was(tmp_path: Path, cli, data, words) -> None:
    sc = scenario("radio_jamming", "multi_player", jamming={"ussr": 3}, players=PLAYERS)
    g = Game.create(cli.db, scenario_from_data(sc, "command"))
    turn(g, orders("nato", {"m-a": {"order": "M", "move": {"path": [[12, 10]]}}}), orders("ussr", jamming=3))
    g.act("mbt.phase", {}, ScriptedDice([9, 1, 10]))
    before = len(Game.open(cli.db).events())
    r = cli("turn", "orders", str(_file(tmp_path, "bad.yaml", data)))
    assert r.exit_code == 2
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error:"), r.output
    assert all(w in lines[0] for w in words), lines[0]
    assert len(Game.open(cli.db).events()) == before


# -- personal commanders replaced (21.3.2) and conferences (21.3.3.1) ---------------------------------
def test_a_lost_personal_commander_is_replaced_three_turns_after_by_his_successor(tmp_path: Path) -> None:
    """21.3.2: "If a personal commander is lost, that officer's "XO" (if there is one) or the next
    highest-ranking "CO" that the player controls can serve as a replacement personal commander,
    starting three Turns after the Turn when the previous personal commander was lost." Played as
    each Mark Orders Step opens, on the state the turn gives it."""
    from umpire.turns.mbt.options import state as OS
    from umpire.turns.mbt.options.messages import check, succession

    players = [PLAYERS[0], {**PLAYERS[1], "commander": "m-b", "successors": ["m-c"]}, PLAYERS[2]]
    g = new(tmp_path, scenario("multi_player", players=players))
    g.act("mbt.phase", {}, None)
    state = g.state.copy_for_change()
    state.units["m-b"].status = "eliminated"  # knocked out in turn 1
    hi = [{"from": "bravo", "to": "alpha", "text": "hi"}]
    words: list[str] = []
    for turn in (2, 3, 4, 5):
        state.turn = turn
        opts = OS.read(state)
        words += [r.summary for r in succession(state, opts)]
        OS.write(state, opts)
        if turn < 4:
            with pytest.raises(UmpireError, match=r"messages\[0\]\.from: bravo has no personal commander now "
                                                  r"\(21\.3\.2\): a player without one may not communicate"):
                check(hi, state, "nato", "orders")
            with pytest.raises(UmpireError, match=r"messages\[0\]\.to: bravo has no personal commander now"):
                check([{"from": "alpha", "to": "bravo", "text": "hi"}], state, "nato", "orders")
        else:
            assert check(hi, state, "nato", "orders")[0] == [{"from": "bravo", "to": "alpha", "text": "hi"}]
    assert words == ["bravo's personal commander (m-b) was lost in turn 1: an officer may replace him from turn 4 "
                     "(21.3.2)",
                     "bravo's personal commander is now with m-c, three turns after the last was lost (turn 1; "
                     "21.3.2)"]
    state.units["m-c"].status = "eliminated"  # the replacement lost too, and no officer left
    state.turn = 6
    opts = OS.read(state)
    assert [r.summary for r in succession(state, opts)] == [
        "bravo's personal commander (m-c) was lost in turn 5: no officer is left to replace him: the player plays on "
        "without one (21.3.2)"]


def test_a_successor_not_the_players_own_unit_is_refused(tmp_path: Path) -> None:
    players = [PLAYERS[0], {**PLAYERS[1], "successors": ["m-a"]}, PLAYERS[2]]
    with pytest.raises(UmpireError, match=r"successors\[0\]: 'm-a' is not another of the player's units \(allowed: "
                                          r"m-c; 21\.3\.2\)"):
        new(tmp_path, scenario("multi_player", players=players))


def test_players_whose_commanders_share_a_hex_confer_free_and_at_once(tmp_path: Path) -> None:
    """21.3.3.1: "If some players' personal commanders are located in the same hex, the players they
    represent may conduct private talks." No radio: free, never intercepted, read as the orders are
    marked; the other player's briefing never shows it."""
    sc = scenario("multi_player", players=PLAYERS)
    sc["sides"][0]["formations"][0]["units"][1]["at"] = [10, 10.3]  # bravo's m-b beside alpha's m-a: one hex
    g = new(tmp_path, sc)
    said = " ".join(["word"] * 25) + " private-plan"  # in the clear on a radio; not so in conference
    g.act("mbt.phase", {}, None)
    three = [{"from": "bravo", "to": "alpha", "text": said}] + [
        {"from": "bravo", "to": "alpha", "text": f"more {i}"} for i in range(2)]
    g.act("mbt.orders", orders("nato", messages=three), None)  # three free: conferences cost no command point
    assert "command points" not in g.events()[-1].summary
    g.act("mbt.orders", orders("ussr"), None)
    g.act("mbt.phase", {}, None)  # the Command phase: orders marked, the talks held
    talks = results(g, "message")
    assert len(talks) == 3 and all(m["conference"] and m["outcome"]["fate"] == "received" for m in talks)
    full = report_for_game(g)
    assert "private-plan" in text_of(briefing(full, "nato", "alpha")) and "(21.3.3.1)" in text_of(
        briefing(full, "nato", "alpha"))
    assert "private-plan" not in text_of(briefing(full, "nato", "bravo"))
    assert "private-plan" not in text_of(briefing(full, "ussr"))
    for _ in range(4):
        g.act("mbt.phase", {}, None)
    assert len(results(g, "message")) == 3  # not delivered again by radio the next turn
