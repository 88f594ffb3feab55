"""Building a private building (L-6): the tiles that can build it (L-6.9, Anton's
and Mahiri's copies), paying for it, loading the wheel and the building space
(L-6.2), with the decisions :class:`LwTile`, :class:`LwPay` and :class:`LwSpace`.
"""

from __future__ import annotations

import functools
import weakref
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from turbine.plugins.barrage.actions import Ext, Pay
from turbine.plugins.barrage.decisions import Decision

from . import data_model as dm
from .building_actions import LwNow
from .machinery import credits_per_unit, machinery_payments
from .menu_words import payment_words, tile_words, units
from .sources import BUILDINGS
from .store import ANTON, FREE, NEVER, RED, building, data, mine, opt, red_frame, shared, surcharge

if TYPE_CHECKING:
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.state import State


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


def wild(game: BarrageGame, tile_id: str) -> bool:
    """A "your choice" tile (the joker, AT-I-W, AT-II-W, AT-III-W): it permits every map structure."""
    tile = game.tiles.get(tile_id)
    return tile is not None and len(set(tile.builds)) == len(dm.barrage.STRUCTURES)


TileOption = tuple[str, str, str]
"""A tile choice that can build a building: (label, tile id, tile onto the wheel)."""

Cost = tuple[int, int, bool, bool]
"""What decides whether a :class:`BuildChoice` can pay: (excavators, mixers, no surcharge, mixed)."""


class _PerGame:
    """What follows from a game's tiles and options alone, worked out once per game rather
    than at every turn: the building-capable tiles, and the tile choices per building and
    set of tile options."""

    def __init__(self, game: BarrageGame) -> None:
        u5 = opt(game).u5_wild_builds
        self.builders = building_tiles() | {t for t in game.tiles if u5 and wild(game, t)}
        """The ids :func:`builds_building` accepts."""
        self.choices: dict[tuple[str, tuple[TileOption, ...]], tuple[BuildChoice, ...]] = {}
        """:func:`build_choices` by (building id, tile options)."""
        self.costs: dict[tuple[TileOption, ...], dict[str, int]] = {}
        """:meth:`costs_with` by tile options."""
        self.costs_by_tiles: dict[tuple[Any, ...], dict[str, int] | None] = {}
        """:meth:`costs_now` by what the tile options depend on (``None``: no tile option)."""
        self.cost_sets: list[tuple[Cost, ...]] = []
        """Each distinct set of a building's costs once, named by its index (a small number
        hashes faster than the tuples of tuples it stands for, at every turn)."""
        self.cost_set_ids: dict[tuple[Cost, ...], int] = {}
        """The index of each set in :attr:`cost_sets`."""
        self.least: dict[tuple[int, int, int, int], tuple[int, int]] = {}
        """:func:`least_credits` by (cost set, excavators, mixers, credits per unit)."""

    def costs_now(self, game: BarrageGame, state: State, seat: int) -> dict[str, int] | None:
        """:meth:`costs_with` the seat's :meth:`tile_options` (``None``: it has none).  The
        options depend only on the tiles in its supply, those on its wheel when its officer
        copies them (Anton Krylov, L-15.7), and its officers, so they are looked up by those:
        the tiles change far less often than the turns come."""
        player = state.players[seat]
        officer = game.officer(state, seat)
        wheel = tuple(player.wheel_tile) if officer.copies_wheel_tiles else ()
        key = (tuple(player.tiles), wheel, officer.id, player.officer)
        if key in self.costs_by_tiles:
            return self.costs_by_tiles[key]
        if len(self.costs_by_tiles) >= KEPT:
            self.costs_by_tiles.clear()
        options = self.tile_options(game, state, seat)
        got = self.costs_by_tiles[key] = self.costs_with(game, options) if options else None
        return got

    def least_credits(self, costs: int, excavators: int, mixers: int, per_unit: int) -> tuple[int, int]:
        """:func:`least_credits` of cost set ``costs`` (an index of :attr:`cost_sets`),
        remembered: a seat's machinery takes few values."""
        key = (costs, excavators, mixers, per_unit)
        got = self.least.get(key)
        if got is None:
            if len(self.least) >= KEPT:
                self.least.clear()
            got = self.least[key] = least_credits(self.cost_sets[costs], excavators, mixers, per_unit)
        return got

    def tile_options(self, game: BarrageGame, state: State, seat: int) -> tuple[TileOption, ...]:
        """:func:`tile_options`."""
        builders = self.builders
        out = [(t.upper(), t, t) for t in sorted(builders.intersection(state.players[seat].tiles))]
        officer = game.officer(state, seat)
        if officer.copies_wheel_tiles:
            for choice, _ in officer.wheel_copies(game, state, seat, False):
                prefix, _, t = choice.partition("=")
                if t in builders:
                    out.append((choice.upper(), t, ANTON if prefix == "anton" else ""))
        return tuple(out)

    def build_choices(
        self, game: BarrageGame, b: dm.PrivateBuilding, options: tuple[TileOption, ...]
    ) -> tuple[BuildChoice, ...]:
        """:func:`build_choices` with these tile options."""
        key = (b.id, options)
        got = self.choices.get(key)
        if got is None:
            got = self.choices[key] = tuple(
                c for label, t, wheel in options for c in _variants(game, b, t, label, wheel)
            )
        return got

    def costs_with(self, game: BarrageGame, options: tuple[TileOption, ...]) -> dict[str, int]:
        """Per private building, the distinct costs of its build choices with these tile
        options (as an index of :attr:`cost_sets`): whether it can be built does not depend
        on the labels, and several tiles often pay alike (the basic tile, AT-B1, AT-B3)."""
        got = self.costs.get(options)
        if got is None:
            got = self.costs[options] = {
                b.id: self._cost_set(
                    tuple(
                        dict.fromkeys(
                            (c.excavators, c.mixers, c.no_surcharge, c.mixed)
                            for c in self.build_choices(game, b, options)
                        )
                    )
                )
                for b in data().private_buildings
            }
        return got

    def _cost_set(self, costs: tuple[Cost, ...]) -> int:
        got = self.cost_set_ids.get(costs)
        if got is None:
            got = self.cost_set_ids[costs] = len(self.cost_sets)
            self.cost_sets.append(costs)
        return got


