"""The rules of Power Grid on the Russia and Japan maps (``power_grid.md``).

Rule IDs (P-…, T-…, U-…) refer to ``docs/rules/power_grid.md``.  The round
is five phases run by the core :class:`~turbine.core.flow.PhaseMachine`:

0. ``order`` (automatic, P-3.4/P-3.5)
1. ``auction`` (each seat once in player order, P-4): the turn goes to the first
   seat that has neither bought nor passed; bidding, discards and returning
   tokens are pending sub-decisions;
2. ``resources`` (reverse order, P-5): one token at a time, then ``done``;
3. ``building`` (reverse order, P-6): one city at a time, then ``done``;
4. ``bureaucracy`` (player order, P-7): which plants run, then the mix burned.

Plants are identified by their ``sort_key`` (3 × value; 33⅓ = 100).

The automatic steps (sales, draws, removals, Steps, incomes, resupply, the order) are
said aloud through :mod:`.narration`, only while a game listens (:meth:`Rules.telling`).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any

from turbine.core.auction import Auction
from turbine.core.errors import BadOptions, IllegalAction, ParseError
from turbine.core.flow import Flow, Phase, PhaseMachine, Turns
from turbine.core.layout import plural
from turbine.core.rng import Rng
from turbine.core.rules import Rules
from turbine.core.scores import Breakdown, Ledger

from . import actions as A
from . import narration
from .actions import Action
from .data_model import RESOURCES, load_map, members
from .maps import (
    INF,
    Nearest,
    all_pairs,
    cities_in_regions,
    is_connected_region_set,
    legal_region_sets,
    random_region_set,
)
from .options import PowerGridOptions
from .phases import P_AUCTION, P_BUILDING, P_BUREAU, P_RESOURCES, PHASES
from .plants import (
    F_ANY,
    F_HYBRID,
    F_NONE,
    FLOW_GENERATOR,
    FUEL,
    NEED,
    NUMBER,
    RES_INDEX,
    STANDARD,
    can_fuel,
    capacities,
    fuel_needs,
    key_of,
    max_kept,
    max_powerable,
    plant_sets,
    runs_on,
    storable,
    stored_kinds,
)
from .setup_draws import chosen_deck, chosen_order
from .state import (
    HIDDEN,
    NO_STEP3,
    STEP3,
    STEP3_AT_PHASE5,
    STEP3_IN_MARKET,
    STEP3_NEXT_ROUND,
    Decision,
    Player,
    State,
)
from .tables import (
    income,
    initial_market_counts,
    initial_reserve,
    market_size,
    player_count_row,
    price_by_count,
    resupplied_count,
    resupply_amounts,
    space_costs,
    starting_money,
)

# contexts of a draw (what the Step 3 card does when it appears)
CTX_AUCTION, CTX_BUILDING, CTX_STEP2, CTX_MARKET = "A", "B", "S2", "C"


# --------------------------------------------------------------------------- the rules


class PowerGridRules(Rules[State, Action, PowerGridOptions]):
    state_type = State
    action_type = Action

    def __init__(self, options: PowerGridOptions, players: int, pm: Any) -> None:
        super().__init__(options, players, pm)
        self.state_type = self.ext_typed(State)
        """The state with ``ext`` typed by the records this game's expansions register."""
        o: PowerGridOptions = options
        self.o = o
        # U-11 and U-8 (b) change when spaces open: the map carries them (T-9)
        self.map = load_map(o.map, o.small_city_steps, 2 if o.start_city_second_space == "step2" else 1)
        self.is_japan = o.map == "japan"
        row = player_count_row(players)
        self.n_regions = row.regions
        self.random_removals = row.removed_plants
        self.max_plants = row.max_plants
        self.step2_cities = row.step2_cities
        self.end_cities = row.end_cities
        self.start_money = starting_money()
        #: ``price_table[r][n]``: price of the cheapest token of ``r`` when ``n`` lie on the market (T-5)
        self.price_table = [price_by_count(r) for r in range(4)]
        self.actual_size = market_size(self.map, 1)[0]
        #: the cards setup puts face down on top of the deck, top first (P-2.9/P-2.10: 13)
        self.known_top = [key_of(n) for n in reversed(self.map.deck.top)]
        self.pass_removal = self.map.pass_removal
        self.outdated_removal = self.map.outdated_removal
        self.no_sale_removal = self.map.no_sale_removal or (o.russia_no_sale and not self.is_japan)
        self.max_networks = self.map.max_networks
        self.city_names = [c.name for c in self.map.cities]
        self.city_by_name = dict(self.map.city_index)
        self.city_keys = {A.name_key(n): n for n in self.city_names}
        self.start_city = [c.start for c in self.map.cities]
        #: ``space_now[step][city][houses there]``: cost of the next space, None if closed (T-9)
        self.space_now = ((), *(space_costs(self.map, step) for step in (1, 2, 3)))
        #: ``least_space[step]``: the cheapest space of the map at that step; a player with
        #: less money can build nothing (two in five of a random game's building decisions)
        self.least_space = (
            0,
            *(min(c for row in costs for c in row if c is not None) for costs in self.space_now[1:]),
        )
        self.all_mask = self.map.all_cities_mask
        self._links: dict[int, Nearest] = {}
        self.fixed_regions: tuple[int, ...] | None = None
        if o.regions is not None:
            self.fixed_regions = self._check_regions(o.regions)
        self.machine: PhaseMachine[State] = PhaseMachine(
            [
                Phase("order", Turns.AUTO, begin=self._order_begin),
                Phase(
                    "auction",
                    Turns.EACH_ONCE,
                    order=lambda s: s.order,
                    begin=self._auction_begin,
                    end=self._auction_end,
                ),
                Phase("resources", Turns.EACH_ONCE, order=lambda s: s.order[::-1]),
                Phase("building", Turns.EACH_ONCE, order=lambda s: s.order[::-1], end=self._building_end),
                Phase(
                    "bureaucracy",
                    Turns.EACH_ONCE,
                    order=lambda s: s.order,
                    begin=self._bureau_begin,
                    end=self._bureau_end,
                ),
            ],
            end_of_round=self._round_end,
            game_over=lambda s: s.ended,
            rules=self,
            hooks=pm.hook if pm is not None else None,
        )
        # the expansion hooks of .hookspecs, looked up once: None when no plugin implements one
        self.on_plant_bought = _implemented(pm, "power_grid_plant_bought")
        self.on_resources_bought = _implemented(pm, "power_grid_resources_bought")
        self.on_fuel_burned = _implemented(pm, "power_grid_fuel_burned")
        self.on_cities_powered = _implemented(pm, "power_grid_cities_powered")
        self.on_income_paid = _implemented(pm, "power_grid_income_paid")

    # ------------------------------------------------------------------ setup (P-2)

    def _check_regions(self, names: list[str]) -> tuple[int, ...]:
        idx = self.map.region_index
        unknown = [n for n in names if n not in idx]
        if unknown:
            raise BadOptions(
                f"unknown region {', '.join(unknown)} on {self.map.title}; regions: {', '.join(idx)}"
            )
        regions = tuple(sorted(idx[n] for n in names))
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise BadOptions(f"each region is in play once: {', '.join(twice)} given more than once (P-2.2)")
        if len(regions) != self.n_regions:
            raise BadOptions(
                f"{self.players} players play on {self.n_regions} regions (T-2), not {len(names)}"
            )
        if not is_connected_region_set(self.map, regions):
            raise BadOptions("the regions in play must be adjacent (P-2.2)")
        return regions

    def initial_state(self, seed: int) -> State:
        o = self.o
        m = self.map
        rng = Rng.from_seed(seed)
        # P-2.2 regions
        if self.fixed_regions is not None:
            regions = self.fixed_regions
        else:
            if not legal_region_sets(m, self.n_regions):
                raise BadOptions(f"{m.title} has no {self.n_regions} adjacent regions")
            regions = random_region_set(m, self.n_regions, rng)
        allowed = cities_in_regions(m, regions)
        # P-2.4 random initial order
        order = list(range(self.players))
        rng.shuffle(order)
        if o.player_order is not None:  # chosen instead (the Rng has drawn as without)
            order = chosen_order(o.player_order, self.players)
        # P-2.5 resource market (tokens fill each track from the expensive end)
        resources = list(initial_market_counts(m))
        reserve = list(initial_reserve(m))
        # P-2.7 plant market, P-2.9/P-2.10 deck
        market = sorted(key_of(n) for n in m.initial_plant_market)
        removed = {key_of(n) for n in m.removed_plants}
        top = [key_of(n) for n in m.deck.top]
        seeded = [key_of(n) for n in self._seeded_plants()]
        taken = set(market) | removed | set(top) | set(seeded)
        pool = [k for k in STANDARD if k not in taken]
        if o.flow_generator:
            pool.append(FLOW_GENERATOR)
        rng.shuffle(pool)
        stack = list(pool)  # what the deck is made of (for a chosen deck_order)
        # P-2.11 / U-3 (a): random removal from the freshly shuffled stack (its top)
        unseen = min(self.random_removals, len(pool))
        pool = pool[unseen:]
        # deck as a list, top first for now
        if seeded:
            depth = min(m.deck.seed_depth, len(pool))
            head = pool[:depth] + seeded
            rng.shuffle(head)
            pool = head + pool[depth:]
        if o.deck_order is not None:  # chosen instead (the Rng has drawn as without)
            pool = chosen_deck(o.deck_order, stack, seeded, len(pool), m.deck.seed_depth)
        deck_top_first = list(reversed(top)) + pool + [STEP3]
        deck = deck_top_first[::-1]  # top card last
        state = State(
            flow=Flow(),
            rng=rng,
            players=[Player(money=self.start_money, ext=self.seat_ext()) for _ in range(self.players)],
            order=order,
            regions=list(regions),
            allowed=allowed,
            in_play=members(allowed),
            houses=[() for _ in m.cities],
            market=market,
            deck=deck,
            box=sorted(removed),
            unseen_removed=unseen,
            resources=resources,
            reserve=reserve,
            ext=self.shared_ext(),
        )
        self.machine.start(state)
        self._settle(state)
        return state

    def _seeded_plants(self) -> list[int]:
        """U-2: which plants are shuffled into the top of the deck."""
        m = self.map
        choice = self.o.deck_seeding
        if choice == "swapped":
            return list(m.deck.seeded)
        in_use = set(m.initial_plant_market) | set(m.removed_plants) | set(m.deck.top)
        literal = [n for n in m.deck.literal_seeded if n not in in_use]
        if choice == "literal":
            return literal
        # "slip": every printed number that is already in the market is read as the next free one
        out: list[int] = []
        for n in m.deck.literal_seeded:
            while n in in_use or n in out:
                n += 1
            out.append(n)
        return sorted(out)

    # ------------------------------------------------------------------ queries

    def to_move(self, state: State) -> int | None:
        return self.machine.to_move(state)

    def phase_name(self, state: State) -> str:
        return PHASES[state.flow.phase]

    def round_number(self, state: State) -> int:
        return state.flow.round

    def describe(self, action: Action) -> str:
        return A.describe(action)

    def action_terms(self, action: Action) -> dict[str, object]:
        """A move as data in the notation's terms, plants by printed number (see
        :func:`.actions.terms`); :meth:`action_to_data`, which the saved log keeps,
        names plants by sort key."""
        return A.terms(action)

    def scores(self, state: State) -> list[int]:
        """Cities each player can power now (P-9.3, A.5)."""
        return [max_powerable(p) for p in state.players]

    def score_name(self) -> str:
        """The scores are the cities each player could power now, his plants and fuel
        against his connected cities (P-9.3, A.5): not the cities he has connected."""
        return "cities powerable"

    def tallies(self, state: State) -> dict[str, list[int]]:
        """Money, connected cities, plants and cities powerable: all open on the table
        (only the deck is hidden, see ``view``)."""
        players = state.players
        return {
            "money": [p.money for p in players],
            "cities": [len(p.cities) for p in players],
            "plants": [len(p.plants) for p in players],
            "can power": self.scores(state),
        }

    def rank_key(self, state: State, seat: int) -> tuple[Any, ...]:
        """P-9.3: cities powerable, then money, then connected cities (U-19: shared victory)."""
        p = state.players[seat]
        return (max_powerable(p), p.money, len(p.cities))

    def score_breakdown(self, state: State, ledger: Ledger | None = None) -> Breakdown:
        """P-9.3's ranking, component by component: cities powerable, then money, then
        connected cities.  A ranking, not a sum: a seat ahead on the first wins whatever
        the others say; the state holds all three, so no ledger is needed."""
        return Breakdown.ranked_by(
            [self.score_name(), "money", "cities"],
            [self.rank_key(state, seat) for seat in range(self.players)],
            self.score_name(),
        )

    def max_cities(self, state: State) -> int:
        return max(len(p.cities) for p in state.players)

    def price(self, state: State, r: int) -> int:
        """Price of the cheapest token of resource ``r`` on the market (0 if none)."""
        return self.price_table[r][state.resources[r]]

    def actual_market(self, state: State) -> list[int]:
        """P-2.7/P-8.7: the plants that can be auctioned now."""
        if state.step >= 3:
            return [p for p in state.market if p != STEP3]
        return [p for p in state.market[: self.actual_size] if p != STEP3]

    def hide(self, state: State, seat: int | None) -> State:
        """What every player knows: the deck order above the Step 3 card and the random
        generator are secret.

        Known cards stay visible: the plants put under the Step 3 card in Phase 5
        (P-7.10) and plant 13 while it still lies on top, where setup placed it face
        down in front of everybody (P-2.9/P-2.10).  Only setup puts cards above the
        Step 3 card, so a 13 on top of a deck that still holds the Step 3 card is that one.
        """
        v = self.clone(state)
        v.rng = Rng(0)
        deck = v.deck
        if STEP3 not in deck:  # reshuffled at Step 3 (P-8.4-P-8.6): nothing is known
            v.deck = [HIDDEN] * len(deck)
            return v
        known_top = self.known_top
        n = 0
        while n < len(known_top) and deck and deck[-1 - n] == known_top[n]:
            n += 1
        for i in range(len(deck) - 1 - n, -1, -1):
            if deck[i] == STEP3:
                break
            deck[i] = HIDDEN
        return v

    def rollout_bot(self) -> Any:
        """The greedy bot (``plugins/power_grid/bots.py``) plays the playouts of searching bots."""
        from .bots import GreedyBot

        return GreedyBot

    def search_bias(self, seconds: float | None) -> float:
        """A bias that grows with a time budget above 0.3 s (:func:`.bots.search_bias`)."""
        from .bots import search_bias

        return search_bias(seconds)

    def redeal(self, view: State, seat: int, rng: Rng) -> State:
        """A full state behind ``view``: its face-down deck cards dealt again from the plants
        ``seat`` has seen nowhere, and a new generator for the game's draws.

        The unseen plants are the game's plants (P-2.7, with the flow generator when in
        play) that lie in no hand, market, deck position shown or box: the face-down
        deck cards and the ones removed unseen at setup (P-2.11), which stay out of the
        game.  Before the Step 3 reshuffle (P-8.4-P-8.6) the plants setup shuffled into
        the top of the deck (U-2) and not yet seen are kept among the deck cards that
        were that top part, so a determinisation is a deck setup could have dealt.
        """
        d = self.clone(view)
        d.rng = Rng(rng.next_u64())
        hidden = [i for i in range(len(d.deck) - 1, -1, -1) if d.deck[i] == HIDDEN]  # top first
        if not hidden:
            return d
        seen = {*d.market, *d.box, *d.deck, *(k for p in d.players for k in p.plants)}
        if d.auction is not None:
            seen.add(d.auction.lot)
        in_game = [*STANDARD, FLOW_GENERATOR] if self.o.flow_generator else STANDARD
        unseen = [k for k in in_game if k not in seen]
        if len(unseen) != len(hidden) + d.unseen_removed:
            raise ValueError(
                f"{len(unseen)} plants unseen for {len(hidden)} face-down cards and "
                f"{d.unseen_removed} removed unseen: the view is not one of this game"
            )
        seeded = [k for k in (key_of(n) for n in self._seeded_plants()) if k in unseen]
        cards = [k for k in unseen if k not in seeded]
        rng.shuffle(cards)
        cards = cards[: len(hidden) - len(seeded)]
        window = len(hidden)
        if seeded and STEP3 in d.deck:
            # U-2: the seeded plants lie in the top window; cards drawn since setup shrink it
            window = min(window, self._seed_window() - (self._initial_hidden() - len(hidden)))
        if window < len(seeded):  # not a deal setup could make: keep to the known cards' count
            window = len(hidden)
        for spot, plant in sorted(zip(rng.sample(range(window), len(seeded)), seeded, strict=True)):
            cards.insert(spot, plant)  # ascending spots: each plant lands at its own
        for position, plant in zip(hidden, cards, strict=True):
            d.deck[position] = plant
        return d

    def _seed_window(self) -> int:
        """U-2: how many cards below the known top setup dealt with the seeded plants among them."""
        seeded = self._seeded_plants()
        return min(self.map.deck.seed_depth, self._initial_hidden() - len(seeded)) + len(seeded)

    def _initial_hidden(self) -> int:
        """The face-down cards above the Step 3 card at setup, below the known top (P-2.9-P-2.11)."""
        m = self.map
        taken = {key_of(n) for n in (*m.initial_plant_market, *m.removed_plants, *m.deck.top)}
        seeded = {key_of(n) for n in self._seeded_plants()}
        pool = len([k for k in STANDARD if k not in taken and k not in seeded]) + bool(self.o.flow_generator)
        return pool - min(self.random_removals, pool) + len(seeded)

    def bound_reason(self) -> str:
        return (
            "The game ends after Phase 4 of round max_rounds at the latest. In a round each seat buys at "
            "most one plant, every auction ends in a sale, every bid raises the price and no bid can exceed "
            "the money a player can hold (50 + 150 per earlier round); tokens bought in a round are at most "
            "the 84 tokens, houses at most three per city over the game, and Phase 5 asks each seat at most "
            "three questions."
        )

    def decision_bound(self) -> int:
        n = self.players
        total = 3 * len(self.map.cities) + 1
        for r in range(1, self.o.max_rounds + 1):
            money = self.start_money + 150 * (r - 1)
            auction = n * (1 + money + n) + n  # opens, bids, drop-outs; passes
            discards = n + 84  # discards and returned tokens
            total += auction + discards + 84 + n + n + 3 * n
        return total

    # ------------------------------------------------------------------ legal moves

    def legal_actions(self, state: State) -> list[Action]:
        flow = state.flow
        if flow.over:
            return []
        if flow.pending:
            d = flow.pending[-1]
            kind = d.kind
            if kind == "bid":
                a = state.auction
                assert a is not None
                money = state.players[d.seat].money
                out: list[Action] = list(A.bids(a.high_bid + 1, money))
                out.append(A.DROP)
                return out
            if kind == "burn":
                return self._burn_options(state, d)
            if kind == "discard":
                return [A.Discard(k) for k in self._old_plants(state, d.seat)]
            if kind == "return":
                return [A.RETURN[r] for r in self._return_options(state.players[d.seat], d)]
            raise AssertionError(kind)
        seat = flow.order[flow.cursor]
        phase = flow.phase
        if phase == P_AUCTION:
            return self._auction_options(state, seat)
        if phase == P_RESOURCES:
            return self._buy_options(state, seat)
        if phase == P_BUILDING:
            return self._build_options(state, seat)
        if phase == P_BUREAU:
            return self._power_options(state.players[seat])
        raise AssertionError(phase)

    def _power_options(self, p: Player) -> list[Action]:
        """P-7.2: every set of his plants his tokens can run together."""
        res = p.res
        return [A.Power(s) for s, needs in plant_sets(tuple(p.plants)) if runs_on(res, needs)]

    def openable(self, state: State, seat: int) -> list[int]:
        """P-4.4: the plants of the actual market the seat can open an auction on, bidding at
        least the plant's number (the legal openings are those bids up to his money)."""
        money = state.players[seat].money
        return [p for p in self.actual_market(state) if NUMBER[p] <= money]

    def _auction_options(self, state: State, seat: int) -> list[Action]:
        money = state.players[seat].money
        out: list[Action] = []
        for p in self.openable(state, seat):
            out.extend(A.opens(p, NUMBER[p], money))
        if state.flow.round > 1 or not out:
            out.append(A.PASS)
        return out

    def _buy_options(self, state: State, seat: int) -> list[Action]:
        p = state.players[seat]
        out: list[Action] = []
        caps = capacities(p.plants)
        res = p.res
        for r in range(4):
            n = state.resources[r]
            if n and self.price_table[r][n] <= p.money:
                res[r] += 1
                ok = storable(res, caps)
                res[r] -= 1
                if ok:
                    out.append(A.BUY[r])
        out.append(A.DONE)
        return out

    def _nearest(self, state: State) -> Nearest:
        """Link costs inside the play area (U-14), whose all-pairs table is static for the
        whole game."""
        mask = self.all_mask if self.o.paths_outside_play else state.allowed
        links = self._links.get(mask)
        if links is None:
            links = self._links[mask] = Nearest(all_pairs(self.map, mask))
        return links

    def _distances(self, state: State, seat: int) -> Sequence[int] | None:
        """A.4: cheapest link cost from any of his cities (both networks) to every city."""
        return self._nearest(state)(state.players[seat].cities)

    def link_costs(self, state: State, seat: int) -> Sequence[int] | None:
        """The cheapest links from ``seat``'s network to every city (A.4, P-6.5): what a
        further city costs besides its space; ``None`` while he has no city (P-6.4)."""
        return self._distances(state, seat)

    def _build_options(self, state: State, seat: int) -> list[Action]:
        p = state.players[seat]
        money = p.money
        out: list[Action] = []
        if money < self.least_space[state.step] or (self.o.house_limit and len(p.cities) >= 20):
            out.append(A.DONE)
            return out
        dist = self._distances(state, seat)
        space_now = self.space_now[state.step]
        houses = state.houses
        names = self.city_names
        Build = A.Build
        if not self.is_japan:
            if dist is None:  # P-6.4 first city, U-13
                late = self.o.late_start_occupied
                for c in state.in_play:
                    h = houses[c]
                    space = space_now[c][len(h)]
                    if space is not None and space <= money and (late or not h):
                        out.append(Build(names[c], space))
            else:  # P-6.5, P-11.8: grow the one network
                for c in state.in_play:
                    h = houses[c]
                    space = space_now[c][len(h)]
                    if space is not None:
                        cost = dist[c] + space
                        if cost <= money and seat not in h:
                            out.append(Build(names[c], cost))
            out.append(A.DONE)
            return out
        # Japan: P-12.6-P-12.11
        can_start = p.networks < self.max_networks
        extend = dist is not None and (state.flow.round > 1 or self.o.round1_extend)
        start_only = self.o.start_city_second_space == "start_only"
        anywhere = self.o.first_network_anywhere and p.networks == 0
        # U-13 (b) on a first city outside the start cities (U-9 b); a start city takes a
        # second player from Step 1 anyway (P-12.8)
        empty_only = anywhere and not self.o.late_start_occupied
        start_city = self.start_city
        for c in state.in_play:
            h = houses[c]
            k = len(h)
            space = space_now[c][k]
            if space is None or space > money or seat in h:
                continue
            link = INF
            if extend:
                link = dist[c]  # type: ignore[index]
                if start_only and k == 1 and start_city[c]:
                    link = INF  # U-8 (c): the second 10-space only starts a network
                if link + space <= money:
                    out.append(Build(names[c], link + space))
            if can_start and link > 0 and (start_city[c] or (anywhere and not (empty_only and k))):
                out.append(A.Start(names[c], space))
        out.append(A.DONE)
        return out

    def _old_plants(self, state: State, seat: int) -> list[int]:
        """P-4.9: the plants he may discard: all but the one just bought."""
        new = state.players[seat].plants[-1]
        return sorted(k for k in state.players[seat].plants if k != new)

    def _return_options(self, p: Player, d: Decision) -> list[int]:
        """P-4.9: the kinds of token the player may return next: tokens of the plant he
        discarded (``d.plants``), which he keeps as many of as his other plants can
        store.  Tokens of another kind sat on plants he keeps: they never have to go.

        The tokens are one pool (P-5.5), so which ones sat on the discarded plant is
        any share the plant could store, the rest fitting on the other plants: each
        return keeps the most tokens that fit, and one of the plant's kinds always
        does while tokens must go (a flow that fills the kept plants fullest can be
        extended to the discarded one without emptying them)."""
        caps = capacities(p.plants)
        best = max_kept(p.res, caps)
        out = []
        for r in stored_kinds(d.plants[0]) if d.plants else range(4):
            if p.res[r]:
                p.res[r] -= 1
                if max_kept(p.res, caps) == best:
                    out.append(r)
                p.res[r] += 1
        return out

    def _burn_options(self, state: State, d: Decision) -> list[Action]:
        res = state.players[d.seat].res
        out: list[Action] = []
        if d.hybrid:
            h = d.hybrid
            for coal in range(min(h, res[0]), max(0, h - res[1]) - 1, -1):
                out.append(A.Burn(coal, h - coal, 0, 0))
            return out
        n = d.any
        for c in range(min(n, res[0]), -1, -1):
            for o in range(min(n - c, res[1]), -1, -1):
                for g in range(min(n - c - o, res[2]), -1, -1):
                    u = n - c - o - g
                    if u <= res[3]:
                        out.append(A.Burn(c, o, g, u))
        return out

    # ------------------------------------------------------------------ performing

    def read_action(self, text: str) -> Action | None:
        """Any move in :func:`.actions.describe`'s notation, legal or not (city names and
        case as the player likes); ``build CITY`` without a cost reads as ``ANY_COST``."""
        return A.read(text, self.city_keys)

    def parse(self, text: str, state: State) -> Action:
        """The legal move written ``text``; also accepts ``build CITY`` / ``start CITY``
        without the cost (the current cost is filled in) and plants in any order."""
        try:
            return super().parse(text, state)
        except ParseError:
            action = self.read_action(text)
            if action is not None:
                legal = self.legal_actions(state)
                if (type(action) is A.Build or type(action) is A.Start) and action.cost == A.ANY_COST:
                    for a in legal:
                        if type(a) is type(action) and a.city == action.city:
                            return a
                elif action in legal:
                    return action
            words = text.split()
            if len(words) == 3 and words[0].lower() == "buy" and words[2].isdigit():
                kind = words[1].lower()  # ``buy coal 3``: one token a move, each at its price
                raise ParseError(
                    f"tokens are bought one at a time, each at the market's next price (P-5.2): "
                    f"type 'buy {kind}' {words[2]} times"
                ) from None
            raise

    def perform(self, state: State, action: Action) -> None:
        flow = state.flow
        if flow.pending:
            d = flow.pending[-1]
            if type(action) is A.Bid:
                a = state.auction
                assert a is not None
                a.bid(action.amount)
                d.seat = a.seat
            elif type(action) is A.DropOut:
                self._drop_out(state)
            elif type(action) is A.Burn:
                self._burn(state, d, action)
            elif type(action) is A.Discard:
                self._discard(state, d, action.plant)
            elif type(action) is A.ReturnResource:
                self.perform_return(state, d, RES_INDEX[action.resource])
        else:
            seat = flow.order[flow.cursor]
            if type(action) is A.Buy:
                r = RES_INDEX[action.resource]
                p = state.players[seat]
                cost = self.price_table[r][state.resources[r]]
                p.money -= cost
                state.resources[r] -= 1
                p.res[r] += 1
                if self.on_resources_bought is not None:
                    self.on_resources_bought(
                        rules=self, state=state, seat=seat, resource=action.resource, amount=1, cost=cost
                    )
            elif type(action) is A.Done:
                self.machine.finish(state)
            elif type(action) is A.Build or type(action) is A.Start:
                self._build(state, seat, action)
            elif type(action) is A.OpenAuction:
                self._open(state, seat, action.plant, action.bid)
            elif type(action) is A.Pass:
                self._pass(state, seat)
            elif type(action) is A.Power:
                self._power(state, seat, action.plants)
            else:  # pragma: no cover - apply() checked it
                raise IllegalAction(self.describe(action))
        self._settle(state)

    def _settle(self, state: State) -> None:
        """Run automatic steps, including decisions with only one possible answer."""
        flow = state.flow
        while True:
            self.machine.advance(state)
            if flow.over:
                return
            if flow.pending:
                d = flow.pending[-1]
                if d.kind == "bid":
                    a = state.auction
                    if a is not None and state.players[d.seat].money <= a.high_bid:
                        if self.telling():
                            narration.cannot_raise(self, d.seat, a.high_bid, state.players[d.seat].money)
                        self._drop_out(state)  # he cannot raise: he drops out (P-4.5)
                        continue
                elif d.kind == "return":
                    options = self._return_options(state.players[d.seat], d)
                    if len(options) == 1:
                        if self.telling():
                            narration.forced(
                                self, d.seat, f"returns 1 {A.RESOURCE_NAMES[options[0]]} to the reserve"
                            )
                        self.perform_return(state, d, options[0])
                        continue
                return
            if flow.phase == P_BUREAU:
                seat = flow.order[flow.cursor]
                p = state.players[seat]
                if not p.cities or not any(can_fuel(p.res, (k,)) for k in p.plants):
                    self._pay(state, seat, 0)  # nothing to decide (P-7.5: 0 powered pays 10)
                    continue
            return

    def perform_return(self, state: State, d: Decision, r: int) -> None:
        p = state.players[d.seat]
        p.res[r] -= 1
        state.reserve[r] += 1
        if sum(p.res) <= max_kept(p.res, capacities(p.plants)):
            state.flow.pending.pop()

    # ------------------------------------------------------------------ Phase 1 (P-3)

    def _rank(self, state: State) -> None:
        """P-3.4/P-3.5: most cities first, ties by the highest plant."""
        players = state.players
        state.order = sorted(
            state.order,
            key=lambda s: (len(players[s].cities), max(players[s].plants, default=-1)),
            reverse=True,
        )

    def _order_begin(self, state: State) -> None:
        if state.step3 == STEP3_NEXT_ROUND:  # P-8.6 (4)
            state.step = 3
            state.step3 = NO_STEP3
            if self.telling():
                self.tell("Step 3 begins (P-8.6): every plant in the market can be auctioned")
        if state.flow.round > 1:  # P-3.8: round 1 keeps the random order
            self._rank(state)
            if self.telling():
                narration.order(self, state, "P-3.4")

    # ------------------------------------------------------------------ Phase 2 (P-4)

    def _auction_begin(self, state: State) -> None:
        state.sold = 0
        state.pass_removed = False

    def still_to_buy(self, state: State, seat: int) -> bool:
        """P-4.2: whether ``seat`` has neither bought a plant nor passed in this Phase 2."""
        flow = state.flow
        return not flow.done[flow.order.index(seat)]

    def _open(self, state: State, seat: int, plant: int, bid: int) -> None:
        n = self.players
        others = [(seat + i) % n for i in range(1, n)]
        bidders = [seat] + [s for s in others if self.still_to_buy(state, s)]
        if len(bidders) == 1:  # P-4.6: nobody can outbid him
            if self.telling():
                narration.sold(self, seat, plant, bid, alone=True)
            self._sell(state, seat, plant, bid)
            return
        state.auction = Auction.open(plant, seat, bid, bidders)
        self.machine.push(state, Decision(seat=state.auction.seat, kind="bid"))

    def _drop_out(self, state: State) -> None:
        a = state.auction
        assert a is not None
        a.drop_out()
        d = state.flow.pending[-1]
        if a.decided:
            state.flow.pending.pop()
            state.auction = None
            if self.telling():
                narration.sold(self, a.high_bidder, a.lot, a.high_bid, alone=False)
            self._sell(state, a.high_bidder, a.lot, a.high_bid)
        else:
            d.seat = a.seat

    def _sell(self, state: State, seat: int, plant: int, price: int) -> None:
        """P-4.5/P-4.7/P-4.9: pay, take the plant, refill the market, check the limit."""
        p = state.players[seat]
        p.money -= price
        state.market.remove(plant)
        p.plants.append(plant)  # the new plant is last until the discard is settled
        state.sold += 1
        self.machine.finish(state, seat)
        self._draw(state, CTX_AUCTION)
        if len(p.plants) > self.max_plants:
            self.machine.push(state, Decision(seat=seat, kind="discard"))
        else:
            p.plants.sort()
        if self.on_plant_bought is not None:
            self.on_plant_bought(rules=self, state=state, seat=seat, plant=NUMBER[plant], price=price)

    def _discard(self, state: State, d: Decision, plant: int) -> None:
        p = state.players[d.seat]
        p.plants.remove(plant)
        p.plants.sort()
        state.box.append(plant)
        state.flow.pending.pop()
        caps = capacities(p.plants)
        if not storable(p.res, caps):
            # P-4.9: tokens of the discarded plant that no longer fit go to the reserve, the
            # player chooses which (rules version 1 let tokens of any kind go)
            closed = [plant] if self.plays_under("power_grid", 2) else []
            self.machine.push(state, Decision(seat=d.seat, kind="return", plants=closed))

    def _pass_removes(self, state: State, seat: int) -> bool:
        """P-11.5 (Russia): a pass by ``seat`` now is the one that removes a plant (once a
        round, from round 2: the first player's, or the first pass, as the option says)."""
        o = self.o
        return (
            self.pass_removal
            and state.flow.round > 1
            and not state.pass_removed
            and (o.pass_removal_trigger == "first_pass" or seat == state.order[0])
        )

    def pass_boxes(self, state: State, seat: int) -> int | None:
        """P-11.5 (Russia): the plant a pass by ``seat`` now sends to the box (the lowest of
        the market, unless the option spares an outdated one), ``None``: none."""
        if not self._pass_removes(state, seat):
            return None
        lowest = self._lowest(state)
        if lowest is None or (self.o.pass_removal_skip_outdated and NUMBER[lowest] <= self.max_cities(state)):
            return None
        return lowest

    def _pass(self, state: State, seat: int) -> None:
        o = self.o
        if self._pass_removes(state, seat):
            lowest = self.pass_boxes(state, seat)
            state.pass_removed = True  # P-11.5: once per round
            if lowest is not None:
                if self.telling():
                    why = (
                        "the first pass of the round removes it"
                        if o.pass_removal_trigger == "first_pass"
                        else "the first player in order passes, which removes it"
                    )
                    narration.boxed(
                        self,
                        lowest,
                        f"{why} (P-11.5, U-4 {'b' if o.pass_removal_trigger == 'first_pass' else 'a'})",
                    )
                state.market.remove(lowest)
                state.box.append(lowest)
                self._draw(state, CTX_AUCTION)
        self.machine.finish(state, seat)

    def _auction_end(self, state: State) -> None:
        """P-4.11: no-sale rule, Step 3 Case A clean-up, round-1 order."""
        if self.no_sale_removal and self.o.no_sale_timing == "phase2":
            self._no_sale(state)
        if state.step3 == STEP3_IN_MARKET:  # P-8.4 (4)/(5)
            state.market.remove(STEP3)
            lowest = self._lowest(state)
            if lowest is not None:
                if self.telling():
                    narration.boxed(self, lowest, "the lowest plant leaves with the Step 3 card (P-8.4)")
                state.market.remove(lowest)
                state.box.append(lowest)
            state.step = 3
            state.step3 = NO_STEP3
            if self.telling():
                self.tell("Step 3 begins (P-8.4): every plant in the market can be auctioned")
        if state.flow.round == 1:  # P-3.9
            self._rank(state)
            if self.telling():
                narration.order(self, state, "P-3.9")

    def _no_sale(self, state: State) -> None:
        """P-12.4: no plant sold this round: the cheapest plant goes to the box."""
        if state.sold == 0 and state.flow.round > 1:
            lowest = self._lowest(state)
            if lowest is not None:
                if self.telling():
                    narration.boxed(self, lowest, "no plant was sold this round (P-12.4)")
                state.market.remove(lowest)
                state.box.append(lowest)
                self._draw(state, CTX_AUCTION if state.flow.phase == P_AUCTION else CTX_MARKET)

    # ------------------------------------------------------------------ the plant market (A.1)

    def _lowest(self, state: State) -> int | None:
        m = state.market
        return m[0] if m and m[0] != STEP3 else None

    def _draw(self, state: State, ctx: str) -> None:
        """Draw the top card into the market with every follow-up (P-4.7, P-10.6, P-12.5)."""
        self._draw_one(state, ctx)
        self._outdated(state, ctx)

    def _draw_one(self, state: State, ctx: str) -> None:
        deck = state.deck
        market = state.market
        while deck:
            card = deck.pop()
            if card == STEP3:
                self._step3_drawn(state, ctx)
                return
            bisect.insort(market, card)
            if self.telling():
                narration.entered(self, card)
            if card == FLOW_GENERATOR:  # P-10.6: the lowest plant (maybe 33⅓ itself) goes
                low = market.pop(0)
                state.box.append(low)
                if self.telling():
                    narration.boxed(self, low, "33⅓ entering the market sends the lowest plant away (P-10.6)")
                continue
            return
        if self.telling():
            self.tell("The deck is empty: no plant replaces it (P-4.7, P-7.10)")

    def _outdated(self, state: State, ctx: str) -> None:
        """P-12.5 (Japan): plants at or below the largest city count leave the market."""
        if not self.outdated_removal:
            return
        top = self.max_cities(state)
        strict = self.o.outdated_threshold == "below"
        market = state.market
        while market and market[0] != STEP3:
            n = NUMBER[market[0]]
            if n < top or (n == top and not strict):
                if self.telling():
                    has = plural(top, "city", "cities")
                    narration.boxed(self, market[0], f"outdated, a player has {has} (P-12.5)")
                state.box.append(market.pop(0))
                self._draw_one(state, ctx)
            else:
                return

    def _step3_drawn(self, state: State, ctx: str) -> None:
        """P-8.3–P-8.6 (T-11): the Step 3 card appears."""
        state.rng.shuffle(state.deck)
        if self.telling():
            under = plural(len(state.deck), "card")
            self.tell(f"The Step 3 card is drawn; the deck under it is shuffled ({under}, P-8.3)")
        if ctx == CTX_AUCTION:  # Case A
            state.market.append(STEP3)
            state.step3 = STEP3_IN_MARKET
            if self.telling():
                self.tell("It waits at the end of the market: Step 3 begins after this auction phase (P-8.4)")
            return
        lowest = self._lowest(state)
        if lowest is not None:
            if self.telling():
                case = "P-8.5" if ctx == CTX_BUILDING else "P-8.6"
                narration.boxed(self, lowest, f"the lowest plant leaves with the Step 3 card ({case})")
            state.market.remove(lowest)
            state.box.append(lowest)
        if ctx == CTX_BUILDING:  # Case B
            state.step3 = STEP3_AT_PHASE5
            said = "Step 3 begins with Phase 5 of this round (P-8.5)"
        elif ctx == CTX_STEP2 and self.o.step3_at_step2_start == "case_b":  # U-18 (a)
            state.step = 3
            state.step3 = NO_STEP3
            said = "Step 3 begins now (U-18)"
        else:  # Case C (and U-18 (b))
            state.step3 = STEP3_NEXT_ROUND
            said = (
                f"Step 3 begins with the next round (P-8.6); this round's resupply, already done, "
                f"was Step {state.step}'s"
            )
        if self.telling():
            self.tell(said)

    # ------------------------------------------------------------------ Phase 4 (P-6)

    def _build(self, state: State, seat: int, action: A.Build | A.Start) -> None:
        c = self.city_by_name[action.city]
        p = state.players[seat]
        p.money -= action.cost
        state.houses[c] = (*state.houses[c], seat)
        p.cities.append(c)
        if type(action) is A.Start or (not self.is_japan and len(p.cities) == 1):
            p.networks += 1
        self._outdated(state, CTX_BUILDING)  # P-6.11 / U-7

    def _building_end(self, state: State) -> None:
        """P-9.1 end of game; P-8.1 Step 2 trigger."""
        top = self.max_cities(state)
        if top >= self.end_cities or state.flow.round >= self.o.max_rounds:
            state.ended = True
            if self.telling():
                why = (
                    f"{top} cities reached, P-9.1"
                    if top >= self.end_cities
                    else f"round {self.o.max_rounds}, the limit of the max_rounds option, not a rule"
                )
                self.tell(f"The game ends after this Phase 4 ({why})")
            return
        if state.step == 1 and state.step3 == NO_STEP3 and top >= self.step2_cities:
            state.step2_pending = True

    # ------------------------------------------------------------------ Phase 5 (P-7)

    def _bureau_begin(self, state: State) -> None:
        if state.step2_pending:  # P-8.2
            state.step2_pending = False
            state.step = 2
            if self.telling():
                self.tell(f"Step 2 begins (P-8.1): a player has {self.max_cities(state)} cities")
            lowest = self._lowest(state)
            if lowest is not None:
                if self.telling():
                    narration.boxed(self, lowest, "the lowest plant leaves as Step 2 begins (P-8.2)")
                state.market.remove(lowest)
                state.box.append(lowest)
            self._draw(state, CTX_STEP2)
        if state.step3 == STEP3_AT_PHASE5:  # P-8.5 (3)
            state.step = 3
            state.step3 = NO_STEP3
            if self.telling():
                self.tell("Step 3 begins (P-8.5): every plant in the market can be auctioned")

    def _power(self, state: State, seat: int, plants: tuple[int, ...]) -> None:
        p = state.players[seat]
        need, hybrid, anyn, cities = fuel_needs(plants)
        for r in range(4):
            p.res[r] -= need[r]
            state.reserve[r] += need[r]
        if self.on_fuel_burned is not None:
            for k in plants:
                if FUEL[k] < F_HYBRID or FUEL[k] == F_NONE:  # what it burns is fixed
                    burned = {RESOURCES[FUEL[k]]: NEED[k]} if FUEL[k] < F_HYBRID else {}
                    self.on_fuel_burned(rules=self, state=state, seat=seat, plant=NUMBER[k], burned=burned)
        if hybrid or anyn:
            d = Decision(seat=seat, kind="burn", cities=cities, hybrid=hybrid, any=anyn, plants=list(plants))
            self.machine.push(state, d)
            self._auto_burn(state, d)
        else:
            self._pay(state, seat, cities)

    def _auto_burn(self, state: State, d: Decision) -> None:
        """Burn without asking while there is only one possible mix."""
        while state.flow.pending and state.flow.pending[-1] is d:
            options = self._burn_options(state, d)
            if len(options) != 1:
                return
            only = options[0]
            assert type(only) is A.Burn  # the burn options are Burn actions
            if self.telling():
                narration.forced(self, d.seat, A.describe(only).replace("burn", "burns", 1))
            self._burn(state, d, only)

    def _burn(self, state: State, d: Decision, b: A.Burn) -> None:
        p = state.players[d.seat]
        for r, n in enumerate((b.coal, b.oil, b.garbage, b.uranium)):
            p.res[r] -= n
            state.reserve[r] += n
        if self.on_fuel_burned is not None:
            self._report_mix(state, d, b)
        if d.hybrid:
            d.hybrid = 0
        else:
            d.any = 0
        if not d.hybrid and not d.any:
            state.flow.pending.pop()
            self._pay(state, d.seat, d.cities)
        else:
            self._auto_burn(state, d)

    def _report_mix(self, state: State, d: Decision, b: A.Burn) -> None:
        """``power_grid_fuel_burned`` for the plants a chosen mix fed (P-7.2): the hybrids'
        share of coal and oil in ascending plant order, coal first; 33⅓ burns the rest."""
        assert self.on_fuel_burned is not None
        if d.hybrid:
            left = [b.coal, b.oil]
            for k in d.plants:
                if FUEL[k] != F_HYBRID:
                    continue
                want, burned = NEED[k], {}
                for r in (0, 1):
                    n = min(want, left[r])
                    if n:
                        burned[RESOURCES[r]] = n
                        left[r] -= n
                        want -= n
                self.on_fuel_burned(rules=self, state=state, seat=d.seat, plant=NUMBER[k], burned=burned)
            return
        mix = {RESOURCES[r]: n for r, n in enumerate((b.coal, b.oil, b.garbage, b.uranium)) if n}
        for k in d.plants:
            if FUEL[k] == F_ANY:
                self.on_fuel_burned(rules=self, state=state, seat=d.seat, plant=NUMBER[k], burned=mix)

    def _pay(self, state: State, seat: int, capacity: int) -> None:
        """P-7.3/P-7.5: income for the cities powered, then his turn is over."""
        p = state.players[seat]
        powered = min(capacity, len(p.cities))
        p.powered = powered
        if self.on_cities_powered is not None:
            self.on_cities_powered(rules=self, state=state, seat=seat, cities=powered, capacity=capacity)
        paid = income(powered)
        p.money += paid
        if self.on_income_paid is not None:
            self.on_income_paid(rules=self, state=state, seat=seat, cities=powered, amount=paid)
        if self.telling():
            narration.paid(self, state, seat, capacity, powered)
        self.machine.finish(state, seat)

    def _bureau_end(self, state: State) -> None:
        self._resupply(state)
        self._market_update(state)

    def _resupply(self, state: State) -> None:
        """P-7.6–P-7.9 / A.2."""
        amounts = resupply_amounts(self.map, self.players, state.step)
        before = list(state.resources) if self.telling() else []
        for r in range(4):
            now = resupplied_count(r, state.resources[r], amounts[r], state.reserve[r])
            state.reserve[r] -= now - state.resources[r]
            state.resources[r] = now
        if before:
            narration.resupply(self, state, before, amounts)

    def _market_update(self, state: State) -> None:
        """P-7.10."""
        market = state.market
        if state.step < 3:
            if len(market) > self.actual_size:
                if self.telling():
                    narration.under_deck(self, market[-1])
                state.deck.insert(0, market.pop())  # under the deck, below the Step 3 card
            self._draw(state, CTX_MARKET)
        else:
            lowest = self._lowest(state)
            if lowest is not None:
                if self.telling():
                    narration.boxed(self, lowest, "the lowest plant leaves in Step 3 (P-7.10)")
                market.remove(lowest)
                state.box.append(lowest)
            self._draw(state, CTX_MARKET)

    def _round_end(self, state: State) -> None:
        if self.no_sale_removal and self.o.no_sale_timing == "round_end":
            self._no_sale(state)


def _implemented(pm: Any, name: str) -> Any:
    """The caller of hook ``name`` when some plugin of the game implements it, else ``None``
    (so a game without such an expansion pays nothing for the hook)."""
    caller = getattr(getattr(pm, "hook", None), name, None)
    return caller if caller is not None and caller.get_hookimpls() else None
