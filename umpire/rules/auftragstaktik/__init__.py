"""The auftragstaktik ruleset: pure procedures over plain values."""
