"""Write the data cards of every card id the TO&E uses beyond the seven Basic Game tanks.

Vehicles come from ``mbt_vehicles.VEHICLES`` (public facts, README.md's estimation model), leg,
towed, helicopter and artillery cards from the tables here. Point values rest on the TO&E
(rulebook): a vehicle's and a towed gun's average value is TO&E 1's (the victory triple is
derived, as the T-80A's 80-40-20 and the M1A1's 100-50-25 are its value, half and quarter);
leg unit and attached weapon values are the least-squares fit to the TO&E's organisation totals
(with the values the text states held fixed), so they are estimates.

Run through ``python tools/mbt_data.py`` (it writes the charts, the Basic Game tanks and these).
"""

from __future__ import annotations

import re
from typing import Any

from mbt_data import BANDS, R, armor, half_up, hit_location, movement_costs, write
from mbt_vehicles import TRACKED, VEHICLES
from mbt_weapons import (
    aam,
    atgm,
    autocannon,
    bailed_crew,
    chin_gun,
    designator,
    door_guns,
    flamethrower,
    grenade,
    launcher,
    low_pressure,
    mg,
    small_arms,
    tank_gun,
)

NOTE = (
    "Bare values are estimated (see README.md, the estimation model); {v: ..., src: ...} values\n"
    "are stated by the rulebook section named in src (with derived: the arithmetic on stated\n"
    "figures). Owners of the game replace estimates with the official values as\n"
    "{v: ..., src: official}."
)

WHEELED_COSTS = {
    "clear": 1, "road": "1/4", "path": "1/3", "stream": 4, "stream_nonfordable": "P", "scrub": 3, "rough": 6,
    "light_woods": 3, "woods": "P", "heavy_woods": "P", "building": 2, "improved_position": 2, "water": "P",
    "block": "P", "ditch": "P",
}


def triple(avg: int, src: str = "TO&E 1") -> Any:
    """A vehicle's victory points: its TO&E average value, half and quarter (9.4.2.1, D.1)."""
    v = f"{avg}-{half_up(avg / 2)}-{half_up(avg / 4)}"
    return R(v, src, derived=f"{avg} Av; half and quarter, as T-80A 80-40-20 (9.4.2.1) and M1A1 100-50-25 (D.1)")


def vehicle_card(spec: dict[str, Any]) -> dict[str, Any]:
    ke = dict(zip(["TF", "TS", "TR", "HF", "HS", "HR"], spec["ke"], strict=True))
    ce_spec = spec["ce"]
    if isinstance(ce_spec, tuple):
        ce = dict(zip(["TF", "TS", "TR", "HF", "HS", "HR"], ce_spec, strict=True))
    else:
        ce = {k: half_up(v * ce_spec) for k, v in ke.items()}
    tracked = spec["chassis"] == TRACKED
    mf = spec["mf"]
    costs = movement_costs()
    if not tracked:
        costs["terrain"] = dict(WHEELED_COSTS)
        costs["plus"] = dict(costs["plus"]) | {"wire": "P"}  # 12.4.6: no wheeled vehicle enters wire
    if spec.get("notes", {}).get("amphibious"):
        costs["terrain"]["stream_nonfordable"] = 6  # 17.7: amphibious vehicles swim at 6
        costs["terrain"]["water"] = 6
    notes: dict[str, Any] = {}
    n = dict(spec.get("notes", {}))
    if "reactive" in n:
        kind, with_ra, without = n.pop("reactive")
        how = f"{with_ra} - {without}: {spec['name']} with reactive armor {with_ra} Av, without {without} Av"
        notes["reactive_armor"] = {"available": True, "kind": kind, "cost": R(with_ra - without, "TO&E 1",
                                                                               derived=how)}
    if spec.get("soft"):
        notes["ko_by_one_compartment_hit"] = True
        notes["may_not_enter_buildings"] = True
    notes |= n
    if spec.get("options"):
        notes["options"] = {k: v for k, v in spec["options"].items()}
    weapons = spec["weapons"]
    smoke = next((w.get("smoke_makers") for w in weapons if w.get("smoke_makers")), None)
    if smoke is None and weapons and tracked and not spec.get("soft"):
        weapons[0]["smoke_makers"] = "EX" if spec["card"].startswith("USSR") else ""
    return {
        "card": spec["card"], "name": spec["name"], "nation": spec["nation"], "kind": "vehicle",
        "tracked": tracked, "facts": spec["facts"], "crew": spec["crew"], "weapons": weapons,
        "range_bands": BANDS,
        "target": {"size": spec["size"], "gp_defense": spec["gp"], "ca_defense": spec["ca"],
                   "stacking": spec.get("stacking", 2), "transport": spec.get("transport")},
        "hit_location": hit_location(),
        "armor": armor(ke, ce, spec["top"]),
        "speeds": {"normal": mf, "snow": mf - 1, "mud": mf - 2 if tracked else mf - 3,
                   "road": "1/3" if tracked else "1/4", "path": "1/2" if tracked else "1/3"},
        "turn_costs": "0-1-2" if tracked else "0-1-3",
        "movement_costs": costs,
        "point_values": triple(spec["points"]),
        "notes": notes,
        "bailed_crew": bailed_crew(spec["crew"]),
    }


