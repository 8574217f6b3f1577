"""An MBT Advanced Game scenario's own rules and the checks its forces get when a game is made.

The ``mbt: advanced:`` block holds what Scenario Format A-D gives a scenario beyond the table
and the forces: where units may leave the table (B), points for units exited and the
defender's bonus (Scenario Two), a relief force entering later (Scenario Four), the support the
Advanced Game does not put on the table (off-board artillery, helicopters: options 19, 20), and
which optional rules the matchup asks for. Victory points for losses caused (D.1) need nothing
here: they come from the cards.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field

from umpire.schema.checked import Checked

Edge = Literal["left", "right", "near", "far"]


class _Strict(Checked):
    model_config = ConfigDict(extra="forbid")


class ExitPoints(_Strict):
    """Victory points for each unit a side exits off an edge (Scenario Two D)."""

    side: str = Field(description="the side whose units exit")
    edge: Edge = Field(description="the edge they exit by")
    points: int | Literal["average"] = Field("average", description="per unit, or its TO&E average value")
    cards: list[str] = Field(default_factory=list, description="only units of these cards count (empty: all)")
    no_exit_bonus: int = Field(0, ge=0, description="to the other side if none of them exits")


class ReliefSpec(_Strict):
    """Units that enter the table later (Scenario Four C)."""

    side: str = Field(description="the side the relief force belongs to")
    formations: list[str] = Field(min_length=1, description="its formations' ids")
    from_turn: int = Field(ge=1, description="the first turn it may enter")
    edge: Edge = Field(description="the edge it enters by")


class AdvancedSpec(_Strict):
    rulebook: str = Field("", description='the rulebook scenario and matchup, e.g. "Scenario One, matchup 1"')
    exits: dict[str, Edge] = Field(default_factory=dict, description="per side: the one edge it may leave by")
    exit_points: list[ExitPoints] = Field(default_factory=list,
        description="victory points for units a side exits off an edge (Scenario Two)")
    relief: ReliefSpec | None = Field(None, description="a relief force that enters the table later (Scenario Four)")
    support: dict[str, list[str]] = Field(default_factory=dict,
                                          description="per side: off-table support (options 19, 20), not played")
    options: list[str] = Field(default_factory=list, description="optional rules the matchup names, not played")
    ground: Literal["normal", "snow", "mud"] = Field("normal", description="normal, snow or mud (movement)")
    terrain_gp_defense: dict[Literal["block", "wire"], Annotated[int, Field(ge=1, le=99)]] = Field(
        default_factory=dict, description="the GP defense of block and wire markers, where the scenario gives it "
                                          "(14.4.3.3.1; else the STANDARD TERRAIN VALUES CHART)")
    notes: list[str] = Field(default_factory=list, description="the scenario's notes for the umpire")
