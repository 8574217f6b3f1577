"""A corpus of damaged game files, made from one real small game (nothing binary is committed).

:func:`base_game` plays the Hof Gap scenario into turn 1's Second Combat Phase (orders, phases
with dice, two undos); each entry of :data:`DAMAGE` copies it and breaks it one way, the way a
crash, a disk, a hand-edit or another tool could.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

from tests.conftest import REPO, at_scenario
from tests.store.files import hot_journal
from umpire.engine import Game
from umpire.registry import load_scenario

ORDERS = REPO / "data" / "orders"


def base_game(path: Path) -> Path:
    """Orders for both sides, six phases, an undo, two more phases, an undo, and a phase again:
    events with payloads, rolls, results and undos (#12 has dice); then two phases (#13, #14),
    an undo --to 12 (#15), its redo (#16) and an amendment of #13 (#17) that re-resolves #13 and
    #14 (#18, #19): every kind of correction."""
    game = Game.create(path, load_scenario(at_scenario()), seed=11)
    dice = None  # the game's keyed dice
    rules = game.turn_rules()
    for side in ("nato", "pact"):
        game.act("auftragstaktik.orders", rules.read_orders(ORDERS / f"{side}-turn1.yaml", game.state), dice)
    for _ in range(5):
        game.act("auftragstaktik.phase", {}, dice)
    game.undo()
    for _ in range(2):
        game.act("auftragstaktik.phase", {}, dice)
    game.undo()
    game.act("auftragstaktik.phase", {}, dice)
    for _ in range(2):
        game.act("auftragstaktik.phase", {}, dice)
    game.undo(to=12)
    game.redo()
    game.amend(13, "auftragstaktik.phase", {})
    game.close()
    return path


def _sql(*statements: str) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        conn = sqlite3.connect(path)
        for s in statements:
            conn.execute(s)
        conn.commit()
        conn.close()

    return damage


def _bytes(fn: Callable[[bytes], bytes]) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        path.write_bytes(fn(path.read_bytes()))

    return damage


DEEP = "[" * 100_000 + "]" * 100_000

# name -> (how to damage the file, whether umpire can still use it as a game)
DAMAGE: dict[str, tuple[Callable[[Path], None], bool]] = {
    "payload-not-json": (_sql("update events set payload = '{\"unit\": ' where seq = 7"), False),
    "payload-a-list": (_sql("update events set payload = '[1, 2]' where seq = 3"), False),
    "payload-too-deep": (_sql(f"update events set payload = '{DEEP}' where seq = 4"), False),
    "payload-a-number": (_sql("update events set payload = 42 where seq = 5"), False),
    "payload-missing-key": (_sql("update events set kind = 'place', payload = '{}' where seq = 4"), False),
    "payload-wrong-type": (_sql("update events set payload = '{\"allow_integrity_break\": [1]}' where seq = 6"), True),
    "rolls-not-json": (_sql("update rolls set vals = '[3,' where seq = 12 and n = 0"), False),
    "rolls-impossible-value": (_sql("update rolls set vals = '[99]' where seq = 12 and n = 0"), False),
    "roll-of-missing-event": (_sql("update rolls set seq = 99 where seq = 12 and n = 1"), False),
    "results-not-json": (_sql("update events set results = 'nope' where seq = 12"), False),
    "snapshot-not-json": (_sql("update snapshot set state = '{\"name\": '"), False),
    "snapshot-not-a-state": (_sql("update snapshot set state = '{\"name\": \"x\"}'"), False),
    "snapshot-behind-log": (_sql("update snapshot set seq = 5"), False),
    "snapshot-row-gone": (_sql("delete from snapshot"), False),
    "scenario-not-json": (_sql("update game set scenario = '{oops'"), False),
    "scenario-invalid": (_sql("update game set scenario = json_set(scenario, '$.table.width', 'wide')"), False),
    "game-row-gone": (_sql("delete from game"), False),
    "terrain-not-json": (_sql("update game set terrain = '[{\"id\": '"), False),
    "terrain-not-terrain": (_sql("update game set terrain = '[{\"id\": 3}]'"), False),
    "terrain-moved": (_sql("update game set terrain = json_set(terrain, '$[0].height', 9)"), False),
    "terrain-gone": (_sql("update game set terrain = null"), False),
    "ruleset-unknown": (_sql("update game set ruleset = 'chess'"), False),
    "seed-not-a-number": (_sql("update game set seed = 'abc'"), False),
    "unknown-kind": (_sql("update events set kind = 'teleport' where seq = 9"), False),
    "kind-null": (_sql("update events set kind = '' where seq = 9"), False),
    "undo-of-missing-event": (_sql("update events set undoes = 40, payload = '{\"undoes\": 40}' where seq = 8"), False),
    "undo-of-later-event": (_sql("update events set undoes = 9, payload = '{\"undoes\": 9}' where seq = 8"), False),
    "undo-of-an-undo": (_sql("update events set undoes = 8, payload = '{\"undoes\": 8}' where seq = 11"), False),
    "undo-twice": (_sql("update events set undoes = 7, payload = '{\"undoes\": 7}' where seq = 11"), False),
    "undoes-on-an-action": (_sql("update events set undoes = 2 where seq = 3"), False),
    "undo-to-of-missing-event": (_sql("update events set payload = json_set(payload, '$.takes_back[0]', 40) "
                                      "where seq = 15"), False),
    "undo-to-not-naming-its-last": (_sql("update events set undoes = 13, payload = json_set(payload, '$.undoes', 13)"
                                         " where seq = 15"), False),
    "redo-of-missing-undo": (_sql("update events set payload = json_set(payload, '$.redoes', 40) where seq = 16"),
                             False),
    "redo-not-reversing-its-undo": (_sql("update events set payload = json_set(payload, '$.restores', json('[13]')) "
                                         "where seq = 16"), False),
    "amend-of-missing-event": (_sql("update events set payload = json_set(payload, '$.amends', 40) where seq = 17"),
                               False),
    "amend-taking-back-missing": (_sql("update events set payload = json_set(payload, '$.takes_back[1]', 40) "
                                       "where seq = 17"), False),
    "part-of-missing-amendment": (_sql("update events set part_of = 40 where seq = 18"), False),
    "part-of-a-non-amendment": (_sql("update events set part_of = 16 where seq = 19"), False),
    "replaces-what-was-not-taken-back": (_sql("update events set replaces = 3 where seq = 18"), False),
    "amendment-event-gone": (_sql("update events set kind = 'auftragstaktik.phase', payload = '{}' where seq = 17"),
                             False),
    "checkpoint-not-json": (_sql("update checkpoints set state = '{\"name\": ' where seq = 12"), False),
    "checkpoint-wrong": (_sql("update checkpoints set state = json_set(state, '$.turn', 7) where seq = 12"), False),
    "checkpoint-of-missing-event": (_sql("update checkpoints set seq = 99 where seq = 12"), False),
    "roll-key-not-a-key": (_sql("update rolls set key = 'no number' where seq = 12 and n = 0"), False),
    "roll-typed-not-a-flag": (_sql("update rolls set typed = 7 where seq = 12 and n = 0"), False),
    "event-row-deleted": (_sql("delete from events where seq = 4"), False),
    "units-row-changed": (_sql("update units set x = 1 where id = 'a-1-64'"), False),
    "table-events-dropped": (_sql("drop table events"), False),
    "table-rolls-dropped": (_sql("drop table rolls"), False),
    "table-snapshot-dropped": (_sql("drop table snapshot"), False),
    "table-units-dropped": (_sql("drop table units"), False),
    "table-game-dropped": (_sql("drop table game"), False),
    "column-payload-dropped": (_sql("alter table events drop column payload"), False),
    "column-results-dropped": (_sql("alter table events drop column results"), False),
    "column-units-x-dropped": (_sql("alter table units drop column x"), False),
    "migrations-newer": (_sql("insert into _umpire_migrations values ('m999_future', '')"), False),
    "migration-record-lost": (_sql("delete from _umpire_migrations where name = 'm002_event_results'"), False),
    "not-sqlite": (_bytes(lambda b: b"this is a report, not a game\n" * 50), False),
    "empty-file": (_bytes(lambda b: b""), False),
    "truncated": (_bytes(lambda b: b[: len(b) // 3]), False),
    "pages-scribbled": (_bytes(lambda b: b[:4096] + b"\xff" * 8192 + b[4096 + 8192:]), False),
    "hot-journal": (hot_journal, True),
    # a result rewritten by hand (#26): the game still opens, but the doctor and replay --check name it
    "summary-rewritten": (_sql("update events set summary = replace(summary, 't80-1 eliminated', 't80-1 escaped') "
                               "where seq = 12"), True),
    "result-text-rewritten": (_sql("update events set results = replace(results, 'eliminated (rolled', "
                                   "'escaped (rolled') where seq = 12"), True),
}


def make(base: Path, folder: Path, name: str) -> Path:
    """A copy of ``base`` in ``folder`` damaged the ``name`` way."""
    path = folder / f"{name}.db"
    shutil.copy(base, path)
    DAMAGE[name][0](path)
    return path
