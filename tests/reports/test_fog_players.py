"""Fog of war per player under command control (MBT 21.3, 24.4.2), as a property over random
Advanced Games with two players a side, radio messages between them and jamming (21.2): in every event of every
player's briefing, in every format (text, Markdown, JSON), and in all the rest of it (its
tables in text, Markdown, JSON and the map's SVG; ``umpire report --player`` in text, Markdown,
JSON and PDF and ``umpire map --player``), no word of a unit appears that neither the player's own
units saw (at the level they saw it) nor a message delivered to him told: not an enemy unit's,
not a unit of his side commanded by another player, not a message meant for someone else.

What a player knew is worked out here from the game state before and after each event (what
his own units see, by the sighting rules asked of his units alone), what each shot showed the
unit of his that fired or was fired at, and the messages the turn delivered to him.
"""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tests.reports.fog_checks import _pdf_text
from tests.reports.test_fog_property import RANK, _leaks, _up, words
from tests.serve.conftest import Client
from tests.serve.sides import SideClient, make_link
from umpire.cli import app
from umpire.core.state import GameState
from umpire.engine import Game, players
from umpire.errors import UmpireError
from umpire.registry import scenario_from_data
from umpire.reports.model import briefing, report_for_game
from umpire.reports.tablemap import build_map, to_svg
from umpire.reports.turn_text import plain_text, to_markdown
from umpire.rules.mbt.options.facts import MessageFacts

BLUE, RED = ["alphawolf", "bravowolf", "charliewolf"], ["deltabear", "echobear", "foxtrotbear"]
PLAYERS = {"blue": {"pa": ["alphawolf"], "pb": ["bravowolf", "charliewolf"]},
           "red": {"pd": ["deltabear"], "pe": ["echobear", "foxtrotbear"]}}
UNITS = {p: us for ps in PLAYERS.values() for p, us in ps.items()}
SIDE = {p: s for s, ps in PLAYERS.items() for p in ps}
point = st.tuples(st.floats(3, 45), st.floats(3, 33)).map(lambda p: [round(p[0], 1), round(p[1], 1)])


def _scenario(pos: dict[str, list[float]]) -> dict:
    def unit(uid: str, card: str) -> dict:
        return {"id": uid, "name": f"Name-{uid.capitalize()}", "card": card, "at": pos[uid],
                "facing": 90 if card == "USA-1B" else 270}

    return {
        "name": "fog", "ruleset": "mbt", "table": {"width": 48, "depth": 36}, "seed": 1,
        "mbt": {"game": "advanced", "turns": 3, "options": ["command_control", "radio_jamming", "multi_player"],
                "jamming": {"blue": 3, "red": 3},
                "players": [{"id": p, "side": s, "units": us} for s, ps in PLAYERS.items() for p, us in ps.items()]},
        "terrain": [{"id": "w1", "type": "woods", "polygon": [[20, 10], [26, 10], [26, 18], [20, 18]]},
                    {"id": "s1", "type": "scrub", "polygon": [[30, 20], [38, 20], [38, 28], [30, 28]]}],
        "sides": [{"id": "blue", "name": "Blue force", "units": [unit(u, "USA-1B") for u in BLUE]},
                  {"id": "red", "name": "Red force", "units": [unit(u, "USSR-2A") for u in RED]}],
    }


def seen_by(state: GameState, player: str) -> dict[str, str]:
    """What the player's own units see now, by the sighting rules (13.1, 24.2.2) asked of them alone."""
    from umpire.turns.mbt.advanced.sighting import levels
    from umpire.turns.mbt.advanced.table import AdvTable

    return levels(state, AdvTable(state), SIDE[player], among=tuple(UNITS[player]))[0]


