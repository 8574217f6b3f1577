"""The YAML reader every input goes through: plain data, strict numbers, duplicate keys refused,
and depth, alias and size limits (docs/input-limits.md)."""

from __future__ import annotations

import doctest
import importlib
import math

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from umpire.errors import DataError
from umpire.schema.limits import MAX_ALIASES, MAX_DEPTH, MAX_VALUES
from umpire.schema.numbers import FLOAT_TEXT
from umpire.schema.reader import parse_yaml, read_yaml_file

BOMB = "".join(
    f"{name}: &{name} [{','.join([prev] * 9)}]\n"
    for name, prev in zip("abcdefghi", ['"lol"', *(f"*{c}" for c in "abcdefgh")], strict=True)
)


def refused(text: str) -> str:
    with pytest.raises(DataError) as err:
        parse_yaml(text, "f.yaml")
    message = str(err.value)
    assert "\n" not in message, message
    return message


@pytest.mark.parametrize("module", ["umpire.schema.numbers", "umpire.core.dice", "umpire.errors"])
def test_docstring_examples(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0


def test_plain_data_reads_as_before():
    text = "a: 1\nb: -2.5\nc: [x, 'y', 3e2]\nd: {e: true, f: null, g: ~}\nh: 'a: b'\n"
    assert parse_yaml(text, "f") == {"a": 1, "b": -2.5, "c": ["x", "y", 300.0], "d": {"e": True, "f": None, "g": None},
                                     "h": "a: b"}


@pytest.mark.parametrize("text", ["1_0", "0x1f", "0o17", "1:30", "+.5e", "1e", "١٢", "NO", "yes", "off", "2024-01-01"])
def test_python_and_yaml_1_1_number_syntax_stays_text(text):
    assert parse_yaml(f"v: {text}", "f") == {"v": text}


@pytest.mark.parametrize(("text", "value"), [("017", 17), ("+12", 12), (".5", 0.5), ("5.", 5.0), ("1e3", 1000.0),
                                             ("-1.5E-2", -0.015)])
def test_plain_decimals_are_numbers(text, value):
    got = parse_yaml(f"v: {text}", "f")["v"]
    assert got == value and type(got) is type(value)


def test_non_finite_literals_are_read_for_the_schema_to_refuse():
    got = parse_yaml("a: .nan\nb: -.inf\nc: 1e400\n", "f")
    assert math.isnan(got["a"]) and got["b"] == -math.inf and got["c"] == math.inf


def test_a_key_given_twice_is_refused_naming_it_and_both_lines():
    assert refused("side: nato\nunits: {}\nside: pact\n") == (
        "f.yaml: line 3: key 'side' appears twice in one mapping (first at line 1)"
    )
    assert refused('{"a": 1, "a": 2}') == "f.yaml: line 1: key 'a' appears twice in one mapping (first at line 1)"


def test_anchors_and_merge_keys_still_work():
    text = "base: &b {type: woods, height: 2}\nw1: {<<: *b, id: w1, height: 3}\nlist: [*b, *b]\n"
    got = parse_yaml(text, "f")
    assert got["w1"] == {"type": "woods", "height": 3, "id": "w1"} and got["list"] == [got["base"]] * 2


def test_the_billion_laughs_is_refused_at_once():
    assert len(BOMB) <= 400
    assert refused(BOMB) == (
        f"f.yaml: line 7: more than {MAX_VALUES:,} values, counting what aliases repeat (the limit for any input)"
    )


def test_too_many_aliases():
    text = "a: &a 1\nb: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n"
    assert refused(text) == f"f.yaml: line 2: more than {MAX_ALIASES:,} aliases (*name) (the limit for any input)"


def test_an_alias_inside_itself_is_refused():
    assert refused("a: &a [1, *a]") == "f.yaml: line 1: alias *a refers to a value that contains it"
    assert refused("a: *nowhere") == "f.yaml: line 1: alias *nowhere is not defined above it"


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 900, 100_000])
def test_nesting_is_limited(depth):
    line = refused("[" * depth + "]" * depth)
    assert f"nested more than {MAX_DEPTH} levels deep (the limit for any input)" in line


def test_nesting_through_an_alias_is_limited():
    deep = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    assert "nests more than" in refused(f"a: &a {deep}\nb: [[*a]]\n")


@pytest.mark.parametrize("tag", ["!!python/object:os.system", "!!binary", "!!set", "!foo", "!!timestamp"])
def test_only_plain_data_tags(tag):
    assert "is not allowed (plain data only" in refused(f"a: {tag} x")


def test_standard_scalar_tags_are_honoured():
    assert parse_yaml("a: !!str 12\nb: !!float 3\nc: !!int '4'\n", "f") == {"a": "12", "b": 3.0, "c": 4}
    assert refused("a: !!int 1_0") == "f.yaml: line 1: '1_0' is not a plain int value"


def test_one_document_per_file_and_a_key_is_plain():
    assert refused("--- 1\n--- 2\n") == "f.yaml: line 2: more than one YAML document (---) in one file"
    assert refused("? [a, b]\n: 1\n") == (
        "f.yaml: line 1: a key must be a plain value (text or a number), not a list or mapping"
    )


def test_a_syntax_error_is_one_line():
    assert refused("a: [1, 2\n") == "f.yaml: not valid YAML at line 2, column 1: did not find expected ',' or ']'"


def test_files_too_large_not_utf8_or_missing(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_bytes(b"# " + b"x" * 200 + b"\n")
    with pytest.raises(DataError, match=r"big.yaml: too large \(203 bytes; the limit for this kind of file is "
                                        r"100 bytes\)"):
        read_yaml_file(big, max_bytes=100)
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes("name: Töpen\n".encode("latin-1"))
    with pytest.raises(DataError, match=r"latin1.yaml: line 1: not UTF-8 text \(byte 0xf6 at offset 7\)"):
        read_yaml_file(bad)
    with pytest.raises(DataError, match="nothere.yaml: file not found"):
        read_yaml_file(tmp_path / "nothere.yaml")
    with pytest.raises(DataError, match="is a folder, not a file"):
        read_yaml_file(tmp_path)


# Text that is a number to YAML 1.2 (and JSON) but not to PyYAML's YAML 1.1 (``1e3``) reads as a number
# here on purpose, so it is left out of the comparison.
TEXT = st.text(max_size=20).filter(lambda s: not FLOAT_TEXT.match(s.strip()))
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(-1e6, 1e6) | TEXT,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TEXT, inner, max_size=5),
    max_leaves=30,
)


@given(JSONISH, st.booleans())
def test_reads_what_pyyaml_writes_as_pyyaml_does(value, flow):
    """Plain data written by PyYAML reads as PyYAML's own safe loader reads it."""
    text = yaml.safe_dump({"v": value}, allow_unicode=True, default_flow_style=flow)
    assert parse_yaml(text, "f") == yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


@given(st.text(max_size=30))
def test_the_strict_number_reader_only_ever_refuses_with_a_reason(text):
    from umpire.schema.numbers import parse_float, parse_int

    for parse in (parse_float, parse_int):
        try:
            value = parse(text)
        except ValueError as exc:
            assert repr(text) in str(exc) and "allowed:" in str(exc)
        else:
            assert math.isfinite(value) and abs(value) <= 1_000_000 and "_" not in text


@given(st.floats(-1e6, 1e6))
def test_the_strict_number_reader_reads_python_s_own_decimals_back(x):
    from umpire.schema.numbers import parse_float

    assert parse_float(repr(x)) == x
