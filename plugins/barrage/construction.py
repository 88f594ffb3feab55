"""Construction (B-8, B-9): build options, costs, the wheel, placing pieces.

Every function takes the rules object ``r`` (static tables, options, the
seat's officer and company) and changes the state in place.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from . import sources
from .actions import Site
from .board import Board, load_board
from .decisions.words import reward_text
from .state import Player, State
from .tables import BASE, CONDUIT, ELEVATION, NOBODY, PIECES, POWERHOUSE, STRUCTURES, VARIANT, constants

if TYPE_CHECKING:
    from .api import BarrageGame, OfficerAbility, TileAbility

JOKER = "joker"
ANTON = "anton"
BASIC_ORDER = {name: i for i, name in enumerate((*STRUCTURES, JOKER))}


# -- the wheel (B-8.3, B-8.4) -------------------------------------------------


class Returned(NamedTuple):
    """What turning a wheel gave back to the personal supply (B-8.4.1)."""

    tiles: list[str]
    excavators: int
    mixers: int


def rotate(player: Player, steps: int) -> Returned:
    """Turn the wheel ``steps`` single sectors; after each, the sector that has
    become open returns its tile and machinery to the personal supply (B-8.4.1).
    Returns what came back (the rules say it aloud: :meth:`BarrageRules.rotate_wheel`)."""
    back = Returned([], 0, 0)
    for _ in range(steps):
        i = (player.wheel_open + 1) % len(player.wheel_tile)
        player.wheel_open = i
        tile = player.wheel_tile[i]
        if tile:
            player.tiles.append(tile)
            player.wheel_tile[i] = ""
            back.tiles.append(tile)
        if player.wheel_exc[i] or player.wheel_mix[i]:
            back = back._replace(
                excavators=back.excavators + player.wheel_exc[i], mixers=back.mixers + player.wheel_mix[i]
            )
            player.excavators += player.wheel_exc[i]
            player.mixers += player.wheel_mix[i]
            player.wheel_exc[i] = player.wheel_mix[i] = 0
    return back


def load(player: Player, tile: str, excavators: int, mixers: int) -> None:
    """B-8.2 steps 2–3: tile and machinery into the open sector (step 4, the turn, is
    :meth:`BarrageRules.rotate_wheel`)."""
    i = player.wheel_open
    if tile:
        player.tiles.remove(tile)
        player.wheel_tile[i] = tile
    player.excavators -= excavators
    player.mixers -= mixers
    player.wheel_exc[i] += excavators
    player.wheel_mix[i] += mixers


# -- where a structure may go (B-9.2) -----------------------------------------------


def sites(
    r: BarrageGame,
    state: State,
    seat: int,
    structure: int,
    max_value: int = 5,
    areas: Sequence[int] | None = None,
) -> list[int]:
    """Indexes of the building spaces where ``seat`` may put its next ``structure``
    (B-9.2), within a reward's limits (``max_value`` for a conduit, ``areas``)."""
    if state.players[seat].built[structure] >= PIECES[structure]:
        return []  # B-9.2.5
    out = list(open_spaces(r, state, seat, structure)[0])
    b = r.board
    if structure == CONDUIT and max_value < 5:
        value = b.conduit_value
        out = [i for i in out if value[i] <= max_value]
    if areas is not None and len(areas) < 3:
        area = (b.dam_area, b.dam_area, b.conduit_area, b.ph_area)[structure]
        out = [i for i in out if area[i] in areas]
    return out


OpenSpaces = tuple[tuple[int, ...], frozenset[int]]
"""The building spaces open to a seat's next piece of one structure, and their cost keys."""


