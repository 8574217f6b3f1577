"""The season's story written out: ``umpire campaign story`` writes its Markdown with two chart
SVGs, its HTML page (:mod:`umpire.campaign.story`) and its PDF (:mod:`umpire.campaign.story_pdf`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from umpire.campaign.story import build_story, to_html, to_markdown
from umpire.campaign.story_pdf import story_pdf
from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.campaign.engine import Campaign


def write_story(campaign: Campaign, out: Path, *, paper_name: str = "a4") -> list[Path]:
    """Write ``season.md`` (with its two chart SVGs), ``season.html`` and ``season.pdf`` in ``out``."""
    from umpire.campaign.charts import chart_data, losses_chart, strength_chart, to_svg
    from umpire.campaign.commands import guard_output
    from umpire.reports.files import write_atomic, write_text_atomic

    out = Path(out)
    guard_output(campaign, out)
    if out.exists() and not out.is_dir():
        raise UmpireError(f"--out {out}: is a file; give a folder (it is created if missing)")
    story = build_story(campaign)
    data = chart_data(story)
    svgs = (to_svg(strength_chart(data["labels"], data["strength"]), "Strength by round"),
            to_svg(losses_chart(data["games"], data["losses"]), "Losses per game"))
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UmpireError(f"--out {out}: cannot make the folder ({exc.strerror})") from None
    return [
        write_text_atomic(out / "strength.svg", svgs[0]),
        write_text_atomic(out / "losses.svg", svgs[1]),
        write_text_atomic(out / "season.md", to_markdown(story)),
        write_text_atomic(out / "season.html", to_html(story, svgs)),
        write_atomic(out / "season.pdf", lambda fh: story_pdf(story, fh, paper_name=paper_name)),
    ]
