"""The game store: the only package that speaks SQL.

One SQLite file per game. The event log (``events`` with their ``rolls``) is the truth; the
``snapshot`` and ``units`` tables are projections kept in the same transaction, for speed and
for people who open the file with sqlite-utils or Datasette. See ``docs/schema.md``.
"""
