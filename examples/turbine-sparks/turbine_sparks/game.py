"""The rules of Sparks.

Each player starts with 10 coins.  A round has three phases:

1. **Auction** (each seat once, in seat order from the start player): open an
   auction on the generator on offer with a bid, or pass.  Others raise or
   drop out; the winner pays and takes the generator (and is done for the
   round), and a new generator is revealed.  A seat that passes is done.
2. **Production** (automatic): everyone earns 2 coins plus their total
   generator output, and 1 victory point per generator.
3. **Investment** (until everyone passes): buy 1 victory point for 4 coins,
   as often as you like, or pass.

After 4 rounds the most victory points wins; ties go to the most coins, then
share the win.  The deck (generators of output 1–9, shuffled) is hidden.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import msgspec
from pydantic import BaseModel, Field
from turbine.core import Auction, Flow, IllegalAction, Phase, PhaseMachine, Rng, Rules, Turns, clockwise
from turbine.core.state import NoExt

ROUNDS = 4
START_COINS = 10
VP_PRICE = 4


class SparksOptions(BaseModel, extra="forbid"):
    rounds: int = Field(ROUNDS, ge=1, le=10, description="number of rounds")


class Choose(msgspec.Struct, frozen=True):
    """Pending: the auction's bidder must raise or drop (the seat is the bidder)."""

    seat: int


X = TypeVar("X")
"""The record expansions keep in the state, one field per expansion (``rules.shared_ext``)."""
PX = TypeVar("PX")
"""The record expansions keep per seat (``rules.seat_ext``)."""


class Player(msgspec.Struct, Generic[PX]):
    coins: int = START_COINS
    points: int = 0
    generators: list[int] = msgspec.field(default_factory=list)
    ext: PX = msgspec.field(default_factory=NoExt)  # type: ignore[assignment]
    """Expansions' records for this seat (``player.ext.<id>``, turbine's ``turbine_state_parts``)."""


class State(msgspec.Struct, Generic[X, PX]):
    flow: Flow[Choose]
    rng: Rng
    players: list[Player[PX]]
    deck: list[int]
    offer: int = 0
    """Output of the generator on offer (0: the deck is empty)."""
    auction: Auction | None = None
    start_player: int = 0
    ext: X = msgspec.field(default_factory=NoExt)  # type: ignore[assignment]
    """Expansions' shared records (``state.ext.<id>``, turbine's ``turbine_state_parts``)."""


class Open(msgspec.Struct, tag="open", frozen=True):
    bid: int


class Bid(msgspec.Struct, tag="bid", frozen=True):
    amount: int


class Drop(msgspec.Struct, tag="drop", frozen=True):
    pass


class Pass(msgspec.Struct, tag="pass", frozen=True):
    pass


class Buy(msgspec.Struct, tag="buy", frozen=True):
    pass


Action = Open | Bid | Drop | Pass | Buy


