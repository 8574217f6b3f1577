"""The multi-player rules (21.3): who commands which units, who may send what.

Before a game begins each player is assigned the forces he commands personally (21.3.1); a
side has one overall commander. Each ground commander's personal commander stands with one of
his units (21.3.2); players communicate only through their personal commanders (21.3.3): a
player whose personal commander is lost sends no message. Each player sends one free radio
message a Turn, the overall commander two; each more costs one command point (21.3.3.2.2),
two under communications disruption (21.2.2). A message is sent to one other commander of the
same side.

Pure: plain values in, plain values out; the numbers are the COMMAND chart's
(``rulesets/mbt/options/command.yaml``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from umpire.rules.mbt.options.charts import chart


@dataclass(frozen=True)
class Player:
    id: str
    side: str
    name: str
    units: tuple[str, ...]
    commander: str
    overall: bool


def assign(specs: Sequence[Mapping[str, Any]], units: Mapping[str, tuple[str, str | None]],
           problems: list[str] | None = None, where: str = "mbt.players") -> list[Player]:
    """The players of a scenario's ``mbt.players`` (``units``: unit id -> (side, formation)),
    each with the unit ids it commands (a formation's id stands for its units). With
    ``problems``, one line for each thing 21.3.1-21.3.2 does not allow is appended there."""
    out: list[Player] = []
    taken: dict[str, str] = {}
    say = problems.append if problems is not None else (lambda _line: None)
    seen: set[str] = set()
    for i, p in enumerate(specs):
        at = f"{where}[{i}]"
        pid, side = str(p["id"]), str(p["side"])
        if pid in seen:
            say(f"{at}.id: {pid!r} is given twice (one id a player)")
        seen.add(pid)
        ids: list[str] = []
        for name in p.get("units") or ():
            mine = [u for u, (s, f) in units.items() if f == name and s == side]
            if name in units and units[name][0] == side:
                mine = [name]
            if not mine:
                known = sorted({u for u, (s, _f) in units.items() if s == side}
                               | {f for s, f in units.values() if s == side and f})
                say(f"{at}.units: {name!r} is not a unit or formation of side {side} (allowed: {', '.join(known)})")
            for u in mine:
                if u in taken and taken[u] != pid:
                    say(f"{at}.units: {u!r} is commanded by {taken[u]} already (a unit has one player, 21.3.1)")
                elif u not in ids:
                    taken[u] = pid
                    ids.append(u)
        commander = p.get("commander") or (ids[0] if ids else "")
        if p.get("commander") and commander not in ids:
            say(f"{at}.commander: {commander!r} is not one of the player's units (allowed: {', '.join(ids)}; 21.3.2)")
        out.append(Player(pid, side, str(p.get("name") or pid), tuple(ids), str(commander), bool(p.get("overall"))))
    for side in dict.fromkeys(p.side for p in out):
        theirs = [p for p in out if p.side == side]
        overall = [p for p in theirs if p.overall]
        if len(overall) > 1:
            say(f"{where}: side {side} has {len(overall)} overall commanders ({', '.join(p.id for p in overall)}); "
                "one a side (21.3.1)")
        if not overall:  # the side's first player, as the scenario lists them
            first = theirs[0]
            out[out.index(first)] = Player(first.id, first.side, first.name, first.units, first.commander, True)
        left = sorted(u for u, (s, _f) in units.items() if s == side and u not in taken)
        if left:
            say(f"{where}: side {side}'s {', '.join(left)} commanded by no player (every unit has one, 21.3.1)")
    return out


def free_messages(overall: bool) -> int:
    """Radio messages a player sends free each Turn (21.3.3.2.2)."""
    m = chart("command").messages
    return int(m["free_overall" if overall else "free"].v)


def words(text: str) -> int:
    """Words and numbers in a message (21.3.3.2.3 counts both)."""
    return len(text.split())


def check_scenario(spec: Any, units: Mapping[str, Any], sides: list[str], problems: list[str], where: str) -> None:
    """The scenario's ``mbt.players`` and ``mbt.jamming`` (21.2, 21.3), one line a problem."""
    opts = list(spec.options)
    if spec.players and "multi_player" not in opts:
        problems.append(f"{where}: mbt.players: players need the multi_player option (21.3)")
    elif "multi_player" in opts and not spec.players:
        problems.append(f"{where}: mbt.players: the multi_player option (21.3) needs the players of each side and "
                        "the units each commands")
    for i, p in enumerate(spec.players):
        if p.side not in sides:
            problems.append(f"{where}: mbt.players[{i}].side: {p.side!r} (allowed: {', '.join(sides)})")
    if "multi_player" in opts:
        played = {p.side for p in spec.players}
        assign([p.model_dump() for p in spec.players if p.side in sides],
               {uid: (u.side, u.formation) for uid, u in units.items() if u.side in played}, problems,
               f"{where}: mbt.players")
    for what, held in (("batteries", spec.batteries), ("aircraft", spec.aircraft)):
        for i, b in enumerate(held):
            if b.player is None:
                continue
            mine = [p.id for p in spec.players if p.side == b.side]
            if b.player not in mine:
                problems.append(f"{where}: mbt.{what}[{i}].player: {b.player!r} is no player of side {b.side} "
                                f"(allowed: {', '.join(mine) or 'none: the side has no players'}; 21.3.1)")
    if spec.jamming and "radio_jamming" not in opts:
        problems.append(f"{where}: mbt.jamming: jamming points need the radio_jamming option (21.2)")
    for side, n in spec.jamming.items():
        if side not in sides:
            problems.append(f"{where}: mbt.jamming.{side}: not a side (allowed: {', '.join(sides)})")
        elif n < 0:
            problems.append(f"{where}: mbt.jamming.{side}: {n} (allowed: 0 or more jamming points, 21.2)")
