"""The replay check's JSON diff: one line per place two states differ, named by its path."""

from umpire.core.diff import json_diff


def test_equal_values_have_no_difference():
    assert list(json_diff({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2}]})) == []


def test_each_difference_is_one_line_with_its_path():
    stored = {"turn": 2, "units": {"a-1": {"pos": [1, 2], "hits": 0}, "t80-1": {"hits": 1}}}
    replay = {"turn": 2, "units": {"a-1": {"pos": [1, 3], "hits": 0}, "t80-2": {"hits": 1}}}
    assert list(json_diff(stored, replay)) == [
        ".units.a-1.pos: stored [1, 2], replay [1, 3]",
        ".units.t80-1: only in stored state",
        ".units.t80-2: only in replay",
    ]


def test_a_whole_state_that_is_not_a_mapping_is_named_as_the_state():
    assert list(json_diff([1], [2])) == ["(state): stored [1], replay [2]"]
