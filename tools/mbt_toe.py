"""Transcribe the MBT rulebook's TO&E section into ``rulesets/mbt/toe/<nation>.yaml``.

The TO&E text as printed (misprints included) is kept in ``tests/rules/mbt/fixtures/
toe_printed.txt``; this script reads it once and writes one data file per nation. Each
organisation keeps what the text prints (unit counts, names, bracketed equipment, card ids and
point values); where the text is plainly wrong a correction sits beside the printed value with
the reason (``printed_card``, ``printed_points``), and those corrections are listed here, in
``CORRECTIONS``, so a reviewer sees every one.

Run it from the repository root::

    python tools/mbt_toe.py

The transcription test reads the printed text with its own, simpler parser and checks that
every organisation and variant is in the data with the same units and points.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "tests" / "rules" / "mbt" / "fixtures" / "toe_printed.txt"
OUT = ROOT / "rulesets" / "mbt" / "toe"
sys.path.insert(0, str(ROOT / "tools"))

from mbt_data import _flow, _scalar  # noqa: E402  (the same small YAML writer as the charts and cards)

NATIONS = {
    "United States of America TO & E": ("USA", "usa"),
    "Federal Republic of Germany TO & E": ("FRG", "frg"),
    "Union of Soviet Socialist Republics TO & E": ("USSR", "ussr"),
}
SECTIONS = {"1.": "units", "2.": "basic", "3.": "attached", "4.": "larger"}
PART = {"units": 1, "basic": 2, "attached": 3, "larger": 4}

CARD = r"[A-Z]{2,4}[- ]\d+[A-Z]?(?:/\d)?"
UNIT = re.compile(rf"(?:(\d+) x )?((?:(?!\. |, ).)+?)(?: \[([^\]]*)\])? \(({CARD})\)")
DOCTRINE = r"No [Dd]octrine|With [Dd]octrine|With vehicle doctrine|With vehicle & SPG-9 doctrine"
POINTS = re.compile(
    rf"(?:({DOCTRINE}): )?(\d+(?:\(\d+\))?)Cr(?:-(\S+?)(A?v)-(\d+(?:\(\d+\))?)Pr)?\.(?: ({DOCTRINE})\.)?"
)
AV_ONLY = re.compile(rf"(\d+)Av\.(?: ({DOCTRINE})\.)?")
LABEL = re.compile(r"([a-z]{1,3})(?: \((Mounted|Dismounted)\))?\. ")

# Misprints of the text, each corrected in the data beside the printed value. Keys: (nation,
# organisation, variant or "", unit name as printed) for a card id; (nation, organisation,
# variant) for points.
CARD_FIXES: dict[tuple[str, str, str, str], tuple[str, str]] = {
    ("USA", "Armored Platoon", "*", "M1A1"): (
        "USA-1B", "the M1A1 is card USA-1B (TO&E 1); USA-2B is the US artillery card"),
    ("USA", "Scout Section", "h", "M3A2"): ("USA-2A/4", "the M3A2 is card USA-2A/4 (TO&E 1); USA-2A/2 is the M3A1"),
    ("USA", "Aero Infantry Platoon", "*", "UH-1H"): ("USA-6B/2", "US cards are USA-..., as everywhere else"),
    ("USA", "Aero Infantry Platoon", "*", "UH-60A"): ("USA-6B/3", "US cards are USA-..., as everywhere else"),
}
POINT_FIXES: dict[tuple[str, str, str], tuple[dict[str, int], str]] = {
    ("USSR", "Airborne Platoon", "a"): (
        {"cr": 271, "av": 226, "pr": 180},
        "Av printed 2326v: 226 fits Cr 271 = 1.2 x 226 and Pr 180 = 0.8 x 226",
    ),
    ("USSR", "Gunship Section", "b"): (
        {"cr": 821, "av": 684, "pr": 547},
        "Pr printed 54, a digit lost: 0.8 x 684 = 547",
    ),
}


def points(cr: str, av: str | None, pr: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, text in (("cr", cr), ("av", av), ("pr", pr)):
        if text is None:
            continue
        m = re.fullmatch(r"(\d+)(?:\((\d+)\))?", text)
        if m is None:
            out[key] = None  # a misprint: corrected by POINT_FIXES
            continue
        out[key] = int(m.group(1))
        if m.group(2):
            out.setdefault("with_doctrine", {})[key] = int(m.group(2))
    return out


def doctrine_word(text: str | None) -> str | None:
    if text is None:
        return None
    t = text.lower()
    if "spg-9" in t:
        return "vehicle_and_spg9"
    return "vehicle" if "vehicle" in t else "none" if t.startswith("no") else "with"


def unit_entry(nation: str, org: str, variant: str, m: re.Match[str]) -> dict[str, Any]:
    n, name, bracket, card = int(m.group(1) or 1), m.group(2), m.group(3), m.group(4)
    e: dict[str, Any] = {"count": n, "unit": name}
    if m.group(1) is None:
        e["count_printed"] = False  # the text leaves out "1 x"
    if bracket is not None:
        e["equipment"] = bracket
    e["card"] = card
    fix = CARD_FIXES.get((nation, org, variant, name)) or CARD_FIXES.get((nation, org, "*", name))
    if fix is not None and fix[0] != card:
        e["card"] = fix[0]
        e["printed_card"] = card
        e["correction"] = fix[1]
    elif " " in card:
        e["card"] = card.replace(" ", "-")
        e["printed_card"] = card
    return e


def parse_variants(nation: str, org: str, body: str) -> list[dict[str, Any]]:
    """The variants of one basic organisation: label, units, point values, doctrine."""
    variants: list[dict[str, Any]] = []
    cur: dict[str, Any] | None = None
    pos = 0
    while pos < len(body):
        if body[pos] == " ":
            pos += 1
            continue
        if (m := LABEL.match(body, pos)) and (cur is None or cur.get("points")):
            cur = {"id": m.group(1)}
            if m.group(2):
                cur["mounted"] = m.group(2) == "Mounted"
            variants.append(cur)
            pos = m.end()
            continue
        if cur is None:
            cur = {"id": ""}
            variants.append(cur)
        if body.startswith("or ", pos):
            pos += 3
            continue
        if m := POINTS.match(body, pos):
            av = m.group(3) if m.group(4) in (None, "Av") else m.group(3) + m.group(4)
            pts = points(m.group(2), av, m.group(5))
            doc = doctrine_word(m.group(1) or m.group(6))
            if doc is not None:
                pts["doctrine"] = doc
            printed = m.group(0).rstrip(".")
            if None in pts.values() or (nation, org, cur["id"]) in POINT_FIXES:
                fix, why = POINT_FIXES[(nation, org, cur["id"])]
                pts |= fix
                pts["printed"] = printed
                pts["correction"] = why
            cur.setdefault("points", []).append(pts)
            pos = m.end()
            continue
        if m := AV_ONLY.match(body, pos):
            pts = {"av": int(m.group(1))}
            doc = doctrine_word(m.group(2))
            if doc is not None:
                pts["doctrine"] = doc
            cur.setdefault("points", []).append(pts)
            pos = m.end()
            continue
        if m := UNIT.match(body, pos):
            cur.setdefault("units", []).append(unit_entry(nation, org, cur["id"], m))
            pos = m.end()
            if body[pos:pos + 1] in (",", "."):
                pos += 1
            continue
        raise SystemExit(f"{nation} {org}: cannot read {body[pos:pos + 80]!r}")
    for v in variants:
        if not v.get("units") or not v.get("points"):
            raise SystemExit(f"{nation} {org} {v['id']}: a variant without units or points")
    return variants


def split_name(line: str) -> tuple[str, str]:
    """``"Name: body"``: the name ends at the first ': ' (names never hold one)."""
    name, _, body = line.partition(": ")
    return name.strip(), body.strip()


def officers(body: str) -> tuple[str, str]:
    """The leading sentences saying where the officers are (``The CO is ...``) or what all
    units share (``All units use ...``)."""
    said = []
    while body.startswith(("The ", "All units")):
        end = body.index(". ") + 1
        said.append(body[:end])
        body = body[end:].lstrip()
    return " ".join(said), body


def larger(nation: str, name: str, body: str) -> dict[str, Any]:
    note, body = officers(body)
    ref = name.endswith(" *")
    name = name.removesuffix(" *")
    parts = []
    for item in body.rstrip(".").split(", "):
        m = re.fullmatch(r"(?:(\d+) x )?(.+?)(?: \((see|mounted or dismounted|Dismounted or Mounted|"
                         r"for Tank or Motorized Rifle Regiments)\))?", item)
        assert m is not None, item
        part: dict[str, Any] = {"count": int(m.group(1) or 1), "org": m.group(2)}
        if m.group(3):
            part["printed_note"] = m.group(3)
        parts.append(part)
    out: dict[str, Any] = {"name": name}
    if ref:
        out["reference_only"] = True
    if note:
        out["note"] = note
    out["composition"] = parts
    return out


# Parts of larger organisations the text names loosely: the basic organisations they mean.
PART_NAMES = {
    ("FRG", "Jagdpanzer (Gun) Platoons"): ["Jagdpanzer Gun Platoon"],
    ("USSR", "Airborne Engineer Platoons"): ["Airborne Engineer Platoon (Mounted)",
                                             "Airborne Engineer or Engineer Platoon (Dismounted)"],
    ("USSR", "Engineer Platoons"): ["Engineer Platoon (Mounted)", "Airborne Engineer or Engineer Platoon (Dismounted)"],
    ("USSR", "Tank Platoons"): ["Tank Platoon (Tank Regiment)", "Tank Platoon (Motorized Rifle Regiment)"],
}


def resolve_parts(nation: str, orgs: list[dict[str, Any]]) -> None:
    """Name the organisation(s) each part of a larger organisation means (``of``)."""
    names = {o["name"].lower(): o["name"] for o in orgs}
    for o in orgs:
        for p in o.get("composition", []):
            if (nation, p["org"]) in PART_NAMES:
                p["of"] = PART_NAMES[(nation, p["org"])]
                continue
            want = p["org"].lower()
            for stem in (want, want.removesuffix("s"), want.replace("companies", "company"),
                         want.replace("batteries", "battery"), re.sub(r"s \(", " (", want),
                         re.sub(r"s\b", "", want, count=1)):
                if stem in names:
                    p["of"] = [names[stem]]
                    break
            else:
                raise SystemExit(f"{nation} {o['name']}: which organisation is {p['org']!r}?")


def transcribe() -> dict[str, dict[str, Any]]:
    lines = [x for x in SOURCE.read_text(encoding="utf-8").splitlines() if x and not x.startswith("#")]
    books: dict[str, dict[str, Any]] = {}
    nation = key = section = ""
    for line in lines:
        if line in NATIONS:
            nation, key = NATIONS[line]
            books[key] = {"nation": nation, "source": f"TO&E, {line.removesuffix(' TO & E')}",
                          "units": [], "organizations": []}
            continue
        head = line[:2]
        if head in SECTIONS and line[2] == " ":
            section = SECTIONS[head]
            continue
        book = books[key]
        if section == "units":
            for m in re.finditer(rf"1 x (.+?)(?: \[([^\]]*)\])? \(({CARD})\) (\S+)Cr-(\S+)Av-(\S+)Pr\.", line):
                e: dict[str, Any] = {"unit": m.group(1)}
                if m.group(2):
                    e["equipment"] = m.group(2)
                e["card"] = m.group(3)
                e["points"] = points(m.group(4), m.group(5), m.group(6))
                book["units"].append(e)
            continue
        name, body = split_name(line)
        src = f"TO&E {nation} {PART[section]}"
        if section == "larger":
            org = larger(nation, name, body)
        else:
            note, rest = officers(body)
            org = {"name": name}
            if note:
                org["officers"] = note
            org["variants"] = parse_variants(nation, name, rest)
        org = {"name": org.pop("name"), "kind": section, "src": src, **org}
        book["organizations"].append(org)
    for book in books.values():
        resolve_parts(book["nation"], book["organizations"])
    return books


HEADER = """TO&E of the {nation} as the MBT rulebook prints it (TO&E section), transcribed by
tools/mbt_toe.py. Every value is the rulebook's (src names the TO&E part); a misprint keeps the
printed value beside the correction (printed_card, printed, correction).
units: 1. Individual Ground Unit Point Values (Cr / Av / Pr; with_doctrine: the values in
parentheses, a unit added to a doctrine organisation).
organizations: kind basic (2. Basic Organizations), attached (3. Frequently Attached Units) or
larger (4. Larger Organizations; reference_only: marked with an asterisk). A variant's points
list one line per doctrine reading the text gives (none, with, vehicle)."""


def emit(book: dict[str, Any]) -> str:
    """The book as YAML: one line per unit, per point line and per composition part."""
    out = [f"nation: {book['nation']}", f"source: {_scalar(book['source'])}", "units:"]
    out += [f"  - {_flow(u)}" for u in book["units"]]
    out.append("organizations:")
    for org in book["organizations"]:
        out.append(f"  - name: {_scalar(org['name'])}")
        for k in ("kind", "src", "reference_only", "officers", "note"):
            if k in org:
                out.append(f"    {k}: {_scalar(org[k])}")
        if "composition" in org:
            out.append("    composition:")
            out += [f"      - {_flow(p)}" for p in org["composition"]]
        for v in org.get("variants", []):
            if v is org["variants"][0]:
                out.append("    variants:")
            out.append(f"      - id: {_scalar(v['id'])}")
            if "mounted" in v:
                out.append(f"        mounted: {_scalar(v['mounted'])}")
            out.append("        units:")
            out += [f"          - {_flow(u)}" for u in v["units"]]
            out.append("        points:")
            out += [f"          - {_flow(p)}" for p in v["points"]]
    return "\n".join(out) + "\n"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for key, book in transcribe().items():
        path = OUT / f"{key}.yaml"
        comment = "".join(f"# {x}\n" for x in HEADER.format(nation=book["nation"]).splitlines())
        path.write_text(comment + emit(book), encoding="utf-8")
        n_org = len(book["organizations"])
        n_var = sum(len(o.get("variants", [])) for o in book["organizations"])
        print(f"{path.relative_to(ROOT)}: {len(book['units'])} units, {n_org} organisations, {n_var} variants")


if __name__ == "__main__":
    main()
