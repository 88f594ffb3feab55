"""The Grant Office's rules (GR-1 … GR-6 in the README): its state, its placement,
its decision, the audit at the end of the game, and how the greedy bot rates it.

Everything goes through Barrage's published API: the placement is an
:class:`~turbine.plugins.barrage.actions.Ext` action (``x grant_office``), the
choice of grant a :class:`~turbine.plugins.barrage.decisions.Decision` subclass
answered with ``x grant <GRANT>``, and the expansion's records (:class:`Office`,
:class:`Holder`) live under its id in ``State.ext`` and ``Player.ext``, registered
with turbine's core hook ``turbine_state_parts`` (:data:`PART`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

import msgspec
from turbine.core import StatePart
from turbine.core.errors import IllegalAction
from turbine.core.layout import plural
from turbine.plugins.barrage.action_spaces import ActionSpaces
from turbine.plugins.barrage.actions import Ext
from turbine.plugins.barrage.decisions import Decision

from .options import GrantsOptions

if TYPE_CHECKING:
    from turbine.core.drawing import Canvas
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.state import Player, State

KEY = "grants"
"""The expansion's id: ``--with grants``, ``options["grants"]``, ``state.ext.grants``."""

OFFICE = "grant_office"
"""The placement's name: ``x grant_office`` (GR-2)."""

GRANT = "grant"
"""The decision's answers: ``x grant FUNDING`` (GR-3)."""

SOURCE = "grants"
"""The row of the score breakdown (``turbine show FILE --scores``) for the VP of grants
taken (GR-3) and lost at the audit (GR-6): Barrage's ``add_vp`` is told it."""

FREE = -1
"""A grant still on the display (otherwise the seat that took it this round)."""


class Grant(NamedTuple):
    """One grant tile of the Grant Office (GR-1)."""

    id: str
    text: str
    excavators: int = 0
    mixers: int = 0
    credits: int = 0
    vp: int = 0
    rotations: int = 0


GRANTS: tuple[Grant, ...] = (
    Grant("MACHINERY", "1 excavator and 1 mixer", excavators=1, mixers=1),
    Grant("FUNDING", "4 credits", credits=4),
    Grant("WHEEL", "turn your construction wheel 1 sector", rotations=1),
    Grant("PRESTIGE", "3 VP", vp=3),
)
"""The four grants, in display order (GR-1)."""

BY_ID = {g.id: g for g in GRANTS}

BOT_VALUE = {"MACHINERY": 4.0, "FUNDING": 4.0, "WHEEL": 3.0, "PRESTIGE": 5.0}
"""How much the greedy bot likes each grant (it only picks among legal ones)."""


# -- state -------------------------------------------------------------------------------------


class Office(msgspec.Struct):
    """The Grant Office, ``state.ext.grants``."""

    taken_by: dict[str, int]
    """Who took each grant this round: a seat or :data:`FREE` (GR-1, GR-5)."""


class Holder(msgspec.Struct):
    """A seat's grants, ``player.ext.grants``."""

    taken: list[str]
    """The grants taken this game (GR-6)."""
    used: int
    """1 once the seat has used the office this round (GR-2)."""


PART = StatePart(KEY, shared=Office, seat=Holder)
"""What the expansion keeps in Barrage's state (``turbine_state_parts``)."""


def active(state: State) -> bool:
    """The game was set up with the expansion."""
    return state.ext.grants is not None


def opt(game: BarrageGame) -> GrantsOptions:
    """``options.grants``: the game's options gain a field per expansion when the game is
    made, so a type checker knows it only by name."""
    options: GrantsOptions = getattr(game.options, KEY)
    return options


def shared(state: State) -> Office:
    """The office: who took each grant this round (GR-1, GR-5)."""
    office: Office = state.ext.grants
    return office


def mine(state: State, seat: int) -> Holder:
    """``seat``'s grants taken this game and its use of the office this round (GR-2, GR-6)."""
    holder: Holder = state.players[seat].ext.grants
    return holder


def setup(state: State) -> None:
    """GR-1: every grant on the display; nobody has used the office or taken a grant."""
    state.ext.grants = Office(taken_by={g.id: FREE for g in GRANTS})
    for player in state.players:
        player.ext.grants = Holder(taken=[], used=0)


def end_of_round(state: State) -> None:
    """GR-5: the grants taken this round return to the display; the office may be used again."""
    if not active(state):
        return
    taken_by = shared(state).taken_by
    for grant in taken_by:
        taken_by[grant] = FREE
    for player in state.players:
        player.ext.grants.used = 0


def wheel_loaded(player: Player) -> bool:
    """A tile or machinery is on the construction wheel (GR-4)."""
    return any(player.wheel_tile) or any(player.wheel_exc) or any(player.wheel_mix)