def open_spaces(r: BarrageGame, state: State, seat: int, structure: int) -> OpenSpaces:
    """The spaces that B-9.2.1 … B-9.2.4 leave open to ``seat``'s next ``structure`` (whether
    it has a piece left is asked apart), and their cost keys.  They depend only on who
    holds the spaces of that kind (and, for an elevation, the dams' heights), which only
    a construction changes, so they are remembered per game for each position seen:
    every listing of a turn's placements asks for them."""
    if structure == CONDUIT:
        seen: tuple[Any, ...] = (CONDUIT, tuple(state.conduit_owner))
    elif structure == POWERHOUSE:
        seen = (POWERHOUSE, seat, tuple(state.ph_owner))
    elif structure == BASE:
        seen = (BASE, seat, tuple(state.dam_owner))
    else:
        seen = (ELEVATION, seat, tuple(state.dam_owner), tuple(state.dam_height))
    known = r.open_spaces_seen.get(seen)
    if known is None:
        spaces = tuple(_open(r, state, seat, structure))
        key_of = r.cost_table.keys[structure]
        if len(r.open_spaces_seen) >= OPEN_SPACES_KEPT:
            r.open_spaces_seen.clear()
        known = r.open_spaces_seen[seen] = (spaces, frozenset(key_of[i] for i in spaces))
    return known


OPEN_SPACES_KEPT = 4096
"""At most this many positions are remembered (a long simulation starts afresh)."""


def _open(r: BarrageGame, state: State, seat: int, structure: int) -> list[int]:
    """B-9.2: the spaces the rules leave open to ``seat``'s next ``structure``."""
    b = r.board
    if structure == BASE:  # a free space, one own dam per basin (B-9.2.1)
        owner, zone = state.dam_owner, b.dam_zone
    elif structure == ELEVATION:  # on an own dam below height 3 (B-9.2.2)
        height = state.dam_height
        return [i for i, o in enumerate(state.dam_owner) if o == seat and height[i] < 3]
    elif structure == CONDUIT:  # any free space (B-9.2.3)
        return [i for i, o in enumerate(state.conduit_owner) if o == NOBODY]
    else:  # a free space, one own powerhouse per basin (B-9.2.4)
        owner, zone = state.ph_owner, b.ph_zone
    mine = {zone[i] for i, o in enumerate(owner) if o == seat}
    return [i for i, o in enumerate(owner) if o == NOBODY and zone[i] not in mine]


@functools.cache
def base_site_actions() -> tuple[tuple[Site, ...], ...]:
    """Per structure, per building space of the base map: the answer ``at SITE`` naming it,
    made once per process."""
    b = load_board()
    dams = tuple(Site(d.id) for d in b.dams)
    return dams, dams, tuple(Site(c.id) for c in b.conduits), tuple(Site(p.id) for p in b.powerhouses)


def site_id(r: BarrageGame, structure: int, index: int) -> str:
    b = r.board
    if structure in (BASE, ELEVATION):
        return b.dams[index].id
    if structure == CONDUIT:
        return b.conduits[index].id
    return b.powerhouses[index].id


@dataclass(frozen=True)
class CostTable:
    """The printed costs of every building space as flat tuples (B-9.1), built once per game."""

    normal: tuple[tuple[tuple[int, int], ...], ...]
    """Per structure (base, elevation, conduit), per space: (excavators, mixers)."""
    surcharge: tuple[tuple[int, ...], ...]
    """Per structure, per space: the red-frame credits (bases and powerhouses only, B-0.4)."""
    conduit_value: tuple[int, ...]
    powerhouse_mixers: tuple[int, ...]
    """Mixers for a player's 1st, 2nd, 3rd, 4th powerhouse."""
    keys: tuple[tuple[int, ...], ...]
    """Per structure, per space: a small number for what the cost depends on (area
    and red frame for a base, area for an elevation, value for a conduit, red frame
    for a powerhouse); spaces with equal keys cost one seat the same."""
    key_count: tuple[int, ...]
    key_site: tuple[tuple[int, ...], ...]
    """Per structure, per cost key: the first space with that key (its surcharge and
    conduit value are every such space's)."""


