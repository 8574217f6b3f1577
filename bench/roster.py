"""Print the time to build a roster PDF of 300 units (target: at most 5 s).

Run from the repository root: ``python bench/roster.py [UNITS]``. The units are copies of the
bundled Auftragstaktik scenario's companies, spread over battalions of 10 under two divisions.
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from umpire.core.state import FormationState  # noqa: E402
from umpire.registry import (
    initial_state,
    load_scenario,  # noqa: E402
)
from umpire.reports.model import build_report  # noqa: E402


def big_state(n: int):
    root = Path(__file__).resolve().parents[1]
    state = initial_state(load_scenario(root / "data" / "scenarios" / "hof-gap-meeting.yaml"), seed=1)
    models = list(state.units.values())
    units, formations = {}, []
    for side in state.sides:
        div = f"div-{side.id}"
        formations.append(FormationState(id=div, name=f"{side.name} division", side=side.id, level="division"))
        own = [u for u in models if u.side == side.id]
        for i in range(n // 2):
            bn = f"{side.id}-bn{i // 10 + 1}"
            if i % 10 == 0:
                formations.append(FormationState(id=bn, name=f"{side.name} battalion {i // 10 + 1}", side=side.id,
                                                 level="battalion", parent=div))
            m = own[i % len(own)]
            uid = f"{m.id}-{i}"
            units[uid] = m.model_copy(update={"id": uid, "name": f"{m.name} #{i}", "formation": bn, "hits": i % 5 % 4})
    return state.model_copy(update={"units": units, "formations": formations})


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    state = big_state(n)
    t0 = time.perf_counter()  # reportlab's import and the font's loading are counted
    from umpire.reports.fonts import register_fonts
    from umpire.reports.pdf import roster_pdf

    register_fonts()
    report = build_report(state, [])
    buf = io.BytesIO()
    pages = []
    roster_pdf(report, buf, progress=pages.append)
    dt = time.perf_counter() - t0
    print(f"roster of {len(state.units)} units: {len(pages)} pages, {len(buf.getvalue()) / 1024:.0f} KiB "
          f"in {dt:.2f} s (target <= 5 s)")


if __name__ == "__main__":
    main()
