"""The weapons of the MBT estimation model: one builder per weapon family, each writing a
FIRING INFORMATION block (7.4.1, 14.1, 14.4.1) for ``tools/mbt_cards.py``.

Scales (README.md, the estimation model): penetration and armour in RHA millimetres / 5; AP
factors start at 22 for a tank gun at 1 hex and fall 2 a band (7.4.1.3, 7.4.8); GP factors fall
as the 125mm's (25 at 1 hex, 17 at 17-20: 14.4.1) scaled to the weapon's GP factor at 1 hex;
the moving line is half, rounded up; maximum ranges end at the last range band within the
weapon's real effective range.
"""

from __future__ import annotations

import math
from typing import Any

from mbt_data import ATGM_DAMAGE, CE_DAMAGE, KE_DAMAGE, NB, R, damage, half_up, line

ENDS = [1, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40]
STARTS = [1, 2, 5, 9, 13, 17, 21, 25, 29, 33, 37]
GP_STEPS = [0, 1, 3, 5, 7, 8, 9, 10, 11, 12, 13]  # the 125mm's GP line: 25 .. 17 at 17-20 (14.4.1)
SMALL_KE = ["1-20", "21-50", "51-90", "91-100"]  # autocannon KE: fewer kills than a tank gun
HMG_KE = ["1-30", "31-65", "66-95", "96-100"]


def band_of(hexes: int) -> int:
    """Index of the last band ending at or within ``hexes``."""
    return max(i for i, e in enumerate(ENDS) if e <= hexes)


def band_from(hexes: int) -> int:
    """Index of the first band starting at or beyond ``hexes`` (a minimum range)."""
    return min(i for i, s in enumerate(STARTS) if s >= hexes)


def falling(start: int, per_band: float, last: int, first: int = 0, floor: int = 1) -> list[Any]:
    vals: list[Any] = [None] * NB
    for i in range(first, last + 1):
        vals[i] = max(floor, half_up(start - per_band * (i - first)))
    return vals


def gp_line(start: int, last: int, first: int = 0) -> list[Any]:
    vals: list[Any] = [None] * NB
    for i in range(first, last + 1):
        vals[i] = max(1, half_up(start * (1 - GP_STEPS[i] / 25)))
    return vals


def mv_line(nm: list[Any]) -> list[Any]:
    return [None if v is None else math.ceil(v / 2) for v in nm]


def block(name: str, kind: str, *, ammo: list[dict[str, Any]], stab: Any = None, cls: Any = None,
          sights: str = "O", rof: Any = 1, trn: Any = "1T", dep_el: str = "Unl", tot: str = "Unl",
          main: bool = False, smoke: str = "", mount: str | None = None, option: str | None = None,
          small_arms: bool = False, canister: bool = False, smoke_ammo: bool = False,
          speeds: list[Any] | None = None) -> dict[str, Any]:
    w: dict[str, Any] = {"name": name, "kind": kind, "main": main}
    if mount:
        w["mount"] = mount
    if option:
        w["option"] = option
    if small_arms:
        w["small_arms"] = True
    if canister:
        w["canister"] = True
    if smoke_ammo:
        w["smoke_ammo"] = True
    if stab is not None:
        w["stab"] = stab
    if cls is not None:
        w["class"] = cls
    w |= {"sights": sights, "max_rof": rof, "trn": trn, "dep_el": dep_el, "tot_ammo": tot}
    if smoke:
        w["smoke_makers"] = smoke
    if speeds is not None:
        w["speeds"] = speeds
    w["ammo"] = ammo
    return w


def gp_ammo(name: str, start: int, last: int, *, first: int = 0, kill: str | None = None,
            moving: bool = True) -> dict[str, Any]:
    nm = gp_line(start, last, first)
    a: dict[str, Any] = {"name": name, "type": "GP", "min_range": STARTS[first], "max_range": ENDS[last],
                         "gp_nm": nm}
    if moving:
        a["gp_mv"] = mv_line(nm)
    if kill:
        a["gp_kill"] = {"result": "knocked_out", "gp_defense": kill}
    return a


