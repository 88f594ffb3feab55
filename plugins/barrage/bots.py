"""A greedy Barrage bot: produce the most energy, fulfil the best contract,
build when it can, else take cheap useful actions."""

from __future__ import annotations

from typing import Any

from turbine.core import Rng

from .actions import Bank, Construct, Fulfil, Machinery, Place, Produce, Skip, Structure, Take, Water


class GreedyBot:
    def __init__(self, rules: Any, seat: int, seed: int) -> None:
        self.rules = rules
        self.seat = seat
        self.rng = Rng.from_seed(seed, stream=2000 + seat)

    def _score(self, state: Any, action: Any) -> float:
        r = self.rules
        t = type(action)
        if t is Place:
            space = r.spaces[r.space_index[action.space]]
            if space.kind == "production":
                return 50 + space.amount * 3 - space.credits
            if space.kind == "contracts":
                return 20 if len(state.players[self.seat].contracts) < 3 else 1
            if space.kind in ("machinery",):
                return 12 - space.credits
            return 5 - space.credits
        if t is Construct:
            return 40
        if t is Bank:
            return 3 - action.engineers
        if t is Water:
            return action.markers
        if t is Fulfil:
            return 10 + r.contracts[action.contract].requirement
        if t is Take:
            return r.contracts[action.contract].requirement
        if t is Structure:
            return {"powerhouse": 4, "conduit": 3, "base": 2, "elevation": 1}[action.kind]
        if t is Machinery:
            return action.excavators
        if t is Produce:
            return 1
        if t is Skip:
            return -1
        return 0

    def choose(self, state: Any, legal: list[Any]) -> Any:
        best = max(self._score(state, a) for a in legal)
        top = [a for a in legal if self._score(state, a) == best]
        return top[self.rng.below(len(top))]
