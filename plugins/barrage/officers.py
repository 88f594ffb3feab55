"""Executive officers (B-16): one small class per officer.

The rules never test an officer's name.  They ask the seat's officer object
(looked up once per game) the questions below; an officer overrides only what
its ability changes.  Expansions add officers to :data:`OFFICERS` through the
``barrage_officers`` hook (see :mod:`.abilities`).
"""

from __future__ import annotations

from .tables import BASE, CONDUIT

Payment = tuple[int, int]
"""A machinery requirement: (excavators, mixers)."""


class Officer:
    id = ""
    name = ""
    intro = False
    """Implemented and used by the introductory game."""
    credits_per_machinery = 0
    """Credits that may replace one machinery unit (0: not allowed)."""

    def requirements(self, structure: int, normal: Payment, value: int) -> list[Payment]:
        """The machinery a structure may be paid with (alternatives, B-9.1.2)."""
        return [normal]

    def production_base(self, base: int) -> int:
        """markers × conduit value, as this officer counts it (B-11.2 step 3)."""
        return base

    def dam_capacity(self, height: int) -> int:
        """How much water one of this officer's dams of ``height`` holds (B-12.1.2)."""
        return height


class WilhelmAdler(Officer):
    """EO-WA: bases cost 3 excavators in every area (B-16.1)."""

    id, name, intro = "EO-WA", "Wilhelm Adler", True

    def requirements(self, structure: int, normal: Payment, value: int) -> list[Payment]:
        return [(3, 0)] if structure == BASE else [normal]


class JillMcDowell(Officer):
    """EO-JM: a conduit may be paid with 1 mixer × its value instead (B-16.4)."""

    id, name, intro = "EO-JM", "Jill McDowell", True

    def requirements(self, structure: int, normal: Payment, value: int) -> list[Payment]:
        if structure == CONDUIT:
            return [normal, (0, value)]
        return [normal]


class SolomonJordan(Officer):
    """EO-SJ: 3 credits instead of any machinery unit, any number of times (B-16.5)."""

    id, name, intro = "EO-SJ", "Solomon P. Jordan", True
    credits_per_machinery = 3


class ViktorFiesler(Officer):
    """EO-VF: markers × value of 3 or less counts as 4 (B-16.3)."""

    id, name, intro = "EO-VF", "Viktor Fiesler", True

    def production_base(self, base: int) -> int:
        return 4 if base <= 3 else base


class GrazianoDelMonte(Officer):
    """EO-GD: height-3 dams hold 4 (B-16.2).  Full game only (not drafted yet)."""

    id, name = "EO-GD", "Graziano Del Monte"

    def dam_capacity(self, height: int) -> int:
        return 4 if height == 3 else height


class NeutralOwner(Officer):
    """Stands in for the owner of a neutral dam (no ability)."""

    id, name = "neutral", "neutral"


OFFICERS: dict[str, Officer] = {
    o.id: o for o in (WilhelmAdler(), JillMcDowell(), SolomonJordan(), ViktorFiesler(), GrazianoDelMonte())
}
"""Officers known to the base rules.  EO-AK and EO-MS (full game) are not implemented yet."""
