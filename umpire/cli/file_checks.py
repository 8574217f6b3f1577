"""What `replay` and `doctor` print, for a game file and a campaign file alike."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from umpire.cli.output import console, fail, print_json

if TYPE_CHECKING:
    from umpire.engine.doctor import Diagnosis


def show_replay(n: int, diffs: list[str], *, check: bool, as_json: bool, forged: Sequence[str] = ()) -> None:
    """Say whether the replay of ``n`` events gives the stored state (the first 50 differences
    if not), and name the seeded rolls the seed does not give (``forged``); with ``check``, exit
    1 when either is found."""
    if as_json:
        print_json({"events": n, "agrees": not diffs, "differences": diffs, "dice_agree": not forged,
                    "dice_differences": list(forged)})
    else:
        if diffs:
            console.print(f"replay of {n} events differs from the stored state:", style="red")
            for d in diffs[:50]:
                console.print(f"  {d}")
        else:
            console.print(f"replay of {n} events gives the stored state exactly", style="green")
        if forged:
            console.print(f"{len(forged)} seeded roll{'s' if len(forged) != 1 else ''} not what the seed "
                          "gives (changed in the file by hand?):", style="red")
            for d in forged[:50]:
                console.print(f"  {d}")
    if check and (diffs or forged):
        raise typer.Exit(1)


def show_diagnosis(path: Path, found: Diagnosis, kind: str) -> None:
    """List what the doctor found in the ``kind`` file at ``path`` (say "game" or "campaign");
    an unhealthy file ends in one ``Error:`` line and exit status 2."""
    n, k = len(found.problems), len(found.stale)
    problems = f"{n} problem{'s' if n != 1 else ''}"
    stale = f"{k} game{'s' if k != 1 else ''} changed after {'its' if k == 1 else 'their'} import"
    said = f"healthy ({found.summary})" if found.healthy else problems if n else f"sound, but out of date: {stale}"
    console.print(f"{path}: {said}")
    for p in [*found.problems, *found.stale]:
        console.print(f"  {p}", soft_wrap=True)
    for note in found.notes:
        console.print(f"  note: {note}", soft_wrap=True)
    if n:
        fail(f"{path}: the {kind} file is damaged ({problems}, listed above)")
    if k:
        fail(f"{path}: the {kind} is out of date ({stale}, listed above)")
