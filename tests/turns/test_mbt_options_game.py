"""The scripted MBT game with options (data/scenarios/mbt-options-night.yaml, orders in
data/orders/mbt-options/): three moonlit turns with off-board artillery (illumination, then HE, and a
Copperhead on a designated tank), a Soviet battery answering, an air strike through AA fire, a
helicopter pair a side (the Apache fired at by the ZSU-23-4, then firing a rocket), a hasty
minefield and command control.
Golden turn reports and per-player briefings (``pytest --update-golden`` rewrites them), an exact replay, and every
option resolution of the log asked again of ``umpire calc`` on the case the turn used."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.turns import scripted
from tests.turns.scripted import play_mbt
from umpire.ask.calc import run_case
from umpire.engine import Game
from umpire.rules.mbt.state import MbtUnit

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "data" / "scenarios" / "mbt-options-night.yaml"
ORDERS = ROOT / "data" / "orders" / "mbt-options"
GOLDEN = ROOT / "tests" / "reports" / "golden" / "mbt-options"
TURNS = 3
PLAYERS = {"nato": ("alpha", "bravo"), "ussr": ("ivanov", "petrov")}


def play(path: Path) -> Game:
    return play_mbt(path, SCENARIO, ORDERS, TURNS)


def renders(game: Game) -> dict[str, str]:
    return scripted.renders(game, ("nato", "ussr"), TURNS, PLAYERS)  # two players a side (21.3)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return play(tmp_path_factory.mktemp("options") / "game.db")


def _results(game: Game) -> list[dict]:
    return [r for e in game.events() for r in e.results]


def test_the_story_happens(game: Game) -> None:
    """Illumination, HE both ways, a delay, the minefield and the command point it cost."""
    art = [r for r in _results(game) if r["procedure"] == "artillery" and "case" in r]
    assert [(r["battery"], r["case"]["mission"]) for r in art] == [("B", "HE"), ("A", "IL"), ("A", "HE")]
    (copperhead,) = [r for r in _results(game) if r["procedure"] == "clgp"]  # the FISTV's designator (19.2.4.7)
    assert copperhead["unit"] == "tp-3" and copperhead["outcome"] == {"brewed_up": True}
    assert MbtUnit.of(game.state.units["tp-3"]).knocked_out_in == "T3 Artillery"
    assert art[1]["outcome"]["placed"] == "IL" and art[2]["outcome"]["delayed"] is True
    (aa,) = [r for r in _results(game) if r["procedure"] == "aa" and r.get("aircraft")]
    assert aa["unit"] == "zsu" and aa["aircraft"] == "j1"  # the ZSU-23-4 fires at the F-111F (20.3.4)
    (drop,) = [r for r in _results(game) if r["procedure"] == "air_drop" and not r.get("helicopter")]
    assert drop["outcome"]["results"] == {"tp-1": "effective"} and game.state.units["tp-1"].destroyed == \
        "brewed_up"  # a cluster bomb's effective result brews a vehicle up (20.1.3.3.3)
    (mine,) = [r for r in _results(game) if r["procedure"] == "mine"]
    assert mine["unit"] == "m1-1" and mine["outcome"]["result"] == "TK"
    assert MbtUnit.of(game.state.units["m1-1"]).track_hit is True
    turn2 = [e for e in game.events() if e.kind == "mbt.orders" and e.turn == 2 and e.payload["side"] == "nato"]
    assert "command points: tk 1 of 1 (m1-2 changes marker; 21.1.2)" in turn2[0].summary
    assert game.state.phase == "Game over"


def test_command_control_with_two_players_a_side(game: Game) -> None:
    """The Soviet side's jamming for turn 3 (21.2), messages both ways delivered a Turn after they
    were written (21.3.3.2.1), and each player's briefing his own: a message only in its
    addressee's, a unit of his side's other player in none of his."""
    (jam,) = [r for r in _results(game) if r["procedure"] == "jamming"]
    assert jam["side"] == "ussr" and jam["case"] == {"points": 2, "side": "USSR"}
    got = {(r["sender"], r["to"], r["written"]): r["outcome"]["fate"] for r in _results(game)
           if r["procedure"] == "message"}
    assert got == {("bravo", "alpha", 1): "received", ("alpha", "bravo", 2): "received",
                   ("petrov", "ivanov", 2): "received"}
    text = {k: " ".join(v.split()) for k, v in renders(game).items()}
    assert "Flare over the T-72s" in text["turn2-nato-alpha.txt"] and "Flare" not in text["turn2-nato-bravo.txt"]
    assert "Aircraft expected" in text["turn3-ussr-ivanov.txt"] and "Aircraft" not in text["turn3-ussr-petrov.txt"]
    # in the clear, and intercepted: NATO's overall commander reads it, his other player does not (21.3.3.2.3)
    assert [r["reader"] for r in _results(game) if r["procedure"] == "message" and r["outcome"]["intercepted"]] == \
        ["alpha"]
    assert "An enemy radio message intercepted, written in turn 2: \"Aircraft expected" in text["turn3-nato-alpha.txt"]
    assert "Aircraft" not in text["turn3-nato-bravo.txt"]
    for turn in range(1, TURNS + 1):
        assert "fist" not in text[f"turn{turn}-nato-alpha.txt"] and "m1-1" not in text[f"turn{turn}-nato-bravo.txt"]
        assert "zsu" not in text[f"turn{turn}-ussr-ivanov.txt"] and "tp-1" not in text[f"turn{turn}-ussr-petrov.txt"]


def test_the_helicopters_fly_are_fired_at_and_fire(game: Game) -> None:
    """The Apache pair flies NOE, climbs to low altitude into the ZSU-23-4's reach and is fired at
    (20.3.4), and hovering there in the second Air Phase (20.2.2) again; in the last turn the ZSU
    has fired at the F-111F (once an Air Phase, 20.3.4), and the Apache, back at NOE and hovering,
    fires a rocket at tp-3 (20.2.3.3.1), and is fired at in the second Air Phase."""
    moves = [(r["helicopter"], r["case"]["start"], r["altitude"], r["case"]["hexes"], r["step"])
             for r in _results(game) if r["procedure"] == "helicopter"]
    second = "second Air Phase"
    assert [m for m in moves if m[0] == "ah-1"] == [
        ("ah-1", "noe", "noe", 7, "Air Phase"), ("ah-1", "noe", "noe", 0, second),
        ("ah-1", "noe", "low", 17, "Air Phase"), ("ah-1", "low", "low", 0, second),
        ("ah-1", "low", "noe", 0, "Air Phase"), ("ah-1", "noe", "noe", 0, second)]
    at_heli = [r for r in _results(game) if r["procedure"] == "aa" and r.get("helicopter")]
    assert [(r["unit"], r["helicopter"], r["case"]["altitude"], r["step"]) for r in at_heli] == [
        ("zsu", "ah-1", "low", "Air Phase"), ("zsu", "ah-1", "low", second), ("zsu", "ah-1", "noe", second)]
    (rocket,) = [r for r in _results(game) if r["procedure"] == "air_drop" and r.get("helicopter")]
    assert rocket["case"]["aircraft"] == "USA-6A/2" and rocket["case"]["weapon"] == "rocket"
    seen = [s for r in _results(game) if r["procedure"] == "helicopter_sighting" for s in r["helicopters"]]
    assert {(s["helicopter"], s["altitude"]) for s in seen} == {("ah-1", "low"), ("ah-1", "noe")}


def test_every_option_resolution_is_the_calc_answer_of_its_case(game: Game) -> None:
    """The tracked turn's artillery, air strike and minefield resolutions, asked of calc on the case each
    reports it used with the dice it rolled, give the same outcome, targets and modified roll."""
    asked = 0
    for e in game.events():
        for r in e.results:
            if r["procedure"] not in ("artillery", "mine", "air_drop", "counter_battery", "clgp", "jamming",
                                      "message", "aa", "helicopter", "crash") or "case" not in r:
                continue
            dice = [v for roll in r["rolls"] for v in roll["values"]]
            answer, _ = run_case({"ruleset": "mbt", "procedure": r["procedure"], **r["case"], "dice": dice})
            out = answer.to_json()
            assert out["outcome"] == r["outcome"], r["summary"]
            assert out["modified_roll"] == r["modified_roll"]
            assert out.get("targets") == r.get("targets")
            asked += 1
    assert asked == 6 + 4 + 12 + 4  # with the jamming attempt and three messages (21.2.1, 21.3.3.2), the
    # helicopters' twelve moves (two Air Phases a Turn), the AA fire at them and the rocket


def test_golden_reports(game: Game, update_golden: bool) -> None:
    assert scripted.unlike_goldens(renders(game), GOLDEN, update_golden) == [], "pytest --update-golden, then review"


def test_replaying_the_log_gives_the_same_state_and_reports(game: Game, tmp_path: Path) -> None:
    assert game.check() == []
    again = scripted.replayed(game, tmp_path / "again.db", SCENARIO)
    assert again.state.model_dump() == game.state.model_dump()
    assert renders(again) == renders(game)


def test_a_side_never_reads_the_other_sides_plots_or_unentered_minefields(game: Game) -> None:
    """Fog (24.4): the Soviet minefield is in no NATO briefing before m1-1 enters it; a side reads
    where artillery fell and what it did to its own units, never whose battery fired nor its
    effect on units it has not seen."""
    text = renders(game)
    assert "(20, 14)" not in text["turn1-nato.txt"]
    assert "m1-1 enters a hasty minefield at (20, 14)" in text["turn2-nato.txt"]
    assert "minefield" not in text["turn2-ussr.txt"]
    for turn in range(1, TURNS + 1):
        assert "battery" not in text[f"turn{turn}-nato.txt"] and "battery" not in text[f"turn{turn}-ussr.txt"]
    (soviet,) = [r for r in _results(game) if r["procedure"] == "artillery" and r["battery"] == "B"]
    where = "artillery fire fell at ({:g}, {:g})".format(*soviet["outcome"]["impact_at"])
    hit = "; ".join(f"{u} {w}" for u, w in sorted(soviet["outcome"]["results"].items()))
    assert where + (f": {hit}" if hit else "") + "\n" in text["turn2-nato.txt"]  # its own units' results
    assert where + "\n" in text["turn2-ussr.txt"]  # its own fire, on units it did not see
    assert "battery B (HE at (16, 18))" in text["turn2-umpire.txt"]
