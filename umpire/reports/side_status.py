"""A side's status (``umpire status --side``), composed from its briefing, never from the state.

:func:`side_status` reads the side's :func:`~umpire.reports.model.briefing` of the whole game
(the same observers every per-side output uses) and keeps where the turn stands, the side's own
formations and units, the enemy units it knows (by contact label in MBT, as last seen) and a
situation summary: its own losses, the contacts in sight now, the victory points it can count.
Nothing of the seed, the enemy's plans, the initiative (24.3.1), the umpire's book-keeping or
what the enemy knows of its units is in it: those are not in the briefing to begin with. The
players' pages of ``umpire serve`` read the same view.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from umpire.errors import UmpireError
from umpire.registry import game_rules
from umpire.reports import sections as S
from umpire.reports.words import inches, status_words

if TYPE_CHECKING:
    from umpire.reports.model import StoredGame
    from umpire.reports.views import TurnReport, UnitView

OWN_KEYS = ("id", "name", "type", "formation", "x", "y", "facing", "turret", "status", "hits", "quality")
CONTACT_KEYS = ("id", "name", "type", "level", "seen_turn", "now", "x", "y", "facing", "status")


@dataclass(frozen=True)
class SideStatus:
    """What one side may read of the game now."""

    side: str
    side_name: str
    title: str
    game: str
    own: tuple[tuple[str, ...], ...]
    contacts: tuple[tuple[str, ...], ...]
    summary: tuple[str, ...]
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return self.data


def _own(u: UnitView) -> dict[str, Any]:
    d = {k: v for k, v in asdict(u).items() if k in OWN_KEYS and v is not None}
    d["order"] = u.orders
    d["type"] = u.label or None
    return d


def _contact(u: UnitView) -> dict[str, Any]:
    return {k: v for k, v in asdict(u).items() if k in CONTACT_KEYS}


def summary(r: TurnReport, objectives: list[tuple[str, int]]) -> tuple[str, ...]:
    """The situation in three lines: own losses, contacts in sight now, victory points counted."""
    side = r.viewer or ""
    lost = [x for x in r.losses if x.side == side]
    out = ["own losses: " + (", ".join(f"{x.text} ({status_words(x.status, x.how)}, turn {x.turn})" for x in lost)
                             if lost else "none")]
    now = [u for u in r.units if u.observed and u.now and not u.dead]
    out.append("enemy units in sight now: " + (", ".join(f"{u.id} ({u.name})" if u.name != u.id else u.id
                                                        for u in now) if now else "none"))
    if r.victory:
        out.append(f"result: {r.victory[0]}")
    elif objectives:
        held = ", ".join(f"{t} ({p})" for t, p in objectives)
        out.append(f"victory points from objectives held: {sum(p for _t, p in objectives)} ({held})")
    return tuple(out)


def situation(r: TurnReport) -> tuple[str, ...]:
    """A side's situation summary (:func:`summary`) for its briefing ``r``; none for the umpire."""
    return summary(r, _objectives(r)) if r.viewer is not None else ()


def _objectives(r: TurnReport) -> list[tuple[str, int]]:
    """The objectives ``r``'s side holds now by its ruleset's count (MBT 4.8), with their points:
    its own to know."""
    state = r.source.state if r.source is not None else None
    if state is None or r.viewer is None:
        return []
    try:
        return game_rules(state.ruleset).objectives_held(state, r.viewer)
    except UmpireError:
        return []


def side_status(game: StoredGame, side: str) -> SideStatus:
    """``side``'s status now, from its briefing of the whole game."""
    from umpire.reports.model import briefing, report_for_game

    r = briefing(report_for_game(game), side)
    return status_of(r)


def status_of(r: TurnReport) -> SideStatus:
    """The status in a side's briefing ``r`` (see :func:`side_status`)."""
    side = r.viewer or ""
    sv = r.side(side)
    objectives = _objectives(r)
    own = [u for u in r.units if u.side == side]
    contacts = [u for u in r.units if u.observed]
    lines = summary(r, objectives)
    game = (f"{r.ruleset}, turn {r.turn}, {r.phase_name}, table {inches(r.table[0])} x {inches(r.table[1])}"
            + (f"; rulings: {', '.join(f'{k}={v}' for k, v in r.rulings)}" if r.rulings else ""))
    data = {
        "name": r.name, "ruleset": r.ruleset, "turn": r.turn, "phase": r.phase_name, "side": side,
        "side_name": sv.name, "table": list(r.table), "rulings": dict(r.rulings),
        "formations": [{"id": f.id, "name": f.name, "level": f.level, "parent": f.parent, "hq": f.hq}
                       for f in r.formations_of(side)],
        "units": [_own(u) for u in own], "contacts": [_contact(u) for u in contacts],
        "summary": list(lines), "victory_points_from_objectives": sum(p for _t, p in objectives),
    }
    own_rows = tuple(S.own_rows(r, side))
    contact_rows = tuple(row for s in S.enemy_sides(r) for row in S.enemy_rows(r, s))
    return SideStatus(side, sv.name, f"{r.name}: {sv.name}", game, own_rows, contact_rows, lines, data)


def render_side_status(st: SideStatus) -> Any:
    """Rich renderables for ``umpire status --side``."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from umpire.reports.screen import rows_table

    def table(head: tuple[str, ...], rows: tuple[tuple[str, ...], ...]) -> Table:
        t = rows_table(head, rows)
        for row in rows:
            t.add_row(*row)
        return t

    parts: list[Any] = [Text.assemble((st.title, "bold"), f"  {st.game}")]
    parts += [Text(line) for line in st.summary]
    parts += [Text(f"{st.side_name} ({st.side})", style="bold"), table(S.OWN_HEAD, st.own)]
    parts.append(Text("enemy units your side has seen", style="bold"))
    parts.append(table(S.ENEMY_HEAD, st.contacts) if st.contacts else Text("none", style="dim"))
    return Group(*parts)