# -- leg cards ---------------------------------------------------------------------------------
# Small arms GP factors at 1 hex: the US team's 7 is stated (14.7.2.1.1); the rest rises with men.
LEG_GP = {"heavy": 10, "light": 9, "standard": 8, "half": 5, "team": 7}
GP_DEFENSE = {  # [FC, NM, MV] by terrain; rough NM 4 is stated (14.4.3.2.1)
    "clear": [3, 2, 1], "road": [3, 2, 1], "stream": [3, 2, 1], "scrub": [4, 3, 2], "rough": [5, 4, 3],
    "light_woods": [5, 4, 3], "woods": [6, 5, 4], "heavy_woods": [7, 6, 5], "building": [8, 6, 5],
    "improved_position": [9, 8, 6], "ditch": ["5/9", "4/8", "3/7"],
}
CLASSES = {"USA": ("Mechanized Infantry", "US infantry (squads, half squads, teams)", "M16A2 rifles, M249 SAW"),
           "FRG": ("Panzergrenadier Infantry", "West German infantry", "G3 rifles, MG3"),
           "USSR": ("Motorized Rifle Infantry", "Soviet infantry", "AK-74 rifles, RPK-74, PK")}
ATTACHED = {
    "USA": ["Dragon", "LAW", "AT-4", "MG", "Redeye", "Stinger", "GLLD", "Flamethrower"],
    "FRG": ["Milan", "PZF-44", "PZF-3", "MG", "Redeye", "Flamethrower"],
    "USSR": ["AT-3", "AT-4", "RPG-7 V/D", "RPG-18", "MG", "AGS-17", "SA-7B", "SA-14", "Flamethrower"],
}


def attached_weapon(name: str) -> dict[str, Any]:
    if name in ("Dragon", "Milan", "AT-3"):
        return {"weapon": atgm(name, name, trn="120", tot="Unl"), "transported": "never"}
    if name in ("LAW", "AT-4", "PZF-44", "PZF-3", "RPG-7 V/D", "RPG-18"):
        return {"weapon": launcher(name), "transported": "open"}
    if name == "MG":
        w = mg("MG", mount=None, trn="120")
        w["ammo"][0]["gp_nm"][0] = R(9, "14.7.2.1.1")
        return {"weapon": w, "transported": "never", "upper_floors": True}
    if name == "AGS-17":
        return {"weapon": grenade(), "transported": "never", "upper_floors": True}
    if name in ("Redeye", "Stinger", "SA-7B", "SA-14"):
        return {"weapon": aam(name, trn="360"), "transported": "never"}
    if name == "GLLD":
        return {"weapon": designator("GLLD"), "transported": "never", "upper_floors": True}
    return {"weapon": flamethrower(), "transported": "never", "upper_floors": True}


def soviet_at4() -> dict[str, Any]:
    """The Soviet AT-4 is the 9K111 Spigot missile (the US AT-4 is a launcher)."""
    return {"weapon": atgm("AT-4", "AT-4", trn="120", tot="Unl"), "transported": "never"}


