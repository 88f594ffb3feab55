"""The Barrage rules engine (introductory game, 2–4 players).

A round is five phases run by the core :class:`PhaseMachine` (B-5):

1. **income** (automatic; incomes that need a choice push sub-decisions),
2. **actions** (until everyone has passed): a turn is one placement
   (:class:`Place`, :class:`Bank`, :class:`Construct`) followed by the
   sub-decisions it opens on the pending stack,
3. **water** (automatic), 4. **scoring** (automatic; final scoring in round 5),
5. **end of round** (automatic; never reached in round 5).

A sub-decision with a single legal answer is resolved by the engine itself.
Officers and companies are looked up once per game (:mod:`.officers`,
:mod:`.companies`); the rules ask them questions and never test names.
"""

from __future__ import annotations

from typing import Any

from turbine.core import Flow, IllegalAction, Phase, PhaseMachine, Rng, Rules, Turns

from . import construction, contracts, production, scoring, water
from .actions import (
    Action,
    Bank,
    Construct,
    Discard,
    Fulfil,
    Headstream,
    Machinery,
    Pass,
    Pay,
    Place,
    Produce,
    Site,
    Skip,
    Structure,
    Take,
    Tile,
    Water,
    describe,
    parse_text,
)
from .board import load_board
from .companies import ABILITY_POWERHOUSES, COMPANIES
from .hookspecs import fold_hook
from .officers import OFFICERS
from .state import BLOCKED, Pending, Player, State
from .tables import (
    AREAS,
    NEUTRAL,
    NOBODY,
    POWERHOUSE,
    PRIVATE_STACKS,
    STRUCTURES,
    Part,
    board,
    bonus_tiles,
    companies,
    constants,
    headstream_tiles,
    management_spaces,
    objective_tiles,
)
from .tables import (
    contracts as contract_table,
)

ROUNDS = 5
PASS = Pass()
CONSTRUCT = Construct()
INCOME, ACTIONS, WATER, SCORING, END = range(5)
AUTO_KINDS = ("release", "ability")
"""Pending kinds the engine carries out by itself when they reach the top."""


