"""Close assault (14.5), hand-to-hand combat (14.6) and overrun (14.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from umpire.core.dice import Dice
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.mbt import data, gp_fire
from umpire.rules.mbt.facts import AssaultFacts
from umpire.rules.mbt.provenance import Val
from umpire.rules.mbt.vehicle_card import Card

if TYPE_CHECKING:
    from umpire.rules.mbt.cases import CloseAssaultCase, HandToHandCase


def _add(out: list[Modifier], name: str, val: Val[int], rule: str, est: list[str]) -> None:
    if val.estimated:
        est.append(f"{name} ({val.v})")
    out.append(Modifier(name=name, value=val.v, rule=rule))


def close_assault(c: CloseAssaultCase, target: Card, dice: Dice, rulings: Rulings) -> Resolution:
    """A leg unit's close assault (the case ``c``) on an adjacent vehicle, ``target`` its card
    (14.5): the leg unit's MV GP at 1 hex (plus attached launchers) against the vehicle's CA
    DEFENSE on the GP COMBAT RESULTS TABLE.

    :raises UmpireError: if the target is more than 2 heights above or below (14.5.1).
    """
    if abs(c.height_diff) > 2:
        raise UmpireError(
            f"height difference {c.height_diff}: close assault reaches 2 heights at most (14.5.1)"
        )
    est: list[str] = []
    ca = target.target.ca_defense
    if ca.estimated:
        est.append(f"{target.card} CA defense ({ca.v})")
    mods = _assault_modifiers(c, target, est)
    attack_gp = c.attack_gp
    n, s = gp_fire.crt(attack_gp, ca.v, est)
    (roll,) = dice.roll(100, why=f"close assault GP {attack_gp} vs CA defense {ca.v}")
    net = sum(m.value for m in mods)
    result = gp_fire.crt_result(roll + net, n, s)
    if result == "N":
        effects = ["no effect"]
    elif result == "S":
        effects = ["suppressed (ON) (14.5.4)"]
    else:
        choice = rulings["close_assault.effective"]
        effects = {
            "knocked_out_burning_wreck": [
                "knocked out, replaced by a brewed-up (burning) wreck (14.5.4)"
            ],
            "brewed_up": [
                "brewed up: burning wreck, others in the hex suppressed (14.5.4, 14.3.3.3)"
            ],
            "knocked_out": ["knocked out, non-burning wreck (ruling close_assault.effective)"],
        }[choice]
    return Resolution(
        ruleset="mbt",
        procedure="close_assault",
        outcome={"result": result, "effects": effects, "attacker_spotted": "moved"},
        summary=effects[0],
        modifiers=mods,
        modified_roll=roll + net,
        estimated=est,
        facts=AssaultFacts(gp_factor=attack_gp, ca_defense=ca.v, net_modifier=net, n=n, s=s),
    )


def _assault_modifiers(c: CloseAssaultCase, target: Card, est: list[str]) -> list[Modifier]:
    """The close assault's modifiers (14.5.3; options 17.4.1.2 and 17.4.1.3.2)."""
    chart = data.chart("close_assault").close_assault
    mods: list[Modifier] = []
    if c.height_diff > 0:
        _add(mods, "attacking uphill", chart.attacking_uphill, "14.5.3.1", est)
    if c.target_moving:
        _add(mods, "vs moving vehicle", chart.vs_moving_vehicle, "14.5.3.2", est)
    top_zero = target.armor["KE"].above.get("TT")
    if c.target_open or (top_zero is not None and top_zero.v == 0):
        _add(mods, "vs open vehicle", chart.vs_open_vehicle, "14.5.3.3", est)
    if c.grade == "crack":
        _add(mods, "attacker crack", chart.attacker_crack, "14.5.3.4", est)
    elif c.grade == "poor":
        _add(mods, "attacker poor", chart.attacker_poor, "14.5.3.4", est)
    if c.assault_infantry:
        _add(mods, "assault infantry", chart.assault_infantry, "17.4.1.2", est)
    if c.flamethrower:
        _add(mods, "flamethrower", chart.flamethrower, "17.4.1.2", est)
    if c.special_forces:
        if c.grade != "crack":
            raise UmpireError(f"special_forces: a special forces unit is crack grade (17.4.1.3.2; the attackers are "
                              f"{c.grade})")
        _add(mods, "special forces", chart.special_forces, "17.4.1.3.2", est)
    return mods


