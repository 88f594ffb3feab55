"""Every decision kind the expansion adds, registered through ``barrage_decisions``."""

from __future__ import annotations

from turbine.plugins.barrage.decisions import Decision

from .building_actions import LwHalf, LwNow, LwSector
from .buildings import LwPay, LwSpace, LwTile
from .dams import LwDam
from .officers import LwArchitect
from .works import LwContract, LwFramedSite, LwLoan, LwPatent, LwWorkPay

DECISIONS: tuple[type[Decision], ...] = (
    LwTile,
    LwPay,
    LwSpace,
    LwDam,
    LwSector,
    LwHalf,
    LwWorkPay,
    LwLoan,
    LwContract,
    LwPatent,
    LwFramedSite,
    LwArchitect,
    LwNow,
)
"""The Leeghwater decision kinds, in the order Barrage registers them."""
