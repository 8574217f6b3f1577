"""``umpire calc move`` for Auftragstaktik: what a move costs in inches of allowance (MOVEMENT >
Terrain effects, Weather effects), by the function the tracked turn prices its moves with; a
tracked move keeps its case."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from umpire.core.dice import Dice
from umpire.core.resolution import Resolution
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik import data
from umpire.rules.auftragstaktik.cases import CaseBase, Inches, check_case
from umpire.rules.auftragstaktik.ratings import OrderCode
from umpire.rules.auftragstaktik.stand_case import StandCase, SubCase
from umpire.rules.vocab import SaidStretch

if TYPE_CHECKING:
    from umpire.rules.answer import CalcAnswer


class MoveLeg(SaidStretch, SubCase):
    """A stretch of a move: ``{terrain: woods, inches: 3}``, or as said, ``woods:3`` (``3``: open)."""

    terrain: str = Field("open", description="the table's terrain type of this stretch (MOVEMENT > Terrain effects)")
    inches: Inches = Field(ge=0, description="its length in inches")
    road: bool = Field(False, description="following a road")


class Crossing(SubCase):
    type: Literal["stream", "river", "at_ditch"] = Field(description="what the move crosses")
    bridged: bool = Field(False, description="crossed by a road's bridge: no crossing cost")
    where: str = Field("", description="which piece (for the answer's words)")


class MoveCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("unit", "orders", "route")
    roles: ClassVar[tuple[str, ...]] = ()
    statline: str | None = Field(None, description="the stand's stat line (its mobility), or give mobility")
    unit: str | None = Field(None, description="a bundled unit (its mobility), or give mobility")
    mobility: str | None = Field(None, description="the stat line's mobility code (t, w, lw, f, h...; a: amphibious)")
    orders: OrderCode = Field("HA", description="its orders: Travel (TR) takes the road rate")
    weather: str = Field("clear", description="the weather (deep snow and mud double off-road costs)")
    route: list[MoveLeg] = Field(description="the stretches of the move, in order: TERRAIN:INCHES each in a line "
                                 "(woods:3 open:4), or INCHES over open ground")
    crossings: list[Crossing] = Field(default_factory=list, description="the streams, rivers and ditches it crosses")


def calc_move(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """The cost of a move (the inches of allowance it spends), or why the stand may not make it."""
    from umpire.rules.answer import CalcAnswer
    from umpire.rules.auftragstaktik.movement import Leg, StreamCrossing, move_cost

    c = check_case(MoveCase, case)
    try:
        rul = data.rulings(c.rulings)
    except UmpireError as exc:
        raise UmpireError(f"rulings: {exc}") from None
    mobility = c.mobility
    if mobility is None:
        if c.statline is None and c.unit is None:
            raise UmpireError("case: give mobility, statline or unit (the stand's mobility)")
        mobility = StandCase(statline=c.statline, unit=c.unit).to_stand("case").unit.mobility
    cost = move_cost([Leg(**leg.model_dump()) for leg in c.route],
                     [StreamCrossing(**x.model_dump()) for x in c.crossings], mobility, c.orders, rul,
                     weather=c.weather)
    res = Resolution(
        ruleset="auftragstaktik", procedure="move",
        outcome={"cost": None if cost.blocked else round(cost.cost, 2), "inches": round(cost.length, 2),
                 "blocked": cost.blocked or None},
        summary=cost.blocked or f'{cost.length:.2f}" of movement costs {cost.cost:.2f}" of allowance',
        notes=cost.lines, rulings=rul.differences(),
    )
    return CalcAnswer(resolution=res)