def cost_table(board: Board, costs: dict[str, Any], red_credits: int) -> CostTable:
    areas = ("mountain", "hill", "plain")
    dams, conduits, powerhouses = board.dams, board.conduits, board.powerhouses
    keys = (
        tuple(2 * d.area + d.red for d in dams),
        tuple(d.area for d in dams),
        tuple(c.value - 1 for c in conduits),
        tuple(int(p.red) for p in powerhouses),
    )
    return CostTable(
        normal=(
            tuple((costs["base_excavators"][areas[d.area]], 0) for d in dams),
            tuple((0, costs["elevation_mixers"][areas[d.area]]) for d in dams),
            tuple((costs["conduit_excavators_per_value"] * c.value, 0) for c in conduits),
        ),
        surcharge=(
            tuple(red_credits if d.red else 0 for d in dams),
            (0,) * len(dams),
            (0,) * len(conduits),
            tuple(red_credits if p.red else 0 for p in powerhouses),
        ),
        conduit_value=tuple(c.value for c in conduits),
        powerhouse_mixers=tuple(costs["powerhouse_mixers"]),
        keys=keys,
        key_count=tuple(max(ks) + 1 for ks in keys),
        key_site=tuple(tuple(ks.index(k) for k in range(max(ks) + 1)) for ks in keys),
    )


@functools.cache
def base_cost_table() -> CostTable:
    """:func:`cost_table` of the base map and ``constants.json``'s costs, built once per
    process (every game reads the same board and costs)."""
    costs = constants()["costs"]
    return cost_table(load_board(), costs, costs["red_frame_credits"])


def surcharge(r: BarrageGame, structure: int, index: int) -> int:
    """Red-framed building space: +3 credits for a base or powerhouse (B-0.4, B-9.1)."""
    return r.cost_table.surcharge[structure][index]


Needs = tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
"""Per structure, per cost key (per powerhouses built for a powerhouse): the
machinery payments a seat's officer allows, as (excavators, mixers)."""


def needs_table(table: CostTable, officer: OfficerAbility) -> Needs:
    """What each cost key costs a seat with ``officer`` (B-9.1 with B-9.1.2), built once per game."""
    out = []
    for structure in (BASE, ELEVATION, CONDUIT):
        row = []
        for i in table.key_site[structure]:
            value = table.conduit_value[i] if structure == CONDUIT else 0
            row.append(tuple(officer.requirements(structure, table.normal[structure][i], value)))
        out.append(tuple(row))
    out.append(tuple(tuple(officer.requirements(POWERHOUSE, (0, m), 0)) for m in table.powerhouse_mixers))
    return tuple(out)


def requirements(
    r: BarrageGame, state: State, seat: int, structure: int, index: int
) -> tuple[tuple[int, int], ...]:
    """The machinery the structure costs on that space (B-9.1), with the officer's alternatives."""
    needs = r.needs_of(r.officer(state, seat))
    if structure == POWERHOUSE:
        return needs[POWERHOUSE][min(state.players[seat].built[POWERHOUSE], len(needs[POWERHOUSE]) - 1)]
    return needs[structure][r.cost_table.keys[structure][index]]


def payments(
    r: BarrageGame,
    state: State,
    seat: int,
    needs: tuple[tuple[int, int], ...],
    budget: int,
    interchangeable: bool = False,
) -> list[tuple[int, int, int]]:
    """Ways to pay: (excavators, mixers, credits), credits only where the officer
    lets credits replace machinery (EO-SJ), within ``budget`` credits; with
    ``interchangeable`` (AT-II-W) any mix of excavators and mixers."""
    p = state.players[seat]
    per_unit = r.officer(state, seat).credits_per_machinery
    out: list[tuple[int, int, int]] = []
    if interchangeable:
        for e_need, m_need in needs:
            units = e_need + m_need
            for e in range(min(units, p.excavators), -1, -1):
                for m in range(min(units - e, p.mixers), -1, -1):
                    short = units - e - m
                    if short and not per_unit:
                        continue
                    credits = per_unit * short
                    if credits <= budget and (e, m, credits) not in out:
                        out.append((e, m, credits))
        return out
    for e_need, m_need in needs:
        if not per_unit:
            if p.excavators >= e_need and p.mixers >= m_need and (e_need, m_need, 0) not in out:
                out.append((e_need, m_need, 0))
            continue
        for e in range(min(e_need, p.excavators), -1, -1):
            for m in range(min(m_need, p.mixers), -1, -1):
                credits = per_unit * (e_need - e + m_need - m)
                if credits <= budget and (e, m, credits) not in out:
                    out.append((e, m, credits))
    return out


