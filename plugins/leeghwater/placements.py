"""The expansion's placements (L-4.3): ``x work EW-T1`` (L-5.2), ``x work_wheel EW-T1``
(Leslie, L-12.1.2), ``x build PB-03`` (L-6.2), ``x use PB-03`` (L-7.6) and ``x margot PB-03``
/ ``x margot_bank PB-03`` (L-12.2, L-12.5.2): which are legal and what they do (why one is
refused: :mod:`.refusals`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from turbine.core.errors import IllegalAction
from turbine.plugins.barrage.action_spaces import ActionSpaces
from turbine.plugins.barrage.actions import Ext

from .building_actions import action_space, activated, slot_effect_credits, usable, use_building
from .buildings import LwTile, build_choices, buildable, least_surcharge
from .menu_words import building_effect
from .refusals import PLACEMENTS, refuse_placement
from .render import board_lines, machinery_short, work_reward
from .store import KEY, LESLIE, LESLIE_TILE, MARGOT, RED, building, extension, mine, opt, shared, work
from .works import LwWorkPay, pay_work, payable_works, special_usable, take_work, work_payments

if TYPE_CHECKING:
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.state import State


def turn_actions(game: BarrageGame, state: State, seat: int) -> list[Ext]:
    """L-4.3: the external-works spaces, buildings to build, activated buildings to use."""
    player = state.players[seat]
    if extension(player) is None:
        return []
    officer = game.officer(state, seat).id
    out = _works(game, state, seat, officer) if player.engineers >= 2 else []  # L-5.2: exactly 2 engineers
    out += [Ext("build", pb) for pb in buildable(game, state, seat)]
    effects: dict[int, int] = {}  # each building's effect looked at once, for both spaces
    out += [Ext("use", pb) for pb in usable(game, state, seat, effects)]
    if officer == MARGOT:
        out += _margot(game, state, seat, effects)
    return out


def _works(game: BarrageGame, state: State, seat: int, officer: str) -> list[Ext]:
    """L-5.2: the face-up external works the seat can take, then Leslie Spencer's payments
    onto her wheel (L-12.1.2)."""
    payable = payable_works(game, state, seat)
    if opt(game).u6_solomon_external_works:
        out = []
        for w in shared(state).ew_display:
            pays = work_payments(game, state, seat, work(w)) if w else []
            if pays and special_usable(game, state, seat, work(w), min(k for _, _, k in pays)):
                out.append(Ext("work", w))
    else:
        out = [Ext("work", w) for w in payable]
    player = state.players[seat]
    # L-12.1.2, L-12.1.5: Leslie pays onto her wheel with her tile; Mahiri's copy needs no tile (L-12.5.1)
    if officer == LESLIE and (player.officer != LESLIE or LESLIE_TILE in player.tiles):
        out += [Ext("work_wheel", w) for w in payable]
    return out


def _margot(game: BarrageGame, state: State, seat: int, effects: dict[int, int] | None = None) -> list[Ext]:
    """L-12.2: Margot Fouché's personal space on an activated building (``x margot``), or
    Mahiri's copy of it (``x margot_bank``, L-12.5.2)."""
    player = state.players[seat]
    name = "margot" if player.officer == MARGOT else "margot_bank"
    # U-13: without the Bank engineer, Mahiri's copy needs no engineer beyond her copy space's
    bank_engineer = name == "margot" or opt(game).u13_mahiri_bank_engineer
    # L-12.2: her personal space (once per round, U-12); Mahiri's copy: 1 engineer in the Bank (L-12.5.2)
    once = name == "margot_bank" or not mine(state, seat).margot
    if (bank_engineer and player.engineers < 1) or not once:
        return []
    return [
        Ext(name, pb)
        for slot, pb in enumerate(shared(state).buildings)
        if activated(state, seat, slot)
        and slot_effect_credits(game, state, seat, slot, effects) <= player.credits
    ]


