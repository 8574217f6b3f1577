"""Look-ups of what umpire knows by name, in every ruleset (each ruleset object lists its own):
the bundled units and data cards, the rulings, the calc procedures (``umpire units|cards|rulings|
procedures [QUERY]``).

Each look-up is a list of rows (plain dicts, the JSON shape too), each with the spellings it is
found by; a query keeps the rows it matches, best first (:func:`umpire.errors.rank`: written
alike, a word of a name, a part of one, a typo away), so ``umpire units abrams`` finds the M1A1
Company and the M1, M1A1 and M1A2 cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from umpire.errors import UmpireError, rank

KINDS = ("units", "cards", "rulings", "procedures")


def unit_rows(ruleset: str | None = None) -> list[dict[str, Any]]:
    """Every ruleset's units (Auftragstaktik's bundled units, MBT's data cards: an MBT model is
    one unit), each ruleset's in its own order."""
    from umpire.registry import answering

    return [row for rs in answering() if ruleset in (None, rs.name) for row in rs.unit_rows()]


def card_rows(ruleset: str | None = None) -> list[dict[str, Any]]:
    """Every ruleset's data cards (MBT's): id, vehicle, kind, nation and the nicknames that find it."""
    from umpire.registry import answering

    return [row for rs in answering() if ruleset in (None, rs.name) for row in rs.card_rows()]


def ruling_rows(ruleset: str | None = None) -> list[dict[str, Any]]:
    """Every named ruling of both rulesets: its default, its choices, the rule it reads."""
    from umpire.registry import RULESETS

    return [{"ruleset": rs.name, "name": r.name, "id": r.id, "rule": r.rule, "default": r.default,
             "choices": dict(r.choices), "reason": r.reason}
            for rs in RULESETS if ruleset in (None, rs.name) for r in rs.rulings_book().rulings]


def procedure_rows(ruleset: str | None = None) -> list[dict[str, Any]]:
    """Every calc procedure of both rulesets, with its one-line form."""
    from umpire.ask.calc import case_model, names_of, procedures_for
    from umpire.ask.line import form
    from umpire.registry import RULESETS

    out = []
    for rs in RULESETS:
        if ruleset not in (None, rs.name):
            continue
        for p in names_of(rs):
            model = case_model(rs.name, p)
            assert model is not None
            doc = (getattr(procedures_for(rs.name).get(p), "__doc__", None) or "").strip().split("\n")[0]
            out.append({"ruleset": rs.name, "name": p, "form": f"{p} {form(model)}".strip(), "about": doc})
    return out


ROWS: dict[str, Callable[[str | None], list[dict[str, Any]]]] = {
    "units": unit_rows,
    "cards": card_rows,
    "rulings": ruling_rows,
    "procedures": procedure_rows,
}


def spellings(row: dict[str, Any]) -> list[str]:
    """What a row is found by: its name, id and aliases, its nation and kind."""
    return [str(row[k]) for k in ("name", "id", "nation", "kind", "rule") if row.get(k)] + list(row.get("aliases", []))


def look_up(kind: str, query: str | None = None, ruleset: str | None = None) -> list[dict[str, Any]]:
    """The rows of ``kind`` matching ``query`` (all without one), best match first.

    :raises UmpireError: for an unknown kind, or a query that matches nothing.
    """
    from umpire.registry import find_ruleset

    if kind not in ROWS:
        raise UmpireError(f"unknown look-up {kind!r} (allowed: {', '.join(KINDS)})")
    rows = ROWS[kind](find_ruleset(ruleset).name if ruleset else None)
    if not query:
        return rows
    # written alike, a word or a part of a name first; a typo away only when nothing is (the costly match)
    ranked = [(r, i, row) for i, row in enumerate(rows) if (r := rank(query, spellings(row), typos=False)) is not None]
    if not ranked:
        ranked = [(r, i, row) for i, row in enumerate(rows) if (r := rank(query, spellings(row))) is not None]
    if not ranked:
        raise UmpireError(f"no {kind[:-1]} matches {query!r} (umpire {kind} lists them all)")
    best = min(r for r, _, _ in ranked)
    # a name written alike or as a word hides the typo-near ones
    return [row for r, _, row in sorted(ranked, key=lambda t: (t[0], t[1])) if r <= max(best, 2)]


def names_for_completion(ruleset: str | None = None) -> list[str]:
    """Every unit and card name, alias and id of ``ruleset`` (of every ruleset without one), for
    the session's completion."""
    out: list[str] = []
    for row in unit_rows(ruleset):
        out += [str(row[k]) for k in ("id", "name") if row.get(k)] + list(row.get("aliases", []))
    return list(dict.fromkeys(out))
