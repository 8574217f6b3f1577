"""British and American spellings of the same word, both taken where the rules use either.

Auftragstaktik writes "decentralized" and "armor"; umpire's own files say "armour_mm" and
"colour"; an umpire types what they learnt at school. Every fixed choice (a ``Literal`` field)
and every field name of an input model is read in either spelling (:mod:`umpire.schema.checked`
applies this to each model's schema once): ``doctrine: decentralised`` is ``decentralized``,
``armor_mm:`` is ``armour_mm:``, ``stabilisation:`` is ``stabilization:``.

>>> sorted(spellings("armour_mm"))
['armor_mm', 'armour_mm']
>>> sorted(spellings("decentralized"))
['decentralised', 'decentralized']
>>> american("Defence")
'Defense'
"""

from __future__ import annotations

import re
from itertools import product

# Whole words whose spellings differ otherwise than by -ise/-ize (British, American).
_WORDS = {
    "armour": "armor", "armoured": "armored", "colour": "color", "colours": "colors", "coloured": "colored",
    "honour": "honor", "harbour": "harbor", "behaviour": "behavior", "favour": "favor", "vapour": "vapor",
    "calibre": "caliber", "centre": "center", "centres": "centers", "metre": "meter", "metres": "meters",
    "kilometre": "kilometer", "kilometres": "kilometers", "millimetre": "millimeter", "millimetres": "millimeters",
    "defence": "defense", "offence": "offense", "manoeuvre": "maneuver", "manoeuvres": "maneuvers",
    "grey": "gray", "tyre": "tire", "tyres": "tires", "travelled": "traveled", "travelling": "traveling",
    "programme": "program", "analyse": "analyze", "paralyse": "paralyze",
}
_BRITISH = {v: k for k, v in _WORDS.items()}
# -ise, -ised, -ises, -ising, -isation(s) against -ize...: only where the other spelling is a
# real choice (the variant is compared with the allowed names, never taken on its own).
_ISE = re.compile(r"(?<=[a-z]{3})is(e|ed|es|ing|ation|ations)\Z")
_IZE = re.compile(r"(?<=[a-z]{3})iz(e|ed|es|ing|ation|ations)\Z")
_SPLIT = re.compile(r"([_\- ]+)")


def _word_forms(word: str) -> set[str]:
    low = word.lower()
    forms = {low}
    if low in _WORDS:
        forms.add(_WORDS[low])
    if low in _BRITISH:
        forms.add(_BRITISH[low])
    forms.add(_ISE.sub(r"iz\1", low))
    forms.add(_IZE.sub(r"is\1", low))
    if word.isupper() and len(word) > 1:
        return {f.upper() for f in forms}
    if word[:1].isupper():
        return {f[:1].upper() + f[1:] for f in forms}
    return forms


def spellings(name: str) -> set[str]:
    """``name`` in every mix of British and American spellings of its words (itself included)."""
    parts = _SPLIT.split(name)
    choices = [[p] if i % 2 else sorted(_word_forms(p)) if p else [p] for i, p in enumerate(parts)]
    if all(len(c) == 1 for c in choices):
        return {name}
    out = {"".join(combo) for combo in product(*choices)}
    out.add(name)
    return out


def american(name: str) -> str:
    """``name`` with each word in its American spelling (the form two spellings compare by)."""
    parts = _SPLIT.split(name)
    out = []
    for i, p in enumerate(parts):
        if i % 2 or not p:
            out.append(p)
            continue
        low = p.lower()
        word = _WORDS.get(low) or _ISE.sub(r"iz\1", low)
        out.append(word.upper() if p.isupper() and len(p) > 1 else word[:1].upper() + word[1:]
                   if p[:1].isupper() else word)
    return "".join(out)
