"""The Anton Krylov special tile (B-16.6, B-14.6).

It permits nothing by itself: the construction pipeline offers it as
``anton=<id>`` for every other tile on the wheel that permits the structure,
and the construction then has that tile's permission and effect (B-16.6.2).
With no other tile on the wheel it is unusable (U-28), or a joker with
``anton_empty_wheel="joker"``.  It is not an advanced tile (U-13).
"""

from __future__ import annotations

from . import TechTile


class AntonTile(TechTile):
    id = "anton"
