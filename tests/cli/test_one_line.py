"""#20: every calc procedure of both rulesets asked in one line gives the same JSON answer as the
same case written as a file; ``umpire calc FILE`` reads the procedure from the file; the answer's
first line names what it resolved (firer -> target, or the facts of a case with neither)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from tests.cli.options_lines import OPTION_LINES
from umpire.ask.calc import case_model, read_question
from umpire.ask.line import roles_of
from umpire.cli import app
from umpire.registry import RULESETS

runner = CliRunner()

HELI = "sc | h | 3 | -- | HW: 2 [6] | -- | --"
ZSU = "mp | 10t | 1 | -- | HW: 3 [6] | -- | AD(g): 4 [6]"

#: (ruleset, procedure): (the words after ``umpire calc``, the dice, a word the first line holds)
LINES: dict[tuple[str, str], tuple[list[str], list[int], str]] = {
    ("auftragstaktik", "fire"): (["fire", "T-80B", "Abrams", '7"', "side"], [7],
                                 "T-80B Company -> M1A1 Company ('Abrams' read as M1A1 Company)"),
    ("auftragstaktik", "spot"): (["spot", "BMP-2", "12", "target.kind=troop", "night=true"], [], "BMP-2 Company"),
    ("auftragstaktik", "hq"): (["hq", "3", "2", "hq.doctrine=centralized"], [6],
                               "hq: hq.rating 3, enemy_rating 2"),
    ("auftragstaktik", "morale"): (["morale", "H", "1.5"], [4], "morale: battalion.morale H"),
    ("auftragstaktik", "close-combat"): (["close-combat", "MR Company", "T-80B", "concealed=true"], [3],
                                         "Soviet Motor Rifle Company -> T-80B Company"),
    ("auftragstaktik", "overrun"): (["overrun", "MR Company", "T-80B", "T-72"], [5],
                                    "T-80B Company + T-72A Company -> Soviet Motor Rifle Company"),
    ("auftragstaktik", "indirect"): (["indirect", "2S1", "Marder", "30", "icm=true"], [8], "2S1 Battery -> Marder"),
    ("auftragstaktik", "counter-battery"): (["counter-battery", "2S1", "M109", "40",
                                             "counter_battery.target_sp=true"], [9], "2S1 Battery -> M109A2 Battery"),
    ("auftragstaktik", "airstrike"): (["airstrike", "MR Company", "2", "orders_level=brigade"], [6],
                                      "Soviet Motor Rifle Company"),
    ("auftragstaktik", "strafing"): (["strafing", f"aircraft.statline={HELI}", "target.unit=MR Company"], [4],
                                     "stat line sc | h | 3 -> Soviet Motor Rifle Company"),
    ("auftragstaktik", "air-defense"): (["air-defense", ZSU, f"target.statline={HELI}", "ad", "2"], [5],
                                        "stat line mp | 10t | 1 -> stat line sc | h | 3"),
    ("auftragstaktik", "entrench"): (["entrench", "deliberate", "veteran", "engineer=true"], [7],
                                     "entrench: level deliberate, quality veteran, stand troop"),
    ("auftragstaktik", "mines"): (["mines", "T-80B", "AT"], [2], "T-80B Company"),
    ("auftragstaktik", "measure"): (["measure", "10,24", "50,24", "to.facing=270"], [], "(10, 24) -> (50, 24)"),
    ("mbt", "fire"): (["mbt", "fire", "USSR-2A", "FRG-1A", "5", "APFSDS", "target.terrain=woods"], [6, 25, 60],
                      "T-72M1 (USSR-2A) -> Leopard 1A4 (FRG-1A)"),
    ("mbt", "sight"): (["sight", "12", "woods", "sighter.turret=buttoned"], [],
                       "sight: range 12, target.terrain woods"),
    ("mbt", "gp"): (["gp", "M1A1", "T-72M1", "10"], [40], "M1A1 (USA-1B) -> T-72M1 (USSR-2A)"),
    ("mbt", "close_assault"): (["close-assault", "40", "M1A1", "target_moving=true"], [30], "M1A1 (USA-1B)"),
    ("mbt", "hand_to_hand"): (["hand_to_hand", "squad", "squad", "2"], [50], "squad -> squad"),
    ("mbt", "move"): (["mbt", "move", "M1A1", "M", "6", "route[0].terrain=woods", "route[1].inches=2"], [],
                      "M1A1 (USA-1B)"),
    ("mbt", "missile"): (["missile", "BMP-2", "AT-5 Spandrel", "10,9,8"], [], "BMP-2 (USSR-3B)"),
    ("mbt", "overrun"): (["mbt", "overrun", "T-72M1", "USA-7B", "defender.terrain=woods"], [75],
                         "T-72M1 (USSR-2A) -> US infantry"),
    ("mbt", "into_buildings"): (["mbt", "into_buildings", "T-72M1", "wooden", "back"], [15], "T-72M1 (USSR-2A)"),
    ("mbt", "smoke"): (["mbt", "smoke", "USA-1A", "discharger"], [], "M1 (USA-1A)"),
    ("auftragstaktik", "move"): (["move", "T-80B", "HA", "route[0].inches=4", "route[0].terrain=woods"], [],
                                 "move: unit T-80B"),
}
LINES.update(OPTION_LINES)


def every_procedure() -> list[tuple[str, str]]:
    return [(rs.name, p) for rs in RULESETS for p in ["measure", *rs.case_models()]
            if (rs.name, p) != ("mbt", "measure")]


def test_every_procedure_has_a_line() -> None:
    assert sorted(LINES) == sorted(every_procedure())


def _rolls(dice: list[int]) -> list[str]:
    return [a for d in dice for a in ("--roll", str(d))]


@pytest.mark.parametrize("key", sorted(LINES), ids=lambda k: f"{k[0]}-{k[1]}")
def test_the_line_and_the_file_give_the_same_answer(key: tuple[str, str], tmp_path: Path) -> None:
    words, dice, first = LINES[key]
    case = read_question(words)
    assert (case["ruleset"], case["procedure"]) == key
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(case, allow_unicode=True), encoding="utf-8")
    line = runner.invoke(app, ["calc", *words, "--json", *_rolls(dice)])
    assert line.exit_code == 0, line.output
    # the file, with its procedure named and without: the same answer
    named = runner.invoke(app, ["calc", key[1], str(path), "--json", *_rolls(dice)])
    bare = runner.invoke(app, ["calc", str(path), "--json", *_rolls(dice)])
    assert named.exit_code == 0 and bare.exit_code == 0, named.output + bare.output
    assert json.loads(line.output) == json.loads(named.output) == json.loads(bare.output)
    # the first line of the text answer names what was resolved
    text = runner.invoke(app, ["calc", *words, *_rolls(dice)])
    assert text.exit_code == 0, text.output
    head = text.output.splitlines()[0]
    # an MBT answer names its game once, first (#34)
    assert head.removeprefix("MBT Advanced Game: ").removeprefix("MBT Advanced Game, ").startswith(first), head
    assert head.startswith("MBT Advanced Game") == (key[0] == "mbt" and key[1] != "measure"), head
    assert json.loads(line.output)["resolved"]["line"] == head
    model = case_model(*key)
    assert model is not None
    for role in roles_of(model):
        if role in case:
            assert any(r["role"] == role for r in json.loads(line.output)["resolved"]["roles"])


def test_the_words_build_the_case_a_file_holds() -> None:
    assert read_question(["fire", "shooter=T-80B", "target=M1", 'range=7"', "aspect=side", "shooter.moved=true"]) == {
        "ruleset": "auftragstaktik", "procedure": "fire", "shooter": {"unit": "T-80B", "moved": True},
        "target": {"unit": "M1"}, "range": '7"', "aspect": "side",
    }
    # positional words in either order where each fits one word only
    either = [read_question(["fire", "T-80B", "M1A1", *w]) for w in (["side", "7"], ["7", "side"])]
    assert either[0] == either[1]
    # a pasted stat line goes to statline; a ruling's dotted name stays one key
    case = read_question(["fire", "sc | 10t | 11* | G(g/g): 11 | -- | -- | --", "M1A1", "6", "atgm",
                          "rulings.fire.flank_rear_shift_direction=literal"])
    assert case["shooter"] == {"statline": "sc | 10t | 11* | G(g/g): 11 | -- | -- | --"}
    assert case["weapon"] == "atgm" and case["rulings"] == {"fire.flank_rear_shift_direction": "literal"}
    # text fields keep the word as typed; numbers and true/false read as a case file reads them
    assert read_question(["mbt", "fire", "M1A1", "T-72M1", "5", "APFSDS", "target.hull_down=true"])["target"] == {
        "card": "T-72M1", "hull_down": True}


@pytest.mark.parametrize(
    "words, said",
    [
        (["fire", "T-80B", "M1A1", "7", "side", "12", "front"],
         "'12': fits none of the words left (weapon: gun | missile | he | hw | sa)"),
        (["fire", "T-90", "M1A1", "7"], "unknown unit 'T-90'"),
        (["firing", "T-80B", "M1A1"], "unknown procedure 'firing' (did you mean 'fire'?"),
        (["auftragstaktik", "sight", "10"], "procedure 'sight' is mbt's, not auftragstaktik's"),
        (["mbt", "fire", "Abrams", "T-72M1", "5", "APFSDS"],
         "could be any of USA-1A (M1), USA-1B (M1A1), USA-8A (M1A2)"),
        (["fire", "T-80B", "M1A1", "range=7", "range=8"], "range: given twice"),
    ],
)
def test_bad_lines_are_one_error(words: list[str], said: str) -> None:
    r = runner.invoke(app, ["calc", *words, "--roll", "7"])
    assert r.exit_code == 2, r.output
    lines = [x for x in r.output.splitlines() if x]
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.output
    assert said in lines[0]


def test_a_file_and_a_different_procedure_disagree(tmp_path: Path) -> None:
    r = runner.invoke(app, ["calc", "spot", "data/cases/fire.yaml"])
    assert r.exit_code == 2 and "procedure 'fire' in the file, but 'spot' was asked for" in r.output
