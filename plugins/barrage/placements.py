"""Barrage's turn-level placements (B-7, B-10): one class per kind of space, each owning
which placements it offers a seat, what one does, and why one is refused (with its rule).

The rules object lists them in the board's order (construction first, the Bank last, an
expansion's action spaces before the Bank, :mod:`.action_spaces`) and hands each placement
to the object that owns it.  Sub-decisions a placement opens are :mod:`.decisions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from turbine.core.errors import IllegalAction
from turbine.core.layout import indefinite

from . import construction, contracts, narration, patent_office, production
from .actions import Bank, Construct, ConstructFree, Pass, Place
from .decisions import (
    ChooseCopy,
    ChooseProduction,
    ChooseStructure,
    ExtraAction,
    PlaceWater,
    SplitMachinery,
    TakeContracts,
)
from .decisions.structure import no_tile
from .decisions.words import owner_text, supply
from .state import BLOCKED
from .tables import NEUTRAL, NOBODY, STRUCTURES, VARIANT
from .tables import patent_spaces as all_patent_spaces

if TYPE_CHECKING:
    from .api import BarrageGame
    from .state import State
    from .tables import Space

CONSTRUCT = Construct()
CONSTRUCT_FREE = ConstructFree()
PASS = Pass()


class Placement:
    """A kind of placement: what it offers, what it does, why it is refused."""

    def offers(self, game: BarrageGame, state: State, seat: int, extra: bool) -> list[Any]:
        """The legal placements of this kind for ``seat`` (who has engineers) now."""
        return []

    def perform(self, game: BarrageGame, state: State, seat: int, action: Any) -> None:
        raise NotImplementedError

    def refuse(self, game: BarrageGame, state: State, seat: int, action: Any, extra: bool) -> IllegalAction:
        raise NotImplementedError


# --------------------------------------------------------------------------- construction (B-8)


class Construction(Placement):
    """B-8.2 step 1: engineers on the leftmost free construction space of the company board."""

    def offers(self, game: BarrageGame, state: State, seat: int, extra: bool) -> list[Any]:
        player = state.players[seat]
        if player.spaces_used < len(game.construction_spaces):
            need, cost = game.construction_spaces[player.spaces_used]
            credits = player.credits
            if (
                player.engineers >= need
                and credits >= cost
                and construction.can_construct(game, state, seat, credits - cost)
            ):
                return [CONSTRUCT]
        return []

    def perform(self, game: BarrageGame, state: State, seat: int, action: Any) -> None:
        player = state.players[seat]
        need, cost = game.construction_spaces[player.spaces_used]
        player.spaces_used += 1
        player.engineers -= need
        player.credits -= cost
        state.flow.pending.append(ChooseStructure(seat=seat))

    def refuse(self, game: BarrageGame, state: State, seat: int, action: Any, extra: bool) -> IllegalAction:
        return _construct(game, state, seat)


class FreeConstruction(Placement):
    """B-14.4: an engineer-free construction with AT-I-P or AT-III-B (or a copy of one); no
    engineers, and no construction space unless U-22's option says so."""

    def offers(self, game: BarrageGame, state: State, seat: int, extra: bool) -> list[Any]:
        return [CONSTRUCT_FREE] if game.free_construction(state, seat) else []

    def perform(self, game: BarrageGame, state: State, seat: int, action: Any) -> None:
        player = state.players[seat]
        if game.options.free_build_uses_space and player.spaces_used < len(game.construction_spaces):
            player.spaces_used += 1
        state.flow.pending.append(ChooseStructure(seat=seat, free=True))

    def refuse(self, game: BarrageGame, state: State, seat: int, action: Any, extra: bool) -> IllegalAction:
        return _construct_free(game, state, seat)


# --------------------------------------------------------------------------- the management board (B-10)


