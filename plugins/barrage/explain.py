"""Why a Barrage move is illegal: the reason a player reads, with the rule ID.

Only the error path of :meth:`BarrageRules.apply` (and ``Game.find`` for typed
moves) calls :func:`why_illegal`, so it recomputes what it needs with the same
functions the legal-move generation uses, and never changes the state.

Rule IDs refer to ``docs/rules/barrage.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turbine.core.errors import IllegalAction
from turbine.core.layout import possessive

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
from .decisions.words import who
from .placements import refuse_place
from .state import State

if TYPE_CHECKING:
    from .api import BarrageGame


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
    return f"it is {possessive(who(r, state, seat))} turn to place engineers ({_moves(r, state)})"


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
    if t is Bank or t is Construct or t is ConstructFree:
        return r.placement_of_type[t].refuse(r, state, seat, action, extra)
    if t is Place:
        return refuse_place(r, state, seat, action.space, extra)
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
    if (
        t is Ext
        and not r.space_of
        and not (state.flow.pending and Ext in state.flow.pending[-1].answer_types)
    ):
        return IllegalAction(  # an expansion's move typed in a game without one
            f"'{r.describe(action)}' is an expansion's move (x …), and this game has no expansion "
            f"that places or asks anything; {asked(r, state)}",
            "B-7.2",
        )
    if t is Ext:  # no space of an expansion places it: at most an answer to an expansion's decision
        # the expansions' placements open to this seat now, not every name an officer's copy may use
        names = sorted({a.name for a in r.legal_actions(state) if type(a) is Ext and a.name in r.space_of})
        places = f" (the expansions' placements open to you now: {', '.join(f'x {n}' for n in names)})"
        return IllegalAction(
            f"'{r.describe(action)}' is no placement{places if names else ''}, "
            f"and no decision is asked that it answers: {asked(r, state)}",
            "B-7.2",
        )
    home = "a construction" if t in (Structure, Site, Tile, Pay) else "another decision"
    return IllegalAction(f"'{r.describe(action)}' answers {home}, but {asked(r, state)}", "B-7.2")


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
