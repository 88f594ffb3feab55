"""EO-JM Jill McDowell (B-16.4): a conduit may be paid with 1 mixer × its value, never mixed."""

from __future__ import annotations

from ..tables import CONDUIT
from . import Officer, Payment


class JillMcDowell(Officer):
    id = "EO-JM"

    def requirements(self, structure: int, normal: Payment, value: int) -> list[Payment]:
        if structure == CONDUIT:
            return [normal, (0, value)]
        return [normal]
