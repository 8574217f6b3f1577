"""Write the four scenarios of the MBT rulebook as bundled Advanced Game scenarios in inches
(23.3.2: 1 inch = 1 hex), one file per matchup, ``data/scenarios/mbt-s<n>-<name>-<matchup>.yaml``.

The mapboard panels are not in the rulebook, so each panel is an 18" x 32" piece of table; four
in a row (Scenarios One, Three, Four) make a 72" x 32" table with Side A the left edge and Side
B the right, two over two (Scenario Two) a 36" x 64" one. The terrain is the standard values'
(the scenarios allow any): a village of building hexes in each half (one building piece is one
building hex), a stream with two road bridges across the middle, woods and hills. The forces,
their grades and doctrine, the turn limits, setup areas, exits and victory conditions are the
rulebook's (Scenario One-Four, B-D); where an organisation is a TO&E one it is named
(``toe:``), else its units are listed as the scenario prints them. Off-table support
(artillery batteries, helicopters: options 19, 20) is listed, not played.

Run from the repository root::

    python tools/mbt_scenarios.py
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "data" / "scenarios"


def rect(x: float, y: float, w: float, h: float) -> list[list[float]]:
    return [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]


def long_table() -> tuple[dict[str, float], list[dict[str, Any]], dict[str, list[str]]]:
    """72" x 32": west village (Side A's panels), east village (Side B's), the stream and bridges."""
    t: list[dict[str, Any]] = [
        {"id": "r1", "type": "road", "name": "Landstraße", "line": [[0, 16], [72, 16]]},
        {"id": "r2", "type": "road", "name": "Feldweg", "line": [[36, 16], [38, 32]]},
        {"id": "st1", "type": "stream", "name": "Haune", "line": [[35, 0], [36, 10], [35, 22], [36, 32]]},
        {"id": "br1", "type": "bridge", "name": "Hauneb rücke", "polygon": rect(34.8, 15.2, 1.6, 1.6)},
        {"id": "w1", "type": "woods", "name": "Westwald", "polygon": rect(8, 22, 8, 7)},
        {"id": "w2", "type": "woods", "name": "Ostwald", "polygon": rect(56, 3, 8, 7)},
        {"id": "h1", "type": "hill", "name": "Höhe 312", "height": 1, "polygon": rect(24, 3, 8, 8)},
        {"id": "h2", "type": "hill", "name": "Höhe 297", "height": 1, "polygon": rect(42, 21, 8, 8)},
        {"id": "sc1", "type": "scrub", "name": "Heide", "polygon": rect(26, 20, 6, 6)},
    ]
    west = {"wb1": ("brick_buildings", 18, 17), "wb2": ("stone_buildings", 20, 12.5),
            "wb3": ("wooden_buildings", 15, 12.5), "wb4": ("brick_buildings", 21.5, 17)}
    east = {"eb1": ("brick_buildings", 52, 17), "eb2": ("stone_buildings", 54, 12.5),
            "eb3": ("wooden_buildings", 49.5, 12.5), "eb4": ("brick_buildings", 55.5, 17)}
    heights = {"wooden_buildings": 1, "brick_buildings": 2, "stone_buildings": 2}
    for i, (k, x, y) in {**west, **east}.items():
        t.append({"id": i, "type": k, "height": heights[k], "polygon": rect(x, y, 2, 2)})
    return {"width": 72, "depth": 32}, t, {"A": list(west), "B": list(east), "bridges": ["br1"],
                                          "stone": ["wb2", "eb2"]}


def square_table() -> tuple[dict[str, float], list[dict[str, Any]], dict[str, list[str]]]:
    """36" x 64" (panels 1/4 over 2/3): the road runs from Side A to Side B through both villages."""
    t: list[dict[str, Any]] = [
        {"id": "r1", "type": "road", "name": "Landstraße", "line": [[0, 30], [12, 30], [24, 36], [36, 36]]},
        {"id": "st1", "type": "stream", "name": "Ohm", "line": [[18, 0], [17, 30], [19, 64]]},
        {"id": "br1", "type": "bridge", "name": "Ohmbrücke", "polygon": rect(17.2, 32.2, 1.6, 1.6)},
        {"id": "w1", "type": "woods", "name": "Nordwald", "polygon": rect(6, 44, 8, 10)},
        {"id": "w2", "type": "woods", "name": "Südwald", "polygon": rect(23, 8, 8, 10)},
        {"id": "h1", "type": "hill", "name": "Galgenberg", "height": 1, "polygon": rect(24, 46, 8, 8)},
    ]
    for i, (k, x, y) in {"wb1": ("brick_buildings", 8, 31), "wb2": ("stone_buildings", 10, 27),
                         "eb1": ("brick_buildings", 26, 37.5), "eb2": ("stone_buildings", 28, 33)}.items():
        t.append({"id": i, "type": k, "height": 2, "polygon": rect(x, y, 2, 2)})
    return {"width": 36, "depth": 64}, t, {"A": ["wb1", "wb2"], "B": ["eb1", "eb2"], "bridges": ["br1"],
                                          "stone": ["wb2", "eb2"]}


def unit(uid: str, card: str, **kw: Any) -> dict[str, Any]:
    return {"id": uid, "card": card, **kw}


def leg(uid: str, card: str, kind: str, equipment: str, **kw: Any) -> dict[str, Any]:
    return {"id": uid, "card": card, "type": kind, "equipment": equipment, **kw}


def fm(fid: str, name: str, **kw: Any) -> dict[str, Any]:
    return {"id": fid, "name": name, "level": kw.pop("level", "platoon"), **kw}


def toe(org: str, variant: str | None, grade: str, at: list[float] | None, facing: float, **kw: Any) -> dict[str, Any]:
    out = {"org": org, "grade": grade, "at": at, "facing": facing, "spacing": kw.pop("spacing", 1.5), **kw}
    if variant:
        out["variant"] = variant
    return out


def line(prefix: str, card: str, n: int, x: float, y: float, facing: float, dy: float = 1.5,
         **kw: Any) -> list[dict[str, Any]]:
    return [unit(f"{prefix}{i + 1}", card, at=[x, y + dy * i], facing=facing, **kw) for i in range(n)]


SUPPORT_NOTE = "Off-table support and helicopters need options 17, 19 and 20: listed here, not played."


def write(name: str, data: dict[str, Any], head: str) -> None:
    text = "".join(f"# {x}\n" for x in head.strip().splitlines())
    text += yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=110)
    (OUT / f"{name}.yaml").write_text(text, encoding="utf-8")


def scenario(title: str, table: dict[str, Any], terrain: list[dict[str, Any]], mbt: dict[str, Any],
             sides: list[dict[str, Any]], description: str) -> dict[str, Any]:
    return {"name": title, "ruleset": "mbt", "description": description, "table": table, "seed": 1991,
            "mbt": {"game": "advanced", "scale": 1, **mbt}, "terrain": terrain, "sides": sides}


HEAD = """MBT rulebook, {scenario}, {matchup}, as an Advanced Game scenario on a miniature table
(23.3.2: 1 inch = 1 hex). Written by tools/mbt_scenarios.py; see its docstring for the table."""


def s1() -> None:
    """Scenario One: "Meeting Engagements": 15 Turns, setup within 4 hexes of each side."""
    table, terrain, obj = long_table()
    base = {"turns": 15, "setup": {"nato": {"edge": "left", "depth": 4}, "ussr": {"edge": "right", "depth": 4}}}
    exits = {"exits": {"nato": "left", "ussr": "right"}}
    buildings = obj["A"] + obj["B"]

    def objectives(each: int, bridge: int = 0) -> list[dict[str, Any]]:
        out = [{"terrain": b, "points": each} for b in buildings]
        return out + ([{"terrain": b, "points": bridge} for b in obj["bridges"]] if bridge else [])

    def us_m60() -> dict[str, Any]:
        return {"id": "nato", "name": "American Armored Platoon", "color": "blue", "formations": [
            fm("p1", "1st Armored Platoon", toe=toe("US Armored Platoon", "a", "crack", [2, 12], 90))]}

    for key, variant, grade, card_name in (("1", "b", "poor", "T-72M1"), ("1b", "c", "average", "T-80A")):
        org = "Soviet Tank Platoon (Motorized Rifle Regiment)" if key == "1" else "Soviet Tank Platoon (Tank Regiment)"
        ussr = {"id": "ussr", "name": "Soviet Tank Platoons", "color": "red", "formations": [
            fm("tp1", "1st Tank Platoon", toe=toe(org, variant, grade, [70, 8], 270, doctrine="with")),
            fm("tp2", "2nd Tank Platoon", toe=toe(org, variant, grade, [70, 18], 270, doctrine="with"))]}
        write(f"mbt-s1-meeting-{key}", scenario(
            f"MBT Scenario One: Meeting Engagements, matchup 1{'' if key == '1' else ' (T-80A)'}", table, terrain,
            {**base, "matchup": "1", "objectives": objectives(2), "win_margin": 35,
             "advanced": {"rulebook": "Scenario One, matchup 1", **exits,
                          "notes": ["No options are required to play. Command control option may not be used."]}},
            [us_m60(), ussr],
            f"American Armored Platoon (355 points, crack M60A3s) against two Soviet {card_name} platoons with "
            "doctrine (360 points); building hexes 2 VP, win by 35."),
            HEAD.format(scenario='Scenario One "Meeting Engagements"', matchup=f"matchup 1 ({card_name})"))

    write("mbt-s1-meeting-2", scenario(
        "MBT Scenario One: Meeting Engagements, matchup 2", table, terrain,
        {**base, "matchup": "2", "objectives": objectives(2), "win_margin": 40,
         "advanced": {"rulebook": "Scenario One, matchup 2", **exits}},
        [{"id": "nato", "name": "German Panzer Platoon", "color": "blue", "formations": [
            fm("p1", "1st Panzer Platoon", toe=toe("German Panzer Platoon", "c", "average", [2, 12], 90))]},
         {"id": "ussr", "name": "Soviet Tank Platoons", "color": "red", "formations": [
             fm("tp1", "1st Tank Platoon", toe=toe("Soviet Tank Platoon (Tank Regiment)", "b", "crack", [70, 8], 270)),
             fm("tp2", "2nd Tank Platoon", toe=toe("Soviet Tank Platoon (Tank Regiment)", "b", "crack", [70, 18],
                                                  270))]}],
        "German Panzer Platoon (396 points, Leopard 2s) against two crack Soviet T-72M1 platoons with doctrine "
        "(394 points); building hexes 2 VP, win by 40."),
        HEAD.format(scenario='Scenario One "Meeting Engagements"', matchup="matchup 2"))

    soviet_mrp = [unit(f"bmp{i}", "USSR-2B/2", equipment="with AT-3", grade="crack", doctrine=True,
                       at=[70.5, 22 + 1.5 * i], facing=270) for i in (1, 2, 3)]
    soviet_mrp += [leg(f"mrs{i}", "USSR-11B", "Squad Heavy Motorized Rifle Infantry",
                       "with RPG-7 V/D" if i <= 2 else "with RPG-7 V/D & SA-7B", grade="crack",
                       carried_by=f"bmp{i}", facing=270) for i in (1, 2, 3)]
    soviet_mrp.append(leg("mrs4", "USSR-11B", "Squad Heavy Motorized Rifle Infantry", "with RPG-7 V/D & SA-7B",
                          grade="crack", at=[71, 23], facing=270))
    write("mbt-s1-meeting-3", scenario(
        "MBT Scenario One: Meeting Engagements, matchup 3", table, terrain,
        {**base, "matchup": "3", "objectives": objectives(4, 4), "win_margin": 80,
         "advanced": {"rulebook": "Scenario One, matchup 3", **exits,
                      "notes": ["The rulebook prints the T-64B platoons' card as FRG-1B: USSR-1B is meant.",
                                "The 3rd Motorized Rifle Platoon has four squads for three BMP-1s (3L each): the "
                                "fourth starts on foot beside them."]}},
        [{"id": "nato", "name": "German Panzer Company (Cross-Attached) (-)", "color": "blue", "formations": [
            fm("ahq", "\"A\" Panzer Company Headquarters", level="company",
               toe=toe("German Panzer Company Headquarters", "c", "average", [2, 5], 90)),
            fm("pz1", "1st Panzer Platoon", toe=toe("German Panzer Platoon", "b", "average", [2, 11], 90)),
            fm("pg2", "2nd Panzergrenadier Platoon", toe=toe("German Panzergrenadier Platoon", "a", "average",
                                                           [3.5, 19], 90))]},
         {"id": "ussr", "name": "Soviet Tank Company (Cross-Attached)", "color": "red", "formations": [
             fm("thq", "\"A\" Tank Company Headquarters", level="company",
                toe=toe("Soviet Tank Company Headquarters", "a", "crack", [70, 4], 270)),
             fm("tp1", "1st Tank Platoon", toe=toe("Soviet Tank Platoon (Tank Regiment)", "a", "average", [70, 7],
                                                  270)),
             fm("tp2", "2nd Tank Platoon", toe=toe("Soviet Tank Platoon (Tank Regiment)", "a", "average",
                                                  [70, 13], 270)),
             fm("mr3", "3rd Motorized Rifle Platoon", units=soviet_mrp)]}],
        "German Panzer Company (Cross-Attached) (-) (797 points) against a Soviet Tank Company (Cross-Attached) "
        "(787 points); building and bridge hexes 4 VP, win by 80."),
        HEAD.format(scenario='Scenario One "Meeting Engagements"', matchup="matchup 3"))


def _soviet_tank_battalion(tank: str, card: str, x0: float,
                           support: list[str]) -> tuple[list[dict[str, Any]], list[str]]:
    """The Soviet Tank Battalion (Cross-Attached) (+) of Scenario One matchup 4 and Four."""
    v = {"T-72M1": "b", "T-80A": "c"}[tank]
    f = [fm("bhq", "1st Tank Battalion Headquarters", level="battalion",
            toe=toe("Soviet Tank Battalion Headquarters", "b", "average", [x0, 2], 270))]
    for i, (co, y) in enumerate((("A", 6), ("B", 16))):
        f.append(fm(f"co{co.lower()}", f"\"{co}\" Tank Company Headquarters", level="company",
                    toe=toe("Soviet Tank Company Headquarters", "b", "average", [x0, y], 270)))
        for j in range(3):
            n = 3 * i + j + 1
            f.append(fm(f"tp{n}", f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'} Tank Platoon",
                        toe=toe("Soviet Tank Platoon (Tank Regiment)", v, "average", [x0 - 1 - 1 * j, y], 270,
                                doctrine="with")))
    f.append(fm("mcq", "\"C\" Motorized Rifle Company Headquarters", level="company",
                toe=toe("Soviet Motorized Rifle Company Headquarters", "a", "average", [x0, 25], 270)))
    for j in range(3):
        n = 7 + j if card == "T-72M1" else 8 + j
        f.append(fm(f"mr{n}", f"{n}th Motorized Rifle Platoon",
                    toe=toe("Soviet Motorized Rifle Platoon", "a", "average", [x0 - 1 - 1 * j, 24], 270,
                            doctrine="vehicle")))
    f.append(fm("aa", "(Att) Anti-Aircraft Section (Gun)",
                toe=toe("Soviet Anti-Aircraft Section (Gun)", None, "average", [x0 - 3.5, 11.5], 270)))
    return f, support


def s1_m4() -> None:
    table, terrain, obj = long_table()
    base = {"turns": 15, "setup": {"nato": {"edge": "left", "depth": 4}, "ussr": {"edge": "right", "depth": 4}},
            "matchup": "4", "win_margin": 250,
            "objectives": [{"terrain": b, "points": 15} for b in obj["A"] + obj["B"]]
            + [{"terrain": b, "points": 25} for b in obj["bridges"]]}
    ussr_f, _ = _soviet_tank_battalion("T-72M1", "T-72M1", 71.6, [])
    ussr = {"id": "ussr", "name": "Soviet Tank Battalion (Cross-Attached) (+)", "color": "red", "formations": ussr_f}
    support_ussr = ["Organic Artillery: 1 x Heavy Battery [1 x HE, 1 x SM], 1 x Medium Battery [2 x HE, 1 x SM] "
                    "(USSR-12A), with doctrine",
                    "Motorized Rifle Company Attached Artillery: 1 x Medium Battery [2 x HE, 1 x SM] (USSR-12A)"]
    us = {"id": "nato", "name": "American Armored Company (Cross-Attached) (+)", "color": "blue", "formations": [
        fm("ahq", "\"A\" Armored Company Headquarters", level="company",
           toe=toe("US Armored Company Headquarters", "c", "average", [1, 5], 90)),
        fm("ap1", "1st Armored Platoon", toe=toe("US Armored Platoon", "c", "average", [2.5, 30], 90)),
        fm("ap2", "2nd Armored Platoon", toe=toe("US Armored Platoon", "c", "average", [2.5, 23], 90)),
        fm("mi3", "3rd Mechanized Infantry Platoon",
           toe=toe("US Mechanized Infantry Platoon", "h", "average", [1, 20], 90)),
        fm("at4", "(Att) 4th Anti-Tank Platoon", toe=toe("US Anti-Tank Platoon", "d", "average", [2.5, 14], 90)),
        fm("mo5", "(Att) 5th Armored Mortar Section", toe=toe("US Armored Mortar Section", None, "average",
                                                               [3.5, 6], 90))]}
    write("mbt-s1-meeting-4", scenario(
        "MBT Scenario One: Meeting Engagements, matchup 4 (American)", table, terrain,
        {**base, "advanced": {"rulebook": "Scenario One, matchup 4", "exits": {"nato": "left", "ussr": "right"},
                              "options": ["area fire", "elite infantry", "artillery", "helicopter", "anti-aircraft"],
                              "support": {"nato": ["(Att) 6th Aero Weapons Section: 2 x AH-64A [with ITOWs & rockets] "
                                                   "(USA-6A/2)"], "ussr": support_ussr},
                              "notes": [SUPPORT_NOTE]}},
        [us, ussr],
        "American Armored Company (Cross-Attached) (+) (2668 points) against a Soviet Tank Battalion "
        "(Cross-Attached) (+) (2672 points); building hexes 15 VP, bridges 25, win by 250."),
        HEAD.format(scenario='Scenario One "Meeting Engagements"', matchup="matchup 4, the American force"))
    de = {"id": "nato", "name": "German Panzer Company (Cross-Attached) (+)", "color": "blue", "formations": [
        fm("ahq", "\"A\" Panzer Company Headquarters", level="company",
           toe=toe("German Panzer Company Headquarters", "f", "average", [1, 5], 90)),
        fm("pz1", "1st Panzer Platoon", toe=toe("German Panzer Platoon", "c", "average", [2.5, 30], 90)),
        fm("pz2", "2nd Panzer Platoon", toe=toe("German Panzer Platoon", "c", "average", [2.5, 23], 90)),
        fm("pg3", "3rd Panzergrenadier Platoon", toe=toe("German Panzergrenadier Platoon", "b", "average",
                                                        [1, 18], 90)),
        fm("jg4", "(Att) 4th Jagdpanzer ATGM Platoon", toe=toe("German Jagdpanzer Guided Missile (ATGM) Platoon",
                                                               "b", "average", [2.5, 12], 90)),
        fm("mo5", "(Att) 5th Mortar Section", toe=toe("German Mortar Section", None, "average", [3.5, 5], 90))]}
    write("mbt-s1-meeting-4b", scenario(
        "MBT Scenario One: Meeting Engagements, matchup 4 (German)", table, terrain,
        {**base, "advanced": {"rulebook": "Scenario One, matchup 4 (or)", "exits": {"nato": "left", "ussr": "right"},
                              "options": ["area fire", "elite infantry", "artillery", "helicopter", "anti-aircraft"],
                              "support": {"nato": [
                                  "Attached Artillery: 1 x Heavy Battery [2 x HE, 1 x ICMDP, 1 x Smoke] (FRG-3B)",
                                  "(Att) 6th Gunship Section: 2 x BO-105 PAH-1 [with HOT] (FRG-7A/1)",
                                  "(Att) 7th Special Forces Detachment: UH-1D (FRG-7A/2) with a squad plus special "
                                  "forces squad", "(Att) Counterbattery Capability (FRG-3B)"], "ussr": support_ussr},
                              "notes": [SUPPORT_NOTE]}},
        [de, ussr],
        "German Panzer Company (Cross-Attached) (+) (2664 points) against a Soviet Tank Battalion (Cross-Attached) "
        "(+) (2672 points); building hexes 15 VP, bridges 25, win by 250."),
        HEAD.format(scenario='Scenario One "Meeting Engagements"', matchup="matchup 4, the German force"))


def s2() -> None:
    """Scenario Two: "Delaying Actions": 25 Turns; the defender anywhere on its two panels, the
    attacker within 4 hexes of its side; the attacker exits off the defender's side."""
    table, terrain, obj = square_table()
    setup = {"ussr": {"edge": "left", "depth": 4}, "nato": {"edge": "right", "depth": 18}}
    convoy = [fm("shq", "\"A\" Small Company Headquarters", level="company",
                 toe=toe("Soviet Small Company Headquarters", None, "crack", [2, 34], 90)),
              fm("rp1", "1st Reconnaissance Platoon (+)",
                 units=[*line("bmpr", "USSR-2B/1", 4, 3, 26, 90, equipment="with AT-3"),
                        *[leg(f"hsq{i}", "USSR-11B", "½ Squad Light Motorized Rifle Infantry", "with RPG-7 V/D",
                              carried_by=f"bmpr{i}", facing=90) for i in (1, 2, 3)]])]
    for n, y in ((2, 38), (3, 42), (4, 46)):
        convoy.append(fm(f"ts{n}", f"{n}nd Truck Section" if n == 2 else f"{n}rd Truck Section" if n == 3
                         else f"{n}th Truck Section", toe=toe("Soviet Truck Section", "b", "average", [1.5, y], 90,
                                                             doctrine="with")))
    us = {"id": "nato", "name": "American Scout Section", "color": "blue", "formations": [
        fm("ss1", "1st Scout Section", toe=toe("US Scout Section", "a", "average", [26, 40], 270, mounted=False))]}
    write("mbt-s2-delaying-1", scenario(
        "MBT Scenario Two: Delaying Actions, matchup 1", table,
        [{**t, "type": "heavy_woods"} if t["type"] == "woods" else t for t in terrain]
        + [{"id": "st2", "type": "river", "name": "Ohm (unfordable)", "line": [[18, 0.5], [17.5, 20]]}],
        {"turns": 25, "setup": setup, "matchup": "1", "win_margin": 30,
         "advanced": {"rulebook": "Scenario Two, matchup 1", "exits": {"ussr": "right", "nato": "right"},
                      "exit_points": [{"side": "ussr", "edge": "right", "points": 42, "cards": ["USSR-7B/2"],
                                       "no_exit_bonus": 40}],
                      "notes": ["No options are required to play. Streams unfordable; woods are heavy woods."]}},
        [{"id": "ussr", "name": "Soviet Security Forces", "color": "red", "formations": convoy}, us],
        "A Soviet truck convoy and escort (394 points) fights through an American scout section (236 points): "
        "42 VP per medium truck exited off the defender's side, 40 to the defender if none does; win by 30."),
        HEAD.format(scenario='Scenario Two "Delaying Actions"', matchup="matchup 1"))
    de = {"id": "nato", "name": "German Reconnaissance Company (Panzer) (Cross-Attached)", "color": "blue",
          "formations": [
              fm("rhq", "\"A\" Reconnaissance Company Headquarters", level="company",
                 toe=toe("German Reconnaissance Company (Panzer) Headquarters", "c", "crack", [1, 34], 90)),
              fm("rp1", "1st Reconnaissance Platoon",
                 toe=toe("German Reconnaissance Platoon (Panzer)", "c", "average", [2.5, 30], 90)),
              fm("rp2", "2nd Reconnaissance Platoon (+)",
                 units=[*line("leo2-", "FRG-1B", 3, 3.5, 38, 90),
                        unit("jag2", "FRG-3A/2", at=[3.5, 42.5], facing=90)]),
              fm("pp3", "3rd Panzer Pionier Platoon", toe=toe("German Panzer Pionier Platoon", "c", "average",
                                                              [1.5, 24], 90))]}
    ru = {"id": "ussr", "name": "Motorized Rifle Company (Cross-Attached) (-)", "color": "red", "formations": [
        fm("mhq", "\"A\" Motorized Rifle Company Headquarters", level="company",
           toe=toe("Soviet Motorized Rifle Company Headquarters", "j", "crack", [28, 30], 270)),
        fm("mr1", "1st Motorized Rifle Platoon", toe=toe("Soviet Motorized Rifle Platoon", _btr80(), "average",
                                                          [24, 40], 270, doctrine="vehicle")),
        fm("mr2", "2nd Motorized Rifle Platoon", toe=toe("Soviet Motorized Rifle Platoon", _btr80(), "poor",
                                                          [24, 22], 270, doctrine="vehicle")),
        fm("tp3", "3rd Tank Platoon", toe=toe("Soviet Tank Platoon (Motorized Rifle Regiment)", "a", "average",
                                              [30, 46], 270))]}
    write("mbt-s2-delaying-2", scenario(
        "MBT Scenario Two: Delaying Actions, matchup 2", table,
        [{**t, "height": 2 if t["type"] == "brick_buildings" else 3 if t["type"] == "stone_buildings"
          else t.get("height", 0)} for t in terrain if True],
        {"turns": 25, "setup": {"nato": {"edge": "left", "depth": 4}, "ussr": {"edge": "right", "depth": 18}},
         "matchup": "2", "win_margin": 100,
         "advanced": {"rulebook": "Scenario Two, matchup 2", "exits": {"nato": "right", "ussr": "right"},
                      "exit_points": [{"side": "nato", "edge": "right", "points": "average", "no_exit_bonus": 130}],
                      "options": ["area effect fire", "helicopter", "anti-aircraft", "elite infantry"],
                      "support": {"nato": ["4th Gunship Section (-): 1 x BO-105 [with rockets] (FRG-7A/1)"]},
                      "notes": [SUPPORT_NOTE]}},
        [de, ru],
        "A German reconnaissance company (1324 points) pushes through a Soviet motorized rifle company (662 "
        "points): the attacker scores each ground unit's average value when it exits, the defender 130 if none "
        "does; win by 100."),
        HEAD.format(scenario='Scenario Two "Delaying Actions"', matchup="matchup 2"))