KEPT = 4096
"""At most this many entries per table of :class:`_PerGame` (a long game starts afresh)."""


def least_credits(costs: tuple[Cost, ...], excavators: int, mixers: int, per_unit: int) -> tuple[int, int]:
    """L-6.2 steps 3 and 5, L-6.10, L-15.4: the fewest credits one of ``costs`` can be paid
    with from ``excavators`` and ``mixers`` (each missing unit with ``per_unit`` credits:
    Solomon P. Jordan; 0: none), on an unframed building space and on a red-framed one
    (3 credits more unless the tile waives them, AT-I-W); :data:`NEVER` when none can."""
    unframed = framed = NEVER
    for e, m, waived, mixed in costs:
        short = max(e + m - excavators - mixers, 0) if mixed else max(e - excavators, 0) + max(m - mixers, 0)
        if short and not per_unit:
            continue
        unframed = min(unframed, per_unit * short)
        framed = min(framed, per_unit * short + (0 if waived else RED))
    return unframed, framed


_PER_GAME: dict[int, _PerGame] = {}
"""By ``id(game)``, each entry dropped when its game is collected (a plain dict: looked up at
every turn, it is cheaper than a ``WeakKeyDictionary``)."""


def _per_game(game: BarrageGame) -> _PerGame:
    got = _PER_GAME.get(id(game))
    if got is None:
        got = _PER_GAME[id(game)] = _PerGame(game)
        weakref.finalize(game, _PER_GAME.pop, id(game), None)
    return got


def builds_building(game: BarrageGame, tile_id: str) -> bool:
    """L-6.9: the building tiles; wild tiles too with U-5 (a) (``u5_wild_builds``)."""
    return tile_id in _per_game(game).builders


