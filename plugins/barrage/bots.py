"""A greedy Barrage bot: produce the most energy, fulfil the best contract,
build when it can, else take cheap useful actions.  In the full game it drafts
by a fixed preference, buys advanced tiles when it has credits to spare, uses
them (and Anton's copies) before basic tiles, builds engineer-free when it can,
and uses Mahiri Sekibo's space when engineers are plentiful."""

from __future__ import annotations

from typing import TYPE_CHECKING

from turbine.core import Rng

from .actions import (
    Action,
    Bank,
    Construct,
    ConstructFree,
    Copy,
    Ext,
    Fulfil,
    Machinery,
    Pair,
    Pay,
    Place,
    Produce,
    Skip,
    Structure,
    Take,
    Tile,
    Water,
)
from .officers.sekibo import SPACE as PERSONAL_SPACE

if TYPE_CHECKING:
    from .api import BarrageGame
    from .state import State
    from .tables import Space

COPY_PREFERENCE = ("EO-VF", "EO-SJ", "EO-GD", "EO-AK", "EO-JM", "EO-WA")
"""The officers the bot copies first with Mahiri (a bigger index is worse)."""


CHANGING = ("patent", "contracts")
"""The kinds of space the bot values by the seat's position (credits and tiles, contracts held)."""


def _fixed_value(space: Space) -> float:
    """How the bot values a space of any other kind: production most (its modifier counts),
    then machinery, then the rest, each less by the credits it costs."""
    if space.kind == "production":
        return 50 + space.amount * 3 - space.credits
    if space.kind == "machinery":
        return 12 - space.credits
    return 5 - space.credits


class GreedyBot:
    """Scores every legal move by rules of thumb, from its seat's view (its own and the
    public board: the greedy bot never needs what lies face down)."""

    def __init__(self, rules: BarrageGame, seat: int, seed: int) -> None:
        self.rules = rules
        self.seat = seat
        self.rng = Rng.from_seed(seed, stream=2000 + seat)
        self.fixed = {space.id: _fixed_value(space) for space in rules.spaces if space.kind not in CHANGING}
        """The value of each space whose value depends on the space alone, worked out once:
        the bot values every open space at every turn."""

    def _score(self, state: State, action: Action) -> float:
        r = self.rules
        player = state.players[self.seat]
        # the most frequent kinds first: Place and Bank are most of a legal list
        if type(action) is Place:
            if action.space == PERSONAL_SPACE:
                return 30 if player.engineers >= 4 else 2
            space = r.spaces[r.space_index[action.space]]
            if space.kind == "patent":
                owned = r.advanced_tiles_owned(state, self.seat)
                return 26 - 4 * owned if player.credits >= space.credits + 3 else 1
            if space.kind == "contracts":
                return 20 if len(state.players[self.seat].contracts) < 3 else 1
            return _fixed_value(space)
        if type(action) is Bank:
            return 3 - action.engineers
        if type(action) is Construct:
            return 40
        if type(action) is ConstructFree:
            return 45
        if type(action) is Tile:
            tile = action.tile
            return 3 if "=" in tile else (5 if r.tile_effect(tile).advanced else 0)
        if type(action) is Pay:
            return -action.credits
        if type(action) is Pair:
            return 10 - COPY_PREFERENCE.index(action.officer) if action.officer in COPY_PREFERENCE else 8
        if type(action) is Copy:
            return 10 - COPY_PREFERENCE.index(action.officer) if action.officer in COPY_PREFERENCE else 0
        if type(action) is Water:
            return action.markers
        if type(action) is Fulfil:
            return 10 + r.contracts[action.contract].requirement
        if type(action) is Take:
            return r.contracts[action.contract].requirement
        if type(action) is Structure:
            return {"powerhouse": 4, "conduit": 3, "base": 2, "elevation": 1}[action.kind]
        if type(action) is Machinery:
            return action.excavators
        if type(action) is Produce:
            return 1
        if type(action) is Skip:
            return -1
        if type(action) is Ext:  # an expansion's action: the expansion says how good it is
            hook = r.h_bot_value
            value = None if hook is None else hook(game=r, state=state, seat=self.seat, action=action)
            return 0 if value is None else float(value)
        return 0

    def choose(self, view: State, legal: list[Action]) -> Action:
        """The best-scored legal move, ties broken by the bot's own generator; ``view``
        is what the seat sees (the face-down stacks hidden), and all it needs."""
        fixed, score = self.fixed, self._score
        scores = [  # each move scored once; most are spaces of a fixed value
            fixed[a.space] if type(a) is Place and a.space in fixed else score(view, a) for a in legal
        ]
        best = max(scores)
        top = [a for a, score in zip(legal, scores, strict=True) if score == best]
        return top[self.rng.below(len(top))]
