"""#34: table talk without surprises. Names that resolve (an alias or the beginning of one name),
completion in the ruleset in play offering what the next word may be, words a table says for
every field (a route's stretch, the missile's path), a bad value saying what is allowed, and
answers in words (the MBT game named once, facts as a case file writes them, one ``Error:`` line
per line)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
import yaml
from prompt_toolkit.document import Document
from typer.testing import CliRunner

from umpire.cli import app

runner = CliRunner()


def calc(*words: str) -> tuple[int, list[str]]:
    r = runner.invoke(app, ["calc", *words])
    return r.exit_code, [x.rstrip() for x in r.output.splitlines() if x.strip()]


# --- 2. names that resolve --------------------------------------------------------------------


def test_a_name_that_begins_one_unit_is_that_unit_and_the_first_line_says_so() -> None:
    code, lines = calc("fire", "T-80B", "Leopard", "7", "side", "--roll", "7")
    assert code == 0, lines
    assert lines[0] == "T-80B Company -> Leopard 2A4 Company ('Leopard' read as Leopard 2A4 Company)"
    code, lines = calc("indirect", "Gvozd", "Marder", "30", "--roll", "8")  # a word of an alias begins so
    assert code == 0 and lines[0].startswith("2S1 Battery -> "), lines


def test_a_name_that_begins_several_is_refused_naming_them() -> None:
    code, lines = calc("fire", "BMP", "T-80B", "4", "--roll", "3")
    assert code == 2 and lines == ["Error: case: shooter.unit: 'BMP' could be any of BMP-1 Company, BMP-2 Company; "
                                   "give one"], lines


def test_a_typo_is_suggested_only_when_close() -> None:
    code, lines = calc("fire", "T-80B", "Merkava Company", "4")
    assert code == 2 and "unknown unit 'Merkava Company'" in lines[0] and "did you mean" not in lines[0], lines
    code, lines = calc("fire", "T-80B", "M1A1 Compny", "4")
    assert code == 2 and "did you mean 'M1A1 Company'?" in lines[0], lines
    code, lines = calc("mbt", "fire", "M1A1", "USA-1C", "4", "APFSDS")
    assert code == 2 and "did you mean 'USA-1B' (M1A1)?" in lines[0], lines


@pytest.fixture
def complete() -> object:
    from umpire.cli.session import Session
    from umpire.cli.session_complete import SessionCompleter

    return SessionCompleter(Session())


def offered(completer: object, line: str) -> list[str]:
    return [c.text for c in completer.get_completions(Document(line), None)]  # type: ignore[attr-defined]


def test_completion_offers_names_of_the_ruleset_in_play(complete: object) -> None:
    at = offered(complete, "fire Leo")
    assert '"Leopard 2A4 Company"' in at and not any(o.startswith("FRG") or o == "Leopard" for o in at), at
    assert not any("T-80A" in o for o in offered(complete, "fire T-8")), "an MBT card in an Auftragstaktik line"
    mbt = offered(complete, "mbt fire Leo")
    assert "Leopard" in mbt and '"Leopard 2A4 Company"' not in mbt, mbt
    complete.session.ruleset = "mbt"  # type: ignore[attr-defined]
    assert "T-80A" in offered(complete, "fire T-8")


def test_completion_offers_what_the_next_word_takes(complete: object) -> None:
    assert offered(complete, "fire T-80B M1A1 7 si") == ["side"]
    after_range = offered(complete, "fire T-80B M1A1 7 ")
    assert after_range[:7] == ["front", "flank", "rear", "side", "back", "behind", "frontal"], after_range
    assert "gun" in after_range and '"M1A1 Company"' not in after_range  # both parts given: no names
    assert offered(complete, "move T-80B ")[:5] == ["NO", "DA", "HA", "TR", "WD"]
    ammo = offered(complete, "mbt fire M1A1 T-72M1 5 ")
    assert ammo[:2] == ["APFSDS", "HEAT"] and "front-side" in ammo, ammo  # the firer's card's AP rounds
    assert offered(complete, "mbt missile M2A1 ")[0] == "TOW"
    assert offered(complete, "mbt move M1A1 ")[:7] == ["ATGM", "CA", "F", "FM", "M", "OR", "OW"]


def test_calc_fields_takes_the_ruleset_as_a_question_does() -> None:
    code, lines = calc("fields", "mbt", "sight")
    assert code == 0 and lines[0].startswith("mbt sight in one line: umpire calc sight RANGE"), lines
    code, lines = calc("fields", "mbt", "fire")
    assert code == 0 and lines[0].startswith("mbt fire in one line: umpire calc mbt fire FIRER"), lines
    code, lines = calc("fields", "mbt")
    assert code == 2 and lines[0].startswith("Error: calc fields mbt: give one of its procedures (measure, fire,")


# --- 3. words a table says -----------------------------------------------------------------------


def test_a_stretch_of_a_route_as_said(tmp_path: Path) -> None:
    said = calc("move", "T-80B", "HA", "woods:3", "open:4", "--json")
    keyed = calc("move", "T-80B", "HA", "route[0].terrain=woods", "route[0].inches=3", "route[1].inches=4",
                 "route[1].terrain=open", "--json")
    assert said == keyed and said[0] == 0
    code, lines = calc("move", "T-80B", "HA", "woods:3", "open:4")
    assert lines[1] == 'auftragstaktik move: 7.00" of movement costs 10.00" of allowance', lines
    case = tmp_path / "move.yaml"
    case.write_text(yaml.safe_dump({"procedure": "move", "ruleset": "mbt", "card": "M1A1", "orders": "M",
                                    "route": ["woods:1", "3"]}), encoding="utf-8")
    code, lines = calc(str(case))
    assert code == 0 and "1 in of woods: 3 in (8.4, 23.3.2.1)" in lines, lines
    assert "3 in of clear: 3 in (8.4, 23.3.2.1)" in lines
    code, lines = calc("move", "T-80B", "HA", "woods:x")
    assert code == 2 and "'woods:x' is not a stretch of a move (allowed: TERRAIN:INCHES, e.g. woods:3, or INCHES)" \
        in lines[0], lines


@pytest.mark.parametrize("words, said", [
    (["fire", "T-80B", "M1A1", "-3", "front"], "Error: auftragstaktik fire: range -3: cannot be negative (allowed: 0 "
                                              "or more)"),
    (["mbt", "fire", "M1A1", "T-72M1", "-5", "APFSDS"], "Error: mbt fire: range -5: cannot be negative"),
    (["fire", "T-80B", "M1A1", "7", "nonsense"], "'nonsense': fits none of the words left (aspect: front | flank | "
                                                 "rear; weapon: gun | missile | he | hw | sa)"),
    (["fire", "T-80B", "M1A1", "7", "--rol", "3"], "Error: calc: no option '--rol' (did you mean --roll?"),
])
def test_a_bad_value_says_what_is_allowed(words: list[str], said: str) -> None:
    code, lines = calc(*words)
    assert code == 2 and len(lines) == 1 and said in lines[0], lines


def test_the_missiles_path_is_said_and_read_as_said() -> None:
    """14.2.2.2.4 by hand: a TOW (speed 12 against a move of 3 hexes, 14.2.2.2.3) at a target 20
    hexes away closing 2 a hex has flown 12 when the target moves, then 24 against 18: it
    reaches the target after its first hex, at range 18."""
    code, lines = calc("fields", "mbt", "missile")
    assert code == 0 and any("the target's range in inches from the firer as it starts its move" in x for x in lines)
    code, lines = calc("mbt", "missile", "M2A1", "TOW", "20", "18", "16", "14")
    assert code == 0, lines
    text = " ".join(lines)
    assert "reaches the target after the target has entered 1 hex, at range 18" in text
    assert "enters: 20, 18, 16, 14 inches" in text and "the 1-3 column: its move enters 3 hexes" in text
    assert "flight: 12 flown of 20; then 24 flown of 18 (14.2.2.2.4)" in text
    code, lines = calc("mbt", "missile", "M2A1", "TOW", "20,18,16,14")  # a list written as a case file does
    assert code == 0 and "at range 18" in " ".join(lines)


# --- 4. answers in words -------------------------------------------------------------------------


def test_facts_on_the_first_line_in_words() -> None:
    assert calc("mbt", "crash", "--roll", "3")[1][0] == "MBT Advanced Game, crash: not hovering, not landed"
    assert calc("spot", "BMP-2", "12", "target.moved=false")[1][0] == "BMP-2 Company -> target (moved false)"
    code, lines = calc("measure", "10,24", "50,24")
    assert code == 0 and "line of sight            clear" in lines and not any("True" in x for x in lines), lines


def test_the_mbt_game_named_once_on_the_first_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("UMPIRE_MBT_GAME", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    code, lines = calc("gp", "M1A1", "T-72M1", "10", "--roll", "40")
    assert lines[0] == "MBT Advanced Game: M1A1 (USA-1B) -> T-72M1 (USSR-2A)", lines
    assert sum("Game" in x for x in lines) == 1 and lines[-1].endswith(", game advanced"), lines


def test_a_night_spot_has_no_stray_line() -> None:
    code, lines = calc("spot", "BMP-2", "12", "night=true")
    assert code == 0 and "night" not in lines and any("night vision IR" in x for x in lines), lines
    code, lines = calc("spot", "spotter.statline=sc | 10t | 11* | -- | -- | -- | TI", "12", "night=true")
    assert code == 0 and "night: a thermal imager spots as by day (MOVEMENT > Spotting)" in lines, lines


def test_every_procedure_is_described() -> None:
    from umpire.ask.lookup import procedure_rows

    bare = [f"{r['ruleset']} {r['name']}" for r in procedure_rows() if not r["about"]]
    assert bare == []


def test_a_bad_line_is_one_error_line_in_the_session(monkeypatch: pytest.MonkeyPatch) -> None:
    from umpire.cli.session import Session, run

    lines = ["fire", "mbt fire", "ruling nonsense=1", "fire T-80B M1A1 -3", "fire T-80B Zorro 5 shooter.quality=x"]
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    run(Session(), interactive=False)
    said = err.getvalue().splitlines()
    assert len(said) == len(lines) and all(x.startswith("Error: ") for x in said), said
    assert said[0] == ("Error: case: fire: give SHOOTER, TARGET and RANGE (fire SHOOTER TARGET RANGE ASPECT WEAPON; "
                       "umpire calc fields fire)")
    assert said[1].startswith("Error: case: mbt fire: give FIRER, TARGET and RANGE (mbt fire FIRER")


def test_an_unknown_ruling_lists_names_grouped_and_once() -> None:
    from umpire.cli.talk import check_ruling
    from umpire.errors import UmpireError

    with pytest.raises(UmpireError) as exc:
        check_ruling("nonsense=1", None)
    said = str(exc.value)
    assert "known families: ad (4), advanced (3)," in said and said.count("report (1)") == 1, said
    assert len(said) < 1000
    with pytest.raises(UmpireError, match=r"did you mean 'fire.flank_rear_shift_direction'\? known: fire\.afv"):
        check_ruling("fire.flank=1", None)
