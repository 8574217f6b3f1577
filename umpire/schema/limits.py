"""The documented limits on every input: file sizes, YAML structure, numbers, text and geometry.

They are here, in one module, so that the reader, the schema and the docs (docs/input-limits.md)
agree. Each limit is far above what a real game needs and far below what would let one hostile
file exhaust the machine.
"""

from __future__ import annotations

MB = 1024 * 1024

#: Orders files, calc cases, rating specs, chart and card files, and anything read on stdin.
MAX_FILE_BYTES = 5 * MB
#: Scenario files (a big table with detailed terrain is the largest input there is).
MAX_SCENARIO_BYTES = 20 * MB
#: A campaign's season file (a season of a hundred players is about 100 kB).
MAX_SEASON_BYTES = 1 * MB

#: Mappings and lists nested inside one another (a scenario needs about ten).
MAX_DEPTH = 64
#: Values in one file, counting every value an alias repeats (``*name``) as often as it appears.
MAX_VALUES = 1_000_000
#: Aliases (``*name``) in one file.
MAX_ALIASES = 10_000

#: The largest magnitude of any number read from a file or the command line: inches, degrees,
#: millimetres, metres and km/h all stay far below it, and geometry stays exact.
MAX_NUMBER = 1_000_000
#: A game's seed is stored in an SQLite integer (signed 64-bit).
MAX_SEED = 2**63 - 1

#: Characters in one text value (a name, a note, a scenario's description).
MAX_TEXT = 10_000
#: Items in any one list or mapping of an input (units of a side, targets, table rows...).
MAX_ITEMS = 10_000
#: Points in one terrain polygon or line.
MAX_VERTICES = 10_000
#: Waypoints in one move.
MAX_WAYPOINTS = 1_000
#: A side of the table, in inches (about 25 metres: a club's whole floor).
MAX_TABLE = 1_000
#: A side of a stand's base, in inches.
MAX_BASE = 24
