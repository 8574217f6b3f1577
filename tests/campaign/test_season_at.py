"""The bundled Auftragstaktik season played end to end from the command line: new, next for both
games of round 1, both played with scripted orders to their turn limit, imported in reverse
order, the standings checked against figures worked out by hand from the games' losses, round 2
set up with the losses carried over (visible in the game files and in the printed rosters), then
the season's report."""

from __future__ import annotations

import json
import re
from pathlib import Path

from pypdf import PdfReader

from tests.campaign.conftest import ok, run
from umpire.engine import Game

# What the two games of round 1 came to (read from the game files below): the seeded dice and
# the scripted orders of tests/campaign/play.py give the same games every time.
LOST = {
    "r1-north": {"nato": [], "pact": ["t64-1", "t64-2", "t64-3", "t80-1"]},
    "r1-south": {"nato": [], "pact": ["bmp-4", "bmp-5"]},
}


def _lost(path: Path) -> dict[str, list[str]]:
    st = Game.open(path).state
    return {s: sorted(u.id for u in st.units_of(s) if u.status in ("eliminated", "surrendered")) for s in st.side_ids()}


def test_round_one_games_end_by_their_turn_limit_with_the_losses_the_standings_count(at_round1):
    for game in LOST:
        g = Game.open(at_round1 / f"{game}.db")
        assert g.state.turn == 4 and g.state.phase == "orders"  # the End Phase of turn 3 resolved
        assert _lost(at_round1 / f"{game}.db") == LOST[game]


def test_standings_are_the_hand_computed_figures(at_round1):
    # NATO scores 10 for each Pact company eliminated (no HQ lost, nobody on the objective town
    # at the end): r1-north 4 companies, 40-0; r1-south 2, 20-0; both NATO wins (10 needed).
    # League points 3/1/0. By side: NATO 2 played, 2 won, 6 points, 60 scored, 6 inflicted, 0
    # suffered. By player: Smith and Jones 40 scored, 4 inflicted; Becker and Miller 20 and 2;
    # each Pact player 1 lost, suffering what their own battalion lost: Ivanov t80-1 (1),
    # Petrov t64-1..3 (3), Sidorov nothing (0), Kuznetsov bmp-4 and bmp-5 (2).
    data = json.loads(ok("campaign", "standings", at_round1 / "season.db", "--json").stdout)
    sides = {r["id"]: [r[k] for k in ("played", "won", "drawn", "lost", "points", "scored", "inflicted", "suffered")]
             for r in data["sides"]}
    assert sides == {"nato": [2, 2, 0, 0, 6, 60, 6, 0], "pact": [2, 0, 0, 2, 0, 0, 0, 6]}
    players = {r["id"]: (r["won"], r["lost"], r["points"], r["scored"], r["inflicted"], r["suffered"])
               for r in data["players"]}
    for nato in ("smith", "jones"):
        assert players[nato] == (1, 0, 3, 40, 4, 0)
    for nato in ("becker", "miller"):
        assert players[nato] == (1, 0, 3, 20, 2, 0)
    assert players["ivanov"] == (0, 1, 0, 0, 0, 1)
    assert players["petrov"] == (0, 1, 0, 0, 0, 3)
    assert players["sidorov"] == (0, 1, 0, 0, 0, 0)
    assert players["kuznetsov"] == (0, 1, 0, 0, 0, 2)
    assert [r["id"] for r in data["sides"]] == ["nato", "pact"]
    text = ok("campaign", "standings", at_round1 / "season.db").stdout
    assert "by side" in text and "P. Ivanov" in text


def test_recovery_rolls_are_keyed_recorded_and_decide_who_is_lost(at_round1):
    log = json.loads(ok("campaign", "log", at_round1 / "season.db", "--json").stdout)
    rolls = {r["why"]: r["values"][0] for e in log for r in e["rolls"]}
    eliminated = [u for game in LOST.values() for u in game["pact"]]
    owner = {"t64": "petrov", "t80": "ivanov", "bmp-2": "sidorov", "bmp-4": "kuznetsov", "bmp-5": "kuznetsov",
             "t72-2": "kuznetsov"}
    keys = {f"round 1 {next(v for k, v in owner.items() if u.startswith(k))} {u} recovery": u for u in eliminated}
    assert set(rolls) == set(keys)  # one d10 per eliminated stand, keyed by round, force, unit, purpose
    status = json.loads(ok("campaign", "status", at_round1 / "season.db", "--json").stdout)
    lost_now = {u for f in status["forces"] for u in f["lost"]}
    replaced = {line.split()[0] for line in _after_round(at_round1)}
    for why, unit in keys.items():
        recovered = rolls[why] >= 7  # numbers.recovery.target
        assert (unit in lost_now) == (not recovered and unit not in replaced), (why, rolls[why])


def _after_round(folder: Path) -> list[str]:
    from umpire.campaign.engine import Campaign

    return Campaign.open(folder / "season.db").state.after_round[1]


def test_the_log_replays_to_the_stored_state(at_round1):
    r = ok("campaign", "replay", at_round1 / "season.db", "--check")
    assert "gives the stored state exactly" in r.stdout


