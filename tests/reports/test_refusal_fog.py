"""Fog of war in refusals, as a property over random games of both rulesets: a side's orders
file read by ``umpire check`` and ``umpire turn orders``, and a player's page checking an entry
(MBT's multi-player rules, 21.3), given random bad orders naming any unit of the game, its own
units, contact labels and names that are nobody's; no refusal names an enemy unit's id that the
reader's knowledge does not hold (nor a unit of another player of its side, on a player's page),
unless the reader wrote that name itself; and a name the side does not know is refused in the
same words whether it is an enemy unit's id or nobody's.

What each side knew is the recorder's of the briefings' property
(:mod:`tests.reports.test_fog_property`): an Auftragstaktik side knows a stand it spotted by its
id; an MBT side knows no enemy id at all, only contact labels (24.2.2).
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tests.reports.test_fog_players import SIDE, UNITS, _play
from tests.reports.test_fog_property import (
    AT,
    BLUE,
    RED,
    Recorder,
    _at_payload,
    _mbt_payload,
    _mbt_scenario,
    at_orders,
    point,
)
from umpire.cli import app
from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.registry import load_scenario, scenario_from_data

FEW = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                    HealthCheck.function_scoped_fixture])
NOBODY = ("zz-9", "contact-99", "t80", "Contact-1")
#: how a bad entry names: (the kind of entry, index into the names drawn)
entries = st.lists(st.tuples(st.sampled_from(["fire", "unit", "battalion", "overwatch"]), st.integers(0, 400),
                             st.integers(0, 400)), min_size=3, max_size=6)


def _word(w: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(w)}(?![\w-])")


def _names(state, side: str) -> list[str]:
    return [*sorted(state.units), *(f"contact-{i}" for i in range(1, 8)), *NOBODY,
            *(f.id for f in state.formations)]


def _file(state, side: str, ruleset: str, drawn: list[tuple[str, int, int]]) -> list[tuple[str, str]]:
    """Bad orders files for ``side`` (text, and the names it gives), one a drawn entry."""
    names = _names(state, side)
    own = sorted(u.id for u in state.units_of(side))
    out = []
    for kind, i, j in drawn:
        a, b = names[i % len(names)], names[j % len(names)]
        unit = own[i % len(own)]
        if kind == "unit":
            body, said = f"units:\n  {a}: {{order: {'HA' if ruleset == 'auftragstaktik' else 'OW'}}}\n", [a]
        elif kind == "battalion":
            body, said = f"battalions:\n  {a}: {{order: HA}}\n", [a]
        elif ruleset == "auftragstaktik":
            body, said = f"units:\n  {unit}: {{fire: [{a}, {b}]}}\n", [a, b]
        elif kind == "fire":
            body, said = f"units:\n  {unit}: {{order: F, fire: {{target: {a}}}}}\n", [a]
        else:
            body, said = f"units:\n  {unit}: {{order: OW, overwatch: {{targets: [{a}, {b}]}}}}\n", [a, b]
        out.append((f"side: {side}\n{body}", said))
    return out


def _hidden(state, side: str, knew: dict[str, str], ruleset: str, own: set[str] | None = None) -> set[str]:
    """The unit ids a refusal to ``side`` may not name: every enemy id it does not know (an MBT
    side knows none), and, for a player, his side's units he does not command."""
    out = set()
    for u in state.units.values():
        if u.side != side:
            if ruleset == "mbt" or knew.get(u.id) != "full":
                out.add(u.id)
        elif own is not None and u.id not in own:
            out.add(u.id)
    return out


def _check_said(text: str, said: list[str], hidden: set[str], what: str) -> None:
    for uid in hidden - set(said):
        assert not _word(uid).search(text), (what, uid, text)


def _alike(refusals: dict[str, str]) -> None:
    """A name the side does not know is refused in the same words, whoever's id it is (but for a
    suggestion among the side's own names, which follows the spelling)."""
    shapes = {re.sub(r"did you mean [^?]*\? ", "", re.sub(r"'[^']*'", "'NAME'", t.split(": ", 1)[-1], count=1))
              for t in refusals.values()}
    assert len(shapes) <= 1, refusals


def _files(db: Path, state, side: str, knew: dict[str, str], ruleset: str, drawn, folder: Path) -> int:
    runner = CliRunner()
    hidden = _hidden(state, side, knew, ruleset)
    unknown: dict[str, str] = {}
    n = 0
    for k, (text, said) in enumerate(_file(state, side, ruleset, drawn)):
        f = folder / f"{side}-{k}.yaml"
        f.write_text(text, encoding="utf-8")
        for args in (["check", str(f)], ["turn", "orders", str(f)]):
            r = runner.invoke(app, ["--db", str(db), *args])
            if r.exit_code == 0:  # entered: what the umpire's command then prints is the umpire's
                continue
            out = r.output + (r.stderr if r.stderr_bytes else "")
            _check_said(out, said, hidden, (side, args[0], text))
            m = re.search(r"(\w+\.[\w.-]+): unknown enemy unit '([^']+)' \(.*", out)
            if args[0] == "check" and m and len(said) == 1 and "fire" in m.group(1):
                unknown[m.group(2)] = m.group(0)
            n += 1
    _alike(unknown)
    return n


