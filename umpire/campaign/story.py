"""The season's story: a pure model of the campaign (:func:`build_story`), written as Markdown,
one static HTML page (charts inline as SVG) and a PDF (:mod:`umpire.campaign.story_pdf`).

Each round tells its games: the scenario and table, who played, the result and how it was
reached, the units lost and damaged, the decisive events from the game's log, and what the
campaign rules did afterwards (recoveries, repairs, replacements). Then the standings, each
side's strength round by round and the losses per game, and the campaign rulings in force.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from umpire.campaign.rulings import campaign_book
from umpire.campaign.standings import Standings, compute
from umpire.text import md_text, xml_text

if TYPE_CHECKING:
    from umpire.campaign.engine import Campaign


@dataclass
class SideStory:
    id: str
    name: str
    colour: str
    strength: list[int]


@dataclass
class GameStory:
    id: str
    round: int
    name: str
    scenario: str
    table: str
    players: dict[str, list[str]]
    status: str
    result: str = ""
    winner: str | None = None
    points: dict[str, int] = field(default_factory=dict)
    lost: dict[str, list[str]] = field(default_factory=dict)
    lost_count: dict[str, int] = field(default_factory=dict)
    damaged: dict[str, list[str]] = field(default_factory=dict)
    objectives: dict[str, list[str]] = field(default_factory=dict)
    ended: str = ""
    events: list[str] = field(default_factory=list)
    after: list[str] = field(default_factory=list)


@dataclass
class RoundStory:
    number: int
    name: str
    games: list[GameStory]
    after: list[str] = field(default_factory=list)


@dataclass
class Story:
    title: str
    ruleset: str
    description: str
    where: str
    sides: list[SideStory]
    rounds: list[RoundStory]
    standings: Standings
    strength_labels: list[str]
    rulings: list[tuple[str, str, str]]

    @property
    def played(self) -> list[GameStory]:
        return [g for r in self.rounds for g in r.games if g.status == "played"]


def build_story(campaign: Campaign) -> Story:
    """The story of the campaign as it stands (a season under way tells what is played so far)."""
    from umpire.campaign.charts import side_colour

    state = campaign.state
    season = campaign.season()
    names = {u.id: u.name for f in state.forces.values() for u in f.units}
    sides = [SideStory(s.id, s.name, side_colour(s.color, i), [sum(n for pid, n in row.items()
                                                                    if state.forces[pid].side == s.id)
                                                                for row in state.strength])
             for i, s in enumerate(state.sides)]
    rounds = []
    for r, spec in enumerate(season.rounds, 1):
        games = []
        for g in state.games_of(r):
            players = {s.id: [state.forces[p].player_name for p in g.players if state.forces[p].side == s.id]
                       for s in state.sides}
            gs = GameStory(g.id, r, g.name, campaign.base_scenario(g.id).name, g.table, players, g.status)
            if g.result is not None:
                res = g.result
                gs.result, gs.winner, gs.points = res.reason, res.winner, dict(res.points)
                gs.lost = {s: [f"{names.get(u, u)} ({u})" for u in v] for s, v in res.lost.items()}
                gs.lost_count = {s: len(v) for s, v in res.lost.items()}
                gs.damaged = {s: [f"{names.get(u, u)} ({u})" for u in v] for s, v in res.damaged.items() if v}
                gs.objectives = {s: v for s, v in res.objectives.items() if v}
                gs.ended, gs.events, gs.after = res.ended, list(res.events), list(res.between)
            games.append(gs)
        rounds.append(RoundStory(r, spec.name or f"Round {r}", games, list(state.after_round.get(r, []))))
    labels = [f"round {i + 1}" if i < state.rounds else "end" for i in range(len(state.strength))]
    book = campaign_book(state.ruleset)
    chosen = book.select(state.rulings)
    rulings = [(r.name, chosen[r.name], book.explain(r.choices[chosen[r.name]])) for r in book.rulings]
    where = "the season is over" if state.finished else f"round {state.round} of {state.rounds} to play"
    return Story(state.name, state.ruleset, season.description, where, sides, rounds, compute(state), labels,
                 rulings)


def _side_name(story: Story, sid: str | None) -> str:
    return next((s.name for s in story.sides if s.id == sid), sid or "")


def _players(story: Story, g: GameStory) -> str:
    return " against ".join(f"{' and '.join(v) or '-'} ({_side_name(story, s)})" for s, v in g.players.items())


def standing_rows(story: Story) -> list[tuple[str, list[list[str]]]]:
    head = ["", "played", "won", "drawn", "lost", "points", "scored", "losses inflicted", "losses suffered"]
    out = []
    for title, rows in (("By side", story.standings.sides), ("By player", story.standings.players)):
        body = [head] + [[r.name if title == "By side" else f"{r.name} ({_side_name(story, r.side)})",
                          *(str(v) for v in (r.played, r.won, r.drawn, r.lost, r.points, r.scored, r.inflicted,
                                             r.suffered))] for r in rows]
        out.append((title, body))
    return out


def game_lines(story: Story, g: GameStory) -> list[tuple[str, str]]:
    """``(label, text)`` lines telling one game (the renderers share them)."""
    lines = [("Scenario", g.scenario + (f", {g.table}" if g.table else "")), ("Players", _players(story, g))]
    if g.status != "played":
        lines.append(("Result", "to play" if g.status == "scheduled" else "set up, to play"))
        return lines
    lines.append(("Result", g.result))
    lines.append(("Points", ", ".join(f"{_side_name(story, s)} {p}" for s, p in g.points.items())))
    if g.ended:
        lines.append(("Ended", g.ended))
    for s, units in g.lost.items():
        lines.append((f"Lost by {_side_name(story, s)}", ", ".join(units) or "none"))
    for s, units in g.damaged.items():
        lines.append((f"Damaged, {_side_name(story, s)}", ", ".join(units)))
    for s, objs in g.objectives.items():
        lines.append((f"Held by {_side_name(story, s)}", ", ".join(objs)))
    return lines


# -- Markdown -------------------------------------------------------------------------------
# Every text of the Markdown passes _md, every text and attribute of the HTML page passes
# xml_text (umpire.text): a name is shown as itself, never read as markup or as a tag.
_md = md_text


def to_markdown(story: Story, charts: tuple[str, str] = ("strength.svg", "losses.svg")) -> str:
    out = [f"# {_md(story.title)}", "", f"*{story.ruleset}; {story.where}.*", ""]
    if story.description:
        out += [_md(story.description), ""]
    for r in story.rounds:
        out += [f"## Round {r.number}: {_md(r.name)}", ""]
        for g in r.games:
            out += [f"### {_md(g.name)} ({_md(g.id)})", ""]
            out += [f"- **{label}:** {_md(text)}" for label, text in game_lines(story, g)]
            if g.events:
                out += ["", "Decisive events:", ""] + [f"1. {_md(e)}" for e in g.events]
            if g.after:
                out += ["", "After the game:", ""] + [f"- {_md(a)}" for a in g.after]
            out.append("")
        if r.after:
            out += [f"End of round {r.number}:", ""] + [f"- {_md(a)}" for a in r.after] + [""]
    out += ["## Standings", ""]
    for title, rows in standing_rows(story):
        out += [f"### {title}", "", "| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
        out += ["| " + " | ".join(_md(c) for c in row) + " |" for row in rows[1:]]
        out.append("")
    out += ["## The season in charts", "", f"![Strength by round]({charts[0]})", "",
            f"![Losses per game]({charts[1]})", "", "## Campaign rules in force", ""]
    out += [f"- `{n}` = `{c}`: {_md(t)}" for n, c, t in story.rulings]
    return "\n".join(out) + "\n"


# -- HTML -----------------------------------------------------------------------------------
CSS = """
body{font-family:"Source Sans Pro","Segoe UI",Helvetica,Arial,sans-serif;max-width:60rem;margin:2rem auto;
padding:0 1rem;color:#1b1b1b;line-height:1.45}
h1{margin-bottom:.2rem}h2{border-bottom:1px solid #b0b0b0;padding-bottom:.2rem;margin-top:2rem}
.sub{color:#666}.game{border:1px solid #ddd;border-radius:6px;padding:.6rem 1rem;margin:1rem 0;background:#fafafa}
.game h3{margin:.2rem 0 .5rem}dl{display:grid;grid-template-columns:12rem 1fr;gap:.15rem .8rem;margin:0}
dt{color:#666}dd{margin:0}table{border-collapse:collapse;margin:.5rem 0 1rem}
th,td{padding:.25rem .6rem;border-bottom:1px solid #ddd;text-align:right}th:first-child,td:first-child{text-align:left}
th{background:#e8e8e8;font-weight:600}.charts{display:flex;flex-wrap:wrap;gap:1rem}
.charts svg{flex:1 1 26rem;max-width:100%;height:auto}
.win{font-weight:600}ol,ul{margin:.3rem 0}code{background:#f0f0f0;padding:0 .2rem}
"""


def to_html(story: Story, charts: tuple[str, str]) -> str:
    e = xml_text
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{e(story.title)}</title><style>{CSS}</style></head><body>",
           f"<h1>{e(story.title)}</h1>", f'<p class="sub">{e(story.ruleset)}; {e(story.where)}.</p>']
    if story.description:
        out.append(f"<p>{e(story.description)}</p>")
    out += ["<h2>Standings</h2>"]
    for title, rows in standing_rows(story):
        out.append(f"<h3>{e(title)}</h3><table><tr>" + "".join(f"<th>{e(c)}</th>" for c in rows[0]) + "</tr>")
        out += ["<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in rows[1:]]
        out.append("</table>")
    out += ["<h2>The season in charts</h2>", f'<div class="charts">{charts[0]}{charts[1]}</div>']
    for r in story.rounds:
        out.append(f"<h2>Round {r.number}: {e(r.name)}</h2>")
        for g in r.games:
            out.append(f'<div class="game"><h3>{e(g.name)} <span class="sub">({e(g.id)})</span></h3><dl>')
            out += [f"<dt>{e(label)}</dt><dd>{e(text)}</dd>" for label, text in game_lines(story, g)]
            out.append("</dl>")
            if g.events:
                out.append("<p>Decisive events:</p><ol>" + "".join(f"<li>{e(x)}</li>" for x in g.events) + "</ol>")
            if g.after:
                out.append("<p>After the game:</p><ul>" + "".join(f"<li>{e(x)}</li>" for x in g.after) + "</ul>")
            out.append("</div>")
        if r.after:
            out.append(f"<p>End of round {r.number}:</p><ul>" + "".join(f"<li>{e(x)}</li>" for x in r.after)
                       + "</ul>")
    out.append("<h2>Campaign rules in force</h2><ul>")
    out += [f"<li><code>{e(n)}</code> = <code>{e(c)}</code>: {e(t)}</li>" for n, c, t in story.rulings]
    out += ["</ul>", '<p class="sub">Written by umpire.</p>', "</body></html>"]
    return "\n".join(out) + "\n"
