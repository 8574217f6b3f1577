"""The checks of the fog property beyond names (tests/reports/test_fog_property.py): every per-side
command's output, the reasons, modifiers, dice and table cells of a side's lines, the order of
lines within a phase, and the event numbers.

Each check reads what a side is shown as a player would: the CLI's output for that side (status
in text and JSON, the log, the map, the report in every format, the roster and the orders sheet)
and the briefing's lines; what the side knew comes from the recorder of the property test.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from umpire.cli import app

# Keys of the game state that hold what a side may not read: the seed (every keyed die follows
# from it), the enemy's plans and the umpire's bookkeeping of who saw whom (1 in the issue).
HIDDEN_KEYS = {"seed", "initiative", "orders", "pending", "rolled", "plan", "sequence", "spotted_by", "spotted_at",
               "ident", "attacked_last", "stationary", "acq", "fired", "ow_fired", "atgm", "shots", "extra", "rolls"}
SECTION = re.compile(r"\(\d+(?:\.\d+)*(?:[,;] [\d.]+)*\)")


def _pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(path.read_bytes())).pages)


def side_outputs(db: Path, side: str, folder: Path) -> dict[str, str]:
    """Every per-side command's output for ``side``, by name (text of PDFs extracted)."""
    runner = CliRunner()
    out: dict[str, str] = {}

    def run(name: str, *args: str, file: str | None = None) -> None:
        path = folder / file if file else None
        r = runner.invoke(app, ["--db", str(db), *args, *(["--out", str(path)] if path else [])])
        assert r.exit_code == 0, (name, r.output, r.stderr if r.stderr_bytes else "")
        if path is None:
            out[name] = r.stdout
        else:
            out[name] = _pdf_text(path) if path.suffix == ".pdf" else path.read_text(encoding="utf-8")

    run("status", "status", "--side", side)
    run("status --json", "status", "--side", side, "--json")
    run("log", "log", "--side", side)
    run("log --json", "log", "--side", side, "--json")
    run("map", "map", "--side", side, file=f"map-{side}.svg")
    for fmt, ext in (("text", "txt"), ("md", "md"), ("json", "json"), ("pdf", "pdf")):
        run(f"report {fmt}", "report", "--side", side, "--format", fmt, file=f"report-{side}.{ext}")
    run("roster", "roster", "--side", side, file=f"roster-{side}.pdf")
    run("orders-sheet", "orders-sheet", "--side", side, file=f"orders-{side}.pdf")
    return out


def _keys(v: Any) -> Iterable[str]:
    if isinstance(v, dict):
        for k, x in v.items():
            yield str(k)
            yield from _keys(x)
    elif isinstance(v, list):
        for x in v:
            yield from _keys(x)


def check_side_outputs(db: Path, side: str, enemies: list[str], folder: Path,
                       leaks: Callable[[str], list[str]]) -> dict[str, str]:
    """No per-side output names what ``side`` never knew (``leaks``), none holds the seed or an
    event number, and the status in JSON holds none of the state's hidden keys nor an enemy
    side's part of anything. Returns the outputs, by name."""
    outputs = side_outputs(db, side, folder)
    for name, text in outputs.items():
        assert not leaks(text), (side, name, leaks(text), text[:2000])
        numbers = re.findall(r".{0,30}#\d{1,5}(?![0-9a-fA-F]).{0,30}", text)  # not a colour (#666666)
        assert not numbers, (side, name, "an event number", numbers)
        assert "seed" not in text.lower(), (side, name, "the seed")
        if name.endswith("--json"):
            keys = set(_keys(json.loads(text)))
            assert not keys & HIDDEN_KEYS, (side, name, sorted(keys & HIDDEN_KEYS))
            assert not keys & set(enemies), (side, name, "an enemy side's part", sorted(keys & set(enemies)))
    return outputs


# -- reasons, modifiers, dice and table cells -------------------------------------------------------
def _own_words(b: Any) -> set[str]:
    return {u.id for u in b.units if u.side == b.viewer} | {u.name for u in b.units if u.side == b.viewer}


