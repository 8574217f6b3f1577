"""``umpire calc move`` for Auftragstaktik: what a move costs in inches of allowance (MOVEMENT >
Terrain effects, Weather effects), by the function the tracked turn prices its moves with; a
tracked move keeps its case."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.core.dice import Dice
from umpire.core.resolution import Resolution
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik.cases import MoveCase, StandCase, check_case

if TYPE_CHECKING:
    from umpire.rules.answer import CalcAnswer


def calc_move(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """The cost of a move (the inches of allowance it spends), or why the stand may not make it."""
    from umpire.rules.answer import CalcAnswer
    from umpire.rules.auftragstaktik import data
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
