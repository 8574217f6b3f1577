"""The bundled demo (``umpire demo``): each ruleset's game played a little and the club's season
begun, in a folder of their own.

- :mod:`umpire.demo.run`: the demo as a whole, and its Auftragstaktik game;
- :mod:`umpire.demo.mbt`: two umpired Turns of an MBT game;
- :mod:`umpire.demo.campaign`: round 1 of the bundled season.
"""
