"""Weapon and unit limitations (option 17.3) over the tracked game.

- **DEP/EL minimum ranges** (17.3.1): a rising or falling shot closer than the weapon's
  depression or elevation allows is not fired; the fire case says ``weapon_limits: true`` and
  ``calc fire``/``calc gp`` refuse it alike (:func:`umpire.rules.mbt.options.limits.dep_el`).
- **Limited ammunition** (17.3.2): each weapon with a TOT AMMO number carries that many rounds
  (maximum ammunition, 17.3.2.1.4.1), kept in the unit's ``rounds`` note once it first fires.
  An AP shot spends a round a shot (fewer shots than the rate of fire are fired when fewer
  rounds are left); GP fire spends the weapon's maximum rate of fire (17.3.2.2). A weapon with
  no rounds left is refused in the orders and does not fire. ``Unl`` weapons are not counted
  (17.3.2.1.1); towed units are read as supplied from their vehicle or dump (17.3.2.1.3, a
  ruling of umpire's: the tracked game does not follow which vehicle towed them).
- **Infantry alternate fire** (17.3.4): a leg unit's small arms fire -5 for each attached
  weapon it fires in the same step (the gp case's ``firer.attached_fired``).

Not played: variable ammunition (17.3.2.1.4.2, ``umpire calc ammo`` rolls it), ammunition
allotment by type (17.3.2.3), reduced GP rates of fire (17.3.2.2's -10 a shot), fuel (17.3.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.rules.mbt.facts import ShotFacts
from umpire.rules.mbt.state import MbtUnit
from umpire.rules.mbt.vehicle_card import Weapon
from umpire.turns.mbt.options import on

NAME = "weapon_limits"


def carried(u: UnitState, w: Weapon) -> int | None:
    """The rounds ``w`` carries at the start (17.3.2.1.4.1); None when they are not counted."""
    from umpire.rules.mbt.options.limits import rounds_carried
    from umpire.turns.mbt.advanced import units as U

    return None if U.kind(u) == "towed" else rounds_carried(str(w.tot_ammo.v))


def rounds_left(u: UnitState, w: Weapon) -> int | None:
    most = carried(u, w)
    return None if most is None else int((MbtUnit.of(u).rounds or {}).get(w.name, most))


def held(state: GameState, u: UnitState, w: Weapon, rng: int, heights: tuple[int, int]) -> str:
    """Why ``u`` does not fire ``w`` at range ``rng`` (firer's and target's heights) under the
    option: no rounds left, or too close for its DEP/EL; empty when it fires."""
    from umpire.rules.mbt.options.limits import dep_el

    if not on(state, NAME):
        return ""
    if rounds_left(u, w) == 0:
        return f"its {w.name} has no rounds left: all {carried(u, w)} fired (17.3.2.2)"
    return dep_el(w.dep_el_numbers(), heights[0], heights[1], rng, w.name)


def shots(state: GameState, u: UnitState, w: Weapon, wanted: int | None) -> int | None:
    """The AP shots fired: as written (or the rate of fire), no more than the rounds left."""
    left = rounds_left(u, w) if on(state, NAME) else None
    if left is None:
        return wanted
    return min(wanted or int(w.max_rof.v), left)


def expend(state: GameState, u: UnitState, w: Weapon, r: Resolution) -> None:
    """Mark off the rounds a shot spent (17.3.2.2); its facts' ``rounds`` say what is left."""
    left = rounds_left(u, w) if on(state, NAME) else None
    if left is None or r.outcome.get("fired") is False:
        return
    spent = int(r.outcome.get("shots") or w.max_rof.v) if r.procedure == "fire" else int(w.max_rof.v)
    now = max(0, left - spent)
    MbtUnit.of(u).rounds[w.name] = now
    ShotFacts.of(r).rounds = f"{w.name}: {now} of {carried(u, w)} rounds left (17.3.2.2)"


def attached_fired(u: UnitState, w: Weapon, entries: Sequence[dict[str, Any]]) -> int:
    """Attached weapons ``u`` fires in this step besides its small arms ``w`` (17.3.4)."""
    from umpire.turns.mbt.advanced import units as U

    if not w.is_small_arms or U.kind(u) != "leg":
        return 0
    mine = [e for e in entries if (e.get("by") or u.id) == u.id]
    attached = U.attached_of(u)
    return sum(1 for e in mine if e.get("weapon") in attached)


def check_orders(state: GameState, units: dict[str, dict[str, Any]], where: str) -> None:
    """Refuse fire written for a weapon with no rounds left.

    :raises UmpireError: one line naming the unit's fire entry, the weapon and what it has left.
    """
    from umpire.turns.mbt.advanced import units as U

    for uid, spec in units.items():
        fire = spec.get("fire")
        for i, f in enumerate(fire if isinstance(fire, list) else [fire] if fire else []):
            u = state.units[str(f.get("by") or uid)]
            w = next((x for x in U.weapons(u) if x.name == f.get("weapon")), None)
            if w is None or rounds_left(u, w) != 0:
                continue
            others = [f"{x.name} {n}" if n is not None else f"{x.name} unlimited" for x in U.weapons(u)
                      if (n := rounds_left(u, x)) != 0]
            raise UmpireError(f"{where}: units.{uid}.fire[{i}].weapon: {w.name!r} has no rounds left, all "
                              f"{carried(u, w)} fired (17.3.2.2; allowed: {', '.join(others) or 'none'})")