def leg_card(nation: str, card_id: str, points: dict[str, Any]) -> dict[str, Any]:
    cls, title, arms = CLASSES[nation]
    types = []
    for weight in ("Heavy", "Light"):
        name = f"Squad {weight} {cls}"
        types.append({"name": name, "leg": "squad", "half": f"½ {name}", "speed": "2(1)",
                      "stacking": R(2, "12.2.1") if weight == "Heavy" else 2, "load": 1,
                      "crew": 9 if weight == "Heavy" else 8,
                      "points": points[name], "weapon": small_arms(LEG_GP[weight.lower()])})
    types.append({"name": "Squad Standard Infantry", "leg": "squad", "half": "½ Squad Standard Infantry",
                  "speed": "2(1)", "stacking": 2, "load": 1, "crew": 8, "points": points["Squad Standard Infantry"],
                  "weapon": small_arms(LEG_GP["standard"])})
    for sq in [t["name"] for t in types]:
        types.append({"name": f"½ {sq}", "leg": "half_squad", "speed": "2(1)", "stacking": 1, "load": 1,
                      "crew": 4, "points": points[f"½ {sq}"], "weapon": small_arms(LEG_GP["half"])})
    team_gp = small_arms(LEG_GP["team"])
    if nation == "USA":
        team_gp["ammo"][0]["gp_nm"][0] = R(7, "14.7.2.1.1")
    types.append({"name": "Team", "leg": "team", "speed": "1", "stacking": 1, "load": 1, "crew": 3,
                  "points": points["Team"], "weapon": team_gp})
    attached = []
    for name in ATTACHED[nation]:
        a = soviet_at4() if (nation == "USSR" and name == "AT-4") else attached_weapon(name)
        a["points"] = points[name]
        attached.append(a)
    gp = {t: list(v) for t, v in GP_DEFENSE.items()}
    gp["rough"][1] = R(4, "14.4.3.2.1")
    return {"card": card_id, "name": title, "nation": nation, "kind": "leg",
            "facts": f"squads of 8-9 men ({arms}), half squads, teams of 3 with a crew-served weapon",
            "range_bands": BANDS, "unit_size": "small", "gp_defense": {"terrain": gp}, "block": "+1", "wire": "P",
            "types": types, "attached": attached,
            "elite": {"assault": R(15, "17.4.1.2"), "squad_plus": R(15, "17.4.1.1"),
                      "special_forces": R(30, "17.4.1.3.1")}}


# -- leg points: least squares over the TO&E organisation totals ------------------------------
STATED_LEG = {("USSR", "Squad Light Motorized Rifle Infantry"): (27, "D.1"),
              ("USSR", "½ Squad Light Motorized Rifle Infantry"): (20, "D.1"),
              ("USSR", "AT-3"): (14, "D.1"),
              **{(n, "Flamethrower"): (10, "17.4.1.2") for n in ("USA", "FRG", "USSR")}}
PRIOR = {"squad": 25, "half": 18, "team": 12, "launcher": 10, "atgm": 15, "mg": 8, "aam": 15, "designator": 10,
         "flamethrower": 10, "grenade": 10}
ELITE = {"Assault": 15, "Squad Plus": 15, "Special Forces": 30}


def equipment_items(text: str | None) -> list[str]:
    if not text:
        return []
    e = text.removeprefix("with ").replace("PRG-18", "RPG-18").replace("SA 14", "SA-14")
    tags = re.findall(r'"([^"]+)"', e)
    e = re.sub(r',? ?"[^"]+"(?: & "[^"]+")*', "", e)
    return [p.strip() for p in re.split(r",|&| and ", e) if p.strip()] + tags