class BarrageRules(Rules[State, Action]):
    state_type = State
    action_type = Action

    def __init__(self, options: Any, players: int, pm: Any) -> None:
        super().__init__(options, players, pm)
        self.board = board()
        self.consts = constants()
        self.costs = self.consts["costs"]
        self.red_credits = self.costs["red_frame_credits"]
        self.cost_table = construction.cost_table(self.board, self.costs, self.red_credits)
        self.area_names = AREAS
        self.contracts = contract_table()
        self.spaces = management_spaces()
        self.space_index = {s.id: i for i, s in enumerate(self.spaces)}
        self.space_credits = tuple(s.credits for s in self.spaces)
        # the management spaces by kind, each as (index, engineers, credits[, amount], action);
        # the board lists production first and the contract office last, so legal
        # placements keep the board's order
        self.production_spaces = tuple(
            (i, s.engineers, s.credits, s.amount, Place(s.id))
            for i, s in enumerate(self.spaces)
            if s.kind == "production"
        )
        self.plain_spaces = tuple(
            (i, s.engineers, s.credits, Place(s.id))
            for i, s in enumerate(self.spaces)
            if s.kind not in ("production", "contracts", "bank")
        )
        self.contract_spaces = tuple(
            (i, s.engineers, s.credits, s.amount, Place(s.id))
            for i, s in enumerate(self.spaces)
            if s.kind == "contracts"
        )
        kinds = [s.kind for s in self.spaces if s.kind != "bank"]
        if kinds != sorted(kinds, key=lambda k: (k != "production", k == "contracts")):
            raise ValueError("management_board.json: production spaces first, contract office last")
        self.structure_actions = tuple(Structure(name) for name in STRUCTURES)
        self.bank_actions = tuple(Bank(n) for n in range(1, self.consts["starting"]["engineers"] + 1))
        self.construction_spaces = tuple(
            (c["engineers"], c["credits"]) for c in self.consts["construction_spaces"]
        )
        self.awards = self.consts["round_awards"]
        self.fee_credits = self.consts["conduit_fee"]["credits"]
        self.fee_vp = self.consts["conduit_fee"]["vp"]
        self.hand_limit = self.consts["hand_limit"]
        self.powerhouse_track = tuple(companies_raw_track())
        self.bonus_table = bonus_tiles()
        self.objective_table = objective_tiles()
        self.objective_awards = scoring_awards()
        self.water_board = load_board()
        self.basin_of_zone = {z: self.water_board.basin(f"Z-{z}") for z in self.board.zones}
        self.ph_zone = tuple(p.zone for p in self.board.powerhouses)
        self.headstream_index = {h: i for i, h in enumerate(self.board.headstreams)}
        columns = options.intro_columns
        if columns is None:
            columns = list(range(players))
        if len(columns) != players:
            raise ValueError(f"intro_columns names {len(columns)} columns for {players} players")
        assignment = self.consts["intro_assignment"]
        self.assignment = [assignment[c] for c in columns]
        # abilities, resolved once per game (B-15, B-16)
        self.officer_of = [OFFICERS[a["officer"]] for a in self.assignment]
        self.company_of = [COMPANIES[a["company"]] for a in self.assignment]
        self.needs = [construction.needs_table(self.cost_table, o) for o in self.officer_of]
        company_data = companies()
        self.income_rows = [company_data[a["company"]].income for a in self.assignment]
        self.flow_seats = [s for s in range(players) if self.company_of[s].flow_energy]
        self.optional_parts = options.optional_parts == "ext"
        # Barrage's own hooks (HOOKS.md), looked up once: None when no plugin implements one
        hook = pm.hook
        self.h_round_start = _used(hook, "barrage_round_start")
        self.h_end_of_round = _used(hook, "barrage_end_of_round")
        self.h_after_build = _used(hook, "barrage_after_build")
        self.h_after_production = _used(hook, "barrage_after_production")
        self.h_water_moved = _used(hook, "barrage_water_moved")
        self.h_final_scoring = _used(hook, "barrage_final_scoring")
        self.h_reward_part = _used(hook, "barrage_resolve_reward_part")
        self.h_bonus_count = _used(hook, "barrage_bonus_tile_count")
        self.h_setup_game = _used(hook, "barrage_setup_game")
        self.h_setup_player = _used(hook, "barrage_setup_player")
        self.h_production_energy = _used(hook, "barrage_production_energy")
        hand = _used(hook, "barrage_hand_limit")
        capacity = _used(hook, "barrage_dam_capacity")
        self.capacity_fn = self._capacity
        if capacity is not None:
            self.capacity_fn = water.capacity_from_hook(capacity, self, self._capacity)
        self.hand_limit_hook = hand
        self._settled: tuple[State, Pending, list[Action]] | None = None
        """The legal answers :meth:`_settle` found for the decision it stopped at, handed
        to the next :meth:`legal_actions` call for that same state and decision only."""
        self.machine: PhaseMachine[State] = PhaseMachine(
            [
                Phase("income", begin=self._income),
                Phase("actions", Turns.UNTIL_ALL_PASS, order=lambda s: s.turn_order),
                Phase("water", begin=self._water_flow),
                Phase("scoring", begin=self._scoring),
                Phase("end of round", begin=self._end_of_round),
            ],
            game_over=lambda s: s.finished,
            rules=self,
            hooks=pm.hook,
        )

    # -- setup (B-4) ----------------------------------------------------------------

    def initial_state(self, seed: int) -> State:
        rng = Rng.from_seed(seed)
        b = self.board
        start = self.consts["starting"]
        players = []
        for a in self.assignment:
            players.append(
                Player(
                    company=a["company"],
                    officer=a["officer"],
                    credits=start["credits"],
                    excavators=start["excavators"],
                    mixers=start["mixers"],
                    vp=start["vp"],
                    engineers=start["engineers"],
                    tiles=[*STRUCTURES, construction.JOKER],
                    contracts=[a["contract"]],
                )
            )
        heads = sorted(headstream_tiles())
        rng.shuffle(heads)
        bonus = sorted(t for t, (_, _, intro) in self.bonus_table.items() if intro)
        rng.shuffle(bonus)
        objective = rng.choice(sorted(self.objective_table))
        nationals = sorted(c for c, k in self.contracts.items() if k.kind == "national")
        rng.shuffle(nationals)
        stacks = []
        for colour in PRIVATE_STACKS:
            stack = sorted(c for c, k in self.contracts.items() if k.kind == "private" and k.stack == colour)
            rng.shuffle(stack)
            stacks.append(stack)
        display = [[stack.pop(), stack.pop()] for stack in stacks]
        spaces = [BLOCKED if s.min_players > self.players else NOBODY for s in self.spaces]
        state = State(
            flow=Flow(),
            rng=rng,
            players=players,
            turn_order=list(range(self.players)),
            dam_owner=[NOBODY] * len(b.dams),
            dam_height=[0] * len(b.dams),
            dam_water=[0] * len(b.dams),
            conduit_owner=[NOBODY] * len(b.conduits),
            ph_owner=[NOBODY] * len(b.powerhouses),
            headstream_tiles=heads[: len(b.headstreams)],
            headstream_water=[0] * len(b.headstreams),
            bonus_tiles=bonus[:ROUNDS],
            objective=objective,
            nationals=sorted(nationals[: self.players - 1]),
            display=display,
            stacks=stacks,
            spaces=spaces,
            bank=[0] * self.players,
        )
        # B-4.1.11: one neutral dam per area, height 1/2/3, one water marker each
        heights = self.consts["neutral_dams"]
        for area, tiles in sorted(neutral_tiles().items()):
            site = b.site_index[rng.choice(tiles)][1]
            state.dam_owner[site] = NEUTRAL
            state.dam_height[site] = heights[AREAS[area]]
            state.dam_water[site] = heights["water_each"]
        if self.h_setup_game is not None:
            self.h_setup_game(game=self, state=state, rng=state.rng)
        if self.h_setup_player is not None:
            for seat in state.turn_order:
                self.h_setup_player(game=self, state=state, seat=seat, rng=state.rng)
        self.pm.hook.turbine_setup(rules=self, state=state)
        self.machine.start(state)
        self._settle(state)
        return state

    # -- shared effects ---------------------------------------------------------------

    def add_vp(self, state: State, seat: int, vp: int) -> None:
        player = state.players[seat]
        player.vp += vp
        if player.vp < 0 and self.options.vp_floor_zero:  # U-16
            player.vp = 0

    def hand_limit_of(self, state: State, seat: int) -> int:
        if self.hand_limit_hook is None:
            return self.hand_limit
        return fold_hook(self.hand_limit_hook, "limit", self.hand_limit, game=self, state=state, seat=seat)

    def ranking_energy(self, state: State, seat: int) -> int:
        """Energy as it counts for the awards, the turn order and the tie-break
        (B-3.9.3): the true total, or capped at 30 with ``energy_cap_ranking`` (U-20)."""
        energy = state.players[seat].energy
        return min(energy, 30) if self.options.energy_cap_ranking else energy

    def ability_unlocked(self, state: State, seat: int) -> bool:
        return state.players[seat].built[POWERHOUSE] >= ABILITY_POWERHOUSES

    def extra_count(self, state: State, seat: int, counts: str) -> int:
        """Counts for bonus/objective tiles the base game does not know (expansions)."""
        if self.h_bonus_count is not None:
            got = self.h_bonus_count(game=self, state=state, seat=seat, tile=counts)
            if got is not None:
                return int(got)
        return 0

    def after_build(self, state: State, seat: int, structure: int, index: int) -> None:
        """Called after every piece is placed (technology-tile effects plug in here)."""
        if self.h_after_build is not None:
            self.h_after_build(
                game=self, state=state, seat=seat, structure=STRUCTURES[structure], target=index, tile=None
            )

    def after_production(self, state: State, seat: int, production: dict[str, int]) -> None:
        if self.h_after_production is not None:
            self.h_after_production(game=self, state=state, seat=seat, production=production)

    def push_in_order(self, state: State, decisions: list[Pending]) -> None:
        """Push sub-decisions so that the first of them is decided first."""
        for decision in reversed(decisions):
            state.flow.pending.append(decision)

    def gain(self, state: State, seat: int, parts: tuple[Part, ...]) -> None:
        """Resolve a reward or income (B-13.9.1): automatic parts at once, the
        parts that need a choice as sub-decisions, in order."""
        player = state.players[seat]
        later: list[Pending] = []
        optional = self.optional_parts
        for kind, amount, max_value, areas in parts:
            if kind == "credits":
                player.credits += amount
            elif kind == "vp":
                self.add_vp(state, seat, amount)
            elif kind == "excavators":
                player.excavators += amount
            elif kind == "mixers":
                player.mixers += amount
            elif kind == "energy":
                player.energy += amount
            elif kind == "rotate":
                construction.rotate(player, amount)
            elif kind == "machinery":
                later.append(Pending(seat, "machinery", n=amount))
            elif kind in ("water_flows", "water_delayed"):
                later.append(
                    Pending(
                        seat, "water", n=amount, a=int(kind == "water_flows"), opt=optional, c=int(optional)
                    )
                )
            elif kind.startswith("build_"):
                structure = STRUCTURES.index(kind.removeprefix("build_"))
                for _ in range(amount):
                    later.append(
                        construction.start_free_build(
                            self, state, seat, structure, max_value, areas, optional
                        )
                    )
            elif self.h_reward_part is None or not self.h_reward_part(
                game=self, state=state, seat=seat, part=(kind, amount, max_value, areas)
            ):
                raise ValueError(f"unknown reward part {kind!r}")
        self.push_in_order(state, later)

    def _capacity(self, slot: int, owner: int, height: int) -> int:
        """B-12.1.2: the dam's height, as its owner's officer counts it (EO-GD)."""
        return height if owner == NEUTRAL else self.officer_of[owner].dam_capacity(height)

    def flow_water(self, state: State, sources: list[water.Source]) -> None:
        """Move water with the one water algorithm (:func:`.water.move_water`, B-12),
        then give the USA ability its energy for markers passing its powerhouses (B-15.2)."""
        caps = water.capacities(state.dam_height, state.dam_owner, self.capacity_fn)
        now = water.WaterState(state.dam_water, state.headstream_water)
        moved, result = water.move_water(self.water_board, now, caps, sources)
        state.dam_water = moved.held
        self._flow_energy(state, result)
        if self.h_water_moved is not None:
            self.h_water_moved(game=self, state=state, result=result, cause=sources[0].kind)

    def _flow_energy(self, state: State, result: water.FlowResult) -> None:
        for seat in self.flow_seats:
            if self.ability_unlocked(state, seat):
                passes = water.natural_flow_energy(self.water_board, result, state.ph_owner, seat)
                state.players[seat].energy += passes * self.company_of[seat].flow_energy

    def release(self, state: State, zone: int, markers: int) -> None:
        """Water leaving a powerhouse of basin ``zone`` flows on (B-11.2 step 8, B-12.2.2)."""
        self.flow_water(state, [water.Source("release", self.basin_of_zone[zone], markers)])

    def can_fulfil_any(self, state: State, seat: int, made: int) -> bool:
        return bool(contracts.fulfillable(self, state, seat, made))

    # -- phases (B-6, B-17, B-18, B-19) ----------------------------------------------------

    def _income(self, state: State) -> None:
        if self.h_round_start is not None:
            self.h_round_start(game=self, state=state, round_no=state.flow.round)
        order = list(state.turn_order)
        if self.options.income_order == "reverse":  # U-3
            order.reverse()
        pending = state.flow.pending
        for seat in order:  # each seat's choices are decided before the next seat's
            mark = len(pending)
            player = state.players[seat]
            for row in range(3):
                for built, parts in self.income_rows[seat][row]:
                    if player.built[row] >= built:
                        self.gain(state, seat, parts)
            # keep income order: move this seat's decisions under those already pushed
            new = pending[mark:]
            del pending[mark:]
            pending[0:0] = new
        if state.flow.round < ROUNDS:  # B-6.4
            for h, tile in enumerate(state.headstream_tiles):
                state.headstream_water[h] += headstream_tiles()[tile][state.flow.round - 1]

    def _water_flow(self, state: State) -> None:
        """B-17: every marker on every headstream flows, headstream A first (B-12.2.4)."""
        caps = water.capacities(state.dam_height, state.dam_owner, self.capacity_fn)
        now = water.WaterState(state.dam_water, state.headstream_water)
        moved, result = water.flow_phase(self.water_board, now, caps)
        state.dam_water = moved.held
        state.headstream_water = moved.waiting
        self._flow_energy(state, result)
        if self.h_water_moved is not None:
            self.h_water_moved(game=self, state=state, result=result, cause="flow_phase")

    def _scoring(self, state: State) -> None:
        scoring.score_round(self, state)
        if state.flow.round >= ROUNDS:
            scoring.final_scoring(self, state)
            if self.h_final_scoring is not None:
                for lines in self.h_final_scoring(game=self, state=state):
                    for seat, vp, _reason in lines or ():
                        self.add_vp(state, seat, vp)

    def _end_of_round(self, state: State) -> None:
        """B-19: turn order by energy (ties reverse), resets."""
        position = {seat: i for i, seat in enumerate(state.turn_order)}
        sign = -1 if self.options.tie_order == "reverse" else 1
        state.turn_order = sorted(
            state.turn_order, key=lambda s: (self.ranking_energy(state, s), sign * position[s])
        )
        start = self.consts["starting"]["engineers"]
        for player in state.players:
            player.energy = 0
            player.engineers = start
            player.spaces_used = 0
        state.spaces = [BLOCKED if o == BLOCKED else NOBODY for o in state.spaces]
        state.bank = [0] * self.players
        if self.h_end_of_round is not None:
            self.h_end_of_round(game=self, state=state, round_no=state.flow.round)

    # -- the contract ----------------------------------------------------------------------

    def to_move(self, state: State) -> int | None:
        return self.machine.to_move(state)

    def legal_actions(self, state: State) -> list[Action]:
        flow = state.flow
        if flow.over:
            return []
        if flow.pending:
            top = flow.pending[-1]
            settled = self._settled
            if settled is not None and settled[0] is state and settled[1] is top:
                self._settled = None  # once: the list that _settle has just computed
                return list(settled[2])
            return self._sub_actions(state, top)
        if flow.phase != ACTIONS or not flow.order:
            return []
        return self._turn_actions(state, flow.order[flow.cursor])

    def _turn_actions(self, state: State, seat: int) -> list[Action]:
        """B-7: one placement, only where the action can be carried out in full."""
        player = state.players[seat]
        engineers = player.engineers
        if not engineers:
            return [PASS]
        credits = player.credits
        out: list[Action] = []
        if player.spaces_used < len(self.construction_spaces):
            need, cost = self.construction_spaces[player.spaces_used]
            if (
                engineers >= need
                and credits >= cost
                and construction.can_construct(self, state, seat, credits - cost)
            ):
                out.append(CONSTRUCT)
        occupancy = state.spaces
        if seat in state.ph_owner:  # no powerhouse: no production space (B-11.1.1)
            best: dict[int, int | None] = {}  # per space cost: the best energy without modifier
            for i, need, cost, amount, action in self.production_spaces:
                if occupancy[i] != NOBODY or need > engineers or cost > credits:
                    continue
                if cost not in best:  # after paying the space (U-24)
                    best[cost] = production.best_energy(self, state, seat, credits - cost)
                made = best[cost]
                if made is not None and made + amount >= 1:  # B-10.3.1, B-11.4
                    out.append(action)
        out += [
            action
            for i, need, cost, action in self.plain_spaces
            if occupancy[i] == NOBODY and need <= engineers and cost <= credits
        ]
        shown = len(contracts.available(state))
        if shown:
            for i, need, cost, amount, action in self.contract_spaces:
                if occupancy[i] != NOBODY or need > engineers or cost > credits:
                    continue
                if shown >= (amount if self.options.take_two_needs_two else 1):  # U-25
                    out.append(action)
        out.extend(self.bank_actions[:engineers])
        return out

    def _sub_actions(self, state: State, top: Pending) -> list[Action]:
        seat = top.seat
        kind = top.kind
        player = state.players[seat]
        out: list[Action] = []
        if kind == "structure":
            out = [
                self.structure_actions[s]
                for s in range(4)
                if construction.can_build(self, state, seat, s, player.credits)
            ]
        elif kind == "site":
            for i in construction.buildable(self, state, seat, top.a, player.credits):
                out.append(Site(construction.site_id(self, top.a, i)))
        elif kind == "tile":
            out = [Tile(t) for t in construction.tiles_for(player, top.a)]
        elif kind == "pay":
            budget = player.credits - construction.surcharge(self, top.a, top.b)
            needs = construction.requirements(self, state, seat, top.a, top.b)
            out = [Pay(e, m, c) for e, m, c in construction.payments(self, state, seat, needs, budget)]
        elif kind == "free_site":
            budget = player.credits if self.options.reward_red_frame else 10**9
            for i in construction.sites(self, state, seat, top.a, top.n, top.areas or None):
                if self.options.reward_red_frame and construction.surcharge(self, top.a, i) > budget:
                    continue
                out.append(Site(construction.site_id(self, top.a, i)))
        elif kind in ("produce", "repeat"):
            if kind == "produce":
                pairs = production.systems(self, state, seat, top.n, top.b)
            else:
                avoid = -1 if self.options.repeat_same_dam else top.b
                pairs = production.systems(
                    self, state, seat, 0, production.REPEAT, avoid_zone=top.a, avoid_dam=avoid
                )
            b = self.board
            out = [Produce(b.dams[d].id, b.conduits[c].id) for d, c in pairs]
        elif kind == "amount":
            out = [Water(n) for n in production.amounts(self, state, seat, top.a, top.b, top.n, top.c)]
        elif kind == "contract":
            out = [Fulfil(c) for c in contracts.fulfillable(self, state, seat, top.n)]
        elif kind == "machinery":
            out = [Machinery(e, top.n - e) for e in range(top.n, -1, -1)]
        elif kind == "water":
            out = [Headstream(h) for h in self.board.headstreams]
        elif kind == "take":
            out = [Take(c) for c in contracts.available(state)]
        elif kind == "discard":
            out = [Discard(c) for c in player.contracts]
        if top.opt or not out:
            out.append(Skip())
        return out

    def perform(self, state: State, action: Action) -> None:
        self._settled = None
        flow = state.flow
        if flow.pending:
            self._answer(state, flow.pending[-1], action)
        else:
            self._start_turn(state, flow.order[flow.cursor], action)
        self._settle(state)

    def _start_turn(self, state: State, seat: int, action: Action) -> None:
        player = state.players[seat]
        t = type(action)
        if t is Pass:
            self.machine.finish(state)
            return
        state.in_turn = True
        if t is Bank:
            player.engineers -= action.engineers
            player.credits += action.engineers
            state.bank[seat] += action.engineers
            return
        if t is Construct:
            space = self.consts["construction_spaces"][player.spaces_used]
            player.spaces_used += 1
            player.engineers -= space["engineers"]
            player.credits -= space["credits"]
            state.flow.pending.append(Pending(seat, "structure"))
            return
        i = self.space_index[action.space]
        space = self.spaces[i]
        state.spaces[i] = seat
        player.engineers -= space.engineers
        player.credits -= space.credits
        kind = space.kind
        if kind == "production":
            state.flow.pending.append(Pending(seat, "produce", n=space.amount, b=production.BONUS))
        elif kind == "water":
            state.flow.pending.append(Pending(seat, "water", n=space.amount, a=0, c=1))
        elif kind == "water_now":
            state.flow.pending.append(Pending(seat, "water", n=space.amount, a=1))
        elif kind == "rotate":
            construction.rotate(player, space.amount)
        elif kind == "machinery":
            if space.amount == 1:
                player.excavators += 1
            elif space.amount == 2:
                state.flow.pending.append(Pending(seat, "machinery", n=1))
            else:
                player.excavators += 1
                player.mixers += 1
        elif kind == "contracts":
            n = min(space.amount, len(contracts.available(state)))
            state.flow.pending.append(Pending(seat, "take", n=n))

    def _answer(self, state: State, top: Pending, action: Action) -> None:
        seat = top.seat
        player = state.players[seat]
        pending = state.flow.pending
        kind = top.kind
        t = type(action)
        if t is Skip:
            pending.pop()
            return
        if kind == "structure":
            pending.pop()
            pending.append(Pending(seat, "site", a=STRUCTURES.index(action.kind)))
        elif kind == "site":
            pending.pop()
            index = self.board.site_index[action.site][1]
            pending.append(Pending(seat, "tile", a=top.a, b=index))
        elif kind == "tile":
            pending.pop()
            pending.append(Pending(seat, "pay", a=top.a, b=top.b, tile=action.tile))
        elif kind == "pay":
            pending.pop()
            player.credits -= action.credits
            construction.load_and_turn(player, top.tile, action.excavators, action.mixers)
            construction.place(self, state, seat, top.a, top.b)
        elif kind == "free_site":
            pending.pop()
            index = self.board.site_index[action.site][1]
            if not self.options.reward_red_frame:
                player.credits += construction.surcharge(self, top.a, index)
            construction.place(self, state, seat, top.a, index)
        elif kind in ("produce", "repeat"):
            pending.pop()
            dam = self.board.site_index[action.dam][1]
            conduit = self.board.site_index[action.conduit][1]
            if kind == "produce":
                pending.append(Pending(seat, "amount", n=top.n, a=dam, b=conduit, c=top.b))
            else:
                pending.append(Pending(seat, "amount", n=0, a=dam, b=conduit, c=production.REPEAT))
        elif kind == "amount":
            pending.pop()
            production.produce(self, state, seat, top.a, top.b, action.markers, top.n, top.c)
        elif kind == "contract":
            pending.pop()
            contracts.fulfil(self, state, seat, action.contract)
        elif kind == "machinery":
            pending.pop()
            player.excavators += action.excavators
            player.mixers += action.mixers
        elif kind == "water":
            h = self.headstream_index[action.headstream]
            if top.a:
                self.flow_water(state, [water.Source("headstream", h, 1)])
            else:
                state.headstream_water[h] += 1
            top.n -= 1
            if top.c:
                top.opt = True
            if top.n == 0:
                pending.pop()
        elif kind == "take":
            contracts.take(self, state, seat, action.contract)
            top.n -= 1
            if top.n == 0:
                pending.pop()
                if len(player.contracts) > self.hand_limit_of(state, seat):
                    pending.append(Pending(seat, "discard"))
        elif kind == "discard":
            player.contracts.remove(action.contract)  # U-19: out of the game
            if len(player.contracts) <= self.hand_limit_of(state, seat):
                pending.pop()

    def _settle(self, state: State) -> None:
        """Run automatic steps until a real decision: forced answers, the end of a
        turn (refill the contract display, B-10.8.2), passing without engineers."""
        flow = state.flow
        machine = self.machine
        while not flow.over:
            if flow.pending:
                top = flow.pending[-1]
                if top.kind in AUTO_KINDS:
                    flow.pending.pop()
                    if top.kind == "release":
                        self.release(state, top.a, top.n)
                    else:
                        production.company_ability(self, state, top)
                    continue
                legal = self._sub_actions(state, top)
                if len(legal) == 1:
                    self._answer(state, top, legal[0])
                    continue
                self._settled = (state, top, legal)
                return
            if flow.phase != ACTIONS:
                machine.advance(state)
                if flow.pending or flow.over or flow.phase == ACTIONS:
                    continue
                return
            if state.in_turn:
                state.in_turn = False
                contracts.refill(state)
                machine.next_turn(state)
            if all(flow.done):
                machine.advance(state)
                continue
            seat = flow.order[flow.cursor]
            if state.players[seat].engineers == 0:  # B-7.6
                machine.finish(state)
                continue
            return

    def scores(self, state: State) -> list[int]:
        return [p.vp for p in state.players]

    def rank_key(self, state: State, seat: int) -> tuple[int, int]:
        """B-20.5: most VP, then most energy in round 5; still tied: shared (U-15)."""
        return (state.players[seat].vp, self.ranking_energy(state, seat))

    def decision_bound(self) -> int:
        # Each placement uses >= 1 of 12 engineers (<= 12 turns per seat and round);
        # a turn opens at most: 4 construction steps, or 2 production steps + a
        # contract + Germany's 2 more + a contract, plus the rewards those unlock
        # (<= 2 builds + 3 water + 1 machinery + income choices <= 10 each), or 2 takes
        # + 2 discards.  60 per turn and 40 per seat for the income phase is ample.
        return ROUNDS * self.players * (12 * 60 + 40)

    def bound_reason(self) -> str:
        return "5 rounds; every turn places at least one of 12 engineers and opens a bounded set of steps"

    def why_illegal(self, state: State, action: Any) -> IllegalAction:
        if not isinstance(action, Action):
            return IllegalAction(f"{action!r} is not a Barrage action")
        return IllegalAction(f"'{describe(action)}' is not legal now ({self.phase_name(state)})")

    def view(self, state: State, seat: int | None) -> State:
        hidden = self.clone(state)
        hidden.stacks = [[""] * len(stack) for stack in state.stacks]  # face-down stacks
        hidden.rng = Rng(0)
        return hidden

    def describe(self, action: Action) -> str:
        return describe(action)

    def parse(self, text: str, state: State) -> Action:
        from turbine.core import ParseError

        action = parse_text(text)
        if action is None or action not in self.legal_actions(state):
            raise ParseError(f"{text!r} is not the notation of a legal move")
        return action

    def phase_name(self, state: State) -> str:
        if state.flow.pending:
            return f"{self.machine.phase_name(state)}: {state.flow.pending[-1].kind}"
        return self.machine.phase_name(state)

    def round_number(self, state: State) -> int:
        return state.flow.round

    def render(self, state: State, seat: int | None) -> str:
        from .render import render

        return render(self, state, seat)


def _used(hook: Any, name: str) -> Any:
    """The hook caller for ``name`` if a plugin of this game implements it, else ``None``."""
    caller = getattr(hook, name, None)
    if caller is None or not caller.get_hookimpls():
        return None
    return caller


def companies_raw_track() -> list[dict[str, Any]]:
    from .tables import load_json

    return list(load_json("companies.json")["powerhouse_track"])


def scoring_awards() -> tuple[int, ...]:
    from .tables import load_json

    return tuple(load_json("scoring_tiles.json")["objective_awards"])


def neutral_tiles() -> dict[int, tuple[str, ...]]:
    from .tables import neutral_dam_tiles

    return neutral_dam_tiles()