def ap_ammo(name: str, kind: str, ap: list[Any], pv: list[Any], dmg: list[str]) -> dict[str, Any]:
    filled = [i for i, v in enumerate(ap) if v is not None]
    return {"name": name, "type": kind, "min_range": STARTS[filled[0]], "max_range": ENDS[filled[-1]],
            "ap": ap, "pv": pv, "damage": damage(dmg)}


# -- guns -------------------------------------------------------------------------------------
def tank_gun(name: str, *, ke_ap: int, ke_pv: int, ke_fall: int, heat_pv: int | None, heat_bands: int,
             gp: int, kill: str, stab: Any, rof: Any, sights: str, dep_el: str, tot: str, smoke: str,
             trn: Any = "2T", canister: bool = False, smoke_ammo: bool = False, ke_last: int = 10,
             heat_ap: list[int] | None = None) -> dict[str, Any]:
    """A tank or assault gun: APFSDS (or APDS) and HEAT lines, GP (HE, HEP or HESH)."""
    heat = heat_ap or [21, 19, 17, 14, 11, 8, 5, 3, 1]
    ammo = [ap_ammo("APFSDS", "KE", falling(ke_ap, 2, ke_last), falling(ke_pv, ke_fall, ke_last, floor=1), KE_DAMAGE)]
    if heat_pv is not None:
        ammo.append(ap_ammo("HEAT", "CE", line(heat[:heat_bands]), line([heat_pv] * heat_bands), CE_DAMAGE))
    ammo.append(gp_ammo("GP", gp, 10, kill=kill))
    return block(name, "gun", ammo=ammo, stab=stab, rof=rof, trn=trn, sights=sights, dep_el=dep_el, tot=tot,
                 main=True, smoke=smoke, canister=canister, smoke_ammo=smoke_ammo)


def low_pressure(name: str, *, pv: int, last: int, gp: int, gp_last: int, stab: Any = 0, trn: Any = "1T",
                 rof: int = 1, main: bool = True, smoke: str = "", tot: str = "40 (4)") -> dict[str, Any]:
    """A low-pressure gun or recoilless rifle firing HEAT (73mm 2A28, SPG-9): CE only, short."""
    ammo = [ap_ammo("HEAT", "CE", falling(18, 3, last), [None if i > last else pv for i in range(NB)], CE_DAMAGE),
            gp_ammo("GP", gp, gp_last, kill="1-3")]
    return block(name, "gun", ammo=ammo, stab=stab, rof=rof, trn=trn, sights="O", dep_el="4/15", tot=tot,
                 main=main, smoke=smoke)


def autocannon(name: str, *, ap: int, pv: int, pv_fall: float, last: int, gp: int, gp_last: int, rof: int,
               stab: Any, sights: str = "O", trn: Any = "1T", kill: str = "1-2", main: bool = True,
               smoke: str = "", tot: str = "Unl") -> dict[str, Any]:
    """A 20-35mm cannon: APDS (KE, fewer kills than a tank gun) and HE (GP)."""
    ammo = [ap_ammo("APDS", "KE", falling(ap, 2, last), falling(pv, pv_fall, last), SMALL_KE),
            gp_ammo("HE", gp, gp_last, kill=kill)]
    return block(name, "gun", ammo=ammo, stab=stab, rof=rof, trn=trn, sights=sights, dep_el="Unl", tot=tot,
                 main=main, smoke=smoke)


def hmg(name: str, *, mount: str | None = "TT-O", ap: bool = False, gp: int = 12, last: int = 4,
        trn: Any = "360", main: bool = False, small_arms: bool = True) -> dict[str, Any]:
    """A heavy machinegun (12.7mm, 14.5mm): GP, and AP against light armour for the 14.5mm."""
    ammo = []
    if ap:
        ammo.append(ap_ammo("API", "KE", falling(14, 2, last), falling(7, 1, last), HMG_KE))
    ammo.append(gp_ammo("Ball", gp, last))
    return block(name, "mg", ammo=ammo, stab=0, trn=trn, mount=mount, main=main, small_arms=small_arms,
                 sights="O")