def _variants(
    game: BarrageGame, b: dm.PrivateBuilding, tile_id: str, label: str, wheel: str
) -> list[BuildChoice]:
    e, m = b.cost.excavators, b.cost.mixers
    if tile_id == "AT-B2":  # L-9.3: only one of the two types (U-8: the player chooses)
        return [
            BuildChoice(label + "=E", wheel, tile_id, e, 0, False, False),
            BuildChoice(label + "=M", wheel, tile_id, 0, m, False, False),
        ]
    tile = game.tiles[tile_id]
    return [BuildChoice(label, wheel, tile_id, e, m, tile.no_surcharge, tile.interchangeable)]


def tile_options(game: BarrageGame, state: State, seat: int) -> tuple[TileOption, ...]:
    """L-6.9: the building-capable tiles in the personal supply (by id), then the officer's
    copies of building-capable tiles on the wheel (Anton Krylov's ``ANTON=<id>``, L-15.7;
    Mahiri's copy ``COPY=<id>`` needs no tile, B-16.7.5; with Barrage's
    ``anton_empty_wheel="joker"`` and U-5 (a), Anton's tile alone as a joker) — the
    copies are Barrage's own (:meth:`Officer.wheel_copies`), labelled in upper case."""
    return _per_game(game).tile_options(game, state, seat)


def build_choices(
    game: BarrageGame,
    state: State,
    seat: int,
    b: dm.PrivateBuilding,
    options: tuple[TileOption, ...] | None = None,
) -> tuple[BuildChoice, ...]:
    """Every way to build ``b`` now: each tile option (:func:`tile_options`, computed once
    per seat when ``options`` is given) with the building's cost as that tile pays it.
    They depend on the building and the options only, so each game keeps them."""
    tables = _per_game(game)
    if options is None:
        options = tables.tile_options(game, state, seat)
    return tables.build_choices(game, b, options)


def choice_of(game: BarrageGame, state: State, seat: int, slot: int, label: str) -> BuildChoice | None:
    b = building(shared(state).buildings[slot])
    return next((c for c in build_choices(game, state, seat, b) if c.label == label), None)


def payments(
    game: BarrageGame, state: State, seat: int, c: BuildChoice, budget: int
) -> list[tuple[int, int, int]]:
    """L-6.2 step 3 with L-6.10 and L-15.4: (excavators, mixers, credits) within ``budget``
    credits, as Barrage pays a structure (B-9.1.2): credits only for Solomon P. Jordan
    (3 per unit, for any unit), any mix of machinery with AT-II-W."""
    p = state.players[seat]
    return machinery_payments(
        c.excavators, c.mixers, p.excavators, p.mixers, credits_per_unit(game, state, seat), budget, c.mixed
    )


def can_pay(game: BarrageGame, state: State, seat: int, c: BuildChoice, budget: int) -> bool:
    p = state.players[seat]
    cost = (c.excavators, c.mixers, c.no_surcharge, c.mixed)
    return least_credits((cost,), p.excavators, p.mixers, credits_per_unit(game, state, seat))[0] <= budget


def space_options(state: State, slot: int, no_surcharge: bool, credits: int) -> list[tuple[int, int]]:
    """L-6.2 step 5, L-6.5: (space, credits) for each kind of free building space next to the
    tile, the leftmost of each kind (unframed, red-framed: +3 unless AT-I-W), within ``credits``."""
    out: list[tuple[int, int]] = []
    seen: set[bool] = set()
    for i, o in enumerate(shared(state).spaces[slot]):
        if o == FREE and red_frame(i) not in seen:
            seen.add(red_frame(i))
            cost = RED if red_frame(i) and not no_surcharge else 0
            if cost <= credits:
                out.append((i, cost))
    return out


def least_surcharge(state: State, slot: int, no_surcharge: bool) -> int | None:
    """The cheapest free building space's red-frame credits (None: no free space): what
    :func:`space_options` would offer at least, without listing the spaces."""
    least = None
    for i, o in enumerate(shared(state).spaces[slot]):
        if o == FREE:
            if no_surcharge or not red_frame(i):
                return 0
            least = RED
    return least


