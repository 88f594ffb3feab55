"""Boundaries of the table views the mutation sample found unchecked: the connections
view's suggestions, Japan's second-network alternative, the legal-move check that
belongs to the seat's own Phase 4 turn only, the order of equal-cost links, and a
standing order that meets another plant's auction."""

from __future__ import annotations

import re

import pytest
from pg_helpers import REGIONS, k, new_state, play_until, to_phase_5
from turbine.core.errors import ParseError
from turbine.plugins.power_grid import actions as A
from turbine.plugins.power_grid.orders import BidUpTo, standing_order


def test_an_unknown_name_suggests_at_most_four_places_best_first():
    """Four close names when there are four or more, those that start alike first."""
    r, s = new_state(4, seed=2, map="japan")
    with pytest.raises(ParseError) as info:
        r.render_view(s, 0, "connections", "Nagoyaa")
    assert "did you mean Nagano, Nagoya, Nagasaki, Toyama?" in str(info.value)


def test_japan_a_start_city_next_to_the_network_offers_a_second_network():
    """P-12.6: while a player has fewer networks than allowed, a start city linked to his
    network costs either its space and the links, or its space alone as a new network."""
    r, s = new_state(4, seed=2, map="japan")
    play_until(r, s, "building")
    seat = r.to_move(s)

    def free_starts_next_to(city: int) -> list[int]:
        return [
            b for b, _cost in r.map.adjacency[city] if r.start_city[b] and b in s.in_play and not s.houses[b]
        ]

    starts = [a for a in r.legal_actions(s) if isinstance(a, A.Start)]
    first = next(a for a in starts if free_starts_next_to(r.city_by_name[a.city]))
    r.apply(s, first)
    linked_start = free_starts_next_to(r.city_by_name[first.city])
    text = r.render_view(s, seat, "connections", r.city_names[linked_start[0]]).splitlines()[1]
    assert re.search(r"costs you: \d+ \(\d+ \+ \d+ links?\) or \d+ \(new network, P-12\.6\)", text), text


def test_outside_the_seat_s_own_building_turn_no_move_is_said_not_allowed():
    """The legal moves decide only in the seat's own Phase 4 turn (P-6): in Bureaucracy
    the seat to move sees plain build costs, never 'not allowed now'."""
    r, s = new_state(4, seed=2, regions=REGIONS)
    to_phase_5(r, s)
    seat = r.to_move(s)
    said = [r.render_view(s, seat, "connections", r.city_names[c]).splitlines()[1] for c in s.in_play]
    assert any(re.search(r"costs you: \d+ \(", line) for line in said)
    assert not [line for line in said if "not allowed now" in line]


def test_the_network_view_lists_links_cheapest_first_and_equal_costs_by_name():
    """Without a place named, each of the seat's cities with its links cheapest first,
    links of the same cost in alphabetical order: Moscow's Ryazan, Tula and Yaroslavl
    (3 each), then Nizhny Novgorod (7) and St Petersburg (10), as the map prints them."""
    r, s = new_state(4, seed=2, regions=("pink", "green", "brown", "purple"))
    play_until(r, s, "building")
    seat = r.to_move(s)
    r.apply(s, r.parse("build Moscow (10)", s))
    text = re.sub(r"\[/?bold\]", "", r.render_view(s, seat, "connections", ""))
    row = " ".join(text.split("Moscow: ", 1)[1].split())
    names = re.findall(r"(?:^|, )([A-Z][\w ]*?) \d+ →", row)
    assert names == ["Ryazan", "Tula", "Yaroslavl", "Nizhny Novgorod", "St Petersburg"], row


