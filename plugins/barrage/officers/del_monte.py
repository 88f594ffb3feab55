"""EO-GD Graziano Del Monte (B-16.2): height-3 dams hold 4 water.

Capacity matters in every water movement (B-12), AT-II-E's fill and final
scoring (held water), all of which read capacities through the officer.
"""

from __future__ import annotations

from . import Officer


class GrazianoDelMonte(Officer):
    id = "EO-GD"

    def dam_capacity(self, height: int) -> int:
        return 4 if height == 3 else height