class BoardSpaces(Placement):
    """The management board's spaces of some kinds, each as (index, engineers, credits,
    amount, action) in the board's order; a space is free, and its engineers and credits
    are within the seat's (B-7.3, B-7.5, B-7.9).  It holds nothing but the board's data, so
    the games of a process share it (:func:`.rules.action_spaces`)."""

    def __init__(self, spaces: Sequence[Space], kinds: tuple[str, ...]) -> None:
        self.spaces = tuple(
            (i, s.engineers, s.credits, s.amount, Place(s.id))
            for i, s in enumerate(spaces)
            if s.kind in kinds
        )

    def offers(self, game: BarrageGame, state: State, seat: int, extra: bool) -> list[Any]:
        player = state.players[seat]
        engineers, credits, occupancy = player.engineers, player.credits, state.spaces
        out: list[Any] = []
        for i, need, cost, _, action in self.spaces:
            if occupancy[i] == NOBODY and need <= engineers and cost <= credits:
                out.append(action)
        return out

    def perform(self, game: BarrageGame, state: State, seat: int, action: Any) -> None:
        i = game.space_index[action.space]
        space = game.spaces[i]
        player = state.players[seat]
        state.spaces[i] = seat
        player.engineers -= space.engineers
        player.credits -= game.space_credits[i]  # printed cost + red frame
        self.act(game, state, seat, space.kind, space.amount)

    def act(self, game: BarrageGame, state: State, seat: int, kind: str, amount: int) -> None:
        """The space's action, once its engineers and credits are placed (B-10.4, 10.6, 10.7)."""
        player = state.players[seat]
        if kind == "water":  # B-10.4: the markers wait; after the first the rest may be kept
            state.flow.pending.append(PlaceWater(seat=seat, markers=amount, may_stop=True))
        elif kind == "water_now":
            state.flow.pending.append(PlaceWater(seat=seat, markers=amount, flows=True))
        elif kind == "rotate":  # B-10.6: said even when nothing comes back, as an income's turn is
            game.rotate_wheel(state, seat, amount, turned=True)
        elif kind == "machinery":  # the machinery shop (B-10.7)
            if amount == 1:
                player.excavators += 1
            elif amount == 2:
                state.flow.pending.append(SplitMachinery(seat=seat, units=1))
            else:
                player.excavators += 1
                player.mixers += 1

    def refuse(self, game: BarrageGame, state: State, seat: int, action: Any, extra: bool) -> IllegalAction:
        return _board_space(game, state, seat, action.space, self)

    def refuse_action(
        self, game: BarrageGame, state: State, seat: int, space_id: str, amount: int, left: int
    ) -> IllegalAction:
        """Why the free, affordable space ``space_id`` cannot be carried out in full (B-7.4)."""
        return IllegalAction(f"'place {space_id}' is not legal now: {game.asked(state)}", "B-7.4")


class ProductionSpaces(BoardSpaces):
    """The turbine station (B-10.3): a production with the space's modifier, only when one
    can make at least 1 energy after paying for the space (B-10.3.1, B-11.4, U-24)."""

    def offers(self, game: BarrageGame, state: State, seat: int, extra: bool) -> list[Any]:
        if seat not in state.ph_owner:  # no powerhouse: no production space (B-11.1.1)
            return []
        player = state.players[seat]
        engineers, credits, occupancy = player.engineers, player.credits, state.spaces
        most = production.best_energy(game, state, seat, credits)
        if most is None:  # no system even before paying for a space: none after it (B-11.1)
            return []
        out: list[Any] = []
        best: dict[int, int | None] = {0: most}  # per space cost: the best energy without modifier
        for i, need, cost, amount, action in self.spaces:
            if occupancy[i] != NOBODY or need > engineers or cost > credits:
                continue
            if cost not in best:  # after paying the space (U-24)
                best[cost] = production.best_energy(game, state, seat, credits - cost)
            made = best[cost]
            if made is not None and made + amount >= 1:  # B-10.3.1, B-11.4
                out.append(action)
        return out

    def act(self, game: BarrageGame, state: State, seat: int, kind: str, amount: int) -> None:
        state.flow.pending.append(ChooseProduction(seat=seat, modifier=amount, flags=production.BONUS))

    def refuse_action(
        self, game: BarrageGame, state: State, seat: int, space_id: str, amount: int, left: int
    ) -> IllegalAction:
        return _production_space(game, state, seat, space_id, amount, left)


class ContractOffice(BoardSpaces):
    """The contract office (B-10.8): take face-up private contracts; U-25's option asks
    for as many face up as the space takes."""

    def offers(self, game: BarrageGame, state: State, seat: int, extra: bool) -> list[Any]:
        shown = contracts.shown(state)
        if not shown:
            return []
        player = state.players[seat]
        engineers, credits, occupancy = player.engineers, player.credits, state.spaces
        need_shown = game.options.take_two_needs_two
        out: list[Any] = []
        for i, need, cost, amount, action in self.spaces:
            if occupancy[i] != NOBODY or need > engineers or cost > credits:
                continue
            if shown >= (amount if need_shown else 1):  # U-25
                out.append(action)
        return out

    def act(self, game: BarrageGame, state: State, seat: int, kind: str, amount: int) -> None:
        n = min(amount, len(contracts.available(state)))
        state.flow.pending.append(TakeContracts(seat=seat, count=n))

    def refuse_action(
        self, game: BarrageGame, state: State, seat: int, space_id: str, amount: int, left: int
    ) -> IllegalAction:
        shown = len(contracts.available(state))
        if not shown:
            return IllegalAction("no face-up private contract is left to take", "B-10.8.2")
        return IllegalAction(f"{space_id} takes {amount} contracts and only {shown} is face up", "B-10.8.6")


