"""Spotting (MOVEMENT > Spotting): add the spotter's and the spotted unit's modifiers; the unit
is spotted if the total is greater than 0. No die is rolled (ruling ``spotting.die_roll``).

For one pair, :func:`spot` explains every modifier. A turn engine checking many pairs splits
the sum into parts that broadcast over arrays (plain arithmetic only, so numpy arrays work)::

    total = spotter_part(s) [n,1] + target_part(x) [1,m] + pair_part(s, x) + distance_part(D [n,m])
    spotted = total > 0

Distances are inches edge to edge (shortest). A spotted stand stays spotted until it moves 4
inches or more from where it was spotted (rulings ``spotting.spotted_before``,
``spotting.four_inch_measure``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field

from umpire.core.dice import Dice, RecordingDice, Roll
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik import crt
from umpire.rules.auftragstaktik.data import RULESET, Tables, tables
from umpire.rules.auftragstaktik.mods import mod
from umpire.rules.auftragstaktik.ratings import OrderCode, Quality, ReadsCodes, Unit, extra_companies


class _M(ReadsCodes):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Spotter(_M):
    quality: Quality = "regular"
    orders: OrderCode = "NO"
    moved: bool = False
    recon: bool = False
    thermal: bool = False
    gsr: bool = False
    facing_target: bool = True
    higher: bool = False
    night_vision: Literal["TI", "II", "IR", "SL"] | None = None
    air_defense: bool = False
    mbt: bool = False  # a main battle tank: never a recon stand


class Spotted(_M):
    kind: Literal["vehicle", "towed", "troop", "helicopter"] = Field("vehicle",
        description="vehicle, towed, troop or helicopter")
    quality: Quality = Field("regular", description="its troop quality")
    orders: OrderCode = Field("HA", description="its order")
    moved: bool = Field(True, description="it moved this phase")
    fired: bool = Field(False, description="it fired this phase")
    higher: bool = Field(False, description="it stands higher than the spotter")
    spotted_before: bool = Field(False, description="it was spotted before")
    moved_since_spotted: float | None = Field(None, ge=0, description="inches it moved since it was spotted")
    cover: bool = Field(False, description="it is in cover")
    grouped_companies: int = Field(1, ge=1, description="companies grouped in one stand")
    troop_companies: int | None = Field(None, ge=0, description="how many of the grouped companies are troop "
                                        "companies, the rest AFV companies (default: the free pair one of each)")


def _src(t: Tables) -> str:
    return t.spotting.source


WOODS_DEPTH = {"1in": 1.0, "0.5in": 0.5, "2in": 2.0, "any": None}


def woods_depth(rulings: Rulings) -> float | None:
    """How many inches of the wood or town it stands in a stand sees through (ruling
    ``spotting.woods_depth``; None: any depth)."""
    return WOODS_DEPTH[rulings["spotting.woods_depth"]]


def is_mbt(unit: Unit, type_name: str | None, t: Tables) -> bool:
    """Is this a main battle tank (MISCELLANEOUS RULES > Reconnaissance Stands; ruling
    ``recon.eligibility``)? A bundled unit says so by its role; a bare stat line is judged by
    :meth:`~umpire.rules.auftragstaktik.ratings.Unit.looks_like_mbt`."""
    if type_name:
        from umpire.rules.auftragstaktik.library import find_unit

        try:
            return find_unit(type_name).role == "tank"
        except UmpireError:
            pass
    return unit.looks_like_mbt(t.spotting.recon.mbt_min_protection)


def recon_refused(s: Spotter, t: Tables) -> str:
    """Why a spotter flagged recon gets no recon bonus ("" if it gets it)."""
    if s.recon and s.mbt:
        return (
            "no recon bonus: main battle tanks are never considered to be recon vehicles, even "
            f"when assigned to reconnaissance units ({t.spotting.recon.source}; ruling recon.eligibility)"
        )
    return ""


def spotter_modifiers(s: Spotter, night: bool, t: Tables) -> list[Modifier]:
    sp, src = t.spotting.spotter, _src(t)
    out: list[Modifier] = []
    if s.recon and not s.mbt:
        out += mod(
            "spotter recon", sp.recon, src, "troop, light vehicle or light AFV, never an MBT"
        )
    if not s.moved:
        out += mod("spotter stationary", sp.stationary, src)
    elif s.orders in ("HA", "TR", "WD", "NO"):
        out += mod("spotter on HA orders", sp.ha_orders, src, s.orders if s.orders != "HA" else "")
    thermal = s.thermal or s.night_vision == "TI"
    if thermal:
        out += mod("spotter has thermal imager", sp.thermal, src)
    out += mod("spotter troop quality", sp.quality[s.quality], src, s.quality)
    if night:
        nv = s.night_vision or ("TI" if s.thermal else None)
        n = t.spotting.night
        value = n.none if nv is None else n.TI if nv == "TI" else n.other
        out += mod(
            "night", value, src, f"night vision {nv or 'none'} (ruling spotting.night_codes)"
        )
    return out


def target_modifiers(x: Spotted, t: Tables, rulings: Rulings) -> list[Modifier]:
    tg, src = t.spotting.target, _src(t)
    out: list[Modifier] = []
    if x.kind in ("vehicle", "towed", "helicopter"):
        out += mod("vehicle or towed artillery", tg.vehicle_or_towed, src, x.kind)
    if not x.moved and x.orders == "DA" and rulings["orders.da_not_moved"] == "orders":
        out += mod("target on DA orders", tg.moving_orders["DA"], src, "did not move: its orders' modifier "
                   "(ruling orders.da_not_moved)")
    elif not x.moved:
        out += mod("target stationary", tg.stationary, src,
                   "on DA orders, did not move (ruling orders.da_not_moved)" if x.orders == "DA" else "")
    else:
        order = "DA" if x.orders == "DA" else "HA"
        out += mod(
            f"target on {order} orders",
            tg.moving_orders[order],
            src,
            x.orders if x.orders != order else "",
        )
    if x.fired:
        out += mod("target fired", tg.firing, src, "ruling spotting.firing_window")
    if x.spotted_before:
        out += mod("spotted previous turn or movement phase", tg.spotted_before, src)
    if x.cover:
        out += mod("target in cover", tg.cover, src, "ruling spotting.cover_for_vehicles")
    out += mod("target troop quality", tg.quality[x.quality], src, x.quality)
    from umpire.rules.auftragstaktik.fire_mods import grouped_words

    extra = extra_companies(x.grouped_companies, x.troop_companies, rulings["grouping.free_companies"])
    g = t.fire.grouping
    out += mod("grouped", g.spotted_per_extra_company * extra, g.source,
               grouped_words(extra, x.grouped_companies, x.troop_companies))
    if rulings["grouping.spotting_double_count"] == "both" and x.grouped_companies > 2:
        out += mod("grouped unit of more than 2 companies", tg.grouped_over_2_companies, src)
    return out


def pair_modifiers(s: Spotter, x: Spotted, t: Tables) -> list[Modifier]:
    sp, src = t.spotting.spotter, _src(t)
    out: list[Modifier] = []
    if s.higher and not x.higher:
        out += mod("spotter on higher elevation", sp.higher, src)
    if x.higher and not s.higher:
        out += mod("target on higher elevation", t.spotting.target.higher, src)
    if not s.facing_target:
        out += mod("spotter not facing the target", sp.not_facing, src, "ruling spotting.facing")
    if s.gsr and x.moved:
        value = t.spotting.gsr.moving_troop if x.kind == "troop" else t.spotting.gsr.moving_vehicle
        out += mod(
            "ground surveillance radar", value, src, f"moving {x.kind} (ruling spotting.gsr_moving)"
        )
    if s.air_defense and x.kind == "helicopter":
        ad = t.spotting.air_defense_vs_helicopter
        out += mod("air defense vehicle spotting a helicopter", ad.drm, ad.source)
    return out


def distance_part(distance: Any, t: Tables, rulings: Rulings) -> Any:
    """The distance modifier; works on a number or element-wise on an array of distances."""
    d = t.spotting.spotter.distance
    excess = distance - d.beyond_in
    if rulings["range.increment_rounding"] == "started":
        steps = -((-excess) // d.per_in)
    else:
        steps = excess // d.per_in
    value = d.drm * steps * (excess > 0)
    return int(value) if isinstance(value, float | int | bool) else value


def spotter_part(s: Spotter, night: bool, t: Tables) -> int:
    return sum(m.value for m in spotter_modifiers(s, night, t))


def target_part(x: Spotted, t: Tables, rulings: Rulings) -> int:
    return sum(m.value for m in target_modifiers(x, t, rulings))


def pair_part(s: Spotter, x: Spotted, t: Tables) -> int:
    return sum(m.value for m in pair_modifiers(s, x, t))


def _house_roll(total: int, dice: Dice | None, rulings: Rulings, t: Tables,
                notes: list[str]) -> tuple[list[Roll], int | None]:
    """The house rule's die roll, 5 off, added to the total (ruling spotting.die_roll): its rolls
    and the modified total; none under the rules as written."""
    if rulings["spotting.die_roll"] != "die_roll" or dice is None:
        return [], None
    rec = RecordingDice(dice)
    roll = crt.roll(rec, t, rulings, "spotting roll (house rule)")
    notes.append(f"house rule: die roll {roll} - 5 added (ruling spotting.die_roll)")
    return rec.rolls, total + roll - 5


def spot(
    spotter: Spotter,
    target: Spotted,
    distance: float,
    rulings: Rulings,
    *,
    night: bool = False,
    dice: Dice | None = None,
) -> Resolution:
    """Is ``target`` spotted by ``spotter`` at ``distance`` inches? (MOVEMENT > Spotting)

    Outcome: ``spotted`` (bool), ``total``, and ``kept`` when the 4-inch rule keeps a stand
    spotted whatever the total. ``dice`` is used only under ``spotting.die_roll=die_roll``.
    """
    t = tables()
    src = _src(t)
    mods = spotter_modifiers(spotter, night, t) + target_modifiers(target, t, rulings)
    d = t.spotting.spotter.distance
    steps = distance_part(distance, t, rulings)
    mods += mod("distance", steps, src, f'{distance:g}": -1 per 2" beyond {d.beyond_in:g}"')
    mods += pair_modifiers(spotter, target, t)
    total = sum(m.value for m in mods)
    notes: list[str] = []
    rolls, modified = _house_roll(total, dice, rulings, t, notes)
    score = total if modified is None else modified
    spotted = score > t.spotting.spotted_if_total_greater_than
    kept = bool(
        target.spotted_before
        and target.moved_since_spotted is not None
        and target.moved_since_spotted < t.spotting.stays_spotted_within_in
    )
    if kept and not spotted:
        notes.append(
            f'stays spotted: moved {target.moved_since_spotted:g}" (< 4") '
            f"since it was spotted ({src})"
        )
    if night and not any(m.name == "night" for m in mods):
        notes.append(f"night: a thermal imager spots as by day ({src})")
    refused = recon_refused(spotter, t)
    if refused:
        notes.insert(0, refused)
    result = spotted or kept
    return Resolution(
        ruleset=RULESET,
        procedure="spot",
        outcome={"spotted": result, "total": total, "kept": kept and not spotted},
        summary=("spotted" if result else "not spotted")
        + f" (total {score:+d}; spotted if more than 0)",
        modifiers=mods,
        rolls=rolls,
        modified_roll=modified,
        rulings=rulings.differences(),
        notes=notes,
    )
