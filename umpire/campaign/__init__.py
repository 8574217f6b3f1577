"""Club campaigns: a season's forces, schedule and results in one file (``umpire campaign``).

Small modules, one idea each: :mod:`.season` (the season file), :mod:`.rulings` (the campaign
rules of each ruleset), :mod:`.state` (forces and schedule), :mod:`.setup` (a game's scenario),
:mod:`.results` (reading a finished game), :mod:`.between` (the rules between games),
:mod:`.actions` (the event handlers), :mod:`.store` and :mod:`.files` (the file),
:mod:`.engine` (the campaign object), :mod:`.commands` (next and import), :mod:`.standings`,
:mod:`.views` (terminal), :mod:`.printing` (rosters and orders sheets), :mod:`.story` and
:mod:`.charts` (the season's report), :mod:`.doctor` (a damaged file's problems), :mod:`.dice` (keyed dice).
"""
