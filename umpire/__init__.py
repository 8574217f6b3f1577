"""umpire: umpire modern-era miniatures wargames on an ungridded table.

This module imports nothing heavy, so that ``umpire --help`` stays quick.
"""

__version__ = "0.1.0"
