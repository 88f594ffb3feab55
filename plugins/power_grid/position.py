"""Power Grid positions set up by hand and checked (see :mod:`turbine.core.position`).

::

    pos = power_grid_position(game)
    pos.seat(0).money(30).plants(4, 13, take=True).fuel(coal=2).houses("Moskva", take=False)
    pos.market(3, 5, 6, 7, 8, 9, 10, 11).deck(20, 25, 12)   # the deck top card first
    game = pos.build()

Plants are named by their printed number (the special 33⅓ is :data:`FLOW_GENERATOR`),
cities by their name, resources as ``coal``, ``oil``, ``garbage``, ``uranium``.
:meth:`PowerGridPosition.build` refuses a position where a plant card is in two
places, is missing, or is no card of this game (each card is in a hand, the market,
the deck or out of the game, P-2.7–P-2.11); a seat holds more plants than allowed
(T-2, P-5.6) or tokens that do not fit on its plants (P-5.3); a city holds more houses
than its spaces open in this Step (P-6.2), a seat twice, or lies outside the regions
in play (P-2.2); a seat has more than 22 houses (P-1.2) or negative money.  Tokens are
conserved: the reserve is what the box holds beyond the market and the plants (P-1.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from turbine.core import Game
from turbine.core.position import BadPosition, Position, SeatSetters, conservation, places_of

from .actions import plant_key
from .data_model import RESOURCES, load_rules
from .plants import FLOW_GENERATOR, NUMBER, STANDARD, capacities, key_of, storable
from .state import STEP3
from .tables import city_capacity, market_capacity

__all__ = ["FLOW_GENERATOR", "STEP3", "PowerGridPosition", "SeatPosition", "power_grid_position"]


def _key(plant: int | str) -> int:
    """A plant's sort key from its printed number (``"33⅓"`` the special plant; the Step 3
    card and 33⅓ also by their keys)."""
    if isinstance(plant, str):
        key = plant_key(plant.lower())
        if key is None:
            raise BadPosition([f"{plant!r} is not a plant number"])
        return key
    return plant if plant in (STEP3, FLOW_GENERATOR) else key_of(plant)


def _name(key: int) -> str:
    if key == STEP3:
        return "the Step 3 card"
    if key == FLOW_GENERATOR:
        return "plant 33⅓"
    return f"plant {NUMBER[key]}" if key in NUMBER else f"plant {key / 3:g}"


class PowerGridPosition(Position):
    """A Power Grid position builder over a copy of the game's state."""

    def plants_in_game(self) -> set[int]:
        keys = set(STANDARD)
        if self.rules.o.flow_generator:
            keys.add(FLOW_GENERATOR)
        return keys

    # -- the market and the deck ------------------------------------------------------

    def market(self, *plants: int | str) -> PowerGridPosition:
        """The plant market (P-2.7), by printed number; kept in ascending order."""
        self.state.market = sorted(_key(p) for p in plants)
        return self

    def deck(self, *plants: int | str, step3: bool = True) -> PowerGridPosition:
        """The face-down deck, its top card first; the Step 3 card goes under it (P-2.10)
        unless ``step3=False`` (it was drawn already)."""
        cards = [_key(p) for p in plants] + ([STEP3] if step3 else [])
        self.state.deck = cards[::-1]  # the state keeps the top card last
        return self

    def out_of_game(self, *plants: int | str) -> PowerGridPosition:
        """Plants removed face up (P-2.11, P-8.7), in the order removed."""
        self.state.box = [_key(p) for p in plants]
        return self

    def remove_plant(self, plant: int | str) -> PowerGridPosition:
        """Take a plant from wherever it is, so a setter can put it elsewhere."""
        key = _key(plant)
        s = self.state
        for place in (s.market, s.deck, s.box, *(p.plants for p in s.players)):
            if key in place:
                place.remove(key)
        return self

    def resources(self, **counts: int) -> PowerGridPosition:
        """Tokens on the resource market per kind (filled from the expensive end, P-2.5)."""
        for kind, n in counts.items():
            self.state.resources[_resource(kind)] = n
        return self

    def step(self, step: int) -> PowerGridPosition:
        """The game's Step (1–3, P-8)."""
        self.state.step = step
        return self

    # -- seats ------------------------------------------------------------------------

    def seat(self, seat: int) -> SeatPosition:
        if not 0 <= seat < len(self.state.players):
            raise BadPosition([f"there is no seat {seat} in a {len(self.state.players)}-player game"])
        return SeatPosition(self, seat)

    def who(self, seat: int) -> str:
        return self.rules.seat_name(self.state, seat) or f"seat {seat}"

    # -- checks ------------------------------------------------------------------------

    def finish(self) -> None:
        """The reserve holds the tokens of the box that are neither on the market nor on
        plants (P-1.3); a negative reserve is reported by :meth:`problems`."""
        s = self.state
        s.market.sort()
        for player in s.players:
            player.plants.sort()
        tracks = load_rules().resource_market
        for r in range(len(RESOURCES)):
            s.reserve[r] = tracks[r].tokens - s.resources[r] - sum(p.res[r] for p in s.players)

    def problems(self) -> list[str]:
        return [*self._plant_problems(), *self._city_problems(), *self._token_problems()]

    def _plant_problems(self) -> list[str]:
        s = self.state
        where: list[tuple[str, Sequence[Any]]] = [
            (f"{self.who(seat)}'s plants", [_name(k) for k in p.plants]) for seat, p in enumerate(s.players)
        ]
        where += [
            ("the plant market", [_name(k) for k in s.market]),
            ("the deck", [_name(k) for k in s.deck]),
            ("the plants out of the game", [_name(k) for k in s.box]),
        ]
        in_game = self.plants_in_game()
        known = {_name(k) for k in in_game} | {_name(STEP3)}
        places = places_of(where)
        out = [line.replace("plant plant", "plant") for line in conservation("plant", places, known)]
        placed = {k for k in in_game if _name(k) in places}
        missing = len(in_game) - len(placed) - s.unseen_removed
        if missing > 0:
            out.append(
                f"{missing} plant cards are nowhere (each is in a hand, the market, the deck, "
                f"out of the game, or among the {s.unseen_removed} removed unseen, P-2.11)"
            )
        for seat, player in enumerate(s.players):
            if len(player.plants) > self.rules.max_plants:
                most = self.rules.max_plants
                out.append(f"{self.who(seat)} has {len(player.plants)} plants; the most is {most} (T-2)")
        return out

    def _city_problems(self) -> list[str]:
        s, r, out = self.state, self.rules, []
        names = r.city_names
        for city, seats in enumerate(s.houses):
            if not seats:
                continue
            if not s.allowed >> city & 1:
                out.append(f"{names[city]} has houses but is not in the regions in play (P-2.2)")
            if len(set(seats)) < len(seats):
                out.append(f"{names[city]} has two houses of one seat (P-6.8)")
            room = city_capacity(r.map, city, s.step)
            if len(seats) > room:
                out.append(
                    f"{names[city]} has {len(seats)} houses; Step {s.step} opens {room} spaces there (P-6.2)"
                )
        limit = load_rules().houses_per_player
        for seat, player in enumerate(s.players):
            there = {c for c, seats in enumerate(s.houses) if seat in seats}
            if there != set(player.cities) or len(there) != len(player.cities):
                out.append(f"{self.who(seat)}'s cities do not match the houses on the map")
            if len(player.cities) > limit:
                out.append(f"{self.who(seat)} has {len(player.cities)} houses; a colour has {limit} (P-1.2)")
            if player.money < 0:
                out.append(f"{self.who(seat)} has {player.money} Elektro")
        return out

    def _token_problems(self) -> list[str]:
        s, out = self.state, []
        for r, kind in enumerate(RESOURCES):
            most = market_capacity(r)
            if not 0 <= s.resources[r] <= most:
                out.append(f"the market holds {s.resources[r]} {kind}; its track has {most} spaces (T-5)")
            if s.reserve[r] < 0:
                out.append(f"{-s.reserve[r]} {kind} tokens more than the box holds are in play (P-1.3)")
        for seat, player in enumerate(s.players):
            if any(n < 0 for n in player.res):
                out.append(f"{self.who(seat)} holds a negative number of tokens")
            elif not storable(player.res, capacities(player.plants)):
                out.append(f"{self.who(seat)}'s tokens do not fit on its plants (P-5.3)")
        return out