def hand_to_hand(c: HandToHandCase, dice: Dice, rulings: Rulings) -> Resolution:
    """Hand-to-hand combat (14.6) of the case ``c``: a low modified roll favours the attacker."""
    if abs(c.height_diff) > 2:
        raise UmpireError(
            f"height difference {c.height_diff}: hand-to-hand reaches 2 heights at most (14.6.1.1)"
        )
    attacker, defender = c.attacker, c.defender
    table = data.chart("close_assault").hand_to_hand
    if attacker not in table.attacker_wins_up_to:
        raise UmpireError(
            f"attacker: {attacker!r} (allowed: {', '.join(table.attacker_wins_up_to)}; 14.6)"
        )
    if defender not in table.defenders:
        raise UmpireError(f"defender: {defender!r} (allowed: {', '.join(table.defenders)})")
    est: list[str] = []
    mods = _melee_modifiers(c, rulings, est)
    cell = table.attacker_wins_up_to[attacker][table.defenders.index(defender)]
    if cell.estimated:
        est.append(f"HAND-TO-HAND TABLE {attacker} vs {defender} ({cell.v})")
    (roll,) = dice.roll(100, why=f"hand-to-hand {attacker} vs {defender}")
    net = sum(x.value for x in mods)
    winner = "attacker" if roll + net <= cell.v else "defender"
    loser = "defender" if winner == "attacker" else "attacker(s)"
    effects = [
        f"the {loser} suffer an effective result: squads become suppressed half squads, "
        "others are eliminated (14.6.2.2)"
    ]
    return Resolution(
        ruleset="mbt",
        procedure="hand_to_hand",
        outcome={"winner": winner, "effects": effects},
        summary=f"{winner} wins",
        modifiers=mods,
        modified_roll=roll + net,
        estimated=est,
        facts=AssaultFacts(attacker_wins_up_to=cell.v, net_modifier=net),
    )


def _melee_modifiers(c: HandToHandCase, rulings: Rulings, est: list[str]) -> list[Modifier]:
    """Hand-to-hand combat's modifiers (14.6.3; options 17.4.1, 17.4.1.2 and 17.4.1.3.2)."""
    m = data.chart("close_assault").hand_to_hand_modifiers
    mods: list[Modifier] = []
    if c.defender_suppressed:
        _add(mods, "defender suppressed", m.defender_suppressed, "14.6.3.1", est)
    if c.uphill:
        _add(mods, "uphill attack", m.uphill_attack, "14.6.3.2", est)
    if c.defender_crew_loss or c.defender == "bailed_crew":
        _add(
            mods, "defender bailed out / crew loss", m.defender_crew_loss_or_bailed, "14.6.3.3", est
        )
    if c.attackers > 1:
        val = m.per_additional_attacker
        mods.append(
            Modifier(
                name="additional attackers",
                value=val.v * (c.attackers - 1),
                rule="14.6.3.4",
                detail=f"{c.attackers} attackers",
            )
        )
    for who, grade in (("attacker", c.attacker_grade), ("defender", c.defender_grade)):
        if grade in ("crack", "poor"):
            _add(mods, f"{who} {grade}", getattr(m, f"{who}_{grade}"), "14.6.3.5", est)
    if c.attacker_flamethrower:
        _add(mods, "attacking flamethrower", m.flamethrower_attacking, "17.4.1.2", est)
    if c.defender_flamethrower:
        _add(mods, "defending flamethrower", m.flamethrower_defending, "17.4.1.2", est)
    for who, elite in (("attacker", c.attacker_elite), ("defender", c.defender_elite)):  # option 17.4.1
        if elite is not None and rulings[f"hand_to_hand.{elite}_sign"] == "favours_owner":
            mag = getattr(m, elite)
            rule = "17.4.1.1" if elite == "squad_plus" else "17.4.1.2"
            mods.append(Modifier(name=f"{who} {elite.replace('_', ' ')}", value=-mag.v if who == "attacker" else mag.v,
                                 rule=rule, detail=f"ruling hand_to_hand.{elite}_sign"))
    for who, special, grade in (("attacker", c.attacker_special_forces, c.attacker_grade),
                                ("defender", c.defender_special_forces, c.defender_grade)):  # option 17.4.1.3.2
        if not special:
            continue
        if grade != "crack":
            raise UmpireError(f"{who}_special_forces: a special forces unit is crack grade (17.4.1.3.2; the {who} is "
                              f"{grade})")
        word = "attacking" if who == "attacker" else "defending"
        _add(mods, f"{who} special forces", getattr(m, f"special_forces_{word}"), "17.4.1.3.2", est)
    return mods


def loser_effect(kind: str) -> str:
    """What losing hand-to-hand combat does to a unit of ``kind`` (14.6.2.2): "squads are reduced
    to ½ squads and suppressed", anything else is eliminated (``half`` or ``eliminated``)."""
    return "half" if kind == "squad" else "eliminated"


def overrun_defensive_first_fire(defender_fired: bool, defender_suppressed: bool) -> bool:
    """Overrun defensive fire comes first if the defender has not fired and is not suppressed;
    otherwise it is simultaneous with the overrun fire (14.7.2.1.2)."""
    return not defender_fired and not defender_suppressed
