"""The ``mcts`` bot: information-set Monte Carlo tree search for any variant.

The method is single-observer information-set MCTS (SO-ISMCTS; Cowling, Powley and
Whitehouse, *Information Set Monte Carlo Tree Search*, IEEE TCIAIG 4(2), 2012).  The
bot searches one tree whose nodes are the bot's information sets, not game states:

1. It looks only at :meth:`~turbine.core.rules.Rules.view` of the state it is given,
   for its own seat.  A view of a view is the same view, so the bot works whether the
   table hands it the full state or the seat's view already.
2. Every iteration starts from a fresh *determinisation* of that view
   (:meth:`~turbine.core.rules.Rules.determinise`): the cards it cannot see dealt
   again at random, consistently with what it can see, with a new generator for the
   game's own chance events.
3. Selection walks down the tree by UCB1 among the children whose move is legal in
   this determinisation, each node choosing for the seat that moved into it (so in a
   multi-player game every seat maximises its own reward), with *availability*
   counts in place of the parent's visits, as SO-ISMCTS prescribes: a move that is
   rarely legal is not starved.  A node tries a new move while it has fewer than
   ``1 + widening * sqrt(visits)`` (progressive widening: a bid of 1 to 80 is 80
   moves, and a budget of a few dozen playouts would otherwise try each once and
   learn nothing); the first it tries is the rollout policy's own choice, the
   others come at random.  The policy's move keeps a *progressive bias* (Chaslot
   et al., *Progressive strategies for Monte-Carlo tree search*, 2008):
   ``bias / (1 + visits)`` added to its UCB1 value, so that a handful of noisy
   playouts does not talk the search out of it, while many that agree can.  The
   bias is the game's own for the budget (:meth:`~turbine.core.rules.Rules.search_bias`)
   unless the options give one.
4. A rollout plays on with the game's own fast bot where its rules name one
   (:meth:`~turbine.core.rules.Rules.rollout_bot`, played by
   :meth:`~turbine.core.rules.Rules.rollout_policy`), else uniformly at random, to
   the end or for :attr:`MctsOptions.depth` decisions.
5. Each seat's reward mixes its share of the win (1 for a sole winner, ``1/k``
   among ``k`` tied winners, 0 otherwise, judged by
   :meth:`~turbine.core.rules.Rules.winner` at the end, or by
   :meth:`~turbine.core.rules.Rules.rank_key`, the game's own ranking, where a
   rollout is cut short) with its score against the others' (0 for the lowest of
   :meth:`~turbine.core.rules.Rules.scores`, 1 for the highest), weighted by
   :attr:`MctsOptions.margin`.  A win alone says little after a noisy playout; by
   how much it was won says more, so few playouts learn more.  Truncation trades
   the precision of a whole game for many more samples; it suits random rollouts,
   which are mostly noise by the end of a long game, more than a game's own policy.

The move played is the root child visited most (ties: the better mean reward, then
the earlier in ``legal``).
SO-ISMCTS treats the opponents' hidden information as if they saw the bot's view
(strategy fusion is accepted), the usual price of one tree per decision.

All its decisions draw from a core :class:`~turbine.core.rng.Rng` seeded from the
game seed and seat, so with an iteration budget a game is reproducible.  A time
budget (``seconds``) reads the clock only to stop searching, so the moves then
depend on the machine's speed.  A decision with one legal answer is answered at
once, without search.

The game's narration, score ledger and phase watchers are silenced while the bot
searches: the moves it tries are not the table's.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Literal

import msgspec
from pydantic import BaseModel, ConfigDict, Field

from .errors import BrokenContract, IllegalAction
from .rng import Rng
from .rules import Rules
from .specs import BotSpec

__all__ = ["SPEC", "MctsBot", "MctsOptions", "SearchStats"]

_encode = msgspec.msgpack.Encoder().encode


class MctsOptions(BaseModel):
    """The ``mcts`` bot's options (``--bot-option mcts.KEY=VALUE``).

    The budget per decision is ``iterations``, or ``seconds`` when that is set;
    only an iteration budget gives reproducible moves.
    """

    model_config = ConfigDict(
        extra="forbid", frozen=True, allow_inf_nan=False
    )  # inf seconds, say, never ends

    iterations: int = Field(
        default=50, ge=1, le=1_000_000, description="determinised playouts per decision"
    )  # a bound, so that a typo (1e9) is refused rather than a game that never goes on
    seconds: float | None = Field(
        default=None,
        gt=0,
        le=3600,
        description="thinking time per decision instead of an iteration count (at most an hour)",
    )
    exploration: float = Field(
        default=0.7, ge=0, description="UCB1 exploration constant (rewards lie in 0..1)"
    )
    depth: int | None = Field(
        default=None,
        ge=0,
        description="decisions a rollout plays before the ranking judges it (none: to the end)",
    )
    widening: float = Field(
        default=1.0,
        ge=0,
        description="progressive widening: a node visited n times tries 1 + widening * sqrt(n) moves",
    )
    margin: float = Field(
        default=0.5, ge=0, le=1, description="share of the reward given by the score, not the win (0..1)"
    )
    bias: float | None = Field(
        default=None,
        ge=0,
        description="progressive bias toward the rollout policy's move: bias / (1 + visits) on its "
        "value (none: the game's own for the budget, Rules.search_bias; 3 unless it says otherwise)",
    )
    rollout: Literal["game", "random"] = Field(
        default="game",
        description="rollout moves: the game's own policy where it offers one, or uniformly random",
    )


class SearchStats(msgspec.Struct):
    """What the last search did (for benchmarks and tests)."""

    iterations: int = 0
    rollout_moves: int = 0
    seconds: float = 0.0
    searched: bool = False


class _Node:
    """One information set of the tree: reached by ``action`` chosen by ``mover``."""

    __slots__ = ("action", "avail", "children", "mover", "preferred", "visits", "wins")

    def __init__(self, action: Any, mover: int) -> None:
        self.action = action
        self.mover = mover
        self.visits = 0
        self.wins = 0.0
        self.avail = 1
        self.children: dict[bytes, _Node] = {}
        self.preferred: bytes | None = None
        """The key of the rollout policy's move here, asked the first time the node expands."""


