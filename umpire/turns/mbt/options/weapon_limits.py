"""Weapon and unit limitations (option 17.3) over the tracked game.

- **DEP/EL minimum ranges** (17.3.1): a rising or falling shot closer than the weapon's
  depression or elevation allows is not fired; the fire case says ``weapon_limits: true`` and
  ``calc fire``/``calc gp`` refuse it alike (:func:`umpire.rules.mbt.options.limits.dep_el`).
- **Limited ammunition** (17.3.2): each weapon with a TOT AMMO number carries that many rounds
  (maximum ammunition, 17.3.2.1.4.1), or as many as rolled before the game with ``mbt:
  {ammunition: variable}`` (17.3.2.1.4.2, :mod:`.supplies`), kept in the unit's ``rounds`` note
  once it first fires.
  An AP shot spends a round a shot (fewer shots than the rate of fire are fired when fewer
  rounds are left); GP fire spends the weapon's maximum rate of fire (17.3.2.2). A weapon with
  no rounds left is refused in the orders and does not fire. ``Unl`` weapons are not counted
  (17.3.2.1.1); towed units are read as supplied from their vehicle or dump (17.3.2.1.3, a
  ruling of umpire's: the tracked game does not follow which vehicle towed them).
- **Infantry alternate fire** (17.3.4): a leg unit's small arms fire -5 for each attached
  weapon it fires in the same step (the gp case's ``firer.attached_fired``).

- **Reduced GP rate of fire** (17.3.2.2): a GP fire entry's ``shots`` below the weapon's maximum
  rate is fired at -10 a shot less (the gp case's ``shots``); the weapon still spends its maximum.

Not played: ammunition allotment by type (17.3.2.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.rules.mbt.facts import ShotFacts
from umpire.rules.mbt.state import MbtGame, MbtUnit
from umpire.rules.mbt.vehicle_card import Weapon
from umpire.turns.mbt.options import on

NAME = "weapon_limits"


def carried(u: UnitState, w: Weapon, state: GameState | None = None) -> int | None:
    """The rounds ``w`` carries at the start: its maximum (17.3.2.1.4.1), or as rolled under
    variable ammunition (17.3.2.1.4.2, given the ``state``); None when they are not counted."""
    from umpire.rules.mbt.options.limits import rounds_carried
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.options import state as OS

    if U.kind(u) == "towed":
        return None
    most = rounds_carried(str(w.tot_ammo.v))
    if state is not None and most is not None and MbtGame.of(state).ammunition == "variable":
        return OS.read(state).ammunition.get(u.id, {}).get(w.name, most)
    return most


def rounds_left(u: UnitState, w: Weapon, state: GameState | None = None) -> int | None:
    most = carried(u, w, state)
    return None if most is None else int((MbtUnit.of(u).rounds or {}).get(w.name, most))


def held(state: GameState, u: UnitState, w: Weapon, rng: int, heights: tuple[int, int]) -> str:
    """Why ``u`` does not fire ``w`` at range ``rng`` (firer's and target's heights) under the
    option: no rounds left, or too close for its DEP/EL; empty when it fires."""
    from umpire.rules.mbt.options.limits import dep_el

    if not on(state, NAME):
        return ""
    if rounds_left(u, w, state) == 0:
        return f"its {w.name} has no rounds left: all {carried(u, w, state)} fired (17.3.2.2)"
    return dep_el(w.dep_el_numbers(), heights[0], heights[1], rng, w.name)


def shots(state: GameState, u: UnitState, w: Weapon, wanted: int | None) -> int | None:
    """The AP shots fired: as written (or the rate of fire), no more than the rounds left."""
    left = rounds_left(u, w, state) if on(state, NAME) else None
    if left is None:
        return wanted
    return min(wanted or int(w.max_rof.v), left)


def expend(state: GameState, u: UnitState, w: Weapon, r: Resolution) -> None:
    """Mark off the rounds a shot spent (17.3.2.2); its facts' ``rounds`` say what is left."""
    left = rounds_left(u, w, state) if on(state, NAME) else None
    if left is None or r.outcome.get("fired") is False:
        return
    spent = int(r.outcome.get("shots") or w.max_rof.v) if r.procedure == "fire" else int(w.max_rof.v)
    now = max(0, left - spent)
    MbtUnit.of(u).rounds[w.name] = now
    ShotFacts.of(r).rounds = f"{w.name}: {now} of {carried(u, w, state)} rounds left (17.3.2.2)"


def check_gp_shots(state: GameState, where: str, shots: int, w: Weapon) -> None:
    """A GP fire entry's ``shots``: fewer than the weapon's maximum rate of fire is announced at
    -10 a shot (17.3.2.2), under the option only.

    :raises UmpireError: naming the entry's ``shots`` and what is allowed.
    """
    most = int(w.max_rof.v)
    if not on(state, NAME):
        raise UmpireError(f"{where}: {shots}: GP fire is at the weapon's maximum rate of fire ({most}); fewer shots at "
                          "-10 each is option 17.3.2.2 (add weapon_limits to the scenario's mbt.options)")
    if not 1 <= shots <= most:
        raise UmpireError(f"{where}: {shots} (allowed: 1-{most}, the {w.name}'s maximum rate of fire; 17.3.2.2)")


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
            if w is None or rounds_left(u, w, state) != 0:
                continue
            others = [f"{x.name} {n}" if n is not None else f"{x.name} unlimited" for x in U.weapons(u)
                      if (n := rounds_left(u, x, state)) != 0]
            raise UmpireError(f"{where}: units.{uid}.fire[{i}].weapon: {w.name!r} has no rounds left, all "
                              f"{carried(u, w, state)} fired (17.3.2.2; allowed: {', '.join(others) or 'none'})")
