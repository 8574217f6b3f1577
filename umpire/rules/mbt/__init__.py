"""The mbt ruleset: pure procedures over plain values."""
