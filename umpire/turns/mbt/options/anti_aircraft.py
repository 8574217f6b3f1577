"""Anti-aircraft fire and the special combats against the helicopters on the table, in a
tracked MBT game with the anti_aircraft option (20.3, 20.4).

After a helicopter flies (:mod:`.helicopters_air`), every enemy ground unit with an AA line
(20.3.1) not yet used for AA fire this Air Phase (20.3.4) fires its first weapon that may: the
helicopter within the line's RNG (20.3.2.4), seen (360 degrees, 20.3.3; terrain blocks as for air
units, 20.3.3.5) and acquired (20.3.3.2: flying helicopters are LL on the AIR ACQUIRED RANGES
CHART, the hexes it flew against the gun or missile figure; a hovering one is acquired once seen,
20.3.3.3). An AA missile fires only at a flying target (20.3.2.2), an MT missile only from the
120 degree arc at the target's rear, and none at a pop-up attack that neither guides a wire ATGM
nor lases (20.3.4.1.3.1: the rockets here do neither). Each fire is the rule ``umpire calc aa``
answers on the case it records: hit number, halvings, modifiers, spoofing by Chaff/IRCM
(20.3.4.1.1), damage against the defense value (20.3.4.2). A destroyed helicopter crashes by
the rule ``umpire calc crash`` answers (20.3.4.2.1-2: its crash hex, and 50 GP at every ground
unit in or next to it); a hit that does not destroy suppresses it (ON). The burning marker
(20.3.4.2.3) is the umpire's to place.

Artillery HE, ICM or ICMDP and iron, cluster or napalm bombs that impact in the hex of a
helicopter at NOE or landed may hit it: the weapon's GP factor is the hit number, no modifiers
(20.4.1.1), the same ``calc aa`` rule with ``hit_number`` given.
"""

from __future__ import annotations

import math
from typing import Any

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState
from umpire.rules.mbt.options.facts import AirFacts, ImpactFacts
from umpire.rules.mbt.state import MbtGame
from umpire.schema.load import validate
from umpire.turns.mbt.options import state as OS

SPECIAL = ("HE", "ICM", "ICMDP", "iron_bomb", "cluster_bomb", "napalm")


def _aa(state: GameState, case: dict[str, Any], dice: Dice, what: str, who: AirFacts) -> Resolution:
    from umpire.rules.mbt.options.calc import aa_of
    from umpire.rules.mbt.options.cases import AaCase

    rec = RecordingDice(dice)
    r = aa_of(validate(AaCase, case, what), rec)
    r.rolls = rec.take()
    facts = AirFacts.of(r)
    facts.result = r.summary
    r.summary = f"{what}: {r.summary}"
    facts.case, facts.step = case, "Air Phase"
    facts.update(who)
    return r


def _struck(state: GameState, h: OS.Helicopter, r: Resolution, dice: Dice, notes: list[Any]) -> list[Resolution]:
    """What a hit does to ``h`` (20.3.4.2): destroyed, it crashes (the ``calc crash`` rule, its
    GP results applied and noted in ``notes``); else suppressed (ON)."""
    from umpire.rules.mbt.options import hexes
    from umpire.rules.mbt.options.calc import crash_of
    from umpire.rules.mbt.options.cases import CrashCase

    if r.outcome.get("destroyed"):
        from umpire.turns.mbt.advanced.effects import apply_gp
        from umpire.turns.mbt.options.targets import about, table_effect

        h.destroyed = True
        case = {"hovering": h.hovering, "landed": h.altitude == "landed", "facing": hexes.direction_of(h.facing),
                "at": [h.x, h.y], "scale": float(MbtGame.of(state).scale),
                "targets": [{"name": x.name, "kind": x.kind, "gp_defense": x.gp_defense, "at": list(x.at),
                             "orders": x.orders, "turret": "open" if x.open else "buttoned"}
                            for x in about(state, (h.x, h.y), reach_hexes=13)]}
        rec = RecordingDice(scoped(dice, "crash", h.id))
        c = crash_of(validate(CrashCase, case, f"crash of {h.id}"), rec)
        c.rolls = rec.take()
        c.summary = f"{h.id} ({h.name}) is destroyed: {c.summary}"
        fx = ImpactFacts.of(c)
        fx.case, fx.helicopter, fx.side, fx.step = case, h.id, h.side, "Air Phase"
        for hit in fx.targets or []:
            notes.extend(apply_gp(state, hit["name"], table_effect(state, hit), f"T{state.turn} Air Phase",
                                  "a helicopter's crash"))  # the unit's note: it names no enemy helicopter
        return [c]
    if r.outcome.get("hit") and not r.outcome.get("spoofed"):
        h.suppressed = "on"
    return []


