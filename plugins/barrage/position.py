"""Barrage positions set up by hand and checked (see :mod:`turbine.core.position`).

::

    pos = barrage_position(game).clear_map()
    pos.seat(ITA).credits(10).dam("B5U", height=2, water=1).conduit("C5L").contracts("SC-3")
    pos.draws(bonus_tiles=["BT-1", ...], objective="OT-5")
    game = pos.build()

Setters name things as players see them: seats by number from 0, sites by their
building-space id (``B5U``, ``C5L``, ``P8_0``), contracts, tiles, companies and
officers by their ids.  :meth:`BarragePosition.build` refuses a position where a
component is in two places or is no component of this game, a structure stands
where its kind cannot, a dam is higher than 3 (B-8.3) or holds more water than it
can (B-12.1.2), a company board has run out of pieces (B-2.2), or a count is negative.
Structures set here are counted as built by their owner (``Player.built``), as if
built in play.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from turbine.core import Game
from turbine.core.layout import possessive
from turbine.core.position import BadPosition, Position, SeatSetters, conservation, counted, places_of

from .construction import JOKER
from .state import WHEEL_SECTORS
from .tables import (
    BASE,
    CONDUIT,
    ELEVATION,
    NEUTRAL,
    NOBODY,
    PIECES,
    POWERHOUSE,
    STRUCTURES,
    headstream_tiles,
)

MAX_HEIGHT = 3
"""A dam has a base and at most two elevations (B-8.3)."""

RESOURCES = ("credits", "vp", "excavators", "mixers", "engineers", "energy")


class BarragePosition(Position):
    """A Barrage (and Leeghwater) position builder over a copy of the game's state."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.board = self.rules.board
        self._structures_set = False

    # -- the map ---------------------------------------------------------------------

    def clear_map(self) -> BarragePosition:
        """No structures and no water anywhere (neutral dams too): a blank map."""
        s = self.state
        for row in (s.dam_owner, s.conduit_owner, s.ph_owner):
            row[:] = [NOBODY] * len(row)
        s.dam_height[:] = [0] * len(s.dam_height)
        s.dam_water[:] = [0] * len(s.dam_water)
        s.headstream_water[:] = [0] * len(s.headstream_water)
        self._structures_set = True
        return self

    def neutral_dam(self, site: str, height: int, water: int = 0) -> BarragePosition:
        """A neutral dam (B-4.1.11) on base building space ``site``."""
        return self._dam(site, NEUTRAL, height, water)

    def water(self, site: str, markers: int) -> BarragePosition:
        """Water markers held by the dam on ``site`` (which must be built)."""
        self.state.dam_water[self._site("dam", site)] = markers
        return self

    def headstream_water(self, headstream: str, markers: int) -> BarragePosition:
        """Water markers waiting on headstream ``A`` … ``D`` (B-12.2.1)."""
        self.state.headstream_water[self.board.headstream(headstream)] = markers
        return self

    # -- contracts and draws ------------------------------------------------------------

    def display(self, stack: int, contracts: Sequence[str]) -> BarragePosition:
        """The two face-up private contracts of ``stack`` (0 green, 1 yellow, 2 red); ``""``
        is an empty slot."""
        self.state.display[stack] = list(contracts)
        return self

    def nationals(self, *contracts: str) -> BarragePosition:
        """The national contracts still on the board (B-4.1.9)."""
        self.state.nationals = sorted(contracts)
        return self

    def remove_contract(self, contract: str) -> BarragePosition:
        """Take ``contract`` from wherever it is (a hand, the display, a stack, the nationals)
        back to the box, so a setter can put it elsewhere."""
        s = self.state
        for player in s.players:
            for held in (player.contracts, player.fulfilled):
                if contract in held:
                    held.remove(contract)
        for row in s.display:
            row[:] = ["" if c == contract else c for c in row]
        for stack in s.stacks:
            if contract in stack:
                stack.remove(contract)
        if contract in s.nationals:
            s.nationals.remove(contract)
        if contract in s.draft_contracts:
            s.draft_contracts.remove(contract)
        return self

    def draws(
        self,
        *,
        headstream_tiles: Sequence[str] | None = None,
        bonus_tiles: Sequence[str] | None = None,
        objective: str | None = None,
        draft_pairs: Sequence[tuple[str, str]] | None = None,
        draft_contracts: Sequence[str] | None = None,
    ) -> BarragePosition:
        """Choose what the setup drew at random: the headstream tiles (B-4.1.6, one per
        headstream A … D), the bonus tile of each round (B-4.1.7), the objective tile
        (B-4.1.8), and in the full game the company/officer pairs and starting contracts
        of the draft (B-4.4.2, B-4.4.3; only while it has not been chosen from)."""
        s = self.state
        if headstream_tiles is not None:
            s.headstream_tiles = list(headstream_tiles)
        if bonus_tiles is not None:
            s.bonus_tiles = list(bonus_tiles)
        if objective is not None:
            s.objective = objective
        if draft_pairs is not None:
            s.draft_pairs = sorted([c, o] for c, o in draft_pairs)
        if draft_contracts is not None:
            s.draft_contracts = sorted(draft_contracts)
        return self

    # -- seats ------------------------------------------------------------------------------

    def seat(self, seat: int) -> SeatPosition:
        """The setters of one seat's company board and supply."""
        if not 0 <= seat < len(self.state.players):
            raise BadPosition([f"there is no seat {seat} in a {len(self.state.players)}-player game"])
        return SeatPosition(self, seat)

    # -- checks -------------------------------------------------------------------------------

    def finish(self) -> None:
        """Pieces on the map are pieces built: recount ``Player.built`` when structures were set."""
        if not self._structures_set:
            return
        s = self.state
        for seat, player in enumerate(s.players):
            dams = [h for owner, h in zip(s.dam_owner, s.dam_height, strict=True) if owner == seat]
            player.built[BASE] = len(dams)
            player.built[ELEVATION] = sum(max(0, h - 1) for h in dams)
            player.built[CONDUIT] = s.conduit_owner.count(seat)
            player.built[POWERHOUSE] = s.ph_owner.count(seat)

    def problems(self) -> list[str]:
        return [
            *self._map_problems(),
            *self._contract_problems(),
            *self._tile_problems(),
            *self._draw_problems(),
            *self._seat_problems(),
        ]

    def who(self, seat: int) -> str:
        """A seat as the messages name it: its company, else its number."""
        company = self.state.players[seat].company
        name = self.rules.companies[company].name if company else ""
        return name or f"seat {seat}"

    def _owner_ok(self, owner: int, neutral: bool) -> bool:
        return 0 <= owner < len(self.state.players) or owner == NOBODY or (neutral and owner == NEUTRAL)

    def _map_problems(self) -> list[str]:
        s, b, out = self.state, self.board, []
        capacity = self.rules.capacities(s)
        for i, dam in enumerate(b.dams):
            owner, height, water = s.dam_owner[i], s.dam_height[i], s.dam_water[i]
            if not self._owner_ok(owner, neutral=True):
                out.append(f"the dam on {dam.id} belongs to no seat ({owner})")
            if owner == NOBODY and height:
                out.append(f"the dam on {dam.id} has a height but no owner")
            if owner != NOBODY and not 1 <= height <= MAX_HEIGHT:
                out.append(f"the dam on {dam.id} is {height} high: a dam is 1 to {MAX_HEIGHT} high (B-9.2.2)")
            if water < 0:
                out.append(f"the dam on {dam.id} holds {water} water markers")
            elif water > capacity[i]:
                out.append(
                    f"the dam on {dam.id} holds {water} water markers, more than its capacity "
                    f"of {capacity[i]} (B-12.1.2)"
                )
        for kind, sites, owners in (
            ("conduit", b.conduits, s.conduit_owner),
            ("powerhouse", b.powerhouses, s.ph_owner),
        ):
            for site, owner in zip(sites, owners, strict=True):
                if not self._owner_ok(owner, neutral=False):
                    out.append(f"the {kind} on {site.id} belongs to no seat ({owner})")
        for name, markers in zip(b.headstreams, s.headstream_water, strict=True):
            if markers < 0:
                out.append(f"headstream {name} holds {markers} water markers")
        markers = sum(s.dam_water) + sum(s.headstream_water)
        box = self.rules.consts["water_markers"]
        if markers > box:
            out.append(f"{markers} water markers are on the map; the box has {box}")
        return out

    def _contract_problems(self) -> list[str]:
        s = self.state
        where: list[tuple[str, Iterable[str]]] = []
        for seat, player in enumerate(s.players):
            where.append((f"{possessive(self.who(seat))} hand", player.contracts))
            where.append((f"{possessive(self.who(seat))} fulfilled contracts", player.fulfilled))
        where.append(("the face-up display", [c for row in s.display for c in row]))
        for colour, stack in zip(("green", "yellow", "red"), s.stacks, strict=False):
            where.append((f"the {colour} stack", stack))
        where.append(("the national contracts", s.nationals))
        where.append(("the draft's starting contracts", s.draft_contracts))
        out = conservation("contract", places_of(where), self.rules.contracts)
        for seat, player in enumerate(s.players):
            limit = self.rules.hand_limit_of(s, seat)
            if len(player.contracts) > limit and not s.flow.pending:  # else a discard may be due (B-10.8.4)
                out.append(
                    f"{self.who(seat)} holds {len(player.contracts)} face-up contracts; the limit is {limit}"
                )
        for row, colour in zip(s.display, ("green", "yellow", "red"), strict=False):
            wrong = [
                c for c in row if c and c in self.rules.contracts and self.rules.contracts[c].stack != colour
            ]
            out += [f"contract {c} is in the {colour} display but is not a {colour} contract" for c in wrong]
        return out

    def _tile_problems(self) -> list[str]:
        """Advanced tiles are single copies (B-14); the others (basic tiles, B-4.2.6, and
        officers' own) are each seat's, once per seat."""
        s, tiles, out = self.state, self.rules.tiles, []
        where: list[tuple[str, Iterable[str]]] = []
        basic = {*STRUCTURES, JOKER}
        for seat, player in enumerate(s.players):
            held = [*player.tiles, *(t for t in player.wheel_tile if t)]
            unknown = [t for t in held if t not in tiles and t not in basic]
            out += [f"{self.who(seat)} has tile {t}, which is no tile of this game" for t in unknown]
            own = [t for t in held if t in basic or (t in tiles and not tiles[t].advanced)]
            out += [
                f"{self.who(seat)} has its {t} tile {own.count(t)} times"
                for t in sorted(set(own))
                if own.count(t) > 1
            ]
            advanced = [t for t in held if t in tiles and tiles[t].advanced]
            where.append((f"{possessive(self.who(seat))} tiles", advanced))
            for sector in range(WHEEL_SECTORS):
                bare = not player.wheel_tile[sector] and (
                    player.wheel_exc[sector] or player.wheel_mix[sector]
                )
                if bare and not self.game.expansions:  # Leeghwater's PB-02 takes the tile alone (L-8.2)
                    out.append(
                        f"{possessive(self.who(seat))} wheel sector {sector} holds machinery but no tile "
                        "(B-8.2)"
                    )
                if player.wheel_exc[sector] < 0 or player.wheel_mix[sector] < 0:
                    out.append(f"{possessive(self.who(seat))} wheel sector {sector} holds a negative count")
        where.append(("the Patent Office display", s.patent_display))
        for number, stack in enumerate(s.patent_stacks, start=1):
            where.append((f"Patent Office stack {'I' * number}", stack))
        return out + conservation("tile", places_of(where), [t for t, tile in tiles.items() if tile.advanced])

    def _draw_problems(self) -> list[str]:
        s, r, out = self.state, self.rules, []
        known_heads = set(headstream_tiles())
        heads = len(self.board.headstreams)
        if len(s.headstream_tiles) != heads:
            out.append(f"{len(s.headstream_tiles)} headstream tiles given; the map has {heads} headstreams")
        out += _unique_known("headstream tile", s.headstream_tiles, known_heads)
        rounds = r.consts["rounds"]
        if len(s.bonus_tiles) != rounds:
            out.append(f"{len(s.bonus_tiles)} bonus tiles given; the game has {rounds} rounds (B-4.1.7)")
        allowed = {t for t, (_, _, intro) in r.bonus_table.items() if intro or r.full}
        out += _unique_known("bonus tile", s.bonus_tiles, allowed)
        if s.objective not in r.objective_table:
            out.append(f"objective tile {s.objective} is not one of {', '.join(sorted(r.objective_table))}")
        held_companies = {p.company for p in s.players if p.company}
        held_officers = {p.officer for p in s.players if p.officer}
        out += _unique_known("company", [p.company for p in s.players if p.company], set(r.companies) - {""})
        out += _unique_known("officer", [p.officer for p in s.players if p.officer], set(r.officers) - {""})
        for company, officer in s.draft_pairs:
            if company not in r.companies or not company:
                out.append(f"draft pair {company} {officer}: {company} is no company of this game")
            elif company in held_companies:
                out.append(f"company {company} is both in the draft and on a seat")
            if officer not in r.officers or not officer:
                out.append(f"draft pair {company} {officer}: {officer} is no officer of this game")
            elif officer in held_officers:
                out.append(f"officer {officer} is both in the draft and on a seat")
        out += _unique_known("company", [c for c, _ in s.draft_pairs], set(r.companies))
        out += _unique_known("officer", [o for _, o in s.draft_pairs], set(r.officers))
        starting = {c for c, k in r.contracts.items() if k.kind == "starting"}
        out += [
            f"draft contract {c} is not a starting contract" for c in s.draft_contracts if c not in starting
        ]
        return out

    def _seat_problems(self) -> list[str]:
        s, out = self.state, []
        engineers = self.rules.consts["starting"]["engineers"]
        for seat, player in enumerate(s.players):
            name = self.who(seat)
            for resource in RESOURCES:
                if resource != "vp":  # VP may go below 0 without U-16's floor
                    out += counted(resource, [(name, getattr(player, resource))])
            if player.engineers > engineers:
                out.append(f"{name} has {player.engineers} engineers; a company has {engineers} (B-2.2)")
            for structure, used in enumerate(player.built):
                if used > PIECES[structure]:
                    out.append(
                        f"{name} has {used} {STRUCTURES[structure]} pieces on the map; its company board has "
                        f"{PIECES[structure]} (B-2.2)"
                    )
        return out

    def _site(self, kind: str, site: str) -> int:
        try:
            return int(getattr(self.board, kind)(site))
        except KeyError:
            raise BadPosition([f"{site} is not a {kind} building space"]) from None

    def _dam(self, site: str, owner: int, height: int, water: int) -> BarragePosition:
        i = self._site("dam", site)
        s = self.state
        s.dam_owner[i], s.dam_height[i], s.dam_water[i] = owner, height, water
        self._structures_set = True
        return self


