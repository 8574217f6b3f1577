"""What a combat phase keeps while it resolves (the spotted enemy AFVs per side, each firer's
closest) is its thread's own: a server resolving two games at once in two threads never reads
the other's."""

import threading

from umpire.turns.auftragstaktik.shot_checks import phase_afvs


def test_each_thread_keeps_its_own_combat_phase():
    mine = phase_afvs()
    mine["state"] = marker = object()
    seen: list[object] = []

    def other() -> None:
        theirs = phase_afvs()
        seen.append(theirs.get("state"))
        theirs["state"] = object()

    t = threading.Thread(target=other)
    t.start()
    t.join()
    try:
        assert seen == [None]
        assert phase_afvs() is mine and mine["state"] is marker
    finally:
        mine.clear()
