"""Battalion morale checks (MORALE).

Roll on the CRT column of the battalion's morale level (ruling ``morale.column_notation``: VL
+11..+15, L +7..+10, A +4..+6, H +2..+3, VH +1). Modifiers: -2 general, + the average hits
(ruling ``morale.average_hits``), +1 Checked, +2 Routed, -2 in cover or entrenchment (ruling
``morale.cover_condition``). A cell of 2 is Checked, 4 Routed, anything else a pass; statuses
combine by ruling ``morale.status_transitions``.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import ConfigDict, Field, model_validator

from umpire.core.dice import Dice, RecordingDice
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.rules.auftragstaktik import crt
from umpire.rules.auftragstaktik.data import RULESET, Tables, tables
from umpire.rules.auftragstaktik.mods import mod
from umpire.schema.checked import Checked

MoraleLevel = Literal["VL", "L", "A", "H", "VH"]
Status = Literal["ok", "checked", "routed"]
RANK = {"ok": 0, "checked": 1, "routed": 2}


class StandHits(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)
    hits: int = Field(0, ge=0)
    in_cover: bool = False
    eliminated: bool = False


class Battalion(Checked):
    """A battalion checking morale: give ``average_hits`` and ``in_cover``, or its ``stands``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    morale: MoraleLevel = "A"
    average_hits: float | None = Field(None, ge=0)
    status: Status = "ok"
    in_cover: bool | None = None
    stands: list[StandHits] | None = None

    @model_validator(mode="after")
    def _given(self) -> Battalion:
        if self.average_hits is None and not self.stands:
            object.__setattr__(self, "average_hits", 0.0)
        return self


def average_hits(b: Battalion, rulings: Rulings) -> tuple[int, str]:
    """The average-hits DRM, rounded to nearest with halves up (ruling morale.average_hits)."""
    if b.stands:
        if rulings["morale.average_hits"] == "eliminated_as_4":
            values = [4 if s.eliminated else s.hits for s in b.stands]
        else:
            values = [s.hits for s in b.stands if not s.eliminated]
        mean = sum(values) / len(values) if values else 0.0
    else:
        mean = float(b.average_hits or 0)
    return math.floor(mean + 0.5), f"average {mean:g}"


def in_cover(b: Battalion) -> bool:
    """More than half of the surviving stands in cover or entrenched (ruling
    morale.cover_condition)."""
    if b.in_cover is not None:
        return b.in_cover
    alive = [s for s in (b.stands or []) if not s.eliminated]
    return bool(alive) and sum(s.in_cover for s in alive) * 2 > len(alive)


def new_status(old: str, result: str, rulings: Rulings) -> str:
    if result == "pass":
        return "ok"
    if rulings["morale.status_transitions"] == "latest":
        return result
    return result if RANK[result] > RANK[old] else old


def morale_check(b: Battalion, dice: Dice, rulings: Rulings) -> Resolution:
    """One battalion morale check. Outcome: ``result`` (pass, checked, routed) and ``status``
    (the battalion's status after it), with the status's effects."""
    t: Tables = tables()
    m = t.morale
    src = m.modifiers.source
    mods = mod("general", m.modifiers.general, src)
    avg, how = average_hits(b, rulings)
    mods += mod(
        "average hits", m.modifiers.per_average_hit * avg, src, f"{how}, ruling morale.average_hits"
    )
    if b.status == "checked":
        mods += mod("formation Checked", m.modifiers.checked, src)
    if b.status == "routed":
        mods += mod("formation Routed", m.modifiers.routed, src)
    if in_cover(b):
        mods += mod("in cover or entrenchment", m.modifiers.cover, src)
    index = m.columns[b.morale]
    rec = RecordingDice(dice)
    natural = crt.roll(rec, t, rulings, "morale roll")
    modified = natural + sum(x.value for x in mods)
    value, cell = crt.lookup(index, modified, t, rulings, "AT")
    result = m.results.cells.get(value, "pass")
    status = new_status(b.status, result, rulings)
    effects = {
        "ok": "no effect",
        "checked": "only No Orders or Withdraw orders (existing orders become "
        "No Orders, ruling morale.checked_existing_orders); may fire",
        "routed": (
            "no orders; must move away from all visible enemy at maximum rate; may not fire; "
            'surrenders if it ends movement within 4" of an enemy unit'
        ),
    }
    return Resolution(
        ruleset=RULESET,
        procedure="morale",
        outcome={"result": result, "status": status, "effect": effects[status]},
        summary=f"{result}" + (f" (battalion now {status})" if status != result else ""),
        modifiers=mods,
        column=cell.column,
        cell=cell,
        rolls=rec.rolls,
        modified_roll=modified,
        rulings=rulings.differences(),
        notes=[
            f"morale {m.names[b.morale]}: the {cell.column} column (ruling morale.column_notation)",
            f"results: 2 Checked, 4 Routed, otherwise no effect ({m.results.source})",
        ],
    )


def surrenders(distance_to_enemy: float, t: Tables | None = None) -> bool:
    """A Routed unit ending movement within 4 inches of an enemy unit surrenders (MORALE)."""
    t = t or tables()
    return distance_to_enemy <= t.morale.effects.surrender_within_in
