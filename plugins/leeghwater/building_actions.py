"""Using an activated private building (L-7, L-8): which action space is next,
whether its effect can be carried out, the effect itself, and the decisions of the
effects: the Design Bureau's tile (:class:`LwSector`, L-8.2), the half sector
(:class:`LwHalf`, L-8.3) and AT-B1's action at once (:class:`LwNow`, L-9.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from turbine.plugins.barrage.actions import Ext
from turbine.plugins.barrage.decisions import Decision

from . import data_model as dm
from .dams import LwDam, any_dike_dam
from .menu_words import building_effect, half_words, sector_words
from .sources import BUILDINGS
from .store import ANTON, KEY, LESLIE_TILE, NEVER, NO_LIMIT, RED, building, mine, opt, part, shared, work
from .works import LwContract, LwLoan, loan_price, special_usable

if TYPE_CHECKING:
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.state import Player, State


def activated(state: State, seat: int, slot: int) -> bool:
    return seat in shared(state).spaces[slot]


def action_space(state: State, slot: int) -> int:
    """L-7.3: the left space for the round's first placement on the tile, a right one after."""
    return 1 if shared(state).left[slot] else 0


def returnable(game: BarrageGame, player: Player) -> list[int]:
    """PB-02: the wheel sectors with a tile the Design Bureau may return (U-16:
    ``u16_return_special_tiles`` false keeps Leslie Spencer's and Anton Krylov's tiles out)."""
    special = () if opt(game).u16_return_special_tiles else (LESLIE_TILE, ANTON)
    return [i for i, t in enumerate(player.wheel_tile) if t and t not in special]


def effect_possible(game: BarrageGame, state: State, seat: int, b: dm.PrivateBuilding, credits: int) -> bool:
    """B-7.4 with L-7.6: the building's action can be carried out in full with ``credits`` left."""
    return effect_credits(game, state, seat, b) <= credits


def effect_credits(game: BarrageGame, state: State, seat: int, b: dm.PrivateBuilding) -> int:
    """B-7.4 with L-7.6: the fewest credits with which the building's action can be carried
    out in full (its symbol's cost, and the Loan Agency's cheapest work), :data:`NEVER`
    when it cannot be at all.  A number rather than a yes or no, so that one listing of a
    turn asks once per building for both the action space and Margot's space (L-12.2),
    which leave different credits."""
    kind = b.effect.kind
    player = state.players[seat]
    if kind == "water_to_dam":
        possible = any_dike_dam(game, state, seat)
    elif kind == "return_wheel_tile":
        possible = bool(returnable(game, player))
    elif kind == "return_half_sector":  # U-17: a sector with fewer than 2 units is no choice
        possible = opt(game).u17_half_no_op or any(
            e + m >= 2 for e, m in zip(player.wheel_exc, player.wheel_mix, strict=True)
        )
    elif kind == "loan_external_work":
        prices = []
        for w in shared(state).ew_display:
            if w:
                tile = work(w)
                price = loan_price(tile)
                if special_usable(game, state, seat, tile, price):
                    prices.append(price)
        return b.action_cost + min(prices) if prices else NEVER
    elif kind == "fulfil_contract":
        possible = bool(player.contracts)
    elif kind == "production":  # no powerhouse, no production (B-11.1.1)
        possible = seat in state.ph_owner and bool(
            game.production_possible(state, seat, b.effect.modifier, True)
        )
    else:
        possible = True  # gains
    return b.action_cost if possible else NEVER


def can_use(game: BarrageGame, state: State, seat: int, slot: int) -> bool:
    """L-7.1, L-7.3 to L-7.6: activated, not used this round, the space and its costs payable."""
    return shared(state).buildings[slot] in usable(game, state, seat)


def usable(game: BarrageGame, state: State, seat: int, effects: dict[int, int] | None = None) -> list[str]:
    """The private buildings the seat can use now (:func:`can_use`), in tile-slot order; the
    slots it has not activated or has already used this round, most of them, are passed
    over before anything else is looked up.  ``effects``: :func:`effect_credits` by slot,
    filled in as they are asked (the same listing asks again for Margot's space)."""
    s = shared(state)
    used = mine(state, seat).used
    player = state.players[seat]
    out = []
    for slot, pb in enumerate(s.buildings):
        if seat not in s.spaces[slot] or used[slot]:  # L-7.1: activated; L-7.4: once per round
            continue
        b = building(pb)
        space = b.spaces[1 if s.left[slot] else 0]  # L-7.3, as action_space
        frame = RED if space.red_frame else 0
        if player.engineers < space.engineers or player.credits < frame + b.action_cost:  # L-7.6 steps 1-4
            continue
        if slot_effect_credits(game, state, seat, slot, effects) <= player.credits - frame:  # B-7.4, L-7.6
            out.append(pb)
    return out


