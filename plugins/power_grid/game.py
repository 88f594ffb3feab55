"""Power Grid as a game: the rules, with the explanations of refused moves and the
text board put on top of them.

The modules form layers, each importing only those below it: the data
(``data_model``), the rule tables (``tables``), the map algorithms (``maps``),
the plant table and fuel storage (``plants``), phases and state at the bottom; the rules
(``rules``) above them; and on top the modules that read a state from outside,
``explain`` (why a move is refused, with its rule) and ``render`` (the board as
text) and ``screen`` (the turn panel, the question, the moves with their costs and
the views a player asks for) and ``orders`` (``bid up to N``).  This class joins
the top layer to the rules object, so neither of them imports the other.
"""

from __future__ import annotations

from typing import Any

from turbine.core.errors import IllegalAction
from turbine.core.rules import StandingOrder

from . import orders, screen
from .actions import Action
from .explain import why_illegal
from .position import PowerGridPosition
from .render import render
from .rules import PowerGridRules
from .state import State


class PowerGrid(PowerGridRules):
    """The rules object the ``power_grid`` variant builds."""

    def position(self, game: Any) -> PowerGridPosition:
        """A builder that sets up ``game`` at a chosen position, checked (see :mod:`.position`)."""
        return PowerGridPosition(game)

    def why_illegal(self, state: State, action: Action) -> IllegalAction:
        """The rule that forbids ``action`` now, in words (see :mod:`.explain`)."""
        return why_illegal(self, state, action)

    def render(self, state: State, seat: int | None) -> str:
        return render(self, state, seat)

    # -- the player's screen (see :mod:`.screen`) ----------------------------------

    def question(self, state: State) -> str:
        return screen.question(self, state)

    def turn_view(self, state: State, seat: int) -> str:
        return screen.turn_view(self, state, seat)

    def status(self, state: State, seat: int) -> str:
        return screen.status(self, state, seat)

    def choice_text(self, state: State, action: Action) -> str:
        return screen.choice_text(self, state, action)

    def views(self) -> dict[str, str]:
        return dict(screen.VIEWS)

    def render_view(self, state: State, seat: int | None, name: str, arg: str = "") -> str:
        return screen.render_view(self, state, seat, name, arg)

    def standing_order(self, state: State, seat: int, text: str) -> StandingOrder[State, Action] | None:
        """``bid up to N`` in a bidding war, ``buy N coal`` in Phase 3 (see :mod:`.orders`)."""
        return orders.standing_order(self, state, seat, text)

    def standing_orders(self, state: State) -> list[str]:
        seat = self.to_move(state)
        if seat is not None and orders.asked_to_bid(state, seat):
            return list(orders.ORDERS)
        if seat is not None and orders.asked_to_buy(self, state, seat):
            return list(orders.BUYING)
        return []

    def continues_turn(self, state: State) -> bool:
        """The mix a hybrid burns after choosing the plants to run (P-7.2), and the tokens
        returned after a discard (P-4.9), are further steps of the seat's own move."""
        pending = state.flow.pending
        return bool(pending) and pending[-1].kind in ("burn", "return")
