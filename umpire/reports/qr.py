"""A QR code of a side's link, drawn in the PDF as vector squares (segno makes the code; it has
no dependencies and follows ISO/IEC 18004). The players' pages give each side a link; the
orders sheet prints it for a phone to open."""

from __future__ import annotations

from typing import Any


def qr_matrix(link: str) -> list[list[bool]]:
    """The modules of ``link``'s QR code (error correction M, the quiet zone left out)."""
    import segno

    code = segno.make(link, error="m", micro=False)
    return [[bool(v) for v in row] for row in code.matrix]


def qr_flowable(link: str, size: float) -> Any:
    """A ``size``-point square reportlab Drawing of ``link``'s QR code, with its quiet zone."""
    from reportlab.graphics.shapes import Drawing, Rect
    from reportlab.lib.colors import black, white

    rows = qr_matrix(link)
    n = len(rows) + 8  # four modules of quiet zone on each side
    cell = size / n
    d = Drawing(size, size)
    d.add(Rect(0, 0, size, size, fillColor=white, strokeColor=None))
    for r, row in enumerate(rows):
        for c, dark in enumerate(row):
            if dark:
                d.add(Rect((c + 4) * cell, size - (r + 5) * cell, cell, cell, fillColor=black, strokeColor=None))
    return d


__all__ = ["qr_flowable", "qr_matrix"]
