"""Close combat and overruns (COMBAT > Close Combat; MISCELLANEOUS RULES > Overruns).

One close-combat attack is a troop stand attacking one opposing stand on the Anti-personnel
table, on the +1 column (ruling ``close_combat.column``). DRMs (ruling
``close_combat.difference_multipliers``): morale difference x1 (VL 1 .. VH 5), CC value
difference x1 (the SA close-combat value, 0 if none), hits difference x2, attacker and target
size, troop quality difference x2, and against an AFV the infantry's AT CC value. No cover or
entrenchment; hit effects are replaced by the hits difference (ruling ``close_combat.hit_effects``).
AFVs may not attack in close combat. After each round an AFV may fire its HW at one attacking
infantry stand, normally but with -6 (``close_combat.yaml: afv_return_fire_drm``):
:func:`afv_return_fire`.
"""

from __future__ import annotations

from typing import Any

from umpire.core.dice import Dice, RecordingDice
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik import crt
from umpire.rules.auftragstaktik.data import RULESET, Tables, tables
from umpire.rules.auftragstaktik.hits import apply_hits
from umpire.rules.auftragstaktik.mods import mod, size_mods
from umpire.rules.auftragstaktik.ratings import QUALITY_LEVEL, Stand


def cc_value(stand: Stand) -> int:
    sa = stand.unit.sa
    return sa.cc if sa is not None and sa.cc is not None else 0


def cc_modifiers(
    attacker: Stand, defender: Stand, attacker_morale: str, defender_morale: str, t: Tables
) -> list[Modifier]:
    cc = t.close_combat
    src = cc.modifiers_source
    lv = cc.morale_levels
    out = mod(
        "morale difference",
        cc.morale_per_level * (lv[attacker_morale] - lv[defender_morale]),
        src,
        f"{attacker_morale} vs {defender_morale} (ruling close_combat.difference_multipliers)",
    )
    out += mod(
        "CC value difference",
        cc.cc_value_per_point * (cc_value(attacker) - cc_value(defender)),
        src,
        f"{cc_value(attacker)} vs {cc_value(defender)}",
    )
    out += mod(
        "hits difference",
        cc.hits_per_hit * (defender.hits - attacker.hits),
        src,
        f"{attacker.hits} vs {defender.hits} hits",
    )
    out += size_mods(t, attacker.size_code, defender.size_code, src)
    out += mod(
        "troop quality",
        cc.tq_per_level * (QUALITY_LEVEL[attacker.quality] - QUALITY_LEVEL[defender.quality]),
        src,
        f"{attacker.quality} vs {defender.quality}",
    )
    if defender.fire_category() == "afv":
        out += mod("infantry AT CC value", attacker.unit.at_cc or 0, cc.vs_afv_source)
    return out


def close_combat(
    attacker: Stand,
    defender: Stand,
    dice: Dice,
    rulings: Rulings,
    *,
    attacker_morale: str = "A",
    defender_morale: str = "A",
    concealed: bool = False,
) -> Resolution:
    """One close-combat attack by ``attacker`` on ``defender``. Outcome: ``hits`` (0, 1, 2 or 4),
    ``total_hits``, ``eliminated`` (close combat eliminates troops even in close terrain).

    :raises UmpireError: if the attacker is an AFV (AFVs may not initiate close combat).
    """
    t = tables()
    cc = t.close_combat
    if attacker.fire_category() == "afv":
        raise UmpireError(
            f"attacker: AFVs may not initiate close combat or fight AFVs in it (allowed: troop stands; {cc.source})"
        )
    mods = cc_modifiers(attacker, defender, attacker_morale, defender_morale, t)
    choice = rulings["close_combat.column"]
    rec = RecordingDice(dice)
    if choice == "differential":
        pick = crt.pick_column(t, rulings, "AP", differential=cc_value(attacker) - defender.protection_value)
    else:
        fixed = t.crt.named_columns["plus_1" if choice == "plus_1" else "zero"]
        pick = crt.pick_column(t, rulings, "AP", fixed=fixed)
    natural = crt.roll(rec, t, rulings, "close combat roll")
    modified = natural + sum(m.value for m in mods)
    hits, cell = crt.lookup(pick.index, modified, t, rulings, "AP")
    total, eliminated = apply_hits(defender.hits, hits, by_close_combat=True, t=t)
    notes = [
        f"close combat on the AP table, {cell.column} column (ruling close_combat.column)",
        "cover and entrenchment are not used in close combat",
    ]
    if concealed:
        notes.append(
            "concealed stand's free attack: if it eliminates the target it may attack another (COMBAT > Close Combat)"
        )
    return Resolution(
        ruleset=RULESET,
        procedure="close-combat",
        outcome={
            "hits": hits,
            "total_hits": total,
            "eliminated": eliminated,
            "free_attack_continues": bool(concealed and eliminated),
        },
        summary=("eliminated" if eliminated else f"{hits} hit{'s' if hits != 1 else ''}")
        + f" ({crt.roll_words(natural, modified, cell.column)})",
        modifiers=mods,
        column=cell.column,
        cell=cell,
        rolls=rec.rolls,
        modified_roll=modified,
        rulings=rulings.differences(),
        notes=notes,
    )


