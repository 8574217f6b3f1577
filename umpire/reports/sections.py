"""The parts every rendering of a report shares, as plain strings: the line under the title,
the rows of the unit tables, the losses and the explanation of a line (terminal, Markdown and PDF
lay them out each their own way)."""

from __future__ import annotations

from collections.abc import Sequence

from umpire.registry import telling
from umpire.reports.explain import Shown
from umpire.reports.views import TurnReport, UnitView
from umpire.reports.words import altitude_words, at, inches, num, phase_name, status_words

OWN_STATUS = {"ok": "ok"}
OWN_HEAD = ("unit", "name", "type", "at / facing", "status", "hits", "orders")
ENEMY_HEAD = ("unit", "name", "type", "last seen", "at", "status")
LOSS_HEAD = ("turn", "unit", "what became of it")


def game_line(r: TurnReport) -> str:
    bits = [r.ruleset, f"now turn {r.turn}, {phase_name(r.ruleset, r.phase)}",
            f"table {inches(r.table[0])} x {inches(r.table[1])}"]
    if r.rulings:
        bits.append("rulings: " + ", ".join(f"{k} = {v}" for k, v in r.rulings))
    return " · ".join(bits)


def knows_line(r: TurnReport) -> str:
    """What a briefing holds, said once at its top."""
    if r.viewer is None:
        return ("Every fact with its modifiers, dice and table cells. Positions are in inches from the "
                "near-left corner of the table.")

    what = telling(r.ruleset).seen_how
    return (f"Your units in full; enemy units only where {r.seers} {what}, as you knew them at the time. "
            "Positions are in inches from the near-left corner of the table.")


def heading(turn: int | None, name: str) -> str:
    return f"Turn {turn} · {name}" if turn is not None else name


def position(u: UnitView) -> str:
    if not u.placed:
        return "off table"
    where = at((u.x, u.y))
    where = where if u.facing is None else f"{where} {num(round(u.facing))}°"
    return f"{where} {altitude_words(u.altitude)}" if u.altitude else where


def own_rows(r: TurnReport, side: str) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for _f, _d, units in r.by_formation(side):
        for u in units:
            out.append((u.id, u.name, u.label, position(u), OWN_STATUS.get(u.status or "", None)
                        or status_words(u.status, u.lost_as),
                        str(u.hits if u.hits is not None else "-"), u.orders or "-"))
    return out


def enemy_rows(r: TurnReport, side: str) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for u in r.units_of(side):
        seen = "now" if u.now and not u.dead else (f"turn {u.seen_turn}" if u.seen_turn else "-")
        status = status_words(u.status, u.lost_as) if u.status else "-"
        out.append((u.id, u.name, u.label or "-", seen, position(u), status))
    return out


def side_losses(r: TurnReport, side: str) -> list[tuple[str, ...]]:
    return [(str(x.turn or "-"), x.text, status_words(x.status, x.how)) for x in r.losses if x.side == side]


def dice_line(w: Shown) -> str:
    """The dice, the modified roll and the table cell in one line."""
    bits = []
    if w.dice:
        bits.append("dice " + "; ".join(w.dice))
    if w.modified_roll is not None:
        bits.append(f"modified roll {w.modified_roll}")
    if w.cell:
        bits.append(w.cell)
    if w.withheld and bits:
        bits.append(w.withheld)
    return "; ".join(bits)


def extra_lines(w: Shown) -> list[str]:
    out = list(w.notes)
    if w.estimated:
        out.append("estimated data values used: " + ", ".join(w.estimated))
    out.extend(w.rulings)
    return out


def enemy_sides(r: TurnReport) -> Sequence[str]:
    return [s.id for s in r.sides if r.viewer is not None and s.id != r.viewer]
