"""The MBT Advanced Game over the tracked game (10-16, in the umpired sequence of 24.3).

Modules: :mod:`.sequence` (the phases), :mod:`.closing` (how each ends), :mod:`.fire_phase` and
:mod:`.firing` (the Fire Phase), :mod:`.moving` (the Movement Phase), :mod:`.shots`,
:mod:`.targets` and :mod:`.effects` (one shot and what it does), :mod:`.losses` (suppressed or
destroyed, whatever did it), :mod:`.sighting`, :mod:`.table` (heights, lines of sight, smoke),
:mod:`.units` (what a unit is and has), :mod:`.limits` (what the card NOTES forbid: riders' fire,
upper floors, long guns), :mod:`.terrain_fire` (GP fire at wire and blocks), :mod:`.orders` and
:mod:`.plan` (the written plans), :mod:`.relief` (a relief force entering), :mod:`.victory`.
"""