class PatentOffice(BoardSpaces):
    """The Patent Office (B-10.9, full game): the advanced tile of the space's display slot,
    the player's at once (B-10.9.1)."""

    def offers(self, game: BarrageGame, state: State, seat: int, extra: bool) -> list[Any]:
        player = state.players[seat]
        engineers, credits, occupancy = player.engineers, player.credits, state.spaces
        display = state.patent_display
        out: list[Any] = []
        for i, need, cost, slot, action in self.spaces:
            if occupancy[i] == NOBODY and need <= engineers and cost <= credits and display[slot]:
                out.append(action)
        return out

    def act(self, game: BarrageGame, state: State, seat: int, kind: str, amount: int) -> None:
        tile = patent_office.take(state, amount)
        state.players[seat].tiles.append(tile)
        if game.telling():  # the move names the space; the tile it held is what was taken
            narration.patent_tile(game, state, seat, tile)

    def refuse_action(
        self, game: BarrageGame, state: State, seat: int, space_id: str, amount: int, left: int
    ) -> IllegalAction:
        return IllegalAction(
            f"the advanced tile of {space_id} has been taken this round; the display is refilled in "
            "the end-of-round phase",
            "B-10.9.2",
        )


class PersonalSpace(Placement):
    """Mahiri Sekibo's personal space (B-16.7.1): copy another officer; with U-9.1's option
    one more action follows at once."""

    def offers(self, game: BarrageGame, state: State, seat: int, extra: bool) -> list[Any]:
        officer = game.officers[state.players[seat].officer]
        if extra or not officer.personal_space or not game.personal_space(state, seat):
            return []
        return [game.personal_places[officer.personal_space_id]]

    def perform(self, game: BarrageGame, state: State, seat: int, action: Any) -> None:
        player = state.players[seat]
        player.engineers -= 1
        if player.copy_uses:
            player.credits -= game.officers[player.officer].personal_space_repeat_credits
        player.copy_uses += 1
        if game.options.mahiri_extra_action:  # U-9.1
            state.flow.pending.append(ExtraAction(seat=seat))
        state.flow.pending.append(ChooseCopy(seat=seat))

    def refuse(self, game: BarrageGame, state: State, seat: int, action: Any, extra: bool) -> IllegalAction:
        return _personal(game, state, seat, extra)


class BankSpace(Placement):
    """The Bank (B-10.5): any number of engineers, a credit each; always open (B-7.7)."""

    def __init__(self, engineers: int) -> None:
        self.actions = tuple(Bank(n) for n in range(1, engineers + 1))

    def offers(self, game: BarrageGame, state: State, seat: int, extra: bool) -> list[Any]:
        return list(self.actions[: state.players[seat].engineers])

    def perform(self, game: BarrageGame, state: State, seat: int, action: Any) -> None:
        player = state.players[seat]
        player.engineers -= action.engineers
        player.credits += action.engineers
        state.bank[seat] += action.engineers

    def refuse(self, game: BarrageGame, state: State, seat: int, action: Any, extra: bool) -> IllegalAction:
        player = state.players[seat]
        if action.engineers < 1:
            return IllegalAction("place at least 1 engineer on the Bank", "B-10.5.1")
        return IllegalAction(
            f"you have only {player.engineers} engineers: bank 1 … bank {player.engineers}", "B-7.3"
        )


def board_placements(spaces: Sequence[Space]) -> tuple[BoardSpaces, BoardSpaces, BoardSpaces, BoardSpaces]:
    """The placements of a board's spaces: the turbine station, the plain spaces (water,
    workshop, machinery shop), the contract office and the Patent Office (empty on a board
    without it), each in the board's order."""
    plain = tuple(sorted({s.kind for s in spaces} - {"production", "contracts", "bank", "patent"}))
    return (
        ProductionSpaces(spaces, ("production",)),
        BoardSpaces(spaces, plain),
        ContractOffice(spaces, ("contracts",)),
        PatentOffice(spaces, ("patent",)),
    )


