"""A whole turn of a 150-a-side game over 300 terrain pieces gives the same results as it did
before the speed-ups (issue #14): the same outcome of every resolution, phase by phase, and every
stand where it ends, with its hits, status and who spotted it.

The dice are fixed (the k-th die shows a value from a fixed cycle, bench/big_game.py), so the
record does not depend on how seeded dice are drawn. The record, tests/turns/golden/
big-turn-150.txt, was made before the speed-ups; only a change of the rules may change it
(``pytest --update-golden`` rewrites it: review the diff).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path

from tests.conftest import REPO

GOLDEN = Path(__file__).parent / "golden" / "big-turn-150.txt"


def _big_game():
    spec = importlib.util.spec_from_file_location("big_game", REPO / "bench" / "big_game.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _digest(obj: object) -> str:
    text = json.dumps(obj, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def results_record(tmp_path: Path) -> str:
    big = _big_game()
    game = big.new_game(tmp_path / "big.db", stands=150, polygons=300)
    lines = ["# action: resolutions, digest of (procedure, outcome, dice) of each"]
    for i, res in enumerate(big.play_turn(game, big.CyclingDice())):
        rows = [[r.procedure, r.outcome, [list(x.values) for x in r.rolls]] for r in res.resolutions]
        lines.append(f"{i:2d} {len(rows):4d} {_digest(rows)}")
    lines.append("# stand: x y facing hits status spotted_by")
    for u in sorted(game.state.units.values(), key=lambda u: u.id):
        lines.append(f"{u.id} {u.x:.3f} {u.y:.3f} {u.facing:.1f} {u.hits} {u.status} {','.join(sorted(u.spotted_by))}")
    return "\n".join(lines) + "\n"


def test_big_turn_results_unchanged(tmp_path, update_golden):
    text = results_record(tmp_path)
    if update_golden:
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text)
    expected = GOLDEN.read_text().splitlines()
    got = text.splitlines()
    pairs = enumerate(zip(expected, got, strict=False))
    diff = [f"line {k + 1}: expected {a!r}, got {b!r}" for k, (a, b) in pairs if a != b]
    assert len(got) == len(expected) and not diff, "\n".join(diff[:10])
