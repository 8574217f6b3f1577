"""How finely a move is held to its allowance.

Positions are kept as typed or computed (``umpire campaign next`` lays units out to 0.001", a
move's end is wherever its path leads) but shown rounded to 0.01" (``umpire status``, the log,
the reports). A move typed from a shown position therefore starts up to 0.007" from where the
unit really is, and a full move would be refused for a rounding no tape can see. So a move may
cost up to :data:`MOVE_TOLERANCE` more than its allowance (and come that much short of a
minimum): a twentieth of an inch, finer than a tape reads (1/16"), and enough for a rounding
error charged at several inches of movement an inch (woods, rough ground).
"""

from __future__ import annotations

#: Inches of movement a move may cost beyond its allowance and still be made.
MOVE_TOLERANCE = 0.05
