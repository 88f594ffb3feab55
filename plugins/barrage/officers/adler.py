"""EO-WA Wilhelm Adler (B-16.1): bases cost 3 excavators in every area."""

from __future__ import annotations

from ..tables import BASE
from . import Officer, Payment


class WilhelmAdler(Officer):
    id = "EO-WA"

    def requirements(self, structure: int, normal: Payment, value: int) -> list[Payment]:
        return [(3, 0)] if structure == BASE else [normal]