class LeeghwaterSpaces(ActionSpaces):
    """The additional management board's action spaces (L-4.3) and the new officers'
    (L-12), registered with Barrage through ``barrage_action_spaces``."""

    names: ClassVar[tuple[str, ...]] = PLACEMENTS

    def offers(self, game: BarrageGame, state: State, seat: int) -> list[Ext]:
        return turn_actions(game, state, seat)

    def perform(self, game: BarrageGame, state: State, seat: int, action: Ext) -> None:
        _place(game, state, seat, action)

    def refuse(self, game: BarrageGame, state: State, seat: int, action: Ext) -> IllegalAction | None:
        return refuse_placement(game, state, seat, action)

    def board_lines(self, game: BarrageGame, state: State) -> list[str]:
        """The additional board's spaces (L-4.3), as its own view shows them."""
        return board_lines(game, state) if getattr(state.ext, KEY, None) is not None else []

    def show(self, game: BarrageGame, state: State, seat: int, action: Ext) -> str:
        """A placement with what it costs and gives, as the menu shows it."""
        return f"{game.describe(action)}  ({placement_words(game, state, seat, action)})"


def placement_words(game: BarrageGame, state: State, seat: int, action: Ext) -> str:
    """L-5.2, L-6.2, L-7.6, L-12: the cost and effect of an expansion placement, in the
    words of Barrage's own menu (``2 eng + 1 exc + 1 mix: …``: engineers, credits,
    excavators, mixers), so that the cost is read first in a column of moves."""
    name = action.name
    if name in ("work", "work_wheel"):
        w = work(action.arg)
        onto = " onto your wheel" if name == "work_wheel" else ""
        return f"{' + '.join(['2 eng', *machinery_short(w.cost)])}{onto}: {work_reward(w, short=True)}"
    b = building(action.arg)
    if name == "build":
        need, cost = game.construction_spaces[state.players[seat].spaces_used]
        paid = [f"{need} eng", *([f"{cost} cr"] if cost else []), *machinery_short(b.cost)]
        return f"{' + '.join(paid)}{_red_frame_words(game, state, seat, action.arg)}: {b.name}, {b.vp} VP"
    # the credits: the right space's red frame (L-7.2) and the action's own symbol (L-7.6)
    engineers, credits = 1, b.action_cost  # Margot's personal space (L-12.2)
    if name == "use":
        space = b.spaces[action_space(state, _slot(state, action.arg))]
        engineers, credits = space.engineers, credits + (RED if space.red_frame else 0)
    price = f"{engineers} eng" + (f" + {credits} cr" if credits else "")
    return f"{price}: {building_effect(action.arg)}"


def _red_frame_words(game: BarrageGame, state: State, seat: int, pb: str) -> str:
    """L-6.5: `` + 3 cr red frame`` when every free building space beside the tile is
    red-framed, so the building costs 3 credits more; ``(or a tile without)`` when a tile
    the seat could build it with waives that (AT-I-W, L-6.7)."""
    slot = _slot(state, pb)
    if least_surcharge(state, slot, no_surcharge=False) != RED:
        return ""
    waived = any(c.no_surcharge for c in build_choices(game, state, seat, building(pb)))
    return f" + {RED} cr red frame{' (or a tile without)' if waived else ''}"


SPACES = LeeghwaterSpaces()


def _slot(state: State, pb: str) -> int:
    return shared(state).buildings.index(pb)


def _place(game: BarrageGame, state: State, seat: int, action: Ext) -> None:
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
        return
    if name == "build":  # L-6.2 step 1: the leftmost construction space
        slot = _slot(state, action.arg)
        need, cost = game.construction_spaces[player.spaces_used]
        player.spaces_used += 1
        player.engineers -= need
        player.credits -= cost
        state.flow.pending.append(LwTile(seat=seat, slot=slot))
        return
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
        return
    if name in ("margot", "margot_bank"):  # L-12.2.3: no tile space, the symbol's cost still paid
        player.engineers -= 1
        if name == "margot":
            mine(state, seat).margot = 1
        elif opt(game).u13_mahiri_bank_engineer:  # L-12.5.2: the engineer goes to the Bank, no credits
            state.bank[seat] += 1
        else:  # U-13: her copy-space engineer is the only one
            player.engineers += 1
        use_building(game, state, seat, _slot(state, action.arg), count=False)
        return
    if name == "use":  # L-7.6
        slot = _slot(state, action.arg)
        s = shared(state)
        space = building(action.arg).spaces[action_space(state, slot)]
        s.left[slot] = True
        player.engineers -= space.engineers
        player.credits -= RED if space.red_frame else 0
        use_building(game, state, seat, slot)
        return
    raise ValueError(f"{name!r} is not a Leeghwater placement")
