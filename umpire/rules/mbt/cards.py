"""Data cards other than vehicles': leg (12.5, 15.1), towed (15.2), helicopter and artillery.

A leg card (USA-7B, FRG-4B, USSR-11B) holds the nation's infantry unit types (squad, half squad,
team: 12.5, 15.1) and the weapons that may be attached to them (14.1.3); a towed card one
towed gun (15.2). Both give the TARGET INFORMATION of 14.4.3.2: a GP defense per terrain for a
unit in full cover (FC), not moving (NM) or moving (MV), ditch as two numbers (14.4.3.2.3), and
the Block and Wire columns. Helicopter cards carry what the TO&E prices, their speeds and their
weapons (option 20.2); artillery cards what the TO&E and option 19 price and name.

:func:`any_card` loads a card of any kind; :func:`umpire.rules.mbt.data.card` only vehicles'.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Literal

from pydantic import ConfigDict, Field, model_validator

from umpire.errors import UmpireError, unknown
from umpire.rules.mbt import data
from umpire.rules.mbt.provenance import TERRAINS, Val, VInt, VStr, band_of
from umpire.rules.mbt.vehicle_card import Armed, Card, Weapon, check_lines
from umpire.schema.checked import Checked
from umpire.schema.load import cached_model

LEG_TERRAINS = (*TERRAINS, "ditch")
STATUS = ("fc", "nm", "mv")


class _Model(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GpDefense(_Model):
    """GP defense by terrain: ``[FC, NM, MV]``; ditch cells ``"above/level"`` (14.4.3.2.3)."""

    terrain: dict[str, list[VStr | VInt]]

    @model_validator(mode="after")
    def _complete(self) -> GpDefense:
        for t in LEG_TERRAINS:
            if t not in self.terrain:
                raise ValueError(f"gp_defense.terrain: missing {t!r} (needed: {', '.join(LEG_TERRAINS)})")
        for t, cells in self.terrain.items():
            if t not in LEG_TERRAINS:
                raise ValueError(f"gp_defense.terrain.{t}: unknown terrain (known: {', '.join(LEG_TERRAINS)})")
            if len(cells) != 3:
                raise ValueError(f"gp_defense.terrain.{t}: three values, FC NM MV (14.4.3.2.1)")
            for c in cells:
                parts = str(c.v).split("/")
                if len(parts) != (2 if t == "ditch" else 1) or not all(p.isdigit() for p in parts):
                    raise ValueError(f"gp_defense.terrain.{t}: {c.v!r} must be a whole number"
                                     + (" pair like 8/3 (14.4.3.2.3)" if t == "ditch" else ""))
        return self

    def value(self, terrain: str, status: str, above: bool = False) -> tuple[int, Val[str] | Val[int]]:
        """The GP defense for a terrain column and status; in a ditch, the first number if the
        fire comes from a greater height (``above``), else the second (14.4.3.2.3)."""
        cell = self.terrain[terrain][STATUS.index(status)]
        parts = str(cell.v).split("/")
        return int(parts[0] if above or len(parts) == 1 else parts[1]), cell


class LegType(_Model):
    """One leg unit type: squad, half squad or team (12.5, 15.1)."""

    name: str
    leg: Literal["squad", "half_squad", "team"]
    half: str | None = None  # the half squad a squad becomes (12.5)
    speed: VStr  # "2(1)" squads and half squads, "1" teams (15.1.1)
    stacking: VInt
    load: VInt  # LOAD/UNLOAD COST (15.3.2)
    crew: VInt
    points: VInt
    weapon: Weapon  # its small arms (14.1.3)

    @model_validator(mode="after")
    def _half(self) -> LegType:
        if (self.leg == "squad") != (self.half is not None):
            raise ValueError(f"{self.name}: a squad names the half squad it becomes (12.5), nothing else does")
        return self


class Attached(_Model):
    """An attached weapon (14.1.3) and its rules from the card NOTES (14.1.3.2, 15.3.4.1)."""

    weapon: Weapon
    points: VInt
    transported: Literal["never", "open", "always"] = "never"
    upper_floors: bool = False


class LegCard(_Model):
    card: str
    name: str
    nation: str
    kind: Literal["leg"]
    facts: str = ""
    range_bands: list[VStr]
    unit_size: Literal["small"] = "small"
    gp_defense: GpDefense
    block: VStr  # "+1" (may enter) or "P" (12.4.3)
    wire: VStr
    types: list[LegType] = Field(min_length=1)
    attached: list[Attached] = Field(default_factory=list)
    elite: dict[str, VInt] = Field(default_factory=dict)  # assault, squad_plus, special_forces (17.4.1)

    @model_validator(mode="after")
    def _halves(self) -> LegCard:
        names = {t.name for t in self.types}
        for t in self.types:
            if t.half is not None and t.half not in names:
                raise ValueError(f"types: {t.name} becomes {t.half!r}, which is not a type of this card")
        return self

    def type(self, name: str) -> LegType:
        key = " ".join(str(name).replace("1/2", "½").split()).lower()
        for t in self.types:
            if t.name.lower() == key:
                return t
        raise unknown(f"leg unit type on {self.card}", name, [t.name for t in self.types])

    def attached_weapon(self, name: str) -> Attached:
        """An attached weapon and its NOTES (14.1.3)."""
        for a in self.attached:
            if a.weapon.name.lower() == str(name).strip().lower():
                return a
        raise unknown(f"attached weapon on {self.card}", name, [a.weapon.name for a in self.attached])

    def weapon(self, name: str) -> Weapon:
        """A weapon block by name: an attached weapon, or small arms (as a vehicle card's)."""
        if str(name).strip().lower() == "small arms":
            return self.types[0].weapon
        return self.attached_weapon(name).weapon

    def band_index(self, hexes: int) -> int:
        return band_of(self.range_bands, hexes)


class TowedCard(Armed, _Model):
    card: str
    name: str
    nation: str
    kind: Literal["towed"]
    facts: str = ""
    crew: VInt
    range_bands: list[VStr]
    weapons: list[Weapon] = Field(min_length=1)
    unit_size: Literal["small", "large"]
    speed: VStr  # "towed" or "towed (1)" (15.2.1)
    stacking: VInt
    load: VInt
    points: VInt
    gp_defense: GpDefense
    block: VStr
    wire: VStr
    bailed_crew: Weapon | None = None  # its gun crew out of it (17.2.3.3, 17.2.3.2.2.2)


class HelicopterCard(Armed, _Model):
    """A helicopter's card (20.2): what the TO&E prices, its speeds, and its FIRING INFORMATION
    (20.2.3): guns with a PYNOE and a PYLOW penetration line (20.2.3.2.1-2: ``pv`` and ``pv_low``),
    missiles, designators; ``armaments`` says what each armament of the TO&E carries (20.2.1):
    missiles and rockets by number, a gun pod as 1. A weapon no armament names is integral."""

    card: str
    name: str
    nation: str
    kind: Literal["helicopter"]
    facts: str = ""
    crew: VInt
    base_points: VInt
    loads: dict[str, VInt] = Field(default_factory=dict)  # equipment -> points for the pair it arms
    speeds: dict[str, VInt]  # low, noe (20.2.2.1)
    transport: VStr | None = None
    gp_defense: VInt
    range_bands: list[VStr] = Field(default_factory=list)
    weapons: list[Weapon] = Field(default_factory=list)
    armaments: dict[str, dict[str, VInt]] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _weapons(self) -> HelicopterCard:
        if self.weapons and not self.range_bands:
            raise ValueError("range_bands: a card with weapons gives its range bands (7.4.1.3)")
        if self.weapons:
            check_lines(self.weapons, self.range_bands)
        names = {w.name for w in self.weapons} | {"rockets"}
        for arm, carried in self.armaments.items():
            for w, n in carried.items():
                if w not in names:
                    raise ValueError(f"armaments.{arm}.{w}: not a weapon of the card (known: "
                                     f"{', '.join(sorted(names))})")
                if n.v < 1:
                    raise ValueError(f"armaments.{arm}.{w}: {n.v}: one or more")
        return self


    def carried(self, armament: str | None) -> dict[str, int]:
        """What the helicopter carries with ``armament`` (None: its integral weapons alone): each
        weapon's count (missiles and rockets by number; integral weapons and gun pods 1).

        :raises UmpireError: for an armament the card does not have.
        """
        named = {w for arms in self.armaments.values() for w in arms}
        out = {w.name: 1 for w in self.weapons if w.name not in named}
        if armament is None:
            return out
        if armament not in self.loads and armament not in self.armaments:
            raise unknown(f"armament of the {self.name} ({self.card})", armament,
                          list(dict.fromkeys([*self.loads, *self.armaments])))
        out |= {w: int(n.v) for w, n in self.armaments.get(armament, {}).items()}
        return out


class Battery(_Model):
    gp: VInt
    kills: VStr  # GP defense knocked out by an effective result (14.4.4.2.3.3, 19.1.1)
    points: dict[str, VInt]  # attached / organic / unattached


class ArtilleryCard(_Model):
    """GENERAL ARTILLERY INFORMATION and POINT INFORMATION (19.1; option 19 is not played here)."""

    card: str
    name: str
    nation: str
    kind: Literal["artillery"]
    facts: str = ""
    batteries: dict[str, Battery]
    missions: dict[str, VInt]  # fire mission -> points


AnyCard = Card | LegCard | TowedCard | HelicopterCard | ArtilleryCard
MODELS: dict[str, type[_Model] | type[Card]] = {
    "vehicle": Card, "leg": LegCard, "towed": TowedCard, "helicopter": HelicopterCard, "artillery": ArtilleryCard,
}


@lru_cache(maxsize=256)
def any_card(card_id_or_name: str) -> AnyCard:
    """A data card of any kind.

    :raises UmpireError: for an unknown id or a card of an unknown kind.
    """
    key = data.card_id(card_id_or_name)
    kind, _ = data.card_head(key)
    if kind not in MODELS:
        raise UmpireError(f"data card {key}: kind {kind!r} (allowed: {', '.join(MODELS)})")
    return cached_model(MODELS[kind], data.card_file(key))  # type: ignore[return-value]


def leg_card(card_id: str) -> LegCard:
    c = any_card(card_id)
    if not isinstance(c, LegCard):
        raise UmpireError(f"data card {card_id} is not a leg card (it is a {c.kind} card)")
    return c


#: A card's nation as 24.2.2 sighting tells it.
NATIONS = {"USA": "American", "FRG": "West German", "USSR": "Soviet", "UK": "British", "GDR": "East German"}


@cache
def sighting_identity(card: str) -> tuple[str, str, str, str]:
    """(nationality, size, vehicle name, the name as a side is told it) of a data card, as
    24.2.2 sighting tells them: "Soviet T-64B", but "Soviet infantry" once, not twice."""
    c = any_card(card)
    size = {"vehicle": "vehicle", "leg": "small"}.get(c.kind, str(getattr(c, "unit_size", c.kind)))
    nation = NATIONS.get(c.nation, c.nation)
    said = c.name.split(" ", 1)[0] in {nation, "US", *NATIONS, *NATIONS.values()}
    return nation, size, c.name, c.name if said else f"{nation} {c.name}"
