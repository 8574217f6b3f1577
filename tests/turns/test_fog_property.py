"""Fog of war as a property: over random games (random orders, moves, targets and seeds), a
side's briefing never names an enemy stand that side has not spotted, in any format."""

from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.reports.model import briefing, report_for_game
from umpire.reports.turn_text import plain_text, to_markdown
from umpire.schema.scenario import load_scenario

SCENARIO = Path(__file__).resolve().parents[2] / "data" / "scenarios" / "hof-gap-meeting.yaml"

unit_orders = st.fixed_dictionaries({
    "order": st.sampled_from(["HA", "DA", "TR", "WD", "NO"]),
    "heading": st.floats(0, 359),
    "first": st.floats(0, 1),
    "second": st.floats(0, 1),
    "targets": st.permutations(range(5)),
})


def _orders(state, side: str, drawn: list[dict]) -> dict:
    units = {}
    foes = sorted(u.id for u in state.units.values() if u.side != side and u.status == "ok")
    own = sorted(u.id for u in state.units.values() if u.side == side and u.status in ("ok", "checked"))
    for uid, d in zip(own, drawn, strict=False):
        u = state.units[uid]
        rad = math.radians(d["heading"])
        legs, at = {}, (u.x, u.y)
        for key in ("first", "second"):
            step = d[key] * 6
            at = (min(max(at[0] + step * math.sin(rad), 0), 72), min(max(at[1] + step * math.cos(rad), 0), 48))
            legs[key] = [[round(at[0], 2), round(at[1], 2)]]
        targets = [foes[i] for i in d["targets"] if i < len(foes)]
        # random moves scatter battalions: the umpire lets them break unit integrity
        units[uid] = {"order": d["order"], **legs, "fire": targets, "override": True}
    return {"side": side, "units": units, "file": f"{side}.yaml"}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10_000), nato=st.lists(unit_orders, min_size=4, max_size=4),
       pact=st.lists(unit_orders, min_size=5, max_size=5), turns=st.integers(1, 2))
def test_a_briefing_never_names_an_unspotted_enemy(seed, nato, pact, turns):
    with tempfile.TemporaryDirectory() as tmp:
        game = Game.create(Path(tmp) / "g.db", load_scenario(SCENARIO), seed=seed)
        dice = SeededDice(seed)
        for _ in range(turns):
            for side, drawn in (("nato", nato), ("pact", pact)):
                try:
                    game.act("auftragstaktik.orders", _orders(game.state, side, drawn), dice)
                except Exception as exc:  # a Checked or Routed battalion refuses some orders
                    assert "Checked" in str(exc) or "Routed" in str(exc), exc
                    game.act("auftragstaktik.orders", {"side": side, "file": f"{side}.yaml"}, dice)
            turn = game.state.turn
            while game.state.turn == turn:
                game.act("auftragstaktik.phase", {}, dice)
        state = game.state
        for report in (report_for_game(game), report_for_game(game, turn=turns)):
            for side in ("nato", "pact"):
                b = briefing(report, side)
                texts = [plain_text(b), to_markdown(b), json.dumps(b.to_json(), ensure_ascii=False)]
                for u in state.units.values():
                    if u.side == side or side in u.spotted_by:
                        continue
                    for text in texts:
                        assert u.id not in text, (side, u.id, text[:2000])
                        assert u.name not in text, (side, u.name)
        assert game.check() == []