def buildable_with(
    game: BarrageGame, state: State, seat: int, slot: int, c: BuildChoice, budget: int
) -> bool:
    """The building can be completed with that tile choice and ``budget`` credits (L-6.7)."""
    extra = least_surcharge(state, slot, c.no_surcharge)
    return extra is not None and can_pay(game, state, seat, c, budget - extra)


def construction_budget(game: BarrageGame, state: State, seat: int) -> int | None:
    """L-6.2 step 1, L-6.4, L-6.7: the credits left after paying the leftmost free
    construction space, or ``None`` when the seat cannot build any building now (no
    construction space or building piece left, or too few engineers or credits for it)."""
    player = state.players[seat]
    spaces = game.construction_spaces
    if player.spaces_used >= len(spaces) or not mine(state, seat).pieces:
        return None
    need, cost = spaces[player.spaces_used]
    if player.engineers < need or player.credits < cost:
        return None
    return player.credits - cost


def can_build(game: BarrageGame, state: State, seat: int, slot: int) -> bool:
    """L-6.2, L-6.4, L-6.7: a construction space, a piece, a tile, machinery, a building space."""
    return shared(state).buildings[slot] in buildable(game, state, seat)


def buildable(game: BarrageGame, state: State, seat: int) -> list[str]:
    """The private buildings the seat can build now (:func:`can_build`), in tile-slot order.
    Its own conditions (construction space, piece, engineers, credits, tiles) are checked
    once for all of them, and each building only by the least credits its tile choices
    can be paid with (:func:`least_credits`)."""
    budget = construction_budget(game, state, seat)
    if budget is None:
        return []
    tables = _per_game(game)
    costs = tables.costs_now(game, state, seat)
    if costs is None:
        return []
    player = state.players[seat]
    excavators, mixers, per_unit = player.excavators, player.mixers, credits_per_unit(game, state, seat)
    s = shared(state)
    least = tables.least
    out = []
    for slot, pb in enumerate(s.buildings):
        spaces = s.spaces[slot]
        if seat in spaces or FREE not in spaces:  # L-6.4: one building per tile; L-6.5: a free space
            continue
        got = least.get((costs[pb], excavators, mixers, per_unit))  # tables.least_credits, inlined
        unframed, framed = got or tables.least_credits(costs[pb], excavators, mixers, per_unit)
        if framed <= budget or (unframed <= budget and not surcharge(spaces)):  # L-6.2 step 5
            out.append(pb)
    return out


def load(
    game: BarrageGame, state: State, seat: int, slot: int, c: BuildChoice, pay: tuple[int, int, int]
) -> None:
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
    if len(options) == 1:  # no question: said, as a forced answer would be
        space, cost = options[0]
        if game.telling():
            who = game.seat_name(state, seat) or game.player_name(seat)
            frame = f"red frame: {cost} credits" if cost else "no surcharge"
            game.tell(
                f"{who} builds {shared(state).buildings[slot]} on building space {space + 1} of 4, "
                f"the one open to it ({frame}, L-6.2)"
            )
        place_building(game, state, seat, slot, c.label, space)
    else:  # the player chooses the building space (L-6.2 step 5: "one of the available spaces")
        state.flow.pending.append(LwSpace(seat=seat, slot=slot, no_surcharge=c.no_surcharge, label=c.label))


def effect_tile(game: BarrageGame, label: str) -> str:
    """The tile id whose effect a building's tile choice has (``ANTON=AT-B1`` → ``AT-B1``)."""
    parts = label.split("=")
    name = parts[1] if parts[0] in ("ANTON", "COPY") else parts[0]
    return next((t for t in (*building_tiles(), *game.tiles) if t.upper() == name), name)


