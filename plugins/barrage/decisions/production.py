"""A production, step by step (B-11.2): which dam and conduit, how many water
markers, then the steps the engine carries out itself — the water's release and
the company ability — with Germany's second production among them (B-15.4).

The energy arithmetic lives in :mod:`..production`; this module owns the choices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from turbine.core.errors import IllegalAction
from turbine.core.layout import plural

from .. import contracts, production, sources
from ..actions import Produce, Water
from ..tables import NEUTRAL, NOBODY
from .base import Automatic, Decision
from .contract import ChooseContract
from .words import owner_text, who

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class ChooseProduction(Decision, tag="produce"):
    """``modifier``: the action space's (or tile's) energy modifier; ``flags``: the
    :mod:`..production` flags (``BONUS``: the board bonus and company ability apply)."""

    modifier: int = 0
    flags: int = production.BONUS

    prompt: ClassVar[str] = "which dam and conduit to produce with"
    rule: ClassVar[str | None] = "B-11.2"
    declined: ClassVar[str] = "no production"
    answer_types: ClassVar[tuple[type, ...]] = (Produce,)

    def _pairs(self, game: BarrageGame, state: State) -> list[tuple[int, int]]:
        return production.systems(game, state, self.seat, self.modifier, self.flags)

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        b = game.board
        return [Produce(b.dams[d].id, b.conduits[c].id) for d, c in self._pairs(game, state)]

    def apply(self, game: BarrageGame, state: State, action: Produce) -> None:
        self.done(state)
        dam = game.board.site_index[action.dam][1]
        conduit = game.board.site_index[action.conduit][1]
        state.flow.pending.append(self._markers(dam, conduit))

    def _markers(self, dam: int, conduit: int) -> ChooseMarkers:
        return ChooseMarkers(
            seat=self.seat, dam=dam, conduit=conduit, modifier=self.modifier, flags=self.flags
        )

    def show(self, game: BarrageGame, state: State, action: Produce) -> str:
        """``produce B5U C5L  (1–2 water: 4–7 energy; can fulfil SC-1)``: the energy of the
        fewest and most markers (B-11.2), the fee of another's conduit, the contracts the
        most energy can fulfil (B-11.2 step 9)."""
        b = game.board
        dam = b.site_index[action.dam][1]
        conduit = b.site_index[action.conduit][1]
        # the amounts step this answer leads to (Germany's repeat: its own flags, B-15.4)
        return f"{game.describe(action)}  ({production_words(game, state, self._markers(dam, conduit))})"

    def refuse(self, game: BarrageGame, state: State, action: Produce) -> IllegalAction:
        return self._refuse_system(game, state, action) or IllegalAction(
            f"this production would make less than 1 energy (modifier {self.modifier:+d})", "B-11.4"
        )

    def _refuse_system(self, game: BarrageGame, state: State, action: Produce) -> IllegalAction | None:
        """Why the dam and conduit do not form a production system of the seat (B-11.1)."""
        seat = self.seat
        b = game.board
        dam = b.site_index.get(action.dam)
        conduit = b.site_index.get(action.conduit)
        if dam is None or dam[0] != "dam":
            return IllegalAction(f"'{action.dam}' is not a dam space: produce DAM CONDUIT", "B-11.1.2")
        if conduit is None or conduit[0] != "conduit":
            return IllegalAction(
                f"'{action.conduit}' is not a conduit space: produce DAM CONDUIT", "B-11.1.3"
            )
        d, c = dam[1], conduit[1]
        site = b.conduits[c]
        c_owner = state.conduit_owner[c]
        if c_owner < 0:
            return IllegalAction(f"no conduit is built at {action.conduit}", "B-11.1.3")
        mine = production.powerhouse_zones(game, state, seat)
        if site.to_zone not in mine:
            return IllegalAction(
                f"{action.conduit} leads to basin {site.to_zone}, where you have no powerhouse", "B-11.1.1"
            )
        if b.dam_zone[d] != site.zone:
            return IllegalAction(
                f"{action.conduit} takes water from basin {site.zone}, and {action.dam} is in basin "
                f"{b.dam_zone[d]}",
                "B-11.1.3",
            )
        owner = state.dam_owner[d]
        if owner != seat and owner != NEUTRAL:
            whose = "no dam" if owner == NOBODY else f"the dam of {owner_text(game, state, owner, seat)}"
            return IllegalAction(f"{action.dam} holds {whose}: use your own or a neutral dam", "B-11.1.2")
        if not state.dam_water[d]:
            return IllegalAction(f"the dam at {action.dam} holds no water", "B-11.1.2")
        problem = self._refuse_repeat(game, d, site.to_zone)
        if problem is not None:
            return problem
        if c_owner != seat and state.players[seat].credits < 1:
            return IllegalAction(
                f"{action.conduit} belongs to {who(game, state, c_owner)}: its fee is 1 credit per marker, "
                "paid in advance, and you have no credits",
                "B-11.2",
            )
        return None

    def _refuse_repeat(self, game: BarrageGame, dam: int, basin: int) -> IllegalAction | None:
        return None


class ChooseRepeat(ChooseProduction, tag="repeat"):
    """Germany's second production (B-15.4): another powerhouse than the first one's
    (in ``basin``), and by default another dam than ``dam`` (U-5), without the board
    bonus; it may be skipped."""

    basin: int = 0
    dam: int = -1

    prompt: ClassVar[str] = "whether to produce again (Germany)"
    rule: ClassVar[str | None] = "B-15.4"
    declined: ClassVar[str] = "no second production"

    def _pairs(self, game: BarrageGame, state: State) -> list[tuple[int, int]]:
        avoid = -1 if game.options.repeat_same_dam else self.dam
        return production.systems(
            game, state, self.seat, 0, production.REPEAT, avoid_zone=self.basin, avoid_dam=avoid
        )

    def _markers(self, dam: int, conduit: int) -> ChooseMarkers:
        return ChooseMarkers(seat=self.seat, dam=dam, conduit=conduit, modifier=0, flags=production.REPEAT)

    def _refuse_repeat(self, game: BarrageGame, dam: int, basin: int) -> IllegalAction | None:
        if basin == self.basin:
            return IllegalAction("the second production must use a different powerhouse", "B-15.4.1")
        if dam == self.dam and not game.options.repeat_same_dam:
            return IllegalAction("with this game's options the second production uses another dam", "U-5")
        return None


class ChooseMarkers(Decision, tag="amount"):
    """How many water markers of ``dam`` go through ``conduit`` (B-11.2 step 2)."""

    dam: int
    conduit: int
    modifier: int = 0
    flags: int = 0

    prompt: ClassVar[str] = "how many water markers to use"
    rule: ClassVar[str | None] = "B-11.2"
    answer_types: ClassVar[tuple[type, ...]] = (Water,)

    def question(self, game: BarrageGame, state: State) -> str:
        """``how many water markers to use (dam B3U, 3 held; conduit C3L)``: the dam and the
        conduit, which the rules may have chosen alone (the only pair)."""
        b = game.board
        held = state.dam_water[self.dam]
        return (
            f"{self.prompt} (dam {b.dams[self.dam].id}, {held} held; conduit {b.conduits[self.conduit].id})"
        )

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        amounts = production.amounts(
            game, state, self.seat, self.dam, self.conduit, self.modifier, self.flags
        )
        return [Water(n) for n in amounts]

    def apply(self, game: BarrageGame, state: State, action: Water) -> None:
        self.done(state)
        produce(game, state, self.seat, self.dam, self.conduit, action.markers, self.modifier, self.flags)

    def show(self, game: BarrageGame, state: State, action: Water) -> str:
        """``water 2  (7 energy; can fulfil SC-1)``, with the fee of another's conduit and the
        VP it gives its owner (``2 credits and 2 VP to Italy``)."""
        value = game.board.conduits[self.conduit].value
        made = production.energy(game, state, self.seat, action.markers, value, self.modifier, self.flags)
        parts = [f"{made} energy"]
        owner = state.conduit_owner[self.conduit]
        if owner != self.seat:
            fee = f"{action.markers} credit{'s' if action.markers != 1 else ''} and {action.markers} VP"
            parts.append(f"{fee} to {who(game, state, owner)}")  # B-11.2 step 7
        parts += fulfil_words(game, state, self.seat, made)
        return f"{game.describe(action)}  ({'; '.join(parts)})"

    def refuse(self, game: BarrageGame, state: State, action: Water) -> IllegalAction:
        seat, markers = self.seat, action.markers
        held = state.dam_water[self.dam]
        dam_id = game.board.dams[self.dam].id
        if markers < 1:
            return IllegalAction("a production moves at least 1 water marker", "B-11.2")
        if markers > held:
            return IllegalAction(f"the dam at {dam_id} holds {held} water markers", "B-11.2")
        owner = state.conduit_owner[self.conduit]
        credits = state.players[seat].credits
        if owner != seat and markers > credits:
            return IllegalAction(
                f"the conduit of {who(game, state, owner)} costs 1 credit per marker, paid in advance, and "
                f"you have {plural(credits, 'credit')}",
                "B-11.2",
            )
        value = game.board.conduits[self.conduit].value
        made = production.energy(game, state, seat, markers, value, self.modifier, self.flags)
        return IllegalAction(
            f"{markers} markers make {made} energy: a production must make at least 1", "B-11.4"
        )


def production_words(game: BarrageGame, state: State, markers: ChooseMarkers) -> str:
    """A system's production in short, from the amounts its markers decision would offer."""
    seat = markers.seat
    value = game.board.conduits[markers.conduit].value
    amounts = [a.markers for a in markers.answers(game, state)]
    if not amounts:
        return "no legal amount"
    made = [
        production.energy(game, state, seat, n, value, markers.modifier, markers.flags)
        for n in (amounts[0], amounts[-1])
    ]
    water = f"{amounts[0]}" if len(amounts) == 1 else f"{amounts[0]}–{amounts[-1]}"
    energy = f"{made[0]}" if made[0] == made[1] else f"{made[0]}–{made[1]}"
    parts = [f"{water} water: {energy} energy"]
    owner = state.conduit_owner[markers.conduit]
    if owner != seat:
        parts.append(f"1 credit and 1 VP per water to {who(game, state, owner)}")  # B-11.2 step 7
    parts += fulfil_words(game, state, seat, made[1])
    return "; ".join(parts)


