"""The Leeghwater Project's rules, reached only through Barrage's hooks.

State: ``state.ext["leeghwater"]`` (shared) and ``player.ext["leeghwater"]``
(per seat), plain JSON data:

* shared: ``ew_stacks`` (face-down external works A, B, C, the last item on
  top), ``ew_display`` (3 slots, ``""`` = empty), ``buildings`` (the 5 private
  buildings in play, by tile slot), ``spaces`` (per tile slot, its 4 building
  spaces: ``-1`` free, a seat, or ``-3`` blocked for the player count),
  ``left`` (per tile slot, whether the left action space was taken this round,
  L-7.3);
* per seat: ``works`` (external works taken, face down), ``pieces`` (building
  pieces left on the extension), ``used`` (per tile slot, actions performed
  this round, L-7.4).

Actions are Barrage :class:`Ext` actions (``x work EW-T1``, ``x build PB-03``,
``x use PB-03``) and the answers to the decisions this module pushes (kinds
``lw_…``).  Rule IDs refer to ``shared/rules/leeghwater.md``.
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar, NamedTuple

from turbine.plugins.barrage.actions import Bank, Ext, Fulfil, Pay, Place, Site
from turbine.plugins.barrage.companies import Company
from turbine.plugins.barrage.decisions import Decision, ExtraAction
from turbine.plugins.barrage.officers import Officer
from turbine.plugins.barrage.technology import TechTile

from . import data_model as dm
from .options import LeeghwaterOptions

KEY = "leeghwater"
FREE = -1
BLOCKED = -3
NED = "CO-NED"
BUILDING_TILE = "building"
LESLIE, MARGOT, SIMONE, TOMMASO = "EO-LS", "EO-MF", "EO-SL", "EO-TB"
MAHIRI, MAHIRI_SPACE = "EO-MS", "MAHIRI"
"""Mahiri Sekibo and her personal (copy) space (Barrage's ``officers.json``, B-16.7)."""
LESLIE_TILE = "leslie"
ANTON = "anton"
"""Anton Krylov's special tile (Barrage's ``technology.json``, B-16.6)."""
JOKER = "joker"
"""Barrage's joker basic tile ("any of the four", B-14.1; in the full game only as Anton's U-28)."""
IMPLEMENTED_OFFICERS = (LESLIE, MARGOT, SIMONE, TOMMASO)
"""L-12: the four new officers join the draft."""
NO_LIMIT = 999
RED = 3
"""Credits of a red frame (L-6.2 step 5, L-7.2, L-15.8)."""


# -- data ---------------------------------------------------------------------------------


def data() -> dm.Expansion:
    return dm.load_all()


@functools.cache
def _tables() -> tuple[dict[str, dm.PrivateBuilding], dict[str, dm.ExternalWork], tuple[bool, ...]]:
    d = data()
    return (
        {b.id: b for b in d.private_buildings},
        {w.id: w for w in d.external_works.works},
        tuple(s.red_frame for s in d.board.building_spaces),
    )


def building(pb: str) -> dm.PrivateBuilding:
    return _tables()[0][pb]


def work(w: str) -> dm.ExternalWork:
    return _tables()[1][w]


_DEFAULTS = LeeghwaterOptions()


def opt(game: Any) -> LeeghwaterOptions:
    """The game's Leeghwater options (``rules.options.leeghwater``), the defaults if none were given."""
    got = getattr(game.options, KEY, None)
    return got if isinstance(got, LeeghwaterOptions) else _DEFAULTS


def shared(state: Any) -> dict[str, Any]:
    return state.ext[KEY]


def mine(state: Any, seat: int) -> dict[str, Any]:
    return state.players[seat].ext[KEY]


def part(game: Any, p: dm.barrage.RewardPart) -> tuple[str, int, int, tuple[int, ...]]:
    """A Barrage reward part as the rules resolve it: (kind, amount, max value, areas)."""
    names = game.area_names
    areas = tuple(names.index(a) for a in p.areas) if p.areas else tuple(range(len(names)))
    return (p.kind, p.amount, 5 if p.max_value is None else p.max_value, areas)


# -- configuration, abilities, pools (HP-1, HP-2, HP-18) ---------------------------------------


def validate(config: Any) -> list[str]:
    """L-1: full game only, 2–4 players (U-1: no solo)."""
    c = data().constants
    problems = []
    if config.mode != "full":
        problems.append("the Leeghwater Project needs Barrage's full game (mode=full)")
    if not c.players_min <= config.players <= c.players_max:
        problems.append(f"the Leeghwater Project is for {c.players_min}–{c.players_max} players")
    return problems


class Netherlands(Company):
    """L-11: a normal company; its ability (the water drop, L-11.3) is :func:`after_production`."""

    id, name = NED, "Netherlands"
    text = "after a production action, you may place 1 water at one of your other dams that can hold it"


class BuildingTile(TechTile):
    """A tile that builds a private building (L-6.9): never a map structure, so ``builds`` is empty."""

    def __init__(self, tile_id: str, level: int, text: str) -> None:
        self.id, self.level, self.text = tile_id, level, text
        self.advanced = level > 0  # L-9.5: AT-B1…AT-B3 count as advanced tiles


class NewOfficer(Officer):
    """L-12.1, L-12.2: Leslie's and Margot's abilities are expansion actions (:func:`turn_actions`)."""

    def __init__(self, row: Any) -> None:
        self.id, self.name, self.text = row.id, row.name, row.ability_text


def abilities() -> list[Any]:
    tech = data().technology
    tiles: list[Any] = [BuildingTile(t.id, 0, "building") for t in tech.basic]
    tiles += [BuildingTile(t.id, t.level, t.text) for t in tech.advanced]
    tiles += [BuildingTile(t.id, 0, t.text) for t in tech.special]  # Leslie's tile: builds nothing
    officers = [NewOfficer(data().officers.by_id(o)) for o in IMPLEMENTED_OFFICERS]
    return [Netherlands(), *officers, *tiles]


def bonus_tile_rows() -> list[tuple[str, int, str, bool]]:
    """L-10: BT-N1 and BT-N2 join the bonus tiles (5 of the 8 are drawn, L-3.5)."""
    return [(t.id, t.vp_each, t.counts, t.intro) for t in data().bonus_tiles]


def component_pools(pools: dict[str, Any], rng: Any) -> None:
    """L-3.6: AT-B1…AT-B3 into stacks I–III, then one random tile out of each stack."""
    if "advanced" not in pools:
        return
    stacks = [list(s) for s in pools["advanced"]]
    for t in data().technology.advanced:
        stacks[t.level - 1].append(t.id)
    removed = data().constants.advanced_removed_per_stack
    for stack in stacks:
        stack.sort()
        for _ in range(removed):
            stack.pop(rng.below(len(stack)))
    pools["advanced"] = stacks


def company_income(game: Any, company: str) -> Any:
    """L-11.2: the Netherlands' income rows in Barrage's shape."""
    if company != NED:
        return None
    ned = data().netherlands
    rows = (ned.income.base, ned.income.elevation, ned.income.conduit)
    reveals = ned.income_reveal_at
    return tuple(
        tuple((at, tuple(part(game, p) for p in parts)) for at, parts in zip(reveals, row, strict=True))
        for row in rows
    )


# -- setup (L-3) ------------------------------------------------------------------------------


def setup_game(game: Any, state: Any, rng: Any) -> None:
    """L-3.3 external works (3 of stack A face up), L-3.4 5 of the 10 private buildings,
    L-3.7 building spaces blocked by player count (U-25: ``u25_marks``)."""
    d = data()
    stacks = []
    for stack in d.board.external_work_stacks:
        ids = sorted(w.id for w in d.external_works.of_stack(stack))
        rng.shuffle(ids)
        stacks.append(ids)
    buildings = sorted(b.id for b in d.private_buildings)
    rng.shuffle(buildings)
    buildings = sorted(buildings[: d.constants.private_buildings_in_play])
    open_spaces = {s.index for s in d.board.open_building_spaces(game.players, opt(game).u25_marks)}
    row = [FREE if s.index in open_spaces else BLOCKED for s in d.board.building_spaces]
    state.ext[KEY] = {
        "ew_stacks": stacks,
        "ew_display": [],
        "buildings": buildings,
        "spaces": [list(row) for _ in buildings],
        "left": [False] * len(buildings),
    }
    reveal_works(state)


def setup_player(game: Any, state: Any, seat: int) -> None:
    """L-3.9: the board extension with 5 building pieces and the building tile."""
    player = state.players[seat]
    if KEY in player.ext:
        return
    n = len(shared(state)["buildings"]) if KEY in state.ext else data().constants.private_buildings_in_play
    player.ext[KEY] = {
        "works": [],
        "pieces": data().constants.building_pieces_per_company,
        "used": [0] * n,
        "margot": 0,
        "architect": 1,
    }
    if BUILDING_TILE not in player.tiles:
        player.tiles.append(BUILDING_TILE)
    if player.officer == LESLIE and LESLIE_TILE not in player.tiles:  # L-3.9.5, L-12.1.1
        player.tiles.append(LESLIE_TILE)


def reveal_works(state: Any) -> None:
    """L-3.3.4, L-13.1: 3 tiles face up, from A while it lasts, then B, then C."""
    s = shared(state)
    display = []
    for _ in range(data().constants.external_works_display):
        stack = next((st for st in s["ew_stacks"] if st), None)
        display.append(stack.pop() if stack is not None else "")
    s["ew_display"] = display


# -- legality ---------------------------------------------------------------------------------


def work_payments(game: Any, state: Any, seat: int, w: dm.ExternalWork) -> list[tuple[int, int, int]]:
    """L-5.3, L-5.4: the machinery from the personal supply (never the wheel); with U-6
    ``u6_solomon_external_works`` Solomon P. Jordan may pay any unit with 3 credits."""
    p = state.players[seat]
    per_unit = credits_per_unit(game, state, seat) if opt(game).u6_solomon_external_works else 0
    return machinery_payments(w.cost.excavators, w.cost.mixers, p.excavators, p.mixers, per_unit, p.credits)


def can_pay_work(player: Any, w: dm.ExternalWork) -> bool:
    """L-5.3, L-5.4: the machinery itself, from the personal supply."""
    return player.excavators >= w.cost.excavators and player.mixers >= w.cost.mixers


def special_usable(game: Any, state: Any, seat: int, w: dm.ExternalWork, paid: int) -> bool:
    """U-2: with ``u2_unusable_special="illegal"`` the work's special part must be usable now
    (``paid``: the credits the work costs); U-18: EW-R7 needs room for both elevations."""
    if opt(game).u2_unusable_special == "forfeit":
        return True
    special = data().external_works.special_of(w)
    if special is None:
        return True
    as_part = special.as_reward_part()
    if as_part is not None:  # EW-R4…EW-R7: the reward's credits come first (U-27)
        kind, amount, max_value, areas = part(game, as_part)
        credits = state.players[seat].credits - paid + sum(p.amount for p in w.reward if p.kind == "credits")
        structure = kind.removeprefix("build_")
        return game.free_builds_possible(state, seat, structure, amount, max_value, areas, credits) == amount
    if special.kind == "fulfil_contract":  # EW-R1, EW-R2
        limit = NO_LIMIT if special.max_requirement is None else special.max_requirement
        return bool(contracts_for(game, state, seat, limit))
    if special.kind == "advanced_tile":  # EW-R3
        return any(state.patent_display)
    return True


def loan_price(w: dm.ExternalWork) -> int:
    return w.loan_price(data().constants.loan_credits_per_machinery_unit)


class BuildChoice(NamedTuple):
    """One way to pay for a building with a technology tile (L-6.2 steps 2–3, L-6.9)."""

    label: str
    """The notation's argument: ``BUILDING``, ``AT-B2=E``, ``AT-I-W``, ``ANTON=AT-B1``, ``COPY=…``."""
    wheel: str
    """The tile that goes onto the wheel: the tile itself, Anton's tile for its copy, none for
    Mahiri's copy of Anton (B-16.7.5)."""
    effect: str
    """The tile whose permission and effect the construction has."""
    excavators: int
    mixers: int
    no_surcharge: bool
    """AT-I-W (L-15.4): no 3 credits for a red-framed building space."""
    mixed: bool
    """AT-II-W (L-15.4): excavators and mixers pay for each other."""


@functools.cache
def building_tiles() -> frozenset[str]:
    """The expansion's tiles with the building symbol: the basic tile and AT-B1…AT-B3 (L-6.9)."""
    t = data().technology
    return frozenset([*(x.id for x in t.basic), *(x.id for x in t.advanced)])


def wild(game: Any, tile_id: str) -> bool:
    """A "your choice" tile (the joker, AT-I-W, AT-II-W, AT-III-W): it permits every map structure."""
    tile = game.tiles.get(tile_id)
    return tile is not None and len(set(tile.builds)) == len(dm.barrage.STRUCTURES)


def builds_building(game: Any, tile_id: str) -> bool:
    """L-6.9: the building tiles; wild tiles too with U-5 (a) (``u5_wild_builds``)."""
    return tile_id in building_tiles() or (opt(game).u5_wild_builds and wild(game, tile_id))


def _variants(game: Any, b: dm.PrivateBuilding, tile_id: str, label: str, wheel: str) -> list[BuildChoice]:
    e, m = b.cost.excavators, b.cost.mixers
    if tile_id == "AT-B2":  # L-9.3: only one of the two types (U-8: the player chooses)
        return [
            BuildChoice(label + "=E", wheel, tile_id, e, 0, False, False),
            BuildChoice(label + "=M", wheel, tile_id, 0, m, False, False),
        ]
    tile = game.tiles[tile_id]
    return [BuildChoice(label, wheel, tile_id, e, m, tile.no_surcharge, tile.interchangeable)]


def build_choices(game: Any, state: Any, seat: int, b: dm.PrivateBuilding) -> list[BuildChoice]:
    """L-6.9: the building-capable tiles in the personal supply (by id), then Anton Krylov's
    copies of building-capable tiles on the wheel (``ANTON=<id>``, L-15.7; Mahiri's copy
    ``COPY=<id>`` needs no tile, B-16.7.5) or, with Barrage's ``anton_empty_wheel="joker"``
    and U-5 (a), Anton's tile alone as a joker."""
    player = state.players[seat]
    out: list[BuildChoice] = []
    for t in sorted(set(player.tiles)):
        if builds_building(game, t):
            out += _variants(game, b, t, t.upper(), t)
    officer = game.officer(state, seat)
    if officer.copies_wheel_tiles:
        own = player.officer == officer.id
        if not own or ANTON in player.tiles:
            prefix, wheel = ("ANTON=", ANTON) if own else ("COPY=", "")
            others: list[str] = []
            for t in player.wheel_tile:
                if t and t != ANTON and t not in others:
                    others.append(t)
            for t in others:
                if builds_building(game, t):
                    out += _variants(game, b, t, prefix + t.upper(), wheel)
            empty_joker = getattr(game.options, "anton_empty_wheel", "") == "joker"
            if not others and own and empty_joker and builds_building(game, JOKER):
                out += _variants(game, b, JOKER, prefix + JOKER.upper(), wheel)
    return out


def choice_of(game: Any, state: Any, seat: int, slot: int, label: str) -> BuildChoice | None:
    b = building(shared(state)["buildings"][slot])
    return next((c for c in build_choices(game, state, seat, b) if c.label == label), None)


def credits_per_unit(game: Any, state: Any, seat: int) -> int:
    """L-6.10: Solomon P. Jordan's credits instead of machinery apply to buildings (and Mahiri's copy)."""
    return int(game.officer(state, seat).credits_per_machinery)


def payments(game: Any, state: Any, seat: int, c: BuildChoice, budget: int) -> list[tuple[int, int, int]]:
    """L-6.2 step 3 with L-6.10 and L-15.4: (excavators, mixers, credits) within ``budget``
    credits, as Barrage pays a structure (B-9.1.2): credits only for Solomon P. Jordan
    (3 per unit, for any unit), any mix of machinery with AT-II-W."""
    p = state.players[seat]
    return machinery_payments(
        c.excavators, c.mixers, p.excavators, p.mixers, credits_per_unit(game, state, seat), budget, c.mixed
    )


def machinery_payments(
    e_need: int, m_need: int, e_have: int, m_have: int, per_unit: int, budget: int, mixed: bool = False
) -> list[tuple[int, int, int]]:
    out: list[tuple[int, int, int]] = []
    if mixed:
        units = e_need + m_need
        for e in range(min(units, e_have), -1, -1):
            for m in range(min(units - e, m_have), -1, -1):
                short = units - e - m
                if short and not per_unit:
                    continue
                if per_unit * short <= budget:
                    out.append((e, m, per_unit * short))
        return out
    if not per_unit:
        return [(e_need, m_need, 0)] if e_have >= e_need and m_have >= m_need else []
    for e in range(min(e_need, e_have), -1, -1):
        for m in range(min(m_need, m_have), -1, -1):
            credits = per_unit * (e_need - e + m_need - m)
            if credits <= budget:
                out.append((e, m, credits))
    return out


def can_pay(game: Any, state: Any, seat: int, c: BuildChoice, budget: int) -> bool:
    if budget < 0:
        return False
    p = state.players[seat]
    units_short = (
        max(c.excavators + c.mixers - p.excavators - p.mixers, 0)
        if c.mixed
        else max(c.excavators - p.excavators, 0) + max(c.mixers - p.mixers, 0)
    )
    if not units_short:
        return True
    per_unit = credits_per_unit(game, state, seat)
    return bool(per_unit) and per_unit * units_short <= budget


def space_options(state: Any, slot: int, no_surcharge: bool, credits: int) -> list[tuple[int, int]]:
    """L-6.2 step 5, L-6.5: (space, credits) for each kind of free building space next to the
    tile, the leftmost of each kind (unframed, red-framed: +3 unless AT-I-W), within ``credits``."""
    frames = _tables()[2]
    out: list[tuple[int, int]] = []
    seen: set[bool] = set()
    for i, o in enumerate(shared(state)["spaces"][slot]):
        if o == FREE and frames[i] not in seen:
            seen.add(frames[i])
            cost = RED if frames[i] and not no_surcharge else 0
            if cost <= credits:
                out.append((i, cost))
    return out


def least_surcharge(state: Any, slot: int, no_surcharge: bool) -> int | None:
    """The cheapest free building space's red-frame credits (None: no free space)."""
    costs = [cost for _, cost in space_options(state, slot, no_surcharge, NO_LIMIT)]
    return min(costs) if costs else None


def buildable_with(game: Any, state: Any, seat: int, slot: int, c: BuildChoice, budget: int) -> bool:
    """The building can be completed with that tile choice and ``budget`` credits (L-6.7)."""
    extra = least_surcharge(state, slot, c.no_surcharge)
    return extra is not None and can_pay(game, state, seat, c, budget - extra)


def activated(state: Any, seat: int, slot: int) -> bool:
    return seat in shared(state)["spaces"][slot]


def can_build(game: Any, state: Any, seat: int, slot: int) -> bool:
    """L-6.2, L-6.4, L-6.7: a construction space, a piece, a tile, machinery, a building space."""
    player = state.players[seat]
    spaces = game.construction_spaces
    if player.spaces_used >= len(spaces) or not mine(state, seat)["pieces"]:
        return False
    need, cost = spaces[player.spaces_used]
    if player.engineers < need or player.credits < cost or activated(state, seat, slot):
        return False
    if FREE not in shared(state)["spaces"][slot]:
        return False
    b = building(shared(state)["buildings"][slot])
    budget = player.credits - cost
    return any(
        buildable_with(game, state, seat, slot, c, budget) for c in build_choices(game, state, seat, b)
    )


def action_space(state: Any, slot: int) -> int:
    """L-7.3: the left space for the round's first placement on the tile, a right one after."""
    return 1 if shared(state)["left"][slot] else 0


def returnable(game: Any, player: Any) -> list[int]:
    """PB-02: the wheel sectors with a tile the Design Bureau may return (U-16:
    ``u16_return_special_tiles`` false keeps Leslie Spencer's and Anton Krylov's tiles out)."""
    special = () if opt(game).u16_return_special_tiles else (LESLIE_TILE, ANTON)
    return [i for i, t in enumerate(player.wheel_tile) if t and t not in special]


def effect_possible(game: Any, state: Any, seat: int, b: dm.PrivateBuilding, credits: int) -> bool:
    """B-7.4 with L-7.6: the building's action can be carried out in full with ``credits`` left."""
    if credits < b.action_cost:
        return False
    credits -= b.action_cost
    kind = b.effect.kind
    player = state.players[seat]
    if kind == "water_to_dam":
        return bool(dike_dams(game, state, seat))
    if kind == "return_wheel_tile":
        return bool(returnable(game, player))
    if kind == "return_half_sector":  # U-17: a sector with fewer than 2 units is no choice
        if opt(game).u17_half_no_op:
            return True
        return any(e + m >= 2 for e, m in zip(player.wheel_exc, player.wheel_mix, strict=True))
    if kind == "loan_external_work":
        return any(
            w
            and loan_price(work(w)) <= credits
            and special_usable(game, state, seat, work(w), loan_price(work(w)))
            for w in shared(state)["ew_display"]
        )
    if kind == "fulfil_contract":
        return bool(player.contracts)
    if kind == "production":
        if seat not in state.ph_owner:  # no powerhouse, no production (B-11.1.1)
            return False
        trial = game.clone(state)
        before = len(trial.flow.pending)
        game.start_production(trial, seat, b.effect.modifier, True)
        return len(trial.flow.pending) > before
    return True  # gains


def can_use(game: Any, state: Any, seat: int, slot: int) -> bool:
    """L-7.1, L-7.3 to L-7.6: activated, not used this round, the space and its costs payable."""
    if not activated(state, seat, slot) or mine(state, seat)["used"][slot]:
        return False
    b = building(shared(state)["buildings"][slot])
    space = b.spaces[action_space(state, slot)]
    player = state.players[seat]
    frame = RED if space.red_frame else 0
    if player.engineers < space.engineers or player.credits < frame:
        return False
    return effect_possible(game, state, seat, b, player.credits - frame)


def turn_actions(game: Any, state: Any, seat: int) -> list[Ext]:
    """L-4.3: the external-works spaces, buildings to build, activated buildings to use."""
    if KEY not in state.players[seat].ext:
        return []
    player = state.players[seat]
    s = shared(state)
    out = []
    officer = game.officer(state, seat).id
    if player.engineers >= 2:  # L-5.2: exactly 2 engineers
        payable = [
            w
            for w in s["ew_display"]
            if w and can_pay_work(player, work(w)) and special_usable(game, state, seat, work(w), 0)
        ]
        if opt(game).u6_solomon_external_works:
            for w in s["ew_display"]:
                pays = work_payments(game, state, seat, work(w)) if w else []
                if pays and special_usable(game, state, seat, work(w), min(k for _, _, k in pays)):
                    out.append(Ext("work", w))
        else:
            out += [Ext("work", w) for w in payable]
        # L-12.1.2, L-12.1.5: Leslie pays onto her wheel with her tile; Mahiri's copy needs no tile (L-12.5.1)
        if officer == LESLIE and (player.officer != LESLIE or LESLIE_TILE in player.tiles):
            out += [Ext("work_wheel", w) for w in payable]
    if player.spaces_used < len(game.construction_spaces) and mine(state, seat)["pieces"]:
        for slot, pb in enumerate(s["buildings"]):
            if can_build(game, state, seat, slot):
                out.append(Ext("build", pb))
    for slot, pb in enumerate(s["buildings"]):
        if can_use(game, state, seat, slot):
            out.append(Ext("use", pb))
    name = "margot" if player.officer == MARGOT else "margot_bank"
    # U-13: without the Bank engineer, Mahiri's copy needs no engineer beyond her copy space's
    bank_engineer = name == "margot" or opt(game).u13_mahiri_bank_engineer
    # L-12.2: her personal space (once per round, U-12); Mahiri's copy: 1 engineer in the Bank (L-12.5.2)
    once = name == "margot_bank" or not mine(state, seat)["margot"]
    if officer == MARGOT and (player.engineers >= 1 or not bank_engineer) and once:
        for slot, pb in enumerate(s["buildings"]):
            b = building(pb)
            if activated(state, seat, slot) and effect_possible(game, state, seat, b, player.credits):
                out.append(Ext(name, pb))
    return out


# -- decisions ----------------------------------------------------------------------------------


def dike_dams(game: Any, state: Any, seat: int, own_only: bool = False, exclude: int = -1) -> list[int]:
    """Dams that can hold one more marker: own ones and (PB-01, L-8.1) neutral ones."""
    caps = game.capacities(state)
    out = []
    for d, owner in enumerate(state.dam_owner):
        if d == exclude or state.dam_height[d] <= 0:
            continue
        if (owner == seat or (not own_only and owner < 0)) and caps[d] - state.dam_water[d] > 0:
            out.append(d)
    return out


def contracts_for(game: Any, state: Any, seat: int, limit: int) -> list[str]:
    """EW-R1, EW-R2, PB-10: face-up contracts in the personal supply (L-5.12.1).  U-3: the
    printed requirement, or with ``u3_france_discount`` France's (unlocked) −3 applied."""
    table = game.contracts
    discount = 0
    if opt(game).u3_france_discount and game.ability_unlocked(state, seat):
        discount = game.company(state, seat).contract_discount
    return [c for c in state.players[seat].contracts if table[c].requirement - discount <= limit]


class LwTile(Decision, tag="lw_tile"):
    """L-6.2 step 3: the tile that builds the private building of tile ``slot``."""

    slot: int

    prompt: ClassVar[str] = "which tile builds the private building"
    rule: ClassVar[str | None] = "L-6.2"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def answers(self, game: Any, state: Any) -> list[Any]:
        seat = self.seat
        credits = state.players[seat].credits
        b = building(shared(state)["buildings"][self.slot])
        return [
            Ext("tile", c.label)
            for c in build_choices(game, state, seat, b)
            if buildable_with(game, state, seat, self.slot, c, credits)
        ]

    def apply(self, game: Any, state: Any, action: Ext) -> None:
        self.done(state)
        seat, slot = self.seat, self.slot
        c = choice_of(game, state, seat, slot, action.arg)
        assert c is not None
        extra = least_surcharge(state, slot, c.no_surcharge)
        assert extra is not None
        pays = payments(game, state, seat, c, state.players[seat].credits - extra)
        if len(pays) == 1:
            load(game, state, seat, slot, c, pays[0])
        else:  # L-6.10, L-15.4: the player chooses how to pay
            state.flow.pending.append(LwPay(seat=seat, slot=slot, label=c.label))


class LwPay(Decision, tag="lw_pay"):
    """L-6.10, L-15.4: how to pay for the building with tile choice ``label``."""

    slot: int
    label: str

    prompt: ClassVar[str] = "how to pay for the private building"
    rule: ClassVar[str | None] = "L-6.10"
    answer_types: ClassVar[tuple[type, ...]] = (Pay,)

    def answers(self, game: Any, state: Any) -> list[Any]:
        seat = self.seat
        c = choice_of(game, state, seat, self.slot, self.label)
        extra = None if c is None else least_surcharge(state, self.slot, c.no_surcharge)
        if c is None or extra is None:
            return []
        return [
            Pay(e, m, k) for e, m, k in payments(game, state, seat, c, state.players[seat].credits - extra)
        ]

    def apply(self, game: Any, state: Any, action: Pay) -> None:
        self.done(state)
        c = choice_of(game, state, self.seat, self.slot, self.label)
        assert c is not None
        load(game, state, self.seat, self.slot, c, (action.excavators, action.mixers, action.credits))


class LwSpace(Decision, tag="lw_space"):
    """L-6.2 step 5: which building space of tile ``slot`` (a red frame costs 3 credits
    unless the tile ``label`` waives it)."""

    slot: int
    no_surcharge: bool
    label: str

    prompt: ClassVar[str] = "which building space"
    rule: ClassVar[str | None] = "L-6.2"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def answers(self, game: Any, state: Any) -> list[Any]:
        options = space_options(state, self.slot, self.no_surcharge, state.players[self.seat].credits)
        return [Ext("space", f"{i + 1}:{cost}C") for i, cost in options]

    def apply(self, game: Any, state: Any, action: Ext) -> None:
        self.done(state)
        place_building(game, state, self.seat, self.slot, self.label, int(action.arg.partition(":")[0]) - 1)


class LwDam(Decision, tag="lw_dam"):
    """One water marker placed (not flowed) at a dam that can hold it: PB-01's own or
    neutral dams (L-8.1), or the Netherlands' other own dams (``netherlands``, L-11.3)."""

    netherlands: bool = False
    exclude: int = -1
    """The dam just produced with (the Netherlands' drop goes to another one)."""

    prompt: ClassVar[str] = "which dam gets a water marker"
    rule: ClassVar[str | None] = "L-8.1"
    answer_types: ClassVar[tuple[type, ...]] = (Site,)

    def answers(self, game: Any, state: Any) -> list[Any]:
        seat = self.seat
        if self.netherlands and not ned_active(game, state, seat):
            return []
        dams = dike_dams(game, state, seat, own_only=self.netherlands, exclude=self.exclude)
        return [Site(game.board.dams[d].id) for d in dams]

    def apply(self, game: Any, state: Any, action: Site) -> None:
        self.done(state)
        game.place_water(state, _dam(game, action.site), 1)  # PB-01, L-11.3: placed, no flow


class LwSector(Decision, tag="lw_sector"):
    """PB-02 (L-8.2): a tile on the wheel back to the supply; its machinery stays."""

    prompt: ClassVar[str] = "which wheel sector's tile comes back"
    rule: ClassVar[str | None] = "L-8.2"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def answers(self, game: Any, state: Any) -> list[Any]:
        return [Ext("sector", str(i)) for i in returnable(game, state.players[self.seat])]

    def apply(self, game: Any, state: Any, action: Ext) -> None:
        self.done(state)
        player = state.players[self.seat]
        i = int(action.arg)
        player.tiles.append(player.wheel_tile[i])
        player.wheel_tile[i] = ""


class LwHalf(Decision, tag="lw_half"):
    """PB-03 (L-8.3): half the machinery of one wheel sector back, in the mix chosen."""

    prompt: ClassVar[str] = "which sector's machinery comes back, and how many excavators"
    rule: ClassVar[str | None] = "L-8.3"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def answers(self, game: Any, state: Any) -> list[Any]:
        player = state.players[self.seat]
        out = []
        for i, (e, m) in enumerate(zip(player.wheel_exc, player.wheel_mix, strict=True)):
            k = (e + m) // 2
            if k:
                out += [Ext("half", f"{i}:{x}") for x in range(min(e, k), max(0, k - m) - 1, -1)]
        return out

    def apply(self, game: Any, state: Any, action: Ext) -> None:
        self.done(state)
        player = state.players[self.seat]
        i, e = (int(x) for x in action.arg.split(":"))
        k = (player.wheel_exc[i] + player.wheel_mix[i]) // 2
        player.wheel_exc[i] -= e
        player.wheel_mix[i] -= k - e
        player.excavators += e
        player.mixers += k - e


class LwWorkPay(Decision, tag="lw_work_pay"):
    """U-6: Solomon P. Jordan chooses how many machinery units of external work
    ``work`` he pays with credits."""

    work: str

    prompt: ClassVar[str] = "how to pay for the external work"
    rule: ClassVar[str | None] = "L-5.3"
    answer_types: ClassVar[tuple[type, ...]] = (Pay,)

    def answers(self, game: Any, state: Any) -> list[Any]:
        return [Pay(e, m, k) for e, m, k in work_payments(game, state, self.seat, work(self.work))]

    def apply(self, game: Any, state: Any, action: Pay) -> None:
        self.done(state)
        pay_work(game, state, self.seat, work(self.work), (action.excavators, action.mixers, action.credits))


class LwLoan(Decision, tag="lw_loan"):
    """PB-04 (L-8.4): an external work for credits instead of machinery."""

    prompt: ClassVar[str] = "which external work to take on loan"
    rule: ClassVar[str | None] = "L-8.4"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def answers(self, game: Any, state: Any) -> list[Any]:
        seat = self.seat
        credits = state.players[seat].credits
        return [
            Ext("loan", w)
            for w in shared(state)["ew_display"]
            if w
            and loan_price(work(w)) <= credits
            and special_usable(game, state, seat, work(w), loan_price(work(w)))
        ]

    def apply(self, game: Any, state: Any, action: Ext) -> None:
        self.done(state)
        w = work(action.arg)
        state.players[self.seat].credits -= loan_price(w)
        take_work(game, state, self.seat, w, keep=opt(game).u4_loan_tile_kept)


class LwContract(Decision, tag="lw_contract"):
    """EW-R1, EW-R2, PB-10: fulfil a face-up contract of the supply needing at most
    ``limit`` energy, with no energy produced (L-5.12.1)."""

    limit: int

    prompt: ClassVar[str] = "which contract the reward fulfils"
    rule: ClassVar[str | None] = "L-5.12.1"
    answer_types: ClassVar[tuple[type, ...]] = (Fulfil,)

    def answers(self, game: Any, state: Any) -> list[Any]:
        return [Fulfil(c) for c in contracts_for(game, state, self.seat, self.limit)]

    def apply(self, game: Any, state: Any, action: Fulfil) -> None:
        self.done(state)
        player = state.players[self.seat]
        c = action.contract
        player.contracts.remove(c)
        player.fulfilled.append(c)
        game.gain(state, self.seat, game.contracts[c].reward)


class LwPatent(Decision, tag="lw_patent"):
    """EW-R3 (L-5.12.2): an advanced tile from the Patent Office; its slot stays empty
    until the refresh."""

    prompt: ClassVar[str] = "which advanced tile to take"
    rule: ClassVar[str | None] = "L-5.12.2"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def answers(self, game: Any, state: Any) -> list[Any]:
        return [Ext("patent", t) for t in state.patent_display if t]

    def apply(self, game: Any, state: Any, action: Ext) -> None:
        self.done(state)
        display = state.patent_display
        display[display.index(action.arg)] = ""
        state.players[self.seat].tiles.append(action.arg)


class LwArchitect(Decision, tag="lw_architect"):
    """L-12.4.2: the engineer just placed alone was the architect: one more turn.
    ``mahiri``: Mahiri's copy-space engineer, if she copied Tommaso (U-14)."""

    mahiri: bool = False

    prompt: ClassVar[str] = "whether the architect takes another turn"
    rule: ClassVar[str | None] = "L-12.4.2"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def answers(self, game: Any, state: Any) -> list[Any]:
        if self.mahiri and (
            game.officer(state, self.seat).id != TOMMASO or not mine(state, self.seat).get("architect", 1)
        ):
            return []
        return [Ext("architect")]

    def apply(self, game: Any, state: Any, action: Ext) -> None:
        self.done(state)
        mine(state, self.seat)["architect"] = 0
        state.flow.pending.append(ExtraAction(seat=self.seat))


class LwNow(Decision, tag="lw_now"):
    """AT-B1 (L-9.2): the new building's action at once, no engineers, no space."""

    slot: int

    prompt: ClassVar[str] = "whether to use the new building at once"
    rule: ClassVar[str | None] = "L-9.2"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def answers(self, game: Any, state: Any) -> list[Any]:
        b = building(shared(state)["buildings"][self.slot])
        if effect_possible(game, state, self.seat, b, state.players[self.seat].credits):
            return [Ext("now", b.id)]
        return []

    def apply(self, game: Any, state: Any, action: Ext) -> None:
        self.done(state)
        use_building(game, state, self.seat, self.slot, count=opt(game).u7_at_b1_counts)  # U-7


DECISIONS: tuple[type[Decision], ...] = (
    LwTile,
    LwPay,
    LwSpace,
    LwDam,
    LwSector,
    LwHalf,
    LwWorkPay,
    LwLoan,
    LwContract,
    LwPatent,
    LwArchitect,
    LwNow,
)
"""The Leeghwater decision kinds (registered through ``barrage_decisions``)."""


# -- performing -------------------------------------------------------------------------------


def perform(game: Any, state: Any, seat: int, action: Any, top: Any) -> bool | None:
    """An expansion placement (``x work …``, ``x build …``, ``x use …``); decisions are
    answered by their own classes."""
    if top is not None or type(action) is not Ext:
        return None
    return _place(game, state, seat, action)


def _slot(state: Any, pb: str) -> int:
    return shared(state)["buildings"].index(pb)


def _place(game: Any, state: Any, seat: int, action: Ext) -> bool:
    player = state.players[seat]
    name = action.name
    if name == "work":  # L-5.2
        player.engineers -= 2
        w = work(action.arg)
        pays = work_payments(game, state, seat, w)
        if len(pays) == 1:
            pay_work(game, state, seat, w, pays[0])
        else:  # U-6: Solomon P. Jordan chooses how many units to pay with credits
            state.flow.pending.append(LwWorkPay(seat=seat, work=w.id))
        return True
    if name == "build":  # L-6.2 step 1: the leftmost construction space
        slot = _slot(state, action.arg)
        need, cost = game.construction_spaces[player.spaces_used]
        player.spaces_used += 1
        player.engineers -= need
        player.credits -= cost
        state.flow.pending.append(LwTile(seat=seat, slot=slot))
        return True
    if name == "work_wheel":  # L-12.1.2: machinery (and her tile) into the open sector, then 1 rotation
        player.engineers -= 2
        w = work(action.arg)
        i = player.wheel_open
        if player.officer == LESLIE:
            player.tiles.remove(LESLIE_TILE)
            player.wheel_tile[i] = LESLIE_TILE
        player.excavators -= w.cost.excavators
        player.mixers -= w.cost.mixers
        player.wheel_exc[i] += w.cost.excavators
        player.wheel_mix[i] += w.cost.mixers
        game.rotate_wheel(state, seat, 1)
        take_work(game, state, seat, w)
        return True
    if name in ("margot", "margot_bank"):  # L-12.2.3: no tile space, the symbol's cost still paid
        player.engineers -= 1
        if name == "margot":
            mine(state, seat)["margot"] = 1
        elif opt(game).u13_mahiri_bank_engineer:  # L-12.5.2: the engineer goes to the Bank, no credits
            state.bank[seat] += 1
        else:  # U-13: her copy-space engineer is the only one
            player.engineers += 1
        use_building(game, state, seat, _slot(state, action.arg), count=False)
        return True
    if name == "use":  # L-7.6
        slot = _slot(state, action.arg)
        s = shared(state)
        space = building(action.arg).spaces[action_space(state, slot)]
        s["left"][slot] = True
        player.engineers -= space.engineers
        player.credits -= RED if space.red_frame else 0
        use_building(game, state, seat, slot)
        return True
    return False


def pay_work(game: Any, state: Any, seat: int, w: dm.ExternalWork, pay: tuple[int, int, int]) -> None:
    """L-5.3, L-5.6: the machinery (and, U-6, credits) to the general supply, then the tile."""
    player = state.players[seat]
    e, m, credits = pay
    player.excavators -= e
    player.mixers -= m
    player.credits -= credits
    if credits:
        game.ability_used(state, seat, game.officer(state, seat).id, "external work cost")
    take_work(game, state, seat, w)


def take_work(game: Any, state: Any, seat: int, w: dm.ExternalWork, keep: bool = True) -> None:
    """L-5.2 steps 3–4: the tile goes face down to the player, its reward at once.

    U-27: the ordinary parts in Barrage's reward order, the special part last; U-2 (b):
    a special part that cannot be used is forfeited."""
    s = shared(state)
    s["ew_display"][s["ew_display"].index(w.id)] = ""
    if keep:  # U-4: a Loan Agency tile may be discarded instead (``u4_loan_tile_kept``)
        mine(state, seat)["works"].append(w.id)
    parts = [part(game, p) for p in w.reward]
    special = data().external_works.special_of(w)
    if special is not None:
        as_part = special.as_reward_part()
        if as_part is not None:  # EW-R4…EW-R7: Barrage's free builds (L-5.12.3)
            parts.append(part(game, as_part))
        elif special.kind == "fulfil_contract":  # EW-R1, EW-R2
            limit = NO_LIMIT if special.max_requirement is None else special.max_requirement
            if contracts_for(game, state, seat, limit):
                state.flow.pending.append(LwContract(seat=seat, limit=limit, optional=True))
        elif special.kind == "advanced_tile" and any(state.patent_display):  # EW-R3
            state.flow.pending.append(LwPatent(seat=seat, optional=True))
    game.gain(state, seat, tuple(parts))


def use_building(game: Any, state: Any, seat: int, slot: int, count: bool = True) -> None:
    """L-7.6 steps 3–4 and L-8: pay the action symbol's cost, perform the effect.

    ``count``: the use counts toward the once-per-round limit of L-7.4 (not Margot's space, L-12.2.2)."""
    if count:
        mine(state, seat)["used"][slot] += 1
    b = building(shared(state)["buildings"][slot])
    player = state.players[seat]
    player.credits -= b.action_cost
    e = b.effect
    kind = e.kind
    push = state.flow.pending.append
    if kind == "water_to_dam":
        push(LwDam(seat=seat))
    elif kind == "return_wheel_tile":
        push(LwSector(seat=seat))
    elif kind == "return_half_sector":
        push(LwHalf(seat=seat, optional=opt(game).u17_half_no_op))  # U-17: skip = no effect
    elif kind == "loan_external_work":
        push(LwLoan(seat=seat))
    elif kind == "fulfil_contract":
        push(LwContract(seat=seat, limit=NO_LIMIT))
    elif kind == "production":
        game.start_production(state, seat, e.modifier, True)
    else:
        game.gain(state, seat, tuple(part(game, p) for p in e.gain))


def _dam(game: Any, site: str) -> int:
    return int(game.board.site_index[site][1])


def load(game: Any, state: Any, seat: int, slot: int, c: BuildChoice, pay: tuple[int, int, int]) -> None:
    """L-6.2 steps 2–4: the tile and the machinery into the open sector (credits for machinery
    to the general supply, L-6.10), one rotation; then step 5, the building space."""
    e, m, credits = pay
    player = state.players[seat]
    i = player.wheel_open
    if c.wheel:
        player.tiles.remove(c.wheel)
        player.wheel_tile[i] = c.wheel
    player.excavators -= e
    player.mixers -= m
    player.credits -= credits
    player.wheel_exc[i] += e
    player.wheel_mix[i] += m
    if credits:
        game.ability_used(state, seat, game.officer(state, seat).id, "construction cost")
    game.rotate_wheel(state, seat, 1)
    options = space_options(state, slot, c.no_surcharge, player.credits)
    if len(options) == 1:
        place_building(game, state, seat, slot, c.label, options[0][0])
    else:  # the player chooses the building space (L-6.2 step 5: "one of the available spaces")
        state.flow.pending.append(LwSpace(seat=seat, slot=slot, no_surcharge=c.no_surcharge, label=c.label))


def effect_tile(game: Any, label: str) -> str:
    """The tile id whose effect a building's tile choice has (``ANTON=AT-B1`` → ``AT-B1``)."""
    parts = label.split("=")
    name = parts[1] if parts[0] in ("ANTON", "COPY") else parts[0]
    return next((t for t in (*building_tiles(), *game.tiles) if t.upper() == name), name)


def place_building(game: Any, state: Any, seat: int, slot: int, label: str, space: int) -> None:
    """L-6.2 step 5: the leftmost piece on the building space (+3 on a red frame, not with
    AT-I-W), the tile activated; then AT-B1 (L-9.2), AT-B3 (L-9.4) or a wild tile's own
    effect (L-15.4: AT-III-W's 3 VP per advanced tile)."""
    player = state.players[seat]
    b = building(shared(state)["buildings"][slot])
    tile = effect_tile(game, label)
    if _tables()[2][space] and not game.tile_effect(tile).no_surcharge:
        player.credits -= RED
    shared(state)["spaces"][slot][space] = seat
    mine(state, seat)["pieces"] -= 1
    if tile == "AT-B3":
        game.add_vp(state, seat, b.vp)
    elif tile == "AT-B1":
        state.flow.pending.append(LwNow(seat=seat, slot=slot, optional=True))
    elif tile not in building_tiles():  # a wild tile (U-5 a): not a map structure, so structure -1
        game.tile_effect(tile).effect(game, state, seat, -1, slot)


def resolve_reward_part(game: Any, state: Any, seat: int, p: Any) -> bool | None:
    """SY-8 energy (EW-T100, PB-09): Barrage's tile energy, which may fulfil one contract (U-10)."""
    kind, amount = p[0], p[1]
    if kind == "energy_contract":
        game.tile_energy(state, seat, amount)
        return True
    return None


# -- the Netherlands (L-11.3) ---------------------------------------------------------------------


def ned_active(game: Any, state: Any, seat: int) -> bool:
    return state.players[seat].company == NED and game.ability_unlocked(state, seat)


def after_production(game: Any, state: Any, seat: int, production: Any) -> None:
    """L-11.3: after the production (U-9: after its contract), 1 water at another own dam."""
    if state.players[seat].company != NED:
        return
    pending = state.flow.pending
    at = len(pending)
    if opt(game).u9_drop_before_contract:  # U-9: decided before the contract
        pending.append(LwDam(seat=seat, netherlands=True, exclude=production["dam"], optional=True))
        return
    for i in range(len(pending) - 1, -1, -1):  # below Barrage's contract and ability steps
        if pending[i].seat == seat and pending[i].kind in ("contract", "release", "ability"):
            at = i
        else:
            break
    pending.insert(at, LwDam(seat=seat, netherlands=True, exclude=production["dam"], optional=True))


# -- rounds and scoring ----------------------------------------------------------------------------


def end_of_round(game: Any, state: Any) -> None:
    """L-13.1: the external-works display is replaced; L-13.3: per-round building state resets."""
    if KEY not in state.ext:
        return
    reveal_works(state)
    s = shared(state)
    s["left"] = [False] * len(s["buildings"])
    for p in state.players:
        if KEY in p.ext:
            p.ext[KEY]["used"] = [0] * len(s["buildings"])
            p.ext[KEY]["margot"] = 0
            p.ext[KEY]["architect"] = 1  # L-12.4.5: the architect comes back with the engineers


def bonus_count(state: Any, seat: int, counts: Any) -> int | None:
    """L-10.4: BT-N1 external works taken, BT-N2 buildings built."""
    if KEY not in state.ext:
        return None
    if counts == "external_works":
        return len(mine(state, seat)["works"])
    if counts == "buildings":
        return sum(1 for spaces in shared(state)["spaces"] if seat in spaces)
    return None


def final_scoring(state: Any) -> list[tuple[int, int, str]]:
    """L-14.1: each activated private building's VP, to each player who activated it."""
    if KEY not in state.ext:
        return []
    s = shared(state)
    out = []
    for slot, pb in enumerate(s["buildings"]):
        vp = building(pb).vp
        for seat in sorted({o for o in s["spaces"][slot] if o >= 0}):
            out.append((seat, vp, f"{pb} activated (L-14.1)"))
    return out


# -- the greedy bot ----------------------------------------------------------------------------------


def bot_value(game: Any, state: Any, seat: int, action: Any) -> float | None:
    """Barrage's greedy bot: external works and buildings rank just below a good production."""
    if type(action) is not Ext:
        return None
    name = action.name
    if name == "work":
        w = work(action.arg)
        return 30 + sum(p.amount for p in w.reward if p.kind in ("vp", "credits")) / 2 - w.cost.units
    if name == "build":
        return 42 + building(action.arg).vp / 2
    if name == "work_wheel":
        return 31 + sum(p.amount for p in work(action.arg).reward if p.kind in ("vp", "credits")) / 2
    if name in ("margot", "margot_bank"):
        return 24
    if name == "architect":
        return 10
    if name == "use":
        return 25
    if name == "tile":
        return {"AT-B3": 5, "AT-B1": 4}.get(effect_tile(game, action.arg), 1)
    if name == "space":  # the cheaper building space
        return 3 - int(action.arg.partition(":")[2].rstrip("C"))
    if name in ("now", "patent", "loan"):
        return 5
    if name == "half":
        return 1 + int(action.arg.partition(":")[2])
    return 1


def hide(state: Any) -> None:
    """Views: the external-works stacks are face down (their sizes stay visible)."""
    if KEY in state.ext:
        s = shared(state)
        s["ew_stacks"] = [[""] * len(stack) for stack in s["ew_stacks"]]


# -- Simone Luciani (L-12.3, L-12.5.3) -----------------------------------------------------------------


def hand_limit(game: Any, state: Any, seat: int, limit: int) -> int | None:
    """L-12.3.1: 4 contracts; Mahiri's copy: 4 until her next fulfilment (L-12.5.3)."""
    player = state.players[seat]
    if player.officer == SIMONE or player.copy == SIMONE:
        return max(limit, 4)
    mark = player.ext.get(KEY, {}).get("simone")
    if mark is not None and mark == len(player.fulfilled):
        return max(limit, 4)
    return None


def contract_policy(game: Any, state: Any, seat: int, source: str) -> dict[str, bool] | None:
    """L-12.3.2 (U-11: nationals allowed, production energy only; France's −3 per contract,
    or once per production with ``u11_france_per_contract`` false)."""
    if source == "production" and game.officer(state, seat).id == SIMONE:
        if opt(game).u11_france_per_contract:
            return {"summed": True}
        return {"summed": True, "discount_once": True}
    return None


def ability_used(state: Any, seat: int, detail: str) -> None:
    """L-12.5.3: when Mahiri copies Simone, her hand limit stays 4 until she next fulfils a contract."""
    player = state.players[seat]
    if detail == f"copies {SIMONE}" and KEY in player.ext:
        player.ext[KEY]["simone"] = len(player.fulfilled)


# -- Tommaso Battista (L-12.4, L-12.5.4) ---------------------------------------------------------------


def after_placement(game: Any, state: Any, seat: int, action: Any, engineers: int) -> list[Any] | None:
    """L-12.4.2: an engineer placed alone on a space needing exactly 1 engineer may be the architect,
    and then he takes another turn.  The decision is offered after the placement's action; declining
    it means the engineer placed was an ordinary one (the architect stays available this round).
    U-14 (a): not in the Bank (also not Margot's Bank engineer of Mahiri's copy).  Mahiri's copy
    (L-12.5.4) works for the action that follows her copy; with ``u14_architect_bank_and_copy``
    the Bank counts, and her copy-space engineer may be the architect if she copies Tommaso
    (the copy is chosen after the placement, so the decision, ``c=1``, is offered only then)."""
    player = state.players[seat]
    if engineers != 1 or KEY not in player.ext or not player.ext[KEY].get("architect", 1):
        return None
    extended = opt(game).u14_architect_bank_and_copy
    if extended and type(action) is Place and action.space == MAHIRI_SPACE and player.officer == MAHIRI:
        return [LwArchitect(seat=seat, mahiri=True, optional=True)]
    if game.officer(state, seat).id != TOMMASO:
        return None
    in_bank = type(action) is Bank or (type(action) is Ext and action.name == "margot_bank")
    if in_bank and not extended:
        return None
    return [LwArchitect(seat=seat, optional=True)]
