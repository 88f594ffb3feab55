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
from .building_actions import LwNow, activated
from .machinery import credits_per_unit, machinery_payments
from .store import ANTON, FREE, RED, building, data, mine, opt, red_frame, shared

if TYPE_CHECKING:
    from turbine.plugins.barrage.api import BarrageGame


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


_BUILDERS: weakref.WeakKeyDictionary[Any, dict[str, bool]] = weakref.WeakKeyDictionary()
"""Per game, the answers of :func:`builds_building` so far (they depend on the game's tiles
and options only)."""


def builds_building(game: BarrageGame, tile_id: str) -> bool:
    """L-6.9: the building tiles; wild tiles too with U-5 (a) (``u5_wild_builds``)."""
    known = _BUILDERS.get(game)
    if known is None:
        known = _BUILDERS[game] = {}
    got = known.get(tile_id)
    if got is None:
        got = known[tile_id] = tile_id in building_tiles() or (
            opt(game).u5_wild_builds and wild(game, tile_id)
        )
    return got


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


TileOption = tuple[str, str, str]
"""A tile choice that can build a building: (label, tile id, tile onto the wheel)."""


def tile_options(game: BarrageGame, state: Any, seat: int) -> list[TileOption]:
    """L-6.9: the building-capable tiles in the personal supply (by id), then the officer's
    copies of building-capable tiles on the wheel (Anton Krylov's ``ANTON=<id>``, L-15.7;
    Mahiri's copy ``COPY=<id>`` needs no tile, B-16.7.5; with Barrage's
    ``anton_empty_wheel="joker"`` and U-5 (a), Anton's tile alone as a joker) — the
    copies are Barrage's own (:meth:`Officer.wheel_copies`), labelled in upper case."""
    player = state.players[seat]
    out = [(t.upper(), t, t) for t in sorted(set(player.tiles)) if builds_building(game, t)]
    for choice, _ in game.officer(state, seat).wheel_copies(game, state, seat, False):
        prefix, _, t = choice.partition("=")
        if builds_building(game, t):
            out.append((choice.upper(), t, ANTON if prefix == "anton" else ""))
    return out


def build_choices(
    game: BarrageGame, state: Any, seat: int, b: dm.PrivateBuilding, options: list[TileOption] | None = None
) -> list[BuildChoice]:
    """Every way to build ``b`` now: each tile option (:func:`tile_options`, computed once
    per seat when ``options`` is given) with the building's cost as that tile pays it."""
    if options is None:
        options = tile_options(game, state, seat)
    out: list[BuildChoice] = []
    for label, t, wheel in options:
        out += _variants(game, b, t, label, wheel)
    return out


def choice_of(game: BarrageGame, state: Any, seat: int, slot: int, label: str) -> BuildChoice | None:
    b = building(shared(state).buildings[slot])
    return next((c for c in build_choices(game, state, seat, b) if c.label == label), None)


def payments(
    game: BarrageGame, state: Any, seat: int, c: BuildChoice, budget: int
) -> list[tuple[int, int, int]]:
    """L-6.2 step 3 with L-6.10 and L-15.4: (excavators, mixers, credits) within ``budget``
    credits, as Barrage pays a structure (B-9.1.2): credits only for Solomon P. Jordan
    (3 per unit, for any unit), any mix of machinery with AT-II-W."""
    p = state.players[seat]
    return machinery_payments(
        c.excavators, c.mixers, p.excavators, p.mixers, credits_per_unit(game, state, seat), budget, c.mixed
    )


def can_pay(game: BarrageGame, state: Any, seat: int, c: BuildChoice, budget: int) -> bool:
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
    out: list[tuple[int, int]] = []
    seen: set[bool] = set()
    for i, o in enumerate(shared(state).spaces[slot]):
        if o == FREE and red_frame(i) not in seen:
            seen.add(red_frame(i))
            cost = RED if red_frame(i) and not no_surcharge else 0
            if cost <= credits:
                out.append((i, cost))
    return out