def fulfil_words(game: BarrageGame, state: State, seat: int, energy: int) -> list[str]:
    """``["can fulfil SC-1, PC-G05"]``: the contracts ``energy`` can fulfil (B-11.2 step 9)."""
    able = contracts.fulfillable(game, state, seat, energy)
    return [f"can fulfil {', '.join(able)}"] if able else []


def produce(
    game: BarrageGame,
    state: State,
    seat: int,
    dam: int,
    conduit: int,
    markers: int,
    modifier: int,
    flags: int,
) -> None:
    """B-11.2 steps 6–10: energy, the conduit fee, the release of the water, then
    (as pending steps) the contract and the company ability."""
    c = game.board.conduits[conduit]
    player = state.players[seat]
    made = production.energy(game, state, seat, markers, c.value, modifier, flags)
    player.energy += made
    if game.h_ability_used is not None:
        officer = game.officer(state, seat)
        base = markers * c.value
        if officer.production_base(base) != base and (
            not flags & production.REPEAT or game.options.floor_on_repeat
        ):
            game.ability_used(state, seat, officer.id, f"production {base} counts as more")
    state.dam_water[dam] -= markers
    owner = state.conduit_owner[conduit]
    if owner != seat:  # step 7: the conduit fee
        player.credits -= markers
        state.players[owner].credits += markers * game.fee_credits
        game.add_vp(state, owner, markers * game.fee_vp, sources.FEES)
    release_later = markers if game.options.contract_before_flow else 0  # U-4
    if not release_later:
        game.release(state, c.to_zone, markers)
    after: list[Decision] = []
    if game.can_fulfil_any(state, seat, made):  # step 9
        after.append(ChooseContract(seat=seat, energy=made, optional=True))
    if release_later:
        after.append(ReleaseWater(seat=seat, basin=c.to_zone, markers=release_later))
    # step 10, after the contract: its reward may have built the 3rd powerhouse
    after.append(CompanyAbility(seat=seat, basin=c.to_zone, dam=dam, flags=flags))
    game.push_in_order(state, after)
    game.after_production(state, seat, {"dam": dam, "conduit": conduit, "markers": markers, "energy": made})


class ReleaseWater(Automatic, tag="release"):
    """U-4 (``contract_before_flow``): the ``markers`` that left a powerhouse of
    ``basin`` flow on after the contract step (B-11.2 step 8)."""

    basin: int
    markers: int

    def run(self, game: BarrageGame, state: State) -> None:
        game.release(state, self.basin, self.markers)


class CompanyAbility(Automatic, tag="ability"):
    """B-11.2 step 10: once 3 powerhouses are built, Italy's +3 energy (B-15.3, not
    for contracts) and Germany's offer of a second production (B-15.4, not after
    the second one).  ``basin``, ``dam``: where the production went."""

    basin: int
    dam: int
    flags: int

    def run(self, game: BarrageGame, state: State) -> None:
        seat = self.seat
        if self.flags & production.NO_ABILITY or not game.ability_unlocked(state, seat):
            return
        company = game.company(state, seat)
        if company.after_production_energy:
            state.players[seat].energy += company.after_production_energy
        if company.repeat_production and not self.flags & production.REPEAT:
            state.flow.pending.append(ChooseRepeat(seat=seat, basin=self.basin, dam=self.dam, optional=True))
