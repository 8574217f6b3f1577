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
from umpire.rules.mbt.state import MbtUnit

LOST = {"r1-village": {"nato": [], "ussr": ["t803"]}, "r1-farms": {"nato": [], "ussr": ["t641", "t643"]}}


def test_both_games_end_by_the_rules_with_their_losses(mbt_round1):
    for game, lost in LOST.items():
        st = Game.open(mbt_round1 / f"{game}.db").state
        assert st.phase == "Game over" and st.turn == 6
        assert {s: sorted(u.id for u in st.units_of(s) if u.status == "eliminated") for s in st.side_ids()} == lost


def test_standings_are_the_hand_computed_figures(mbt_round1):
    # r1-village: one T-80A brewed up (USSR-1A, 80-40-20: 80) and no objective held; the USSR
    # scores b12's gun hit and b13's track hit (USA-1B, 100-50-25: 25 + 25 = 50): NATO 80 to 50,
    # a win (30 or more ahead, 9.4.3). r1-farms: two T-64B knocked out (USSR-1B, 75-38-19:
    # 75 + 75 = 150); the USSR scores z21's track hit (FRG-1B, 99-50-25: 25): NATO 150 to 25, a win.
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

    def values(card: str) -> tuple[int, int, int]:
        return basic_game.point_values(str(cards.card(card).point_values.v))

    t80, t64, m1, leo = values("USSR-1A"), values("USSR-1B"), values("USA-1B"), values("FRG-1B")
    assert points["r1-village"] == {"nato": t80[0], "ussr": 2 * m1[2]} == {"nato": 80, "ussr": 50}
    assert points["r1-farms"] == {"nato": 2 * t64[0], "ussr": leo[2]} == {"nato": 150, "ussr": 25}


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
            assert (MbtUnit.of(units[u.id]).compartment is not None) == ("hull" in u.damage)
    ok("campaign", "print", season, "--out", mbt_round1 / "papers")
    text = re.sub(r"\s+", " ", " ".join(
        p.extract_text() for p in PdfReader(mbt_round1 / "papers" / "round-2" / "ussr-volkov-roster.pdf").pages))
    for u in volkov.units:
        if u.status == "lost":
            assert f"(lost in {u.lost_in})" in text
        elif u.damage:
            assert f"{', '.join(u.damage)} hit" in text
    # The campaign's keyed d10s after round 1 (numbers.recovery target 8, repair targets track 4,
    # gun 5, compartment 7): Volkov's t641 recovered on 9 with a hull hit, repaired on 7, with a
    # new crew a step worse (campaign.crew: regular -> recruit); t643
    # lost on 2, and replaced (one a force a round) as a recruit; Orlov's t803 brewed up (always
    # lost) and replaced. NATO's damage is all repaired: b12 gun on 7, b13 track on 10, z21 track on 7.
    rolls = {r["why"]: r["values"][0] for e in json.loads(ok("campaign", "log", season, "--json").stdout)
             for r in e["rolls"]}
    assert rolls == {"round 1 volkov t641 recovery": 9, "round 1 volkov t641 repair hull": 7,
                     "round 1 volkov t643 recovery": 2, "round 1 hall b12 repair gun": 7,
                     "round 1 hall b13 repair track": 10, "round 1 weber z21 repair track": 7}
    assert [(u.id, u.status, u.quality, u.damage) for u in volkov.units if u.id in ("t641", "t643")] == [
        ("t641", "ready", "recruit", []), ("t643", "ready", "recruit", [])]
    assert state.after_round[1] == ["t803 (orlov) replaced after round 1 (regular -> recruit)",
                                    "t643 (volkov) replaced after round 1 (regular -> recruit)"]


def test_the_report_tells_the_first_round(mbt_round1):
    out = mbt_round1 / "story"
    ok("campaign", "report", mbt_round1 / "season.db", "--out", out)
    md = (out / "season.md").read_text()
    assert "### The stone village (r1-village)" in md and "9.4.3" in md
    assert "Т-80 №113" in (out / "season.html").read_text()
    assert "Fulda Gap, spring 1989" in PdfReader(out / "season.pdf").pages[0].extract_text()
    assert "exactly" in ok("campaign", "replay", mbt_round1 / "season.db", "--check").stdout
