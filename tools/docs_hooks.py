"""MkDocs hooks (mkdocs.yml `hooks:`): the pictures are made from the demo before the pages are read.

The pictures are not kept in the repository (they are made, so that they cannot drift from what
umpire shows): a build without them runs tools/docs_pictures.py first. Delete docs/pictures/ to
make them again.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve().parent / "docs_pictures.py"
PICTURES = ("map-nato.png", "roster-mbt.png", "console.png", "briefing.png", "side-phone.png")


def on_pre_build(config: Any, **kwargs: Any) -> None:
    out = Path(config["docs_dir"]) / "pictures"
    if not all((out / name).exists() for name in PICTURES):
        subprocess.run([sys.executable, str(SCRIPT), str(out)], check=True)
