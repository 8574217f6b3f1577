"""Terminal tables (#25): one style throughout, names kept whole at 80 columns (the number
columns' headers wrap instead), the umpire's status says what the enemy has seen of each unit
(a side's status does not), and a unit's status is written as the reports write it."""

from __future__ import annotations

import io

from rich.console import Console

from umpire.campaign.standings import Row, Standings
from umpire.campaign.views import render_standings
from umpire.reports.status import render_status


def _text(renderable, width: int = 80) -> str:
    c = Console(width=width, file=io.StringIO(), color_system=None)
    c.print(renderable)
    return c.file.getvalue()


def test_status_keeps_names_whole_at_80_columns_and_shows_what_the_enemy_saw(at_game):
    state = at_game.state
    text = _text(render_status(state))
    assert max(len(line) for line in text.splitlines()) <= 80
    for u in state.units.values():
        assert any(u.name in line for line in text.splitlines()), u.name
    assert "seen by" in text and "enemy" in text
    seen = [u for u in state.units.values() if [s for s in u.spotted_by if s != u.side]]
    assert seen  # after two turns the pact still sees NATO's tanks
    for u in seen:
        row = next(line for line in text.splitlines() if line.startswith(u.id + " "))
        assert row.rstrip().endswith(", ".join(s for s in u.spotted_by if s != u.side)), row
    assert "Checked" in text and " checked " not in text  # as the reports write it (MORALE)


def test_a_sides_status_does_not_say_what_the_enemy_saw_and_keeps_names_whole(at_game):
    from umpire.reports.side_status import render_side_status, side_status

    text = _text(render_side_status(side_status(at_game, "pact")))
    assert "seen by" not in text and max(len(line) for line in text.splitlines()) <= 80
    for u in at_game.state.units_of("pact"):
        assert any(u.name in line for line in text.splitlines()), u.name


def test_mbt_status_gives_the_enemys_identification_level(mbt_game):
    state = mbt_game.state
    text = _text(render_status(state), width=120)
    assert any(s != u.side for u in state.units.values() for s in u.spotted_by)
    for u in state.units.values():
        for side in (s for s in u.spotted_by if s != u.side):
            level = (u.ident or {}).get(side, "full")
            assert f"{side} ({level})" in text


def test_standings_keep_every_name_whole_at_80_columns():
    rows = [Row(id=f"p{i}", name=n, side=s, played=2, won=1, drawn=0, lost=1, points=3, scored=30,
                        inflicted=12, suffered=7)
            for i, (n, s) in enumerate([("O. Kuznetsov", "pact"), ("A. Jones-Whittaker", "nato"),
                                        ("Генерал Иванов", "pact")])]
    table = Standings(rule="win_draw_loss", played=3, scheduled=6, sides=rows[:2], players=rows)
    text = _text(render_standings(table))
    assert "…" not in text and max(len(line) for line in text.splitlines()) <= 80
    for r in rows:
        assert f"{r.name} ({r.side})" in text
    assert "inflicted" in text and "suffered" in text  # the headers wrap, whole words
