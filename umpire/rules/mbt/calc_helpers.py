"""What the MBT calc procedures share: a case's rulings, the dice recorded, inches to hexes, Basic Game limits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from umpire.core.dice import Dice
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError

if TYPE_CHECKING:

    pass


def case_rulings(overrides: dict[str, str]) -> Rulings:
    from umpire.rules.mbt import data

    return data.rulings().select(overrides)


def finish(res: Resolution, dice: Dice, rulings: Rulings) -> Resolution:
    res.rolls = list(getattr(dice, "rolls", []))
    res.rulings = rulings.differences()
    return res


def in_hexes(inches: float, scale: float, rulings: Rulings) -> int:
    from umpire.rules.mbt.conversions import to_hexes

    return to_hexes(inches, scale, rulings["scale.range_rounding"])


def basic_only(
    *, hull_down: bool, inside_building: bool, improved_position: bool, conditions: str
) -> None:
    """Refuse what the Basic Game does not have (13.2 replaces 6.1.4 and brings hull down;
    15.4.3 and 17.6 bring buildings to enter and improved positions; 13.1.1: Day only).

    :raises UmpireError: naming the field and the Advanced Game rule.
    """
    if hull_down:
        raise UmpireError(
            "target.hull_down: hull down is an Advanced Game rule (13.2 replaces 6.1.4 of the "
            "Basic Game); give game: advanced, or leave hull_down out"
        )
    if inside_building:
        raise UmpireError("target.inside_building: entering buildings is an Advanced Game rule (15.4.3)")
    if improved_position:
        raise UmpireError("target.terrain: improved positions are an Advanced Game rule (17.6)")
    if conditions != "day":
        raise UmpireError(
            f"conditions: {conditions!r}: in the Basic Game the conditions are always Day (13.1.1)"
        )


class _Lit(Protocol):
    """What a sight or fire case says of its searchlights."""

    @property
    def game(self) -> str: ...
    @property
    def scale(self) -> float: ...
    @property
    def searchlight(self) -> str | None: ...
    @property
    def searchlight_range(self) -> float | None: ...
    @property
    def target_searchlight(self) -> str | None: ...


def searchlit(c: _Lit, conditions: str, lit: str, rng: int, rulings: Rulings) -> tuple[str, str]:
    """A sight or fire case's conditions under its searchlights (option 18.1.2, an Advanced Game
    option) and the note of the light that changed them: ``lit`` (a fire's) when none did.

    :raises UmpireError: for a searchlight in the Basic Game, or in Fog or Blowing Snow.
    """
    if c.searchlight is None and c.target_searchlight is None:
        return conditions, lit
    if c.game == "basic":
        raise UmpireError("searchlight: searchlights are option 18.1.2, played with the Advanced Game (give game: "
                          "advanced)")
    from umpire.rules.mbt.options.terrain import searchlight_light

    far = None if c.searchlight_range is None else in_hexes(c.searchlight_range, c.scale, rulings)
    said, note = searchlight_light(conditions, rng, light=c.searchlight, light_range=far,
                                   target_light=c.target_searchlight)
    return said, note or lit