@FEW
@given(seed=st.integers(1, 10_000), nato=st.lists(at_orders, min_size=4, max_size=4),
       pact=st.lists(at_orders, min_size=5, max_size=5), drawn=entries)
def test_auftragstaktik_refusals_tell_only_what_the_side_knew(tmp_path_factory, seed, nato, pact, drawn):
    folder = tmp_path_factory.mktemp("at")
    game = Game.create(folder / "g.db", load_scenario(AT), seed=seed)
    rec, dice = Recorder(game), SeededDice(seed)
    for side, mine in (("nato", nato), ("pact", pact)):
        try:
            rec.act("auftragstaktik.orders", _at_payload(game.state, side, mine), dice)
        except Exception as exc:  # a Checked or Routed battalion refuses some orders
            assert "Checked" in str(exc) or "Routed" in str(exc), exc
            rec.act("auftragstaktik.orders", {"side": side, "file": f"{side}.yaml"}, dice)
    turn = game.state.turn
    while game.state.turn == turn:
        rec.act("auftragstaktik.phase", {}, dice)
    state = game.state
    game.close()
    assert sum(_files(folder / "g.db", state, side, rec.ever[side], "auftragstaktik", drawn, folder)
               for side in ("nato", "pact")) > 0


@FEW
@given(pos=st.fixed_dictionaries({u: point for u in BLUE + RED}),
       picks=st.lists(st.integers(0, 2), min_size=6, max_size=6), seed=st.integers(1, 10_000), drawn=entries)
def test_mbt_refusals_tell_only_contact_labels(tmp_path_factory, pos, picks, seed, drawn):
    folder = tmp_path_factory.mktemp("mbt")
    game = Game.create(folder / "g.db", scenario_from_data(_mbt_scenario(pos), "fog"), seed=seed)
    rec = Recorder(game)
    for _ in range(2):
        rec.act("mbt.phase", {}, None)
        rec.act("mbt.orders", _mbt_payload(game, "blue", BLUE, RED, picks[:3]), None)
        rec.act("mbt.orders", _mbt_payload(game, "red", RED, BLUE, picks[3:]), None)
        for _ in range(4):
            rec.act("mbt.phase", {}, None)
    rec.act("mbt.phase", {}, None)  # turn 3's Initiative Phase: its orders are due
    state = game.state
    game.close()
    assert sum(_files(folder / "g.db", state, side, rec.ever[side], "mbt", drawn, folder)
               for side in ("blue", "red")) > 0


@settings(FEW, max_examples=3)
@given(pos=st.fixed_dictionaries({u: point for u in BLUE + RED}),
       picks=st.lists(st.integers(0, 2), min_size=6, max_size=6),
       talk=st.lists(st.integers(0, 40), min_size=4, max_size=4), seed=st.integers(1, 10_000), drawn=entries)
def test_a_players_page_refuses_in_his_words(tmp_path_factory, pos, picks, talk, seed, drawn):
    """Several players a side (21.3): a player's page checking a bad entry is told nothing of a
    unit he may not know, neither the enemy's nor his side's other player's."""
    from tests.serve.conftest import Client
    from tests.serve.sides import SideClient, make_link
    from umpire.engine import players

    folder = tmp_path_factory.mktemp("players")
    rec = _play(folder / "g.db", pos, picks, talk, seed)
    game = rec.game
    players.release(game, 2)
    state = game.state
    game.close()
    umpire = Client(folder / "g.db")
    n = 0
    for player, side in SIDE.items():
        page = SideClient(umpire.app, make_link(umpire, side, player), side)
        hidden = _hidden(state, side, rec.ever[player], "mbt", set(UNITS[player]))
        names = _names(state, side)
        for kind, i, j in drawn:
            a = names[i % len(names)]
            unit = UNITS[player][j % len(UNITS[player])] if kind != "unit" else a
            entry = {"order": "F", "fire": {"target": a}} if kind in ("fire", "battalion") else \
                {"order": "OW", "overwatch": {"targets": [a]}} if kind == "overwatch" else {"order": "OW"}
            r = page.post(f"/side/{side}/check", {"turn": state.turn, "key": f"units.{unit}", "entry": entry})
            _check_said(r.text, [a, unit], hidden, (player, entry, unit))
            n += 1
    assert n > 0 and math.isfinite(n)