def usable(state: State, seat: int, grant: Grant) -> bool:
    """``seat`` may take ``grant`` now: it is on the display (GR-5) and has an effect (GR-4)."""
    if shared(state).taken_by[grant.id] != FREE:
        return False
    return not grant.rotations or wheel_loaded(state.players[seat])


def takeable(state: State, seat: int) -> list[Grant]:
    return [g for g in GRANTS if usable(state, seat, g)]


# -- the placement (GR-2) --------------------------------------------------------------------------


def turn_actions(game: BarrageGame, state: State, seat: int) -> list[Ext]:
    """GR-2: the office, once per round, when the seat can pay and take a grant (B-7.4)."""
    if not active(state):
        return []
    player = state.players[seat]
    o = opt(game)
    if mine(state, seat).used or player.engineers < o.engineers or player.credits < o.credits:
        return []
    return [Ext(OFFICE)] if takeable(state, seat) else []


def place(game: BarrageGame, state: State, seat: int) -> None:
    """GR-2: place the engineers, pay, and ask which grant (GR-3)."""
    player = state.players[seat]
    o = opt(game)
    player.engineers -= o.engineers
    player.credits -= o.credits
    mine(state, seat).used = 1
    state.flow.pending.append(GrantChoice(seat=seat, paid=o.credits))


def take(game: BarrageGame, state: State, seat: int, grant: Grant) -> None:
    """GR-3: the grant leaves the display, its effect applies at once, the seat keeps it."""
    shared(state).taken_by[grant.id] = seat
    mine(state, seat).taken.append(grant.id)
    player = state.players[seat]
    player.excavators += grant.excavators
    player.mixers += grant.mixers
    player.credits += grant.credits
    if grant.vp:
        game.add_vp(state, seat, grant.vp, SOURCE)
    if grant.rotations:
        game.rotate_wheel(state, seat, grant.rotations)


# -- the decision (GR-3, GR-4, GR-5) -------------------------------------------------------------------


class GrantChoice(Decision, tag="grants_choice"):
    """GR-3: which grant of the display to take, after paying ``paid`` credits for the office."""

    paid: int = 0
    """Credits paid for the office (shown in the question; GR-2)."""

    prompt: ClassVar[str] = "which grant to take from the Grant Office"
    rule: ClassVar[str | None] = "GR-3"
    answer_types: ClassVar[tuple[type, ...]] = (Ext,)

    def question(self, game: BarrageGame, state: State) -> str:
        return f"{self.prompt} (paid {plural(self.paid, 'credit')})"

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        return [Ext(GRANT, g.id) for g in takeable(state, self.seat)]

    def apply(self, game: BarrageGame, state: State, action: Ext) -> None:
        self.done(state)
        take(game, state, self.seat, BY_ID[action.arg])

    def refuse(self, game: BarrageGame, state: State, action: Ext) -> IllegalAction:
        names = ", ".join(g.id for g in GRANTS)
        if action.name != GRANT or action.arg not in BY_ID:
            return IllegalAction(
                f"'{game.describe(action)}' is no grant: answer x grant <GRANT>, one of {names}", "GR-1"
            )
        taker = shared(state).taken_by[action.arg]
        if taker != FREE:
            who = "you" if taker == self.seat else seat_name(game, state, taker)
            return IllegalAction(
                f"grant {action.arg} was taken this round by {who}; it returns to the display "
                "at the end of the round",
                "GR-5",
            )
        return IllegalAction(
            "the WHEEL grant needs a tile or machinery on your construction wheel; yours is empty",
            "GR-4",
        )

    def show(self, game: BarrageGame, state: State, action: Ext) -> str:
        return f"{game.describe(action)} ({BY_ID[action.arg].text})"


DECISIONS: tuple[type[Decision], ...] = (GrantChoice,)
"""The expansion's decision kinds (``barrage_decisions``)."""


# -- the audit (GR-6) ---------------------------------------------------------------------------------


def unbacked(state: State, seat: int) -> int:
    """Grants taken beyond the contracts fulfilled (GR-6)."""
    return max(0, len(mine(state, seat).taken) - len(state.players[seat].fulfilled))


def company_lines(game: BarrageGame, state: State, seat: int) -> list[str] | None:
    """Under the company: the grants it took and what the audit would cost it now (GR-6)."""
    if not active(state):
        return None
    taken = ", ".join(mine(state, seat).taken) or "none"
    n = unbacked(state, seat)
    audit = (
        f"{n} beyond the contracts fulfilled: −{n * opt(game).audit_vp} VP at the audit"
        if n
        else "all backed"
    )
    return [f"grants: {taken} ({audit}, GR-6)"]


