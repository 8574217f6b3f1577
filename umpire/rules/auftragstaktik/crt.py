"""The Combat Results Table: dice, column selection, shifts, clamping and cell lookup.

Rulings (all switchable): ``dice.method`` and ``dice.d10_zero`` (A01), ``crt.column_selection``
(A02), ``crt.shift_mechanics`` (A03), ``crt.clamp`` (A04), ``crt.cell_meaning`` (A05),
``crt.column_minus2_3`` (A06), ``crt.row4_blanks`` (A07), ``hq_roll.out_of_range`` (A08).

Order of operations (A03 default): the column found from the differential (or named by the
procedure), then the net column shift in whole columns, then the clamp to the table, then the
ATGM generation cap. Die-roll modifiers only ever move the row; rows clamp at "12 or more" and
"1 or less".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from umpire.core.dice import Dice
from umpire.core.resolution import Cell
from umpire.core.rulings import Rulings
from umpire.rules.auftragstaktik.combat_tables import CrtColumn, CrtRow
from umpire.rules.auftragstaktik.data import Tables

Header = Literal["AT", "AP"]


def die_bounds(t: Tables, rulings: Rulings) -> tuple[int, int]:
    """The lowest and highest natural roll under the dice method in force."""
    method = t.crt.dice.methods[rulings["dice.method"]]
    if method.count == 1 and method.sides == 10 and rulings["dice.d10_zero"] == "zero":
        return 0, 9
    return method.count - method.subtract, method.count * method.sides - method.subtract


def roll(dice: Dice, t: Tables, rulings: Rulings, why: str) -> int:
    """Roll the rules' die (1d10, or 2d6-2 by agreement) and return the natural result.

    With ``dice.d10_zero=zero`` the 10 face reads 0.
    """
    name = rulings["dice.method"]
    method = t.crt.dice.methods[name]
    values = dice.roll(method.sides, method.count, why=f"{why} ({name})")
    value = sum(values) - method.subtract
    if method.count == 1 and method.sides == 10 and rulings["dice.d10_zero"] == "zero":
        value %= 10
    return value


def column_of(differential: int, t: Tables, header: Header) -> int:
    """The column index whose ``header`` label holds ``differential`` (clamped at the ends)."""
    cols = t.crt.columns
    for c in cols:
        lo, hi = _bounds(c, header)
        if (lo is None or differential >= lo) and (hi is None or differential <= hi):
            return c.index
    return 0 if differential < (_bounds(cols[0], header)[1] or 0) else cols[-1].index


def _bounds(c: CrtColumn, header: Header) -> tuple[int | None, int | None]:
    if header == "AT":
        return c.at_min, c.at_max
    # AP labels are single values; the ends are open (ruling crt.clamp)
    lo = None if c.index == 0 else c.ap
    hi = None if c.index == 10 else c.ap
    return lo, hi


def label(index: int, t: Tables, header: Header) -> str:
    """A column's name in one notation: ``-7 or less``, ``-6..-4``, ``-1``, ``0``, ``+2..+3``,
    ``+16 or more`` (the AT header as printed mixes ``-4... -6``, ``-2-3`` and ``+2, +3``);
    AP columns are single values."""
    c = t.crt.columns[index]
    if header == "AP":
        return c.ap_printed
    lo, hi = c.at_min, c.at_max

    def sign(v: int) -> str:
        return f"{v:+d}" if v else "0"

    if lo is None and hi is not None:
        return f"{sign(hi)} or less"
    if hi is None and lo is not None:
        return f"{sign(lo)} or more"
    assert lo is not None and hi is not None
    return sign(lo) if lo == hi else f"{sign(lo)}..{sign(hi)}"


def roll_words(natural: int, modified: int, column: object) -> str:
    """``rolled 6, modified 9, on the +1 column``: the die as rolled beside the modified roll."""
    mod = f", modified {modified}," if modified != natural else ""
    return f"rolled {natural}{mod} on the {column} column"


@dataclass(frozen=True)
class Cap:
    """The rightmost column a shot may be resolved on, and why (an ATGM generation's cap)."""

    index: int
    why: str


@dataclass
class ColumnPick:
    """Where the attack landed on the table, and why."""

    index: int | None  # None: off the left edge under crt.clamp=left_no_effect
    base: int
    header: Header
    notes: list[str] = field(default_factory=list)


def pick_column(
    t: Tables,
    rulings: Rulings,
    header: Header,
    *,
    differential: int | None = None,
    fixed: int | None = None,
    shift: int = 0,
    cap: Cap | None = None,
) -> ColumnPick:
    """Find the column: from ``differential`` (direct fire) or a ``fixed`` index, apply the net
    ``shift`` (positive = right), clamp, then the ``cap`` (ATGM generation)."""
    last = len(t.crt.columns) - 1
    notes: list[str] = []
    if fixed is not None:
        base = fixed
        raw = fixed + shift
    elif rulings["crt.shift_mechanics"] == "differential_points":
        assert differential is not None
        base = column_of(differential, t, header)
        raw = column_of(differential + shift, t, header)
        if shift:
            notes.append(
                f"shift applied to the differential: {differential:+d} -> "
                f"{differential + shift:+d} (ruling crt.shift_mechanics)"
            )
    else:
        assert differential is not None
        base = column_of(differential, t, header)
        raw = base + shift
    index: int | None = raw
    if raw < 0:
        if rulings["crt.clamp"] == "left_no_effect":
            notes.append("shifted off the left edge of the table: no effect (ruling crt.clamp)")
            index = None
        else:
            notes.append("shifted past the left edge: first column (ruling crt.clamp)")
            index = 0
    elif raw > last:
        notes.append("shifted past the right edge: last column (ruling crt.clamp)")
        index = last
    if index is not None and cap is not None and index > cap.index:
        notes.append(
            f"{cap.why}: resolved on the {label(cap.index, t, header)} "
            f"column instead of {label(index, t, header)}"
        )
        index = cap.index
    return ColumnPick(index=index, base=base, header=header, notes=notes)


def lookup(
    index: int | None, modified_roll: int, t: Tables, rulings: Rulings, header: Header
) -> tuple[int, Cell]:
    """The cell at (row picked by ``modified_roll``, column ``index``): hits (0 = empty cell)."""
    row = _row(modified_roll, t)
    if index is None:
        return 0, Cell(
            table="CRT", row=row.printed, column="off the table", value=None, rule=t.crt.source
        )
    value = _value(row, index, rulings)
    return value or 0, Cell(
        table="CRT", row=row.printed, column=label(index, t, header), value=value, rule=t.crt.source
    )


def hits_at(index: int | None, modified_roll: int, t: Tables, rulings: Rulings) -> int:
    """The hits of the cell :func:`lookup` reads (without the cell's words)."""
    return 0 if index is None else _value(_row(modified_roll, t), index, rulings) or 0


def _row(modified_roll: int, t: Tables) -> CrtRow:
    """The row a modified roll reads (rows clamp at "12 or more" and "1 or less")."""
    return next(
        r
        for r in t.crt.rows
        if (r.roll_min is None or modified_roll >= r.roll_min)
        and (r.roll_max is None or modified_roll <= r.roll_max)
    )


def _value(row: CrtRow, index: int, rulings: Rulings) -> int | None:
    """The cell of column ``index`` in ``row`` (ruling crt.row4_blanks: the staircase's blank)."""
    value = row.cells[index]
    if value is not None and rulings["crt.row4_blanks"] == "staircase" and row.printed == "4" and index == 4:
        return None
    return value
