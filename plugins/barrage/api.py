"""The typed surface of Barrage that its own decision modules and expansions program
against: :class:`BarrageGame`, the rules object as they see it.

Decisions, officers, tiles and expansions name this type rather than the rules
class; :class:`~.rules.BarrageRules` is the implementation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import BarrageRules as BarrageGame

__all__ = ["BarrageGame"]