def _can_pay(
    needs: tuple[tuple[int, int], ...], budget: int, mixed: bool, excavators: int, mixers: int, per_unit: int
) -> bool:
    """One of the machinery alternatives ``needs`` can be paid from ``excavators`` and
    ``mixers``, with ``per_unit`` credits for each unit short (EO-SJ, B-16.5) out of
    ``budget``; ``mixed`` (AT-II-W): any units pay for any units."""
    for e_need, m_need in needs:
        if mixed:
            short = max(e_need + m_need - excavators - mixers, 0)
        elif e_need <= excavators and m_need <= mixers:
            return True
        else:
            short = max(e_need - excavators, 0) + max(m_need - mixers, 0)
        if not short:
            return True
        if per_unit and short * per_unit <= budget:
            return True
    return False


# -- technology tiles with effects (full game, B-14) ------------------------------------------


def basic_only(r: BarrageGame, state: State, seat: int) -> bool:
    """The seat has only basic tiles and no wheel copies: the fast path of the introductory game."""
    player = state.players[seat]
    return all(t in BASIC_ORDER for t in player.tiles) and not r.officer(state, seat).copies_wheel_tiles


def _choices(
    r: BarrageGame, state: State, seat: int, free: bool, ordered: bool = True
) -> list[tuple[str, TileAbility]]:
    """Every tile choice of the seat, for any structure, with the tile whose permission and
    effect it has, in :func:`tile_choices`' order (``ordered=False``: in any order, a tile
    of the supply possibly more than once)."""
    player = state.players[seat]
    tiles = r.tiles
    out = []
    for t in sorted(set(player.tiles), key=_supply_order) if ordered else player.tiles:
        tile = tiles[t]
        if tile.engineer_free or not free:
            out.append((t, tile))
    out += r.officer(state, seat).wheel_copies(r, state, seat, free)
    return out


def _supply_order(tile: str) -> tuple[int, str]:
    """Basic tiles first in structure order, then the others by id."""
    return (BASIC_ORDER.get(tile, len(BASIC_ORDER)), tile)


def tile_choices(r: BarrageGame, state: State, seat: int, structure: int, free: bool = False) -> list[str]:
    """Tile choices that permit ``structure`` (B-8.2 step 2): tiles in the supply (basic
    first, then advanced by id), then Anton's copies of wheel tiles (``anton=<id>``,
    B-16.6) or, for Mahiri copying Anton, copies without a tile (``copy=<id>``, B-16.7.5).
    ``free``: only tiles allowing an engineer-free construction (B-14.4)."""
    return [choice for choice, tile in _choices(r, state, seat, free) if structure in tile.builds]


CostRules = tuple[tuple["TileAbility | None", ...], ...]
"""Per structure, the cost rules of the tile choices that permit it (see :func:`cost_variants`)."""


def cost_variants(r: BarrageGame, state: State, seat: int, free: bool = False) -> CostRules:
    """Per structure, the different cost rules the seat's tile choices give it (B-14.3.1):
    ``None`` for every choice that pays the printed cost, else the tile that changes it.
    Whether a space can be paid for is then checked once per cost rule, not per choice
    (empty: no tile permits the structure).  It depends only on the tiles in the supply,
    the tiles on the wheel when the officer copies them, and the officer, so it is
    remembered per game for each combination seen."""
    return _variants(r, state, seat, r.officer(state, seat), free)


def _variants(r: BarrageGame, state: State, seat: int, officer: OfficerAbility, free: bool) -> CostRules:
    player = state.players[seat]
    wheel = tuple(player.wheel_tile) if officer.copies_wheel_tiles else ()
    key = (tuple(player.tiles), wheel, officer.id, player.officer, free)
    known = r.cost_rules_seen.get(key)
    if known is not None:
        return known
    out: list[list[TileAbility | None]] = [[], [], [], []]
    for _, tile in _choices(r, state, seat, free, ordered=False):
        rule = tile if tile.adjusts_needs or tile.no_surcharge or tile.interchangeable else None
        for structure in tile.builds:
            if rule not in out[structure]:
                out[structure].append(rule)
    if len(r.cost_rules_seen) >= COST_RULES_KEPT:
        r.cost_rules_seen.clear()
    known = r.cost_rules_seen[key] = tuple(tuple(rules) for rules in out)
    return known