# --------------------------------------------------------------------------- refusals


def refuse_place(game: BarrageGame, state: State, seat: int, space_id: str, extra: bool) -> IllegalAction:
    """Why ``place SPACE`` is refused, by the placement that owns the space (if any)."""
    owner = game.placement_of_space.get(space_id)
    if owner is not None:
        return owner.refuse(game, state, seat, Place(space_id), extra)
    return _board_space(game, state, seat, space_id, None)


def _board_space(
    r: BarrageGame, state: State, seat: int, space_id: str, kind: BoardSpaces | None
) -> IllegalAction:
    """Why ``place SPACE`` is refused: the space itself (unknown, blocked, taken, its engineers
    and credits, B-7.3 … B-7.9), then what its kind needs (``kind.refuse_action``)."""
    player = state.players[seat]
    if space_id == "BK":
        return IllegalAction("the Bank takes a number of engineers: bank N", "B-10.5.1")
    if space_id not in r.space_index or kind is None:
        if not r.full and space_id in {s.id for s in all_patent_spaces()}:
            return IllegalAction("the Patent Office is used in the full game only", "B-10.9")
        return IllegalAction(
            f"there is no action space '{space_id}' (spaces are named like TS1L, WM2R, CO3L)", "B-10.2"
        )
    i = r.space_index[space_id]
    space = r.spaces[i]
    occupant = state.spaces[i]
    if occupant == BLOCKED:
        mark = '"4"' if space.min_players == 4 else '"3+"'
        return IllegalAction(
            f"{space_id} is blocked with {r.players} players (its action is marked {mark})", "B-4.7"
        )
    if occupant != NOBODY:
        whose = "your" if occupant == seat else f"{owner_text(r, state, occupant, seat)}'s"
        return IllegalAction(f"{space_id} already holds {whose} engineers this round", "B-7.9")
    patent = "B-10.9.1" if space.kind == "patent" else None
    if space.engineers > player.engineers:
        return IllegalAction(
            f"{space_id} needs {space.engineers} engineers and you have {player.engineers}", patent or "B-7.3"
        )
    cost = space.credits
    if patent and cost > player.credits:
        return IllegalAction(
            f"a Patent Office tile costs {cost} credits and you have {player.credits}", patent
        )
    if cost > player.credits:
        what = " + ".join(
            x
            for x in (f"{space.cost} printed" if space.cost else "", "3 red frame" if space.red else "")
            if x
        )
        return IllegalAction(
            f"{space_id} costs {cost} credits ({what}) and you have {player.credits}", "B-7.5"
        )
    return kind.refuse_action(r, state, seat, space_id, space.amount, player.credits - cost)


def _production_space(
    r: BarrageGame, state: State, seat: int, space_id: str, modifier: int, credits: int
) -> IllegalAction:
    """B-10.3.1: the space needs a legal production after paying for it."""
    mine = production.powerhouse_zones(r, state, seat)
    if not mine:
        return IllegalAction("you have no powerhouse: a production needs one of your own", "B-11.1.1")
    best = production.best_energy(r, state, seat, credits)
    if best is not None:
        return IllegalAction(
            f"your best production makes {best} energy, {best + modifier} with {space_id}'s "
            f"{modifier:+d}: a production must make at least 1",
            "B-11.4",
        )
    return _no_system(r, state, seat, mine, credits)


def _no_system(r: BarrageGame, state: State, seat: int, mine: dict[int, int], credits: int) -> IllegalAction:
    b = r.board
    conduits = [c for z in mine for c in b.conduits_into_zone[z] if state.conduit_owner[c] >= 0]
    basins = ", ".join(str(z) for z in sorted(mine))
    if not conduits:
        return IllegalAction(f"no built conduit leads to your powerhouses (basin {basins})", "B-11.1.3")
    wet = [
        (d, c)
        for c in conduits
        for d in b.dams_in_zone[b.conduits[c].zone]
        if state.dam_water[d] and state.dam_owner[d] in (seat, NEUTRAL)
    ]
    if not wet:
        return IllegalAction(
            "no dam of yours or neutral dam holding water feeds a conduit to your powerhouses", "B-11.1.2"
        )
    return IllegalAction(
        f"the water reaches your powerhouses only through other players' conduits, which cost 1 credit "
        f"per marker paid in advance, and you would have {credits} credits",
        "B-11.2",
    )