def final_scoring(game: BarrageGame, state: State) -> list[tuple[int, int, str]]:
    """GR-6: each grant not matched by a fulfilled contract costs ``audit_vp`` VP."""
    if not active(state):
        return []
    vp = opt(game).audit_vp
    out = []
    for seat in range(len(state.players)):
        n = unbacked(state, seat)
        if n and vp:
            out.append((seat, -vp * n, f"{plural(n, 'grant')} not backed by a fulfilled contract (GR-6)"))
    return out


# -- the greedy bot and the board -------------------------------------------------------------------


def bot_value(game: BarrageGame, state: State, seat: int, action: Ext) -> float | None:
    """The office ranks below a contract (20) and above machinery (12); ``None`` for others' actions."""
    if action.name == OFFICE:
        return 15.0
    if action.name == GRANT and action.arg in BY_ID:
        return BOT_VALUE[action.arg]
    return None


def seat_name(game: BarrageGame, state: State, seat: int) -> str:
    """The seat's company, as Barrage names a seat (its player before the draft)."""
    return game.seat_name(state, seat) or game.player_name(seat)


def render(game: BarrageGame, state: State) -> str | None:
    """One line under the board: the display, the price and each seat's grants."""
    if not active(state):
        return None
    o = opt(game)
    taken_by = shared(state).taken_by
    display = ", ".join(g.id for g in GRANTS if taken_by[g.id] == FREE) or "empty"
    held = " · ".join(
        f"{seat_name(game, state, seat)} {len(p.ext.grants.taken)}"
        for seat, p in enumerate(state.players)
        if p.ext.grants
    )
    price = f"{plural(o.engineers, 'engineer')}, {plural(o.credits, 'credit')}"
    return f"Grant Office ({price}): {display} · grants taken: {held}"


class GrantOffice(ActionSpaces):
    """GR-2: the Grant Office, registered with Barrage through ``barrage_action_spaces``."""

    names: ClassVar[tuple[str, ...]] = (OFFICE,)

    def offers(self, game: BarrageGame, state: State, seat: int) -> list[Ext]:
        return turn_actions(game, state, seat)

    def perform(self, game: BarrageGame, state: State, seat: int, action: Ext) -> None:
        place(game, state, seat)

    def show(self, game: BarrageGame, state: State, seat: int, action: Ext) -> str:
        """GR-2: what the office costs, and the grants on its display."""
        o = opt(game)
        free = ", ".join(g.id for g in GRANTS if shared(state).taken_by[g.id] == FREE)
        return f"{game.describe(action)}  ({o.engineers} eng + {o.credits} cr: a grant of {free})"

    def board_lines(self, game: BarrageGame, state: State) -> list[str]:
        """GR-1, GR-2: the office on the management board: its price, each grant and who
        took it this round, and who has used the office this round."""
        if not active(state):
            return []
        o = opt(game)
        taken_by = shared(state).taken_by
        grants = " · ".join(
            f"{g.id} ({g.text}): "
            + ("free" if taken_by[g.id] == FREE else seat_name(game, state, taken_by[g.id]))
            for g in GRANTS
        )
        used = ", ".join(seat_name(game, state, s) for s in range(len(state.players)) if mine(state, s).used)
        price = f"{o.engineers} eng + {o.credits} cr, once a round each"
        return [f"  Grant Office ({price}; used by: {used or 'nobody yet'})", f"    {grants}"]

    def refuse(self, game: BarrageGame, state: State, seat: int, action: Ext) -> IllegalAction | None:
        """GR-2: why the office is closed to ``seat`` now."""
        if not active(state):
            return None
        player = state.players[seat]
        o = opt(game)
        if mine(state, seat).used:
            return IllegalAction("the Grant Office is used once per player per round", "GR-2")
        if player.engineers < o.engineers or player.credits < o.credits:
            return IllegalAction(
                f"the Grant Office takes {o.engineers} engineers and {o.credits} credits; you have "
                f"{player.engineers} and {player.credits}",
                "GR-2",
            )
        if not takeable(state, seat):
            return IllegalAction("no grant you can take is on the display", "GR-4")
        return None


SPACES = GrantOffice()


def draw(game: BarrageGame, state: State, canvas: Canvas) -> None:
    """A panel beside Barrage's board picture: the grants on display and who holds how many."""
    if not active(state):
        return
    taken_by = shared(state).taken_by
    display = ", ".join(g.id for g in GRANTS if taken_by[g.id] == FREE) or "empty"
    panel = canvas.panel("grants", "The Grant Office", 470, 36, side=True, order=20)
    panel.text(0, 14, f"On display: {display}", size=11.5, cls="grants-display")
    held = " · ".join(
        f"seat {seat + 1}: {len(p.ext.grants.taken)}" for seat, p in enumerate(state.players) if p.ext.grants
    )
    panel.text(0, 31, f"Grants taken: {held or 'none'}", size=11.5)