COST_RULES_KEPT = 4096
"""At most this many tile combinations are remembered (a long simulation starts afresh)."""


def buildable_structures(
    r: BarrageGame, state: State, seat: int, budget: int, free: bool = False
) -> list[int]:
    """The structures whose construction can be completed somewhere, in structure order."""
    variants, purse = _means(r, state, seat, free)
    return [
        structure
        for structure, rules in enumerate(variants)
        if rules and _some_affordable(r, state, seat, structure, budget, rules, purse)
    ]


def physical_tile(choice: str) -> str:
    """The tile that goes onto the wheel: Anton's own tile for a copy, none for Mahiri's."""
    if choice.startswith("anton="):
        return ANTON
    if choice.startswith("copy="):
        return ""
    return choice


def cost_with(
    r: BarrageGame, state: State, seat: int, structure: int, index: int, choice: str
) -> tuple[tuple[tuple[int, int], ...], int, bool]:
    """(machinery alternatives, red-frame surcharge, interchangeable) with that tile (B-14.3.1)."""
    printed = requirements(r, state, seat, structure, index)
    return _tile_cost(r, r.tile_effect(choice), structure, index, printed)


def _tile_cost(
    r: BarrageGame, tile: TileAbility | None, structure: int, index: int, printed: tuple[tuple[int, int], ...]
) -> tuple[tuple[tuple[int, int], ...], int, bool]:
    """(machinery alternatives, red-frame surcharge, interchangeable) on that space with
    ``tile``'s cost rules, from the ``printed`` alternatives (``None``: no tile rules)."""
    if tile is None:
        return printed, r.cost_table.surcharge[structure][index], False
    needs = printed
    if tile.adjusts_needs:
        value = r.cost_table.conduit_value[index] if structure == CONDUIT else 0
        needs = tile.adjust_needs(structure, needs, value)
    extra = 0 if tile.no_surcharge else r.cost_table.surcharge[structure][index]
    return needs, extra, tile.interchangeable


def affordable_with(
    r: BarrageGame, state: State, seat: int, structure: int, index: int, budget: int, choice: str
) -> bool:
    """Some payment exists for the structure on that space with that tile choice (B-8.2.2)."""
    needs, extra, mixed = cost_with(r, state, seat, structure, index, choice)
    p = state.players[seat]
    per_unit = r.officer(state, seat).credits_per_machinery
    return budget >= extra and _can_pay(needs, budget - extra, mixed, p.excavators, p.mixers, per_unit)


def tiles_for(player: Player, structure: int) -> list[str]:
    """Technology tiles in the personal supply that allow ``structure`` (B-8.6)."""
    name = STRUCTURES[structure]
    out = []
    for tile in (name, JOKER):
        if tile in player.tiles and tile not in out:
            out.append(tile)
    return out


def buildable(
    r: BarrageGame, state: State, seat: int, structure: int, budget: int, free: bool = False
) -> list[int]:
    """Spaces where a construction of ``structure`` can be completed (``free``: engineer-free)."""
    variants, purse = _means(r, state, seat, free)
    rules = variants[structure]
    if not rules or state.players[seat].built[structure] >= PIECES[structure]:  # B-9.2.5
        return []
    legal, keys = open_spaces(r, state, seat, structure)
    ok = {key for key in keys if _key_affordable(r, state, seat, structure, key, budget, rules, purse)}
    key_of = r.cost_table.keys[structure]
    return [i for i in legal if key_of[i] in ok]


CHEAPEST_FIRST = (CONDUIT, POWERHOUSE, BASE, ELEVATION)
"""The order :func:`can_construct` tries the structures in (the answer does not depend on it)."""


def can_construct(r: BarrageGame, state: State, seat: int, budget: int, free: bool = False) -> bool:
    """Some structure has a tile, a space and a payment (B-7.4, B-8.2.2)."""
    variants, purse = _means(r, state, seat, free)
    for structure in CHEAPEST_FIRST:
        rules = variants[structure]
        if rules and _some_affordable(r, state, seat, structure, budget, rules, purse):
            return True
    return False