def slot_effect_credits(
    game: BarrageGame, state: State, seat: int, slot: int, effects: dict[int, int] | None
) -> int:
    """:func:`effect_credits` of the building in ``slot``, kept in ``effects`` when given."""
    if effects is not None and slot in effects:
        return effects[slot]
    got = effect_credits(game, state, seat, building(shared(state).buildings[slot]))
    if effects is not None:
        effects[slot] = got
    return got


def use_building(game: BarrageGame, state: State, seat: int, slot: int, count: bool = True) -> None:
    """L-7.6 steps 3–4 and L-8: pay the action symbol's cost, perform the effect.

    ``count``: the use counts toward the once-per-round limit of L-7.4 (not Margot's space, L-12.2.2)."""
    if count:
        mine(state, seat).used[slot] += 1
    b = building(shared(state).buildings[slot])
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
        # PB-08 (Appendix 3): "perform a production action", as the engineers placed pay for;
        # rules version 2 and earlier let it be declined, as a tile's reward may be
        game.start_production(state, seat, e.modifier, True, optional=not game.plays_under(KEY, 3))
    else:
        game.gain(state, seat, tuple(part(game, p) for p in e.gain), BUILDINGS)


class LwSector(Decision, tag="lw_sector"):
    """PB-02 (L-8.2): a tile on the wheel back to the supply; its machinery stays."""

    prompt: ClassVar[str] = "which wheel sector's tile comes back"
    rule: ClassVar[str | None] = "L-8.2"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def question(self, game: BarrageGame, state: State) -> str:
        return "which wheel tile returns to your supply (Design Bureau, L-8.2)"

    def show(self, game: BarrageGame, state: State, action: Ext) -> str:
        """``x sector 3  (tile AT-I-E back to your supply, its 2 excavators stay (back in 3 turns))``."""
        return f"{game.describe(action)}  ({sector_words(game, state, self.seat, int(action.arg))})"

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        return [Ext("sector", str(i)) for i in returnable(game, state.players[self.seat])]

    def apply(self, game: BarrageGame, state: State, action: Ext) -> None:
        self.done(state)
        player = state.players[self.seat]
        i = int(action.arg)
        player.tiles.append(player.wheel_tile[i])
        player.wheel_tile[i] = ""


class LwHalf(Decision, tag="lw_half"):
    """PB-03 (L-8.3): half the machinery of one wheel sector back, in the mix chosen."""

    prompt: ClassVar[str] = "which sector's machinery comes back, and how many excavators"
    rule: ClassVar[str | None] = "L-8.3"
    declined: ClassVar[str] = "no machinery comes back (U-17)"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def question(self, game: BarrageGame, state: State) -> str:
        return "half a wheel sector's machinery back (Research Centre, L-8.3)"

    def show(self, game: BarrageGame, state: State, action: Ext) -> str:
        """``x half 3:1  (of 2 excavators + 1 mixer (back in 3 turns): 1 excavator + 0 mixers back now)``."""
        return f"{game.describe(action)}  ({half_words(game, state, self.seat, action.arg)})"

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        player = state.players[self.seat]
        out = []
        for i, (e, m) in enumerate(zip(player.wheel_exc, player.wheel_mix, strict=True)):
            k = (e + m) // 2
            if k:
                out += [Ext("half", f"{i}:{x}") for x in range(min(e, k), max(0, k - m) - 1, -1)]
        return out

    def apply(self, game: BarrageGame, state: State, action: Ext) -> None:
        self.done(state)
        player = state.players[self.seat]
        i, e = (int(x) for x in action.arg.split(":"))
        k = (player.wheel_exc[i] + player.wheel_mix[i]) // 2
        player.wheel_exc[i] -= e
        player.wheel_mix[i] -= k - e
        player.excavators += e
        player.mixers += k - e


class LwNow(Decision, tag="lw_now"):
    """AT-B1 (L-9.2): the new building's action at once, no engineers, no space."""

    slot: int

    prompt: ClassVar[str] = "whether to use the new building at once"
    rule: ClassVar[str | None] = "L-9.2"
    declined: ClassVar[str] = "do not use the new building now"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def show(self, game: BarrageGame, state: State, action: Ext) -> str:
        """``x now PB-05  (Substation: …; no engineers, 1 credit)`` (AT-B1, L-9.2)."""
        cost = building(action.arg).action_cost
        price = f"{cost} credit{'s' if cost != 1 else ''}" if cost else "no credits"
        return f"{game.describe(action)}  ({building_effect(action.arg)}; no engineers, {price})"

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        b = building(shared(state).buildings[self.slot])
        if effect_possible(game, state, self.seat, b, state.players[self.seat].credits):
            return [Ext("now", b.id)]
        return []

    def apply(self, game: BarrageGame, state: State, action: Ext) -> None:
        self.done(state)
        use_building(game, state, self.seat, self.slot, count=opt(game).u7_at_b1_counts)  # U-7
