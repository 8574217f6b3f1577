import pytest

from umpire.core.rulings import Ruling, RulingBook
from umpire.errors import UmpireError

BOOK = RulingBook(
    ruleset="test",
    rulings=[
        Ruling(name="fire.flank", rule="COMBAT", default="favour", choices={"favour": "2R", "literal": "2L"}),
        Ruling(name="dice.zero", rule="DICE", default="ten", choices={"ten": "", "zero": ""}),
    ],
)


def test_defaults_and_overrides():
    r = BOOK.select({"fire.flank": "literal"})
    assert r["fire.flank"] == "literal" and r["dice.zero"] == "ten"
    assert r.differences() == {"fire.flank": "literal"}
    assert BOOK.select({"fire.flank": "favour"}).differences() == {}


def test_unknown_ruling_or_choice_names_what_is_allowed():
    with pytest.raises(UmpireError, match="did you mean 'fire.flank'"):
        BOOK.select({"fire.flnak": "literal"})
    with pytest.raises(UmpireError, match="allowed: favour, literal"):
        BOOK.select({"fire.flank": "sideways"})


def test_default_must_be_one_of_the_choices():
    with pytest.raises(ValueError):
        Ruling(name="x", rule="r", default="c", choices={"a": "", "b": ""})
