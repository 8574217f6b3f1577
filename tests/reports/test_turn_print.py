"""``umpire turn print`` (#25) on both demo games after two turns: every file named for each side
(briefing and map of the turn, orders sheet and pre-filled orders file of the next) and for the
umpire (report and map); the umpire's report and map only in the umpire's folder; and the fog
property of tests/reports/test_fog_property.py over every file of a side's folder: no word of an
enemy unit the side never knew to that level."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import Cli
from tests.reports.test_fog_property import Recorder, _leaks, forbidden
from umpire.engine import Game
from umpire.registry import load_scenario
from umpire.resources import resolve_scenario, resource_dir

ORDERS = resource_dir("data") / "orders"


def _play_at(path: Path) -> Recorder:
    game = Game.create(path, load_scenario(resolve_scenario("hof-gap-meeting")))
    rec, rules = Recorder(game), game.turn_rules()
    for turn in (1, 2):
        for side in ("nato", "pact"):
            rec.act("auftragstaktik.orders", rules.read_orders(ORDERS / f"{side}-turn{turn}.yaml", game.state), None)
        while game.state.turn == turn:
            rec.act("auftragstaktik.phase", {}, None)
    return rec


def _play_mbt(path: Path) -> Recorder:
    game = Game.create(path, load_scenario(resolve_scenario("mbt-basic-a")))
    rec, rules = Recorder(game), game.turn_rules()
    for turn in (1, 2):
        rec.act("mbt.phase", {}, None)
        for side in ("nato", "ussr"):
            rec.act("mbt.orders", rules.read_orders(ORDERS / "mbt" / f"turn{turn}-{side}.yaml", game.state), None)
        for _ in range(4):
            rec.act("mbt.phase", {}, None)
    return rec


def _text(path: Path) -> str:
    if path.suffix == ".pdf":
        return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(path.read_bytes())).pages)
    if path.suffix == ".png":
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        return ""  # drawn from the same map as map-turn-2.pdf, whose text is read
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("play", [_play_at, _play_mbt])
def test_turn_print_writes_each_sides_folder_and_keeps_the_fog(tmp_path, play):
    rec = play(tmp_path / "game.db")
    state = rec.game.state
    rec.game.close()
    r = Cli(tmp_path / "game.db")("turn", "print", "--out", str(tmp_path / "papers"))
    assert r.exit_code == 0, r.output + r.stderr
    assert [p.name for p in (tmp_path / "papers").iterdir()] == ["turn-2"]  # a folder of its own
    out = tmp_path / "papers" / "turn-2"
    sides = state.side_ids()
    found = {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()}
    expected = {f"umpire/{n}" for n in ("report-turn-2.pdf", "report-turn-2.md", "map-turn-2.pdf", "map-turn-2.png")}
    for side in sides:
        expected |= {f"{side}/{n}" for n in ("briefing-turn-2.pdf", "briefing-turn-2.md", "map-turn-2.pdf",
                                              "map-turn-2.png", "orders-turn-3.pdf", "orders-turn-3.yaml")}
    assert found == expected | {"manifest.json"}
    # every file says what it is (its mark), and the manifest lists each with the same mark
    from umpire.papers import manifest
    from umpire.reports.marks import read_mark

    listed = {e.path: e for e in manifest.read(out).files}
    assert set(listed) == expected
    for name in expected:
        mark, entry = read_mark(out / name), listed[name]
        whose = None if name.startswith("umpire/") else name.split("/")[0]
        assert mark is not None and (mark.turn, mark.side, mark.player) == (2, whose, None), (name, mark)
        assert (mark.kind, mark.version, mark.log) == (entry.kind, entry.version, entry.log), name
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".papers")]  # the folder built aside is gone
    for name in ("report-turn-2.pdf", "map-turn-2.pdf"):
        assert "umpire only" in _text(out / "umpire" / name)
    for side in sides:
        bad = forbidden(state, side, rec.ever[side])
        name = next(s.name for s in state.sides if s.id == side)
        for path in sorted((out / side).iterdir()):
            text = _text(path)
            assert "umpire only" not in text and "Umpire's report" not in text, path
            assert not _leaks(text, bad), (path.name, _leaks(text, bad))
            if path.suffix == ".pdf":
                assert name in text, path


def test_the_printed_orders_file_reads_back_as_no_new_orders(tmp_path):
    rec = _play_at(tmp_path / "game.db")
    before = {u.id: (u.orders, u.x, u.y) for u in rec.game.state.units.values()}
    rec.game.close()
    cli = Cli(tmp_path / "game.db")
    assert cli("turn", "print", "--out", str(tmp_path / "p")).exit_code == 0
    for side in ("nato", "pact"):
        r = cli("turn", "orders", str(tmp_path / "p" / "turn-2" / side / "orders-turn-3.yaml"))
        assert r.exit_code == 0, r.stderr
    game = Game.open(tmp_path / "game.db")
    assert {u.id: (u.orders, u.x, u.y) for u in game.state.units.values()} == before


def test_turn_print_refuses_a_turn_folder_with_files_and_a_turn_not_resolved(tmp_path):
    rec = _play_at(tmp_path / "game.db")
    rec.game.close()
    cli = Cli(tmp_path / "game.db")
    (tmp_path / "full" / "turn-2").mkdir(parents=True)
    (tmp_path / "full" / "turn-2" / "mine.txt").write_text("keep")
    for args, words in ((["--out", str(tmp_path / "full")], "turn-2 holds files already"),
                        (["--turn", "3", "--out", str(tmp_path / "t3")], "resolved turns 1 to 2"),
                        (["--link", "nato", "--out", str(tmp_path / "l")], "SIDE=URL"),
                        (["--link", "red=https://x", "--out", str(tmp_path / "l")], "unknown side")):
        r = cli("turn", "print", *args)
        assert r.exit_code == 2 and words in r.stderr, r.stderr
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir()) == ["full"]
    assert [p.name for p in (tmp_path / "full").iterdir()] == ["turn-2"]
    assert (tmp_path / "full" / "turn-2" / "mine.txt").read_text() == "keep"


def test_a_later_turn_goes_beside_the_first_and_an_earlier_turn_reads_as_it_did_then(tmp_path):
    """Turn 1 printed right after it was resolved, turn 2 into the same folder beside it; turn 1
    printed again at the end of turn 2 is the same paper (its orders for turn 2 from where turn 1
    left the units, not from where they stand now)."""
    game = Game.create(tmp_path / "game.db", load_scenario(resolve_scenario("hof-gap-meeting")))
    rules = game.turn_rules()
    cli = Cli(tmp_path / "game.db")
    for turn in (1, 2):
        for side in ("nato", "pact"):
            game.act("auftragstaktik.orders", rules.read_orders(ORDERS / f"{side}-turn{turn}.yaml", game.state), None)
        while game.state.turn == turn:
            game.act("auftragstaktik.phase", {}, None)
        r = cli("turn", "print", "--out", str(tmp_path / "papers"))
        assert r.exit_code == 0 and f"turn-{turn}" in r.output, r.output + r.stderr
    game.close()
    assert sorted(p.name for p in (tmp_path / "papers").iterdir()) == ["turn-1", "turn-2"]
    assert cli("turn", "print", "--turn", "1", "--out", str(tmp_path / "again")).exit_code == 0
    first, again = tmp_path / "papers" / "turn-1", tmp_path / "again" / "turn-1"
    names = sorted(str(p.relative_to(first)) for p in first.rglob("*") if p.is_file())
    assert names == sorted(str(p.relative_to(again)) for p in again.rglob("*") if p.is_file())
    assert "nato/orders-turn-2.yaml" in names
    for name in names:
        if name.endswith((".md", ".yaml")):
            assert (first / name).read_text() == (again / name).read_text(), name


def test_several_players_a_side_get_a_folder_each_inside_their_sides(tmp_path):
    """MBT 21.3: a folder per player inside his side's, with his own briefing and map."""
    from tests.turns.test_mbt_options_game import ORDERS as OPTION_ORDERS
    from tests.turns.test_mbt_options_game import PLAYERS, SCENARIO

    COMMANDS = {"nato": {"alpha": ["m1-1", "m1-2", "m1-3"], "bravo": ["fist"]},  # noqa: N806
                "ussr": {"ivanov": ["tp-1", "tp-2", "tp-3"], "petrov": ["zsu"]}}

    game = Game.create(tmp_path / "game.db", load_scenario(SCENARIO))
    rules = game.turn_rules()
    game.act("mbt.phase", {}, None)
    for side in ("nato", "ussr"):
        game.act("mbt.orders", rules.read_orders(OPTION_ORDERS / f"turn1-{side}.yaml", game.state), None)
    for _ in range(4):
        game.act("mbt.phase", {}, None)
    game.close()
    r = Cli(tmp_path / "game.db")("turn", "print", "--out", str(tmp_path / "papers"))
    assert r.exit_code == 0, r.output + r.stderr
    out = tmp_path / "papers" / "turn-1"
    for side, players in PLAYERS.items():
        assert (out / side / "briefing-turn-1.md").is_file()
        for player in players:
            names = sorted(p.name for p in (out / side / player).iterdir())
            assert names == ["briefing-turn-1.md", "briefing-turn-1.pdf", "map-turn-1.pdf", "map-turn-1.png",
                             "orders-turn-2.pdf", "orders-turn-2.yaml"]
            text = (out / side / player / "briefing-turn-1.md").read_text()
            assert f"player {player}" in text.splitlines()[0], text.splitlines()[0]
            form = (out / side / player / "orders-turn-2.yaml").read_text()  # his units alone, pre-filled
            mine = set(COMMANDS[side][player])
            listed = set(re.findall(r"(?m)^  (?:# )?([A-Za-z0-9_-]+):  # ", form))
            assert listed and listed <= mine, (player, listed, mine)
            assert f"player {player}" in _text(out / side / player / "orders-turn-2.pdf")
    # the same sheet and file, one player's, from orders-sheet --player
    r = Cli(tmp_path / "game.db")("orders-sheet", "--player", "bravo", "--out", str(tmp_path / "bravo.yaml"))
    assert r.exit_code == 0, r.output + r.stderr
    assert set(re.findall(r"(?m)^  (?:# )?([A-Za-z0-9_-]+):  # ", (tmp_path / "bravo.yaml").read_text())) == {"fist"}
    r = Cli(tmp_path / "game.db")("orders-sheet", "--player", "bravo", "--out", str(tmp_path / "bravo.pdf"))
    assert r.exit_code == 0 and "player bravo" in _text(tmp_path / "bravo.pdf")
    cli = Cli(tmp_path / "game.db")
    r = cli("orders-sheet", "--player", "bravo", "--side", "ussr", "--out", str(tmp_path / "x.pdf"))
    assert r.exit_code != 0 and "a player of side nato, not ussr" in r.output + r.stderr