def check_reasons(b: Any) -> None:
    """A reason given for a shot not fired at an enemy unit the side did not know names no number
    about that unit (range, bearing, position): only rule sections and own ids remain."""
    own = _own_words(b)
    for e in b.events:
        for ln in e.lines:
            if ln.kind not in ("no_fire", "hold_fire") or (ln.target is not None and ln.target.level != "unseen"):
                continue
            if ln.data.get("about") in ("firer", "order"):  # its own state or order: the side's own
                continue
            text = SECTION.sub("", ln.text)
            for w in sorted(own, key=len, reverse=True):
                text = text.replace(w, "")
            assert not re.search(r"\d", text), (b.viewer, "a number about an unseen target", ln.text)


HIDDEN_VALUE = "?"
ENEMY_FACTS = ("troop quality", "firer unspotted", "HQ rating difference", "target C3 level")


def check_explanations(b: Any) -> None:
    """A side's own line shows a modifier, the modified roll, a table cell and a die only where
    they tell nothing the side does not know of the enemy (4 in the issue): the enemy's troop
    quality, whether it had spotted the firer, its HQ rating and C3 level never (nor the sums of
    an Auftragstaktik roll, which may hold them); an MBT target's size value, the hit number, the
    card's defence and the dice of a penetration only where the side identified the target."""
    for e in b.events:
        for ln in e.lines:
            w = ln.why
            if not w:
                continue
            level = ln.target.level if ln.target is not None else "own"
            for m in w.modifiers:
                assert not m.what.startswith(ENEMY_FACTS), (b.viewer, "a modifier tells an enemy fact", m, ln.text)
                if m.rule == "7.4.2.3.2" and level not in ("full", "own"):
                    assert m.value == HIDDEN_VALUE, (b.viewer, "the size value of a target seen by type", m)
            dice = " ".join(w.dice)
            if b.ruleset == "auftragstaktik" and ln.kind in ("fire", "close_combat", "overrun", "indirect", "hq"):
                assert w.modified_roll is None, (b.viewer, "the modified roll sums enemy facts", ln.text)
                assert w.cell is None or "row" not in w.cell, (b.viewer, "the cell's row sums them", w.cell)
            if b.ruleset == "mbt" and level not in ("full", "own"):
                assert w.modified_roll is None and "hit number" not in dice, (b.viewer, "a sum of the size", dice)
                assert not re.search(r"\b(damage|hit location)\b", dice), (b.viewer, "a die tells penetration", dice)
                assert "defense" not in dice and (w.cell is None or "defense" not in w.cell), (b.viewer, dice, w.cell)


# -- the order of lines within a phase --------------------------------------------------------------
def phase_lines(b: Any) -> dict[tuple[Any, Any], list[str]]:
    out: dict[tuple[Any, Any], list[str]] = {}
    for turn, phase, _name, events in b.phases():
        out.setdefault((turn, phase), []).extend(ln.text for e in events for ln in e.lines)
    return out


def check_same_ordering_signal(a: Any, b: Any) -> None:
    """Two briefings of one side, of games alike but for something the side may not know (who
    had the initiative): where a phase holds the same lines in both, they come in the same order."""
    pa, pb = phase_lines(a), phase_lines(b)
    for key in pa.keys() & pb.keys():
        if sorted(pa[key]) == sorted(pb[key]):
            assert pa[key] == pb[key], (a.viewer, key, "the order of lines tells", pa[key], pb[key])


class FirstDice:
    """Initiative dice that give ``first`` the initiative (MBT 11.1 / 3.1): 10 for it, 1 for the rest."""

    def __init__(self, first: str) -> None:
        self.first = first

    def roll(self, sides: int, count: int = 1, *, why: str) -> tuple[int, ...]:
        assert why.startswith("initiative: "), why
        return tuple([10 if why == f"initiative: {self.first}" else 1] * count)