def least_surcharge(state: Any, slot: int, no_surcharge: bool) -> int | None:
    """The cheapest free building space's red-frame credits (None: no free space): what
    :func:`space_options` would offer at least, without listing the spaces."""
    least = None
    for i, o in enumerate(shared(state).spaces[slot]):
        if o == FREE:
            if no_surcharge or not red_frame(i):
                return 0
            least = RED
    return least


def buildable_with(game: BarrageGame, state: Any, seat: int, slot: int, c: BuildChoice, budget: int) -> bool:
    """The building can be completed with that tile choice and ``budget`` credits (L-6.7)."""
    extra = least_surcharge(state, slot, c.no_surcharge)
    return extra is not None and can_pay(game, state, seat, c, budget - extra)


def can_build(
    game: BarrageGame, state: Any, seat: int, slot: int, options: list[TileOption] | None = None
) -> bool:
    """L-6.2, L-6.4, L-6.7: a construction space, a piece, a tile, machinery, a building space
    (``options``: the seat's :func:`tile_options`, when already known)."""
    player = state.players[seat]
    spaces = game.construction_spaces
    if player.spaces_used >= len(spaces) or not mine(state, seat).pieces:
        return False
    need, cost = spaces[player.spaces_used]
    if player.engineers < need or player.credits < cost or activated(state, seat, slot):
        return False
    if FREE not in shared(state).spaces[slot]:
        return False
    b = building(shared(state).buildings[slot])
    budget = player.credits - cost
    surcharge = (least_surcharge(state, slot, False), least_surcharge(state, slot, True))
    for c in build_choices(game, state, seat, b, options):
        extra = surcharge[c.no_surcharge]
        if extra is not None and can_pay(game, state, seat, c, budget - extra):
            return True
    return False


def load(
    game: BarrageGame, state: Any, seat: int, slot: int, c: BuildChoice, pay: tuple[int, int, int]
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
    if len(options) == 1:
        place_building(game, state, seat, slot, c.label, options[0][0])
    else:  # the player chooses the building space (L-6.2 step 5: "one of the available spaces")
        state.flow.pending.append(LwSpace(seat=seat, slot=slot, no_surcharge=c.no_surcharge, label=c.label))


def effect_tile(game: BarrageGame, label: str) -> str:
    """The tile id whose effect a building's tile choice has (``ANTON=AT-B1`` → ``AT-B1``)."""
    parts = label.split("=")
    name = parts[1] if parts[0] in ("ANTON", "COPY") else parts[0]
    return next((t for t in (*building_tiles(), *game.tiles) if t.upper() == name), name)


def place_building(game: BarrageGame, state: Any, seat: int, slot: int, label: str, space: int) -> None:
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
        game.add_vp(state, seat, b.vp)
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

    def answers(self, game: BarrageGame, state: Any) -> list[Any]:
        seat = self.seat
        credits = state.players[seat].credits
        b = building(shared(state).buildings[self.slot])
        return [
            Ext("tile", c.label)
            for c in build_choices(game, state, seat, b)
            if buildable_with(game, state, seat, self.slot, c, credits)
        ]

    def apply(self, game: BarrageGame, state: Any, action: Ext) -> None:
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

    def answers(self, game: BarrageGame, state: Any) -> list[Any]:
        seat = self.seat
        c = choice_of(game, state, seat, self.slot, self.label)
        extra = None if c is None else least_surcharge(state, self.slot, c.no_surcharge)
        if c is None or extra is None:
            return []
        return [
            Pay(e, m, k) for e, m, k in payments(game, state, seat, c, state.players[seat].credits - extra)
        ]

    def apply(self, game: BarrageGame, state: Any, action: Pay) -> None:
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

    def answers(self, game: BarrageGame, state: Any) -> list[Any]:
        options = space_options(state, self.slot, self.no_surcharge, state.players[self.seat].credits)
        return [Ext("space", f"{i + 1}:{cost}C") for i, cost in options]

    def apply(self, game: BarrageGame, state: Any, action: Ext) -> None:
        self.done(state)
        place_building(game, state, self.seat, self.slot, self.label, int(action.arg.partition(":")[0]) - 1)