def leg_points() -> dict[str, dict[str, Any]]:
    import numpy as np

    from umpire.rules.mbt import toe

    out: dict[str, dict[str, Any]] = {}
    for b in toe.books():
        card = {"USA": "USA-7B", "FRG": "FRG-4B", "USSR": "USSR-11B"}[b.nation]
        cls = CLASSES[b.nation][0]
        names = [f"Squad Heavy {cls}", f"Squad Light {cls}", "Squad Standard Infantry",
                 f"½ Squad Heavy {cls}", f"½ Squad Light {cls}", "½ Squad Standard Infantry", "Team",
                 *ATTACHED[b.nation]]
        vals = {(u.unit, u.equipment): u.points.av for u in b.units}
        plain = {u.unit: u.points.av for u in b.units if not u.equipment}
        rows, rhs = [], []
        for o in b.organizations:
            for v in o.variants:
                for p in v.points:
                    if p.av is None or p.doctrine not in (None, "none"):
                        continue
                    row = dict.fromkeys(names, 0.0)
                    const, ok = 0.0, True
                    for u in v.units:
                        if u.card == card:
                            row[u.unit] = row.get(u.unit, 0) + u.count
                            for item in equipment_items(u.equipment):
                                if item in ELITE:
                                    const += ELITE[item] * u.count
                                elif item in row:
                                    row[item] += u.count
                                else:
                                    ok = False
                        elif (u.unit, u.equipment) in vals:
                            const += u.count * vals[(u.unit, u.equipment)]
                        elif u.unit in plain and (u.equipment or "").endswith("with mine plow"):
                            const += u.count * plain[u.unit] + 25
                        else:
                            ok = False
                    if ok and any(row[n] for n in names) and set(row) == set(names):
                        rows.append([row[n] for n in names])
                        rhs.append(p.av - const)
        prior = []
        for n in names:
            kind = ("half" if n.startswith("½") else "squad" if n.startswith("Squad") else "team" if n == "Team"
                    else attached_weapon(n)["weapon"]["kind"] if not (b.nation == "USSR" and n == "AT-4") else "atgm")
            prior.append(PRIOR[kind])
        lam = 0.3
        a = np.vstack([np.array(rows, float), lam * np.eye(len(names))])
        y = np.concatenate([np.array(rhs, float), lam * np.array(prior, float)])
        fixed = {i: STATED_LEG[(b.nation, n)][0] for i, n in enumerate(names) if (b.nation, n) in STATED_LEG}
        for i, val in fixed.items():
            y = y - a[:, i] * val
            a[:, i] = 0
        x = np.linalg.lstsq(a, y, rcond=None)[0]
        res: dict[str, Any] = {}
        for i, n in enumerate(names):
            if i in fixed:
                res[n] = R(fixed[i], STATED_LEG[(b.nation, n)][1])
            else:
                res[n] = max(1, half_up(float(x[i])))
        out[b.nation] = res
    return out


