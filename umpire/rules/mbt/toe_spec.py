"""MBT forces in a scenario: a TO&E organisation by name and variant, as the file gives it.

A formation of an MBT scenario may name its organisation instead of listing its units::

    formations:
      - id: 1acp
        name: 1st Armored Cavalry Platoon
        toe: {org: US Armored Cavalry Platoon, variant: d, grade: crack, at: [4, 12], facing: 90}

and gets every combat unit of that variant (12.8.1, TO&E), with its grade (12.7) and doctrine
(13.4.1). With ``at:`` the models stand in a line from that point, ``spacing`` inches apart, to
the right of their facing; leg and towed units start carried by the organisation's vehicles when
``mounted`` (15.3; by default a Mounted variant is, a Dismounted one is not). Without ``at:``
they are left unplaced for the umpire to put down with ``umpire place``. The expansion itself is
the ruleset's (:mod:`umpire.rules.mbt.forces`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from umpire.schema.checked import Checked

Point = tuple[float, float]
Grade = Literal["crack", "average", "poor"]


class ToeSpec(Checked):
    model_config = ConfigDict(extra="forbid")

    org: str = Field(min_length=1, description='a TO&E organisation, e.g. "US Armored Cavalry Platoon"')
    variant: str | None = Field(None, description="its variant letter (TO&E), if it has several")
    grade: Grade = Field("average", description="the models' grade (12.7)")
    doctrine: Literal["none", "with", "vehicle", "vehicle_and_spg9"] | None = Field(None,
        description="the doctrine the organisation follows (13.4.1)")
    at: Point | None = Field(None, description="where the first model stands (inches)")
    facing: float = Field(0.0, description="the models' facing, degrees clockwise from the far edge")
    spacing: float = Field(1.0, gt=0, le=24, description="inches between models")
    mounted: bool | None = Field(None, description="leg and towed units start carried (15.3)")
