"""MBT forces from a TO&E: an organisation by name and variant expanded into its models (12.8.1).

A formation of an MBT scenario may name its organisation (:class:`umpire.rules.mbt.toe_spec.ToeSpec`)
instead of listing its units, and gets every combat unit of that variant with its grade (12.7)
and doctrine (13.4.1); leg and towed units start carried by the organisation's vehicles when
mounted (15.3). Also here: reading a card's equipment and transport texts.
"""

from __future__ import annotations

import math
import re
from typing import Any

from umpire.errors import UmpireError
from umpire.rules.mbt.toe_spec import ToeSpec


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
    m = re.match(r"\s*([0-9]+)\s*([LT]+)?\s*(\(FC\))?", str(transport))
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

    room: dict[str, tuple[int, str]] = {}
    for c in carriers:
        size, what, _ = capacity(data.card(c["card"]).target.transport.v)
        room[c["id"]] = (size, what)
    for r in riders:
        card = cards.any_card(r["card"])
        if isinstance(card, cards.LegCard):
            need, letter = int(card.type(r["type"]).stacking.v), "L"
        elif isinstance(card, cards.TowedCard):
            need, letter = int(card.stacking.v), "T"
        else:
            continue
        for c in carriers:
            free, what = room[c["id"]]
            if letter in what and free >= need:
                room[c["id"]] = (free - need, what)
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