def _btr80() -> str:
    """The Motorized Rifle Platoon variant with BTR-80PBs and light squads with RPG-18 and SA-7B."""
    from umpire.rules.mbt import toe as T

    _, org = T.find("Soviet Motorized Rifle Platoon")
    for v in org.variants:
        names = [(u.card, u.unit, u.equipment) for u in v.units]
        if names[0][0] == "USSR-4A/2" and any("RPG-18" in (e or "") and "SA-7B" in (e or "") for _, _, e in names) \
                and all("Light" in n for c, n, _ in names if c == "USSR-11B"):
            return v.id
    raise SystemExit("no BTR-80PB platoon variant")


def s3() -> None:
    """Scenario Three: "Defensive Engagements": 20 Turns; the defender on its two panels first,
    the attacker within 4 hexes of its side."""
    table, terrain, obj = long_table()
    open_terrain = [{**t, "height": 3} if t["type"] in ("brick_buildings", "stone_buildings") else t for t in terrain]
    setup = {"nato": {"edge": "left", "depth": 4}, "ussr": {"edge": "right", "depth": 36}}
    us = {"id": "nato", "name": "American Armored Cavalry Platoon", "color": "blue", "formations": [
        fm("acp", "1st Armored Cavalry Platoon", toe=toe("US Armored Cavalry Platoon", "z", "crack", [2, 29], 90))]}
    ru = {"id": "ussr", "name": "Soviet Tank Company", "color": "red", "formations": [
        fm("thq", "\"A\" Tank Company Headquarters", level="company",
           toe=toe("Soviet Tank Company Headquarters", "b", "average", [56, 20], 270)),
        *[fm(f"tp{n}", f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd'} Tank Platoon",
             toe=toe("Soviet Tank Platoon (Tank Regiment)", "b", "average", [x, y], 270, doctrine="with"))
          for n, x, y in ((1, 50, 10), (2, 53, 21), (3, 60, 4))]]}
    write("mbt-s3-defensive-1", scenario(
        "MBT Scenario Three: Defensive Engagements, matchup 1", table, open_terrain,
        {"turns": 20, "setup": setup, "matchup": "1", "win_margin": 70,
         "objectives": [{"terrain": b, "points": 15 + (10 if b in obj["stone"] else 0)} for b in obj["B"]]
         + [{"terrain": b, "points": 10} for b in obj["A"] if b in obj["stone"]],
         "advanced": {"rulebook": "Scenario Three, matchup 1", "exits": {"nato": "left", "ussr": "right"},
                      "notes": ["No options are required for play. Open terrain: brick and stone buildings 3 high."]}},
        [us, ru],
        "An American armored cavalry platoon (869 points, crack) attacks a Soviet tank company (565 points) "
        "holding a village: building hexes on the defender's panels 15 VP, stone buildings 10 more; win by 70."),
        HEAD.format(scenario='Scenario Three "Defensive Engagements"', matchup="matchup 1"))
    dense = [{**t, "type": "heavy_woods"} if t["type"] == "woods" else
             {**t, "height": 2} if t["type"] == "hill" else t for t in terrain]
    ru2 = {"id": "ussr", "name": "Soviet Motorized Rifle Company (Cross-Attached) (+)", "color": "red", "formations": [
        fm("mhq", "\"A\" Motorized Rifle Company Headquarters", level="company",
           toe=toe("Soviet Motorized Rifle Company Headquarters", "c", "crack", [1, 4], 90)),
        fm("mr1", "1st Motorized Rifle Platoon", toe=toe("Soviet Motorized Rifle Platoon", _bmp2(), "average",
                                                          [2, 31], 90, doctrine="vehicle")),
        fm("mr2", "2nd Motorized Rifle Platoon", toe=toe("Soviet Motorized Rifle Platoon", _bmp2(), "crack",
                                                          [3, 24], 90, doctrine="vehicle")),
        fm("tp3", "3rd Tank Platoon", toe=toe("Soviet Tank Platoon (Motorized Rifle Regiment)", "f", "average",
                                              [1, 18], 90)),
        fm("at4", "(Att) 4th Anti-Tank Platoon", toe=toe("Soviet Anti-Tank Platoon (Motorized Rifle Regiment)",
                                                          None, "average", [3.5, 12], 90))]}
    de = {"id": "nato", "name": "German Panzergrenadier Company (Cross-Attached) (- & +)", "color": "blue",
          "formations": [
              fm("phq", "\"A\" Panzergrenadier Company Headquarters", level="company",
                 toe=toe("German Panzergrenadier Company Headquarters", "a", "crack", [52, 25], 270)),
              fm("pg1", "1st Panzergrenadier Platoon", toe=toe("German Panzergrenadier Platoon", "a", "average",
                                                               [50, 6], 270)),
              fm("pg2", "2nd Panzergrenadier Platoon (-)",
                 units=[*line("mard", "FRG-2A/1", 2, 57, 20, 270),
                        *[leg(f"pgs{i}", "FRG-4B", "Squad Light Panzergrenadier Infantry", "with PZF-44 & Milan",
                              carried_by=f"mard{i}", facing=270) for i in (1, 2)]]),
              fm("rp3", "3rd Reconnaissance (Panzer) Platoon (+)",
                 units=[*line("leo", "FRG-1A", 3, 60, 12, 270), unit("gep", "FRG-6A", at=[62, 16.5], facing=270)])]}
    write("mbt-s3-defensive-2", scenario(
        "MBT Scenario Three: Defensive Engagements, matchup 2", table, dense,
        {"turns": 20, "setup": {"ussr": {"edge": "left", "depth": 4}, "nato": {"edge": "right", "depth": 36}},
         "matchup": "2", "win_margin": 175,
         "objectives": [{"terrain": b, "points": 40} for b in obj["B"]]
         + [{"terrain": b, "points": 10} for b in obj["A"]] + [{"terrain": "br1", "points": 40}],
         "advanced": {"rulebook": "Scenario Three, matchup 2", "exits": {"ussr": "left", "nato": "right"},
                      "options": ["area effect fire", "artillery", "helicopter", "anti-aircraft"],
                      "support": {"ussr": ["Motorized Rifle Company Attached Artillery: 1 x Medium Battery [3 x HE, "
                                           "2 x SM] (USSR-12A)", "(Att) Organic Artillery: 2 x Heavy Batteries [6 x "
                                           "HE, 2 x IC, 2 x SM] (USSR-12A)",
                                           "(Att) 5th Helicopter Section (-): 1 x Mi-2 [with rockets] (USSR-10B/1)"],
                                  "nato": ["Attached Artillery: 1 x Heavy Battery [4 x HE] (FRG-3B)"]},
                      "notes": [SUPPORT_NOTE, "Dense terrain: hills 2 heights, woods heavy woods."]}},
        [ru2, de],
        "A Soviet motorized rifle company (+) (2010 points) attacks a German panzergrenadier company (1504 points): "
        "building and bridge hexes on the defender's panels 40 VP, on the attacker's 10; win by 175."),
        HEAD.format(scenario='Scenario Three "Defensive Engagements"', matchup="matchup 2"))


