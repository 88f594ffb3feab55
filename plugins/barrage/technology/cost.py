"""Advanced tiles that change a construction's cost (B-14.3.1: applied during payment)."""

from __future__ import annotations

from ..tables import CONDUIT
from . import Payment, TechTile


class NoSurcharge(TechTile):
    """AT-I-W: no 3-credit surcharge for a red-framed building space."""

    no_surcharge = True


class ConduitCap5(TechTile):
    """AT-II-C: a conduit that would cost 6 or more excavators costs 5 (B-22.50)."""

    adjusts_needs = True

    def adjust_needs(self, structure: int, needs: tuple[Payment, ...], value: int) -> tuple[Payment, ...]:
        if structure != CONDUIT:
            return needs
        return tuple((min(e, 5), m) if m == 0 else (e, m) for e, m in needs)


class Interchangeable(TechTile):
    """AT-II-W: excavators and mixers pay for each other, in any combination."""

    interchangeable = True