class SeatPosition(SeatSetters):
    """The setters of one seat (from :meth:`PowerGridPosition.seat`); each returns ``self``."""

    position: PowerGridPosition

    def seat(self, seat: int) -> SeatPosition:
        return self.position.seat(seat)

    def money(self, elektro: int) -> SeatPosition:
        self.player.money = elektro
        return self

    def plants(self, *plants: int | str, take: bool = False) -> SeatPosition:
        """The seat's plants by printed number.  ``take``: first remove each from where it
        is (the market, the deck…), and put the seat's plants it no longer has out of the
        game (P-4.9); otherwise a card in two places, or in none, is refused."""
        keys = sorted(_key(p) for p in plants)
        if take:
            dropped = [k for k in self.player.plants if k not in keys]
            for p in plants:
                self.position.remove_plant(p)
            self.position.state.box.extend(dropped)
        self.player.plants = keys
        return self

    def fuel(self, *, from_market: bool = False, **tokens: int) -> SeatPosition:
        """Tokens on the seat's plants (``coal=2, oil=1``); kinds not named are 0.  They
        come from the reserve (see :meth:`PowerGridPosition.finish`), or with
        ``from_market`` from the resource market, as if bought there (P-5)."""
        res = [0] * len(RESOURCES)
        for kind, n in tokens.items():
            res[_resource(kind)] = n
        if from_market:
            market = self.position.state.resources
            for r, n in enumerate(res):
                market[r] -= n - self.player.res[r]
        self.player.res = res
        return self

    def houses(self, *cities: str) -> SeatPosition:
        """The cities where the seat has a house, in the order built (added after any
        other seat's house there)."""
        r, s = self.position.rules, self.position.state
        s.houses = [tuple(seat for seat in row if seat != self.index) for row in s.houses]
        indices = []
        for name in cities:
            city = r.city_by_name.get(name)
            if city is None:
                raise BadPosition([f"{name!r} is no city of {r.map.title}"])
            s.houses[city] = (*s.houses[city], self.index)
            indices.append(city)
        self.player.cities = indices
        return self

    def powered(self, cities: int) -> SeatPosition:
        """Cities powered in the last Phase 5."""
        self.player.powered = cities
        return self


def _resource(kind: str) -> int:
    if kind not in RESOURCES:
        raise BadPosition([f"{kind!r} is no resource; they are {', '.join(RESOURCES)}"])
    return RESOURCES.index(kind)


def power_grid_position(game: Game) -> PowerGridPosition:
    """A builder for ``game``'s Power Grid position."""
    return PowerGridPosition(game)