def _bmp2() -> str:
    from umpire.rules.mbt import toe as T

    _, org = T.find("Soviet Motorized Rifle Platoon")
    for v in org.variants:
        eq = [(u.card, u.equipment or "") for u in v.units]
        if eq[0][0] == "USSR-3B" and any("SA-7B" in e for _, e in eq) and all("RPG-18" not in e for _, e in eq):
            return v.id
    raise SystemExit("no BMP-2 platoon variant")


def s4() -> None:
    """Scenario Four: "Counterattack": 24 Turns; the holding force on its two panels, the attacker
    within 8 hexes; the relief force enters from Turn 12 on the defender's side."""
    table, terrain, obj = long_table()
    ussr_f, _ = _soviet_tank_battalion("T-80A", "T-80A", 71.6, [])
    holding = [
        fm("rhq", "\"A\" Reconnaissance Company Headquarters", level="company",
           toe=toe("German Reconnaissance Company (Panzer) Headquarters", "c", "crack", [20, 20], 90)),
        fm("rp1", "1st Reconnaissance Platoon", toe=toe("German Reconnaissance Platoon (Panzer)", "c", "average",
                                                          [24, 14], 90)),
        fm("rp2", "2nd Reconnaissance Platoon (+)", units=[*line("leo2-", "FRG-1B", 3, 26, 24, 90),
                                                           unit("jag2", "FRG-3A/2", at=[26, 29], facing=90)]),
        fm("pp3", "3rd Panzer Pionier Platoon", toe=toe("German Panzer Pionier Platoon", "c", "average",
                                                        [18, 12], 90))]
    relief = [
        fm("uhq", "\"B\" Armored Company Headquarters", level="company",
           toe=toe("US Armored Company Headquarters", "c", "average", None, 90)),
        fm("ap5", "5th Armored Platoon", toe=toe("US Armored Platoon", "c", "crack", None, 90)),
        fm("ap6", "6th Armored Platoon", toe=toe("US Armored Platoon", "c", "average", None, 90)),
        fm("mi7", "7th Mechanized Infantry Platoon", toe=toe("US Mechanized Infantry Platoon", "h", "average",
                                                             None, 90)),
        fm("mo8", "(Att) 8th Armored Mortar Section", toe=toe("US Armored Mortar Section", None, "average", None, 90))]
    for f in relief:
        f["toe"].pop("at")
    write("mbt-s4-counterattack", scenario(
        "MBT Scenario Four: Counterattack", table, terrain,
        {"turns": 24, "setup": {"nato": {"edge": "left", "depth": 36}, "ussr": {"edge": "right", "depth": 8}},
         "matchup": "1", "win_margin": 320,
         "objectives": [{"terrain": b, "points": 55} for b in [*obj["A"], "br1"]]
         + [{"terrain": b, "points": 25} for b in obj["B"]],
         "advanced": {"rulebook": "Scenario Four", "exits": {"nato": "left", "ussr": "right"},
                      "relief": {"side": "nato", "formations": [f["id"] for f in relief], "from_turn": 12,
                                 "edge": "left"},
                      "options": ["area effect fire", "artillery", "helicopter", "anti-aircraft"],
                      "terrain_gp_defense": {"block": 6, "wire": 1},
                      "support": {"ussr": ["Organic Artillery: 1 x Heavy Battery [4 x HE, 1 x SM], 1 x Medium "
                                           "Battery [3 x HE, 1 x SM] (USSR-12A)", "Motorized Rifle Company Attached "
                                           "Artillery: 1 x Medium Battery [5 x HE, 1 x SM] (USSR-12A)"],
                                  "nato": ["4th Gunship Section (-): 1 x BO-105 [with rockets] (FRG-7A/1)",
                                           "(Att) 9th Aero Weapons Section (-): 1 x AH-64A [with ITOWs & rockets] "
                                           "(USA-6A/2)",
                                           "Extra equipment: 1 x Improved Position, 1 x Block (6 GP DEF), 3 x Wire "
                                           "(1 GP DEF), placed as terrain by the umpire"]},
                      "notes": [SUPPORT_NOTE, "The relief force is placed by the umpire (umpire place) on the "
                                "defender's edge from Turn 12, before the Initiative Phase's dice."]}},
        [{"id": "nato", "name": "German Reconnaissance Company (holding) and American Armored Company (relief)",
          "color": "blue", "formations": holding + relief},
         {"id": "ussr", "name": "Soviet Tank Battalion (Cross-Attached) (+)", "color": "red", "formations": ussr_f}],
        "A Soviet tank battalion (2938 points) attacks a German reconnaissance company (1324 points) holding the "
        "west village; an American armored company (2086 points) may enter from Turn 12: building and bridge "
        "hexes on the defender's panels 55 VP, on the attacker's 25; win by 320."),
        HEAD.format(scenario='Scenario Four "Counterattack"', matchup="its one matchup"))


def main() -> None:
    s1()
    s1_m4()
    s2()
    s3()
    s4()


if __name__ == "__main__":
    main()