class SeatPosition(SeatSetters):
    """The setters of one seat (from :meth:`BarragePosition.seat`); each returns ``self``,
    and :meth:`seat` and :meth:`build` go on with the position."""

    position: BarragePosition

    def seat(self, seat: int) -> SeatPosition:
        return self.position.seat(seat)

    # resources (B-2.2, B-3)
    def credits(self, n: int) -> SeatPosition:
        self.player.credits = n
        return self

    def vp(self, n: int) -> SeatPosition:
        self.player.vp = n
        return self

    def excavators(self, n: int) -> SeatPosition:
        self.player.excavators = n
        return self

    def mixers(self, n: int) -> SeatPosition:
        self.player.mixers = n
        return self

    def engineers(self, n: int) -> SeatPosition:
        self.player.engineers = n
        return self

    def energy(self, n: int) -> SeatPosition:
        """Energy produced this round (B-3.9.3)."""
        self.player.energy = n
        return self

    def company(self, company: str) -> SeatPosition:
        self.player.company = company
        return self

    def officer(self, officer: str) -> SeatPosition:
        self.player.officer = officer
        return self

    # structures (B-8)
    def dam(self, site: str, height: int = 1, water: int = 0) -> SeatPosition:
        self.position._dam(site, self.index, height, water)
        return self

    def conduit(self, site: str) -> SeatPosition:
        self.position.state.conduit_owner[self.position._site("conduit", site)] = self.index
        self.position._structures_set = True
        return self

    def powerhouse(self, site: str) -> SeatPosition:
        self.position.state.ph_owner[self.position._site("powerhouse", site)] = self.index
        self.position._structures_set = True
        return self

    # contracts (B-13) and tiles (B-14)
    def contracts(self, *contracts: str, take: bool = False) -> SeatPosition:
        """The face-up contracts in hand.  ``take``: first remove each from where it is
        (otherwise a contract left in the display is refused as being in two places)."""
        if take:
            for c in contracts:
                self.position.remove_contract(c)
        self.player.contracts = list(contracts)
        return self

    def fulfilled(self, *contracts: str, take: bool = False) -> SeatPosition:
        if take:
            for c in contracts:
                self.position.remove_contract(c)
        self.player.fulfilled = list(contracts)
        return self

    def tiles(self, *tiles: str) -> SeatPosition:
        """The technology tiles in the personal supply (off the wheel)."""
        self.player.tiles = list(tiles)
        return self

    def wheel(self, sector: int, tile: str, excavators: int = 0, mixers: int = 0) -> SeatPosition:
        """A tile and machinery on the construction wheel's ``sector`` (0–5, fixed positions;
        the open one is :meth:`wheel_open`); the tile leaves the personal supply if it is there."""
        p = self.player
        if not 0 <= sector < WHEEL_SECTORS:
            raise BadPosition([f"the wheel has sectors 0 to {WHEEL_SECTORS - 1}, not {sector}"])
        if tile in p.tiles:
            p.tiles.remove(tile)
        p.wheel_tile[sector], p.wheel_exc[sector], p.wheel_mix[sector] = tile, excavators, mixers
        return self

    def wheel_open(self, sector: int) -> SeatPosition:
        self.player.wheel_open = sector
        return self


def _unique_known(kind: str, items: Sequence[str], known: set[str]) -> list[str]:
    out = [f"{kind} {i} is not a {kind} of this game" for i in items if i not in known]
    out += [f"{kind} {i} is given {items.count(i)} times" for i in sorted(set(items)) if items.count(i) > 1]
    return out


def barrage_position(game: Game) -> BarragePosition:
    """A builder for ``game``'s position (Barrage, with or without Leeghwater)."""
    return BarragePosition(game)
