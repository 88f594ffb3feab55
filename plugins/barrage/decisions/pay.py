"""How to pay for a construction: machinery onto the wheel, credits for what an
officer lets credits replace, and the red frame (B-8.2 steps 4–6, B-9.1, B-16)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from turbine.core.errors import IllegalAction
from turbine.core.layout import plural

from .. import construction
from ..actions import Pay
from ..tables import CONDUIT, POWERHOUSE, STRUCTURES
from .base import Decision
from .words import needs_text

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class ChoosePayment(Decision, tag="pay"):
    """``tile`` is the tile choice: a tile id, ``anton=<id>`` (Anton's tile copying a
    wheel tile) or ``copy=<id>`` (Mahiri copying Anton: no tile placed)."""

    structure: int
    site: int
    tile: str
    free: bool = False

    prompt: ClassVar[str] = "how to pay"
    rule: ClassVar[str | None] = "B-8.2"
    answer_types: ClassVar[tuple[type, ...]] = (Pay,)

    def question(self, game: BarrageGame, state: State) -> str:
        """``how to pay for the conduit at C5L``: the piece and the site, which the rules may
        have chosen alone (the only site), so that the question says what it is for."""
        site = construction.site_id(game, self.structure, self.site)
        return f"{self.prompt} for the {STRUCTURES[self.structure]} at {site}"

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        seat = self.seat
        needs, extra, mixed = construction.cost_with(game, state, seat, self.structure, self.site, self.tile)
        budget = state.players[seat].credits - extra
        return [Pay(e, m, c) for e, m, c in construction.payments(game, state, seat, needs, budget, mixed)]

    def show(self, game: BarrageGame, state: State, action: Pay) -> str:
        """``pay 3e 0m 3c  (3 credits + 3 credits red frame; wheel: 3 excavators + tile base;
        left 1e 2m 4c)``: the credits paid first (a red frame's too, which the move's ``c``
        does not count), what goes onto the wheel (B-8.2 step 4), what stays in the supply
        (``e`` excavators, ``m`` mixers, ``c`` credits, as in the move)."""
        _, extra, _ = construction.cost_with(game, state, self.seat, self.structure, self.site, self.tile)
        machinery = " + ".join(
            f"{n} {word}{'s' if n != 1 else ''}"
            for n, word in ((action.excavators, "excavator"), (action.mixers, "mixer"))
            if n
        )
        tile = construction.physical_tile(self.tile)
        wheel = " + ".join(p for p in (machinery, f"tile {tile}" if tile else "") if p) or "nothing"
        paid = [
            f"{action.credits} credits" if action.credits else "",
            f"{extra} credits red frame" if extra else "",
        ]
        credits = " + ".join(p for p in paid if p) or "no credits"
        player = state.players[self.seat]
        credits_left = player.credits - action.credits - extra
        left = f"{player.excavators - action.excavators}e {player.mixers - action.mixers}m {credits_left}c"
        return f"{game.describe(action)}  ({credits}; wheel: {wheel}; left {left})"

    def apply(self, game: BarrageGame, state: State, action: Pay) -> None:
        self.done(state)
        seat = self.seat
        player = state.players[seat]
        player.credits -= action.credits
        if game.h_ability_used is not None:
            self._report(game, state, action)
        construction.load(player, construction.physical_tile(self.tile), action.excavators, action.mixers)
        game.rotate_wheel(state, seat, 1)  # B-8.2 step 4
        construction.place(game, state, seat, self.structure, self.site, self.tile)

    def _report(self, game: BarrageGame, state: State, action: Pay) -> None:
        """Listeners learn when an officer's cost rule changed what was paid (B-16.1, 16.4, 16.5)."""
        seat, s = self.seat, self.structure
        officer = game.officer(state, seat)
        if not officer.id:
            return
        printed = construction.requirements(game, state, seat, s, self.site)
        plain = game.needs_of(game.officers[""])
        key = (
            min(state.players[seat].built[POWERHOUSE], 3)
            if s == POWERHOUSE
            else game.cost_table.keys[s][self.site]
        )
        if action.credits or printed != plain[s][key]:
            game.ability_used(state, seat, officer.id, "construction cost")

    def refuse(self, game: BarrageGame, state: State, action: Pay) -> IllegalAction:
        seat, s = self.seat, self.structure
        player = state.players[seat]
        officer = game.officer(state, seat)
        needs, extra, mixed = construction.cost_with(game, state, seat, s, self.site, self.tile)
        legal = construction.payments(game, state, seat, needs, player.credits - extra, mixed)
        options = ", ".join(f"pay {e}e {m}m {c}c" for e, m, c in legal)
        if action.credits and not officer.credits_per_machinery:
            return IllegalAction(
                "only Solomon P. Jordan may pay credits instead of machinery: " + options, "B-16.5.1"
            )
        if action.excavators > player.excavators or action.mixers > player.mixers:
            return IllegalAction(
                f"you have {player.excavators} excavators and {player.mixers} mixers: {options}", "B-8.2"
            )
        if action.credits + extra > player.credits:
            red = f" besides the {extra} credits of the red frame" if extra else ""
            return IllegalAction(
                f"you have {plural(player.credits, 'credit')} and cannot pay {action.credits}{red}: "
                f"{options}",
                "B-8.2",
            )
        if s == CONDUIT and len(needs) > 1 and action.excavators and action.mixers and not mixed:
            return IllegalAction(
                "a conduit is paid in excavators or in mixers, never both: " + options, "B-16.4.2"
            )
        red = f" (+ {extra} credits for the red frame)" if extra else ""
        return IllegalAction(f"the {STRUCTURES[s]} costs {needs_text(needs)}{red}: {options}", "B-9.1")