def at_helicopter(state: GameState, h: OS.Helicopter, used: set[str], dice: Dice
                  ) -> tuple[list[Resolution], list[Any]]:
    """Every enemy AA unit able to fire at ``h`` fires once (20.3.4), until it is destroyed; the
    resolutions and the notes of what its crash did."""
    from umpire.rules.mbt.options import anti_aircraft as A
    from umpire.rules.mbt.options.charts import chart
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.table import AdvTable
    from umpire.turns.mbt.options.helicopter_sight import flying_altitude, off_arc, sees

    air = chart("air")
    t = AdvTable(state)
    orders = MbtGame.of(state).orders or {}
    res: list[Resolution] = []
    notes: list[Any] = []
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if u.side == h.side or u.id in used or not U.on_table(u) or u.card not in air.aa_lines:
            continue
        ok, _ = sees(state, t, u, h)
        if not ok:
            continue
        for weapon, line in air.aa_lines[u.card].items():
            far, close = A.reach(line)
            if not close <= t.hexes(t.xy(u), (h.x, h.y)) <= far:
                continue
            if line.missile and (h.popup or (line.missile == "MT" and off_arc((h.facing + 180) % 360, (h.x, h.y),
                                                                                 t.xy(u)) > 60 + 1e-9)):
                continue  # 20.3.2.2, 20.3.4.1.3.1
            need = int(air.acquired["ground_missile" if line.missile else "ground_gun"]["LL"].v)
            if not h.hovering and h.flown < need:
                continue  # not yet acquired (20.3.3.2)
            order = str(((orders.get(u.side) or {}).get(u.id) or {}).get("order") or "OW")
            case = {"card": u.card, "weapon": weapon, "target": h.card, "altitude": flying_altitude(h),
                    "hovering": h.hovering, "popup": "sight" if h.popup else None, "radar": line.RD is not None,
                    "firer_orders": order, "firer_suppressed": U.suppressed(u), "grade": U.grade(u),
                    "spoof_pods": 1 if h.card in air.chaff_ircm else 0}
            r = _aa(state, case, scoped(dice, "aa", u.id, h.id), f"{u.id} fires {weapon} at {h.id} ({h.name})",
                    AirFacts(unit=u.id, weapon=weapon, helicopter=h.id, helicopter_side=h.side, side=u.side))
            used.add(u.id)
            res += [r, *_struck(state, h, r, dice, notes)]
            break
        if h.destroyed:
            break
    return res, notes


def special_combats(state: GameState, fired: list[Resolution], dice: Dice) -> tuple[list[Resolution], list[Any]]:
    """20.4.1.1: each impact of ``fired`` (artillery and air drops) on helicopters at NOE or
    landed in its impact hex; the resolutions and the notes of what crashes did."""
    from umpire.turns.mbt.advanced.table import AdvTable

    opts = OS.read(state)
    t = AdvTable(state)
    out: list[Resolution] = []
    notes: list[Any] = []
    for r in fired:
        impact = r.facts if isinstance(r.facts, ImpactFacts) else ImpactFacts()
        weapon = str((r.facts.case or {}).get("mission") or r.facts.weapon or "")
        at = r.outcome.get("impact_at")
        if weapon not in SPECIAL or at is None or r.outcome.get("delayed"):
            continue
        gp = int(impact.gp or 0)
        for h in sorted(opts.helicopters.values(), key=lambda x: x.id):
            if h.destroyed or h.altitude == "low" or math.dist((h.x, h.y), at) > t.scale / 2 + 1e-9:
                continue
            case = {"card": "artillery", "weapon": weapon, "target": h.card, "altitude": "noe", "hit_number": gp}
            s = _aa(state, case, scoped(dice, "special", h.id, weapon, str(impact.battery or "")),
                    f"{weapon} impacts on {h.id} ({h.name})",
                    AirFacts(helicopter=h.id, helicopter_side=h.side, weapon=weapon))
            out += [s, *_struck(state, h, s, dice, notes)]
    OS.write(state, opts)
    return out, notes
