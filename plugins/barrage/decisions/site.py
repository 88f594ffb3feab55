"""Where to build: the building space of a construction (B-9.2), and why a space is
not legal for a structure (shared with rewarded builds)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from turbine.core.errors import IllegalAction

from .. import construction
from ..actions import Site
from ..tables import AREAS, BASE, CONDUIT, ELEVATION, NOBODY, PIECES, STRUCTURES
from .base import Decision
from .build_words import site_text
from .tile import ChooseTile
from .words import needs_text, owner_text, site_kind, supply

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class ChooseSite(Decision, tag="site"):
    """``structure``: an index of :data:`~.tables.STRUCTURES`; ``free``: engineer-free (B-14.4)."""

    structure: int
    free: bool = False

    prompt: ClassVar[str] = "where to build"
    rule: ClassVar[str | None] = "B-9.2"
    answer_types: ClassVar[tuple[type, ...]] = (Site,)

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        s = self.structure
        credits = state.players[self.seat].credits
        named = game.site_actions[s]
        return [named[i] for i in construction.buildable(game, state, self.seat, s, credits, self.free)]

    def apply(self, game: BarrageGame, state: State, action: Site) -> None:
        self.done(state)
        index = game.board.site_index[action.site][1]
        state.flow.pending.append(
            ChooseTile(seat=self.seat, structure=self.structure, site=index, free=self.free)
        )

    def refuse(self, game: BarrageGame, state: State, action: Site) -> IllegalAction:
        seat, s, site_id = self.seat, self.structure, action.site
        problem = site_problem(game, state, seat, s, site_id)
        if problem is not None:
            return problem
        i = game.board.site_index[site_id][1]
        surcharge = construction.surcharge(game, s, i)
        printed = construction.requirements(game, state, seat, s, i)
        red = f" + {surcharge} credits for the red frame" if surcharge else ""
        return IllegalAction(
            f"with none of your tiles can you pay for a {STRUCTURES[s]} at {site_id}: it costs "
            f"{needs_text(printed)}{red}; {supply(state, seat)}",
            "B-9.1",
        )

    def show(self, game: BarrageGame, state: State, action: Site) -> str:
        """``at C5L  (6 exc or 3 mix; value 3, Z-5 → Z-8; tile conduit)``: its machinery
        and red frame (B-9.1) first, short, so that a menu in two columns still shows the
        whole cost; then what the space is and the tiles that can build there."""
        s = self.structure
        i = game.board.site_index[action.site][1]
        printed = construction.requirements(game, state, self.seat, s, i)
        surcharge = construction.surcharge(game, s, i)
        red = f" + {surcharge} cr red frame" if surcharge else ""
        tiles = ChooseTile(seat=self.seat, structure=s, site=i, free=self.free).answers(game, state)
        tile = " or ".join(t.tile for t in tiles) or "none"
        where = site_text(game, state, self.seat, s, i)
        return f"{game.describe(action)}  ({needs_text(printed, short=True)}{red}; {where}; tile {tile})"


def site_problem(
    game: BarrageGame,
    state: State,
    seat: int,
    s: int,
    site_id: str,
    max_value: int = 5,
    areas: list[int] | None = None,
) -> IllegalAction | None:
    """Why ``site_id`` is not a legal space for structure ``s`` (B-9.2); ``None`` if it is.
    ``max_value`` and ``areas``: the limits of a rewarded build (B-13.7)."""
    b = game.board
    found = b.site_index.get(site_id)
    name = STRUCTURES[s]
    if found is None:
        return IllegalAction(f"there is no building space '{site_id}'", "B-9.2")
    kind, i = found
    if kind != site_kind(s):
        return IllegalAction(f"{site_id} is a {kind} space: a {name} goes on a {site_kind(s)} space", "B-9.2")
    if state.players[seat].built[s] >= PIECES[s]:
        return IllegalAction(f"all your {PIECES[s]} {name} pieces are built", "B-9.2.5")
    if s == BASE:
        owner = state.dam_owner[i]
        if owner != NOBODY:
            return IllegalAction(
                f"{site_id} already holds a dam ({owner_text(game, state, owner, seat)})", "B-9.2.6"
            )
        zone = b.dam_zone[i]
        if any(o == seat and b.dam_zone[d] == zone for d, o in enumerate(state.dam_owner)):
            return IllegalAction(f"you already have a dam in basin {zone}: one per basin", "B-9.2.1")
        area = b.dam_area[i]
    elif s == ELEVATION:
        owner = state.dam_owner[i]
        if owner != seat:
            whose = "no dam" if owner == NOBODY else f"the dam of {owner_text(game, state, owner, seat)}"
            return IllegalAction(f"{site_id} holds {whose}: an elevation goes on your own dam", "B-9.2.2")
        if state.dam_height[i] >= 3:
            return IllegalAction(f"your dam at {site_id} is already at height 3", "B-9.2.2")
        area = b.dam_area[i]
    elif s == CONDUIT:
        owner = state.conduit_owner[i]
        if owner != NOBODY:
            return IllegalAction(
                f"{site_id} already holds a conduit ({owner_text(game, state, owner, seat)})", "B-9.2.3"
            )
        if b.conduit_value[i] > max_value:
            return IllegalAction(
                f"this reward builds a conduit of value {max_value} or less; {site_id} has value "
                f"{b.conduit_value[i]}",
                "B-13.7.1",
            )
        area = b.conduit_area[i]
    else:
        owner = state.ph_owner[i]
        if owner != NOBODY:
            return IllegalAction(
                f"{site_id} already holds a powerhouse ({owner_text(game, state, owner, seat)})", "B-9.2.6"
            )
        zone = b.ph_zone[i]
        if any(o == seat and b.ph_zone[p] == zone for p, o in enumerate(state.ph_owner)):
            return IllegalAction(f"you already have a powerhouse in basin {zone}: one per basin", "B-9.2.4")
        area = b.ph_area[i]
    if areas is not None and len(areas) < 3 and area not in areas:
        allowed = " or ".join(AREAS[a] for a in areas)
        return IllegalAction(f"this reward builds in the {allowed} area only; {site_id} is not", "B-13.7")
    return None