def test_an_order_meeting_another_plant_s_auction_is_over():
    """An order bids only in the auction it was given for (P-4.5): for any other plant,
    lower or higher, it is done and plays nothing."""
    r, s = new_state(4, seed=2)
    while not (s.auction is not None and s.flow.pending and s.flow.pending[-1].kind == "bid"):
        r.apply(s, r.legal_actions(s)[0])
    seat = r.to_move(s)
    order = standing_order(r, s, seat, "bid up to 40")
    assert order is not None and order.finished(s) == ""
    assert order.next_action(s) == A.Bid(s.auction.high_bid + 1)
    for lot in (s.auction.lot - 1, s.auction.lot + 1):
        other = BidUpTo(seat, "bid up to 40", 40, lot, r.player_name)
        assert other.finished(s).startswith("'bid up to 40' is done: the auction for plant")
        assert other.next_action(s) is None


@pytest.mark.parametrize("typed", ["bid up to abc", "bid up to", "Bid  up to 2x"])
def test_an_order_without_a_whole_number_says_what_it_takes(typed):
    """``bid up to abc`` was refused as no legal move, as if the order did not exist."""
    from turbine.core.errors import IllegalAction

    r, s = new_state(4, seed=2)
    with pytest.raises(
        IllegalAction, match=r"'bid up to' takes a whole number of Elektro: bid up to 25"
    ) as refused:
        standing_order(r, s, r.to_move(s), typed)
    assert refused.value.rule == "P-4.5"
    assert standing_order(r, s, r.to_move(s), "bid 5") is None  # a move, not an order


def _buying(coal_room: int = 4):
    """Round 2's Phase 3, the first buyer owning plant 10 (2 coal → 2 cities: room for 4)."""
    r, s = new_state(2, seed=2)
    play_until(r, s, "resources", round_=2)
    seat = r.to_move(s)
    s.players[seat].plants = [k(10)]
    s.players[seat].res = [4 - coal_room, 0, 0, 0]
    s.players[seat].money = 50
    return r, s, seat


@pytest.mark.parametrize("typed", ["buy 3 coal", "buy coal 3", "Buy  3  COAL"])
def test_buy_n_coal_buys_them_one_move_each_then_is_done(typed):
    """P-5.2: the market sells one token at a time, the cheapest first; 'buy 3 coal' was
    refused as no legal move, and seven coal took seven commands."""
    r, s, seat = _buying()
    order = standing_order(r, s, seat, typed)
    assert order is not None and order.text == "buy 3 coal"
    for _ in range(3):
        assert order.finished(s) == ""
        assert order.next_action(s) == A.Buy("coal")
        r.apply(s, order.next_action(s))
    assert s.players[seat].res[0] == 3
    assert order.finished(s) == "'buy 3 coal' is done: you bought 3 coal"
    assert order.next_action(s) is None


def test_buy_n_coal_stops_where_the_room_runs_out_and_says_why():
    r, s, seat = _buying(coal_room=2)
    order = standing_order(r, s, seat, "buy 3 coal")
    for _ in range(2):
        r.apply(s, order.next_action(s))
    said = order.finished(s)
    assert (
        said.startswith("'buy 3 coal' stops after 2: ")
        and "coal" in said[len("'buy 3 coal' stops after 2: ") :]
    )
    assert order.next_action(s) is None


def test_buy_n_coal_is_refused_outside_the_seats_turn_to_buy_and_for_no_coal_at_all():
    from turbine.core.errors import IllegalAction

    r, s = new_state(2, seed=2)  # the auction
    with pytest.raises(IllegalAction, match=r"^'buy 3 coal' answers your turn to buy resources") as refused:
        standing_order(r, s, r.to_move(s), "buy 3 coal")
    assert refused.value.rule == "P-5"
    r, s, seat = _buying(coal_room=0)  # no room for even one: the first buy's own refusal
    with pytest.raises(IllegalAction):
        standing_order(r, s, seat, "buy 1 coal")
    r, s, seat = _buying()
    with pytest.raises(IllegalAction, match=r"buy at least 1 coal, or 'done' to buy no more"):
        standing_order(r, s, seat, "buy 0 coal")
