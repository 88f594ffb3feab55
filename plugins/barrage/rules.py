"""The Barrage rules engine (full and introductory game, 2–4 players).

A round is five phases run by the core :class:`PhaseMachine` (B-5):

1. **income** (automatic; incomes that need a choice push sub-decisions),
2. **actions** (until everyone has passed): a turn is one placement
   (:class:`Place`, :class:`Bank`, :class:`Construct`) followed by the
   sub-decisions it opens on the pending stack,
3. **water** (automatic), 4. **scoring** (automatic; final scoring in round 5),
5. **end of round** (automatic; never reached in round 5).

A sub-decision with a single legal answer is resolved by the engine itself.
Officers, companies and technology tiles come from the ``barrage_abilities``
registry hook (Barrage's own in :mod:`.base_plugin`), keyed by id; the rules
ask the seat's objects questions and never test names.  The full game adds the
draft (pending ``pair``/``start`` decisions before round 1), the Patent Office,
engineer-free constructions and Mahiri Sekibo's personal space.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import msgspec
from turbine.core import BadOptions, Flow, IllegalAction, Phase, PhaseMachine, Rng, Rules, Turns
from turbine.core.layout import plural
from turbine.core.scores import Breakdown, Ledger

from . import (
    base_plugin,
    construction,
    contracts,
    draws,
    narration,
    patent_office,
    placements,
    production,
    scoring,
    sources,
    water,
)
from .action_spaces import ActionSpaces
from .actions import (
    ACTION_TYPES,
    NOTATION,
    Action,
    Bank,
    Construct,
    ConstructFree,
    Ext,
    Headstream,
    Pass,
    Place,
    Skip,
    Structure,
)
from .api import CompanyAbility, OfficerAbility, TileAbility
from .board import load_board
from .companies import ABILITY_POWERHOUSES, NoCompany
from .decisions import (
    BARRAGE_DECISIONS,
    AfterBuild,
    Automatic,
    ChooseContract,
    ChooseFreeSite,
    ChoosePair,
    ChooseProduction,
    ChooseStartingContract,
    Decision,
    ExtraAction,
    PlaceWater,
    SplitMachinery,
    pending_type,
)
from .hookspecs import GameConfig, fold_hook
from .officers import NoOfficer
from .options import BarrageOptions
from .state import BLOCKED, Player, State, typed_state
from .tables import (
    AREAS,
    BASE,
    CONDUIT,
    ELEVATION,
    NEUTRAL,
    NOBODY,
    POWERHOUSE,
    PRIVATE_STACKS,
    STRUCTURES,
    VARIANT,
    Part,
    Space,
    bonus_tiles,
    companies,
    constants,
    headstream_tiles,
    management_spaces,
    objective_tiles,
    patent_spaces,
)
from .tables import (
    contracts as contract_table,
)
from .technology import advanced_stacks

ROUNDS = 5
PASS = Pass()
CONSTRUCT = Construct()
CONSTRUCT_FREE = ConstructFree()
NO_INCOME: tuple[Any, ...] = ((), (), ())
INCOME, ACTIONS, WATER, SCORING, END = range(5)
SKIP = Skip()


class BarrageRules(Rules[State, Action, BarrageOptions]):
    state_type = State
    action_type = Action

    def __init__(self, options: Any, players: int, pm: Any) -> None:
        super().__init__(options, players, pm)
        self.board = load_board()
        self.consts = constants()
        self.costs = self.consts["costs"]
        self.red_credits = self.costs["red_frame_credits"]
        self.cost_table = construction.base_cost_table()
        self.area_names = AREAS
        self.contracts = contract_table()
        self.full = options.mode == "full"
        base_plugin.register(pm)
        self.config = GameConfig(players, options.mode, options)
        kinds = list(BARRAGE_DECISIONS)
        for more in pm.hook.barrage_decisions(config=self.config):  # an expansion's decision kinds
            kinds.extend(more or ())
        self.decision_kinds: tuple[type[Decision], ...] = tuple(kinds)
        self.state_type = typed_state(pending_type(self.decision_kinds), self.shared_ext, self.seat_ext)
        """The state with the pending stack and ``ext`` typed by this game's kinds and by the
        parts its plugins register (the core's ``turbine_state_parts``, :attr:`shared_ext`)."""
        self.notation = NOTATION.copy()  # this game's expansions add their answers below
        self.action_spaces: tuple[ActionSpaces, ...] = tuple(
            space for more in pm.hook.barrage_action_spaces(config=self.config) for space in more or ()
        )
        """Expansions' action spaces (G-4), in hook order; their placements are ``Ext`` actions."""
        self.space_of: dict[str, ActionSpaces] = {}
        for space in self.action_spaces:
            for name in space.names:
                if name in self.space_of:
                    raise ValueError(f"two expansions claim the placement name {name!r}")
                self.space_of[name] = space
        for kind in self.decision_kinds:
            for answer in kind.answer_types:
                if answer not in ACTION_TYPES:
                    self.notation.add(answer)
        problems = [p for ps in pm.hook.barrage_validate_config(config=self.config) or () for p in ps or ()]
        if problems:  # an expansion refuses these options (e.g. Leeghwater needs the full game)
            raise BadOptions("; ".join(problems))
        # abilities (B-15, B-16) and technology tiles (B-14) by id; the first registered wins
        self.officers: dict[str, OfficerAbility] = {"": NoOfficer()}
        self.companies: dict[str, CompanyAbility] = {"": NoCompany()}
        self.tiles: dict[str, TileAbility] = {}
        tables: dict[str, dict[str, Any]] = {
            "officer": self.officers,
            "company": self.companies,
            "tile": self.tiles,
        }
        for items in pm.hook.barrage_abilities(config=self.config):
            for item in items or ():
                tables[item.kind].setdefault(item.id, item)
        self.engineer_free_tiles = frozenset(t for t, tile in self.tiles.items() if tile.engineer_free)
        """The tiles that allow an engineer-free construction (B-14.4)."""
        self.personal_places: dict[str, Place] = {
            o.personal_space_id: Place(o.personal_space_id)
            for o in self.officers.values()
            if o.personal_space
        }
        """Officers' personal action spaces by notation (B-16.7), one action object each."""
        self._needs: dict[str, construction.Needs] = {}
        self.cost_rules_seen: dict[tuple[Any, ...], construction.CostRules] = {}
        """:func:`.construction.cost_variants` per tile combination seen (derived data only)."""
        self.open_spaces_seen: dict[tuple[Any, ...], construction.OpenSpaces] = {}
        """:func:`.construction.open_spaces` per position seen (derived data only)."""
        spaces = management_spaces() + (patent_spaces() if self.full else ())
        self.spaces, self.space_index, self.space_credits, kinds_of_spaces = action_spaces(spaces)
        self._make_placements(kinds_of_spaces)
        self.structure_actions = tuple(Structure(name) for name in STRUCTURES)
        self.construction_spaces = tuple(
            (c["engineers"], c["credits"]) for c in self.consts["construction_spaces"]
        )
        self.awards = self.consts["round_awards"]
        self.fee_credits = self.consts["conduit_fee"]["credits"]
        self.fee_vp = self.consts["conduit_fee"]["vp"]
        self.hand_limit = self.consts["hand_limit"]
        self.powerhouse_track = companies_raw_track()
        self.bonus_table = dict(bonus_tiles())
        for rows in pm.hook.barrage_bonus_tiles(config=self.config):  # HP-17: expansions' tiles
            for tile_id, vp_each, counts, intro in rows or ():
                self.bonus_table.setdefault(tile_id, (vp_each, counts, intro))
        self.objective_table = objective_tiles()
        self.objective_awards = scoring_awards()
        self.water_board = load_board()
        self.basin_of_zone = {z: self.water_board.basin(f"Z-{z}") for z in self.board.zones}
        self.ph_zone = tuple(p.zone for p in self.board.powerhouses)
        self.headstream_index = {h: i for i, h in enumerate(self.board.headstreams)}
        self.headstream_actions = tuple(Headstream(h) for h in self.board.headstreams)
        self.site_actions = construction.base_site_actions()
        """Per structure, per building space: the answer naming it (``at SITE``)."""
        columns = options.intro_columns
        if columns is None:
            columns = list(range(players))
        if len(columns) != players:
            raise BadOptions(f"option intro_columns names {len(columns)} columns for {players} players")
        assignment = self.consts["intro_assignment"]
        self.assignment = [] if self.full else [assignment[c] for c in columns]
        self.income_table = {c: data.income for c, data in companies().items()}
        for c in sorted(self.companies):  # HP-18: incomes of expansions' companies
            if c and c not in self.income_table:
                rows = pm.hook.barrage_company_income(game=self, company=c)
                if rows is not None:
                    self.income_table[c] = rows
        self.optional_parts = options.optional_parts == "ext"
        # Barrage's own hooks (HOOKS.md), looked up once: None when no plugin implements one
        hook = pm.hook
        self.h_end_of_round = _used(hook, "barrage_end_of_round")
        self.h_after_build = _used(hook, "barrage_after_build")
        self.h_after_production = _used(hook, "barrage_after_production")
        self.h_final_scoring = _used(hook, "barrage_final_scoring")
        self.h_reward_part = _used(hook, "barrage_resolve_reward_part")
        self.h_bonus_count = _used(hook, "barrage_bonus_tile_count")
        self.h_setup_game = _used(hook, "barrage_setup_game")
        self.h_setup_player = _used(hook, "barrage_setup_player")
        self.h_ability_used = _used(hook, "barrage_ability_used")
        self.h_component_pools = _used(hook, "barrage_component_pools")
        hand = _used(hook, "barrage_hand_limit")
        self.h_capacity = _used(hook, "barrage_dam_capacity")
        self.h_decision_actions = _used(hook, "barrage_decision_actions")
        self.h_contract_policy = _used(hook, "barrage_contract_policy")
        self.h_after_placement = _direct(hook, "barrage_after_placement")
        self.h_bot_value = _direct(hook, "barrage_bot_value")
        self.hand_limit_hook = hand
        self._settled: tuple[State, Decision, list[Action]] | None = None
        """The legal answers :meth:`_settle` found for the decision it stopped at, handed
        to the next :meth:`legal_actions` call for that same state and decision only."""
        self._pools_seen: dict[str, list[list[str]]] | None = None
        """The setup's pools, for :meth:`determinise` (found when first needed)."""
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
        if options.draws is not None:
            draws.check(self, options.draws)

    def _make_placements(self, kinds_of_spaces: tuple[placements.BoardSpaces, ...]) -> None:
        """The turn-level placements (:mod:`.placements`), in the board's order, and who owns
        each placement action."""
        production_spaces, board_spaces, contract_office, patent = kinds_of_spaces
        free = placements.FreeConstruction()
        personal = placements.PersonalSpace()
        order: list[placements.Placement] = [
            placements.Construction(),
            production_spaces,
            board_spaces,
            contract_office,
        ]
        owners: dict[str, placements.Placement] = {}
        for kind_spaces in (production_spaces, board_spaces, contract_office):
            for *_, action in kind_spaces.spaces:
                owners[action.space] = kind_spaces
        if self.full:
            order += [patent, free, personal]
            for *_, action in patent.spaces:
                owners[action.space] = patent
        for space_id in self.personal_places:
            owners[space_id] = personal
        self.placements: tuple[placements.Placement, ...] = tuple(order)
        self.placement_of_space = owners
        self.bank_space = placements.BankSpace(self.consts["starting"]["engineers"])
        self.placement_of_type: dict[type, placements.Placement] = {
            Construct: order[0],
            ConstructFree: free,
            Bank: self.bank_space,
        }

    # -- setup (B-4) ----------------------------------------------------------------

    def initial_state(self, seed: int) -> State:
        rng = Rng.from_seed(seed)
        b = self.board
        start = self.consts["starting"]
        full = self.full
        basic = [*STRUCTURES] if full else [*STRUCTURES, construction.JOKER]  # B-4.2.6
        seats = self.assignment or [{"company": "", "officer": "", "contract": ""}] * self.players
        players = [
            Player(
                company=a["company"],
                officer=a["officer"],
                credits=start["credits"],
                excavators=start["excavators"],
                mixers=start["mixers"],
                vp=start["vp"],
                engineers=start["engineers"],
                tiles=list(basic),
                contracts=[a["contract"]] if a["contract"] else [],
                ext=self.seat_ext(),
            )
            for a in seats
        ]
        pools = self._pools(rng)
        heads = pools["headstream_tiles"]
        rng.shuffle(heads)
        bonus = pools["bonus_tiles"]
        rng.shuffle(bonus)
        objective = rng.choice(pools["objective_tiles"])
        nationals = pools["nationals"]
        rng.shuffle(nationals)
        stacks = pools["private_stacks"]
        for stack in stacks:
            rng.shuffle(stack)
        display = [[stack.pop(), stack.pop()] for stack in stacks]
        spaces = [BLOCKED if s.min_players > self.players else NOBODY for s in self.spaces]
        state: State[Decision, Any, Any] = State(
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
            ext=self.shared_ext(),
        )
        # B-4.1.11: one neutral dam per area, height 1/2/3, one water marker each
        heights = self.consts["neutral_dams"]
        for area, tiles in sorted(neutral_tiles().items()):
            site = b.site_index[rng.choice(tiles)][1]
            state.dam_owner[site] = NEUTRAL
            state.dam_height[site] = heights[AREAS[area]]
            state.dam_water[site] = heights["water_each"]
        if full:
            self._full_setup(state, pools)
        if self.options.draws is not None:  # chosen instead of drawn (option draws)
            draws.put(self.options.draws, state)
        if self.h_setup_game is not None:
            self.h_setup_game(game=self, state=state, rng=state.rng)
        if not full and self.h_setup_player is not None:
            for seat in state.turn_order:
                self.h_setup_player(game=self, state=state, seat=seat, rng=state.rng)
        self.machine.start(state)
        self._settle(state)
        return state

    def _pools(self, rng: Rng) -> dict[str, Any]:
        """The component pools the setup draws from, as ids (HP-2): Barrage's, then
        changed in place by ``barrage_component_pools`` (expansions add or remove ids;
        their officers, companies and tiles come from ``barrage_abilities``)."""
        full = self.full
        pools: dict[str, Any] = {
            "headstream_tiles": sorted(headstream_tiles()),
            "bonus_tiles": sorted(t for t, (_, _, intro) in self.bonus_table.items() if intro or full),
            "objective_tiles": sorted(self.objective_table),
            "nationals": list(contract_ids("national")),
            "private_stacks": [list(contract_ids("private", colour)) for colour in PRIVATE_STACKS],
        }
        if full:
            pools["companies"] = sorted(c for c in self.companies if c)
            pools["officers"] = sorted(o for o in self.officers if o)
            pools["starting_contracts"] = list(contract_ids("starting"))
            pools["advanced"] = advanced_stacks()
        if self.h_component_pools is not None:
            self.pm.hook.barrage_component_pools(config=self.config, pools=pools, rng=rng)
        return pools

    def _full_setup(self, state: State, pools: dict[str, Any]) -> None:
        """B-4.1.12: the Patent Office; B-4.4: companies, officers (paired at random)
        and starting contracts drawn for the draft; B-4.4.4: the first chooser."""
        rng = state.rng
        n = self.players
        stacks = [list(stack) for stack in pools["advanced"]]
        for stack in stacks:
            rng.shuffle(stack)
        state.patent_stacks = stacks
        patent_office.reveal(state)
        chosen = []
        for key in ("companies", "officers", "starting_contracts"):
            items = list(pools[key])
            rng.shuffle(items)
            chosen.append(items[:n])
        companies_drawn, officers_drawn, starting = chosen
        state.draft_pairs = sorted([c, o] for c, o in zip(companies_drawn, officers_drawn, strict=True))
        state.draft_contracts = sorted(starting)
        first = rng.below(n) if self.options.first_chooser == "random" else 0
        state.draft_order = [(first + i) % n for i in range(n)]
        draft: list[Decision] = []
        for seat in state.draft_order:
            draft += [ChoosePair(seat=seat), ChooseStartingContract(seat=seat)]
        self.push_in_order(state, draft)

    # -- abilities of a seat -------------------------------------------------------------

    def officer(self, state: State, seat: int) -> OfficerAbility:
        """The officer whose ability the seat has now: its own, or the one Mahiri copied (B-16.7)."""
        player = state.players[seat]
        return self.officers[player.copy or player.officer]

    def company(self, state: State, seat: int) -> CompanyAbility:
        return self.companies[state.players[seat].company]

    def income_of(self, state: State, seat: int) -> Any:
        """The seat's company income rows (B-6.2), none before the draft."""
        return self.income_table.get(state.players[seat].company, NO_INCOME)

    def needs_of(self, officer: OfficerAbility) -> construction.Needs:
        """What every cost key costs with ``officer`` (B-9.1, B-16), built once per officer."""
        needs = self._needs.get(officer.id)
        if needs is None:
            needs = self._needs[officer.id] = construction.needs_table(self.cost_table, officer)
        return needs

    def tile_effect(self, choice: str) -> TileAbility:
        """The tile whose permission and effect a tile choice has (``anton=X`` and ``copy=X`` are X's)."""
        return self.tiles[choice.rpartition("=")[2]]

    def advanced_tiles_owned(self, state: State, seat: int) -> int:
        """Advanced tiles in the personal supply and on the wheel (B-8.4.4; Anton's tile: U-13)."""
        player = state.players[seat]
        anton = self.options.anton_counts_as_advanced
        return sum(
            1
            for t in (*player.tiles, *player.wheel_tile)
            if t and (self.tiles[t].advanced or (anton and t == construction.ANTON))
        )

    def ability_used(self, state: State, seat: int, ability: str, detail: str) -> None:
        """Tell listeners that an officer's or tile's ability changed an outcome."""
        if self.h_ability_used is not None:
            self.h_ability_used(game=self, state=state, seat=seat, ability=ability, detail=detail)

    # -- shared effects (public: expansions and tile effects call these) ------------------------

    def add_vp(self, state: State, seat: int, vp: int, source: str = sources.OTHER) -> None:
        """``vp`` (negative: a loss) for ``seat`` from ``source`` (:mod:`.sources`; an
        expansion names its own): every change of a company's VP comes through here.

        The change the marker really made (less, when U-16's floor at 0 stops a loss) is
        reported to :meth:`scored`, which is what :meth:`score_breakdown` adds up.
        """
        player = state.players[seat]
        before = player.vp
        player.vp += vp
        if player.vp < 0 and self.options.vp_floor_zero:  # U-16
            player.vp = 0
        self.scored(seat, source, player.vp - before)

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

    def after_build(self, state: State, seat: int, structure: int, index: int, tile: str = "") -> None:
        """Called after every piece is placed: ``barrage_after_build`` (Barrage's own
        implementation applies an advanced tile's effect, B-8.2 step 6)."""
        if self.h_after_build is not None:
            self.h_after_build(
                game=self,
                state=state,
                seat=seat,
                structure=STRUCTURES[structure],
                target=index,
                tile=tile or None,
            )

    def after_build_later(
        self, state: State, seat: int, structure: int, index: int, tile: str, below: int
    ) -> None:
        """:meth:`after_build` once the decisions above position ``below`` of the pending
        stack are made (B-8.2 step 6 after step 5's income choices)."""
        state.flow.pending.insert(below, AfterBuild(seat=seat, structure=structure, index=index, tile=tile))

    def after_production(self, state: State, seat: int, production: dict[str, int]) -> None:
        if self.h_after_production is not None:
            self.h_after_production(game=self, state=state, seat=seat, production=production)

    def push_in_order(self, state: State, decisions: Sequence[Decision]) -> None:
        """Push sub-decisions so that the first of them is decided first."""
        for decision in reversed(decisions):
            state.flow.pending.append(decision)

    def gain(
        self, state: State, seat: int, parts: tuple[Part, ...], source: str = sources.OTHER, said: str = ""
    ) -> None:
        """Resolve a reward or income (B-13.9.1): automatic parts at once, the
        parts that need a choice as sub-decisions, in order; its VP count for
        ``source`` (``income``, ``contracts``, an expansion's own).  ``said``: what to
        call it to whoever listens (``Income uncovered by the base, paid at once``), then
        what it changed; nothing is said when nothing changed (a wheel's turn says itself)."""
        before = narration.snapshot(state) if said and self.telling() else None
        mark = len(state.flow.pending)
        self._gain(state, seat, parts, source)
        if before is not None:
            asked = state.flow.pending[mark:]  # the last pushed is asked first
            choosing = {seat: asked[-1].question(self, state)} if asked else {}
            narration.changes(self, state, before, said, choosing, if_any=True)

    def _gain(self, state: State, seat: int, parts: tuple[Part, ...], source: str) -> None:
        player = state.players[seat]
        later: list[Decision] = []
        optional = self.optional_parts
        for kind, amount, max_value, areas in parts:
            if kind == "credits":
                player.credits += amount
            elif kind == "vp":
                self.add_vp(state, seat, amount, source)
            elif kind == "excavators":
                player.excavators += amount
            elif kind == "mixers":
                player.mixers += amount
            elif kind == "energy":
                player.energy += amount
            elif kind == "rotate":
                self.rotate_wheel(state, seat, amount, turned=True)
            elif kind == "machinery":
                later.append(SplitMachinery(seat=seat, units=amount))
            elif kind in ("water_flows", "water_delayed"):
                flows = kind == "water_flows"
                later.append(
                    PlaceWater(seat=seat, markers=amount, flows=flows, optional=optional, may_stop=optional)
                )
            elif kind.startswith("build_"):  # B-13.7: no engineers, wheel or tile
                structure = STRUCTURES.index(kind.removeprefix("build_"))
                for _ in range(amount):
                    later.append(
                        ChooseFreeSite(
                            seat=seat,
                            structure=structure,
                            max_value=max_value,
                            areas=list(areas),
                            optional=optional,
                        )
                    )
            elif self.h_reward_part is None or not self.h_reward_part(
                game=self, state=state, seat=seat, part=(kind, amount, max_value, areas)
            ):
                raise ValueError(f"unknown reward part {kind!r}")
        self.push_in_order(state, later)

    def capacities(self, state: State) -> list[int]:
        """B-12.1.2: every dam's capacity, as its owner's officer counts it now (EO-GD, or
        Mahiri's copy of him), then folded through ``barrage_dam_capacity``."""
        return water.capacities(state.dam_height, state.dam_owner, self._capacity(state))

    def dam_capacity(self, state: State, dam: int) -> int:
        """:meth:`capacities` of one dam, without working out the others' (a question
        about a few dams, asked while a turn is listed, need not pay for all of them)."""
        height = state.dam_height[dam]
        return self._capacity(state)(dam, state.dam_owner[dam], height) if height > 0 else 0

    def _capacity(self, state: State) -> Callable[[int, int, int], int]:
        """The capacity of a standing dam (slot, owner, height) in ``state``."""
        officer = self.officer

        def capacity(slot: int, owner: int, height: int) -> int:
            return height if owner < 0 else officer(state, owner).dam_capacity(height)

        if self.h_capacity is not None:
            return water.capacity_from_hook(self.h_capacity, self, capacity)
        return capacity

    def dam_room(self, state: State, dam: int) -> int:
        """Markers dam ``dam`` can still take (0 when full or over-full, U-10)."""
        return max(0, self.dam_capacity(state, dam) - state.dam_water[dam])

    def place_water(self, state: State, dam: int, count: int) -> None:
        """Put markers from the general supply in front of a dam (they do not move, B-12.2.3),
        and say so: nothing else shows it but the map."""
        state.dam_water[dam] += count
        if self.telling():
            narration.water_placed(self, state, dam, count)

    def rotate_wheel(self, state: State, seat: int, steps: int, turned: bool = False) -> None:
        """Turn the seat's wheel ``steps`` single sectors (B-8.5), each returning its sector,
        and say what came back (a payment's figures otherwise read as a wrong sum).
        ``turned``: say the turn itself too, even when nothing comes back (a reward or an
        income, which no move of the seat's own showed)."""
        back = construction.rotate(state.players[seat], steps)
        if self.telling() and (turned or back.tiles or back.excavators or back.mixers):
            narration.wheel(self, state, seat, back, steps if turned else 0)

    def tile_energy(self, state: State, seat: int, energy: int) -> None:
        """Energy that may fulfil one contract (SY-8: AT-II-B, AT-III-C, B-13.5)."""
        state.players[seat].energy += energy
        if contracts.fulfillable(self, state, seat, energy, tile=True):
            state.flow.pending.append(
                ChooseContract(seat=seat, energy=energy, tile_energy=True, optional=True)
            )

    def free_builds_possible(
        self,
        state: State,
        seat: int,
        structure: str,
        count: int,
        max_value: int = 5,
        areas: tuple[int, ...] = (),
        credits: int | None = None,
        red_frame: bool | None = None,
    ) -> int:
        """How many of ``count`` rewarded ``structure`` pieces (B-13.7) could be built one
        after another now, each where the ``free_site`` decision would list it (``credits``:
        the seat's credits for the red frames, by default its own; ``red_frame``: whether
        they pay the red frames, by default as the game's option says, U-7).  Changes nothing."""
        kind = STRUCTURES.index(structure)
        framed = self.options.reward_red_frame if red_frame is None else red_frame
        trial = state  # cloned before the first trial build: one piece needs no clone
        budget = trial.players[seat].credits if credits is None else credits
        built = 0
        for _ in range(count):
            site = next(
                (
                    i
                    for i in construction.sites(self, trial, seat, kind, max_value, areas or None)
                    if not framed or construction.surcharge(self, kind, i) <= budget
                ),
                None,
            )
            if site is None:
                break
            if framed:
                budget -= construction.surcharge(self, kind, site)
            built += 1
            if built == count:
                break
            if trial is state:
                trial = self.clone(state)
            if kind == BASE:
                trial.dam_owner[site], trial.dam_height[site] = seat, 1
            elif kind == ELEVATION:
                trial.dam_height[site] += 1
            elif kind == CONDUIT:
                trial.conduit_owner[site] = seat
            else:
                trial.ph_owner[site] = seat
            trial.players[seat].built[kind] += 1
        return built

    def production_possible(self, state: State, seat: int, modifier: int, bonuses: bool = True) -> bool:
        """Whether :meth:`start_production` would offer a production now (changes nothing)."""
        flags = production.BONUS if bonuses else production.NO_ABILITY
        return bool(production.systems(self, state, seat, modifier, flags))

    def start_production(
        self, state: State, seat: int, modifier: int, bonuses: bool = True, optional: bool = True
    ) -> None:
        """A production action outside the Turbine Station (AT-II-P, B-22.36): ``modifier``
        added; with ``bonuses`` the powerhouse bonus and the company ability apply;
        ``optional``: it may be declined (a tile's reward), or not (an action the player
        placed engineers for).  Nothing happens when no production is possible."""
        flags = production.BONUS if bonuses else production.NO_ABILITY
        if production.systems(self, state, seat, modifier, flags):
            state.flow.pending.append(
                ChooseProduction(seat=seat, modifier=modifier, flags=flags, optional=optional)
            )

    def flow_water(self, state: State, sources: list[water.Source]) -> None:
        """Move water with the one water algorithm (:func:`.water.move_water`, B-12),
        then give the USA ability its energy for markers passing its powerhouses (B-15.2)."""
        caps = self.capacities(state)
        now = water.WaterState(state.dam_water, state.headstream_water)
        moved, result = water.move_water(self.water_board, now, caps, sources)
        state.dam_water = moved.held
        if self.telling() and result.stops:
            narration.flowed(self, state, result.stops, sources[0].kind)
        self._after_water(state, result, caps, sources[0].kind)

    def _after_water(self, state: State, result: water.FlowResult, caps: list[int], cause: str) -> None:
        for seat in range(self.players):
            company = self.company(state, seat)
            if company.flow_energy and self.ability_unlocked(state, seat):
                passes = water.natural_flow_energy(self.water_board, result, state.ph_owner, seat)
                state.players[seat].energy += passes * company.flow_energy
                if passes and self.telling():  # the energy moved no piece: said, with where and why
                    narration.flow_energy(self, state, seat, result.row_passes, company.flow_energy)
        if self.h_ability_used is not None:
            for d, cap in enumerate(caps):
                owner = state.dam_owner[d]
                if owner >= 0 and cap > state.dam_height[d] and state.dam_water[d] > state.dam_height[d]:
                    self.ability_used(state, owner, self.officer(state, owner).id, "dam holds more water")

    def release(self, state: State, zone: int, markers: int) -> None:
        """Water leaving a powerhouse of basin ``zone`` flows on (B-11.2 step 8, B-12.2.2)."""
        self.flow_water(state, [water.Source("release", self.basin_of_zone[zone], markers)])

    def can_fulfil_any(self, state: State, seat: int, made: int) -> bool:
        return bool(contracts.fulfillable(self, state, seat, made))

    # -- phases (B-6, B-17, B-18, B-19) ----------------------------------------------------

    def _earned(self, state: State, seat: int) -> list[Part]:
        """B-6.2: the income parts the seat's company board shows uncovered now."""
        player, rows = state.players[seat], self.income_of(state, seat)
        return [
            part
            for row in range(3)
            for built, parts in rows[row]
            if player.built[row] >= built
            for part in parts
        ]

    def _income(self, state: State) -> None:
        order = list(state.turn_order)
        if self.options.income_order == "reverse":  # U-3
            order.reverse()
        if self.telling():  # what each company earns, before the wheels it turns say what came back
            narration.income(self, state, {seat: self._earned(state, seat) for seat in order})
        pending = state.flow.pending
        choosing: dict[int, str] = {}
        for seat in order:  # each seat's choices are decided before the next seat's
            mark = len(pending)
            player = state.players[seat]
            rows = self.income_of(state, seat)
            for row in range(3):
                for built, parts in rows[row]:
                    if player.built[row] >= built:
                        self.gain(state, seat, parts, sources.INCOME)
            # keep income order: move this seat's decisions under those already pushed
            new = pending[mark:]
            del pending[mark:]
            pending[0:0] = new
            if new:
                choosing[seat] = new[-1].question(self, state)  # the last pushed is asked first
        if state.flow.round < ROUNDS:  # B-6.4
            added = [headstream_tiles()[tile][state.flow.round - 1] for tile in state.headstream_tiles]
            for h, count in enumerate(added):
                state.headstream_water[h] += count
            if self.telling():
                narration.headstream_water(self, state, added)
        for seat, question in choosing.items() if self.telling() else ():
            self.tell(f"{narration.company(self, state, seat)} has a choice to make ({question})")

    def _water_flow(self, state: State) -> None:
        """B-17: every marker on every headstream flows, headstream A first (B-12.2.4)."""
        caps = self.capacities(state)
        now = water.WaterState(state.dam_water, state.headstream_water)
        moved, result = water.flow_phase(self.water_board, now, caps)
        held, waiting = list(state.dam_water), list(state.headstream_water)
        state.dam_water = moved.held
        state.headstream_water = moved.waiting
        if self.telling():  # where the water went, before the energy its passing earned (B-15.2)
            narration.water(self, state, held, waiting)
        self._after_water(state, result, caps, "flow_phase")

    def _scoring(self, state: State) -> None:
        scoring.score_round(self, state)
        if state.flow.round >= ROUNDS:
            scoring.final_scoring(self, state)
            if self.h_final_scoring is not None:
                for lines in self.h_final_scoring(game=self, state=state):
                    for line in lines or ():  # (seat, vp, reason) or (seat, vp, reason, source)
                        source = line[3] if len(line) > 3 else sources.OTHER
                        self.add_vp(state, line[0], line[1], source)
                        if self.telling():  # the totals said above did not count it
                            narration.final_line(self, state, line[0], line[1], line[2])

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
            player.copy_uses = 0
        state.spaces = [BLOCKED if o == BLOCKED else NOBODY for o in state.spaces]
        state.bank = [0] * self.players
        if self.h_end_of_round is not None:
            self.h_end_of_round(game=self, state=state, round_no=state.flow.round)
        if self.telling() and state.flow.round < ROUNDS:
            narration.turn_order(self, state)

    # -- the contract ----------------------------------------------------------------------

    def notices(self, state: State) -> list[str]:
        """U-17 (B-2.3.2): supplies are unlimited, with a note when the box would have run out."""
        out = []
        water = sum(state.dam_water) + sum(state.headstream_water)
        markers = self.consts["water_markers"]
        if water > markers:
            out.append(f"{water} water markers are in play; the box has {markers} (U-17)")
        box = self.consts["supply_units"]
        held = {
            "credits": sum(p.credits for p in state.players),
            "excavators": sum(p.excavators + sum(p.wheel_exc) for p in state.players),
            "mixers": sum(p.mixers + sum(p.wheel_mix) for p in state.players),
        }
        for kind, units in held.items():
            if units > box[kind]:
                out.append(f"players hold {units} {kind} units; the box has {box[kind]} (U-17)")
        return out

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
        return self.turn_actions(state, flow.order[flow.cursor])

    def free_construction(self, state: State, seat: int) -> bool:
        """An engineer-free construction (AT-I-P, AT-III-B, or a copy of one) is possible
        now (B-14.4, B-7.6's exception, U-23)."""
        player = state.players[seat]
        if not self.full or (self.options.free_build_only_without_engineers and player.engineers):
            return False
        free_tiles = self.engineer_free_tiles
        if free_tiles.isdisjoint(player.tiles) and (
            free_tiles.isdisjoint(player.wheel_tile) or not self.officer(state, seat).copies_wheel_tiles
        ):
            return False
        return construction.can_construct(self, state, seat, player.credits, free=True)

    def personal_space(self, state: State, seat: int) -> bool:
        """Mahiri Sekibo's space (B-16.7.1): 1 engineer (rules version 1: and one left for
        the action that follows, U-9.1), later uses 3 credits, U-21's limit."""
        player = state.players[seat]
        if not self.officers[player.officer].personal_space or player.copy_uses >= self.options.mahiri_uses:
            return False
        cost = self.officers[player.officer].personal_space_repeat_credits if player.copy_uses else 0
        need = placements.personal_space_engineers(self)
        return player.engineers >= need and player.credits >= cost and bool(self.copyable(state, seat))

    def copyable(self, state: State, seat: int) -> list[str]:
        """Officers Mahiri may copy (U-9.3): the other players' officers, or any other one."""
        own = state.players[seat].officer
        if self.options.mahiri_copy_pool == "any":
            pool = sorted(o for o in self.officers if o)
        else:
            pool = sorted({p.officer for p in state.players if p.officer})
        return [o for o in pool if o != own]

    def turn_actions(self, state: State, seat: int, extra: bool = False) -> list[Action]:
        """B-7: one placement, only where the action can be carried out in full.
        ``extra``: the action after Mahiri's copy (no pass, no second copy)."""
        player = state.players[seat]
        engineers = player.engineers
        if not engineers:
            if self.free_construction(state, seat):  # B-7.6's exception, B-22.51
                return [CONSTRUCT_FREE] if extra else [CONSTRUCT_FREE, PASS]
            return [] if extra else [PASS]
        out: list[Action] = []
        for placement in self.placements:  # the board's order (B-7.8)
            out += placement.offers(self, state, seat, extra)
        for space in self.action_spaces:  # G-4: expansions' placements
            out.extend(space.offers(self, state, seat))
        out += self.bank_space.offers(self, state, seat, extra)  # always open (B-7.7)
        return out

    def _sub_actions(self, state: State, top: Decision) -> list[Action]:
        """The answers to the decision on top: its own, and ``skip`` when it may be
        declined or has no answer at all."""
        out: list[Action] = top.answers(self, state)
        if top.optional or not out:
            out.append(SKIP)
        return out

    def position(self, game: Any) -> Any:
        """A :class:`.position.BarragePosition` builder for ``game``."""
        from .position import BarragePosition

        return BarragePosition(game)

    def position_changed(self, state: State) -> None:
        """The legal list :meth:`_settle` kept belongs to the position before the change."""
        self._settled = None

    def perform(self, state: State, action: Action) -> None:
        self._settled = None
        flow = state.flow
        if flow.pending:
            self._answer(state, flow.pending[-1], action)
        else:
            self.start_turn(state, flow.order[flow.cursor], action)
        self._settle(state)

    def start_turn(self, state: State, seat: int, action: Action, extra: bool = False) -> None:
        """Carry out a placement (``extra``: the one that follows Mahiri's copy, B-16.7.3)."""
        if self.h_after_placement is None:
            self._place(state, seat, action, extra)
            return
        engineers = state.players[seat].engineers
        mark = len(state.flow.pending)
        self._place(state, seat, action, extra)
        placed = engineers - state.players[seat].engineers
        if placed <= 0:
            return
        later: list[Decision] = []
        answers = self.h_after_placement(game=self, state=state, seat=seat, space=action, engineers=placed)
        for answer in answers:
            if answer is True and not any(isinstance(p, ExtraAction) for p in later):
                later.append(ExtraAction(seat=seat, optional=True))
            elif isinstance(answer, list):
                later.extend(answer)
        # HP-8: after the placement's own decisions
        state.flow.pending[mark:mark] = list(reversed(later))

    def _place(self, state: State, seat: int, action: Action, extra: bool = False) -> None:
        player = state.players[seat]
        if (
            not extra
            and player.copy
            and self.options.mahiri_copy_until == "next_turn"
            and not self.plays_under(VARIANT, 2)
        ):
            player.copy_turns -= 1  # rules version 1 ended the copy at her placement (see _settle)
            if player.copy_turns <= 0:
                player.copy = ""
        if type(action) is Pass:
            self.machine.finish(state)
            return
        state.in_turn = True
        if type(action) is Ext:  # G-4: an expansion's placement
            space = self.space_of.get(action.name)
            if space is None:
                raise ValueError(f"no expansion performs {self.describe(action)!r}")
            space.perform(self, state, seat, action)
            return
        owner = (
            self.placement_of_space.get(action.space)
            if type(action) is Place
            else self.placement_of_type.get(type(action))
        )
        if owner is None:
            raise ValueError(f"{self.describe(action)!r} is not a placement")
        owner.perform(self, state, seat, action)

    def _answer(self, state: State, top: Decision, action: Action) -> None:
        if type(action) is Skip:
            state.flow.pending.pop()
        else:
            top.apply(self, state, action)

    def _settle(self, state: State) -> None:
        """Run automatic steps until a real decision: forced answers, the end of a
        turn (refill the contract display, B-10.8.2), passing without engineers."""
        flow = state.flow
        machine = self.machine
        while not flow.over:
            if flow.pending:
                top = flow.pending[-1]
                if isinstance(top, Automatic):
                    flow.pending.pop()
                    top.run(self, state)
                    continue
                legal = self._sub_actions(state, top)
                if len(legal) == 1:
                    if self.telling() and legal[0] is not SKIP:
                        said = top.said_when_only(self, state, legal[0])
                        if said:
                            self.tell(said)
                        else:
                            narration.forced(self, state, top.seat, top.show(self, state, legal[0]))
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
                seat = flow.order[flow.cursor]
                player = state.players[seat]
                if player.copy and self.options.mahiri_copy_until == "turn_end":  # U-9.2
                    player.copy = ""
                turned = contracts.refill(state)
                if turned and self.telling():
                    narration.refilled(self, state, turned)
                machine.next_turn(state)
            if all(flow.done):
                machine.advance(state)
                continue
            seat = flow.order[flow.cursor]
            player = state.players[seat]
            if player.copy and self.options.mahiri_copy_until == "next_turn" and self.plays_under(VARIANT, 2):
                # U-9.2: the copy lasts until the start of her next turn: her moves are listed
                # without it (a copy made for the turn that follows lasts one turn more)
                player.copy_turns -= 1
                if player.copy_turns <= 0:
                    player.copy = ""
            if player.engineers == 0 and not self.free_construction(state, seat):  # B-7.6
                if player.copy and self.options.mahiri_copy_until == "next_turn":
                    player.copy = ""  # her turn came: the copy ends (U-9.2)
                if self.telling():
                    self.tell(
                        f"{narration.company(self, state, seat)} has no engineers left: it passes and "
                        "takes no further turns this round (B-7.6)"
                    )
                machine.finish(state)
                continue
            return

    def scores(self, state: State) -> list[int]:
        return [p.vp for p in state.players]

    def score_name(self) -> str:
        return "VP"

    def tallies(self, state: State) -> dict[str, list[int]]:
        """The open counts of each company: VP, credits, this round's energy and the
        engineers, excavators and mixers in its personal supply."""
        players = state.players
        return {
            "VP": [p.vp for p in players],
            "credits": [p.credits for p in players],
            "energy": [p.energy for p in players],
            "engineers": [p.engineers for p in players],
            "excavators": [p.excavators for p in players],
            "mixers": [p.mixers for p in players],
        }

    scores_by_replay = True

    def score_breakdown(self, state: State, ledger: Ledger | None = None) -> Breakdown:
        """Each company's VP by source (:mod:`.sources`): the 10 it started with, then
        what :meth:`add_vp` reported while the game was played.

        The state keeps only each company's VP marker (as the board does), so the
        sources come from a replay of the log with a ledger listening
        (:func:`turbine.core.replay.score_breakdown`), never from a saved field: a new
        field would be encoded into every state, and saves, their digests and old
        files are a promise.  Without a ledger the breakdown is the VP alone.
        """
        if ledger is None:
            return super().score_breakdown(state, None)
        start = self.consts["starting"]["vp"]
        first = {sources.START: [start] * self.players}
        return ledger.breakdown(self.players, first=first, order=sources.ORDER, score_name="VP")

    def rank_key(self, state: State, seat: int) -> tuple[int, int]:
        """B-20.5: most VP, then most energy in round 5; still tied: shared (U-15)."""
        return (state.players[seat].vp, self.ranking_energy(state, seat))

    def tie_break(self) -> str:
        return "most energy in round 5 (B-20.5); still tied, the win is shared"

    def decision_bound(self) -> int:
        # Each placement uses >= 1 of 12 engineers (<= 12 turns per seat and round);
        # a turn opens at most: 4 construction steps, or 2 production steps + a
        # contract + Germany's 2 more + a contract, plus the rewards those unlock
        # (<= 2 builds + 3 water + 1 machinery + income choices <= 10 each), or 2 takes
        # + 2 discards.  60 per turn and 40 per seat for the income phase is ample.
        # Full game: Mahiri's space adds at most 2 placements per round, and engineer-free
        # constructions (B-14.4) at most one per structure piece (19) per game.
        return ROUNDS * self.players * (14 * 60 + 40) + self.players * 19 * 60

    def bound_reason(self) -> str:
        return "5 rounds; every turn places at least one of 12 engineers and opens a bounded set of steps"

    def why_illegal(self, state: State, action: Any) -> IllegalAction:
        """The rule that forbids ``action`` now, in words (see :mod:`.explain`)."""
        if not isinstance(action, Action):
            return IllegalAction(f"{action!r} is not a Barrage action")
        from .explain import why_illegal

        return why_illegal(self, state, action)

    def read_action(self, text: str) -> Action | None:
        """Any move in :func:`.actions.describe`'s notation, legal or not (case and spacing
        as the player likes); ``None`` when the text is no Barrage move."""
        action: Action | None = self.notation.parse(text)
        return action

    def hide(self, state: State, seat: int | None) -> State:
        """The private contract stacks (B-4.1.9) and the Patent Office stacks I-III
        (B-4.1.12) face down, their sizes shown, and the random generator secret; an
        expansion hides its own records with the core hook ``turbine_view``."""
        hidden = self.clone(state)
        hidden.stacks = [[""] * len(stack) for stack in state.stacks]  # face-down stacks
        hidden.patent_stacks = [[""] * len(stack) for stack in state.patent_stacks]
        hidden.rng = Rng(0)
        return hidden

    def rollout_bot(self) -> Any:
        """The greedy bot (``plugins/barrage/bots.py``) plays the playouts of searching bots."""
        from .bots import GreedyBot

        return GreedyBot

    def redeal(self, view: State, seat: int, rng: Rng) -> State:
        """A full state behind ``view``: each face-down stack :meth:`hide` hid (the private
        contract stacks, B-4.1.9; the Patent Office stacks I-III, B-4.1.12) dealt again from
        the ids of its kind that lie nowhere in sight, and a new generator for the game's
        draws (what expansions hid, the core hook ``turbine_determinise`` deals).

        The ids of each kind are the setup's own pools (with what expansions add or
        remove, HP-2); an id seen anywhere in the view (a display, a hand, a fulfilled
        contract, a company's tiles) is not dealt again.  Items that left the game
        unseen (an expansion's removals) or that the state no longer records (contracts
        discarded above the hand limit, B-10.8.4) are among those that may be dealt:
        the view cannot tell them apart.
        """
        d = self.clone(view)
        d.rng = Rng(rng.next_u64())
        seen = seen_ids(d)
        pools = self._stack_pools()
        deal_hidden(d.stacks, pools["private_stacks"], seen, rng)
        deal_hidden(d.patent_stacks, pools["advanced"], seen, rng)
        return d

    def _stack_pools(self) -> dict[str, list[list[str]]]:
        """The ids each face-down stack may hold, found once per rules object: the setup's
        pools (:meth:`_pools`) of 16 fixed seeds, stack by stack, joined.  Barrage's pools
        are the same in every game; an expansion may add ids and take some out at random
        (L-3.6 removes one advanced tile per stack), and the join holds them all."""
        pools = self._pools_seen
        if pools is None:
            pools = {"private_stacks": [], "advanced": []}
            for seed in range(16):
                drawn = self._pools(Rng.from_seed(seed))
                for key, joined in pools.items():
                    for i, stack in enumerate(drawn.get(key, [])):
                        if i == len(joined):
                            joined.append([])
                        joined[i] += [item for item in stack if item not in joined[i]]
            self._pools_seen = pools
        return pools

    def describe(self, action: Action) -> str:
        """A move in this game's notation (Barrage's and its expansions' actions)."""
        return self.notation.describe(action)

    def choice_text(self, state: State, action: Action) -> str:
        """A legal move as the menu shows it: the decision on top says what the answer
        costs or does (:meth:`.decisions.Decision.show`); a placement says what its space
        costs and does (:func:`.render.placement_text`)."""
        pending = state.flow.pending
        if pending and type(action) is Skip:
            return pending[-1].show_skip(self, state)
        # a decision with no answer types (the action after Mahiri's copy) takes any placement
        if pending and (type(action) in pending[-1].answer_types or not pending[-1].answer_types):
            return pending[-1].show(self, state, action)
        if not pending:
            from .render import placement_text

            seat = self.to_move(state)
            if seat is not None:
                return placement_text(self, state, seat, action, self.describe(action))
        return self.describe(action)

    def asked(self, state: State) -> str:
        """What the seat to move is asked now, with the legal answers (for refusals)."""
        from .explain import asked

        return asked(self, state)

    def refuse_turn_action(self, state: State, seat: int, action: Any, extra: bool = False) -> IllegalAction:
        """Why a placement is refused (``extra``: as the action after Mahiri's copy)."""
        from .explain import refuse_turn_action

        return refuse_turn_action(self, state, seat, action, extra)

    def setup_player(self, state: State, seat: int) -> None:
        """A seat's setup once its company and officer are known (B-4.2.6, U-9.4)."""
        if self.h_setup_player is not None:
            self.h_setup_player(game=self, state=state, seat=seat, rng=state.rng)

    def parse(self, text: str, state: State) -> Action:
        from turbine.core import ParseError

        action = self.read_action(text)
        if action is None or action not in self.legal_actions(state):
            raise ParseError(f"{text!r} is not the notation of a legal move")
        return action

    def phase_name(self, state: State) -> str:
        """The phase (B-5), or ``draft`` while companies and contracts are chosen (B-4.4)."""
        if state.flow.pending and isinstance(state.flow.pending[-1], (ChoosePair, ChooseStartingContract)):
            return "draft"
        return self.machine.phase_name(state)

    # -- the player's screen ---------------------------------------------------------------

    def seat_name(self, state: State, seat: int) -> str:
        return self.company(state, seat).name

    def question(self, state: State) -> str:
        """The decision on top in words, or the placement of a turn (B-7)."""
        if state.flow.pending:
            return state.flow.pending[-1].question(self, state)
        if self.machine.phase_name(state) == "actions":
            seat = self.to_move(state)
            if seat is not None and not state.players[seat].engineers:
                free = "build without engineers (B-22.51), or " if self.free_construction(state, seat) else ""
                return f"you have no engineers left (B-7.6): {free}pass"
            return "place engineers on an action space (B-7)"
        return ""

    def status(self, state: State, seat: int) -> str:
        """What the seat pays with, in one line for above the prompt: in the menus' short
        words (``cr``, ``exc``, ``mix``, ``eng``) where the long ones would break it."""
        p = state.players[seat]
        who = self.company(state, seat).name or self.player_name(seat)
        line = (
            f"You ({who}): {plural(p.credits, 'credit')}, {plural(p.excavators, 'excavator')}, "
            f"{plural(p.mixers, 'mixer')} · engineers {p.engineers} · energy {p.energy} · {p.vp} VP"
        )
        from rich.cells import cell_len  # here: bots and workers draw nothing

        if cell_len(line) <= self.table_width:
            return line
        return (
            f"You ({who}): {p.credits} cr, {p.excavators} exc, {p.mixers} mix · {p.engineers} eng · "
            f"energy {p.energy} · {p.vp} VP"
        )

    def continues_turn(self, state: State) -> bool:
        """A sub-decision of the placement the seat has made this turn (B-7.2)."""
        return state.in_turn and bool(state.flow.pending)

    def turn_view(self, state: State, seat: int) -> str:
        from .render import turn_view

        return turn_view(self, state, seat)

    def views(self) -> dict[str, str]:
        from .render import VIEWS

        return dict(VIEWS)

    def render_view(self, state: State, seat: int | None, name: str, arg: str = "") -> str:
        from .render import render_view

        return render_view(self, state, name, arg, seat)

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


class DirectHook:
    """A hook's implementations called as pluggy calls them, without pluggy's per-call work.

    For hooks called on every turn (``barrage_after_placement`` after each placement):
    pluggy checks the arguments and copies the implementation list at every call, which
    costs more than the implementations themselves.  A game's plugin manager does not
    change once the game is built (the hooks are looked up then, :func:`_used`), so the
    implementations are fixed; they are called in pluggy's order (last registered first,
    ``tryfirst``/``trylast`` respected), each with the arguments it declares, and the
    non-``None`` results are collected (the first one only for a ``firstresult`` hook).
    """

    __slots__ = ("first", "impls")

    def __init__(self, caller: Any) -> None:
        self.impls = tuple((impl.function, impl.argnames) for impl in reversed(caller.get_hookimpls()))
        spec = caller.spec
        self.first = bool(spec is not None and spec.opts.get("firstresult"))

    def __call__(self, **kwargs: Any) -> Any:
        results = []
        for function, argnames in self.impls:
            result = function(*[kwargs[name] for name in argnames])
            if result is not None:
                if self.first:
                    return result
                results.append(result)
        return None if self.first else results


def _direct(hook: Any, name: str) -> Any:
    """:func:`_used` as a :class:`DirectHook` (pluggy's caller kept when a plugin wraps the
    hook: wrappers need pluggy's machinery)."""
    caller = _used(hook, name)
    if caller is None:
        return None
    if any(impl.hookwrapper or impl.wrapper for impl in caller.get_hookimpls()):
        return caller
    return DirectHook(caller)


@functools.cache
def action_spaces(
    spaces: tuple[Space, ...],
) -> tuple[tuple[Space, ...], dict[str, int], tuple[int, ...], tuple[placements.BoardSpaces, ...]]:
    """The action spaces of a board (the management board's, and the Patent Office's in the
    full game), their index by id, their credits (printed + red frame) and their placements
    by kind (:func:`.placements.board_placements`); built once per process for each board."""
    # the board lists production first and the contract office last, so legal
    # placements keep the board's order (:meth:`BarrageRules._make_placements`)
    space_kinds = [s.kind for s in spaces if s.kind not in ("bank", "patent")]
    if space_kinds != sorted(space_kinds, key=lambda k: (k != "production", k == "contracts")):
        raise ValueError("management_board.json: production spaces first, contract office last")
    index = {s.id: i for i, s in enumerate(spaces)}
    return spaces, index, tuple(s.credits for s in spaces), placements.board_placements(spaces)


@functools.cache
def contract_ids(kind: str, stack: str = "") -> tuple[str, ...]:
    """The ids of the contracts of one kind (and private stack), sorted: what the setup
    shuffles (B-4.1.9, B-4.1.10, B-4.4.3)."""
    return tuple(sorted(c for c, k in contract_table().items() if k.kind == kind and k.stack == stack))


@functools.cache
def companies_raw_track() -> tuple[dict[str, Any], ...]:
    from .tables import load_json

    return tuple(load_json("companies.json")["powerhouse_track"])


@functools.cache
def scoring_awards() -> tuple[int, ...]:
    from .tables import load_json

    return tuple(load_json("scoring_tiles.json")["objective_awards"])


def neutral_tiles() -> dict[int, tuple[str, ...]]:
    from .board import neutral_dam_tiles

    return neutral_dam_tiles()


def seen_ids(state: Any) -> set[str]:
    """Every string anywhere in ``state``: the ids a seat can see in its view."""
    seen: set[str] = set()
    todo: list[Any] = [msgspec.to_builtins(state)]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            seen.add(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return seen


def deal_hidden(stacks: list[list[str]], kinds: list[list[str]], seen: set[str], rng: Rng) -> None:
    """Fill the face-down (``""``) places of each stack with ids of its kind not in
    ``seen``, at random, each at most once; raises ``ValueError`` when too few are left."""
    for number, (stack, kind) in enumerate(zip(stacks, kinds, strict=False), start=1):
        places = [i for i, item in enumerate(stack) if item == ""]
        if not places:
            continue
        unseen = [item for item in kind if item not in seen]
        if len(unseen) < len(places):
            raise ValueError(f"stack {number} hides {len(places)} items but only {len(unseen)} are unseen")
        for i, item in zip(places, rng.sample(unseen, len(places)), strict=True):
            stack[i] = item
            seen.add(item)
