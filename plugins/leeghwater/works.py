"""External works (L-5): which ones a seat can pay, taking one and its reward
(ordinary parts, then the special part, U-27), and the decisions they open:
Solomon's payment (:class:`LwWorkPay`, U-6), the Loan Agency (:class:`LwLoan`, L-8.4),
a contract fulfilled without energy (:class:`LwContract`, L-5.12.1), an advanced
tile from the Patent Office (:class:`LwPatent`, L-5.12.2), and where a rewarded
powerhouse or base that pays its red frame goes (:class:`LwFramedSite`, L-5.12.4).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, ClassVar

from turbine.plugins.barrage.actions import Ext, Fulfil, Pay
from turbine.plugins.barrage.data_model import STRUCTURES
from turbine.plugins.barrage.decisions import ChooseFreeSite, Decision

from . import data_model as dm
from .machinery import credits_per_unit, machinery_payments
from .menu_words import contract_words, tile_words, units
from .render import work_reward
from .sources import CONTRACTS, WORKS
from .store import KEY, NO_LIMIT, active, data, mine, opt, part, shared, work

if TYPE_CHECKING:
    from turbine.core import Rng
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.hookspecs import Part
    from turbine.plugins.barrage.state import Player, State


def reveal_works(state: State) -> None:
    """L-3.3.4, L-13.1: 3 tiles face up, from A while it lasts, then B, then C."""
    s = shared(state)
    display = []
    for _ in range(data().constants.external_works_display):
        stack = next((st for st in s.ew_stacks if st), None)
        display.append(stack.pop() if stack is not None else "")
    s.ew_display = display


def work_payments(
    game: BarrageGame, state: State, seat: int, w: dm.ExternalWork
) -> list[tuple[int, int, int]]:
    """L-5.3, L-5.4: the machinery from the personal supply (never the wheel); with U-6
    ``u6_solomon_external_works`` Solomon P. Jordan may pay any unit with 3 credits."""
    p = state.players[seat]
    per_unit = credits_per_unit(game, state, seat) if opt(game).u6_solomon_external_works else 0
    return machinery_payments(w.cost.excavators, w.cost.mixers, p.excavators, p.mixers, per_unit, p.credits)


def can_pay_work(player: Player, w: dm.ExternalWork) -> bool:
    """L-5.3, L-5.4: the machinery itself, from the personal supply."""
    return player.excavators >= w.cost.excavators and player.mixers >= w.cost.mixers


@functools.cache
def _machinery() -> dict[str, tuple[int, int]]:
    """Each external work's machinery (excavators, mixers), by id (L-5.3)."""
    return {w.id: (w.cost.excavators, w.cost.mixers) for w in data().external_works.works}


def payable_works(game: BarrageGame, state: State, seat: int) -> list[str]:
    """L-5.2 to L-5.4: the face-up external works whose machinery the seat has (U-2: and whose
    special part it can use now, when it must)."""
    player = state.players[seat]
    excavators, mixers = player.excavators, player.mixers
    machinery = _machinery()
    out = [
        w
        for w in shared(state).ew_display
        if w and machinery[w][0] <= excavators and machinery[w][1] <= mixers  # as can_pay_work
    ]
    if out and opt(game).u2_unusable_special != "forfeit":  # else special_usable always agrees
        out = [w for w in out if special_usable(game, state, seat, work(w), 0)]
    return out


def special_usable(game: BarrageGame, state: State, seat: int, w: dm.ExternalWork, paid: int) -> bool:
    """U-2: with ``u2_unusable_special="illegal"`` the work's special part must be usable now
    (``paid``: the credits the work costs); U-18: EW-R7 needs room for both elevations."""
    if opt(game).u2_unusable_special == "forfeit":
        return True
    special = data().external_works.special_of(w)
    if special is None:
        return True
    as_part = special.as_reward_part()
    if as_part is not None:  # EW-R4…EW-R7: the reward's credits come first (U-27)
        kind, amount, max_value, areas = part(game, as_part)
        credits = state.players[seat].credits - paid + sum(p.amount for p in w.reward if p.kind == "credits")
        structure = kind.removeprefix("build_")
        framed = True if pays_red_frame(game, kind) else None  # None: as Barrage's option says
        return (
            game.free_builds_possible(state, seat, structure, amount, max_value, areas, credits, framed)
            == amount
        )
    if special.kind == "fulfil_contract":  # EW-R1, EW-R2
        limit = NO_LIMIT if special.max_requirement is None else special.max_requirement
        return bool(contracts_for(game, state, seat, limit))
    if special.kind == "advanced_tile":  # EW-R3
        return any(state.patent_display)
    return True