def personal_space_engineers(r: BarrageGame) -> int:
    """B-16.7.1: Mahiri's space takes 1 engineer («розмістити одного інженера»); the action
    that follows the copy (U-9.1) is then a placement of her engineers left, an
    engineer-free construction, or none.  Rules version 1 also required an engineer left
    for that action."""
    return 2 if r.options.mahiri_extra_action and not r.plays_under(VARIANT, 2) else 1


def _personal(r: BarrageGame, state: State, seat: int, extra: bool) -> IllegalAction:
    player = state.players[seat]
    if not r.officers[player.officer].personal_space:
        return IllegalAction("only Mahiri Sekibo has a personal action space", "B-16.7.1")
    if extra:
        return IllegalAction("the action after a copy cannot be another copy", "B-16.7.3")
    uses = r.options.mahiri_uses
    if player.copy_uses >= uses:
        return IllegalAction(f"Mahiri's space is used at most {uses} times per round", "B-16.7.1")
    need = personal_space_engineers(r)
    if player.engineers < need:
        more = ", and 1 more for the action that follows" if need == 2 else ""
        you = f"; you have {player.engineers}"
        return IllegalAction(f"Mahiri's space needs 1 engineer{more}{you}", "B-16.7.1")
    repeat = r.officers[player.officer].personal_space_repeat_credits
    if player.copy_uses and player.credits < repeat:
        return IllegalAction(
            f"the second use of Mahiri's space in a round costs {repeat} credits; you have {player.credits}",
            "B-16.7.1",
        )
    return IllegalAction("there is no other officer to copy", "B-16.7.4")


# --------------------------------------------------------------------------- construction


def _construct(r: BarrageGame, state: State, seat: int) -> IllegalAction:
    player = state.players[seat]
    spaces = r.construction_spaces
    if player.spaces_used >= len(spaces):
        return IllegalAction(f"all {len(spaces)} construction spaces are used this round", "B-8.1")
    need, cost = spaces[player.spaces_used]
    which = ("1st", "2nd", "3rd", "4th")[player.spaces_used] if player.spaces_used < 4 else "next"
    if need > player.engineers:
        return IllegalAction(
            f"your {which} construction space needs {need} engineers and you have {player.engineers}",
            "B-8.2",
        )
    if cost > player.credits:
        return IllegalAction(
            f"your {which} construction space is red-framed ({cost} credits) and you have {player.credits}",
            "B-8.1",
        )
    return _nothing_to_build(r, state, seat, player.credits - cost, free=False)


def _construct_free(r: BarrageGame, state: State, seat: int) -> IllegalAction:
    player = state.players[seat]
    if not r.full:
        return IllegalAction("engineer-free constructions need advanced tiles (full game only)", "B-14.4")
    if r.options.free_build_only_without_engineers and player.engineers:
        return IllegalAction(
            "with this game's options an engineer-free construction is only for a player without engineers",
            "U-23",
        )
    if not any(choice for choice in _free_choices(r, state, seat)):
        return IllegalAction(
            "an engineer-free construction needs AT-I-P or AT-III-B in your supply (or Anton's copy of one)",
            "B-14.4.1",
        )
    return _nothing_to_build(r, state, seat, player.credits, free=True)


def _free_choices(r: BarrageGame, state: State, seat: int) -> list[str]:
    return [
        c for s in range(len(STRUCTURES)) for c in construction.tile_choices(r, state, seat, s, free=True)
    ]


def _nothing_to_build(r: BarrageGame, state: State, seat: int, budget: int, free: bool) -> IllegalAction:
    """Why no structure can be completed (B-8.2.2): the first missing step."""
    variants = construction.cost_variants(r, state, seat, free)
    permitted = [s for s in range(len(STRUCTURES)) if variants[s]]
    if not permitted:
        return no_tile(r, state, seat, None, free)
    placeable = [s for s in permitted if construction.sites(r, state, seat, s)]
    if not placeable:
        names = " or ".join(STRUCTURES[s] for s in permitted)
        return IllegalAction(f"there is no legal building space for {indefinite(names)}", "B-9.2")
    names = " or ".join(STRUCTURES[s] for s in placeable)
    return IllegalAction(
        f"you cannot pay for {indefinite(names)} on any legal space ({supply(state, seat)}"
        + (f", {budget} after the construction space" if budget != state.players[seat].credits else "")
        + ")",
        "B-8.2",
    )


# --------------------------------------------------------------------------- sub-decisions
