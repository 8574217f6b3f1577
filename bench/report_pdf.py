"""Time the PDF umpire's report and both PDF briefings of a large Auftragstaktik game.

    python bench/report_pdf.py [--stands 150] [--turns 2] [--polygons 300] [--seed 1]

Builds a game with N stands a side (battalions of five companies, tanks and IFVs) meeting
across a 72 x 48 table scattered with M random terrain pieces (bench/random_table.py), plays T
whole turns (Hasty Advance, two moves a turn, five fire targets each), then writes the umpire's
report and each side's briefing as PDF, timing each and counting its pages. The goal is under
5 s each for 150 stands a side and two turns.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from umpire.registry import scenario_from_data

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout
sys.path.insert(0, str(HERE))

from random_table import TABLE, terrain  # noqa: E402  (beside this script)

TYPES = {"nato": ("M1A1 Company", "M2 Bradley Company"), "pact": ("T-80B Company", "BMP-2 Company")}


def scenario(rng: np.random.Generator, stands: int, polygons: int) -> dict[str, Any]:
    pieces = []
    for f in terrain(rng, polygons):
        pieces.append({"id": f.id, "type": f.type, "polygon": [[round(x, 3), round(y, 3)] for x, y in f.coords],
                       **({"height": 1} if f.is_hill else {})})
    sides = []
    for side, y0, facing in (("nato", 12.0, 0), ("pact", 30.0, 180)):
        formations = []
        for b in range(max(1, stands // 5)):
            bx, by = 3 + (b % 15) * 4.5, y0 + (b // 15) * 3
            units = [{"id": f"{side}-{b}-{c}", "type": TYPES[side][c % 2], "quality": ("regular", "veteran")[c % 2],
                      "at": [round(bx + (c % 3) * 1.6, 2), round(by + (c // 3) * 1.2, 2)], "facing": facing}
                     for c in range(5)]
            formations.append({"id": f"{side}-bn{b}", "level": "battalion", "doctrine": "balanced", "units": units})
        sides.append({"id": side, "hq_rating": 5 if side == "nato" else 4, "formations": formations})
    return {"name": "bench: a big meeting", "ruleset": "auftragstaktik",
            "table": {"width": TABLE[0], "depth": TABLE[1]}, "seed": 1, "terrain": pieces, "sides": sides}


def orders(state: Any, side: str, sign: float) -> dict[str, Any]:
    foes = [u for u in state.units.values() if u.side != side and u.status == "ok"]
    units = {}
    for u in state.units_of(side):
        if u.status not in ("ok", "checked"):
            continue
        near = sorted(foes, key=lambda e: (e.x - u.x) ** 2 + (e.y - u.y) ** 2)[:5]
        y1 = min(max(u.y + sign * 3, 0), 48)
        y2 = min(max(y1 + sign * 2, 0), 48)
        units[u.id] = {"first": [[u.x, y1]], "second": [[u.x, y2]], "fire": [e.id for e in near], "override": True}
    bns = {f.id: {"order": "HA", "direction": 0 if sign > 0 else 180} for f in state.formations if f.side == side}
    return {"side": side, "battalions": bns, "units": units, "file": f"{side}.yaml"}


def big_game(path: Path, stands: int = 150, turns: int = 2, polygons: int = 300, seed: int = 1) -> Any:
    """A played game of ``turns`` whole turns, ``stands`` stands a side."""
    from umpire.core.dice import SeededDice
    from umpire.engine import Game

    rng = np.random.default_rng(seed)
    game = Game.create(path, scenario_from_data(scenario(rng, stands, polygons), "bench scenario"), seed=seed)
    game.turn_rules()
    dice = SeededDice(seed)
    for _ in range(turns):
        for side, sign in (("nato", 1.0), ("pact", -1.0)):
            try:
                game.act("auftragstaktik.orders", orders(game.state, side, sign), dice)
            except Exception:  # a Checked or Routed battalion refuses new orders: its stands keep theirs
                game.act("auftragstaktik.orders", {"side": side, "file": f"{side}.yaml"}, dice)
        turn = game.state.turn
        while game.state.turn == turn:
            game.act("auftragstaktik.phase", {}, dice)
    return game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stands", type=int, default=150)
    ap.add_argument("--turns", type=int, default=2)
    ap.add_argument("--polygons", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    from pypdf import PdfReader

    from umpire.reports.fonts import register_fonts
    from umpire.reports.model import briefing, report_for_game
    from umpire.reports.pdf import turn_report_pdf

    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        game = big_game(Path(tmp) / "big.db", a.stands, a.turns, a.polygons, a.seed)
        played = time.perf_counter() - t
        register_fonts()
        print(f"{a.stands} stands a side, {a.turns} turns, {len(game.events())} events (played in {played:.1f} s)")
        t = time.perf_counter()
        report = report_for_game(game)
        print(f"  {'report model (umpire)':<28} {time.perf_counter() - t:6.2f} s")
        for name in ("umpire", *game.state.side_ids()):
            t = time.perf_counter()
            rep = report if name == "umpire" else briefing(report, name)
            buf = io.BytesIO()
            turn_report_pdf(rep, buf)
            took = time.perf_counter() - t
            pages = len(PdfReader(io.BytesIO(buf.getvalue())).pages)
            what = "umpire's report" if name == "umpire" else f"briefing {name}"
            print(f"  {what + ' (PDF)':<28} {took:6.2f} s   {pages} pages, {len(buf.getvalue()) // 1024} kB")


if __name__ == "__main__":
    main()