def _forfeit(game: BarrageGame, state: State, seat: int, w: dm.ExternalWork, why: str) -> None:
    """U-2 (b): say that the special part of a work's reward is lost, and why (the rest of
    the reward is received as the menu said)."""
    if game.telling():
        who = game.company(state, seat).name or game.player_name(seat)
        game.tell(f"{who}: {why}, so the special part of {w.id}'s reward is lost (U-2)")


def refresh(game: BarrageGame, state: State) -> None:
    """L-13.1: the works still face up go back to the box and 3 new ones come up; said
    (``External works (L-13.1): EW-T1 and EW-T4 go back to the box; now offered: EW-T5,
    EW-T100, EW-T101``), since no move shows the display change at the round's end."""
    left = [w for w in shared(state).ew_display if w]
    reveal_works(state)
    if game.telling():
        gone = ""
        if left:
            names = ", ".join(left[:-1]) + (" and " if len(left) > 1 else "") + left[-1]
            gone = f"{names} {'goes' if len(left) == 1 else 'go'} back to the box; "
        shown = ", ".join(w for w in shared(state).ew_display if w) or "nothing (the stacks are empty)"
        game.tell(f"External works (L-13.1): {gone}now offered: {shown}")


def loan_price(w: dm.ExternalWork) -> int:
    return w.loan_price(data().constants.loan_credits_per_machinery_unit)


def contracts_for(game: BarrageGame, state: State, seat: int, limit: int) -> list[str]:
    """EW-R1, EW-R2, PB-10: face-up contracts in the personal supply (L-5.12.1).  U-3: the
    printed requirement, or with ``u3_france_discount`` France's (unlocked) −3 applied."""
    table = game.contracts
    discount = 0
    if opt(game).u3_france_discount and game.ability_unlocked(state, seat):
        discount = game.company(state, seat).contract_discount
    return [c for c in state.players[seat].contracts if table[c].requirement - discount <= limit]


def pay_work(
    game: BarrageGame, state: State, seat: int, w: dm.ExternalWork, pay: tuple[int, int, int]
) -> None:
    """L-5.3, L-5.6: the machinery (and, U-6, credits) to the general supply, then the tile."""
    player = state.players[seat]
    e, m, credits = pay
    player.excavators -= e
    player.mixers -= m
    player.credits -= credits
    if credits:
        game.ability_used(state, seat, game.officer(state, seat).id, "external work cost")
    take_work(game, state, seat, w)


def take_work(game: BarrageGame, state: State, seat: int, w: dm.ExternalWork, keep: bool = True) -> None:
    """L-5.2 steps 3–4: the tile goes face down to the player, its reward at once.

    U-27: the ordinary parts in Barrage's reward order, the special part last; U-2 (b):
    a special part that cannot be used is forfeited."""
    s = shared(state)
    s.ew_display[s.ew_display.index(w.id)] = ""
    if keep:  # U-4: a Loan Agency tile may be discarded instead (``u4_loan_tile_kept``)
        mine(state, seat).works.append(w.id)
    parts = [part(game, p) for p in w.reward]
    special = data().external_works.special_of(w)
    framed: list[Decision] = []
    if special is not None:
        as_part = special.as_reward_part()
        if as_part is not None and pays_red_frame(game, as_part.kind):  # L-5.12.4
            kind, amount, max_value, areas = part(game, as_part)
            structure = STRUCTURES.index(kind.removeprefix("build_"))
            framed = [
                LwFramedSite(  # declinable as Barrage's rewarded builds are (U-26)
                    seat=seat,
                    structure=structure,
                    max_value=max_value,
                    areas=list(areas),
                    optional=game.optional_parts,
                )
                for _ in range(amount)
            ]
        elif as_part is not None:  # EW-R4…EW-R7: Barrage's free builds (L-5.12.3)
            parts.append(part(game, as_part))
        elif special.kind == "fulfil_contract":  # EW-R1, EW-R2
            limit = NO_LIMIT if special.max_requirement is None else special.max_requirement
            if contracts_for(game, state, seat, limit):
                state.flow.pending.append(LwContract(seat=seat, limit=limit, optional=True))
            else:
                within = "" if limit == NO_LIMIT else f" needing at most {limit} energy"
                _forfeit(game, state, seat, w, f"no contract{within} to fulfil")
        elif special.kind == "advanced_tile":  # EW-R3
            if any(state.patent_display):
                state.flow.pending.append(LwPatent(seat=seat, optional=True))
            else:
                _forfeit(game, state, seat, w, "no advanced tile in the Patent Office")
    game.push_in_order(state, framed)  # under the reward's own decisions: asked after them (U-27)
    game.gain(state, seat, tuple(parts), WORKS)


