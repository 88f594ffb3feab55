"""Mahiri Sekibo's personal space (B-16.7): which officer to copy, and (U-9.1) the
action that follows the copy at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from turbine.core.errors import IllegalAction

from ..actions import Copy, Pass
from .base import Decision

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class ChooseCopy(Decision, tag="copy"):
    prompt: ClassVar[str] = "which officer to copy (Mahiri Sekibo)"
    rule: ClassVar[str | None] = "B-16.7.2"
    answer_types: ClassVar[tuple[type, ...]] = (Copy,)

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        return [Copy(o) for o in game.copyable(state, self.seat)]

    def apply(self, game: BarrageGame, state: State, action: Copy) -> None:
        self.done(state)
        player = state.players[self.seat]
        player.copy = action.officer
        player.copy_turns = 1 if game.options.mahiri_extra_action else 2
        game.ability_used(state, self.seat, player.officer, f"copies {action.officer}")

    def show(self, game: BarrageGame, state: State, action: Copy) -> str:
        """``copy EO-VF  (Viktor Fiesler: If markers x conduit value is 3 or less, …)``."""
        officer = game.officers[action.officer]
        text = officer.text.split(" (B-")[0].rstrip(".")
        return f"{game.describe(action)}  ({officer.name}: {text})"

    def refuse(self, game: BarrageGame, state: State, action: Copy) -> IllegalAction:
        if action.officer == state.players[self.seat].officer:
            return IllegalAction("Mahiri copies another officer, not herself", "B-16.7.2")
        pool = ", ".join(game.copyable(state, self.seat))
        return IllegalAction(
            f"{action.officer} cannot be copied: the officers to copy are {pool}", "B-16.7.4"
        )


class ExtraAction(Decision, tag="extra"):
    """One more action at once, with the copy in force (B-16.7.3, U-9.1); an expansion
    grants one the same way (Leeghwater's architect): asked without a copy's words when
    the seat holds no copy, so a player who copied no one is not told of one."""

    prompt: ClassVar[str] = "the action that follows the copy"
    rule: ClassVar[str | None] = "B-16.7.3"
    declined: ClassVar[str] = "no further action this turn"
    answer_types: ClassVar[tuple[type, ...]] = ()
    """Any placement answers it (an expansion's too): :meth:`refuse` explains them all."""

    def question(self, game: BarrageGame, state: State) -> str:
        """:attr:`prompt` after a copy; an extra action an expansion granted otherwise."""
        if state.players[self.seat].copy:
            return self.prompt
        return "one more action at once: place engineers on an action space"

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        return game.turn_actions(state, self.seat, extra=True)

    def apply(self, game: BarrageGame, state: State, action: Any) -> None:
        self.done(state)
        game.start_turn(state, self.seat, action, extra=True)

    def show(self, game: BarrageGame, state: State, action: Any) -> str:
        """A placement, as a turn's menu shows it (its space's cost and effect)."""
        from ..render import placement_text

        return placement_text(game, state, self.seat, action, game.describe(action))

    def refuse(self, game: BarrageGame, state: State, action: Any) -> IllegalAction:
        if type(action) is Pass and state.players[self.seat].copy:
            return IllegalAction(
                "after copying an officer you take one more action at once: " + game.asked(state), "B-16.7.3"
            )
        # an extra action an expansion granted is a turn like any other: no pass while the
        # seat has engineers (B-7.7), and none but ``skip`` when it has none (B-7.6)
        return game.refuse_turn_action(state, self.seat, action, extra=True)