def mg(name: str = "MG", *, mount: str | None = "TT-O", gp: int = 9, last: int = 3, trn: Any = "360",
       option: str | None = None) -> dict[str, Any]:
    """A machinegun (7.62mm): GP only, small arms (14.4.4.2.2.1); the US attached MG has 9 GP
    factors at 1 hex (14.7.2.1.1)."""
    return block(name, "mg", ammo=[gp_ammo("Ball", gp, last)], stab=0, trn=trn, mount=mount, small_arms=True,
                 option=option)


def mortar(name: str, *, gp: int, last: int, first: int = 1, src: str | None = None) -> dict[str, Any]:
    """A mortar (area fire, option 17.1): one GP factor at every range it reaches (17.1.3 gives
    the M106A1's 107mm as "the 21 GP factor of the weapon"), non-moving only."""
    a = gp_ammo("HE", gp, last, first=first, moving=False)
    a["gp_nm"] = [None if v is None else (R(gp, src) if src else gp) for v in a["gp_nm"]]
    return block(name, "mortar", ammo=[a], trn="360", dep_el="Unl", tot="Unl")


# -- missiles and launchers -------------------------------------------------------------------
# name: (penetration RHA/5, max range hexes, min range hexes, Class, ATGM Speeds 1-3 / 4+, facts)
ATGMS: dict[str, tuple[int, int, int, int, tuple[int, int]]] = {
    "TOW": (140, 36, 1, 2, (12, 6)),      # ITOW: ~700 mm; 3,750 m; ~280 m/s peak
    "HOT": (130, 40, 1, 2, (15, 8)),      # ~800 mm claimed, 4,000 m
    "Milan": (120, 20, 1, 2, (12, 6)),    # Milan 2: ~690 mm, 2,000 m
    "Dragon": (85, 8, 1, 2, (6, 3)),      # M47: ~450 mm, 1,000 m, slow (~100 m/s)
    "AT-3": (80, 28, 5, 1, (7, 4)),       # 9M14 Malyutka (Sagger), MCLOS: ~400 mm, 500-3,000 m
    "AT-4": (96, 24, 1, 2, (11, 6)),      # 9M111 Fagot (Spigot): ~480 mm, 2,500 m
    "AT-5": (120, 40, 1, 2, (12, 6)),     # 9M113 Konkurs (Spandrel): ~600 mm, 4,000 m
    # the helicopters' missiles (20.2.3.3): the cards' bands end at 40 hexes, so longer reaches stop there
    "Hellfire": (150, 40, 1, 3, (17, 9)),  # AGM-114A: semi-active laser homing, ~750 mm, 8,000 m, ~425 m/s
    "AT-2": (100, 36, 5, 2, (8, 4)),      # 9M17P Skorpion (Swatter): radio command, ~500 mm, 500-3,500 m, ~150 m/s
    "AT-6": (120, 40, 5, 3, (16, 8)),     # 9M114 Shturm (Spiral): radio SACLOS, ~560 mm, 400-5,000 m, ~400 m/s
}


def atgm(name: str, family: str, *, trn: Any = "T", option: str | None = None, sights: str = "O",
         rof: int = 1, tot: str = "Unl") -> dict[str, Any]:
    pen, rng, mn, cls, (s1, s4) = ATGMS[family]
    first, last = band_from(mn), band_of(rng)
    ap = [16 if first <= i <= last else None for i in range(NB)]
    pv = [pen if first <= i <= last else None for i in range(NB)]
    return block(name, "atgm", ammo=[ap_ammo("ATGM", "CE", ap, pv, ATGM_DAMAGE)], cls=cls, sights=sights, rof=rof,
                 trn=trn, dep_el="Unl", tot=tot, option=option, speeds=[s1, s4])


# -- helicopters' guns (20.2.3.2) --------------------------------------------------------------
def with_pylow(weapon: dict[str, Any], fall: int) -> dict[str, Any]:
    """A helicopter gun's penetration lines (20.2.3.2.1-2): its ``pv`` line is PYNOE, fired from
    NOE or landed; ``pv_low`` is PYLOW, fired from low altitude: the same round a band further out
    (the slant range from low altitude), ``fall`` less a band, never below 1."""
    for a in weapon["ammo"]:
        if a["type"] in ("KE", "CE"):
            a["pv_low"] = [None if v is None else max(1, v - fall) for v in a["pv"]]
    return weapon


