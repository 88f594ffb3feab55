"""The full game's draft (B-4.4.5): each seat in choosing order takes a company with
its paired officer, then a starting contract; the turn order is the reverse (B-4.5.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from turbine.core.errors import IllegalAction

from ..actions import Pair, Take
from .base import Decision
from .words import reward_text

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class ChoosePair(Decision, tag="pair"):
    prompt: ClassVar[str] = "which company and officer to take (draft)"
    rule: ClassVar[str | None] = "B-4.4.5"
    answer_types: ClassVar[tuple[type, ...]] = (Pair,)

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        return [Pair(c, o) for c, o in state.draft_pairs]

    def show(self, game: BarrageGame, state: State, action: Pair) -> str:
        company, officer = game.companies[action.company], game.officers[action.officer]
        return f"{game.describe(action)}  ({company.name} + {officer.name})"

    def apply(self, game: BarrageGame, state: State, action: Pair) -> None:
        self.done(state)
        seat = self.seat
        player = state.players[seat]
        state.draft_pairs.remove([action.company, action.officer])
        player.company, player.officer = action.company, action.officer
        game.setup_player(state, seat)  # the officer's setup (B-4.2.6, U-9.4)

    def refuse(self, game: BarrageGame, state: State, action: Pair) -> IllegalAction:
        offered = ", ".join(f"{c} {o}" for c, o in state.draft_pairs)
        for company, officer in state.draft_pairs:
            if company == action.company:
                return IllegalAction(
                    f"{company} is drafted together with officer {officer}: pair {company} {officer}",
                    "B-4.4.2",
                )
            if officer == action.officer:
                return IllegalAction(
                    f"officer {officer} is drafted together with {company}: pair {company} {officer}",
                    "B-4.4.2",
                )
        return IllegalAction(f"that pair is not on offer (pairs left: {offered})", "B-4.4.5")


class ChooseStartingContract(Decision, tag="start"):
    prompt: ClassVar[str] = "which starting contract to take (draft)"
    rule: ClassVar[str | None] = "B-4.4.5"
    answer_types: ClassVar[tuple[type, ...]] = (Take,)

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        return [Take(c) for c in state.draft_contracts]

    def show(self, game: BarrageGame, state: State, action: Take) -> str:
        c = game.contracts[action.contract]
        return f"{game.describe(action)}  (needs {c.requirement} energy: {reward_text(c.reward)})"

    def apply(self, game: BarrageGame, state: State, action: Take) -> None:
        self.done(state)
        state.draft_contracts.remove(action.contract)
        state.players[self.seat].contracts.append(action.contract)
        if not any(
            isinstance(p, (ChoosePair, ChooseStartingContract)) for p in state.flow.pending
        ):  # B-4.5.1
            state.turn_order = list(reversed(state.draft_order))

    def refuse(self, game: BarrageGame, state: State, action: Take) -> IllegalAction:
        offered = ", ".join(state.draft_contracts)
        return IllegalAction(
            f"{action.contract} is not among the starting contracts left ({offered})", "B-4.4.5"
        )
