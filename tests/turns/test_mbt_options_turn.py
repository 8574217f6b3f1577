"""The MBT options in the tracked game (17-22): each switched on alone in a scenario, its main
path and what it refuses (one Error line, exit 2, nothing written)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from umpire.ask.calc import run_case
from umpire.engine import Game
from umpire.errors import UmpireError
from umpire.registry import scenario_from_data
from umpire.rules.mbt.state import MbtGame


def scenario(options: list[str], **mbt: Any) -> dict[str, Any]:
    return {
        "name": "options",
        "ruleset": "mbt",
        "table": {"width": 48, "depth": 36},
        "seed": 7,
        "mbt": {"game": "advanced", "turns": 4, "options": options, **mbt},
        "sides": [
            {
                "id": "nato",
                "name": "NATO",
                "formations": [
                    {
                        "id": "pl",
                        "name": "tank section",
                        "level": "platoon",
                        "units": [
                            {"id": "obs", "card": "USA-1B", "at": [8, 18], "facing": 90},
                            {"id": "m1", "card": "USA-1B", "at": [15, 18], "facing": 90},
                        ],
                    }
                ],
            },
            {
                "id": "ussr",
                "name": "USSR",
                "units": [
                    {"id": "t1", "card": "USSR-2A", "at": [30, 18], "facing": 270},
                    {"id": "t2", "card": "USSR-2A", "at": [30.8, 18.3], "facing": 270},
                ],
            },
        ],
    }


ARTILLERY = {
    "batteries": [
        {
            "id": "A",
            "side": "nato",
            "nation": "USA",
            "size": "medium",
            "attachment": "organic",
            "missions": {"HE": 2, "IL": 1},
        }
    ]
}
MINES = {"minefields": [{"side": "ussr", "at": [20, 18], "kind": "hasty", "type": "anti_vehicular"}]}


def _clean(data: dict[str, Any]) -> dict[str, Any]:
    return data


def new_game(tmp_path: Path, options: list[str], **mbt: Any) -> Game:
    return Game.create(tmp_path / "game.db", scenario_from_data(_clean(scenario(options, **mbt)), "scenario"))


def orders(tmp_path: Path, game: Game, side: str, units: dict[str, Any], **extra: Any) -> None:
    path = tmp_path / f"{side}-{game.state.turn}.yaml"
    path.write_text(yaml.safe_dump({"side": side, "turn": game.state.turn, "units": units, **extra}), encoding="utf-8")
    game.act("mbt.orders", game.turn_rules().read_orders(path, game.state), None)


def to_command(game: Game) -> None:
    """On to the next Command phase."""
    turn = game.state.turn if game.state.phase != "setup" else 0
    while not (game.state.phase == "Command" and game.state.turn > turn):
        game.act("mbt.phase", {}, None)


@pytest.mark.parametrize(
    ("options", "mbt", "why"),
    [
        (["artilery"], {}, "'artilery' is not an MBT option (did you mean 'artillery'?"),
        (["artillery"], {}, "artillery needs area_fire too (19)"),
        (["anti_aircraft"], {}, "anti_aircraft needs helicopters too (20.3)"),
        ([], ARTILLERY, "batteries need the artillery option (19)"),
        ([], MINES, "minefields need the mines option (17.5)"),
        (["mines"], {"minefields": [{"side": "ussr", "at": [20, 18], "kind": "fascam"}]}, "laid in play by artillery"),
        (
            ["area_fire", "artillery"],
            {"batteries": [{"id": "A", "side": "ussr", "nation": "USSR", "missions": {"CLGP": 1}}]},
            "'CLGP' is not on the USSR artillery card",
        ),
    ],
)
def test_the_scenario_refuses_options_it_cannot_play(tmp_path: Path, options, mbt, why) -> None:
    with pytest.raises(UmpireError, match=__import__("re").escape(why)):
        new_game(tmp_path, options, **mbt)


def test_every_option_is_played_by_the_tracked_game() -> None:
    from umpire.rules.mbt.options.charts import chart

    assert [n for n, info in chart("options").options.items() if not info.tracked] == []


def test_an_option_the_tracked_game_did_not_play_would_be_refused_never_ignored(tmp_path: Path, monkeypatch) -> None:
    from umpire.rules.mbt.options import charts

    real = charts.chart
    listed = real("options")
    mines = listed.options["mines"].model_copy(update={"tracked": False})
    untracked = listed.model_copy(update={"options": {**listed.options, "mines": mines}})
    monkeypatch.setattr(charts, "chart", lambda name: untracked if name == "options" else real(name))
    with pytest.raises(UmpireError, match=r"mines \(17\.5\) is not played by the tracked game yet; umpire calc"):
        new_game(tmp_path, ["mines"])


def test_options_need_the_advanced_game(tmp_path: Path) -> None:
    data = _clean(scenario(["mines"]))
    data["mbt"]["game"] = "basic"
    with pytest.raises(UmpireError, match="played with the Advanced Game"):
        Game.create(tmp_path / "g.db", scenario_from_data(data, "scenario"))


def test_a_called_plot_lands_next_turn_in_the_artillery_step(tmp_path: Path) -> None:
    g = new_game(tmp_path, ["area_fire", "artillery"], **ARTILLERY)
    to_command(g)
    orders(
        tmp_path,
        g,
        "nato",
        {"obs": {"order": "OW", "turret": "open"}},
        artillery=[{"battery": "A", "target": [30, 18], "mission": "HE", "observer": "obs"}],
    )
    orders(tmp_path, g, "ussr", {})
    g.act("mbt.phase", {}, None)  # Command
    g.act("mbt.phase", {}, None)  # Fire: nothing lands in the plot's own Turn (19.2.1.3)
    assert not [r for e in g.events() for r in e.results if r["procedure"] == "artillery"]
    to_command(g)
    orders(tmp_path, g, "nato", {"obs": {"order": "OW", "turret": "open"}})
    orders(tmp_path, g, "ussr", {})
    g.act("mbt.phase", {}, None)
    g.act("mbt.phase", {}, None)  # Fire, opened by the Artillery Step
    (art,) = [r for e in g.events() for r in e.results if r["procedure"] == "artillery"]
    assert (
        art["battery"] == "A" and art["step"] == "Artillery" and art["summary"].startswith("battery A (HE at (30, 18))")
    )
    state = MbtGame.of(g.state).options_state.model_dump(mode="json")  # type: ignore[union-attr]
    assert state["plots"][0]["status"] in ("fired", "delayed")
    if state["plots"][0]["status"] == "fired":
        assert state["batteries"]["A"]["missions"]["HE"] == 1
    assert "Artillery Step" in g.events()[-1].summary


def test_minefield_attacks_an_enemy_vehicle_that_enters_it(tmp_path: Path) -> None:
    g = new_game(tmp_path, ["mines"], **MINES)
    to_command(g)
    orders(
        tmp_path, g, "nato", {"m1": {"order": "M", "turret": "buttoned", "move": {"path": [[20.6, 18]], "facing": 90}}}
    )
    orders(tmp_path, g, "ussr", {})
    for _ in range(3):
        g.act("mbt.phase", {}, None)  # Command, Fire, Movement
    (mine,) = [r for e in g.events() for r in e.results if r["procedure"] == "mine"]
    assert mine["unit"] == "m1" and mine["outcome"]["attacked"] is True
    assert "ussr" in MbtGame.of(g.state).options_state.model_dump(mode="json")["minefields"][0]["known_to"]
    assert "nato" in MbtGame.of(g.state).options_state.model_dump(mode="json")["minefields"][0]["known_to"]


def test_an_own_minefield_is_passed_safely(tmp_path: Path) -> None:
    g = new_game(
        tmp_path, ["mines"], minefields=[{"side": "nato", "at": [20, 18], "kind": "hasty", "type": "anti_vehicular"}]
    )
    to_command(g)
    orders(
        tmp_path, g, "nato", {"m1": {"order": "M", "turret": "buttoned", "move": {"path": [[20.6, 18]], "facing": 90}}}
    )
    orders(tmp_path, g, "ussr", {})
    for _ in range(3):
        g.act("mbt.phase", {}, None)
    assert not [r for e in g.events() for r in e.results if r["procedure"] == "mine"]


def test_command_points_refuse_more_exchanges_than_the_organization_has(tmp_path: Path) -> None:
    g = new_game(tmp_path, ["command_control"])
    to_command(g)
    orders(tmp_path, g, "nato", {"obs": {"order": "F"}, "m1": {"order": "F"}})
    orders(tmp_path, g, "ussr", {})
    to_command(g)
    # the section's two average tanks are one organization: 1 point (COMMAND POINTS CHART 2-3, average)
    assert g.state.units["m1"].formation == g.state.units["obs"].formation == "pl"
    move = {"order": "M", "move": {"path": [[16, 18]]}}
    with pytest.raises(
        UmpireError,
        match=r"units\.m1\.order: 2 exchanges of command markers cost 2 command "
        r"points; the organization has 1 \(21\.1\.2\)",
    ):
        orders(tmp_path, g, "nato", {"obs": {**move, "move": {"path": [[9, 18]]}}, "m1": move})
    orders(tmp_path, g, "nato", {"obs": {"order": "F"}, "m1": move})  # one exchange: the point covers it
    orders(tmp_path, g, "nato", {"obs": {"order": "OW"}, "m1": {"order": "OW"}})  # OW is on both markers


def _one_error_line(r: Any) -> str:
    assert r.exit_code == 2, (r.exit_code, r.output)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("plot", "why"),
    [
        (
            {"battery": "A", "target": [60, 18], "mission": "HE", "observer": "obs"},
            "artillery[0].target: (60, 18) is off the table",
        ),
        ({"battery": "A", "target": [30, 18], "mission": "HE", "observer": "m1"}, "m1 needs OVERWATCH orders"),
        (
            {"battery": "A", "target": [30, 18], "mission": "ICM", "sheaf": "tight", "observer": "obs"},
            "ICM mission is fired in a loose",
        ),
        (
            {"battery": "A", "target": [30, 18], "mission": "SM", "sheaf": "loose", "observer": "obs"},
            "has no SM fire missions left",
        ),
        ({"battery": "B", "target": [30, 18], "mission": "HE", "observer": "obs"}, "unknown battery of side nato 'B'"),
        (
            {"battery": "A", "target": [20, 30], "mission": "HE", "observer": "obs"},
            "called fire needs a sighted enemy unit",
        ),
    ],
)
def test_bad_plots_are_one_error_line_and_nothing_written(cli, tmp_path: Path, plot, why) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(_clean(scenario(["area_fire", "artillery"], **ARTILLERY))), encoding="utf-8")
    assert cli("new", str(path)).exit_code == 0
    assert cli("phase", "next").exit_code == 0
    before = json.loads(cli("log", "--json").output)
    o = tmp_path / "o.yaml"
    o.write_text(
        yaml.safe_dump(
            {"side": "nato", "turn": 1, "units": {"obs": {"order": "OW"}, "m1": {"order": "F"}}, "artillery": [plot]}
        ),
        encoding="utf-8",
    )
    line = _one_error_line(cli("turn", "orders", str(o)))
    assert why in line, line
    assert json.loads(cli("log", "--json").output) == before


def test_the_artillery_step_may_close_the_fire_phase_instead(tmp_path: Path) -> None:
    data = scenario(["area_fire", "artillery"], **ARTILLERY)
    data["rulings"] = {"options.artillery_step": "after_direct_fire"}
    g = Game.create(tmp_path / "game.db", scenario_from_data(data, "scenario"))
    to_command(g)
    orders(
        tmp_path,
        g,
        "nato",
        {"obs": {"order": "OW", "turret": "open"}},
        artillery=[{"battery": "A", "target": [30, 18], "mission": "HE", "observer": "obs"}],
    )
    orders(tmp_path, g, "ussr", {})
    to_command(g)
    orders(tmp_path, g, "nato", {"obs": {"order": "OW", "turret": "open"}})
    orders(tmp_path, g, "ussr", {})
    g.act("mbt.phase", {}, None)
    g.act("mbt.phase", {}, None)
    fire = g.events()[-1]
    procs = [r["procedure"] for r in fire.results]
    assert "artillery" in procs and procs[0] != "artillery"  # after the fire phase's own steps
    assert "Overwatch Fire, Artillery Step" in fire.summary


def test_command_organization_may_be_the_whole_side(tmp_path: Path) -> None:
    data = scenario(["command_control"])
    data["rulings"] = {"command.organization": "side"}
    g = Game.create(tmp_path / "game.db", scenario_from_data(data, "scenario"))
    from umpire.turns.mbt.options.orders import organizations

    assert organizations(g.state, "ussr") == {"ussr": ["t1", "t2"]}


def test_counter_battery_answers_an_impact_and_a_disrupted_battery_plots_nothing(tmp_path: Path) -> None:
    g = new_game(
        tmp_path,
        ["area_fire", "artillery"],
        **ARTILLERY,
        counter_battery=[{"side": "ussr", "nation": "USSR", "equipment": "radar"}],
    )
    to_command(g)
    orders(
        tmp_path,
        g,
        "nato",
        {"obs": {"order": "OW", "turret": "open"}},
        artillery=[{"battery": "A", "target": [30, 18], "mission": "HE", "observer": "obs"}],
    )
    orders(tmp_path, g, "ussr", {})
    to_command(g)
    orders(tmp_path, g, "nato", {"obs": {"order": "OW", "turret": "open"}})
    orders(tmp_path, g, "ussr", {})
    g.act("mbt.phase", {}, None)
    g.act("mbt.phase", {}, None)
    results = [r for e in g.events() for r in e.results]
    art = [r for r in results if r["procedure"] == "artillery"]
    cb = [r for r in results if r["procedure"] == "counter_battery"]
    assert len(art) == 1 and art[0]["outcome"]["delayed"] is False  # the scenario's keyed dice: it lands
    (c,) = cb  # one capability, one try a Turn (19.4.1)
    answer, _ = run_case(
        {
            "ruleset": "mbt",
            "procedure": "counter_battery",
            **c["case"],
            "dice": [v for roll in c["rolls"] for v in roll["values"]],
        }
    )
    assert answer.to_json()["outcome"] == c["outcome"]
    battery = MbtGame.of(g.state).options_state.model_dump(mode="json")["batteries"]["A"]  # type: ignore[union-attr]
    assert c["outcome"]["effect"] == "disrupted" and battery["disrupted_until"] == 4  # the next two Turns
    to_command(g)
    with pytest.raises(UmpireError, match="A is disrupted and may plot no fire through Turn 4"):
        orders(
            tmp_path,
            g,
            "nato",
            {"obs": {"order": "OW", "turret": "open"}},
            artillery=[{"battery": "A", "target": [30, 18], "mission": "HE", "observer": "obs"}],
        )


AIR = {
    "aircraft": [
        {"id": "j1", "side": "nato", "type": "F-111F", "loads": {"iron_bomb": 1}},
        {"id": "j2", "side": "nato", "type": "Su-25", "loads": {"iron_bomb": 1}},
    ]
}


@pytest.mark.parametrize(
    ("strike", "why"),
    [
        ({"aircraft": "j9", "weapon": "iron_bomb", "target": [30, 18]}, "unknown aircraft of side nato 'j9'"),
        ({"aircraft": "j1", "weapon": "cluster_bomb", "target": [30, 18]}, "j1 has no cluster_bomb load left"),
        ({"aircraft": "j1", "weapon": "iron_bomb", "target": [30, 48]}, "(30, 48) is off the table"),
        (
            {"aircraft": "j2", "weapon": "iron_bomb", "target": [30, 18], "altitude": "low"},
            "Su-25 in moonlight: altitude: low is not allowed in these conditions (20.1.2.1.1)",
        ),
        (
            {"aircraft": "j2", "weapon": "iron_bomb", "target": [30, 18], "speed": "high", "altitude": "medium"},
            "Su-25 may not fly at high speed",
        ),
    ],
)
def test_bad_air_strikes_are_refused(tmp_path: Path, strike, why) -> None:
    g = new_game(tmp_path, ["area_fire", "aircraft"], conditions="moonlight", **AIR)
    to_command(g)
    with pytest.raises(UmpireError, match=__import__("re").escape(why)):
        orders(tmp_path, g, "nato", {}, air_strikes=[strike])


def test_air_strikes_need_the_option(tmp_path: Path) -> None:
    with pytest.raises(UmpireError, match="aircraft need the aircraft option"):
        new_game(tmp_path, [], **AIR)


def test_an_air_strike_drops_its_load_on_an_acquired_target(tmp_path: Path) -> None:
    g = new_game(tmp_path, ["area_fire", "aircraft"], **AIR)
    to_command(g)
    orders(
        tmp_path,
        g,
        "nato",
        {},
        air_strikes=[{"aircraft": "j1", "weapon": "iron_bomb", "target": [30, 18], "facing": 90}],
    )
    orders(tmp_path, g, "ussr", {})
    g.act("mbt.phase", {}, None)
    g.act("mbt.phase", {}, None)
    (drop,) = [r for e in g.events() for r in e.results if r["procedure"] == "air_drop"]
    # the tracked game names the aircraft by its scenario id, as every unit of its record (its holder
    # reads of it by that id); its card is the case's, the one calc air_drop is asked with
    assert drop["aircraft"] == "j1" and drop["aircraft_side"] == "nato"
    assert drop["case"]["aircraft"] == "F-111F" and drop["case"]["facing"] == 3  # 90 degrees: between 2 and 3, rounded
    assert MbtGame.of(g.state).options_state.model_dump(mode="json")["aircraft"]["j1"]["loads"]["iron_bomb"] == 0
