"""The bundled MBT season over its first round: both games set up, played with scripted orders
to their end (6 Turns, 9.4), imported in reverse order; the standings by hand from the victory
points; round 2 set up with the knocked-out vehicles and unrepaired damage carried over; the
printed rosters and the report."""

from __future__ import annotations

import json
import re

from pypdf import PdfReader

from tests.campaign.conftest import ok
from umpire.engine import Game

LOST = {"r1-village": {"nato": [], "ussr": ["t803"]}, "r1-farms": {"nato": [], "ussr": ["t641", "t643"]}}


def test_both_games_end_by_the_rules_with_their_losses(mbt_round1):
    for game, lost in LOST.items():
        st = Game.open(mbt_round1 / f"{game}.db").state
        assert st.phase == "Game over" and st.turn == 6
        assert {s: sorted(u.id for u in st.units_of(s) if u.status == "eliminated") for s in st.side_ids()} == lost


def test_standings_are_the_hand_computed_figures(mbt_round1):
    # r1-village: one T-80A brewed up (USSR-1A, 80-40-20: 80) and no objective held: NATO 80 to
    # 0, a win (30 or more ahead, 9.4.3). r1-farms: two T-64B knocked out and one with a hull
    # compartment hit (USSR-1B, 75-38-19: 75 + 75 + 38 = 188): NATO 188 to 0, a win.
    # League points 3/1/0; losses: Orlov t803, Volkov t641 and t643.
    data = json.loads(ok("campaign", "standings", mbt_round1 / "season.db", "--json").stdout)
    sides = {r["id"]: (r["played"], r["won"], r["drawn"], r["lost"], r["points"], r["inflicted"], r["suffered"])
             for r in data["sides"]}
    assert sides == {"nato": (2, 2, 0, 0, 6, 3, 0), "ussr": (2, 0, 0, 2, 0, 0, 3)}
    players = {r["id"]: (r["won"], r["lost"], r["points"], r["inflicted"], r["suffered"]) for r in data["players"]}
    assert players == {"hall": (1, 0, 3, 1, 0), "weber": (1, 0, 3, 2, 0), "orlov": (0, 1, 0, 0, 1),
                       "volkov": (0, 1, 0, 0, 2)}
    status = json.loads(ok("campaign", "status", mbt_round1 / "season.db", "--json").stdout)
    points = {g["id"]: g["points"] for g in status["games"] if g["points"]}
    from umpire.rules.mbt import basic_game
    from umpire.rules.mbt import data as cards

    t80 = basic_game.point_values(str(cards.card("USSR-1A").point_values.v))
    t64 = basic_game.point_values(str(cards.card("USSR-1B").point_values.v))
    assert points["r1-village"] == {"nato": t80[0], "ussr": 0}
    assert points["r1-farms"] == {"nato": 2 * t64[0] + t64[1], "ussr": 0}  # two destroyed, one compartment hit


def test_round_two_carries_the_damage_and_the_printed_rosters_show_it(mbt_round1):
    from umpire.campaign.engine import Campaign

    season = mbt_round1 / "season.db"
    ok("campaign", "next", season, "--game", "r2-farms", "--out", mbt_round1 / "r2-farms.db")
    state = Campaign.open(season).state
    units = Game.open(mbt_round1 / "r2-farms.db").state.units
    volkov = state.forces["volkov"]
    for u in volkov.units:
        if u.status == "lost":
            assert u.id not in units
        else:
            notes = units[u.id].notes
            assert ("compartment" in notes) == ("hull" in u.damage)
    ok("campaign", "print", season, "--out", mbt_round1 / "papers")
    text = re.sub(r"\s+", " ", " ".join(
        p.extract_text() for p in PdfReader(mbt_round1 / "papers" / "round-2" / "ussr-volkov-roster.pdf").pages))
    for u in volkov.units:
        if u.status == "lost":
            assert f"(lost in {u.lost_in})" in text
        elif u.damage:
            assert f"{', '.join(u.damage)} hit" in text
    assert any(u.damage or u.status == "lost" for u in volkov.units)


def test_the_report_tells_the_first_round(mbt_round1):
    out = mbt_round1 / "story"
    ok("campaign", "report", mbt_round1 / "season.db", "--out", out)
    md = (out / "season.md").read_text()
    assert "### The stone village (r1-village)" in md and "9.4.3" in md
    assert "Т-80 №113" in (out / "season.html").read_text()
    assert "Fulda Gap, spring 1989" in PdfReader(out / "season.pdf").pages[0].extract_text()
    assert "exactly" in ok("campaign", "replay", mbt_round1 / "season.db", "--check").stdout
