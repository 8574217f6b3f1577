"""The embedded font every printed paper and map is set in: Source Sans Pro, from the
``font-source-sans-pro`` package (SIL Open Font License 1.1, licence text shipped in that package
as ``files/LICENSE.txt``), so Cyrillic and German names (Т-80Б, Schützenpanzer, Straße) print
whatever fonts the system has; its files are named in ``templates/paper.yaml``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from umpire.errors import UmpireError
from umpire.reports.layout import paper

FONT = "UmpireSans"
FONTS = {"regular": FONT, "bold": f"{FONT}-Bold", "italic": f"{FONT}-Italic"}
_CMAPS: dict[str, set[int]] = {}


def covers(font: str, text: str) -> bool:
    """Whether the registered ``font`` has a glyph for every character of ``text`` (the italic
    face of Source Sans Pro has no Cyrillic: such labels fall back to the upright face)."""
    cmap = _CMAPS.get(font)
    return cmap is None or all(ord(c) in cmap or c.isspace() for c in text)


@cache
def register_fonts() -> dict[str, str]:
    """Register the embedded font family once; returns the names for regular, bold, italic."""
    import font_source_sans_pro
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    folder = Path(font_source_sans_pro.font_directory)
    files = paper().fonts
    for key, file in (("regular", files.regular), ("bold", files.bold), ("italic", files.italic)):
        path = folder / file
        if not path.is_file():
            raise UmpireError(f"font {file}: not found in the font-source-sans-pro package ({folder})")
        pdfmetrics.registerFont(TTFont(FONTS[key], str(path)))
    _CMAPS.update({name: set(pdfmetrics.getFont(name).face.charToGlyph) for name in FONTS.values()})
    pdfmetrics.registerFontFamily(FONT, normal=FONTS["regular"], bold=FONTS["bold"], italic=FONTS["italic"],
                                  boldItalic=FONTS["bold"])
    return dict(FONTS)
