"""The TO&E data against the rulebook's TO&E text: every organisation and variant, its units and
its points, read from the printed text by a parser of its own (not the transcription tool's)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from umpire.errors import UmpireError
from umpire.rules.mbt import toe

TEXT = Path(__file__).parent / "fixtures" / "toe_printed.txt"
NATION = {"United States of America": "USA", "Federal Republic of Germany": "FRG",
          "Union of Soviet Socialist Republics": "USSR"}
# A point statement ends a variant: "655Cr-546Av-437Pr.", "221Cr.", "500Av." (with its doctrine
# words before or after); misprints are caught too ("2326v").
POINT = re.compile(r"(\d[\d()]*Cr(?:-\S+?-\S+?Pr)?|\d+Av)\.")
UNIT = re.compile(r"(?:^|, )(?:(\d+) x )?((?:[^,\[]|\[[^\]]*\])+?) \(([A-Z]{2,4}[- ][0-9A-Z/]+)\)")


LARGER: dict[tuple[str, str], str] = {}


def printed_text() -> dict[str, dict[str, list[tuple[list[tuple[int, str, str]], list[str]]]]]:
    """nation -> organisation -> [(units as (count, name [equipment], card), point strings)]."""
    out: dict[str, dict[str, list[tuple[list[tuple[int, str, str]], list[str]]]]] = {}
    nation, part = "", ""
    for line in TEXT.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        if line.endswith(" TO & E"):
            nation = NATION[line[: -len(" TO & E")]]
            out[nation] = {}
            continue
        if re.match(r"[1-4]\. ", line):
            part = line[0]
            continue
        if part == "1":
            continue
        name, body = line.split(": ", 1)
        name = name.removesuffix(" *")
        if part == "4":
            out[nation][name] = []
            LARGER[(nation, name)] = body
            continue
        variants: list[tuple[list[tuple[int, str, str]], list[str]]] = []
        pieces = POINT.split(body)
        # pieces: text, points, text, points, ..., tail
        for text, pts in zip(pieces[0::2], pieces[1::2], strict=False):
            text = re.sub(r"^.*?(?:\. |^)(?=(?:[a-z]{1,3}(?: \(\w+\))?\. )?\d+ x |[A-Z][^.]* \()", "", text, count=1)
            text = re.sub(r"^[a-z]{1,3}(?: \((?:Mounted|Dismounted)\))?\. ", "", text.strip())
            found = [(int(c or 1), u.strip(), card) for c, u, card in UNIT.findall(text)]
            if found:
                variants.append((found, [pts]))
            else:  # "or 40Cr-33Av-26Pr. With doctrine.": another reading of the same variant
                variants[-1][1].append(pts)
        out[nation][name] = variants
    return out


TEXTS = printed_text()


def data_points(p: toe.Points) -> str:
    if p.printed is not None:
        return re.search(r"\d[\d()]*Cr(?:-\S+?-\S+?Pr)?", p.printed).group(0)  # type: ignore[union-attr]
    if p.av is None:
        return f"{p.cr}Cr"
    if p.cr is None:
        return f"{p.av}Av"
    wd = p.with_doctrine
    if wd is not None:
        return f"{p.cr}({wd.cr})Cr-{p.av}({wd.av})Av-{p.pr}({wd.pr})Pr"
    return f"{p.cr}Cr-{p.av}Av-{p.pr}Pr"


def test_counts_agree() -> None:
    """As many organisations and variants in the data as in the text, nation by nation."""
    for b in toe.books():
        text = TEXTS[b.nation]
        assert sorted(text) == sorted(o.name for o in b.organizations), b.nation
        assert sum(len(v) for v in text.values()) == sum(len(o.variants) for o in b.organizations)
    total_orgs = sum(len(t) for t in TEXTS.values())
    total_variants = sum(len(v) for t in TEXTS.values() for v in t.values())
    assert (total_orgs, total_variants) == (147, 476)


@pytest.mark.parametrize("nation", toe.NATIONS)
def test_every_variant_has_the_printed_units_and_points(nation: str) -> None:
    for org in toe.book(nation).organizations:
        printed = TEXTS[nation][org.name]
        assert len(printed) == len(org.variants), org.name
        for v, (units, pts) in zip(org.variants, printed, strict=True):
            got = [(u.count, u.label, u.printed_card or u.card) for u in v.units]
            assert got == units, (org.name, v.id)
            assert [data_points(p) for p in v.points] == pts, (org.name, v.id)


def test_larger_organisations_name_basic_ones() -> None:
    """Each part of a larger organisation is the printed name, and means organisations of the
    same TO&E (checked on load); the data keeps every part the text lists."""
    for b in toe.books():
        for o in b.organizations:
            if o.kind == "larger":
                body = re.sub(r"^All units use the same [^.]*\. ", "", LARGER[(b.nation, o.name)]).rstrip(".")
                printed = [re.sub(r" \((?:see|mounted or dismounted|Dismounted or Mounted|for Tank or Motorized "
                                  r"Rifle Regiments)\)$", "", re.sub(r"^\d+ x ", "", x)) for x in body.split(", ")]
                assert [p.org for p in o.composition] == printed, o.name


def test_individual_values_match_the_text() -> None:
    text = TEXT.read_text(encoding="utf-8")
    for b in toe.books():
        for u in b.units:
            assert f"1 x {u.unit}" in text and data_points(u.points) in text, u


def test_a_scenario_names_an_organisation_and_variant() -> None:
    nation, org = toe.find("US Armored Cavalry Platoon")
    v = toe.variant(org, "d")
    units = [(m.card, m.unit) for m in toe.models(org, v, "crack")]
    assert nation == "USA" and len(units) == 10
    assert units[:4] == [("USA-3A/1", "M60A3")] * 4 and ("USA-2A/2", "M3A1") in units
    assert toe.points(org, v, "crack") == 792


def test_doctrine_and_grades() -> None:
    _, org = toe.find("Soviet Truck Section")
    v = toe.variant(org, "b")
    assert toe.points(org, v, "average", "none") == 42 and toe.points(org, v, "average", "with") == 32
    ms = toe.models(org, v, "poor", "with")
    assert len(ms) == 2 and all(m.doctrine for m in ms)
    _, sf = toe.find("US Special Forces Detachment")
    with pytest.raises(UmpireError, match="no average point value"):
        toe.points(sf, toe.variant(sf, "a"), "average")


def test_bad_names_are_one_clear_error() -> None:
    _, org = toe.find("US Armored Cavalry Platoon")
    with pytest.raises(UmpireError, match=r"variant 'zzz' of 'Armored Cavalry Platoon' does not exist \(allowed: a, b"):
        toe.variant(org, "zzz")
    with pytest.raises(UmpireError, match="did you mean 'Armored Cavalry Platoon'"):
        toe.find("US Armoured Cavalry Platoon")
    with pytest.raises(UmpireError, match="name the nation"):
        toe.find("Truck Section")


def test_misprints_are_corrected_beside_the_printed_value() -> None:
    corrected = [(b.nation, o.name, v.id) for b in toe.books() for o in b.organizations for v in o.variants
                 if any(p.printed for p in v.points) or any(u.printed_card for u in v.units)]
    assert ("USA", "Armored Platoon", "c") in corrected  # M1A1 printed as USA-2B
    assert ("USSR", "Airborne Platoon", "a") in corrected  # Av printed 2326v


def test_a_unit_has_one_card() -> None:
    """A vehicle in an organisation has the card the individual values give it (TO&E 1)."""
    for b in toe.books():
        cards = {u.unit: u.card for u in b.units}
        for o in b.organizations:
            for v in o.variants:
                for u in v.units:
                    assert cards.get(u.unit, u.card) == u.card, (b.nation, o.name, v.id, u.unit)


def test_every_card_the_toe_uses_is_bundled() -> None:
    """A data card for every card id of the TO&E (and the ruleset lists each of them)."""
    from umpire.rules.mbt import cards, data

    assert set(toe.card_ids()) <= set(data.card_ids())
    assert data.info().cards == data.card_ids()
    kinds = {i: cards.any_card(i).kind for i in toe.card_ids()}
    assert kinds["USA-7B"] == "leg" and kinds["USSR-9A/2"] == "towed" and kinds["USSR-12A"] == "artillery"
    assert kinds["USA-6A/2"] == "helicopter" and kinds["USSR-2B/2"] == "vehicle"