def pays_red_frame(game: BarrageGame, kind: str) -> bool:
    """L-5.12.4: a powerhouse or base built as EW-R4's or EW-R5's reward pays a red frame's
    surcharge even where Barrage's option frees rewards from it (``reward_red_frame=false``,
    U-7); under its default Barrage's free-build decision pays it already.  Rules version 4
    on (a save made under an earlier one builds them free, as it was played)."""
    return (
        kind in ("build_powerhouse", "build_base")
        and not game.options.reward_red_frame
        and game.plays_under(KEY, 4)
    )


class LwFramedSite(ChooseFreeSite, tag="lw_framed_site"):
    """Where EW-R4's powerhouse or EW-R5's base goes: Barrage's free build (B-13.7,
    L-5.12.3) that pays a red frame's 3 credits whatever Barrage's option says; a
    red-framed site the seat cannot pay for is not offered (L-5.12.4)."""

    frame_rule: ClassVar[str] = "L-5.12.4"

    def pays_red_frame(self, game: BarrageGame) -> bool:
        return True


def resolve_reward_part(game: BarrageGame, state: State, seat: int, p: Part) -> bool | None:
    """SY-8 energy (EW-T100, PB-09): Barrage's tile energy, which may fulfil one contract (U-10)."""
    kind, amount = p[0], p[1]
    if kind == "energy_contract":
        game.tile_energy(state, seat, amount)
        return True
    return None


def hide(state: State) -> None:
    """Views: the external-works stacks are face down (their sizes stay visible)."""
    if active(state):
        s = shared(state)
        s.ew_stacks = [[""] * len(stack) for stack in s.ew_stacks]


def deal_hidden(state: State, rng: Rng) -> None:
    """A determinisation (:func:`hide`'s counterpart): each face-down place of an
    external-works stack gets a work of that stack (A, B or C, L-3.3) seen nowhere in
    the display or a seat's works, at random, each once."""
    if not active(state):
        return
    s = shared(state)
    seen = {w for w in s.ew_display if w}
    for player in state.players:
        if player.ext.leeghwater is not None:
            seen.update(player.ext.leeghwater.works)
    for name, stack in zip(data().board.external_work_stacks, s.ew_stacks, strict=True):
        places = [i for i, w in enumerate(stack) if w == ""]
        if not places:
            continue
        unseen = sorted(w.id for w in data().external_works.of_stack(name) if w.id not in seen)
        if len(unseen) < len(places):
            raise ValueError(
                f"external work stack {name} hides {len(places)} works; {len(unseen)} are unseen"
            )
        for i, w in zip(places, rng.sample(unseen, len(places)), strict=True):
            stack[i] = w


class LwWorkPay(Decision, tag="lw_work_pay"):
    """U-6: Solomon P. Jordan chooses how many machinery units of external work
    ``work`` he pays with credits."""

    work: str

    prompt: ClassVar[str] = "how to pay for the external work"
    rule: ClassVar[str | None] = "L-5.3"
    answer_types: ClassVar[tuple[type, ...]] = (Pay,)

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        return [Pay(e, m, k) for e, m, k in work_payments(game, state, self.seat, work(self.work))]

    def show(self, game: BarrageGame, state: State, action: Pay) -> str:
        """``pay 2e 0m 3c  (give 2 excavators + 3 credits → 5 VP)`` (L-5.3, U-6)."""
        given = units(action.excavators, action.mixers)
        credits = f" + {action.credits} credits" if action.credits else ""
        reward = work_reward(work(self.work), short=True)
        return f"{game.describe(action)}  (give {given}{credits} → {reward})"

    def apply(self, game: BarrageGame, state: State, action: Pay) -> None:
        self.done(state)
        pay_work(game, state, self.seat, work(self.work), (action.excavators, action.mixers, action.credits))


