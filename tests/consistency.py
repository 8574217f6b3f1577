"""A tracked resolution against the quick answer on the case it kept: ``umpire calc`` is run on
the resolution's ``case`` with its recorded dice, and the two are compared field for field (the
outcome, every modifier and shift with its rule, the column and table cell, the modified roll,
the dice, and the numbers the rules worked out on the way). Used by the scripted-game test and
the consistency properties."""

from __future__ import annotations

from typing import Any

from umpire.ask.calc import run_case

#: the numbers a procedure works out on the way, compared where the resolution has them
NUMBERS = ("hit_number", "net_modifier", "ap_factor", "gp_factor", "gp_defense", "n", "s", "attacker_wins_up_to",
           "ca_defense", "needs", "column_index", "differential", "net_drm", "net_shift", "total")
#: bookkeeping resolutions that are no rule's answer, and why
NOT_RULES = {
    "umpire note": "the umpire's notes of what a resolution did to a unit",
    "victory": "the scenario's victory points, summed",
    "initiative": "one die a side, highest first (11.1): no case to ask",
    "atgm_announcement": "a missile announced at a unit that is to move; its flight is resolved later",
}


def _mods(items: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(m["name"], m["value"], m["rule"]) for m in items]


def dice_of(result: dict[str, Any]) -> list[int]:
    return [v for r in result.get("rolls", []) for v in r["values"]]


def quick_answer(result: dict[str, Any]) -> dict[str, Any]:
    """``umpire calc`` on the case a tracked resolution kept, with its dice."""
    answer, _ = run_case(dict(result["case"]), rolls=dice_of(result) or None)
    return answer.to_json()


def sighting_differences(result: dict[str, Any]) -> list[str]:
    """A side's sightings: each unit seen through a sight line has the case of the pair that saw
    it best (``cases``); calc sees it there at the level the side got (13.1, 24.2.2). Units seen
    only with their carrier (15.3.3.3) and wrecks known from before have none."""
    out = []
    cases = result.get("cases") or {}
    for x in result.get("sighted", []):
        if x["unit"] not in cases:
            continue
        answer, _ = run_case(dict(cases[x["unit"]]))
        o = answer.to_json()["outcome"]
        if not o["seen"] or o["identification"] != x["level"]:
            out.append(f"{x['unit']}: tracked {x['level']}, calc {o}")
    return out


def differences(result: dict[str, Any]) -> list[str]:
    """Where the tracked resolution and the quick answer on its case disagree (empty: they agree)."""
    if result["procedure"] == "sighting":
        return sighting_differences(result)
    got = quick_answer(result)
    if result["procedure"] == "move":  # a move's cost (and an MBT move's allowance)
        if result["ruleset"] == "mbt":
            want = {"cost": round(got["outcome"]["spent"], 3), "allowance": round(got["outcome"]["allowance"], 3)}
            have = {k: result["outcome"][k] for k in want}
        else:
            want = {"allowance_used": got["outcome"]["cost"], "inches": got["outcome"]["inches"]}
            have = {k: result["outcome"][k] for k in want}
        return [] if have == want else [f"move: tracked {have}, calc {want}"]
    out = []
    for key in ("outcome", "column", "cell", "modified_roll"):
        if result.get(key) != got.get(key):
            out.append(f"{key}: tracked {result.get(key)!r}, calc {got.get(key)!r}")
    for key in ("modifiers", "shifts"):
        if _mods(result.get(key, [])) != _mods(got.get(key, [])):
            out.append(f"{key}: tracked {_mods(result.get(key, []))}, calc {_mods(got.get(key, []))}")
    if dice_of(result) != dice_of(got):
        out.append(f"dice: tracked {dice_of(result)}, calc {dice_of(got)}")
    for key in NUMBERS:
        if (key in result or key in got) and result.get(key) != got.get(key):
            out.append(f"{key}: tracked {result.get(key)!r}, calc {got.get(key)!r}")
    return out
