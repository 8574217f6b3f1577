"""The TO&E of the MBT rulebook as data: organisations, variants, unit lists and point values.

``rulesets/mbt/toe/<nation>.yaml`` holds the TO&E section as printed (12.8, TO&E; transcribed by
``tools/mbt_toe.py`` and checked against the text by ``tests/rules/mbt/test_toe.py``). Here it is
validated on load and looked up by name: ``find("US Armored Cavalry Platoon")`` then
``variant(org, "d")`` and :func:`models`, the combat units it puts on the table with their
grade and doctrine (12.7, 13.4.1), or :func:`points` for what it costs (Doing Your Own
Scenarios B.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from pydantic import ConfigDict, Field, model_validator

from umpire.errors import UmpireError, unknown
from umpire.resources import ruleset_dir
from umpire.schema.checked import Checked
from umpire.schema.load import cached_model

GRADES = ("crack", "average", "poor")
KEY = {"crack": "cr", "average": "av", "poor": "pr"}
Doctrine = Literal["none", "with", "vehicle", "vehicle_and_spg9"]
NATIONS = ("USA", "FRG", "USSR")
PREFIXES = {
    "us": "USA", "usa": "USA", "american": "USA", "u.s.": "USA",
    "german": "FRG", "west german": "FRG", "frg": "FRG",
    "soviet": "USSR", "ussr": "USSR", "russian": "USSR",
}


class _Model(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)


class WithDoctrine(_Model):
    cr: int
    av: int
    pr: int


class Points(_Model):
    """One line of point values; Cr alone for crack-only units (special forces, 17.4.1.3)."""

    cr: int | None = None
    av: int | None = None
    pr: int | None = None
    doctrine: Doctrine | None = None
    with_doctrine: WithDoctrine | None = None
    printed: str | None = None  # the text, where it is misprinted
    correction: str | None = None

    @model_validator(mode="after")
    def _some(self) -> Points:
        if self.cr is None and self.av is None:
            raise ValueError("a point line needs Cr or Av")
        if (self.printed is None) != (self.correction is None):
            raise ValueError("printed: and correction: go together")
        return self

    def value(self, grade: str) -> int | None:
        return {"cr": self.cr, "av": self.av, "pr": self.pr}[KEY[grade]]


class UnitValue(_Model):
    """1. Individual Ground Unit Point Values."""

    unit: str
    equipment: str | None = None
    card: str
    points: Points


class UnitLine(_Model):
    count: int = Field(ge=1, le=99)
    unit: str
    equipment: str | None = None
    card: str
    printed_card: str | None = None
    correction: str | None = None
    count_printed: bool = True

    @property
    def label(self) -> str:
        return self.unit + (f" [{self.equipment}]" if self.equipment else "")


class Variant(_Model):
    id: str
    mounted: bool | None = None
    units: list[UnitLine] = Field(min_length=1)
    points: list[Points] = Field(min_length=1)


class Part(_Model):
    count: int = Field(ge=1)
    org: str  # as printed
    printed_note: str | None = None
    of: list[str] = Field(min_length=1)  # the basic or larger organisation(s) it means


class Organization(_Model):
    name: str
    kind: Literal["basic", "attached", "larger"]
    src: str
    reference_only: bool = False
    officers: str | None = None
    note: str | None = None
    variants: list[Variant] = Field(default_factory=list)
    composition: list[Part] = Field(default_factory=list)

    @model_validator(mode="after")
    def _shape(self) -> Organization:
        if self.kind == "larger" and (self.variants or not self.composition):
            raise ValueError(f"{self.name}: a larger organisation lists its composition, not variants")
        if self.kind != "larger" and (self.composition or not self.variants):
            raise ValueError(f"{self.name}: a basic organisation lists variants")
        ids = [v.id for v in self.variants]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.name}: variant ids repeat")
        return self

    @property
    def headquarters(self) -> bool:
        """Basic organisations with "headquarters" in the name (12.8.1)."""
        return "headquarters" in self.name.lower()


class Book(_Model):
    nation: Literal["USA", "FRG", "USSR"]
    source: str
    units: list[UnitValue]
    organizations: list[Organization]

    @model_validator(mode="after")
    def _parts_known(self) -> Book:
        names = {o.name for o in self.organizations}
        for o in self.organizations:
            for p in o.composition:
                missing = [n for n in p.of if n not in names]
                if missing:
                    raise ValueError(f"{o.name}: part {p.org!r} means {missing[0]!r}, not an organisation here")
        return self


@lru_cache(maxsize=4)
def book(nation: str) -> Book:
    return cached_model(Book, ruleset_dir("mbt") / "toe" / f"{nation.lower()}.yaml")  # type: ignore[return-value]


def books() -> list[Book]:
    return [book(n) for n in NATIONS]


def _split(name: str) -> tuple[str | None, str]:
    text = " ".join(str(name).split())
    low = text.lower()
    for prefix in sorted(PREFIXES, key=len, reverse=True):
        if low.startswith(prefix + " "):
            return PREFIXES[prefix], text[len(prefix) + 1:]
    return None, text


def find(name: str, nation: str | None = None) -> tuple[str, Organization]:
    """An organisation by name (``"US Armored Cavalry Platoon"``, or the name with ``nation``).

    :raises UmpireError: for an unknown name (close names suggested) or one that is in more than
        one nation's TO&E without a nation to choose.
    """
    said, bare = _split(name)
    nation = (nation or said or "").upper() or None
    if nation is not None and nation not in NATIONS:
        raise UmpireError(f"TO&E nation {nation!r} (allowed: {', '.join(NATIONS)})")
    found = [(b.nation, o) for b in books() if nation in (None, b.nation) for o in b.organizations
             if o.name.lower() == bare.lower()]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise UmpireError(f"TO&E organisation {bare!r} is in the TO&E of {', '.join(n for n, _ in found)}: "
                          f"name the nation (e.g. {found[0][0]} {bare})")
    names = [o.name for b in books() if nation in (None, b.nation) for o in b.organizations]
    raise unknown(f"TO&E organisation{' of the ' + nation if nation else ''}", bare, names)


def variant(org: Organization, ident: str | None) -> Variant:
    """A variant by its letter; an organisation with one unlettered variant needs none.

    :raises UmpireError: naming the variants that exist.
    """
    if org.kind == "larger":
        raise UmpireError(f"TO&E {org.name!r} is a larger organisation: name its basic organisations "
                          f"({', '.join(p.org for p in org.composition)})")
    key = (ident or "").strip().lower()
    for v in org.variants:
        if v.id == key:
            return v
    ids = [v.id for v in org.variants if v.id]
    if not ids:
        raise UmpireError(f"TO&E {org.name!r} has no lettered variants (leave variant: out)")
    raise UmpireError(f"TO&E variant {ident!r} of {org.name!r} does not exist "
                      f"(allowed: {', '.join(ids)})")


def point_line(org: Organization, v: Variant, doctrine: str | None = None) -> Points:
    """The variant's point line for a doctrine (13.4.1); without one, its first (or only) line.

    :raises UmpireError: for a doctrine the TO&E does not give this variant.
    """
    if doctrine is None:
        return v.points[0]
    for p in v.points:
        if (p.doctrine or "none") == doctrine:
            return p
    allowed = [p.doctrine or "none" for p in v.points]
    raise UmpireError(f"doctrine: {doctrine!r} is not a reading the TO&E gives {org.name} "
                      f"variant {v.id or '-'} (allowed: {', '.join(allowed)})")


def points(org: Organization, v: Variant, grade: str, doctrine: str | None = None) -> int:
    """What the organisation costs at ``grade`` (Doing Your Own Scenarios B.3.c).

    :raises UmpireError: for a grade the TO&E prices no value at (special forces are crack only).
    """
    if grade not in GRADES:
        raise UmpireError(f"grade: {grade!r} (allowed: {', '.join(GRADES)}; 12.7)")
    val = point_line(org, v, doctrine).value(grade)
    if val is None:
        raise UmpireError(f"grade: {org.name} variant {v.id or '-'} has no {grade} point value in the TO&E "
                          "(special forces are crack, 17.4.1.3.2)")
    return val


@dataclass(frozen=True)
class Model:
    """One combat unit an organisation puts on the table."""

    card: str
    unit: str
    equipment: str | None
    grade: str
    doctrine: bool  # uses the doctrine rules (13.4.1)
    index: int  # 1.. within its unit line


def uses_doctrine(doctrine: str, line: UnitLine, vehicle: bool) -> bool:
    """13.4.1: "with doctrine" binds every unit, "with vehicle doctrine" the vehicles only (and,
    as the Anti-Tank Platoon (BTR) prints it, "vehicle & SPG-9" the SPG-9 guns as well)."""
    if doctrine == "with":
        return True
    if doctrine == "vehicle":
        return vehicle
    if doctrine == "vehicle_and_spg9":
        return vehicle or line.unit.upper().startswith("SPG-9")
    return False


def models(org: Organization, v: Variant, grade: str, doctrine: str | None = None,
           is_vehicle: dict[str, bool] | None = None) -> list[Model]:
    """Every combat unit of the variant, in the printed order (12.8.1)."""
    points(org, v, grade, doctrine)
    line = point_line(org, v, doctrine)
    doc = line.doctrine or "none"
    out = []
    for u in v.units:
        veh = (is_vehicle or {}).get(u.card, True)
        for i in range(u.count):
            out.append(Model(u.card, u.unit, u.equipment, grade, uses_doctrine(doc, u, veh), i + 1))
    return out


def card_ids() -> list[str]:
    """Every data card id the TO&E uses (corrected where misprinted)."""
    ids = {u.card for b in books() for u in b.units}
    ids |= {u.card for b in books() for o in b.organizations for v in o.variants for u in v.units}
    return sorted(ids)
