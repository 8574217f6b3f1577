"""The campaign rules between games, hand-checked with scripted dice, and the campaign's keyed
dice (the same key always rolls the same, so games of a round import in any order)."""

from __future__ import annotations

import pytest

from umpire.campaign.between import after_game, close_round
from umpire.campaign.dice import KeyedDice, keyed_int
from umpire.campaign.rulings import campaign_book, lower_quality
from umpire.campaign.state import CampaignState, ForceRecord, GameRecord, SideInfo, UnitRecord
from umpire.core.dice import RecordingDice, ScriptedDice
from umpire.errors import UmpireError


def _state(ruleset: str, units: list[UnitRecord]) -> CampaignState:
    force = ForceRecord(player="p", player_name="P", side="a", id="f", name="F", units=units)
    other = ForceRecord(player="q", player_name="Q", side="b", id="g", name="G",
                        units=[UnitRecord(id="z", name="z")])
    game = GameRecord(id="g1", round=1, name="g1", scenario="s", turns=3, players=["p", "q"])
    return CampaignState(id="c", name="c", ruleset=ruleset, seed=1, sides=[SideInfo(id="a", name="A"),
                         SideInfo(id="b", name="B")], forces={"p": force, "q": other}, games={"g1": game}, rounds=1)


def _after(ruleset: str, units: list[UnitRecord], ends: dict, rolls: list[int], rulings: dict | None = None):
    state = _state(ruleset, units)
    ends = {**ends, "z": {"side": "b", "status": "ok", "hits": 0, "damage": []}}
    book = campaign_book(ruleset)
    dice = RecordingDice(ScriptedDice(rolls))
    lines = after_game(state, state.games["g1"], ends, book, book.select(rulings or {}), dice)
    return state.forces["p"], lines, dice.rolls


def _end(status="ok", hits=0, damage=(), destroyed=None):
    return {"side": "a", "status": status, "hits": hits, "damage": list(damage), "destroyed": destroyed}


def test_an_eliminated_stand_is_recovered_on_seven_or_more_with_two_hits():
    f, lines, rolls = _after("auftragstaktik", [UnitRecord(id="u", name="u"), UnitRecord(id="v", name="v")],
                             {"u": _end("eliminated", 4), "v": _end("eliminated", 5)}, [7, 6])
    assert [r.why for r in rolls] == ["round 1 p u recovery", "round 1 p v recovery"]
    assert (f.unit("u").status, f.unit("u").hits) == ("ready", 2)
    assert (f.unit("v").status, f.unit("v").lost_in) == ("lost", "g1")
    assert f.lost_order == ["v"]
    assert "d10 6 < 7" in lines[1]


def test_a_surrendered_stand_is_lost_without_a_roll_and_lost_ruling_rolls_nothing():
    f, _, rolls = _after("auftragstaktik", [UnitRecord(id="u", name="u"), UnitRecord(id="v", name="v")],
                         {"u": _end("surrendered"), "v": _end("eliminated", 4)}, [], {"campaign.eliminated": "lost"})
    assert rolls == [] and f.unit("u").status == f.unit("v").status == "lost"


@pytest.mark.parametrize(("choice", "rolls", "carried"), [
    ("recover_one", [], 2), ("clear", [], 0), ("keep", [], 3), ("repair_roll", [6, 5, 9], 1),
])
def test_hits_carried_into_the_next_game(choice, rolls, carried):
    f, _, used = _after("auftragstaktik", [UnitRecord(id="u", name="u")], {"u": _end(hits=3)}, rolls,
                        {"campaign.hits": choice})
    assert f.unit("u").hits == carried
    assert len(used) == len(rolls)


def test_mbt_brewed_up_is_lost_knocked_out_may_come_back_and_damage_is_repaired_by_roll():
    units = [UnitRecord(id=i, name=i, quality="veteran") for i in ("a", "b", "c", "d")]
    ends = {"a": _end("eliminated", destroyed="brewed_up"), "b": _end("eliminated", destroyed="knocked_out"),
            "c": _end(damage=["track", "gun"]), "d": _end(damage=["turret"])}
    # b: recovery 8 (>= 8) with a hull hit, repaired on 7; c: track 4 (>= 4) repaired, gun 4 (< 5) kept;
    # d: turret 6 (< 7) kept.
    f, lines, rolls = _after("mbt", units, ends, [8, 7, 4, 4, 6])
    assert [r.why for r in rolls] == ["round 1 p b recovery", "round 1 p b repair hull", "round 1 p c repair track",
                                      "round 1 p c repair gun", "round 1 p d repair turret"]
    assert f.unit("a").status == "lost"
    assert (f.unit("b").status, f.unit("b").damage, f.unit("b").quality) == ("ready", [], "regular")  # new crew
    assert f.unit("c").damage == ["gun"] and f.unit("d").damage == ["turret"]


def test_replacements_come_back_first_lost_first_one_quality_step_lower():
    state = _state("auftragstaktik", [UnitRecord(id="u", name="u", quality="veteran", status="lost"),
                                      UnitRecord(id="v", name="v", status="lost")])
    state.forces["p"].lost_order = ["v", "u"]
    book = campaign_book("auftragstaktik")
    lines = close_round(state, 1, book, book.select({}))
    f = state.forces["p"]
    assert (f.unit("v").status, f.unit("v").quality) == ("ready", "recruit")
    assert f.unit("u").status == "lost" and f.lost_order == ["u"]
    assert lines == ["v (p) replaced after round 1 (regular -> recruit)"]
    assert state.after_round[1] == lines and state.strength[-1] == {"p": 1, "q": 1}


def test_keyed_dice_depend_on_the_seed_and_the_key_only():
    a = KeyedDice(1985).roll(10, why="round 1 smith a-1-64 recovery")
    assert a == KeyedDice(1985).roll(10, why="round 1 smith a-1-64 recovery")
    rolls = {KeyedDice(1985).roll(10, why=f"round 1 x u{i} recovery")[0] for i in range(60)}
    assert rolls == set(range(1, 11))  # every face turns up over many keys
    assert keyed_int(1, "k", 1, 6) == keyed_int(1, "k", 1, 6)


def test_the_campaign_rolls_with_the_games_keyed_generator():
    """One mechanism: a campaign roll is the game's keyed die (the worked key of
    ``umpire.core.dice.keyed_value`` and docs/keyed-dice.md, seed 4711, shows 5)."""
    from umpire.core.dice import keyed_value

    assert KeyedDice(4711).roll(10, why="t1/Initiative/initiative/nato#0") == (5,)
    assert KeyedDice(1985).roll(6, 2, why="k") == (keyed_value(1985, "k/0", 6), keyed_value(1985, "k/1", 6))
    assert keyed_int(1985, "game r1-north seed", 1, 2**31 - 1) == keyed_value(1985, "game r1-north seed", 2**31 - 1)
    assert keyed_int(3, "k", 5, 5) == 5


def test_the_campaign_rules_are_valid_data_for_both_rulesets():
    for ruleset in ("auftragstaktik", "mbt"):
        book = campaign_book(ruleset)
        names = {r.name for r in book.rulings}
        assert {"campaign.game_end", "campaign.result", "campaign.points", "campaign.replacements"} <= names
        for r in book.rulings:
            assert "numbers." not in book.explain(" ".join(r.choices.values()))
    with pytest.raises(UmpireError, match="unknown ruling 'campaign.hitz'"):
        campaign_book("auftragstaktik").select({"campaign.hitz": "keep"})
    assert lower_quality("elite", 2) == "regular"