# -- towed, helicopters, artillery --------------------------------------------------------------
TOWED = [
    dict(card="USSR-8B", name="ZU-23", crew=5, size="large", speed="towed", block="P", points=28,
         facts="ZU-23-2: twin 23mm 2A14 on a two-wheel carriage",
         weapons=[autocannon("23mm", ap=15, pv=6, pv_fall=1, last=4, gp=16, gp_last=5, rof=4, stab=0, trn="360",
                             kill="1")]),
    dict(card="USSR-9A/1", name="T-12", crew=6, size="large", speed="towed", block="P", points=25,
         facts="2A19 T-12 100mm smoothbore anti-tank gun: APFSDS ~290 mm at 1 km, HEAT ~380 mm",
         weapons=[tank_gun("100mm", ke_ap=20, ke_pv=66, ke_fall=3, heat_pv=76, heat_bands=7, gp=18, kill="1-4",
                           stab=0, rof=2, sights="O", dep_el="6/20", tot="Unl", smoke="", trn="60", ke_last=8)]),
    dict(card="USSR-9A/2", name="SD-44", crew=7, size="large", speed="towed (1)", block="P", points=26,
         facts="SD-44 85mm auxiliary-propelled field gun: AP ~130 mm at 1 km; moves a short way on its own engine",
         weapons=[tank_gun("85mm", ke_ap=18, ke_pv=30, ke_fall=2, heat_pv=40, heat_bands=6, gp=16, kill="1-4",
                           stab=0, rof=2, sights="O", dep_el="7/35", tot="Unl", smoke="", trn="60", ke_last=6)]),
    dict(card="USSR-9B", name="SPG-9", crew=4, size="small", speed="towed (1)", block="+1", points=24,
         facts="SPG-9 73mm recoilless gun on a tripod: PG-9 HEAT ~400 mm, 800 m",
         weapons=[low_pressure("73mm", pv=80, last=3, gp=10, gp_last=4, trn="60", rof=1, tot="Unl")]),
]
HELICOPTERS = [
    # card, name, nation, crew, base from the TO&E (section, variant, count), loads, speeds, transport, GP, facts
    ("USA-6A/1", "AH-1S", "USA", 2, ("Aero Weapons Section", "a", 2), "Cobra attack helicopter, 20mm chin gun",
     {"low": 16, "noe": 11}, None, 4),
    ("USA-6A/2", "AH-64A", "USA", 2, ("Aero Weapons Section", "f", 2), "Apache attack helicopter, 30mm chain gun",
     {"low": R(20, "20.2.2.1"), "noe": R(14, "20.2.2.1")}, None, 5),
    ("USA-6B/1", "OH-58D", "USA", 2, None, "Kiowa Warrior scout with a mast-mounted sight",
     {"low": 14, "noe": 10}, None, 3),
    ("USA-6B/2", "UH-1H", "USA", 2, None, "Huey utility helicopter, 11 troops", {"low": 14, "noe": 10}, "4L", 3),
    ("USA-6B/3", "UH-60A", "USA", 3, None, "Black Hawk utility helicopter, 11 troops", {"low": 18, "noe": 13},
     "4L", 4),
    ("FRG-7A/1", "BO-105 PAH-1", "FRG", 2, None, "anti-tank helicopter with six HOT", {"low": 15, "noe": 10},
     None, 3),
    ("FRG-7A/2", "UH-1D", "FRG", 2, None, "utility helicopter, 11 troops", {"low": 14, "noe": 10}, "4L", 3),
    ("USSR-10A/1", "Hind-D", "USSR", 3, ("Gunship Section", "a", 2), "Mi-24D, 12.7mm gun, 8 troops",
     {"low": 20, "noe": 13}, "3L", 5),
    ("USSR-10A/2", "Hind-E", "USSR", 3, ("Gunship Section", "e", 2), "Mi-24V, 12.7mm gun, 8 troops",
     {"low": 20, "noe": 13}, "3L", 5),
    ("USSR-10B/1", "Mi-2", "USSR", 2, None, "light utility helicopter", {"low": 13, "noe": 9}, "2L", 2),
    ("USSR-10B/2", "Mi-4", "USSR", 2, None, "transport helicopter, 14 troops", {"low": 12, "noe": 8}, "5LT", 3),
]
# The helicopters' weapons (20.2.3), which the TO&E names but the text does not print: guns from public facts
# on the estimation model's scales (PYNOE the gun's penetration line, PYLOW a band further out), missiles
# from mbt_weapons.ATGMS. A weapon an armament names is carried only with it (HELI_ARMAMENTS), the others
# always (integral).
HELI_WEAPONS: dict[str, list[dict[str, Any]]] = {
    "USA-6A/1": [  # M197 20mm three-barrel gun in the chin turret (750 rounds); M18 minigun pods; TOW; Hellfire
        chin_gun("20mm M197", ap=16, pv=9, pv_fall=1, last=5, gp=14, gp_last=5, rof=3, stab=2, tot="15 (2)"),
        mg("7.62mm miniguns", mount=None, gp=12, last=3, trn="60"),
        atgm("ITOW", "TOW", trn="60", sights="TO"),
        atgm("Hellfire", "Hellfire", trn="60", sights="TO"),
    ],
    "USA-6A/2": [  # M230 30mm chain gun (1,200 HEDP rounds), TADS laser designator; Hellfire; ITOW
        chin_gun("30mm M230", ap=16, pv=5, pv_fall=0, last=4, gp=16, gp_last=5, rof=2, stab=3, tot="16 (2)",
                 ammo="HEDP", kind="CE"),
        designator("TADS laser designator"),
        atgm("Hellfire", "Hellfire", trn="60", sights="TO"),
        atgm("ITOW", "TOW", trn="60", sights="TO"),
    ],
    "USA-6B/1": [designator("MMS laser designator")],  # OH-58D mast-mounted sight (20.2.4)
    "USA-6B/2": [door_guns("M60 door guns")],
    "USA-6B/3": [door_guns("M60 door guns"), door_guns("7.62mm side miniguns", gp=12)],
    "FRG-7A/1": [  # six HOT on the skids, or rocket pods, minigun pods or a 20mm Rh202 pod
        atgm("HOT", "HOT", trn="60", sights="O"),
        mg("7.62mm miniguns", mount=None, gp=12, last=3, trn="60"),
        chin_gun("20mm gun pods", ap=16, pv=9, pv_fall=1, last=4, gp=12, gp_last=5, rof=2, stab=1, tot="12 (2)",
                 trn="60"),
    ],
    "FRG-7A/2": [door_guns("MG3 door guns")],
    "USSR-10A/1": [  # Yak-B 12.7mm four-barrel gun in the chin turret (1,470 rounds); Swatter, Sagger
        chin_gun("12.7mm Yak-B", ap=14, pv=5, pv_fall=1, last=4, gp=14, gp_last=4, rof=3, stab=1, tot="15 (2)",
                 ammo="API", mg=True),
        atgm("Swatter", "AT-2", trn="60", sights="O"),
        atgm("Sagger", "AT-3", trn="60", sights="O"),
    ],
    "USSR-10A/2": [  # Mi-24V: the Yak-B; Spiral besides Swatter and Sagger
        chin_gun("12.7mm Yak-B", ap=14, pv=5, pv_fall=1, last=4, gp=14, gp_last=4, rof=3, stab=1, tot="15 (2)",
                 ammo="API", mg=True),
        atgm("Spiral", "AT-6", trn="60", sights="O"),
        atgm("Swatter", "AT-2", trn="60", sights="O"),
        atgm("Sagger", "AT-3", trn="60", sights="O"),
    ],
    "USSR-10B/1": [],
    "USSR-10B/2": [chin_gun("12.7mm A-12.7", ap=14, pv=5, pv_fall=1, last=4, gp=12, gp_last=4, rof=1, stab=0,
                            tot="Unl", ammo="API", mg=True)],  # Mi-4A: the gun in the ventral gondola
}
# What each armament of the TO&E carries (20.2.1): missiles and rockets by number, a gun pod as 1. The
# AH-64A's are 20.2.1's; the others fit the TO&E's prices at the points 20.2.1 gives (Hellfire 15, ITOW
# and rockets 10) and, for the Soviet missiles, at Sagger 15, Swatter 18, Spiral 25 (each priced section
# then adds up), four missiles a Hind; the BO-105's six HOT are its own: estimated.
S2 = "20.2.1"
HELI_ARMAMENTS: dict[str, dict[str, dict[str, Any]]] = {
    "USA-6B/1": {"no wing armament": {}},
    "USA-6B/3": {"with side MGs": {"M60 door guns": 1}, "with side miniguns": {"7.62mm side miniguns": 1}},
    "FRG-7A/1": {"with HOT": {"HOT": 6}, "with rockets": {"rockets": 8}, "with miniguns": {"7.62mm miniguns": 1},
                 "with 20mm guns": {"20mm gun pods": 1}},
    "USA-6A/1": {"with chin gun only": {}, "with ITOWs & rockets": {"ITOW": 8, "rockets": 2},
                 "with HELLFIREs & rockets": {"Hellfire": 8, "rockets": 2}, "with rockets": {"rockets": 8},
                 "with miniguns & rockets": {"7.62mm miniguns": 1, "rockets": 6}},
    "USA-6A/2": {"with chin gun only": {}, "with HELLFIRES": {"Hellfire": R(16, S2)},
                 "with HELLFIRES & rockets": {"Hellfire": R(8, S2), "rockets": R(6, S2)},
                 "with ITOWs & rockets": {"ITOW": R(8, S2), "rockets": R(6, S2)},
                 "with rockets": {"rockets": R(12, S2)}},
    "USSR-10A/1": {"with chin gun only": {}, "with Swatters & rockets": {"Swatter": 4, "rockets": 12},
                   "with Saggers & rockets": {"Sagger": 4, "rockets": 12}, "with rockets": {"rockets": 24}},
    "USSR-10A/2": {"with chin gun only": {}, "with Spirals & rockets": {"Spiral": 4, "rockets": 12},
                   "with Swatters & rockets": {"Swatter": 4, "rockets": 12},
                   "with Saggers & rockets": {"Sagger": 4, "rockets": 12}, "with rockets": {"rockets": 24}},
}
ARTILLERY = {
    "USA-2B": ("USA", "US artillery", {"heavy": 150, "super_heavy": 200}, {}),
    "FRG-3B": ("FRG", "West German artillery", {"heavy": 150, "super_heavy": 200}, {}),
    "USSR-12A": ("USSR", "Soviet artillery", {}, {}),
}


