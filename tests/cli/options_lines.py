"""The one-line questions of the MBT options' calc procedures (17-22), for ``test_one_line``:
(ruleset, procedure): (the words after ``umpire calc``, the dice, a word the first line holds)."""

from __future__ import annotations

OPTION_LINES: dict[tuple[str, str], tuple[list[str], list[int], str]] = {
    ("mbt", "scatter"): (
        ["mbt", "scatter", "20", '18"', "moonlight"],
        [38, 72],
        "scatter: factor 20, range 18, conditions moonlight",
    ),
    ("mbt", "artillery"): (
        ["mbt", "artillery", "C-1A10-T-HE-3", "medium", "organic", '8"'],
        [60, 99],
        "artillery: plot C-1A10-T-HE-3, size medium, attachment organic, range 8, conditions day",
    ),
    ("mbt", "counter_battery"): (
        ["mbt", "counter_battery", "USSR", "flash", "night"],
        [30, 50],
        "counter_battery: nation USSR, equipment flash, conditions night",
    ),
    ("mbt", "clgp"): (["mbt", "clgp", "observer_suppressed=true"], [50], "clgp: as given"),
    ("mbt", "mine"): (["mbt", "mine", "hasty", "anti_vehicular", "vehicle", "T-72M1"], [10], "T-72M1 (USSR-2A)"),
    ("mbt", "mine_plow"): (["mbt", "mine_plow", "hasty,deliberate"], [40], "mine_plow: as given"),
    ("mbt", "aa"): (
        ["mbt", "aa", "USSR-8A", "23mm", "Apache", "radar=true"],
        [30, 50],
        "ZSU-23(4) (USSR-8A) -> AH-64A (USA-6A/2) ('Apache' read as AH-64A (USA-6A/2))",
    ),
    ("mbt", "crash"): (["mbt", "crash"], [3], "crash: not hovering, not landed"),
    ("mbt", "air_drop"): (
        ["mbt", "air_drop", "F-111F", "iron_bomb", "low", "medium", "evasive=true"],
        [33],
        "air_drop: aircraft F-111F, weapon iron_bomb, speed low, altitude medium",
    ),
    ("mbt", "acquire"): (
        ["mbt", "acquire", "air", "medium", "low"],
        [],
        "acquire: line air, speed medium, altitude low",
    ),
    ("mbt", "air_sight"): (
        ["mbt", "air_sight", "medium", "obstacles[0].distance=1", "obstacles[0].height=4"],
        [],
        "air_sight: altitude medium",
    ),
    ("mbt", "helicopter"): (
        ["mbt", "helicopter", "Apache", "noe", "noe", "14"],
        [],
        "AH-64A (USA-6A/2) ('Apache' read as AH-64A (USA-6A/2))",
    ),
    ("mbt", "command_points"): (
        ["mbt", "command_points", "6", "crack", "2"],
        [],
        "command_points: active 6, grade crack, exchanges 2",
    ),
    ("mbt", "jamming"): (["mbt", "jamming", "2", "USSR"], [30], "jamming: points 2, side USSR"),
    ("mbt", "message"): (["mbt", "message", "25"], [2, 9, 4], "message: length 25"),
    ("mbt", "turret_facing"): (["mbt", "turret_facing", "rear_side"], [62], "turret_facing: angle rear_side"),
    ("mbt", "bail_out"): (
        ["mbt", "bail_out", "knocked_out", "leg", "TF"],
        [40],
        "bail_out: hit knocked_out, unit leg, location TF",
    ),
    ("mbt", "lower_hull"): (["mbt", "lower_hull", "rising"], [30], "lower_hull: elevation rising"),
    ("mbt", "leg_loss"): (["mbt", "leg_loss", "Dragon"], [50], "leg_loss: item Dragon"),
    ("mbt", "hull_down_attempt"): (
        ["mbt", "hull_down_attempt", "2", "rough"],
        [50],
        "hull_down_attempt: vehicles 2, terrain rough",
    ),
    ("mbt", "quickmarch"): (["mbt", "quickmarch", "crack"], [15], "quickmarch: grade crack"),
    ("mbt", "ammo"): (["mbt", "ammo", "M60A3", "105mm"], [9, 6], "M60A3 (USA-3A/1)"),
    ("mbt", "camouflage"): (
        ["mbt", "camouflage", '6"', "improved_position", "day"],
        [3],
        "camouflage: range 6, terrain improved_position, conditions day",
    ),
    ("mbt", "building_fire"): (["mbt", "building_fire", "stone"], [28], "building_fire: building stone"),
    ("mbt", "panic"): (["mbt", "panic", "T-80A"], [72], "T-80A (USSR-1A)"),
}
