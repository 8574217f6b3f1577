"""Photos of a table made from a known truth: the table drawn from above with its terrain, its
stands and their printed markers, then seen by a phone from a random pose.

:func:`top_view` draws the table as the markers PDF prints the markers (same cells, same size,
the same quiet margin and label band), terrain in flat colours, stands' bases with a few models
round the marker. :func:`photograph` looks at it through a pinhole camera tilted up to
``max_tilt`` degrees from straight down, turned any way about its axis, the table filling most
of the frame; then a touch of barrel or pincushion distortion, optical blur, uneven light, sensor
noise and JPEG compression. The truth comes back with the photo: each marker's centre and the
stand's facing, and the pose.

Used by the tests (a few small photos) and by ``bench/photo.py`` (hundreds).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from umpire.photo.family import cells
from umpire.photo.layout import CORNER_MARGIN, CORNERS, LABEL, QUIET, card, corner_square

FELT = 92  # grey levels of the table's cloth...
COLOURS = {  # ...and of its terrain (BGR)
    "table": (70, 118, 88), "woods": (38, 78, 40), "town": (150, 150, 156), "hill": (88, 140, 150),
    "road": (110, 118, 124), "stream": (170, 120, 60), "surround": (40, 60, 90), "base": (60, 80, 90),
    "model": (50, 56, 52),
}


@dataclass(frozen=True)
class Stand:
    unit: str
    x: float
    y: float
    facing: float
    base: tuple[float, float]
    marker: int
    size: float


@dataclass(frozen=True)
class Table:
    width: float
    depth: float
    stands: tuple[Stand, ...]
    terrain: tuple[tuple[str, tuple[tuple[float, float], ...], bool], ...] = ()  # (type, points, is area)
    corner_size: float = 3.0
    hidden: tuple[int, ...] = ()  # markers covered (a hand, a tree)
    corners_left_out: tuple[int, ...] = ()


@dataclass
class Photo:
    data: bytes
    size: tuple[int, int]
    pose: dict[str, float] = field(default_factory=dict)


def _pix(x: float, y: float, depth: float, ppi: float, pad: float) -> tuple[float, float]:
    return ((x + pad) * ppi, (depth - y + pad) * ppi)


def _fill(img: np.ndarray, pts: list[tuple[float, float]], colour: tuple[int, ...]) -> None:
    shift = 4
    arr = np.round(np.asarray(pts) * (1 << shift)).astype(np.int32).reshape(-1, 1, 2)
    cv2.fillPoly(img, [arr], colour, lineType=cv2.LINE_AA, shift=shift)


def _line(img: np.ndarray, pts: list[tuple[float, float]], colour: tuple[int, ...], width: int) -> None:
    shift = 4
    arr = np.round(np.asarray(pts) * (1 << shift)).astype(np.int32).reshape(-1, 1, 2)
    cv2.polylines(img, [arr], False, colour, width, lineType=cv2.LINE_AA, shift=shift)


def _rect(cx: float, cy: float, w: float, h: float, facing: float) -> list[tuple[float, float]]:
    """A rectangle ``w`` across by ``h`` along the facing, centred on (cx, cy), table inches."""
    a = math.radians(facing)
    f = (math.sin(a), math.cos(a))
    r = (math.cos(a), -math.sin(a))
    return [(cx + sx * r[0] * w / 2 + sy * f[0] * h / 2, cy + sx * r[1] * w / 2 + sy * f[1] * h / 2)
            for sx, sy in ((-1, 1), (1, 1), (1, -1), (-1, -1))]


def _marker(img: np.ndarray, ppi: float, pad: float, depth: float, cx: float, cy: float, size: float,
            facing: float, marker: int, label: bool, rng: np.random.Generator) -> None:
    """A printed marker card (white, the marker's cells, its label band under it), drawn exactly:
    each pixel takes the mean of 4 x 4 samples of the card (OpenCV's anti-aliased polygons run a
    pixel fat, enough to make a small marker unreadable)."""
    grid = np.array(cells(marker), bool)
    n = len(grid)
    c = size / n
    a = math.radians(facing)
    f = np.array([math.sin(a), math.cos(a)])
    r = np.array([math.cos(a), -math.sin(a)])
    if label:
        q = QUIET * size
        lo_w, hi_w = -size / 2 - q - LABEL, size / 2 + q  # along the facing, from the marker's centre
        half_u = size / 2 + q
    else:
        m = CORNER_MARGIN * size
        lo_w, hi_w, half_u = -size / 2 - m, size / 2 + m, size / 2 + m
    strokes = []
    if label:
        k = int(rng.integers(3, 7))
        strokes = [(-size / 2 + (i + 0.5) * size / 6, size / 18) for i in range(k)]
    # the card's box in pixels
    corners = [np.array([cx, cy]) + r * u + f * w for u in (-half_u, half_u) for w in (lo_w, hi_w)]
    xs = [(p[0] + pad) * ppi for p in corners]
    ys = [(depth - p[1] + pad) * ppi for p in corners]
    x0, x1 = max(int(min(xs)) - 1, 0), min(int(max(xs)) + 2, img.shape[1])
    y0, y1 = max(int(min(ys)) - 1, 0), min(int(max(ys)) + 2, img.shape[0])
    if x0 >= x1 or y0 >= y1:
        return
    ss = 4
    off = (np.arange(ss) + 0.5) / ss
    px = (np.arange(x0, x1)[:, None] + off[None, :]).ravel()
    py = (np.arange(y0, y1)[:, None] + off[None, :]).ravel()
    X = px[None, :] / ppi - pad - cx
    Y = depth + pad - py[:, None] / ppi - cy
    u = X * r[0] + Y * r[1]
    w = X * f[0] + Y * f[1]
    on_card = (np.abs(u) <= half_u) & (w >= lo_w) & (w <= hi_w)
    value = np.full(u.shape, 245.0)
    inside = (np.abs(u) < size / 2) & (np.abs(w) < size / 2)
    i = np.clip(((size / 2 - w) / c).astype(int), 0, n - 1)
    j = np.clip(((u + size / 2) / c).astype(int), 0, n - 1)
    value[inside & grid[i, j]] = 20.0
    wl = -size / 2 - QUIET * size - LABEL / 2
    for su, sw in strokes:
        value[(np.abs(u - su) < sw / 2) & (np.abs(w - wl) < LABEL * 0.28)] = 40.0
    patch = img[y0:y1, x0:x1].astype(np.float32)
    h, wd = y1 - y0, x1 - x0
    cov = on_card.reshape(h, ss, wd, ss).mean(axis=(1, 3))
    val = np.where(on_card, value, 0.0).reshape(h, ss, wd, ss).sum(axis=(1, 3)) / (ss * ss)
    if patch.ndim == 3:
        out = patch * (1 - cov)[:, :, None] + val[:, :, None]
    else:
        out = patch * (1 - cov) + val
    img[y0:y1, x0:x1] = np.clip(out, 0, 255).astype(np.uint8)


def top_view(table: Table, ppi: float, rng: np.random.Generator, pad: float = 3.0) -> tuple[np.ndarray, float]:
    """The table seen from straight above, ``ppi`` pixels an inch, ``pad`` inches of the room round
    it; returns the image (BGR) and ``pad``."""
    w, d = table.width, table.depth
    img = np.empty((int(round((d + 2 * pad) * ppi)), int(round((w + 2 * pad) * ppi)), 3), np.uint8)
    img[:] = COLOURS["surround"]

    def P(x: float, y: float) -> tuple[float, float]:  # noqa: N802
        return _pix(x, y, d, ppi, pad)

    _fill(img, [P(0, 0), P(w, 0), P(w, d), P(0, d)], COLOURS["table"])
    for kind, pts, area in table.terrain:
        colour = COLOURS.get(kind, (100, 100, 100))
        if area:
            _fill(img, [P(*p) for p in pts], colour)
            if kind in ("woods", "town"):  # trees and houses: small dark or light blobs
                xs, ys = zip(*pts, strict=True)
                for _ in range(int((max(xs) - min(xs)) * (max(ys) - min(ys)) * 1.5)):
                    bx, by = rng.uniform(min(xs), max(xs)), rng.uniform(min(ys), max(ys))
                    shade = tuple(int(v * rng.uniform(0.6, 1.2)) for v in colour)
                    _fill(img, [P(*p) for p in _rect(bx, by, 0.4, 0.4, float(rng.uniform(0, 90)))], shade)
        else:
            _line(img, [P(*p) for p in pts], colour, max(1, int(0.5 * ppi)))
    for s in table.stands:
        _fill(img, [P(*p) for p in _rect(s.x, s.y, s.base[0], s.base[1], s.facing)], COLOURS["base"])
        # models round the card, where the base has room
        cw, ch = card(s.size)
        for side in (-1, 1):
            room = (s.base[0] - cw) / 2
            if room > 0.15:
                a = math.radians(s.facing)
                r = (math.cos(a), -math.sin(a))
                mx, my = s.x + side * r[0] * (cw / 2 + room / 2), s.y + side * r[1] * (cw / 2 + room / 2)
                _fill(img, [P(*p) for p in _rect(mx, my, room * 0.7, s.base[1] * 0.6, s.facing)], COLOURS["model"])
        if s.marker not in table.hidden:
            _marker(img, ppi, pad, d, s.x, s.y, s.size, s.facing, s.marker, True, rng)
    for k in range(len(CORNERS)):
        if k in table.corners_left_out:
            continue
        sq = corner_square(k, (w, d), table.corner_size)
        cx, cy = np.mean(sq, axis=0)
        _marker(img, ppi, pad, d, float(cx), float(cy), table.corner_size, float(rng.choice([0, 90, 180, 270])), k,
                False, rng)
    for m in table.hidden:  # a hand over the marker
        for s in table.stands:
            if s.marker == m:
                cv2.ellipse(img, tuple(int(v) for v in P(s.x, s.y)), (int(0.6 * ppi), int(0.9 * ppi)),
                            float(rng.uniform(0, 180)), 0, 360, (120, 150, 200), -1, cv2.LINE_AA)
    return img, pad


def _camera(tilt: float, azimuth: float, roll: float, fov: float, size: tuple[int, int],
            table: tuple[float, float]) -> np.ndarray:
    """The homography from table inches to photo pixels of a pinhole camera tilted ``tilt``
    degrees from straight down, looking from the side ``azimuth``, turned ``roll`` about its axis."""
    W, H = size
    f = (math.hypot(W, H) / 2) / math.tan(math.radians(fov) / 2)
    K = np.array([[f, 0, W / 2], [0, f, H / 2], [0, 0, 1.0]])
    t, a = math.radians(tilt), math.radians(azimuth)
    target = np.array([table[0] / 2, table[1] / 2, 0.0])
    dist = 100.0
    C = target + dist * np.array([math.sin(t) * math.cos(a), math.sin(t) * math.sin(a), math.cos(t)])
    fwd = (target - C) / np.linalg.norm(target - C)
    ref = np.array([-math.sin(a), math.cos(a), 0.0])  # horizontal, square to the way the camera leans
    right = np.cross(fwd, ref)
    right /= np.linalg.norm(right)
    down = np.cross(fwd, right)
    R = np.stack([right, down, fwd])
    c, s = math.cos(math.radians(roll)), math.sin(math.radians(roll))
    R = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]]) @ R
    Hw = K @ np.column_stack([R[:, 0], R[:, 1], -R @ C])
    return Hw / Hw[2, 2]


def _fit(Hw: np.ndarray, size: tuple[int, int], table: tuple[float, float], margin: float,
         rng: np.random.Generator) -> np.ndarray:
    """``Hw`` zoomed and shifted so the table fills the frame but ``margin`` of it, at random."""
    W, H = size
    pts = np.array([[0, 0], [table[0], 0], [table[0], table[1]], [0, table[1]]], float)
    img = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), Hw).reshape(-1, 2)
    lo, hi = img.min(axis=0), img.max(axis=0)
    s = min(W * (1 - 2 * margin) / (hi[0] - lo[0]), H * (1 - 2 * margin) / (hi[1] - lo[1]))
    room = np.array([W, H]) - s * (hi - lo)
    shift = rng.uniform(0.25, 0.75, 2) * room - s * lo
    Z = np.array([[s, 0, shift[0]], [0, s, shift[1]], [0, 0, 1]])
    return Z @ Hw


def photograph(table: Table, megapixels: float, rng: np.random.Generator, *, max_tilt: float = 50.0,
               tilt: float | None = None, blur: float | None = None, noise: float | None = None,
               distortion: float | None = None, quality: int | None = None, colour: bool = False,
               ppi: float | None = None, turn: float | None = 15.0,
               glare: tuple[tuple[float, float, float], ...] = ()) -> tuple[Photo, np.ndarray]:
    """A photo of ``table`` from a random pose; returns it and the homography from table inches
    to its (undistorted) pixels. Unset degradations are drawn at random; ``glare``: a lamp's
    reflection at each (x, y, radius) in table inches, burnt out to white at its middle."""
    W = int(round(math.sqrt(megapixels * 1e6 * 4 / 3)))
    H = int(round(W * 3 / 4))
    if rng.random() < 0.5:
        W, H = H, W  # held upright
    tilt = float(rng.uniform(0, max_tilt)) if tilt is None else tilt
    azimuth = float(rng.uniform(0, 360))
    # the phone turned so the table's long side runs along the photo's long side, give or take
    # ``turn`` degrees, as a hand holds it (``turn`` None: any way round)
    H0 = _camera(tilt, azimuth, 0.0, 70.0, (W, H), (table.width, table.depth))
    ends = cv2.perspectiveTransform(np.array([[[0, table.depth / 2]], [[table.width, table.depth / 2]]], float), H0)
    (ax, ay), (bx, by) = ends.reshape(2, 2)
    along = math.degrees(math.atan2(by - ay, bx - ax)) - (0.0 if W >= H else 90.0)
    roll = float(rng.uniform(0, 360)) if turn is None else \
        -along + float(rng.uniform(-turn, turn)) + 180 * int(rng.integers(2))
    pose = {"tilt": tilt, "azimuth": azimuth, "roll": roll,
            "fov": float(rng.uniform(68, 78)), "margin": float(rng.uniform(0.02, 0.08)),
            "blur": float(rng.uniform(0.4, 1.1)) if blur is None else blur,
            "noise": float(rng.uniform(1.5, 5.0)) if noise is None else noise,
            "k1": float(rng.uniform(-0.03, 0.03)) if distortion is None else distortion,
            "quality": int(rng.integers(75, 93)) if quality is None else quality}
    Hw = _fit(_camera(pose["tilt"], pose["azimuth"], pose["roll"], pose["fov"], (W, H), (table.width, table.depth)),
              (W, H), (table.width, table.depth), pose["margin"], rng)
    # the top view as fine as the photo is at its finest (the table's nearest part)
    if ppi is None:
        J = np.linalg.norm(Hw[:2, :2] - np.outer(Hw[:2, 2], Hw[2, :2]), axis=0)
        corners = np.array([[0, 0, 1], [table.width, 0, 1], [table.width, table.depth, 1], [0, table.depth, 1.0]])
        wz = corners @ Hw[2]
        ppi = float(max(J) / max(wz.min(), 1e-6) * 1.3)
        ppi = min(max(ppi, 20.0), 140.0)
    top, pad = top_view(table, ppi, rng)
    if not colour:
        top = cv2.cvtColor(top, cv2.COLOR_BGR2GRAY)
    # top-view pixel (its centre at the integer, as OpenCV's warps take it) -> inches
    T = np.array([[1 / ppi, 0, 0.5 / ppi - pad], [0, -1 / ppi, table.depth + pad - 0.5 / ppi], [0, 0, 1.0]])
    Hi = Hw @ T
    back = (30, 30, 30) if colour else 30
    if abs(pose["k1"]) < 1e-6:
        img = cv2.warpPerspective(top, Hi, (W, H), flags=cv2.INTER_LINEAR, borderValue=back)
    else:
        ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
        c = np.array([W / 2, H / 2], np.float32)
        half = np.float32(math.hypot(W, H) / 2)
        dx, dy = (xs - c[0]) / half, (ys - c[1]) / half
        g = 1 + np.float32(pose["k1"]) * (dx * dx + dy * dy)
        ux, uy = c[0] + dx * half * g, c[1] + dy * half * g  # where each photo pixel lies without distortion
        del xs, ys, dx, dy, g
        Hinv = np.linalg.inv(Hi).astype(np.float32)
        den = Hinv[2, 0] * ux + Hinv[2, 1] * uy + Hinv[2, 2]
        mx = (Hinv[0, 0] * ux + Hinv[0, 1] * uy + Hinv[0, 2]) / den
        my = (Hinv[1, 0] * ux + Hinv[1, 1] * uy + Hinv[1, 2]) / den
        del ux, uy, den
        img = cv2.remap(top, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=back)
        del mx, my
    del top
    img = cv2.GaussianBlur(img, (0, 0), pose["blur"])
    # uneven light: a slope across the frame, darker corners, a soft shadow
    sh = (max(H // 16, 2), max(W // 16, 2))
    yy, xx = np.mgrid[0:sh[0], 0:sh[1]].astype(np.float32)
    yy, xx = yy / sh[0] - 0.5, xx / sh[1] - 0.5
    ang = rng.uniform(0, 2 * math.pi)
    light = 0.85 + 0.25 * (math.cos(ang) * xx + math.sin(ang) * yy) - 0.35 * (xx * xx + yy * yy)
    bx, by = rng.uniform(-0.4, 0.4, 2)
    light -= 0.25 * np.exp(-((xx - bx) ** 2 + (yy - by) ** 2) / 0.02)
    light = cv2.resize(light.astype(np.float32), (W, H), interpolation=cv2.INTER_LINEAR)
    if colour:
        light = light[:, :, None]
    out = img.astype(np.float32) * light
    del img, light
    for gx, gy, radius in glare:  # a lamp's reflection: white at its middle, fading out
        px, py = truth_in_photo(Hw, gx, gy)
        rx = float(np.hypot(*np.subtract(truth_in_photo(Hw, gx + radius, gy), (px, py))))
        gy_, gx_ = np.ogrid[0:H, 0:W]
        spot = (400.0 * np.exp(-(((gx_ - px) ** 2 + (gy_ - py) ** 2) / (rx * rx)) ** 2)).astype(np.float32)
        out += spot[:, :, None] if colour else spot
    out += rng.normal(0, pose["noise"], out.shape).astype(np.float32)
    np.clip(out, 0, 255, out=out)
    img8 = out.astype(np.uint8)
    del out
    ok, enc = cv2.imencode(".jpg", img8, [cv2.IMWRITE_JPEG_QUALITY, pose["quality"]])
    assert ok
    return Photo(enc.tobytes(), (W, H), pose), Hw


def truth_in_photo(Hw: np.ndarray, x: float, y: float) -> tuple[float, float]:
    p = cv2.perspectiveTransform(np.array([[[x, y]]], float), Hw).reshape(2)
    return float(p[0]), float(p[1])