Policy = Callable[[Any, list[Any], Rng], Any]


class MctsBot:
    """SO-ISMCTS for one seat of one game (see the module's docstring)."""

    def __init__(
        self, rules: Rules[Any, Any, Any], seat: int, seed: int, options: MctsOptions | None = None
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.options = options or MctsOptions()
        self.rng = Rng.from_seed(seed, stream=2000 + seat)
        game_policy = self.options.rollout == "game" and rules.rollout_bot() is not None
        self.policy: Policy | None = rules.rollout_policy if game_policy else None
        bias = self.options.bias
        self.bias = rules.search_bias(self.options.seconds) if bias is None else bias
        """The progressive bias of this bot's searches: its option, else the game's own."""
        self.stats = SearchStats()

    def choose(self, state: Any, legal: list[Any]) -> Any:
        """One of ``legal`` for the seat to move in ``state`` (a full state or that seat's
        view): searched from determinisations of the seat's view, never changing ``state``."""
        if len(legal) == 1:
            self.stats = SearchStats()
            return legal[0]
        rules = self.rules
        seat = rules.to_move(state)
        if seat is None:
            raise ValueError("the game is over: there is nothing to choose")
        with _quiet(rules):
            view = rules.view(state, seat)
            root = self._search(view, seat)
        best, best_key = legal[0], (-1, -1.0)
        for action in legal:
            child = root.children.get(_encode(action))
            if child is not None and (child.visits, child.wins / child.visits) > best_key:
                best, best_key = action, (child.visits, child.wins / child.visits)
        return best

    # -- the search -----------------------------------------------------------------------

    def _search(self, view: Any, seat: int) -> _Node:
        rules, rng, options = self.rules, self.rng, self.options
        root = _Node(None, seat)
        stats = SearchStats(searched=True)
        started = time.perf_counter()
        deadline = None if options.seconds is None else started + options.seconds
        count = 0
        while True:
            if deadline is None:
                if count >= options.iterations:
                    break
            elif count and time.perf_counter() >= deadline:
                break
            state = rules.determinise(view, seat, rng)
            path = self._select_and_expand(root, state)
            stats.rollout_moves += self._rollout(state)
            reward = self._reward(state)
            for node in path:
                node.visits += 1
                node.wins += reward[node.mover]
            count += 1
        stats.iterations = count
        stats.seconds = time.perf_counter() - started
        self.stats = stats
        return root

    def _select_and_expand(self, root: _Node, state: Any) -> list[_Node]:
        """Walk down by UCB1 among the moves legal in ``state`` (played on it), expanding
        the first untried one; the nodes passed, root first."""
        rules, c = self.rules, self.options.exploration
        widening, bias = self.options.widening, self.bias
        node, path = root, [root]
        while True:
            mover = rules.to_move(state)
            if mover is None:
                return path
            legal = rules.legal_actions(state)
            keys = [_encode(a) for a in legal]
            children = node.children
            untried = [i for i, k in enumerate(keys) if k not in children]
            tried = len(keys) - len(untried)
            if untried and (not tried or tried < 1 + int(widening * math.sqrt(node.visits))):
                i = self._first_to_try(node, state, legal, keys, untried)
                child = _Node(legal[i], mover)
                children[keys[i]] = child
                for k in keys:
                    if k in children and k != keys[i]:
                        children[k].avail += 1
                rules.perform(state, legal[i])
                path.append(child)
                return path
            best: _Node | None = None
            best_value = -math.inf
            preferred = node.preferred
            for k in keys:
                seen = children.get(k)
                if seen is None:  # not tried yet: the node is not wide enough for it
                    continue
                seen.avail += 1
                value = seen.wins / seen.visits + c * math.sqrt(math.log(seen.avail) / seen.visits)
                if k == preferred:
                    value += bias / (1 + seen.visits)
                if value > best_value:
                    best, best_value = seen, value
            assert best is not None
            rules.perform(state, best.action)
            node = best
            path.append(node)

    def _first_to_try(
        self, node: _Node, state: Any, legal: list[Any], keys: list[bytes], untried: list[int]
    ) -> int:
        """The untried move to expand: the rollout policy's own choice while it is untried
        (the search starts from what the policy would do; the node remembers it for the
        progressive bias), else one at random."""
        if self.policy is not None:
            if node.preferred is None:
                node.preferred = _encode(self.policy(state, legal, self.rng))
            for i in untried:
                if keys[i] == node.preferred:
                    return i
        return untried[self.rng.below(len(untried))]

    def _rollout(self, state: Any) -> int:
        """Play on to the end or for ``depth`` decisions; the number of moves played."""
        rules, rng, policy = self.rules, self.rng, self.policy
        depth = self.options.depth
        limit = rules.decision_bound() if depth is None else depth
        played = 0
        while played < limit and rules.to_move(state) is not None:
            legal = rules.legal_actions(state)
            if policy is not None:
                move = policy(state, legal, rng)
                try:
                    rules.apply(state, move, legal)
                except IllegalAction as exc:  # the game's fast bot, not the search, is at fault
                    bot = rules.rollout_bot() or type(rules)
                    raise BrokenContract(
                        bot,
                        f"choose (the rules' rollout_bot) answered {move!r} in a search's "
                        f"playout, which is not legal: {exc}",
                    ) from None
            else:
                rules.perform(state, legal[rng.below(len(legal))])
            played += 1
        return played

    def _reward(self, state: Any) -> list[float]:
        """Each seat's reward: its share of the win and its score against the others' (module
        docstring, step 5)."""
        rules = self.rules
        if rules.to_move(state) is None:
            winners = rules.winner(state)
        else:
            keys = [rules.rank_key(state, s) for s in range(rules.players)]
            top = max(keys)
            winners = [s for s, key in enumerate(keys) if key == top]
        margin = self.options.margin
        share = (1.0 - margin) / len(winners)
        reward = [0.0] * rules.players
        for s in winners:
            reward[s] = share
        if margin:
            scores = rules.scores(state)
            low, high = min(scores), max(scores)
            if high > low:
                for s, score in enumerate(scores):
                    reward[s] += margin * (score - low) / (high - low)
            else:
                reward = [r + margin / 2 for r in reward]
        return reward


@contextmanager
def _quiet(rules: Rules[Any, Any, Any]) -> Iterator[None]:
    """Nobody listens to the moves the search tries: no narration, no score ledger,
    no phase watcher (they belong to the table's game, not to the bot's playouts)."""
    saved = rules._told, rules._ledger, rules._phase_watch
    rules._told, rules._ledger, rules._phase_watch = None, None, None
    try:
        yield
    finally:
        rules._told, rules._ledger, rules._phase_watch = saved


SPEC = BotSpec(
    "mcts",
    MctsBot,
    "searches determinised playouts (information-set MCTS); "
    "budget: --bot-option mcts.iterations=N or mcts.seconds=S",
    options=MctsOptions,
    checked_with={"iterations": 2, "depth": 8},
)
