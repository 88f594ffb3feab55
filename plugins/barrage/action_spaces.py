"""An expansion's action spaces: the placements it adds to a Barrage turn (G-4).

Barrage's own management board is its rules' business; an expansion that adds
spaces (Leeghwater's external works and private buildings, the Grant Office)
registers one :class:`ActionSpaces` object with ``barrage_action_spaces``.  The
object owns everything about its placements, as a :class:`~.decisions.Decision`
owns a sub-decision: which it offers a seat now, what one does, how it is shown in
a menu with its cost, and why one is refused (citing the expansion's rule).  Its
placements are :class:`~.actions.Ext` actions (notation ``x <name> [<arg>]``) whose
``name`` is one of :attr:`names`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from turbine.core.errors import IllegalAction

    from .actions import Ext
    from .api import BarrageGame
    from .state import State


class ActionSpaces:
    """The action spaces of one expansion."""

    names: ClassVar[tuple[str, ...]] = ()
    """The ``Ext`` names of its placements (each name belongs to one object in a game)."""

    def offers(self, game: BarrageGame, state: State, seat: int) -> list[Ext]:
        """The legal placements for ``seat`` now (B-7: the space is free, the seat can pay,
        and the action can be carried out in full, B-7.4).  Listed before the Bank."""
        return []

    def perform(self, game: BarrageGame, state: State, seat: int, action: Ext) -> None:
        """Carry out a legal placement: pay, then act or push the expansion's decisions."""
        raise NotImplementedError

    def show(self, game: BarrageGame, state: State, seat: int, action: Ext) -> str:
        """A legal placement as the menu shows it: its notation first, then what it costs
        and does (``x work EW-T2  (2 eng + 1 exc + 1 mix: ...)``); the default is the notation."""
        return game.describe(action)

    def board_lines(self, game: BarrageGame, state: State) -> list[str]:
        """Its spaces as the management board (the ``actions`` view) shows them, after
        Barrage's own and before the Bank: a heading indented by two (``  Grant Office (2
        eng + 3 cr, once a round each)``), then its spaces by four, each with what it costs
        and does and who is on it this round (rich markup).  The default shows none."""
        return []

    def refuse(self, game: BarrageGame, state: State, seat: int, action: Ext) -> IllegalAction | None:
        """Why ``action`` (one of :attr:`names`, not offered now) is refused, with the rule;
        ``None`` leaves the explanation to Barrage's generic one."""
        return None
