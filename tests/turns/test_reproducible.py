"""#10 part 3: the seed decides the game. Two games from the same scenario and seed, fed the same
orders and steps, give byte-identical reports (text, Markdown and PDF in invariant mode), for
both rulesets; the MBT tutorial's sequence, followed twice, ends the same."""

from __future__ import annotations

import io
import re
from pathlib import Path

from typer.testing import CliRunner

from tests.conftest import REPO
from umpire.cli import app
from umpire.engine import Game
from umpire.registry import load_scenario
from umpire.reports.model import briefing, report_for_game
from umpire.reports.pdf import turn_report_pdf
from umpire.reports.turn_text import plain_text, to_markdown
from umpire.resources import resolve_scenario
from umpire.turns.auftragstaktik.script import demo_orders, play_turn

MBT_TUTORIAL = REPO / "docs" / "tutorials" / "umpired-mbt-game.md"


def _renders(game: Game) -> dict[str, bytes]:
    full = report_for_game(game)
    out: dict[str, bytes] = {}
    for name, rep in [("umpire", full), *((s, briefing(full, s)) for s in game.state.side_ids())]:
        out[f"{name}.txt"] = plain_text(rep).encode()
        out[f"{name}.md"] = to_markdown(rep).encode()
        buf = io.BytesIO()
        turn_report_pdf(rep, buf)
        out[f"{name}.pdf"] = buf.getvalue()
    return out


def _at_game(path: Path) -> Game:
    game = Game.create(path, load_scenario(resolve_scenario("hof-gap-meeting")))
    for turn in (1, 2):
        play_turn(game, demo_orders(turn))
    return game


def _mbt_game(path: Path) -> Game:
    from umpire.resources import resource_dir

    game = Game.create(path, load_scenario(resolve_scenario("mbt-basic-a")))
    rules = game.turn_rules()
    for turn in (1, 2):
        game.act("mbt.phase", {})
        for side in game.state.side_ids():
            game.act("mbt.orders", rules.read_orders(resource_dir("data") / "orders" / "mbt" /
                                                      f"turn{turn}-{side}.yaml", game.state))
        for _ in range(4):
            game.act("mbt.phase", {})
    return game


def test_two_auftragstaktik_games_from_one_scenario_and_seed_report_byte_for_byte_alike(tmp_path):
    a, b = _at_game(tmp_path / "a.db"), _at_game(tmp_path / "b.db")
    assert [(e.kind, e.payload, e.rolls) for e in a.events()] == [(e.kind, e.payload, e.rolls) for e in b.events()]
    first, second = _renders(a), _renders(b)
    assert first == second and len(first) == 9 and any(e.rolls for e in a.events())


def test_two_mbt_games_from_one_scenario_and_seed_report_byte_for_byte_alike(tmp_path):
    a, b = _mbt_game(tmp_path / "a.db"), _mbt_game(tmp_path / "b.db")
    assert a.state.turn == 3
    assert _renders(a) == _renders(b)


def test_the_seed_decides_the_initiative(tmp_path):
    def initiative(name: str, seed: int | None) -> list:
        g = Game.create(tmp_path / f"{name}.db", load_scenario(resolve_scenario("mbt-basic-a")), seed=seed)
        return list(g.act("mbt.phase", {}).rolls)

    assert initiative("a", None) == initiative("b", None) == initiative("c", 1990)  # the scenario's own seed
    others = {tuple(r.values for r in initiative(f"s{s}", s)) for s in range(5)}
    assert len(others) > 1  # another seed, another game


def test_the_tutorials_mbt_sequence_followed_twice_ends_the_same(monkeypatch, tmp_path):
    from tests.docs.blocks import steps

    runs = []
    for name in ("first", "second"):
        folder = tmp_path / name
        folder.mkdir()
        monkeypatch.chdir(folder)
        out = []
        for step in steps(MBT_TUTORIAL.read_text(encoding="utf-8")):
            if step.write:
                Path(step.write[0]).write_text(step.write[1], encoding="utf-8")
                continue
            if step.args[:1] != ["--db"] or "serve" in step.args or "orders-sheet" in step.args:
                continue
            r = CliRunner().invoke(app, step.args)
            assert r.exit_code == 0, (step.line, r.output, r.stderr)
            out.append(r.output)
        log = CliRunner().invoke(app, ["--db", "mbt.db", "log", "--json"]).output
        runs.append((out, re.sub(r'"created": "[^"]*"', "", log)))
    assert runs[0] == runs[1]
    assert "initiative" in runs[0][1]


def test_roll_keys_stay_in_the_umpires_log_and_never_reach_a_briefing(tmp_path):
    """A key names the units of both sides (``fire/a-1-64/t80-1``): briefings show a roll's
    reason, never its key."""
    game = _at_game(tmp_path / "g.db")
    keys = {r.key for e in game.events() for r in e.rolls if r.key}
    assert keys
    full = report_for_game(game)
    for side in game.state.side_ids():
        rep = briefing(full, side)
        text = plain_text(rep) + to_markdown(rep)
        assert not [k for k in keys if k in text or k.split("#")[0] in text]
