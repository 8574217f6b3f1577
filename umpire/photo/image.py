"""A photo's bytes, checked before they are decoded, then decoded in grey.

What is checked, in this order, each refusal one line: the size in bytes (:data:`MAX_BYTES`),
the kind from the file's first bytes (JPEG or PNG, whatever the name says), the size in pixels
read from the header alone (:data:`MAX_PIXELS`, :data:`MIN_SIDE`: a 100-megapixel image or a
decompression bomb is refused before a pixel is decoded), then the whole image decoded with
nothing tolerated (a truncated or damaged file is refused, not read as far as it goes). A
phone's turned photo is turned upright as its EXIF orientation says.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from umpire.errors import UmpireError

MB = 1024 * 1024
MAX_BYTES = 40 * MB  # a 50-megapixel JPEG is 15-25 MB, a 12-megapixel PNG up to about 35 MB
MAX_PIXELS = 50_000_000  # a phone's 48- and 50-megapixel modes; a 12-megapixel photo is plenty
MIN_SIDE = 480  # pixels: a smaller picture cannot show a stand's marker
KINDS = {b"\xff\xd8\xff": "JPEG", b"\x89PNG\r\n\x1a\n": "PNG"}


@dataclass(frozen=True)
class Picture:
    """A decoded photo: its pixels in grey (a numpy array, rows by columns) and what it was."""

    grey: Any
    kind: str
    width: int
    height: int

    @property
    def megapixels(self) -> float:
        return self.width * self.height / 1e6


def kind_of(data: bytes) -> str | None:
    """``JPEG`` or ``PNG`` from the first bytes, else None."""
    return next((k for magic, k in KINDS.items() if data.startswith(magic)), None)


SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}  # a JPEG's frame headers


def header_size(data: bytes, kind: str) -> tuple[int, int] | None:
    """Width and height from a PNG's IHDR or a JPEG's frame header, read from the bytes alone
    (nothing decoded, no library asked); None if the header is not there."""
    import struct

    if kind == "PNG":
        if len(data) < 24 or data[12:16] != b"IHDR":
            return None
        w, h = struct.unpack(">II", data[16:24])
        return int(w), int(h)
    i = 2
    while i + 4 <= len(data):
        if data[i] != 0xFF:
            return None
        m = data[i + 1]
        if m == 0xFF:  # fill byte
            i += 1
            continue
        if m in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            i += 2
            continue
        if m in (0xD9, 0xDA):  # end of image, start of scan: no frame header before them
            return None
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if m in SOF:
            if i + 9 > len(data):
                return None
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return int(w), int(h)
        i += 2 + length
    return None


def check(data: bytes, where: str) -> tuple[str, int, int]:
    """The photo's kind and size in pixels, read from its header alone.

    :raises UmpireError: for too many bytes, another kind of file, too many or too few pixels."""
    if len(data) > MAX_BYTES:
        raise UmpireError(f"{where}: too large ({len(data):,} bytes; a photo may be up to {MAX_BYTES // MB} MB)")
    kind = kind_of(data)
    if kind is None:
        raise UmpireError(f"{where}: not a JPEG or PNG photo (umpire reads the photos phones take: JPEG or PNG)")
    size = header_size(data, kind)
    if size is None:
        raise UmpireError(f"{where}: a damaged {kind} file (its header cannot be read)")
    width, height = size
    if width * height > MAX_PIXELS:
        raise UmpireError(f"{where}: {width} x {height} pixels ({width * height / 1e6:.0f} megapixels) is more than "
                          f"umpire reads ({MAX_PIXELS // 1_000_000} megapixels; 12 are plenty): take it at a lower "
                          "resolution or scale it down")
    if min(width, height) < MIN_SIDE:
        raise UmpireError(f"{where}: {width} x {height} pixels is too small to show a stand's marker (at least "
                          f"{MIN_SIDE} pixels a side)")
    return kind, width, height


def decode(data: bytes, where: str) -> Picture:
    """The photo in grey, upright. :raises UmpireError: as :func:`check`, or for a damaged file."""
    kind, width, height = check(data, where)
    import numpy as np
    from PIL import Image, ImageOps

    try:  # Pillow refuses a truncated image unless told otherwise (ImageFile.LOAD_TRUNCATED_IMAGES)
        with Image.open(io.BytesIO(data)) as im:
            if im.size != (width, height):
                raise ValueError("two sizes")
            im.draft("L", (width, height))  # a JPEG decodes straight to grey
            im.load()
            upright = ImageOps.exif_transpose(im)
            grey = np.asarray(upright.convert("L"))
    except Image.DecompressionBombError:
        raise UmpireError(f"{where}: more pixels than umpire reads ({MAX_PIXELS // 1_000_000} megapixels)") from None
    except (OSError, ValueError, SyntaxError):
        raise UmpireError(f"{where}: a damaged or truncated {kind} file (it cannot be decoded whole)") from None
    h, w = grey.shape
    return Picture(grey, kind, int(w), int(h))
