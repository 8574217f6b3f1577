"""The table from a photo: printed fiducial markers found in one picture of the real table.

Four corner markers lie flush in the table's corners, one small marker on each stand's base,
its top towards the stand's front. A photo is read in plain values, never written anywhere:

- :mod:`.family`: the marker family (AprilTag 36h11 through OpenCV's ``objdetect``), the
  detector and its settings, a marker's cells for printing;
- :mod:`.layout`: which marker is which (corners 0-3, stands from 4), where a corner marker
  lies on the table, the size a stand's marker is printed at for its base;
- :mod:`.image`: a photo's bytes checked (kind, size, pixels) before they are decoded;
- :mod:`.plane`: the table's plane from the corner markers (a homography, with one term of lens
  distortion fitted over every marker seen);
- :mod:`.read`: a photo read into stands' positions and facings, each with how sure it is;
- :mod:`.compare`: a reading against the game (moved, turned, not seen, unknown markers), and
  bases that the reading left overlapping by less than its error put in contact.

OpenCV (and numpy) come with the optional extra ``umpire[camera]`` and are imported inside the
functions that need them (:func:`cv2`); the rest of umpire imports without them.
"""

from __future__ import annotations

from types import ModuleType

from umpire.errors import UmpireError

INSTALL = 'pip install "umpire[camera]"'


def cv2() -> ModuleType:
    """OpenCV, or the one-line error that says how to install it.

    :raises UmpireError: if the camera extra is not installed."""
    try:
        import cv2 as mod
    except ImportError:
        raise UmpireError(f"reading photos and printing markers needs OpenCV, which is not installed "
                          f"(install it with: {INSTALL})") from None
    if not hasattr(mod, "aruco") or not hasattr(mod.aruco, "ArucoDetector"):
        raise UmpireError(f"OpenCV {getattr(mod, '__version__', '?')} has no marker detector (objdetect's "
                          f"ArucoDetector, OpenCV 4.7 or newer): {INSTALL} --upgrade")
    return mod