Purse = tuple[int, int, int, Needs]
"""What pays for a construction: the seat's excavators and mixers, the credits its officer
lets replace each missing unit (EO-SJ, B-16.5), and what each cost key costs with that
officer (:func:`needs_table`)."""


def _means(r: BarrageGame, state: State, seat: int, free: bool) -> tuple[CostRules, Purse]:
    """The seat's cost rules per structure (:func:`cost_variants`) and its purse."""
    player = state.players[seat]
    officer = r.officer(state, seat)
    purse = player.excavators, player.mixers, officer.credits_per_machinery, r.needs_of(officer)
    return _variants(r, state, seat, officer, free), purse


def _some_affordable(
    r: BarrageGame,
    state: State,
    seat: int,
    structure: int,
    budget: int,
    rules: tuple[TileAbility | None, ...],
    purse: Purse,
) -> bool:
    """Some legal space for ``structure`` has a payment under one of the cost ``rules``,
    asked once per cost key, since spaces with equal keys cost the seat the same."""
    if state.players[seat].built[structure] >= PIECES[structure]:
        return False  # B-9.2.5
    for key in open_spaces(r, state, seat, structure)[1]:
        if _key_affordable(r, state, seat, structure, key, budget, rules, purse):
            return True
    return False


def _key_affordable(
    r: BarrageGame,
    state: State,
    seat: int,
    structure: int,
    key: int,
    budget: int,
    rules: tuple[TileAbility | None, ...],
    purse: Purse,
) -> bool:
    """A space of cost ``key`` has a payment under one of the cost ``rules`` (B-8.2.2)."""
    excavators, mixers, per_unit, needs = purse
    if structure == POWERHOUSE:  # the same for every space: by powerhouses built (as requirements())
        by_built = needs[POWERHOUSE]
        printed = by_built[min(state.players[seat].built[POWERHOUSE], len(by_built) - 1)]
    else:
        printed = needs[structure][key]
    table = r.cost_table
    site = table.key_site[structure][key]
    for rule in rules:
        if rule is None:  # the printed cost (as _tile_cost gives it)
            cost, extra, mixed = printed, table.surcharge[structure][site], False
        else:
            cost, extra, mixed = _tile_cost(r, rule, structure, site, printed)
        if budget >= extra and _can_pay(cost, budget - extra, mixed, excavators, mixers, per_unit):
            return True
    return False


# -- placing a piece (B-8.2 step 5, B-6.2.4) ------------------------------------------


def place(r: BarrageGame, state: State, seat: int, structure: int, index: int, tile: str = "") -> None:
    """Put the leftmost piece on the space, pay a red frame (not with AT-I-W), take any
    income it uncovers, then the tile's effect (B-8.2 steps 5–6)."""
    player = state.players[seat]
    if not (tile and r.tile_effect(tile).no_surcharge):
        player.credits -= surcharge(r, structure, index)
    if structure == BASE:
        state.dam_owner[index] = seat
        state.dam_height[index] = 1
    elif structure == ELEVATION:
        state.dam_height[index] += 1
    elif structure == CONDUIT:
        state.conduit_owner[index] = seat
    else:
        state.ph_owner[index] = seat
    player.built[structure] += 1
    pending = state.flow.pending
    mark = len(pending)
    if structure != POWERHOUSE:
        for built, parts in r.income_of(state, seat)[structure]:
            if built == player.built[structure]:
                if r.telling():  # what the income is (``rotate 1``, ``1 machinery``), not what
                    # its parts then moved: a turned wheel's give-back read as machinery paid
                    said = f"Income uncovered by the {STRUCTURES[structure]}, paid at once (B-6.2.4)"
                    r.tell(f"{said}: {r.company(state, seat).name} {reward_text(parts)}")  # built: drafted
                r.gain(state, seat, parts, sources.INCOME)
    income_mark = len(pending)
    if income_mark > mark and r.plays_under(VARIANT, 2):
        r.after_build_later(state, seat, structure, index, tile, below=mark)  # after the income's choices
        return
    r.after_build(state, seat, structure, index, tile)  # rules version 1: the effect before them
    if len(pending) > income_mark > mark:  # the income's choices are decided before the effect's
        effect = pending[income_mark:]
        del pending[income_mark:]
        pending[mark:mark] = effect