class SparksRules(Rules[State, Action, SparksOptions]):
    state_type = State
    action_type = Action

    def __init__(self, options: SparksOptions, players: int, pm: Any) -> None:
        super().__init__(options, players, pm)
        self.state_type = self.ext_typed(State)
        self.rounds = options.rounds
        self.machine: PhaseMachine[State] = PhaseMachine(
            [
                Phase("auction", Turns.EACH_ONCE, order=self._seat_order, begin=self._reveal),
                Phase("production", begin=self._produce),
                Phase("investment", Turns.UNTIL_ALL_PASS, order=self._seat_order),
            ],
            end_of_round=self._next_start_player,
            game_over=lambda s: s.flow.round >= self.rounds and s.flow.phase == 2,
            rules=self,
            hooks=pm.hook,
        )

    # -- setup and automatic steps --------------------------------------------

    def initial_state(self, seed: int) -> State:
        rng = Rng.from_seed(seed)
        deck = list(range(1, 10))
        rng.shuffle(deck)
        players = [Player(ext=self.seat_ext()) for _ in range(self.players)]
        state = State(Flow(), rng, players, deck, ext=self.shared_ext())
        self.machine.start(state)
        return state

    def _seat_order(self, state: State) -> list[int]:
        return clockwise(self.players, state.start_player)

    def _reveal(self, state: State) -> None:
        state.offer = state.deck.pop() if state.deck else 0
        if not state.offer:  # nothing to auction: everyone is done at once
            state.flow.done = [True] * len(state.flow.done)

    def _produce(self, state: State) -> None:
        for player in state.players:
            player.coins += 2 + sum(player.generators)
            player.points += len(player.generators)

    def _next_start_player(self, state: State) -> None:
        state.start_player = (state.start_player + 1) % self.players

    # -- the contract -----------------------------------------------------------

    def to_move(self, state: State) -> int | None:
        return self.machine.to_move(state)

    def legal_actions(self, state: State) -> list[Action]:
        seat = self.to_move(state)
        if seat is None:
            return []
        coins = state.players[seat].coins
        if state.auction is not None:
            low = state.auction.high_bid + 1
            return [*(Bid(amount) for amount in range(low, coins + 1)), Drop()]
        if self.machine.phase_name(state) == "auction":
            return [*(Open(bid) for bid in range(1, coins + 1)), Pass()]
        return [Buy(), Pass()] if coins >= VP_PRICE else [Pass()]

    def perform(self, state: State, action: Action) -> None:
        seat = self.to_move(state)
        assert seat is not None
        me = state.players[seat]
        machine = self.machine
        if isinstance(action, Open):
            state.auction = Auction.open(state.offer, seat, action.bid, state.flow.order)
            self._next_bidder(state)
        elif isinstance(action, Bid):
            assert state.auction is not None
            machine.pop(state)
            state.auction.bid(action.amount)
            self._next_bidder(state)
        elif isinstance(action, Drop):
            assert state.auction is not None
            machine.pop(state)
            state.auction.drop_out()
            self._next_bidder(state)
        elif isinstance(action, Buy):
            me.coins -= VP_PRICE
            me.points += 1
            machine.next_turn(state)
        else:  # Pass
            machine.finish(state)
        machine.advance(state)

    def _next_bidder(self, state: State) -> None:
        """Ask the next bidder, or settle a decided auction."""
        auction = state.auction
        assert auction is not None
        if not auction.decided:
            self.machine.push(state, Choose(auction.seat))
            return
        winner = state.players[auction.high_bidder]
        winner.coins -= auction.high_bid
        winner.generators.append(auction.lot)
        self.machine.finish(state, auction.high_bidder)
        state.auction = None
        self._reveal(state)

    def why_illegal(self, state: State, action: Action) -> IllegalAction:
        seat = self.to_move(state)
        coins = state.players[seat].coins if seat is not None else 0
        if isinstance(action, Bid | Open):
            amount = action.amount if isinstance(action, Bid) else action.bid
            if amount > coins:
                return IllegalAction(f"you have {coins} coins, you cannot bid {amount}")
            if state.auction is not None and amount <= state.auction.high_bid:
                return IllegalAction(f"a bid must beat the high bid of {state.auction.high_bid}")
        if isinstance(action, Buy) and coins < VP_PRICE:
            return IllegalAction(f"a victory point costs {VP_PRICE} coins, you have {coins}")
        return IllegalAction(f"'{self.describe(action)}' is not possible now")

    def scores(self, state: State) -> list[int]:
        return [p.points for p in state.players]

    def tallies(self, state: State) -> dict[str, list[int]]:
        """Victory points and coins: both open on the table (the deck is the only secret)."""
        return {"points": [p.points for p in state.players], "coins": [p.coins for p in state.players]}

    def rank_key(self, state: State, seat: int) -> tuple[int, int]:
        player = state.players[seat]
        return (player.points, player.coins)

    def decision_bound(self) -> int:
        # Per round: at most 9 auctions of at most (coins) bids each, plus one
        # buy per 4 coins and one pass per seat.  Coins never exceed
        # 10 + rounds * (2 + 45), so this is generous and finite.
        max_coins = START_COINS + self.rounds * (2 + 45)
        per_round = self.players * (2 + max_coins) * 2 + max_coins // VP_PRICE * self.players
        return self.rounds * per_round

    def hide(self, state: State, seat: int | None) -> State:
        hidden = self.clone(state)
        hidden.deck = [0] * len(state.deck)  # the order of the deck is secret
        hidden.rng = Rng(0)
        return hidden

    def redeal(self, view: State, seat: int, rng: Rng) -> State:
        """The hidden deck dealt again from the generators seen nowhere (not on offer, not
        owned), and a new generator for the draws: what a searching bot plays on from."""
        d = self.clone(view)
        d.rng = Rng(rng.next_u64())
        seen = {d.offer, *(g for player in d.players for g in player.generators)}
        d.deck = rng.sample([g for g in range(1, 10) if g not in seen], len(view.deck))
        return d

    def describe(self, action: Action) -> str:
        if isinstance(action, Open):
            return f"open {action.bid}"
        if isinstance(action, Bid):
            return f"bid {action.amount}"
        return type(action).__name__.lower()

    def read_action(self, text: str) -> Action | None:
        words = text.lower().split()
        simple: dict[str, Action] = {"drop": Drop(), "pass": Pass(), "buy": Buy()}
        if len(words) == 1 and words[0] in simple:
            return simple[words[0]]
        if len(words) == 2 and words[0] in ("open", "bid") and words[1].isascii() and words[1].isdigit():
            return Open(int(words[1])) if words[0] == "open" else Bid(int(words[1]))
        return None

    def phase_name(self, state: State) -> str:
        return self.machine.phase_name(state)

    def round_number(self, state: State) -> int:
        return state.flow.round

    def render(self, state: State, seat: int | None) -> str:
        lines = [f"Round {state.flow.round}/{self.rounds} · {self.phase_name(state)}"]
        offer = f"generator of output {state.offer}" if state.offer else "nothing"
        lines.append(f"On offer: {offer} · deck: {len(state.deck)} cards")
        if state.auction is not None:
            a = state.auction
            lines.append(f"Auction: high bid {a.high_bid} by {self.player(a.high_bidder)}")
        for i, p in enumerate(state.players):
            gens = ", ".join(map(str, p.generators)) or "-"
            lines.append(f"  {self.player(i)}: {p.points} VP, {p.coins} coins, generators {gens}")
        return "\n".join(lines)
