"""The MBT umpired turn (24.3) over a tracked game: exact sightings and hits with fixed dice,
replay and undo, and bad inputs through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

from umpire.core.dice import ScriptedDice
from umpire.engine import Game
from umpire.registry import find_ruleset, load_scenario
from umpire.reports.model import briefing, report_for_game
from umpire.rules.mbt import data
from umpire.rules.mbt.ap_tables import hit_number
from umpire.rules.mbt.state import MbtGame, MbtUnit

from .conftest import write


def _orders(tmp: Path, name: str, body: dict) -> Path:
    return write(tmp / name, body)


NATO_1 = {"side": "nato", "units": {"m1": {"order": "F", "fire": {"target": "t64"}}, "m2": {"order": "OW"}}}
USSR_1 = {"side": "ussr", "units": {"t64": {"order": "F", "fire": {"target": "m1", "ammo": "APFSDS"}},
                                    "t64b": {"order": "OW", "overwatch": {"hold": True}}}}


def _play_turn_one(tmp_path: Path, duel: Path) -> Game:
    game = Game.create(tmp_path / "g.db", load_scenario(duel))
    rules = find_ruleset("mbt").turn()
    game.act("mbt.phase", {}, ScriptedDice([7, 3]))  # initiative: nato 7, ussr 3
    for name, body in (("n.yaml", NATO_1), ("u.yaml", USSR_1)):
        game.act("mbt.orders", rules.read_orders(_orders(tmp_path, name, body), game.state), ScriptedDice([]))
    game.act("mbt.phase", {}, ScriptedDice([]))  # Command
    # Direct Fire: nato first, m1 rolls 99 to hit (a miss); then t64 rolls 01 to hit, 93 for location.
    game.act("mbt.phase", {}, ScriptedDice([99, 1, 93]))
    return game


def test_turn_one_sightings_and_hits_are_exact(tmp_path, duel):
    game = Game.create(tmp_path / "g.db", load_scenario(duel))
    res = game.act("mbt.phase", {}, ScriptedDice([4, 4, 7, 3]))  # a tie is rolled again (5.1)
    assert MbtGame.of(game.state).initiative == "nato" and game.state.phase == "Command"
    assert [r.values for r in res.rolls] == [(4,), (4,), (7,), (3,)]
    s = game.state
    # 10" apart in the open: each sees the other in full (40-hex chart range, 24.2.2).
    assert s.units["t64"].spotted_by == ["nato"] and s.units["t64"].ident == {"nato": "full"}
    # m2 and t64b: the wood w1 lies between them (6.1.4.5), but m1 sees t64b past it.
    assert s.units["t64b"].spotted_by == ["nato"] and s.units["m2"].spotted_by == ["ussr"]


def test_turn_one_fire_is_exact(tmp_path, duel):
    game = _play_turn_one(tmp_path, duel)
    st = game.state
    fires = [r for e in game.events() for r in (e.results or []) if r["procedure"] == "fire"]
    m1, t64 = fires
    firer, _target = data.card("USA-1B"), data.card("USSR-1B")
    ap = firer.weapon("120mm").find_ammo("APFSDS").ap[firer.band_index(10)].v
    assert m1["ap_factor"] == ap and m1["net_modifier"] == -1  # target size -1 only (7.4.2.3.2)
    assert m1["hit_number"] == hit_number(ap, -1, data.rulings().select({}), [])
    assert m1["outcome"]["hits"] == 0 and m1["to_hit_roll"] == 99
    assert t64["outcome"]["hits"] == 1 and t64["outcome"]["results"][0]["location"] == "GN"
    assert t64["outcome"]["results"][0]["damage"] == "gun"
    assert MbtUnit.of(st.units["m1"]).gun_hit is True and st.units["m1"].hits == 1
    assert MbtUnit.of(st.units["m1"]).spotted == MbtUnit.of(st.units["t64"]).spotted == "fired"
    assert "provenance" in t64 and t64["provenance"]["estimated"]  # the estimates it leaned on
    # Overwatch Fire (7.5.1): t64 fired, but m2's turret looks east along y 23 and t64 is 52
    # degrees off it, outside the 60-degree turret arc (7.2.1); t64b holds its fire.
    assert [r for r in fires if r["step"] == "Overwatch Fire"] == []
    game.act("mbt.phase", {}, ScriptedDice([]))  # Movement
    game.act("mbt.phase", {}, ScriptedDice([]))  # Adjustment
    assert game.state.turn == 2 and game.state.phase == "Initiative"
    # 9.4.2.1: a gun hit on an M1A1 (100-50-25) is worth 25 to the Soviets.
    last = game.events()[-1].results
    victory = next(r for r in last if r["procedure"] == "victory")
    assert victory["outcome"]["points"] == {"nato": 0, "ussr": 25}
    assert game.check() == []


def test_replay_agrees_after_turns_and_undo(tmp_path, duel):
    game = _play_turn_one(tmp_path, duel)
    assert game.check() == []
    game.undo()
    assert game.state.phase == "Fire" and game.check() == []
    game.act("mbt.phase", {}, ScriptedDice([99, 1, 93]))
    assert game.check() == []


def test_briefing_keeps_own_fire_and_shows_the_enemy_at_its_level(tmp_path, duel):
    game = _play_turn_one(tmp_path, duel)
    report = report_for_game(game)
    nato = briefing(report, "nato")
    text = json.dumps(nato.to_json(), ensure_ascii=False)
    # the initiative roll is the umpire's: NATO is not told who goes first, nor the dice
    assert "goes first" not in text and "initiative:" not in text
    assert all(x.kind not in ("initiative", "victory") for e in nato.events for x in e.lines)
    assert any(x.kind == "fire" and x.mine for e in nato.events for x in e.lines)  # its own shot, explained
    # by contact label and type (24.2.2), never by id or call-sign
    assert {u.id for u in nato.units if u.side == "ussr"} <= {"contact-1", "contact-2"}
    assert "t64" not in {u.id for u in nato.units}


def _cli_game(cli, duel):
    assert cli("new", str(duel)).exit_code == 0
    assert cli("phase", "next", "--roll", "7", "--roll", "3").exit_code == 0


def _same_file(cli, fn):
    before = cli.db.read_bytes()
    r = fn()
    assert r.exit_code == 2, r.output
    lines = [x for x in r.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr
    assert cli.db.read_bytes() == before
    return lines[0]


def test_bad_orders_files_are_one_error_line_and_change_nothing(cli, tmp_path, duel):
    _cli_game(cli, duel)
    bad_field = _orders(tmp_path, "a.yaml", {"side": "nato", "units": {"m1": {"order": "F", "fier": {}}}})
    msg = _same_file(cli, lambda: cli("turn", "orders", str(bad_field)))
    assert "a.yaml" in msg and "units.m1.fier" in msg and "unknown field" in msg
    bad_unit = _orders(tmp_path, "b.yaml", {"side": "nato", "units": {"m9": {"order": "F"}}})
    msg = _same_file(cli, lambda: cli("turn", "orders", str(bad_unit)))
    assert "units.m9" in msg and "m1" in msg and "m2" in msg
    bad_target = _orders(tmp_path, "c.yaml",
                         {"side": "nato", "units": {"m1": {"order": "F", "fire": {"target": "t99"}}}})
    msg = _same_file(cli, lambda: cli("turn", "orders", str(bad_target)))
    assert "fire.target" in msg and "'t99'" in msg and "t64" not in msg  # the side's words: no enemy id
    bad_order = _orders(tmp_path, "d.yaml", {"side": "nato", "units": {"m1": {"order": "CA"}}})
    msg = _same_file(cli, lambda: cli("turn", "orders", str(bad_order)))
    assert "units.m1.order" in msg and "ATGM, F, FM, M, OW" in msg
    too_far = _orders(tmp_path, "e.yaml",
                      {"side": "nato", "units": {"m1": {"order": "M", "move": {"path": [[30, 10]]}}}})
    msg = _same_file(cli, lambda: cli("turn", "orders", str(too_far)))
    assert "units.m1.move" in msg and "needs 20" in msg


def test_an_order_the_unit_cannot_carry_out(cli, tmp_path, duel):
    """6.2.3: with its main gun hit, m1 may not be given FIRE orders next turn."""
    game = _play_turn_one(tmp_path, duel)
    game.act("mbt.phase", {}, ScriptedDice([]))
    game.act("mbt.phase", {}, ScriptedDice([]))
    game.act("mbt.phase", {}, ScriptedDice([7, 3]))
    cli.db = game.path
    fire = _orders(tmp_path, "f.yaml", {"side": "nato", "units": {"m1": {"order": "F", "fire": {"target": "t64"}}}})
    msg = _same_file(cli, lambda: cli("turn", "orders", str(fire)))
    assert "units.m1.order" in msg and "cannot carry out F" in msg and "allowed: M;" in msg and "6.2.3" in msg


def test_phases_out_of_sequence(cli, tmp_path, duel):
    _cli_game(cli, duel)
    msg = _same_file(cli, lambda: cli("phase", "next"))
    assert "missing: nato, ussr" in msg and "umpire turn orders FILE" in msg
    for name, body in (("n.yaml", NATO_1), ("u.yaml", USSR_1)):
        assert cli("turn", "orders", str(_orders(tmp_path, name, body))).exit_code == 0
    assert cli("phase", "next").exit_code == 0
    msg = _same_file(cli, lambda: cli("turn", "orders", str(tmp_path / "n.yaml")))
    assert "Command phase" in msg and "umpire phase next" in msg
    r = cli("turn")
    assert r.exit_code == 0 and "Fire" in r.output


def test_an_unknown_card_in_a_scenario(cli, tmp_path):
    from .conftest import DUEL

    bad = json.loads(json.dumps(DUEL))
    bad["sides"][0]["units"][0]["card"] = "USA-9Z"
    path = write(tmp_path / "bad.yaml", bad)
    r = cli("new", str(path))
    assert r.exit_code == 2 and "USA-9Z" in r.stderr and "USA 1A, 1B, 2A/1" in r.stderr
    assert "USSR 1A, 1B, 2A" in r.stderr  # in the cards' order: 10A after 9B
    assert not cli.db.exists()


def test_matchup_a_scenario_is_as_the_rulebook_says():
    from umpire.registry import initial_state
    from umpire.resources import resolve_scenario

    state = initial_state(load_scenario(resolve_scenario("mbt-basic-a")), seed=1)
    cards = sorted(u.card for u in state.units.values())
    assert cards == ["USA-1B"] * 3 + ["USSR-1B"] * 4
    assert MbtGame.of(state).matchup == "A" and MbtGame.of(state).turns == 10
    assert all(u.x <= 4 for u in state.units_of("nato")) and all(u.x >= 44 for u in state.units_of("ussr"))