def test_round_two_is_set_up_with_the_losses_carried_over(at_round1):
    from umpire.campaign.engine import Campaign

    season = at_round1 / "season.db"
    for game in ("r2-north", "r2-south"):
        ok("campaign", "next", season, "--game", game, "--out", at_round1 / f"{game}.db")
    state = Campaign.open(season).state
    assert state.round == 2
    for game in ("r2-north", "r2-south"):
        units = Game.open(at_round1 / f"{game}.db").state.units
        record = state.games[game]
        for pid in record.players:
            f = state.forces[pid]
            assert {u.id for u in f.ready()} <= set(units)
            for u in f.units:
                if u.status == "lost":
                    assert u.id not in units  # a lost stand does not come to the table
                else:
                    assert units[u.id].hits == u.hits  # carried hits are on the stand
                    assert units[u.id].quality == u.quality
    # The recovery rolls of round 1 (d10, keyed, target 7: numbers.recovery.target): t80-1 10
    # and t64-3 10 recovered, each with its 2 hits (numbers.recovery.hits); t64-1 4, t64-2 4,
    # bmp-4 2 and bmp-5 3 lost. One replacement a force a round (numbers.replacements): Petrov's
    # t64-1 (regular -> recruit) and Kuznetsov's bmp-4 (recruit -> militia) come back, so t64-2
    # and bmp-5 stay lost.
    carried = sorted(u.id for f in state.forces.values() for u in f.units if u.hits)
    lost = sorted(u.id for f in state.forces.values() for u in f.units if u.status == "lost")
    assert (carried, lost) == (["t64-3", "t80-1"], ["bmp-5", "t64-2"])
    assert state.after_round[1] == ["t64-1 (petrov) replaced after round 1 (regular -> recruit)",
                                    "bmp-4 (kuznetsov) replaced after round 1 (recruit -> militia)"]
    # The game file is an ordinary game: its own roster shows the hits its stands carry in.
    game = next(g for g in ("r2-north", "r2-south") if "t80-1" in Game.open(at_round1 / f"{g}.db").state.units)
    ok("--db", at_round1 / f"{game}.db", "roster", "--out", at_round1 / f"{game}-roster.pdf")
    text = " ".join(p.extract_text() for p in PdfReader(at_round1 / f"{game}-roster.pdf").pages)
    in_game = [u for f in state.forces.values() for u in f.units
               if u.hits and u.id in Game.open(at_round1 / f"{game}.db").state.units]
    assert in_game and all(u.id in text for u in in_game)
    assert ("■ " * in_game[0].hits) + "☐" in re.sub(r"\s+", " ", text)


def test_printed_rosters_show_the_carried_losses(at_round1):
    from umpire.campaign.engine import Campaign

    r = ok("campaign", "print", at_round1 / "season.db", "--out", at_round1 / "papers")
    folder = at_round1 / "papers" / "round-2"
    names = sorted(p.name for p in folder.iterdir())
    assert len(names) == 16 and "pact-petrov-roster.pdf" in names and "nato-smith-orders.pdf" in names
    assert "wrote" in r.stdout
    state = Campaign.open(at_round1 / "season.db").state
    for f in state.forces.values():
        text = " ".join(p.extract_text() for p in PdfReader(folder / f"{f.side}-{f.player}-roster.pdf").pages)
        text = re.sub(r"\s+", " ", text)
        assert f.player_name in text
        for u in f.units:
            if u.status == "lost":
                assert f"{u.name} (lost in {u.lost_in})" in text and "lost" in text
            elif u.hits:
                assert u.id in text
                assert ("■ " * u.hits) + "☐" in text  # the carried hits ticked on the roster
        orders = " ".join(p.extract_text() for p in PdfReader(folder / f"{f.side}-{f.player}-orders.pdf").pages)
        assert all(u.id not in orders.split() for u in f.units if u.status == "lost")


def test_the_report_tells_the_season(at_round1):
    out = at_round1 / "story"
    ok("campaign", "report", at_round1 / "season.db", "--out", out)
    md = (out / "season.md").read_text()
    assert md.startswith("# Hof Gap, autumn 1985")
    assert "### The Töpen crossing (r1-north)" in md and "Decisive events:" in md
    assert "| NATO | 2 | 2 | 0 | 0 | 6 | 60 | 6 | 0 |" in md
    assert "t64-2 eliminated" in md
    html = (out / "season.html").read_text()
    assert html.count("<svg") == 2 and "Gattendorf crossroads" in html and "<script" not in html
    pdf = " ".join(p.extract_text() for p in PdfReader(out / "season.pdf").pages)
    assert "Hof Gap, autumn 1985" in pdf and "Т-64Б" in pdf
    for name in ("strength.svg", "losses.svg"):
        assert (out / name).read_text().startswith("<svg")


def test_a_bad_round_two_setup_is_refused(at_round1):
    r = run("campaign", "next", at_round1 / "season.db", "--game", "r3-north", "--out", at_round1 / "r3.db")
    assert r.exit_code == 2
    assert r.stderr.startswith("Error: --game r3-north: round 3 cannot start before round 2 is finished")
    assert not (at_round1 / "r3.db").exists()


def test_printing_shows_a_progress_bar(at_round1, monkeypatch):
    import io

    from rich.console import Console

    import umpire.cli.paper as paper

    buf = io.StringIO()
    monkeypatch.setattr(paper, "err", Console(file=buf, force_terminal=True, width=120))
    ok("campaign", "print", at_round1 / "season.db", "--out", at_round1 / "papers-bar")
    shown = buf.getvalue()
    assert "round 2: rosters and orders sheets" in shown and "/16" in shown