class PlayerRecorder:
    """Plays a game and keeps, per event and player, what the player knew of each enemy unit
    and the words of the messages delivered to him so far."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.knew: dict[int, dict[str, dict[str, str]]] = {}
        self.told: dict[int, dict[str, set[str]]] = {}
        self.ever: dict[str, dict[str, str]] = {p: {} for p in UNITS}
        self.heard: dict[str, set[str]] = {p: set() for p in UNITS}
        self.tokens: set[str] = set()

    def act(self, kind: str, payload: dict, dice) -> None:
        before = {p: seen_by(self.game.state, p) for p in UNITS}
        res = self.game.act(kind, payload, dice)
        knew: dict[str, dict[str, str]] = {p: {} for p in UNITS}
        for p in UNITS:
            for src in (before[p], seen_by(self.game.state, p)):
                for uid, lvl in src.items():
                    _up(knew[p], uid, lvl)
        for r in res.resolutions:
            if r.procedure == "sighting":
                continue
            for x in r.facts.sighted or ():
                for p in PLAYERS[x["by"]]:
                    if {r.facts.firer, r.facts.target} & set(UNITS[p]):
                        _up(knew[p], x["unit"], x["level"])
            if r.procedure == "message":
                m = MessageFacts.of(r)
                said = set(str(m.text).split())
                if r.outcome["fate"] == "received":
                    self.heard[str(m.to)] |= said
                if r.outcome["intercepted"]:
                    self.heard[str(m.reader)] |= said
        self.knew[res.seq] = knew
        self.told[res.seq] = {p: set(w) for p, w in self.heard.items()}
        for p, got in knew.items():
            for uid, lvl in got.items():
                _up(self.ever[p], uid, lvl)


def forbidden(state: GameState, player: str, knew: dict[str, str], told: set[str], tokens: set[str]) -> set[str]:
    """The words ``player`` may not read: an enemy unit's beyond the level he knew it at, a unit
    of another player's (his side's or the enemy's: never), the other messages' tokens; all but
    what a message delivered to him told."""
    allowed: set[str] = set()
    banned: set[str] = set(tokens)
    for uid, u in state.units.items():
        w = words(state, uid)
        if uid in UNITS[player]:
            allowed |= w["never"] | w["full"] | w["type"]
            continue
        banned |= w["never"]
        if u.side == SIDE[player]:
            continue  # a unit of his side's other players: its id and name never (its type is his side's too)
        lvl = RANK.get(knew.get(uid, ""), 0)
        (allowed if lvl >= 3 else banned).update(w["full"])
        (allowed if lvl >= 2 else banned).update(w["type"])
    return {w for w in banned - allowed - told if w}


def _orders(game: Game, side: str, picks: list[int], turn: int, talk: list[int]) -> dict:
    from umpire.rules.mbt import orders
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.orders import capability

    state = game.state
    enemy = sorted(u.id for u in state.units.values() if u.side != side and U.alive(u))
    units: dict[str, dict] = {}
    for k, uid in enumerate(BLUE if side == "blue" else RED):
        u = state.units[uid]
        pick = picks[k]
        allowed = orders.allowed_orders(capability(u)) if U.alive(u) else []
        if not U.alive(u):
            continue
        if pick == 0 and enemy and "F" in allowed:
            units[uid] = {"order": "F", "turret": "buttoned", "fire": [{"target": enemy[(k + turn) % len(enemy)]}]}
        elif pick == 2 and "M" in allowed:
            step = [min(max(u.x + (1.5 if side == "blue" else -1.5), 0.5), 47.5), u.y]
            units[uid] = {"order": "M", "turret": "buttoned", "move": {"path": [step]}}
        elif "OW" in allowed:
            units[uid] = {"order": "OW", "turret": "buttoned"}
    mine = sorted(PLAYERS[side])
    sender, to = (mine if talk[0] % 2 else mine[::-1])
    pool = sorted(state.units)  # anything the sender may write: any unit's id or name
    said = [f"tok-{side}-{turn}", *(pool[i % len(pool)] for i in talk[1:]),
            *(state.units[pool[i % len(pool)]].name for i in talk[1:3])]
    text = " ".join(said + ["x"] * (21 if talk[0] > 1 else 0))  # some in the clear (21.3.3.2.3)
    jam = {"jamming": 1 + talk[1] % 2} if turn == 1 and talk[2] % 2 else {}  # for turn 2 (21.2)
    return {"side": side, "units": units, "messages": [{"from": sender, "to": to, "text": text}], **jam}


def _play(path: Path, pos: dict, picks: list[int], talk: list[int], seed: int) -> PlayerRecorder:
    game = Game.create(path, scenario_from_data(_scenario(pos), "fog"), seed=seed)
    rec = PlayerRecorder(game)
    for turn in (1, 2):
        rec.act("mbt.phase", {}, None)
        for side, mine in (("blue", picks[:3]), ("red", picks[3:])):
            payload = _orders(game, side, mine, turn, talk)
            rec.tokens.add(f"tok-{side}-{turn}")
            try:
                game.turn_rules()
                rec.act("mbt.orders", payload, None)
            except UmpireError as exc:  # more marker changes than the command points allow (21.1.2)
                if "personal commander" in str(exc):  # the sender's commander is lost: no message (21.3.3.2)
                    payload = {k: v for k, v in payload.items() if k != "messages"}
                    try:
                        rec.act("mbt.orders", payload, None)
                        continue
                    except UmpireError as again:
                        exc = again
                assert "command point" in str(exc), exc
                rec.act("mbt.orders", {**payload, "units": {}}, None)
        for _ in range(4):
            rec.act("mbt.phase", {}, None)
    rec.act("mbt.phase", {}, None)  # turn 3 opens: the messages of turn 2 are due
    return rec


def _cli(db: Path, player: str, folder: Path) -> dict[str, str]:
    runner = CliRunner()
    out = {}
    for fmt, ext in (("text", "txt"), ("md", "md"), ("json", "json"), ("pdf", "pdf")):
        path = folder / f"report-{player}.{ext}"
        r = runner.invoke(app, ["--db", str(db), "report", "--player", player, "--format", fmt, "--out", str(path)])
        assert r.exit_code == 0, r.output
        out[fmt] = _pdf_text(path) if ext == "pdf" else path.read_text(encoding="utf-8")
    path = folder / f"map-{player}.svg"
    r = runner.invoke(app, ["--db", str(db), "map", "--player", player, "--out", str(path)])
    assert r.exit_code == 0, r.output
    out["map"] = path.read_text(encoding="utf-8")
    return out


@settings(max_examples=4, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(pos=st.fixed_dictionaries({u: point for u in BLUE + RED}),
       picks=st.lists(st.integers(0, 2), min_size=6, max_size=6),
       talk=st.lists(st.integers(0, 40), min_size=4, max_size=4), seed=st.integers(1, 10_000))
def test_a_player_reads_only_what_his_units_saw_and_his_messages_told(tmp_path_factory, pos, picks, talk, seed):
    folder = tmp_path_factory.mktemp("players")
    rec = _play(folder / "g.db", pos, picks, talk, seed)
    game, state = rec.game, rec.game.state
    assert any(r["procedure"] == "message" for e in game.events() for r in e.results)
    for report in (report_for_game(game), report_for_game(game, turn=2)):
        for player, side in SIDE.items():
            b = briefing(report, side, player)
            assert {u.id for u in b.units if u.side == side} == set(UNITS[player])
            for e in b.events:
                bad = forbidden(state, player, rec.knew[e.seq][player], rec.told[e.seq][player], rec.tokens)
                one = replace(b, events=(replace(e, lines=tuple(replace(x, later=()) for x in e.lines)),),
                              units=(), losses=())
                for fmt, text in (("text", plain_text(one)), ("md", to_markdown(one)),
                                  ("json", json.dumps([asdict(replace(x, later=())) for x in e.lines]))):
                    assert not _leaks(text, bad), (player, e.seq, fmt, _leaks(text, bad), text[:1500])
            ever = forbidden(state, player, rec.ever[player], rec.heard[player], rec.tokens)
            tail = replace(b, events=())
            for fmt, text in (("text", plain_text(tail)), ("md", to_markdown(tail)),
                              ("json", json.dumps(tail.to_json(), ensure_ascii=False)),
                              ("svg", to_svg(build_map(b)))):
                assert not _leaks(text, ever), (player, fmt, _leaks(text, ever))
    for player in SIDE:
        ever = forbidden(state, player, rec.ever[player], rec.heard[player], rec.tokens)
        for fmt, text in _cli(game.path, player, folder).items():
            assert not _leaks(text, ever), (player, fmt, _leaks(text, ever))


def test_a_delivered_message_is_read_by_its_addressee_alone(tmp_path) -> None:
    """The property's other half: what a message told reaches the one it was for (it must be
    able to fail: a briefing that drops messages would pass the property above)."""
    pos = {u: [6.0 + 2 * i, 4.0 + 6 * i] for i, u in enumerate(BLUE)} | \
          {u: [42.0 - 2 * i, 4.0 + 6 * i] for i, u in enumerate(RED)}
    rec = _play(tmp_path / "g.db", pos, [1] * 6, [1, 2, 3, 4], 7)
    got = [r for e in rec.game.events() for r in e.results if r["procedure"] == "message"]
    received = [r for r in got if r["outcome"]["fate"] == "received"]
    assert received
    full = report_for_game(rec.game)
    for r in received:
        token = r["text"].split()[0]
        side = SIDE[r["to"]]
        for player in PLAYERS[side]:
            text = plain_text(briefing(full, side, player))
            assert (token in text) == (player == r["to"]), (player, token)
        assert token in plain_text(briefing(full, side)) and token not in plain_text(
            briefing(full, next(s for s in PLAYERS if s != side)))


@settings(max_examples=2, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(pos=st.fixed_dictionaries({u: point for u in BLUE + RED}),
       picks=st.lists(st.integers(0, 2), min_size=6, max_size=6),
       talk=st.lists(st.integers(0, 40), min_size=4, max_size=4), seed=st.integers(1, 10_000))
def test_a_players_folder_and_page_tell_only_what_he_knew(tmp_path_factory, pos, picks, talk, seed):
    """The same property over every file of a player's folder of ``umpire turn print`` (his
    briefing, map, orders sheet and pre-filled orders file) and every answer his page gives."""
    folder = tmp_path_factory.mktemp("folders")
    rec = _play(folder / "g.db", pos, picks, talk, seed)
    game, state = rec.game, rec.game.state
    players.release(game, 2)
    game.close()
    r = CliRunner().invoke(app, ["--db", str(folder / "g.db"), "turn", "print", "--out", str(folder / "papers")])
    assert r.exit_code == 0, r.output
    umpire = Client(folder / "g.db")
    for player, side in SIDE.items():
        ever = forbidden(state, player, rec.ever[player], rec.heard[player], rec.tokens)
        mine = folder / "papers" / "turn-2" / side / player
        files = sorted(mine.iterdir())
        assert {f.suffix for f in files} == {".md", ".pdf", ".png", ".yaml"}, files
        for f in files:
            text = _pdf_text(f) if f.suffix == ".pdf" else "" if f.suffix == ".png" else f.read_text(encoding="utf-8")
            assert not _leaks(text, ever), (player, f.name, _leaks(text, ever))
        page = SideClient(umpire.app, make_link(umpire, side, player), side)
        for url in (f"/side/{side}", f"/side/{side}/parts", f"/side/{side}/briefing?turn=1",
                    f"/side/{side}/briefing?turn=2"):
            got = page.get(url)
            assert got.status_code == 200, (url, got.text[:300])
            assert not _leaks(got.text, ever), (player, url, _leaks(got.text, ever))
