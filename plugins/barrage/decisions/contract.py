"""Which contract the energy just made fulfils (B-13.3; tile energy B-13.5.3, U-6;
France's reduction B-15.5), and the hand: taking contracts (B-10.8) and discarding
down to the hand limit (B-10.8.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from turbine.core.errors import IllegalAction

from .. import contracts
from ..actions import Discard, Fulfil, Take
from .base import Decision
from .words import reward_text

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class ChooseContract(Decision, tag="contract"):
    """Fulfil one contract with ``energy``, or skip.  ``tile_energy``: energy of a
    technology tile (AT-II-B, AT-III-C; B-13.5.3); ``discounted``: France's reduction
    was already used on this energy (an expansion's ``discount_once`` policy)."""

    energy: int
    tile_energy: bool = False
    discounted: bool = False

    prompt: ClassVar[str] = "which contract to fulfil"
    rule: ClassVar[str | None] = "B-13.3"
    declined: ClassVar[str] = "fulfil no contract with this energy"
    answer_types: ClassVar[tuple[type, ...]] = (Fulfil,)

    def question(self, game: BarrageGame, state: State) -> str:
        """The question with the energy it is answered with: each contract in the menu says
        what it needs, and nothing else said what the production made (a player who chose
        the markers saw it only in that menu, one who did not, nowhere)."""
        if self.tile_energy:
            return (
                f"{self.prompt} with the {self.energy} energy just gained (usable for a contract, B-13.5.1)"
            )
        # all a production made, or (an expansion's ``summed`` policy) what it has left
        return f"{self.prompt} with {self.energy} energy from this production (B-13.3.1)"

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        return [
            Fulfil(c)
            for c in contracts.fulfillable(
                game, state, self.seat, self.energy, self.tile_energy, self.discounted
            )
        ]

    def apply(self, game: BarrageGame, state: State, action: Fulfil) -> None:
        self.done(state)
        contracts.fulfil(game, state, self.seat, action.contract)
        if game.h_contract_policy is not None and not self.tile_energy:  # HP-9: an expansion's policy
            self._more(game, state, action.contract)

    def _more(self, game: BarrageGame, state: State, done: str) -> None:
        """``barrage_contract_policy`` with ``summed``: the energy left may fulfil one more
        contract; with ``discount_once`` France's reduction applies to the first only."""
        seat = self.seat
        policy = game.h_contract_policy(
            game=game, state=state, seat=seat, energy=self.energy, source="production"
        )
        if not policy or not policy.get("summed"):
            return
        reduction = 0 if self.discounted else contracts.discount(game, state, seat)
        rest = self.energy - max(0, game.contracts[done].requirement - reduction)
        once = bool(policy.get("discount_once")) and (self.discounted or reduction > 0)
        if rest > 0 and contracts.fulfillable(game, state, seat, rest, discounted=once):
            state.flow.pending.append(ChooseContract(seat=seat, energy=rest, discounted=once, optional=True))

    def show(self, game: BarrageGame, state: State, action: Fulfil) -> str:
        c = game.contracts[action.contract]
        return f"{game.describe(action)}  (needs {c.requirement} energy: {reward_text(c.reward)})"

    def refuse(self, game: BarrageGame, state: State, action: Fulfil) -> IllegalAction:
        seat, contract, made = self.seat, action.contract, self.energy
        player = state.players[seat]
        if contract in player.fulfilled:
            return IllegalAction(f"you have already fulfilled {contract}", "B-13.3.3")
        if contract not in player.contracts and contract not in state.nationals:
            if contract in game.contracts and game.contracts[contract].kind == "national":
                return IllegalAction(f"national contract {contract} has been fulfilled already", "B-13.4.2")
            return IllegalAction(
                f"you do not hold {contract}: fulfil one of your face-up contracts or a national one",
                "B-13.3.1",
            )
        restricted = self.tile_energy and game.options.tile_energy_contracts == "private"
        if restricted and contract in state.nationals:
            return IllegalAction(
                "energy from a technology tile cannot fulfil a national contract", "B-13.5.3"
            )
        need = game.contracts[contract].requirement
        source = "tile" if self.tile_energy else "production"
        reduction = 0 if restricted else contracts.discount(game, state, seat)
        if reduction:
            return IllegalAction(
                f"{contract} needs {need} energy ({need - reduction} with France's reduction) and this "
                f"{source} made {made}",
                "B-13.6.1",
            )
        return IllegalAction(f"{contract} needs {need} energy and this {source} made {made}", "B-13.3.1")


class TakeContracts(Decision, tag="take"):
    """Take ``count`` face-up private contracts, one at a time (B-10.8.2); then
    discard down to the hand limit (B-10.8.4)."""

    count: int

    prompt: ClassVar[str] = "which contract to take"
    rule: ClassVar[str | None] = "B-10.8"
    answer_types: ClassVar[tuple[type, ...]] = (Take,)

    def question(self, game: BarrageGame, state: State) -> str:
        """With more than one to take (the contract office's CO3, B-10.8.1), how many, as
        water markers to place are said: the same question asked again reads as the next."""
        if self.count > 1:
            return f"{self.prompt} ({self.count} contracts to take)"
        return self.prompt

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        return [Take(c) for c in contracts.available(state)]

    def apply(self, game: BarrageGame, state: State, action: Take) -> None:
        seat = self.seat
        contracts.take(game, state, seat, action.contract)
        self.count -= 1
        if self.count == 0:
            self.done(state)
            if len(state.players[seat].contracts) > game.hand_limit_of(state, seat):
                state.flow.pending.append(DiscardContract(seat=seat))

    def show(self, game: BarrageGame, state: State, action: Take) -> str:
        c = game.contracts[action.contract]
        return f"{game.describe(action)}  (needs {c.requirement} energy: {reward_text(c.reward)})"

    def refuse(self, game: BarrageGame, state: State, action: Take) -> IllegalAction:
        if action.contract in state.nationals:
            return IllegalAction("national contracts are never taken, only fulfilled", "B-10.8.2")
        shown = ", ".join(contracts.available(state))
        return IllegalAction(
            f"{action.contract} is not face up in the contract display ({shown})", "B-10.8.2"
        )


class DiscardContract(Decision, tag="discard"):
    """Over the hand limit: discard one contract at a time until within it (B-10.8.4;
    discarded contracts leave the game, U-19)."""

    prompt: ClassVar[str] = "which contract to discard"
    rule: ClassVar[str | None] = "B-10.8.4"
    answer_types: ClassVar[tuple[type, ...]] = (Discard,)

    def question(self, game: BarrageGame, state: State) -> str:
        """Why a contract must go: the hand and its limit (B-10.8.4)."""
        held = len(state.players[self.seat].contracts)
        return f"{self.prompt}: you hold {held}, at most {game.hand_limit_of(state, self.seat)} (B-10.8.4)"

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        return [Discard(c) for c in state.players[self.seat].contracts]

    def apply(self, game: BarrageGame, state: State, action: Discard) -> None:
        seat = self.seat
        state.players[seat].contracts.remove(action.contract)  # U-19: out of the game
        if len(state.players[seat].contracts) <= game.hand_limit_of(state, seat):
            self.done(state)

    def show(self, game: BarrageGame, state: State, action: Discard) -> str:
        c = game.contracts[action.contract]
        return f"{game.describe(action)}  (needs {c.requirement} energy: {reward_text(c.reward)})"

    def refuse(self, game: BarrageGame, state: State, action: Discard) -> IllegalAction:
        return IllegalAction(f"you do not hold {action.contract}: discard one of your contracts", self.rule)
