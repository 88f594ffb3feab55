"""Leeghwater positions set up by hand and checked: Barrage's builder
(:mod:`turbine.plugins.barrage.position`) with the additional management board.

::

    pos = leeghwater_position(game)
    pos.show_work("EW-T2").building("PB-03", space=2, seat=1)
    pos.seat(0).works("EW-T5", take=True)
    game = pos.build()

External works by id (``EW-T2``), private buildings by id (``PB-03``) and their
building spaces by position next to the tile (0–3, L-3.7).  Besides Barrage's checks,
:meth:`LeeghwaterPosition.build` refuses an external work in two places or unknown
(each is in a stack, the display or a seat's works, L-3.3, L-5.2), private buildings in
play that are not 5 different ones (L-3.4), a building on a space blocked for the player
count (L-3.7) or by a seat that does not exist, and more building pieces than a board
extension holds (L-3.9.2).  Buildings set here come off their owner's extension.
"""

from __future__ import annotations

from turbine.core import Game
from turbine.core.layout import possessive
from turbine.core.position import BadPosition, conservation, places_of
from turbine.plugins.barrage.position import BarragePosition, SeatPosition

from .store import BLOCKED, FREE, data, opt, shared

STACKS = ("A", "B", "C")


class LeeghwaterPosition(BarragePosition):
    """A Barrage position builder that also sets the additional management board."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        if getattr(self.state.ext, "leeghwater", None) is None:
            raise BadPosition(["this game is played without the Leeghwater expansion"])
        self._buildings_set = False

    def seat(self, seat: int) -> LeeghwaterSeat:
        if not 0 <= seat < len(self.state.players):
            raise BadPosition([f"there is no seat {seat} in a {len(self.state.players)}-player game"])
        return LeeghwaterSeat(self, seat)

    # -- external works (L-5) -----------------------------------------------------------

    def works_display(self, *works: str) -> LeeghwaterPosition:
        """The face-up external works (L-5.4.2), ``""`` for an empty slot."""
        shared(self.state).ew_display = list(works)
        return self

    def works_stack(self, stack: str, *works: str) -> LeeghwaterPosition:
        """Face-down stack ``A``, ``B`` or ``C`` (L-3.3), its top card first."""
        if stack not in STACKS:
            raise BadPosition([f"the external work stacks are {', '.join(STACKS)}, not {stack!r}"])
        shared(self.state).ew_stacks[STACKS.index(stack)] = list(reversed(works))
        return self

    def remove_work(self, work: str) -> LeeghwaterPosition:
        """Take external work ``work`` from wherever it is back to the box."""
        s = shared(self.state)
        s.ew_display = ["" if w == work else w for w in s.ew_display]
        for stack in s.ew_stacks:
            if work in stack:
                stack.remove(work)
        for player in self.state.players:
            if player.ext.leeghwater is not None and work in player.ext.leeghwater.works:
                player.ext.leeghwater.works.remove(work)
        return self

    def show_work(self, work: str, slot: int = 0) -> LeeghwaterPosition:
        """Put ``work`` face up in display slot ``slot``, taken from wherever it was; the
        work it covers goes back on top of its stack."""
        s = shared(self.state)
        covered = s.ew_display[slot] if slot < len(s.ew_display) else ""
        self.remove_work(work)
        if covered and covered != work:
            s.ew_stacks[STACKS.index(_stack_of(covered))].append(covered)
        s.ew_display[slot] = work
        return self

    # -- private buildings (L-6) --------------------------------------------------------

    def buildings(self, *buildings: str) -> LeeghwaterPosition:
        """The private buildings in play (L-3.4), kept in tile-slot order; their building
        spaces start free (blocked as the player count blocks them)."""
        s = shared(self.state)
        ids = sorted(buildings)
        blocked = s.spaces[0] if s.spaces else []
        row = [BLOCKED if mark == BLOCKED else FREE for mark in blocked]
        s.buildings = ids
        s.spaces = [list(row) for _ in ids]
        s.left = [False] * len(ids)
        for player in self.state.players:
            if player.ext.leeghwater is not None:
                player.ext.leeghwater.used = [0] * len(ids)
        self._buildings_set = True
        return self

    def building(self, building: str, space: int, seat: int) -> LeeghwaterPosition:
        """``seat``'s building piece on building space ``space`` (0–3) of ``building``
        (``FREE``, -1, empties it)."""
        s = shared(self.state)
        if building not in s.buildings:
            raise BadPosition([f"{building} is not in play; the buildings are {', '.join(s.buildings)}"])
        spaces = s.spaces[s.buildings.index(building)]
        if not 0 <= space < len(spaces):
            raise BadPosition([f"a building has spaces 0 to {len(spaces) - 1}, not {space}"])
        if spaces[space] == BLOCKED:
            raise BadPosition(
                [f"space {space} of {building} is blocked for {len(self.state.players)} players (L-3.7)"]
            )
        spaces[space] = seat
        self._buildings_set = True
        return self

    # -- checks -------------------------------------------------------------------------

    def finish(self) -> None:
        """Buildings on the board came off their owners' extensions (L-3.9.2)."""
        super().finish()
        if not self._buildings_set:
            return
        per_company = data().constants.building_pieces_per_company
        spaces = shared(self.state).spaces
        for seat, player in enumerate(self.state.players):
            if player.ext.leeghwater is not None:  # None before the draft gives the seat its board
                player.ext.leeghwater.pieces = per_company - sum(row.count(seat) for row in spaces)

    def problems(self) -> list[str]:
        return [*super().problems(), *self._work_problems(), *self._building_problems()]

    def _work_problems(self) -> list[str]:
        s = shared(self.state)
        where: list[tuple[str, list[str]]] = [("the external works display", s.ew_display)]
        where += [
            (f"external work stack {name}", stack) for name, stack in zip(STACKS, s.ew_stacks, strict=False)
        ]
        where += [
            (f"{possessive(self.who(seat))} external works", player.ext.leeghwater.works)
            for seat, player in enumerate(self.state.players)
            if player.ext.leeghwater is not None
        ]
        known = [w.id for w in data().external_works.works]
        out = conservation("external work", places_of(where), known)
        for name, stack in zip(STACKS, s.ew_stacks, strict=False):
            out += [
                f"external work {w} is in stack {name} but is a stack {_stack_of(w)} work"
                for w in stack
                if w in known and _stack_of(w) != name
            ]
        return out

    def _building_problems(self) -> list[str]:
        s, out = shared(self.state), []
        known = {b.id for b in data().private_buildings}
        wanted = data().constants.private_buildings_in_play
        if len(s.buildings) != wanted or len(set(s.buildings)) != len(s.buildings):
            different = len(set(s.buildings))
            out.append(f"{different} different private buildings are in play; the game has {wanted} (L-3.4)")
        out += [f"private building {b} is not a building of this game" for b in s.buildings if b not in known]
        players = len(self.state.players)
        open_spaces = {
            sp.index for sp in data().board.open_building_spaces(players, opt(self.rules).u25_marks)
        }
        for building, row in zip(s.buildings, s.spaces, strict=False):
            for space, mark in enumerate(row):
                if (mark == BLOCKED) != (space not in open_spaces):
                    state = "blocked" if mark == BLOCKED else "open"
                    out.append(
                        f"space {space} of {building} is {state}, which {players} players do not have (L-3.7)"
                    )
                elif mark not in (FREE, BLOCKED) and not 0 <= mark < players:
                    out.append(f"space {space} of {building} holds a piece of no seat ({mark})")
        for seat, player in enumerate(self.state.players):
            if player.ext.leeghwater is not None and player.ext.leeghwater.pieces < 0:
                out.append(
                    f"{self.who(seat)} has more buildings on the board than its extension holds "
                    f"({data().constants.building_pieces_per_company}, L-3.9.2)"
                )
        return out


class LeeghwaterSeat(SeatPosition):
    """A seat's setters, with its external works."""

    position: LeeghwaterPosition

    def seat(self, seat: int) -> LeeghwaterSeat:
        return self.position.seat(seat)

    def works(self, *works: str, take: bool = False) -> LeeghwaterSeat:
        """External works taken, face down (L-5.2 step 4).  ``take``: first remove each from
        where it is (otherwise a work left in the display is refused as being in two places)."""
        if self.player.ext.leeghwater is None:
            raise BadPosition([f"{self.position.who(self.index)} has no board extension before the draft"])
        if take:
            for w in works:
                self.position.remove_work(w)
        self.player.ext.leeghwater.works = list(works)
        return self


def _stack_of(work: str) -> str:
    found: dict[str, str] = {w.id: w.stack for w in data().external_works.works}
    return found.get(work, "?")


def leeghwater_position(game: Game) -> LeeghwaterPosition:
    """A builder for a Barrage game with Leeghwater: Barrage's setters, the works and buildings."""
    return LeeghwaterPosition(game)


__all__ = ["LeeghwaterPosition", "LeeghwaterSeat", "leeghwater_position"]
