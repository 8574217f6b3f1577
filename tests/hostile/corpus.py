"""Hostile names, a few of each kind, and the checks every output of them must pass.

A name from a file is data: rich markup is shown as it is, an escape sequence or a control
character never reaches the terminal, HTML and SVG in a name never become elements or
attributes, and an id that becomes part of a file name never leaves its folder.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import yaml

MARKUP = ["A Coy [reserve]", "B/1-64 [/1-64 attached]", "[/]", "[bold]bold[/bold] [link=https://x.test]x[/link]"]
ESCAPES = ["\x1b]0;pwned\x07title", "\x1b[2J\x1b[31mred", "\x9b31mC1"]
CONTROLS = ["bell\x07 nul\x00 del\x7f", "\x01\x02 \x1f unit", "cr\rreturn"]
BIDI = ["\u202eevil\u202c", "\u2066isolate\u2069 \u200fmark"]
HTML = ["<script>alert(1)</script>", '"><svg onload=alert(1)>', "<img src=x onerror=alert(1)>",
        "[click](javascript:alert(1))", "&amp; &lt;b&gt;"]
PATHS = ["../../escaped", "a/b\\c", "/etc/passwd"]
LONGEST = "W" * 10_000  # the longest text a file may hold (docs/input-limits.md)
TOO_LONG = "W" * 100_000

NAMES = [*MARKUP, *ESCAPES, *CONTROLS, *BIDI, *HTML, *PATHS]
#: Unit ids (ids are free text): one of each kind.
IDS = ["[bold]id", "\x1b]0;x\x07id", '"><svg onload=alert(1)>', "\u202eid", "../up/id"]

# What never reaches the terminal (tab and line feed aside): umpire.text.CONTROL, written out
# again here so that the test does not trust the module it tests.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]")


def names(n: int, start: int = 0) -> list[str]:
    """``n`` names from the corpus in turn, from ``start``."""
    return [NAMES[(start + i) % len(NAMES)] for i in range(n)]


def write_yaml(path: Path, data: object) -> Path:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def assert_terminal_safe(result: object, *, code: int = 0) -> None:
    """A command's output: the exit status, no traceback, no control character."""
    out, err = result.stdout, result.stderr  # type: ignore[attr-defined]
    assert result.exit_code == code, (result.exit_code, out[-2000:], err[-2000:])  # type: ignore[attr-defined]
    assert "Traceback" not in out + err
    for text in (out, err):
        bad = CONTROL.search(text)
        assert bad is None, f"{bad.group()!r} reached the terminal: {text[max(0, bad.start() - 60):bad.end() + 60]!r}"
    if code == 2:
        assert len(err.splitlines()) >= 1 and all(line.startswith("Error: ") for line in err.splitlines())


def _inert_attrs(attrs: list[tuple[str, str | None]], where: str) -> None:
    for name, value in attrs:
        assert not name.lower().startswith("on"), f"{where}: event attribute {name}={value!r}"
        assert "javascript:" not in (value or "").replace(" ", "").lower(), f"{where}: {name}={value!r}"


def assert_svg_inert(text: str) -> ET.Element:
    """Well-formed XML with no script, no foreign object, no event attribute, no javascript: URL."""
    assert not CONTROL.search(text.replace("\r", "")), "a control character in the SVG"
    root = ET.fromstring(text.encode("utf-8"))
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[-1].lower()
        assert tag not in ("script", "foreignobject", "iframe", "object", "embed"), tag
        _inert_attrs(list(el.attrib.items()), f"<{tag}>")
    return root


VOID = {"meta", "br", "img", "hr", "link", "input"}
HTML_TAGS = {"html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "p", "table", "tr", "th", "td",
             "div", "dl", "dt", "dd", "ol", "ul", "li", "code", "span"}


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.svg = 0
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        _inert_attrs(attrs, f"<{tag}>")
        if tag == "svg":
            self.svg += 1
        if tag not in HTML_TAGS and not self.svg:
            self.problems.append(f"unexpected element <{tag}>")
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        _inert_attrs(attrs, f"<{tag}/>")
        if tag not in HTML_TAGS and not self.svg:
            self.problems.append(f"unexpected element <{tag}/>")

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()
        if tag == "svg":
            self.svg -= 1


def assert_html_inert(text: str) -> None:
    """Every element one umpire writes (charts' SVG aside), each closed in order; nothing from a
    name is an element, an event attribute or a javascript: URL."""
    assert not CONTROL.search(text.replace("\r", "")), "a control character in the HTML"
    p = _Tags()
    p.feed(text)
    p.close()
    assert p.problems == [] and p.stack == [], (p.problems[:5], p.stack)
    for start in (m.start() for m in re.finditer("<svg", text)):
        assert_svg_inert(text[start:text.index("</svg>", start) + 6])


def assert_markdown_inert(text: str) -> None:
    """No HTML from a name (every '<' umpire's own escaped), no link to javascript:, no control
    character."""
    assert not CONTROL.search(text.replace("\r", "")), "a control character in the Markdown"
    assert "<" not in text, text[text.index("<") - 60:text.index("<") + 60]
    assert not re.search(r"(?<!\\)\]\(javascript:", text), "a link to javascript: (an unescaped ']')"


def assert_json_keeps(text: str, *expected: str) -> object:
    """JSON that parses, holds every ``expected`` text exactly, and has no raw control character."""
    assert not CONTROL.search(text), "a raw control character in the JSON"
    data = json.loads(text)
    found = set()

    def walk(v: object) -> None:
        if isinstance(v, str):
            found.add(v)
        elif isinstance(v, dict):
            for k, x in v.items():
                walk(k)
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(data)
    flat = "\n".join(found)
    for e in expected:
        assert e in flat, f"{e!r} is not in the JSON as it was"
    return data


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file()}