class LwLoan(Decision, tag="lw_loan"):
    """PB-04 (L-8.4): an external work for credits instead of machinery."""

    prompt: ClassVar[str] = "which external work to take on loan"
    rule: ClassVar[str | None] = "L-8.4"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        seat = self.seat
        credits = state.players[seat].credits
        return [
            Ext("loan", w)
            for w in shared(state).ew_display
            if w
            and loan_price(work(w)) <= credits
            and special_usable(game, state, seat, work(w), loan_price(work(w)))
        ]

    def show(self, game: BarrageGame, state: State, action: Ext) -> str:
        w = work(action.arg)
        return f"{game.describe(action)}  ({loan_price(w)} credits → {work_reward(w, short=True)})"

    def said_when_only(self, game: BarrageGame, state: State, action: Ext) -> str | None:
        """The only work the seat can take here, said whole: the forced line, cut to its
        width, kept the work's name and lost its price with its reward."""
        w = work(action.arg)
        who = game.company(state, self.seat).name or game.player_name(self.seat)
        return (
            f"{who} takes external work {w.id} at the Loan Agency (the only one it can): "
            f"{loan_price(w)} credits instead of {units(w.cost.excavators, w.cost.mixers)}, "
            f"for {work_reward(w, short=True)} (L-8.4)"
        )

    def apply(self, game: BarrageGame, state: State, action: Ext) -> None:
        self.done(state)
        w = work(action.arg)
        state.players[self.seat].credits -= loan_price(w)
        take_work(game, state, self.seat, w, keep=opt(game).u4_loan_tile_kept)


class LwContract(Decision, tag="lw_contract"):
    """EW-R1, EW-R2, PB-10: fulfil a face-up contract of the supply needing at most
    ``limit`` energy, with no energy produced (L-5.12.1)."""

    limit: int

    prompt: ClassVar[str] = "which contract to fulfil without producing energy"
    rule: ClassVar[str | None] = "L-5.12.1"
    declined: ClassVar[str] = "fulfil no contract now"
    answer_types: ClassVar[tuple[type, ...]] = (Fulfil,)

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        return [Fulfil(c) for c in contracts_for(game, state, self.seat, self.limit)]

    def show(self, game: BarrageGame, state: State, action: Fulfil) -> str:
        """``fulfil SC-2  (needs 3 energy: 2 credits + rotate 1)``: no energy is produced."""
        return f"{game.describe(action)}  ({contract_words(game, action.contract)})"

    def apply(self, game: BarrageGame, state: State, action: Fulfil) -> None:
        self.done(state)
        player = state.players[self.seat]
        c = action.contract
        player.contracts.remove(c)
        player.fulfilled.append(c)
        game.gain(state, self.seat, game.contracts[c].reward, CONTRACTS)


class LwPatent(Decision, tag="lw_patent"):
    """EW-R3 (L-5.12.2): an advanced tile from the Patent Office; its slot stays empty
    until the refresh."""

    prompt: ClassVar[str] = "which advanced tile to take"
    rule: ClassVar[str | None] = "L-5.12.2"
    declined: ClassVar[str] = "take no advanced tile"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        return [Ext("patent", t) for t in state.patent_display if t]

    def show(self, game: BarrageGame, state: State, action: Ext) -> str:
        """``x patent AT-I-W  (No 3-credit surcharge for a red-framed building space)``."""
        return f"{game.describe(action)}  ({tile_words(game, action.arg)})"

    def apply(self, game: BarrageGame, state: State, action: Ext) -> None:
        self.done(state)
        display = state.patent_display
        display[display.index(action.arg)] = ""
        state.players[self.seat].tiles.append(action.arg)
