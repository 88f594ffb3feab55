"""The greedy Power Grid bot.

It decides from its seat's view, where the deck order is hidden, and needs only
public information there (the market, its own plants and money, the board); it
follows simple rules of thumb:

* auction: open at the minimum on the plant that adds the most cities it can
  actually fuel from the market; bid one more while the price stays within the
  plant's worth to it; otherwise pass / drop out;
* resources: buy the fuel to run every plant once, cheapest type first for hybrids;
* building: connect the cheapest cities while it has fewer cities than its plants
  can power (plus one), keeping the game moving;
* bureaucracy: run the set of plants that powers the most cities with the least fuel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from turbine.core.rng import Rng

from . import actions as A
from .plants import CITIES, F_HYBRID, F_NONE, FUEL, NEED, NUMBER, fuel_needs

SEARCH_BIAS = 3.0
"""The progressive bias ``mcts`` gives the greedy bot's move under an iteration budget, and
under a time budget up to :data:`SEARCH_BIAS_SECONDS`."""
SEARCH_BIAS_SECONDS = 0.3
SEARCH_BIAS_PER_SECOND = 10.0
"""The bias per second of a longer time budget: 3 at 0.3 s, 10 at 1 s."""
SEARCH_BIAS_MAX = 10.0
"""Reached at 1 s; no longer budget was measured."""


def search_bias(seconds: float | None) -> float:
    """How far a Power Grid search trusts the greedy bot's move (``Rules.search_bias``):
    3 for an iteration budget and up to 0.3 s a decision, then 10 a second, up to 10.

    Measured against the greedy bots (docs/bots.md, "Strength"): at 0.3 s a bias of 3
    won 77 of 100 four-player and 82 of 100 two-player games, and 10 won fewer (52% and
    68% of 40); at 1 s, 3 won only 15 and 11 of 24, and 10 won 22 and 22 of 24.  A longer
    search visits the greedy move more, so a bias that fades with its visits lets more
    playouts talk the search out of it sooner (into bids the greedy bot would not make,
    mostly worse).  Barrage does not gain from it: its default stays 3 at every budget."""
    if seconds is None or seconds <= SEARCH_BIAS_SECONDS:
        return SEARCH_BIAS
    return min(SEARCH_BIAS_MAX, SEARCH_BIAS_PER_SECOND * seconds)


class GreedyBot:
    def __init__(self, rules: Any, seat: int, seed: int) -> None:
        self.rules = rules
        self.seat = seat
        self.rng = Rng.from_seed(seed, stream=2000 + seat)

    # -- helpers ---------------------------------------------------------------

    def _fuelable(self, state: Any, plant: int, extra: Sequence[int]) -> bool:
        """Can the plant be fuelled from the market plus ``extra``, what is held?"""
        f = FUEL[plant]
        if f == F_NONE:
            return True
        market = state.resources
        need = NEED[plant]
        if f < 4:
            return market[f] + extra[f] >= need
        if f == F_HYBRID:
            return market[0] + extra[0] + market[1] + extra[1] >= need
        return sum(market) + sum(extra) >= need

    def _capacity(self, plants: list[int]) -> int:
        return sum(CITIES[p] for p in plants)

    def _worth(self, state: Any, plant: int) -> int:
        """Cities this plant adds to the bot's capacity (0 if it cannot be fuelled)."""
        me = state.players[self.seat]
        if not self._fuelable(state, plant, me.res):
            return 0
        plants = me.plants
        if len(plants) >= self.rules.max_plants:  # it replaces the plant powering fewest cities
            return CITIES[plant] - min([CITIES[p] for p in plants])
        return CITIES[plant]

    # -- the decision ------------------------------------------------------------

    def choose(self, view: Any, legal: list[Any]) -> Any:
        """The move the rules of thumb give for the decision ``legal`` answers, read from
        the seat's ``view``."""
        first = legal[0]
        me = view.players[self.seat]
        if type(first) is A.OpenAuction or type(first) is A.Pass:
            return self._open(view, legal)
        if type(first) is A.Bid or type(first) is A.DropOut:
            return self._bid(view, legal)
        if type(first) is A.Discard:
            return min(legal, key=lambda a: (CITIES[a.plant], a.plant))
        if type(first) is A.Buy or (type(first) is A.Done and view.flow.phase == 2):
            return self._buy(view, legal)
        if type(first) in (A.Build, A.Start) or (type(first) is A.Done and view.flow.phase == 3):
            return self._build(view, legal)
        if type(first) is A.Power:
            n = len(me.cities)

            def value(a: A.Power) -> tuple[int, int]:
                need, hybrid, anyn, cities = fuel_needs(a.plants)
                return (min(cities, n), -(sum(need) + hybrid + anyn))

            return max(legal, key=value)
        if type(first) is A.Burn:
            # burn the type it holds more of
            return max(
                legal,
                key=lambda b: (
                    b.coal * me.res[0] + b.oil * me.res[1] + b.garbage * me.res[2] + b.uranium * me.res[3]
                ),
            )
        return first

    def _open(self, state: Any, legal: list[Any]) -> Any:
        me = state.players[self.seat]
        # each plant at its minimum bid (P-4.4), the shared instance the legal list holds
        opens = [A.opens(p, NUMBER[p], NUMBER[p])[0] for p in self.rules.openable(state, self.seat)]
        can_pass = legal[-1] is A.PASS or A.PASS in legal  # the rules list it last
        best = None
        best_key: tuple[int, int] | None = None
        reserve = 10 + 2 * len(me.cities) if state.flow.round > 1 else 0
        for a in opens:
            worth = self._worth(state, a.plant)
            if worth <= 0 and can_pass:
                continue
            if a.bid > me.money - reserve and can_pass:
                continue
            key = (worth, -a.bid) if state.step > 1 or state.flow.round > 1 else (CITIES[a.plant], a.plant)
            if best_key is None or key > best_key:
                best, best_key = a, key
        if best is not None:
            return best
        if can_pass:
            return A.PASS
        return min(opens or legal, key=lambda a: getattr(a, "bid", 10**9))

    def _bid(self, state: Any, legal: list[Any]) -> Any:
        a = state.auction
        me = state.players[self.seat]
        worth = self._worth(state, a.lot)
        limit = NUMBER[a.lot] + 3 * worth
        limit = min(limit, me.money - 5 * (state.flow.round > 1))
        nxt = a.high_bid + 1
        if worth > 0 and nxt <= limit:
            for b in legal:
                if type(b) is A.Bid and b.amount == nxt:
                    return b
        return A.DROP

    def _buy(self, state: Any, legal: list[Any]) -> Any:
        buyable = {a.resource: a for a in legal if type(a) is A.Buy}
        if not buyable:
            return A.DONE
        me = state.players[self.seat]
        need, hybrid, anyn, _ = fuel_needs(me.plants)
        have = me.res
        names = A.RESOURCE_NAMES
        for r in range(4):  # what a plant of one fuel lacks first
            if need[r] > have[r] and names[r] in buyable:
                return buyable[names[r]]
        if not hybrid and not anyn:
            return A.DONE
        extra = [h - n if h > n else 0 for n, h in zip(need, have, strict=True)]
        spare_c, spare_o = extra[0], extra[1]
        hybrid_short = max(0, hybrid - spare_c - spare_o)
        spare = sum(extra) - min(hybrid, spare_c + spare_o)
        any_short = max(0, anyn - max(0, spare))
        if hybrid_short or any_short:
            options = [r for r in ((0, 1) if hybrid_short else range(4)) if names[r] in buyable]
            if options:
                r = min(options, key=lambda r: self.rules.price(state, r))
                return buyable[names[r]]
        return A.DONE

    def _build(self, state: Any, legal: list[Any]) -> Any:
        me = state.players[self.seat]
        builds = [a for a in legal if type(a) is not A.Done]
        if not builds:
            return A.DONE
        target = self._capacity(me.plants) + 1  # every plant's cities, fuelled or not
        end = self.rules.end_cities
        leader = max(len(p.cities) for p in state.players)
        if len(me.cities) >= target and leader < end - 2:
            return A.DONE
        cheapest = min(builds, key=lambda a: (a.cost, type(a) is A.Start, a.city))
        if state.flow.round > 1 and me.money - cheapest.cost < 0:
            return A.DONE
        return cheapest
