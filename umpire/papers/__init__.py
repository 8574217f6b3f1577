"""Printed papers: the turns ``umpire turn print`` wrote, what each file says about itself, which
of them a correction made out of date, and printing those again.

- :mod:`umpire.papers.manifest`: the small list each turn's folder keeps of what was written where.
- :mod:`umpire.papers.printing`: ``turn print`` (a turn's folder built aside and moved into place,
  its manifest, the folder kept in the game file) and ``papers reprint`` (the files out of date).
- :mod:`umpire.papers.judge`: which printed files no longer match the game, from their marks.
- :mod:`umpire.papers.told`: what a correction says about them, and about the season the game
  was imported into; the CLI, the console and the session call it.
"""
