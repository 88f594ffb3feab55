"""The four new executive officers (L-12): Leslie Spencer's and Margot Fouche's
abilities are placements (:mod:`.placements`); here are Simone Luciani's hand limit and
contract policy (L-12.3) and Tommaso Battista's architect (L-12.4, :class:`LwArchitect`),
with Mahiri Sekibo's copies of them (L-12.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from turbine.plugins.barrage.actions import Bank, Ext, Place
from turbine.plugins.barrage.decisions import Decision, ExtraAction
from turbine.plugins.barrage.officers import Officer

from .store import KEY, MAHIRI, MAHIRI_SPACE, SIMONE, TOMMASO, extension, mine, opt

if TYPE_CHECKING:
    from turbine.plugins.barrage.actions import Action
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.state import State


class NewOfficer(Officer):
    """L-12.1, L-12.2: Leslie's and Margot's abilities are expansion actions (:func:`turn_actions`)."""

    def __init__(self, row: Any) -> None:
        self.id, self.name, self.text = row.id, row.name, row.ability_text


def hand_limit(game: BarrageGame, state: State, seat: int, limit: int) -> int | None:
    """L-12.3.1: 4 contracts; Mahiri's copy: 4 until her next fulfilment (L-12.5.3)."""
    player = state.players[seat]
    if player.officer == SIMONE or player.copy == SIMONE:
        return max(limit, 4)
    own = extension(player)
    mark = own.simone if own is not None else None
    if mark is not None and mark == len(player.fulfilled):
        return max(limit, 4)
    return None


def contract_policy(game: BarrageGame, state: State, seat: int, source: str) -> dict[str, bool] | None:
    """L-12.3.2 (U-11: nationals allowed, production energy only; France's −3 per contract,
    or once per production with ``u11_france_per_contract`` false)."""
    if source == "production" and game.officer(state, seat).id == SIMONE:
        if opt(game).u11_france_per_contract:
            return {"summed": True}
        return {"summed": True, "discount_once": True}
    return None


def ability_used(game: BarrageGame, state: State, seat: int, detail: str) -> None:
    """Rules version 2 and earlier: Mahiri's copy of Simone alone kept her hand limit at 4
    until she next fulfilled a contract (version 3: :func:`simone_copy_used`)."""
    player = state.players[seat]
    if detail == f"copies {SIMONE}" and extension(player) is not None and not game.plays_under(KEY, 3):
        player.ext.leeghwater.simone = len(player.fulfilled)


def simone_copy_used(game: BarrageGame, state: State, seat: int, action: Action) -> None:
    """L-12.5.3: Mahiri with her copy of Simone takes an action in the contract office: she
    may keep 4 contracts until she fulfils one (a copy used for another action gives nothing;
    under rules version 2 and earlier :func:`ability_used` has set the same mark already)."""
    player = state.players[seat]
    if (
        player.copy == SIMONE
        and type(action) is Place
        and game.spaces[game.space_index[action.space]].kind == "contracts"
        and (own := extension(player)) is not None
    ):
        own.simone = len(player.fulfilled)


def after_placement(
    game: BarrageGame, state: State, seat: int, action: Action, engineers: int
) -> list[Decision] | None:
    """L-12.4.2: an engineer placed alone on a space needing exactly 1 engineer may be the architect,
    and then he takes another turn.  The decision is offered after the placement's action; declining
    it means the engineer placed was an ordinary one (the architect stays available this round).
    U-14 (a): not in the Bank (also not Margot's Bank engineer of Mahiri's copy).  Mahiri's copy
    (L-12.5.4) works for the action that follows her copy; with ``u14_architect_bank_and_copy``
    the Bank counts, and her copy-space engineer may be the architect if she copies Tommaso
    (the copy is chosen after the placement, so the decision, ``c=1``, is offered only then)."""
    player = state.players[seat]
    if engineers != 1 or (own := extension(player)) is None or not own.architect:
        return None
    extended = opt(game).u14_architect_bank_and_copy
    if type(action) is Place and action.space == MAHIRI_SPACE and player.officer == MAHIRI:
        if extended:
            return [LwArchitect(seat=seat, mahiri=True, optional=True)]
        if game.plays_under(KEY, 2):
            # U-14 default: her copy-space engineer is never the architect, even while an
            # earlier copy of Tommaso is still in force when she places it (rules version 1
            # offered it then: a save made under it is still played so)
            return None
    if game.officer(state, seat).id != TOMMASO:
        return None
    in_bank = type(action) is Bank or (type(action) is Ext and action.name == "margot_bank")
    if in_bank and not extended:
        return None
    return [LwArchitect(seat=seat, optional=True)]


class LwArchitect(Decision, tag="lw_architect"):
    """L-12.4.2: the engineer just placed alone was the architect: one more turn.
    ``mahiri``: Mahiri's copy-space engineer, if she copied Tommaso (U-14)."""

    mahiri: bool = False

    prompt: ClassVar[str] = "whether the architect takes another turn"
    rule: ClassVar[str | None] = "L-12.4.2"
    declined: ClassVar[str] = "the engineer placed was an ordinary one: the architect stays for this round"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        if self.mahiri and (
            game.officer(state, self.seat).id != TOMMASO or not mine(state, self.seat).architect
        ):
            return []
        return [Ext("architect")]

    def question(self, game: BarrageGame, state: State) -> str:
        return "whether the architect takes another turn now (L-12.4.2)"

    def show(self, game: BarrageGame, state: State, action: Ext) -> str:
        return f"{game.describe(action)}  (another turn now; the architect is spent until next round)"

    def apply(self, game: BarrageGame, state: State, action: Ext) -> None:
        self.done(state)
        mine(state, self.seat).architect = 0
        state.flow.pending.append(ExtraAction(seat=self.seat))
