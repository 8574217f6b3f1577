"""MBT forces in a scenario: a TO&E organisation by name and variant, expanded into its models.

A formation of an MBT scenario may name its organisation instead of listing its units::

    formations:
      - id: 1acp
        name: 1st Armored Cavalry Platoon
        toe: {org: US Armored Cavalry Platoon, variant: d, grade: crack, at: [4, 12], facing: 90}

and gets every combat unit of that variant (12.8.1, TO&E), with its grade (12.7) and doctrine
(13.4.1). With ``at:`` the models stand in a line from that point, ``spacing`` inches apart, to
the right of their facing; leg and towed units start carried by the organisation's vehicles when
``mounted`` (15.3; by default a Mounted variant is, a Dismounted one is not). Without ``at:``
they are left unplaced for the umpire to put down with ``umpire place``.
"""

from __future__ import annotations

import math
import re
from typing import Any, Literal

from pydantic import ConfigDict, Field

from umpire.errors import UmpireError
from umpire.schema.checked import Checked

Point = tuple[float, float]
Grade = Literal["crack", "average", "poor"]


class ToeSpec(Checked):
    model_config = ConfigDict(extra="forbid")

    org: str = Field(min_length=1, description='a TO&E organisation, e.g. "US Armored Cavalry Platoon"')
    variant: str | None = Field(None, description="its variant letter (TO&E), if it has several")
    grade: Grade = "average"
    doctrine: Literal["none", "with", "vehicle", "vehicle_and_spg9"] | None = None
    at: Point | None = Field(None, description="where the first model stands (inches)")
    facing: float = 0.0
    spacing: float = Field(1.0, gt=0, le=24, description="inches between models")
    mounted: bool | None = Field(None, description="leg and towed units start carried (15.3)")


def equipment_items(text: str | None) -> list[str]:
    """``with Dragon & LAW, "Assault"`` -> ``["Dragon", "LAW", "Assault"]`` (misprints mended)."""
    if not text:
        return []
    e = str(text).removeprefix("with ").replace("PRG-18", "RPG-18").replace("SA 14", "SA-14")
    tags = re.findall(r'"([^"]+)"', e)
    e = re.sub(r',? ?"[^"]+"(?: & "[^"]+")*', "", e)
    return [p.strip() for p in re.split(r",|&| and ", e) if p.strip()] + tags


def capacity(transport: str | None) -> tuple[int, str, bool]:
    """``"3LT (FC)"`` -> (3, "LT", True): stacking points, what it carries, full cover (15.3.1)."""
    if not transport:
        return 0, "", False
    m = re.match(r"\s*(\d+)\s*([LT]+)?\s*(\(FC\))?", str(transport))
    if m is None:
        return 0, "", False
    return int(m.group(1)), m.group(2) or "", m.group(3) is not None


def expand(formation_id: str, spec: ToeSpec, where: str) -> list[dict[str, Any]]:
    """The unit specs (as plain dicts for :class:`umpire.schema.scenario.UnitSpec`) of one
    TO&E organisation.

    :raises UmpireError: for an unknown organisation, variant, grade or doctrine.
    """
    from umpire.rules.mbt import cards, toe

    try:
        _, org = toe.find(spec.org)
        v = toe.variant(org, spec.variant)
        kinds = {u.card: cards.any_card(u.card).kind for u in v.units}
        models = toe.models(org, v, spec.grade, spec.doctrine, {c: k == "vehicle" for c, k in kinds.items()})
    except UmpireError as exc:
        raise UmpireError(f"{where}: toe: {exc}") from None
    out: list[dict[str, Any]] = []
    for n, m in enumerate(models, 1):
        kind = kinds[m.card]
        if kind in ("helicopter", "artillery"):
            continue  # not on the table in the Advanced Game (10.0): see the scenario's support
        unit: dict[str, Any] = {"id": f"{formation_id}-{n}", "name": f"{m.unit} {formation_id}-{n}", "card": m.card,
                                "type": m.unit, "grade": spec.grade, "facing": spec.facing}
        if m.equipment:
            unit["equipment"] = m.equipment
        if m.doctrine:
            unit["doctrine"] = True
        out.append(unit)
    mounted = spec.mounted if spec.mounted is not None else v.mounted is not False
    carriers = [u for u in out if kinds[u["card"]] == "vehicle"]
    riders = [u for u in out if kinds[u["card"]] in ("leg", "towed")]
    if mounted and carriers:
        _load(carriers, riders)
    if spec.at is not None:
        _place(spec, carriers + [u for u in riders if "carried_by" not in u], out)
    return out


def _load(carriers: list[dict[str, Any]], riders: list[dict[str, Any]]) -> None:
    """Put each leg or towed unit in the first vehicle with room for it (15.3.1)."""
    from umpire.rules.mbt import cards, data

    room = {}
    for c in carriers:
        card = data.card(c["card"])
        room[c["id"]] = list(capacity(card.target.transport.v)[:2])
    for r in riders:
        card = cards.any_card(r["card"])
        if isinstance(card, cards.LegCard):
            need, letter = card.type(r["type"]).stacking.v, "L"
        else:
            need, letter = int(card.stacking.v), "T"
        for c in carriers:
            free, what = room[c["id"]]
            if letter in what and free >= need:
                room[c["id"]][0] = free - need
                r["carried_by"] = c["id"]
                break


def _place(spec: ToeSpec, line: list[dict[str, Any]], everything: list[dict[str, Any]]) -> None:
    """A line of models from ``at``, to the right of their facing, ``spacing`` apart."""
    assert spec.at is not None
    right = math.radians(spec.facing + 90)
    dx, dy = math.sin(right), math.cos(right)
    where = {}
    for i, u in enumerate(line):
        where[u["id"]] = (round(spec.at[0] + dx * spec.spacing * i, 3), round(spec.at[1] + dy * spec.spacing * i, 3))
        u["at"] = where[u["id"]]
    for u in everything:
        if "carried_by" in u:
            u["at"] = where[u["carried_by"]]
