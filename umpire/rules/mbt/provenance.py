"""MBT data values with their provenance (Val), the chart columns and the range parsers.

Every value in ``rulesets/mbt/`` is either bare (``58``: *estimated*, from the model documented
in ``rulesets/mbt/README.md``) or sourced (``{v: 58, src: "7.4.8"}``: stated by the rulebook at
that section; ``src: official`` is a value an owner transcribed from the printed card). A sourced
value may say how it rests on the text: ``derived: "95 - 80"`` (arithmetic on stated figures)
or ``ruling: sighting.scrub_example`` (the text read one way by a named ruling). Each value
becomes a :class:`Val`, so a procedure that reads one knows where it came from and can list
the estimates it leaned on (``Resolution.estimated``) and the rulings that decided it
(``Resolution.ruled``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Generic, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, model_validator

from umpire.schema.checked import Checked
from umpire.schema.numbers import parse_int

T = TypeVar("T")

TERRAINS = (
    "clear",
    "road",
    "stream",
    "scrub",
    "rough",
    "light_woods",
    "woods",
    "heavy_woods",
    "building",
    "improved_position",
)
CONDITIONS = ("day", "dusk", "moonlight", "night")
ROFS = (2, 3, 4, 5)
STABS = (0, 1, 2, 3)  # gun stabilization ratings a card may carry (7.4.2.2)
CLASSES = (1, 2, 3)  # missile guidance classes (7.4.2.2, 12.3.5)
SIZES = ("vehicle", "large", "small")
ANGLES = ("front", "front_side", "rear_side", "rear")
LOCATIONS = ("TF", "TS", "TR", "HF", "HS", "HR", "TK", "GN", "miss")
FALLING = ("TTG", "HDG")
DAMAGE = ("no_damage", "compartment", "knocked_out", "brewed_up")


ORIGINS = ("rulebook", "derived", "ruling", "official", "estimated")


class Val(Checked, Generic[T]):
    """One value and its source: ``src`` is a rulebook section, ``official``, or None
    (estimated); ``derived`` says the arithmetic that made it from stated figures, ``ruling``
    names the ruling whose reading of the text it is."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    v: T
    src: str | None = None
    derived: str | None = None
    ruling: str | None = None

    @model_validator(mode="after")
    def _sourced(self) -> Val[T]:
        if self.src is None and (self.derived or self.ruling):
            raise ValueError("derived: and ruling: need src: (the section they rest on)")
        return self

    @property
    def estimated(self) -> bool:
        return self.src is None

    @property
    def origin(self) -> str:
        """``official``, ``ruling``, ``derived``, ``rulebook`` or ``estimated``."""
        if self.src is None:
            return "estimated"
        if self.src == "official":
            return "official"
        return "ruling" if self.ruling else "derived" if self.derived else "rulebook"


def _wrap(x: Any) -> Any:
    if isinstance(x, dict) and "v" in x:
        return x
    if isinstance(x, Val):
        return x
    return {"v": x}


VInt = Annotated[Val[int], BeforeValidator(_wrap)]
VOptInt = Annotated[Val[int | None], BeforeValidator(_wrap)]
VStr = Annotated[Val[str], BeforeValidator(_wrap)]
VOptStr = Annotated[Val[str | None], BeforeValidator(_wrap)]
VBool = Annotated[Val[bool], BeforeValidator(_wrap)]
VCell = Annotated[Val[int | str], BeforeValidator(_wrap)]  # a number or a word (H, Elim, X)


def parse_range(text: str, where: str = "range") -> tuple[int, int]:
    """``"14-74"`` -> (14, 74); ``"65"`` -> (65, 65).

    :raises ValueError: if it is not one or two whole numbers.
    """
    parts = str(text).split("-")
    try:
        nums = [parse_int(p) for p in parts]
    except ValueError:
        raise ValueError(f"{where}: {text!r} is not a range like 14-74") from None
    if len(nums) == 1:
        return nums[0], nums[0]
    if len(nums) != 2 or nums[0] > nums[1]:
        raise ValueError(f"{where}: {text!r} is not a range like 14-74 (low-high)")
    return nums[0], nums[1]


def band_of(range_bands: list[Val[str]], hexes: int) -> int:
    """The index of the card's range band holding ``hexes`` (-1: beyond them all)."""
    for i, b in enumerate(range_bands):
        lo, hi = parse_range(b.v)
        if lo <= hexes <= hi:
            return i
    return -1


def parse_numbers(text: str) -> list[int]:
    """``"12-15-15"`` -> [12, 15, 15]."""
    return [parse_int(p) for p in str(text).split("-")]


class DataModel(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)


def walk_values(obj: Any, path: str = "") -> Iterator[tuple[str, Val[Any]]]:
    """Every :class:`Val` inside a loaded model, with its field path."""
    if isinstance(obj, Val):
        yield path, obj
    elif isinstance(obj, BaseModel):
        for name in type(obj).model_fields:
            yield from walk_values(getattr(obj, name), f"{path}.{name}" if path else name)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from walk_values(v, f"{path}.{k}" if path else str(k))
    elif isinstance(obj, list | tuple):
        for i, v in enumerate(obj):
            yield from walk_values(v, f"{path}[{i}]")


def provenance_counts(model: Any) -> dict[str, int]:
    """How many values are ``rulebook``, ``derived``, ``ruling``, ``official`` and
    ``estimated``."""
    counts = dict.fromkeys(ORIGINS, 0)
    for _, val in walk_values(model):
        counts[val.origin] += 1
    return counts


def check_bands(bands: list[Any], where: str) -> list[tuple[int, int]]:
    """Range bands must run 1, 2, 3... without gaps or overlaps, each low <= high."""
    out = []
    expect = 1
    for i, b in enumerate(bands):
        text = b.v if isinstance(b, Val) else b
        lo, hi = parse_range(text, f"{where}[{i}]")
        if lo != expect:
            raise ValueError(
                f"{where}[{i}]: range band {text!r} should start at {expect} "
                f"(bands must rise without gaps or overlaps)"
            )
        out.append((lo, hi))
        expect = hi + 1
    return out
