"""Why a Barrage move is illegal: the reason a player reads, with the rule ID.

Only the error path of :meth:`BarrageGame.apply` (and ``Game.find`` for typed
moves) calls :func:`why_illegal`, so it recomputes what it needs with the same
functions the legal-move generation uses, and never changes the state.

Rule IDs refer to ``shared/rules/barrage.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turbine.core.errors import IllegalAction

from . import construction, contracts, production
from .actions import (
    Bank,
    Construct,
    ConstructFree,
    Discard,
    Ext,
    Pass,
    Pay,
    Place,
    Site,
    Skip,
    Structure,
    Tile,
)
from .decisions import Decision, DiscardContract
from .decisions.structure import no_tile
from .decisions.words import owner_text, supply, who
from .state import BLOCKED, State
from .tables import NEUTRAL, NOBODY, STRUCTURES
from .tables import patent_spaces as all_patent_spaces

if TYPE_CHECKING:
    from .api import BarrageGame

TURN_ACTIONS = (Place, Bank, Construct, ConstructFree, Pass)


def why_illegal(r: BarrageGame, state: State, action: Any) -> IllegalAction:
    """The specific reason ``action`` is not legal in ``state``."""
    flow = state.flow
    if flow.over or r.to_move(state) is None:
        return IllegalAction("the game is over", "B-20.1")
    if flow.pending:
        return _answer(r, state, flow.pending[-1], action)
    return refuse_turn_action(r, state, flow.order[flow.cursor], action)


# --------------------------------------------------------------------------- words


def _moves(r: BarrageGame, state: State) -> str:
    legal = r.legal_actions(state)
    shown = ", ".join(r.describe(a) for a in legal[:6])
    return shown + (f" … ({len(legal)} moves)" if len(legal) > 6 else "")


def asked(r: BarrageGame, state: State) -> str:
    """What the seat to move is asked now, with the legal answers."""
    flow = state.flow
    if flow.pending:
        top = flow.pending[-1]
        return f"{who(r, state, top.seat)} must choose {top.question(r, state)} ({_moves(r, state)})"
    seat = flow.order[flow.cursor]
    return f"it is {who(r, state, seat)}'s turn to place engineers ({_moves(r, state)})"


# --------------------------------------------------------------------------- turn actions


def refuse_turn_action(
    r: BarrageGame, state: State, seat: int, action: Any, extra: bool = False
) -> IllegalAction:
    """Why a placement is refused (``extra``: as the action after Mahiri's copy)."""
    t = type(action)
    player = state.players[seat]
    if t is Pass:
        if player.engineers:
            return IllegalAction(
                f"you still have {player.engineers} engineers: a player with engineers must take an action "
                "(the Bank is always open)",
                "B-7.7",
            )
        return _generic(r, state, action, "B-7.6")
    if player.engineers == 0 and t is not ConstructFree:
        return IllegalAction("you have no engineers left: you pass (B-7.6)", "B-7.6")
    if t is Bank:
        if action.engineers < 1:
            return IllegalAction("place at least 1 engineer on the Bank", "B-10.5.1")
        return IllegalAction(
            f"you have only {player.engineers} engineers: bank 1 … bank {player.engineers}", "B-7.3"
        )
    if t is Construct:
        return _construct(r, state, seat)
    if t is ConstructFree:
        return _construct_free(r, state, seat)
    if t is Place:
        return _place(r, state, seat, action.space, extra)
    if t is Discard:
        return IllegalAction(
            f"contracts are discarded only above the hand limit of {r.hand_limit_of(state, seat)}; "
            + asked(r, state),
            "B-10.8.4",
        )
    space = r.space_of.get(action.name) if t is Ext else None
    if space is not None:  # an expansion explains its own placements
        why = space.refuse(r, state, seat, action)
        if why is not None:
            return why
    home = "a construction" if t in (Structure, Site, Tile, Pay) else "another decision"
    return IllegalAction(f"'{r.describe(action)}' answers {home}, but {asked(r, state)}", "B-7.2")


def _place(r: BarrageGame, state: State, seat: int, space_id: str, extra: bool) -> IllegalAction:
    player = state.players[seat]
    if space_id in r.personal_places:
        return _personal(r, state, seat, extra)
    if space_id == "BK":
        return IllegalAction("the Bank takes a number of engineers: bank N", "B-10.5.1")
    if space_id not in r.space_index:
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
        return IllegalAction(
            f"{space_id} already holds engineers of {owner_text(r, state, occupant, seat)} this round",
            "B-7.9",
        )
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
    left = player.credits - cost
    if space.kind == "production":
        return _production_space(r, state, seat, space_id, space.amount, left)
    if space.kind == "contracts":
        shown = len(contracts.available(state))
        if not shown:
            return IllegalAction("no face-up private contract is left to take", "B-10.8.2")
        return IllegalAction(
            f"{space_id} takes {space.amount} contracts and only {shown} is face up", "B-10.8.6"
        )
    if space.kind == "patent":
        return IllegalAction(
            f"the advanced tile of {space_id} has been taken this round; the display is refilled in "
            "the end-of-round phase",
            "B-10.9.2",
        )
    return _generic(r, state, Place(space_id), "B-7.4")


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


def _personal(r: BarrageGame, state: State, seat: int, extra: bool) -> IllegalAction:
    player = state.players[seat]
    if not r.officers[player.officer].personal_space:
        return IllegalAction("only Mahiri Sekibo has a personal action space", "B-16.7.1")
    if extra:
        return IllegalAction("the action after a copy cannot be another copy", "B-16.7.3")
    uses = r.options.mahiri_uses
    if player.copy_uses >= uses:
        return IllegalAction(f"Mahiri's space is used at most {uses} times per round", "B-16.7.1")
    need = 2 if r.options.mahiri_extra_action else 1
    if player.engineers < need:
        return IllegalAction(
            f"Mahiri's space needs 1 engineer, and 1 more for the action that follows; you have "
            f"{player.engineers}",
            "B-16.7.1",
        )
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
        return IllegalAction(f"there is no legal building space for a {names}", "B-9.2")
    names = " or ".join(STRUCTURES[s] for s in placeable)
    return IllegalAction(
        f"you cannot pay for a {names} on any legal space ({supply(state, seat)}"
        + (f", {budget} after the construction space" if budget != state.players[seat].credits else "")
        + ")",
        "B-8.2",
    )


# --------------------------------------------------------------------------- sub-decisions


def _answer(r: BarrageGame, state: State, top: Decision, action: Any) -> IllegalAction:
    """The generic refusals of a sub-decision, then the decision's own (:meth:`Decision.refuse`)."""
    t = type(action)
    if t is Skip:
        return IllegalAction("this step cannot be skipped: " + asked(r, state), top.rule)
    if isinstance(top, DiscardContract) != (t is Discard):
        if isinstance(top, DiscardContract):
            player = state.players[top.seat]
            return IllegalAction(
                f"you hold {len(player.contracts)} face-up contracts, over the limit of "
                f"{r.hand_limit_of(state, top.seat)}: discard one first",
                "B-10.8.4",
            )
        return IllegalAction(
            f"contracts are discarded only above the hand limit of {r.hand_limit_of(state, top.seat)}; "
            + asked(r, state),
            "B-10.8.4",
        )
    if top.answer_types and t not in top.answer_types:
        return IllegalAction(f"'{r.describe(action)}' does not answer this: {asked(r, state)}", top.rule)
    return top.refuse(r, state, action)


def _generic(r: BarrageGame, state: State, action: Any, rule: str | None) -> IllegalAction:
    return IllegalAction(f"'{r.describe(action)}' is not legal now: {asked(r, state)}", rule)
