"""What a string from a file may become in each output: data, and never code.

A scenario, a season, an orders file or a game file comes from someone else; its names and ids
are shown on the terminal, written into SVG, HTML, Markdown and PDF, and some become parts of
file names. One rule holds for all of them, and each output has its one function here:

- :func:`visible` (the terminal, error lines, every other writer first): control characters
  (C0, DEL, C1: escape sequences, BEL, NUL...), bidirectional overrides and the characters XML
  cannot hold are each replaced by one visible character (``␛`` for ESC, ``�`` for the others),
  so nothing a name holds can move the cursor, retitle the window or turn text around; markup
  is never parsed from data (the terminal's console reads no markup at all,
  :mod:`umpire.reports.screen`);
- :func:`xml_text` and :func:`xml_attr` (SVG, HTML, reportlab paragraphs): :func:`visible`, then
  ``&``, ``<``, ``>`` (and quotes in attributes) escaped, so the document stays well-formed and a
  name is never an element or an attribute;
- :func:`md_text` (Markdown): :func:`visible`, HTML escaped, and the punctuation that would make
  emphasis, links, code or table cells escaped with a backslash;
- :func:`json_text` (JSON): the data exactly, with the characters above written as ``\\uXXXX``;
- :func:`safe_name` (an id in a file name): no path separator, no leading dot, nothing a shell or
  a file system reads specially; two ids never give one name;
- :func:`num` (a distance, a facing, a factor in any output): as a person writes it.

The terminal keeps tabs and line breaks; every other character is shown as it is.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any
from xml.sax.saxutils import escape, quoteattr

#: The characters no output shows as they are: C0 controls but tab and line feed, DEL, C1
#: controls, the bidirectional marks, embeddings, overrides and isolates, the invisible ones that
#: join or separate nothing a reader sees (zero width space, word joiner, invisible operators,
#: interlinear annotation marks), the line and paragraph separators, lone surrogates (a file
#: name that is not UTF-8) and the two non-characters XML refuses.
CONTROL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064"
    "\u2066-\u2069\ud800-\udfff\ufeff\ufff9-\ufffb\ufffe\uffff]"
)
_PICTURE = {**{chr(c): chr(0x2400 + c) for c in range(0x20)}, "\x7f": "\u2421"}
_REPLACEMENT = "\ufffd"


def _picture(m: re.Match[str]) -> str:
    return _PICTURE.get(m.group(), _REPLACEMENT)


def visible(text: object) -> str:
    """``text`` with every character of :data:`CONTROL` replaced by one visible character: the
    control picture of a C0 control (``␛``, ``␇``, ``␀``) or DEL, else ``�``. The length in
    characters stays the same.

    >>> visible("A Coy \\x1b]0;pwned\\x07 \\u202eevil")
    'A Coy ␛]0;pwned␇ �evil'
    >>> visible("line one\\nline two\\tend")
    'line one\\nline two\\tend'
    """
    s = str(text)
    return CONTROL.sub(_picture, s) if CONTROL.search(s) else s


#: The characters of one message line an output writes: far more than any message umpire
#: composes needs (the longest, a list of every known name, is under 1,000), so that what a
#: message was given, quoted short where it is composed (:func:`umpire.errors.quoted`), can
#: never make an error line longer than a screenful.
MESSAGE_MOST = 2_000


def clipped(line: str, most: int = MESSAGE_MOST) -> str:
    """One line of a message as an output writes it: whole, or its first ``most`` characters and
    how many more there were.

    >>> clipped("unknown unit 'x' (known: a, b)")
    "unknown unit 'x' (known: a, b)"
    >>> clipped("x" * 5000, 10)
    'xxxxxxxxxx... (4,990 more characters)'
    """
    return line if len(line) <= most else f"{line[:most]}... ({len(line) - most:,} more characters)"


def xml_text(text: object) -> str:
    """``text`` as the content of an XML or HTML element.

    >>> xml_text('<script>alert(1)</script> & \\x01')
    '&lt;script&gt;alert(1)&lt;/script&gt; &amp; ␁'
    """
    return escape(visible(text))


_PLAIN_ATTR = re.compile(r"[\w .,#:;()%+\-/]*\Z", re.ASCII)  # numbers, colours, points: nothing to escape


def xml_attr(text: object) -> str:
    """``text`` as an attribute value, quotes included.

    >>> xml_attr('"><svg onload=alert(1)>')
    '\\'"&gt;&lt;svg onload=alert(1)&gt;\\''
    >>> xml_attr("#2456a6")
    '"#2456a6"'
    """
    s = str(text)
    return f'"{s}"' if _PLAIN_ATTR.match(s) else quoteattr(visible(s))


_MD_PUNCTUATION = re.compile(r"([\\`*_\[\]|~])")
_MD_ANY = re.compile(CONTROL.pattern + r"|[\r\n&<>\\`*_\[\]|~]")  # whatever md_text changes


def md_text(text: object) -> str:
    """``text`` as inline Markdown that reads as itself: on one line, HTML escaped, and
    ``\\ ` * _ [ ] | ~`` escaped with a backslash (no emphasis, link, code or table cell).

    >>> md_text("A Coy [reserve] <b>*x*</b>")
    'A Coy \\\\[reserve\\\\] &lt;b&gt;\\\\*x\\\\*&lt;/b&gt;'
    """
    s = str(text)
    if not _MD_ANY.search(s):  # most texts hold nothing to escape: one scan
        return s
    s = visible(s).replace("\r", " ").replace("\n", " ")
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MD_PUNCTUATION.sub(r"\\\1", s)


def md_plain(text: str) -> bool:
    """Whether ``text`` holds nothing :func:`md_text` would change (then it is written as it is)."""
    return not _MD_ANY.search(text)


def _json_escape(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group()):04x}"


def json_text(data: Any, indent: int | None = 2) -> str:
    """``data`` as JSON text: every value exactly as it is, the characters of :data:`CONTROL`
    written as ``\\uXXXX`` escapes (JSON escapes C0 itself), so the text is safe on a terminal
    and always encodes as UTF-8.

    >>> json_text({"name": "a\\u202eb\\x1b"}, indent=None)
    '{"name": "a\\\\u202eb\\\\u001b"}'
    """
    out = json.dumps(data, indent=indent, ensure_ascii=False, default=str)
    return CONTROL.sub(_json_escape, out)


NAME_MOST = 80  # characters of an id kept whole in a file name


def _encode(ch: str) -> str:
    return "".join(f"%{b:02X}" for b in ch.encode("utf-8", "surrogatepass"))


def safe_name(ident: object, most: int = NAME_MOST) -> str:
    """``ident`` (a side's or a player's id) as part of a file name. Letters, digits, ``-``,
    ``_`` and ``.`` are kept; any other character (a path separator, a space, a control
    character, ``%``) and a leading ``.`` are written as ``%XX`` of their UTF-8 bytes, so no two
    ids share a name and none names another folder. A name longer than ``most`` characters is
    cut, with ``~`` and a digest of the whole id after it.

    >>> safe_name("nato"), safe_name("blue/force"), safe_name("../../escaped")
    ('nato', 'blue%2Fforce', '%2E.%2F..%2Fescaped')
    >>> len(safe_name("x" * 500))
    89
    """
    s = str(ident)
    out = "".join(
        ch if (ch.isalnum() and ch.isprintable()) or ch in "-_" or (ch == "." and i) else _encode(ch)
        for i, ch in enumerate(s)
    ) or "%"
    if len(out) > most:
        digest = hashlib.sha256(s.encode("utf-8", "surrogatepass")).hexdigest()[:8]
        out = f"{out[:most]}~{digest}"
    return out


def num(v: float) -> str:
    """A number as a person writes it: two decimals at most, no trailing zeros (``2.5``, ``3``,
    ``0.33``)."""
    return f"{v:.2f}".rstrip("0").rstrip(".")
