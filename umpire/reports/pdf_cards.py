"""MBT data cards on the roster, in the card's own layout: what it is (crew, size, point
values), its armour by facing (KE and CE, level, straight and oblique), each weapon with its
sights, stabilisation, rate of fire and turret, and each ammunition's to-hit and penetration by
range band, its speeds and movement costs. A value umpire estimated is marked ``*`` (the
estimation model is in ``rulesets/mbt/README.md``); every other value is the rulebook's, worked
from it, or typed in from the official card."""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from umpire.registry import game_rules
from umpire.reports.pdf_page import Styles, esc

MARK = "*"
FACINGS = ("TF", "TS", "TR", "HF", "HS", "HR")  # turret and hull: front, side, rear


def _v(val: Any) -> str:
    """A card value as printed, ``*`` after an estimated one (a missing cell is blank)."""
    if val is None:
        return ""
    v = getattr(val, "v", val)
    text = "" if v is None else str(v)
    return text + (MARK if getattr(val, "estimated", False) and text else "")


def _table(s: Styles, rows: list[list[str]], widths: list[float]) -> Flowable:
    cells = [[Paragraph(esc(c), s.cell_small) for c in r] for r in rows]
    return s.table(cells, widths, font_size=s.p.sizes.small)


def _weapons(s: Styles, card: Any, width: float) -> list[Flowable]:
    bands = [str(b.v) for b in card.range_bands]  # the bands' reach in hexes (9.0, 23.3.2)
    out: list[Flowable] = []
    for w in getattr(card, "weapons", []) or []:
        bits = [f"sights {_v(w.sights)}", f"ROF {_v(w.max_rof)}", f"TRN {_v(w.trn)}",
                f"dep/el {_v(w.dep_el)}", f"ammo {_v(w.tot_ammo)}"]
        if w.stab is not None:
            bits.insert(0, f"stab {_v(w.stab)}")
        if w.class_ is not None:
            bits.append(f"class {_v(w.class_)}")
        out.append(Paragraph(f"<b>{esc(w.name)}</b> · {esc(' · '.join(bits))}", s.cell_small))
        rows = [["ammunition", "range", *bands]]
        for a in w.ammo:
            rng = f"{_v(a.min_range)}-{_v(a.max_range)}"
            if a.type == "GP":
                gp = a.name if a.name == "GP" else f"{a.name} (GP)"
                rows.append([f"{gp} hit not moving", rng, *(_v(x) for x in a.gp_nm or [])])
                rows.append([f"{gp} hit moving", "", *(_v(x) for x in a.gp_mv or [])])
            else:
                rows.append([f"{a.name} ({a.type}) to hit", rng, *(_v(x) for x in a.ap or [])])
                rows.append([f"{a.name} ({a.type}) penetration", "", *(_v(x) for x in a.pv or [])])
        lead = width * 0.24
        rest = (width - lead - width * 0.07) / max(1, len(bands))
        out.append(_table(s, rows, [lead, width * 0.07, *[rest] * len(bands)]))
        out.append(Spacer(1, 3))
    return out


def _armour(s: Styles, card: Any, width: float) -> list[Flowable]:
    rows = [["armour (level)", *FACINGS, "above"]]
    for kind in ("KE", "CE"):
        sec = card.armor.get(kind)
        if sec is None:
            continue
        for angle in ("straight", "oblique"):
            group = sec.level.get(angle, {})
            above = ", ".join(f"{k} {_v(v)}" for k, v in sec.above.items()) if angle == "straight" else ""
            rows.append([f"{kind} {angle}", *(_v(group.get(f)) for f in FACINGS), above])
    first = width * 0.2
    return [_table(s, rows, [first, *[(width - first - width * 0.16) / 6] * 6, width * 0.16])]


def card_block(s: Styles, card: Any, width: float, types: set[str] | None = None) -> list[Flowable]:
    """One card's block (vehicle, leg or towed; of a leg card the ``types`` the roster's units
    are, each with its small arms)."""
    head = [f"{card.card}: {card.name}", card.nation]
    if getattr(card, "crew", None) is not None:
        head.append(f"crew {_v(card.crew)}")
    if card.kind == "vehicle":
        head += ["tracked" if card.tracked else "wheeled", f"size {_v(card.target.size)}",
                 f"GP defence {_v(card.target.gp_defense)}", f"points {_v(card.point_values)}"]
    out: list[Flowable] = [Paragraph(f"<b>{esc(head[0])}</b> · {esc(' · '.join(head[1:]))}", s.body)]
    if card.facts:
        out.append(Paragraph(esc(card.facts), s.muted_small))
    if card.kind == "vehicle":
        out += _armour(s, card, width)
        sp = card.speeds
        out.append(Paragraph(esc(
            f"speed {_v(sp.normal)} (snow {_v(sp.snow)}, mud {_v(sp.mud)}; road {_v(sp.road)}, path {_v(sp.path)}) · "
            f"turn costs {_v(card.turn_costs)} · terrain: "
            + ", ".join(f"{k.replace('_', ' ')} {_v(v)}" for k, v in card.movement_costs.terrain.items())),
            s.cell_small))
        out.append(Spacer(1, 2))
    if card.kind == "leg":
        chosen = [t for t in card.types if types is None or t.name in types]
        for t in chosen:
            out.append(Paragraph(esc(f"{t.name} ({t.leg.replace('_', ' ')}): speed {_v(t.speed)}, crew {_v(t.crew)}, "
                                      f"stacking {_v(t.stacking)}, load {_v(t.load)}, points {_v(t.points)}"),
                                 s.cell_small))
        weapons = [t.weapon for t in chosen] + [a.weapon for a in card.attached]
        card = _Weapons(card.range_bands, weapons)
    elif card.kind == "towed":
        out.append(Paragraph(esc(f"speed {_v(card.speed)} · size {card.unit_size} · stacking {_v(card.stacking)} · "
                                  f"load {_v(card.load)} · points {_v(card.points)}"), s.cell_small))
    out += _weapons(s, card, width)
    return [KeepTogether(out[:3]), *out[3:], Spacer(1, 6)]


class _Weapons:
    def __init__(self, bands: Any, weapons: list[Any]) -> None:
        self.range_bands, self.weapons = bands, weapons


def cards_section(s: Styles, ruleset: str, units: list[tuple[str, str | None]], width: float) -> list[Flowable]:
    """The data cards of ``units`` (``(card, type)`` each; every card once) as ``ruleset`` has
    them, under a heading, with what ``*`` means."""
    card = game_rules(ruleset).data_card

    out: list[Flowable] = [Paragraph("Data cards", s.h1), Paragraph(esc(
        f"Each card as the roster's units carry it. {MARK} marks a value umpire estimated (the model is in "
        "rulesets/mbt/README.md); the others are the rulebook's, worked out from it, or typed in from the official "
        "card. Ranges in hexes; to-hit and penetration by range band."), s.muted_small), Spacer(1, 4)]
    for cid in sorted({c for c, _t in units}):
        out += card_block(s, card(cid), width, {t for c, t in units if c == cid and t})
    return out


__all__ = ["MARK", "card_block", "cards_section"]
