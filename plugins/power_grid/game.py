"""Power Grid as a game: the rules, with the explanations of refused moves and the
text board put on top of them.

The modules form layers, each importing only those below it: the data
(``data_model``), the rule tables (``tables``), the map algorithms (``maps``),
the plant table and fuel storage (``plants``), phases and state at the bottom; the rules
(``rules``) above them; and on top the modules that read a state from outside,
``explain`` (why a move is refused, with its rule) and ``render`` (the board as
text).  This class joins the top layer to the rules object, so neither of them
imports the other.
"""

from __future__ import annotations

from turbine.core.errors import IllegalAction

from .actions import Action
from .explain import why_illegal
from .render import render
from .rules import PowerGridRules
from .state import State


class PowerGrid(PowerGridRules):
    """The rules object the ``power_grid`` variant builds."""

    def why_illegal(self, state: State, action: Action) -> IllegalAction:
        """The rule that forbids ``action`` now, in words (see :mod:`.explain`)."""
        return why_illegal(self, state, action)

    def render(self, state: State, seat: int | None) -> str:
        return render(self, state, seat)
