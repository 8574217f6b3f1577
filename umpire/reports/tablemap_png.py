"""The map drawing as a PNG picture (``umpire map --out map.png``), for club chats and sites.

Drawn with Pillow from the same shapes as the SVG and the PDF map (:mod:`.tablemap`), in the
embedded Source Sans Pro. Why Pillow: it ships wheels for every platform with nothing else to
install, and reportlab already depends on it; reportlab 5 dropped its own rasteriser (renderPM
now needs pycairo, built against the system's cairo), and cairosvg needs the system's cairo
too. Pillow does not smooth edges or dash lines, so the picture is drawn at three times its
size and scaled down (smooth edges), and dashes are laid along each line here.
"""

from __future__ import annotations

import io
import math
from functools import cache
from typing import Any

from umpire.reports.mapshapes import Circle, Label, MapDrawing, Paint, Point, Poly
from umpire.text import visible

SUPERSAMPLE = 3


@cache
def _font_files() -> dict[str, str]:
    from pathlib import Path

    import font_source_sans_pro

    from umpire.reports.layout import paper

    folder = Path(font_source_sans_pro.font_directory)
    f = paper().fonts
    return {"regular": str(folder / f.regular), "bold": str(folder / f.bold), "italic": str(folder / f.italic)}


@cache
def _font(face: str, px: int) -> Any:
    from PIL import ImageFont

    return ImageFont.truetype(_font_files()[face], px)


def _rgba(colour: str | None, opacity: float = 1.0) -> tuple[int, int, int, int] | None:
    if not colour:
        return None
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), round(255 * opacity))


def _dashed(points: list[Point], dash: tuple[float, ...]) -> list[list[Point]]:
    """The drawn pieces of a dashed line (``dash``: on, off, on, off... lengths)."""
    pieces: list[list[Point]] = []
    k, left, on = 0, dash[0], True
    current: list[Point] = [points[0]]
    for a, b in zip(points, points[1:], strict=False):
        length = math.dist(a, b)
        done = 0.0
        while length - done > left:
            done += left
            t = done / length
            p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if on:
                current.append(p)
                pieces.append(current)
            current = [p]
            on = not on
            k = (k + 1) % len(dash)
            left = dash[k]
        left -= length - done
        if on:
            current.append(b)
        else:
            current = [b]
    if on and len(current) > 1:
        pieces.append(current)
    return pieces


def to_png(m: MapDrawing, dpi: float = 150.0, mark: str = "") -> bytes:
    """The map as PNG bytes at ``dpi`` (the drawing's points are 1/72 inch); ``mark``: what the
    file says about itself (:mod:`umpire.reports.marks`), kept in a text chunk."""
    from PIL import Image, ImageDraw
    from PIL.PngImagePlugin import PngInfo

    from umpire.reports.fonts import FONTS, covers, register_fonts

    register_fonts()
    k = dpi / 72.0 * SUPERSAMPLE
    im = Image.new("RGBA", (max(1, round(m.width * k)), max(1, round(m.height * k))), (255, 255, 255, 255))
    draw = ImageDraw.Draw(im, "RGBA")

    def px(p: Point) -> tuple[float, float]:
        return (p[0] * k, p[1] * k)

    def stroke(points: list[Point], paint: Paint) -> None:
        colour = _rgba(paint.stroke)
        if colour is None or paint.width <= 0:
            return
        w = max(1, round(paint.width * k))
        for piece in _dashed(points, paint.dash) if paint.dash else [points]:
            draw.line([px(p) for p in piece], fill=colour, width=w, joint="curve")

    for g in m.groups:
        for sh in g.shapes:
            if isinstance(sh, Poly):
                pts = list(sh.points)
                if sh.closed:
                    fill = _rgba(sh.paint.fill, sh.paint.opacity)
                    if fill is not None and len(pts) > 2:
                        draw.polygon([px(p) for p in pts], fill=fill)
                    pts = pts + pts[:1]
                stroke(pts, sh.paint)
            elif isinstance(sh, Circle):
                cx, cy = px(sh.centre)
                r = sh.r * k
                fill = _rgba(sh.paint.fill, sh.paint.opacity)
                if fill is not None:
                    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
                ring = [(sh.centre[0] + sh.r * math.cos(a * math.pi / 24),
                         sh.centre[1] + sh.r * math.sin(a * math.pi / 24)) for a in range(49)]
                stroke(ring, sh.paint)
            elif isinstance(sh, Label):
                _text(im, draw, sh, k, covers, FONTS)
    small = im.resize((max(1, round(m.width * dpi / 72)), max(1, round(m.height * dpi / 72))), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    info = PngInfo()
    if mark:
        info.add_text("umpire-paper", mark)
    small.convert("RGB").save(out, format="PNG", optimize=True, pnginfo=info)
    return out.getvalue()


def _text(im: Any, draw: Any, lb: Label, k: float, covers: Any, fonts: dict[str, str]) -> None:
    from PIL import Image, ImageDraw

    face = "bold" if lb.bold else "italic" if lb.italic else "regular"
    if face == "italic" and not covers(fonts["italic"], lb.text):
        face = "regular"  # the italic face has no Cyrillic, as in the PDF
    font = _font(face, max(1, round(lb.size * k)))
    text = visible(lb.text)
    colour = _rgba(lb.colour)
    anchor = {"start": "ls", "middle": "ms", "end": "rs"}[lb.anchor]
    x, y = lb.at[0] * k, lb.at[1] * k
    if not lb.angle:
        draw.text((x, y), text, font=font, fill=colour, anchor=anchor)
        return
    left, top, right, bottom = font.getbbox(text, anchor="ls")
    w, h = right - left, bottom - top
    tile = Image.new("RGBA", (max(1, w + 2), max(1, h + 2)), (0, 0, 0, 0))
    ImageDraw.Draw(tile).text((1 - left, 1 - top), text, font=font, fill=colour, anchor="ls")
    turned = tile.rotate(lb.angle, expand=True)
    shift = {"ls": 0.0, "ms": w / 2, "rs": float(w)}[anchor]
    # the baseline runs up the page through (x, y): the tile's top edge (ascenders) faces left
    im.alpha_composite(turned, (max(0, round(x + top - 1)), max(0, round(y - w + shift - 1))))


__all__ = ["to_png"]
