"""#34: answers in words. Every procedure of both rulesets asked in one line (with the odds for
some), and a corpus of bad lines, answered without a Python literal: no ``True``, ``False`` or
``None``, no dict or list of quoted strings, no object's repr, in the answer or the error."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from tests.cli.test_one_line import LINES
from umpire.cli import app

runner = CliRunner()

#: What Python writes and a case file never does.
PYTHON = re.compile(r"\bTrue\b|\bFalse\b|\bNone\b|\{'|\['|'\]|\bdict\(|<[\w.]+ object at|\(input: \{")

QUESTIONS = [[*words, *(a for d in dice for a in ("--roll", str(d)))] for words, dice, _ in LINES.values()]
QUESTIONS += [
    ["fire", "T-80B", "Abrams", "12", "--odds"],
    ["fire", "T-80B", "Leopard", "7", "side", "--roll", "7"],
    ["spot", "BMP-2", "12", "night=true"],
    ["spot", "BMP-2", "12", "target.moved=false", "target.orders=DA"],
    ["entrench", "deliberate", "veteran", "--odds"],
    ["move", "T-80B", "HA", "woods:3", "open:4"],
    ["mbt", "move", "M1A1", "M", "woods:3", "clear:2"],
    ["mbt", "missile", "M2A1", "TOW", "20", "18", "16", "14"],
    ["mbt", "sight", "12", "woods", "night"],
    ["measure", "10,24", "50,24"],
]

BAD = [
    ["fire"],
    ["mbt", "fire"],
    ["hq", "4", "reaction"],
    ["fire", "T-80B", "M1A1", "-3", "front"],
    ["fire", "T-80B", "M1A1", "range=true"],
    ["fire", "T-80B", "M1A1", "7", "shooter.moved=maybe"],
    ["fire", "T-80B", "M1A1", "7", "shooter={a: 1}"],
    ["fire", "T-80B", "M1A1", "7", "shooter.hits=[1, 2]"],
    ["fire", "T-80B", "M1A1", "7", "dice=[1, a]"],
    ["fire", "T-80B", "Merkava Company", "4"],
    ["fire", "BMP", "T-80B", "4"],
    ["fire", "T-80B", "M1A1", "7", "nonsense"],
    ["fire", "T-80B", "M1A1", "7", "--ruling", "nonsense=1"],
    ["mbt", "fire", "M1A1", "T-72M1", "5", "ZZZ"],
    ["mbt", "crash", "hovering=sometimes"],
    ["mbt", "missile", "M2A1", "TOW", "path=[]"],
    ["move", "T-80B", "HA", "woods:x"],
    ["morale", "H", "-1"],
    ["mbt", "sight", "12", "woods", "conditions=null"],
    ["mbt", "sight", "12", "woods", "target.kind=false"],
    ["fields", "mbt"],
]


def test_a_corpus_of_both_rulesets() -> None:
    assert len(QUESTIONS) >= 40
    assert {q[0] == "mbt" or q[0] in ("sight", "gp", "close-assault", "hand_to_hand", "missile") for q in QUESTIONS} \
        == {True, False}


@pytest.mark.parametrize("words", QUESTIONS, ids=" ".join)
def test_every_answer_is_in_words(words: list[str]) -> None:
    r = runner.invoke(app, ["calc", *words])
    assert r.exit_code == 0, r.output
    found = [line for line in r.output.splitlines() if PYTHON.search(line)]
    assert found == []


@pytest.mark.parametrize("words", BAD, ids=" ".join)
def test_every_refusal_is_in_words(words: list[str]) -> None:
    r = runner.invoke(app, ["calc", *words])
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith("Error: "), r.output
    assert not PYTHON.search(lines[0]), lines[0]


def test_the_pattern_finds_what_python_writes() -> None:
    for text in ("moved True", "(input: {'hq': {'rating': 4}})", "['a', 'b']", "<umpire.x.Y object at 0x1>"):
        assert PYTHON.search(text), text
    for text in ("moved true", "{hq: {rating: 4}}", "[a, b]", "'Abrams' read as M1A1 Company"):
        assert not PYTHON.search(text), text