def _gp_defense(size: str) -> dict[str, Any]:
    cut = 1 if size == "large" else 0
    out: dict[str, Any] = {}
    for t, cells in GP_DEFENSE.items():
        if t == "ditch":
            out[t] = [f"{max(1, int(a) - cut)}/{max(1, int(b) - cut)}" for a, b in (c.split("/") for c in cells)]
        else:
            out[t] = [max(1, c - cut) for c in cells]
    return {"terrain": out}


def towed_card(spec: dict[str, Any]) -> dict[str, Any]:
    w = spec["weapons"][0]
    w["main"] = True
    return {"card": spec["card"], "name": spec["name"], "nation": "USSR", "kind": "towed", "facts": spec["facts"],
            "crew": spec["crew"], "range_bands": BANDS, "weapons": spec["weapons"], "unit_size": spec["size"],
            "speed": spec["speed"], "stacking": 2 if spec["size"] == "large" else 1, "load": 2 if spec["size"] ==
            "large" else 1, "points": R(spec["points"], "TO&E 1"), "gp_defense": _gp_defense(spec["size"]),
            "block": spec["block"], "wire": "P", "bailed_crew": bailed_crew(spec["crew"])}


def helicopter_card(row: tuple[Any, ...]) -> dict[str, Any]:
    from umpire.rules.mbt import toe

    cid, name, nation, crew, base_ref, facts, speeds, transport, gp = row
    loads: dict[str, Any] = {}
    base: Any = 100
    if base_ref is not None:
        org_name, vid, n = base_ref
        _, org = toe.find(org_name, nation)
        v0 = toe.variant(org, vid)
        av0 = v0.points[0].av or 0
        base = R(av0 // n, f"TO&E {nation} 2", derived=f"{org_name} {vid}: {av0} Av / {n}")
        for v in org.variants:
            u = v.units[0]
            if u.card == cid and u.equipment and v.points[0].av:
                d = (v.points[0].av - av0) // n
                loads[u.equipment] = R(d, f"TO&E {nation} 2",
                                       derived=f"{org_name} {v.id} less {vid}: ({v.points[0].av} - {av0}) / {n}")
    out = {"card": cid, "name": name, "nation": nation, "kind": "helicopter", "facts": facts, "crew": crew,
           "base_points": base, "loads": loads, "speeds": speeds, "gp_defense": gp, "range_bands": BANDS,
           "weapons": HELI_WEAPONS[cid], "armaments": HELI_ARMAMENTS.get(cid, {})}
    if transport:
        out["transport"] = transport
    return out


def artillery_card(cid: str) -> dict[str, Any]:
    nation, name, _, _ = ARTILLERY[cid]
    gp = {"light": 20, "medium": 30, "heavy": 40, "super_heavy": 50}
    kills = {"light": "1-3", "medium": "1-4", "heavy": "1-5", "super_heavy": "1-6"}
    org = {"light": 50, "medium": 100, "heavy": 150, "super_heavy": 200}
    src = {}
    if nation == "FRG":
        src = {("heavy", "organic"): ("TO&E FRG 2", "Organic Artillery a: 150 Av"),
               ("super_heavy", "organic"): ("TO&E FRG 2", "Organic Artillery b: 200 Av"),
               ("heavy", "attached"): ("TO&E FRG 2", "Attached Artillery: 225 Av")}
    if nation == "USSR":
        src = {("medium", "attached"): ("19.1.3", ""),
               ("light", "attached"): ("TO&E USSR 2", "Airborne Company Attached Artillery 225 Av less medium 150"),
               ("heavy", "organic"): ("TO&E USSR 2", "Organic Artillery b: 300 Av / 2"),
               ("medium", "organic"): ("TO&E USSR 2", "Organic Artillery a: 250 Av less heavy 150")}
    if nation == "USA":
        src = {("heavy", "organic"): ("TO&E USA 2", "Organic Artillery: 2 heavy + 1 super heavy = 500 Av, "
                                                    "heavy as the FRG's 150"),
               ("super_heavy", "organic"): ("TO&E USA 2", "500 - 2 x 150")}
    batteries = {}
    for size in ("light", "medium", "heavy", "super_heavy"):
        pts = {"attached": half_up(org[size] * 1.5), "organic": org[size], "unattached": half_up(org[size] * 2 / 3)}
        out_pts: dict[str, Any] = {}
        for lvl, v in pts.items():
            if (size, lvl) in src:
                s, how = src[(size, lvl)]
                out_pts[lvl] = R(v, s, derived=how) if how else R(v, s)
            else:
                out_pts[lvl] = v
        batteries[size] = {"gp": gp[size], "kills": kills[size], "points": out_pts}
    missions = {"HE": 10, "SM": 10, "IL": 5}
    if nation != "USSR":
        missions |= {"ICMDP": 25, "ICM": 20, "FASCAM": 30}
    if nation == "USA":
        missions["CLGP"] = 40
    return {"card": cid, "name": name, "nation": nation, "kind": "artillery",
            "facts": "off-board batteries: light 105/122mm, medium 152/155mm, heavy 203mm, super heavy MRL",
            "batteries": batteries, "missions": missions}


# The Basic Game tanks' independent machineguns (14.1.2) and NOTES the Advanced Game reads.
TANK_MGS = {
    "USA-1B": [("12.7mm HMG", "TT-C"), ("MG", "TT-O")], "USA-8A": [("12.7mm HMG", "TT-C"), ("MG", "TT-O")],
    "FRG-1B": [("MG3", "TT-O")], "FRG-1A": [("MG3", "TT-O")], "USSR-1B": [("12.7mm NSVT", "TT-C")],
    "USSR-2A": [("12.7mm NSVT", "TT-O")], "USSR-1A": [("12.7mm NSVT", "TT-O")],
}


def tank_extras(card: dict[str, Any]) -> dict[str, Any]:
    """Add the Advanced Game's parts to a Basic Game tank card: its independent machineguns
    (14.1.2: the coaxial one is counted in the main gun) and the NOTES of 15.6 and 17.5.3.3."""
    from mbt_weapons import hmg

    for name, mount in TANK_MGS[card["card"]]:
        card["weapons"].append(hmg(name, mount=mount) if name.startswith("12.7") else mg(name, mount=mount))
    gun = card["weapons"][0]["name"]
    card["notes"] = dict(card.get("notes") or {}) | {"mine_plow": True}
    if gun in ("120mm", "125mm"):
        card["notes"]["path_restrictions"] = True
    card["bailed_crew"] = bailed_crew(card["crew"])
    return card


def buildings_chart() -> dict[str, Any]:
    """VEHICLE'S INTO BUILDINGS TABLE: damage on a low modified roll (roll + 5 x CA defense,
    15.4.3.1); wooden TK 01-40 and GN (forward) reaching 45 are 15.4.3.2.2's; sturdier building
    types damage more, a gun facing back less."""
    return {
        "chart": "buildings", "title": "VEHICLE'S INTO BUILDINGS TABLE", "used_by": "15.4.3",
        "per_ca_defense": R(5, "15.4.3.1"),
        "types": {
            "wooden": {"TK": R("1-40", "15.4.3.2.2"), "GN_forward": "1-50", "GN_back": "1-35"},
            "brick": {"TK": "1-50", "GN_forward": "1-60", "GN_back": "1-45"},
            "stone": {"TK": "1-60", "GN_forward": "1-70", "GN_back": "1-55"},
        },
    }


def write_cards() -> list[str]:
    """Write every card of this module; return their ids."""
    ids = []

    def out(cid: str, card: dict[str, Any], what: str) -> None:
        write(f"cards/{cid.replace('/', '_')}.yaml", f"Data card {cid}: {what}.\n" + NOTE, card)
        ids.append(cid)

    for spec in VEHICLES:
        out(spec["card"], vehicle_card(spec), spec["name"])
    pts = leg_points()
    for nation, cid in (("USA", "USA-7B"), ("FRG", "FRG-4B"), ("USSR", "USSR-11B")):
        card = leg_card(nation, cid, pts[nation])
        out(cid, card, card["name"])
    for spec in TOWED:
        out(spec["card"], towed_card(spec), spec["name"])
    for row in HELICOPTERS:
        out(row[0], helicopter_card(row), row[1])
    for cid in ARTILLERY:
        card = artillery_card(cid)
        out(cid, card, card["name"])
    write("charts/buildings.yaml", "VEHICLE'S INTO BUILDINGS TABLE (Game Card).\n" + NOTE, buildings_chart())
    return ids
