"""Units the rules leave little to do, and the words of refused moves (#22 item 8): an M901 ITV
on overwatch, a tank whose main gun is hit, a unit that can carry out no order, a move refused
for the leg that forbids it, an Auftragstaktik move refused naming the order it was given.

The MBT turns are run through the handlers on a state set up by hand (damage a unit cannot be
given by a scenario), with the game's keyed dice."""

from __future__ import annotations

import pytest

from umpire.core.keyed import KeyedDice
from umpire.errors import UmpireError
from umpire.registry import find_ruleset, initial_state, scenario_from_data
from umpire.rules.mbt import data, movement
from umpire.rules.mbt.state import MbtUnit


def _state(blue: list[dict], red: list[dict], game: str = "basic"):
    sc = {"name": "damage", "ruleset": "mbt", "table": {"width": 48, "depth": 36}, "seed": 3,
          "mbt": {"turns": 3, "game": game},
          "sides": [{"id": "blue", "units": blue}, {"id": "red", "units": red}]}
    return initial_state(scenario_from_data(sc, "damage"), seed=3)


class Turn:
    """A tracked MBT game driven through its handlers, the state kept here."""

    def __init__(self, state) -> None:
        self.state = state
        self.handlers = find_ruleset("mbt").handlers
        self.results: list = []

    def act(self, kind: str, payload: dict | None = None) -> None:
        dice = KeyedDice(3, (f"t{self.state.turn}", self.state.phase))
        applied = self.handlers[kind](self.state, payload or {}, dice)
        self.state = applied.state
        self.results += [r.to_json() for r in applied.resolutions]

    def damage(self, uid: str, **marks: object) -> None:
        self.state = self.state.copy_for_change()
        own = MbtUnit.of(self.state.units[uid])
        for k, v in marks.items():
            setattr(own, k, v)

    def turn(self, blue: dict, red: dict) -> None:
        self.act("mbt.orders", {"side": "blue", "units": blue})
        self.act("mbt.orders", {"side": "red", "units": red})
        for _ in range(4):
            self.act("mbt.phase")

    def shots_by(self, uid: str) -> list[dict]:
        return [r for r in self.results if r.get("procedure") == "fire" and r.get("firer") == uid
                and (r.get("outcome") or {}).get("fired") is not False]


MOVER = {"id": "t1", "card": "USSR-1B", "at": [30, 10], "facing": 270}


def test_an_m901_on_overwatch_lets_the_movement_phase_go_on():
    """Why: an M901 ITV (missiles, no main gun) given OW stopped the Movement Phase with "the
    M901 has no main gun"; in the Basic Game only main guns fire overwatch (6.2.4)."""
    t = Turn(_state([{"id": "itv", "card": "USA-4A/1", "at": [10, 10], "facing": 90}], [MOVER]))
    t.act("mbt.phase")
    t.turn({"itv": {"order": "OW"}}, {"t1": {"order": "M", "move": {"path": [[27, 10]]}}})
    assert t.state.units["t1"].x == 27 and t.shots_by("itv") == []


def test_a_tank_whose_main_gun_is_hit_fires_no_overwatch():
    """Why: a T-64B whose main gun was destroyed fired it on overwatch the next turn: its missile
    let it take OW orders, and overwatch fired the main gun (6.2.4, 7.4.5.3.2)."""
    def play(hit: bool) -> Turn:
        t = Turn(_state([{"id": "t64", "card": "USSR-1B", "at": [10, 10], "facing": 90}],
                        [{"id": "m1", "card": "USA-1B", "at": [30, 10], "facing": 270}]))
        t.act("mbt.phase")
        if hit:
            t.damage("t64", gun_hit=True)
        t.turn({"t64": {"order": "OW"}}, {"m1": {"order": "M", "move": {"path": [[27, 10]]}}})
        return t

    assert play(hit=False).shots_by("t64"), "with its gun whole it fires at the mover"
    hit = play(hit=True)
    assert hit.shots_by("t64") == [] and hit.state.units["m1"].x == 27


@pytest.mark.parametrize("game", ["basic", "advanced"])
def test_a_unit_that_can_carry_out_no_order_never_blocks_the_turn(game):
    """Why: a tank with its track and main gun hit and no missile could be given no order:
    "orders: None is not an order" and "allowed: none" refused every orders file that named it."""
    t = Turn(_state([{"id": "m1", "card": "USA-1B", "at": [5, 5], "facing": 90},
                     {"id": "m2", "card": "USA-1B", "at": [5, 15], "facing": 90}],
                    [{"id": "t1", "card": "USSR-1B", "at": [40, 30], "facing": 270}], game))
    t.act("mbt.phase")
    t.damage("m1", track_hit=True, gun_hit=True)
    with pytest.raises(UmpireError, match=r"none: this unit can carry out .*orders; give one"):
        t.act("mbt.orders", {"side": "blue", "units": {"m2": {"order": "none"}}})
    if game == "basic":  # the Advanced Game's machineguns still fire: OW is left to it
        with pytest.raises(UmpireError, match=r"can carry out no order now \(6\.2\.3\): give order: none"):
            t.act("mbt.orders", {"side": "blue", "units": {"m1": {"order": "OW"}, "m2": {"order": "OW"}}})
    t.turn({"m1": {"order": "None" if game == "basic" else "OW"}, "m2": {"order": "OW"}}, {"t1": {"order": "OW"}})
    assert t.state.phase == "Initiative" and t.state.turn == 2


def test_a_refused_move_names_the_leg_that_forbids_it():
    """Why: "cannot make this move with M orders: 2 in of clear: 2 in" named the last leg's
    cost, not the heavy woods that forbade the move."""
    legs = [movement.Leg("clear", 1.0), movement.Leg("heavy_woods", 1.0), movement.Leg("clear", 2.0)]
    mc = movement.cost(data.card("USA-1B"), legs, "M")
    assert not mc.legal and mc.why == "heavy_woods: prohibited (8.4.2)" and mc.lines[-1].startswith("2 in of clear")
    far = movement.cost(data.card("USA-1B"), [movement.Leg("clear", 30.0)], "M")
    assert far.why.startswith("needs 30 in, the unit has")


def test_an_auftragstaktik_move_too_long_names_the_order_it_was_given(cli):
    """Why: "NO orders allow at most 5"" for a unit given DA: the message named the unit's
    standing order, not the one the move was checked against."""
    from tests.conftest import at_scenario

    assert cli("new", str(at_scenario())).exit_code == 0
    r = cli("turn", "orders", str(_at_orders(cli.db.parent)))
    assert r.exit_code == 2 and "DA orders allow at most" in r.stderr and "NO orders" not in r.stderr, r.stderr


def _at_orders(folder):
    import yaml

    path = folder / "nato.yaml"
    path.write_text(yaml.safe_dump({"side": "nato", "units": {"a-1-64": {"order": "DA", "first": [[40, 21]]}}}))
    return path