def overrun(
    defender: Stand,
    attackers: list[Stand],
    dice: Dice,
    rulings: Rulings,
    *,
    target_index: int = 0,
    defender_morale: str = "A",
    attacker_morale: str = "A",
) -> Resolution:
    """The overrun defenders' one close-combat attack on the overrunning stand ``target_index``
    (MISCELLANEOUS RULES > Overruns). Outcome: ``hits`` on that stand, ``continue`` (the force
    may go on moving: no overrunning stand has 2 or more hits) or stop.

    :raises UmpireError: if an overrunning stand starts with more than 1 hit.
    """
    t = tables()
    ov = t.close_combat.overrun
    for i, a in enumerate(attackers):
        if a.hits > ov.attacker_max_hits_at_start:
            raise UmpireError(
                f"attackers[{i}].hits: a stand with {a.hits} hits may not overrun "
                f"(allowed: 0-{ov.attacker_max_hits_at_start}; {ov.source})"
            )
    if not 0 <= target_index < len(attackers):
        raise UmpireError(f"target: {target_index} is not an overrunning stand (allowed: 0-{len(attackers) - 1})")
    target = attackers[target_index]
    res = close_combat(
        defender,
        target,
        dice,
        rulings,
        attacker_morale=defender_morale,
        defender_morale=attacker_morale,
    )
    totals = [a.hits + (res.outcome["hits"] if i == target_index else 0) for i, a in enumerate(attackers)]
    go_on = all(h <= ov.continue_max_hits for h in totals)
    out: dict[str, Any] = dict(res.outcome)
    out.update({"continue": go_on, "attacker_hits": totals})
    return res.model_copy(
        update={
            "procedure": "overrun",
            "outcome": out,
            "summary": res.summary + ("; the overrun continues" if go_on else "; the overrunning force must stop"),
            "notes": res.notes
            + [
                "overrun: continue if every overrunning stand has at most "
                f"1 hit ({ov.source}; ruling overrun.defender_outcome)"
            ],
        }
    )


def afv_return_fire(
    afv: Stand, infantry: Stand, dice: Dice, rulings: Rulings, *, range_in: float = 0.0, aspect: str = "front"
) -> Resolution:
    """An AFV in close combat fires its HW at one infantry stand attacking it, after the round
    (COMBAT > Modifiers for CC against AFVs): resolved normally with the AFV stationary, the
    infantry in terrain cover only (no entrenchment), and -6.

    :raises UmpireError: if the AFV has no HW rating.
    """
    from umpire.rules.auftragstaktik.fire import Attack, fire

    t = tables()
    if afv.unit.hw is None:
        raise UmpireError("firer: the AFV has no HW rating to fire in close combat")
    res = fire(
        Attack(afv.model_copy(update={"moved": False}), infantry.model_copy(update={"entrenchment": "none"}), "hw",
               range_in, aspect),
        dice,
        rulings,
        extra_modifiers=mod(
            "AFV fire in close combat", t.close_combat.afv_return_fire_drm, t.close_combat.vs_afv_source
        ),
    )
    return res.model_copy(update={"procedure": "cc-return-fire"})