def chin_gun(name: str, *, ap: int, pv: int, pv_fall: int, last: int, gp: int, gp_last: int, rof: int,
             stab: int, tot: str, ammo: str = "APDS", kind: str = "KE", mg: bool = False,
             trn: str = "120") -> dict[str, Any]:
    """A helicopter's turreted or fixed gun (20.2.3.2): a 120 degree arc to its front (20.2.3.1),
    PYNOE and PYLOW penetration lines, HE (or ball, for a machinegun) against troops."""
    dmg = (HMG_KE if mg else SMALL_KE) if kind == "KE" else CE_DAMAGE
    lines = [ap_ammo(ammo, kind, falling(ap, 2, last), falling(pv, pv_fall, last), dmg),
             gp_ammo("Ball" if mg else "HE", gp, gp_last, kill=None if mg else "1")]
    w = block(name, "mg" if mg else "gun", ammo=lines, stab=stab, rof=rof, trn=trn, sights="O", dep_el="Unl",
              tot=tot, main=not mg, small_arms=mg)
    return with_pylow(w, pv_fall or 1)


def door_guns(name: str, *, gp: int = 9, last: int = 3) -> dict[str, Any]:
    """A utility helicopter's door guns: GP only, one to each side (SID arcs, 14.2.1)."""
    return mg(name, mount=None, gp=gp, last=last, trn="SID")


# name: (penetration RHA/5, AP factor at 1 hex, max range hexes)
LAUNCHERS = {
    "LAW": (60, 16, 4), "AT-4": (84, 17, 4), "PZF-44": (74, 17, 4), "PZF-3": (140, 17, 4),
    "RPG-7 V/D": (66, 16, 4), "RPG-18": (75, 16, 4),
}


def launcher(name: str, *, trn: Any = "120") -> dict[str, Any]:
    """A rocket launcher (14.1.1): CE at short range, and GP against troops."""
    pen, ap, rng = LAUNCHERS[name]
    last = band_of(rng)
    return block(name, "launcher", ammo=[ap_ammo("HEAT", "CE", falling(ap, 3, last), falling(pen, 0, last),
                                                 CE_DAMAGE), gp_ammo("HE", 6, last)], stab=0, trn=trn)


def grenade(name: str = "AGS-17") -> dict[str, Any]:
    return block(name, "grenade", ammo=[gp_ammo("HE", 12, band_of(17))], stab=0, trn="120")


def aam(name: str, *, option: str | None = None, trn: Any = "360") -> dict[str, Any]:
    """An anti-aircraft missile: no fire at ground units (20.3 is optional)."""
    return block(name, "aam", ammo=[], trn=trn, option=option)


def designator(name: str) -> dict[str, Any]:
    return block(name, "designator", ammo=[], sights="D", trn="120")


def flamethrower() -> dict[str, Any]:
    """Range 0: only a close assault or hand-to-hand modifier (17.4.1.2)."""
    return block("Flamethrower", "flamethrower", ammo=[], trn="120")


def small_arms(gp: int) -> dict[str, Any]:
    """A leg unit's small arms: GP, small arms (14.4.4.2.2.1), all round."""
    return block("Small arms", "small_arms", ammo=[gp_ammo("Ball", gp, band_of(8))], stab=0, trn="360",
                 small_arms=True)


def bailed_crew(crew: int) -> dict[str, Any]:
    """A vehicle's or towed gun's crew out of it (17.2.3.2.2.2, 14.8): "Bailed Crew n", n the size of
    the crew; their personal weapons, GP one a man more, to 4 hexes (a team's MG-armed 7 is more)."""
    return block(f"Bailed Crew {crew}", "small_arms", ammo=[gp_ammo("Ball", crew + 1, band_of(4))], stab=0, trn="360",
                 small_arms=True)


def stated(w: dict[str, Any], path: list[Any], src: str, **kw: str) -> dict[str, Any]:
    """Mark one value of a weapon block as the rulebook's."""
    cur: Any = w
    for k in path[:-1]:
        cur = cur[k]
    cur[path[-1]] = R(cur[path[-1]], src, **kw)
    return w
