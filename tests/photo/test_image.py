"""A photo's bytes are checked before they are decoded: its size, its kind, its pixels from the
header alone (a decompression bomb costs nothing), then decoded whole or refused."""

from __future__ import annotations

import io
import struct
import time
import zlib

import pytest

from umpire.errors import UmpireError
from umpire.photo import image

pytestmark = pytest.mark.no_camera  # Pillow decodes; OpenCV is not needed here


def jpeg(w: int = 800, h: int = 600, quality: int = 80) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("L", (w, h), 128).save(buf, "JPEG", quality=quality)
    return buf.getvalue()


def with_jpeg_size(data: bytes, w: int, h: int) -> bytes:
    """``data`` with its frame header (SOF0) claiming ``w`` x ``h`` pixels."""
    i = data.index(b"\xff\xc0")
    return data[:i + 5] + struct.pack(">HH", h, w) + data[i + 9:]


def png_claiming(w: int, h: int) -> bytes:
    """A PNG whose header says ``w`` x ``h`` (its checksum right) and whose data is a few bytes."""
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    out = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk + struct.pack(">I", zlib.crc32(chunk))
    idat = zlib.compress(b"\x00" * 64)
    out += struct.pack(">I", len(idat)) + b"IDAT" + idat + struct.pack(">I", zlib.crc32(b"IDAT" + idat))
    return out + struct.pack(">I", 0) + b"IEND" + struct.pack(">I", zlib.crc32(b"IEND"))


def test_a_good_photo_is_decoded_in_grey():
    pic = image.decode(jpeg(), "p.jpg")
    assert (pic.width, pic.height, pic.kind) == (800, 600, "JPEG") and pic.grey.shape == (600, 800)


@pytest.mark.parametrize("data, why", [
    (b"hello, I am a text file\n", "p.jpg: not a JPEG or PNG photo"),
    (b"GIF89a" + b"\x00" * 100, "p.jpg: not a JPEG or PNG photo"),
    (b"\xff\xd8\xff\xe0" + b"\x00" * 20, "p.jpg: a damaged JPEG file"),
])
def test_what_is_not_a_photo_is_refused(data, why):
    with pytest.raises(UmpireError, match=why):
        image.decode(data, "p.jpg")


def test_a_100_megapixel_jpeg_is_refused_from_its_header():
    big = with_jpeg_size(jpeg(), 12000, 8400)
    start = time.process_time()
    with pytest.raises(UmpireError, match=r"p.jpg: 12000 x 8400 pixels \(101 megapixels\) is more than umpire reads "
                                          r"\(50 megapixels; 12 are plenty\)"):
        image.decode(big, "p.jpg")
    assert time.process_time() - start < 0.5  # nothing was decoded


def test_a_png_bomb_is_refused_from_its_header():
    bomb = png_claiming(60000, 60000)  # 3.6 gigapixels in a hundred bytes
    assert len(bomb) < 200
    with pytest.raises(UmpireError, match="3600 megapixels"):
        image.decode(bomb, "b.png")


def test_a_truncated_jpeg_is_refused_not_read_as_far_as_it_goes():
    data = jpeg(1600, 1200, quality=95)
    with pytest.raises(UmpireError, match="p.jpg: a damaged or truncated JPEG file"):
        image.decode(data[: len(data) * 2 // 3], "p.jpg")


def test_a_tiny_picture_and_too_many_bytes_are_refused(monkeypatch):
    with pytest.raises(UmpireError, match="too small to show a stand's marker"):
        image.decode(jpeg(300, 200), "p.jpg")
    monkeypatch.setattr(image, "MAX_BYTES", 1000)
    with pytest.raises(UmpireError, match="too large"):
        image.check(jpeg(), "p.jpg")
