"""Table geometry: footprints, distances, arcs, line of sight and terrain along a path.

Everything is in inches on an ungridded table. The origin is the umpire's near-left table
corner, x runs to the right and y away from the umpire. A facing is in degrees clockwise from
+y: 0 points at the far edge, 90 at the right edge.

The modules answer plain questions with plain facts (floats, strings, tuples and the small
frozen dataclasses of :mod:`umpire.geometry.facts`). Shapely and numpy are used inside; no
shapely object is handed to a caller outside this package.

This package imports shapely at module import time, so nothing imported when the CLI starts
(``umpire``, ``umpire.core``, ``umpire.rules``) may import it: callers import it lazily.
"""
