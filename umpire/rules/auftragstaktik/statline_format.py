"""Write a unit's stat line in the rules' notation (UNITS): the inverse of statline.parse_statline."""

from __future__ import annotations

from umpire.rules.auftragstaktik.ratings import (
    Unit,
)


def _fmt_num(v: float | int | None) -> str:
    if v is None:
        return ""
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def _par(*grades: str | None) -> str:
    if all(g is None for g in grades):
        return ""
    return "(" + "/".join(g or "-" for g in grades) + ")"


def format_statline(unit: Unit) -> str:
    """Write ``unit`` in the rules' notation; :func:`parse_statline` reads it back unchanged."""
    p = unit.protection
    prot = f"{p.value}{p.marks()}" + (f"/{p.second}" if p.second is not None else "")
    if p.unarmored:
        prot = "{" + prot + "}"
    move = (
        "H" if unit.move is None else f"{unit.move}{'' if unit.mobility == 'f' else unit.mobility}"
    )
    return " | ".join(
        [
            " or ".join(unit.sizes),
            move,
            prot,
            " ".join(_at_ratings(unit)) or "--",
            " ".join(_ap_ratings(unit)) or "--",
            _indirect_rating(unit),
            " ".join(_specials(unit)) or "--",
        ]
    )


def _at_ratings(unit: Unit) -> list[str]:
    """The AT column: gun, missile, close-combat AT."""
    at = []
    if unit.gun:
        g = unit.gun
        rng = f" [{_fmt_num(g.range)}]" if g.range is not None else ""
        at.append(f"G{_par(g.fire_control, g.stabilization)}: {g.value}{'*' * g.heat}{rng}")
    if unit.missile:
        m = unit.missile
        par = _par(m.guidance)
        if m.gen is not None:
            par = f"({m.guidance or '-'},{m.gen})"
        rng = f" [{_fmt_num(m.range)}]" if m.range is not None else ""
        at.append(f"M{par}: {m.value}{'*' * m.heat}{'^' if m.top_attack else ''}{rng}")
    if unit.at_cc is not None:
        at.append(f"CC: {unit.at_cc}")
    return at


def _ap_ratings(unit: Unit) -> list[str]:
    """The AP column: HE, HW, SA."""
    ap = []
    if unit.he:
        fc = _par(unit.he.fire_control, unit.he.stabilization)
        ap.append(f"HE{' ' + fc if fc else ''}: {unit.he.weight}")
    if unit.hw:
        size = f" ({unit.hw.size})" if unit.hw.size else ""
        rng = f" [{_fmt_num(unit.hw.range)}]" if unit.hw.range is not None else ""
        ap.append(f"HW{size}: {unit.hw.value}{rng}")
    if unit.sa:
        ap.append(f"SA: {unit.sa.ranged}" + (f"/{unit.sa.cc}" if unit.sa.cc is not None else ""))
    return ap


def _indirect_rating(unit: Unit) -> str:
    """The indirect column: an aircraft's DRM, or weight, burst, MRL and ranges; ``--`` for none."""
    if not unit.indirect:
        return "--"
    i = unit.indirect
    if i.aircraft_drm is not None:
        return f"{i.aircraft_drm:+d}"
    ind = (i.weight or "") + ("b" if i.burst else "")
    if i.mrl is not None:
        ind += f" ({i.mrl})"
    if i.range is not None:
        ext = f"/{_fmt_num(i.extended_range)}" if i.extended_range is not None else ""
        ind += f" [{_fmt_num(i.range)}{ext}]"
    return ind


def _specials(unit: Unit) -> list[str]:
    """The special column: the codes, then the air defence rating."""
    special = list(unit.special)
    if unit.air_defense:
        a = unit.air_defense
        rng = f" [{_fmt_num(a.range)}]" if a.range is not None else ""
        special.append(f"AD({a.type}{'/' + a.guidance if a.guidance else ''}): {a.value}{rng}")
    return special