def place_building(game: BarrageGame, state: State, seat: int, slot: int, label: str, space: int) -> None:
    """L-6.2 step 5: the leftmost piece on the building space (+3 on a red frame, not with
    AT-I-W), the tile activated; then AT-B1 (L-9.2), AT-B3 (L-9.4) or a wild tile's own
    effect (L-15.4: AT-III-W's 3 VP per advanced tile)."""
    player = state.players[seat]
    b = building(shared(state).buildings[slot])
    tile = effect_tile(game, label)
    if red_frame(space) and not game.tile_effect(tile).no_surcharge:
        player.credits -= RED
    shared(state).spaces[slot][space] = seat
    mine(state, seat).pieces -= 1
    if tile == "AT-B3":
        game.add_vp(state, seat, b.vp, BUILDINGS)
    elif tile == "AT-B1":
        state.flow.pending.append(LwNow(seat=seat, slot=slot, optional=True))
    elif tile not in building_tiles():  # a wild tile (U-5 a): not a map structure, so structure -1
        game.tile_effect(tile).effect(game, state, seat, -1, slot)


class LwTile(Decision, tag="lw_tile"):
    """L-6.2 step 3: the tile that builds the private building of tile ``slot``."""

    slot: int

    prompt: ClassVar[str] = "which tile builds the private building"
    rule: ClassVar[str | None] = "L-6.2"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        seat = self.seat
        credits = state.players[seat].credits
        b = building(shared(state).buildings[self.slot])
        return [
            Ext("tile", c.label)
            for c in build_choices(game, state, seat, b)
            if buildable_with(game, state, seat, self.slot, c, credits)
        ]

    def question(self, game: BarrageGame, state: State) -> str:
        return f"which tile builds {building(shared(state).buildings[self.slot]).name} (L-6.2)"

    def show(self, game: BarrageGame, state: State, action: Ext) -> str:
        """``x tile AT-B2=E  (3 excavators onto the wheel: Put only one of the two …)``:
        what the building costs with that tile (L-6.9, L-9.3, L-15.4) and what the tile does."""
        c = choice_of(game, state, self.seat, self.slot, action.arg)
        if c is None:
            return game.describe(action)
        cost = units(c.excavators, c.mixers)
        notes = [note for note, on in (("no red frame", c.no_surcharge), ("machinery mixes", c.mixed)) if on]
        cost += f" ({', '.join(notes)})" if notes else ""
        what = "basic tile" if c.effect == "building" else tile_words(game, c.effect)
        copy = "Anton's copy: " if c.label.startswith(("ANTON=", "COPY=")) else ""
        return f"{game.describe(action)}  ({cost}: {copy}{what})"

    def apply(self, game: BarrageGame, state: State, action: Ext) -> None:
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

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        seat = self.seat
        c = choice_of(game, state, seat, self.slot, self.label)
        extra = None if c is None else least_surcharge(state, self.slot, c.no_surcharge)
        if c is None or extra is None:
            return []
        return [
            Pay(e, m, k) for e, m, k in payments(game, state, seat, c, state.players[seat].credits - extra)
        ]

    def show(self, game: BarrageGame, state: State, action: Pay) -> str:
        """``pay 3e 1m 3c  (wheel: 3 excavators + 1 mixer + tile building; 3 credits; left …)``."""
        c = choice_of(game, state, self.seat, self.slot, self.label)
        onto = c.wheel if c is not None else ""
        return f"{game.describe(action)}  ({payment_words(state, self.seat, action, onto)})"

    def apply(self, game: BarrageGame, state: State, action: Pay) -> None:
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

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        options = space_options(state, self.slot, self.no_surcharge, state.players[self.seat].credits)
        return [Ext("space", f"{i + 1}:{cost}C") for i, cost in options]

    def apply(self, game: BarrageGame, state: State, action: Ext) -> None:
        self.done(state)
        place_building(game, state, self.seat, self.slot, self.label, int(action.arg.partition(":")[0]) - 1)

    def question(self, game: BarrageGame, state: State) -> str:
        return f"on which building space next to {building(shared(state).buildings[self.slot]).name} (L-6.2)"

    def show(self, game: BarrageGame, state: State, action: Ext) -> str:
        space, _, cost = action.arg.partition(":")
        credits = int(cost.rstrip("C"))
        frame = f"red frame: {credits} credits" if credits else "no surcharge"
        return f"{game.describe(action)}  (space {space} of 4, {frame})"
