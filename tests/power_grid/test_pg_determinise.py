"""Determinisation of a Power Grid view (:meth:`PowerGridRules.determinise`): the deck
cards a seat cannot see dealt again, consistently with everything it can (P-2.9-P-2.11,
U-2, P-8.4-P-8.6), for searching bots."""

from __future__ import annotations

from collections import Counter

import pytest
from turbine.core import Game, Rng
from turbine.core.testing import make_game, play_until, position
from turbine.plugins.power_grid.plants import FLOW_GENERATOR, STANDARD, key_of
from turbine.plugins.power_grid.state import HIDDEN, STEP3


def _game(moves: int, seed: int = 4, players: int = 2, **options) -> Game:
    game = make_game("power_grid", players=players, seed=seed, options={"map": "russia", **options})
    if moves:
        play_until(game, lambda g: len(g.log) >= moves, bots="random")
    return game


def _reshuffled() -> Game:
    """A game past the Step 3 reshuffle (P-8.4-P-8.6): the whole deck is face down."""
    game = _game(0, seed=1)
    play_until(game, lambda g: STEP3 not in g.state.deck and len(g.state.deck) > 3, bots="random")
    return game


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return [_game(0), _game(30), _game(120, seed=9, players=3), _game(40, flow_generator=True), _reshuffled()]


def _cards(state) -> Counter[int]:
    """Every plant card in sight of the table in ``state``, counted."""
    held = [k for p in state.players for k in p.plants]
    lot = [state.auction.lot] if state.auction is not None else []
    return Counter(k for k in [*state.deck, *state.market, *state.box, *held, *lot] if k != STEP3)


def test_a_determinisation_agrees_with_the_view_and_deals_each_unseen_card_once(games):
    for game in games:
        rules = game.rules
        for seat in range(game.players):
            view = rules.view(game.state, seat)
            assert HIDDEN in view.deck
            d = rules.determinise(view, seat, Rng.from_seed(seat))
            # what the seat sees is unchanged: the determinisation shows it the same view
            assert rules.view(d, seat) == view
            assert HIDDEN not in d.deck
            cards = _cards(d)
            assert max(cards.values()) == 1  # each card once
            # the cards not dealt are exactly the ones removed unseen at setup (P-2.11)
            in_game = set(STANDARD) | ({FLOW_GENERATOR} if rules.o.flow_generator else set())
            assert len(in_game - set(cards)) == d.unseen_removed
            assert set(cards) <= in_game
            assert d.rng != view.rng


def test_a_determinisation_is_a_legal_position_that_plays_on(games):
    for game in games:
        d = game.rules.determinise(game.rules.view(game.state, 0), 0, Rng.from_seed(7))
        twin = make_game("power_grid", players=game.players, seed=game.seed, options=game.options)
        twin.state = d
        # the builder's checks find nothing the real game does not have (a seat holding
        # a plant too many while he is to discard one is a moment of play, P-4.4)
        assert position(twin).problems() == position(game).problems()
        assert all("plants; the most is" in p for p in position(game).problems())
        played = play_until(twin, lambda g: g.is_over or len(g.log) >= 150, bots="random")
        assert played > 0


def test_the_same_rng_gives_the_same_determinisation(games):
    rules, state = games[1].rules, games[1].state
    view = rules.view(state, 1)
    first = rules.determinise(view, 1, Rng.from_seed(3))
    assert first == rules.determinise(view, 1, Rng.from_seed(3))
    others = {tuple(rules.determinise(view, 1, Rng.from_seed(s)).deck) for s in range(8)}
    assert len(others) > 1
    assert rules.view(state, 1) == view  # the view itself is left alone


def test_seeded_plants_stay_in_the_top_of_the_deck_while_unseen():
    """U-2 (Russia: plants 10 and 11 are shuffled into the top cards below the 13): a
    determinisation deals them there too, as setup could have."""
    game = _game(0)
    rules, state = game.rules, game.state
    seeded = {key_of(10), key_of(11)}
    top = state.deck[-6:]  # the 13, then the five cards with the seeded plants among them
    assert seeded <= set(top)
    view = rules.view(state, 0)
    for s in range(20):
        d = rules.determinise(view, 0, Rng.from_seed(s))
        assert seeded <= set(d.deck[-6:])
        assert d.deck[-1] == state.deck[-1] == key_of(13)  # P-2.9: known, never dealt again


def test_after_the_step_3_reshuffle_the_whole_deck_is_dealt_again(games):
    """P-8.4-P-8.6: the reshuffled deck is all face down; any unseen plant may be anywhere."""
    game = games[-1]
    view = game.rules.view(game.state, 0)
    assert all(card == HIDDEN for card in view.deck)
    unseen = set(STANDARD) - set(_cards(view))
    decks = [game.rules.determinise(view, 0, Rng.from_seed(s)).deck for s in range(6)]
    for deck in decks:
        assert len(deck) == len(view.deck) and set(deck) <= unseen and len(set(deck)) == len(deck)
    assert len({tuple(deck) for deck in decks}) > 1


def test_seeded_plants_may_be_any_of_the_five_cards_below_the_13():
    """P-11.4 / U-2 (d): plants 10 and 11 are shuffled into the five cards just below plant
    13, so a determinisation puts them on each of those five places and on no other."""
    game = _game(0)
    rules = game.rules
    view = rules.view(game.state, 0)
    seeded = {key_of(10), key_of(11)}
    places = Counter()
    for s in range(60):
        deck = rules.determinise(view, 0, Rng.from_seed(s)).deck
        below_13 = deck[-2::-1]  # the deck from the card under the 13 down
        places.update(i for i, card in enumerate(below_13) if card in seeded)
    assert set(places) == {0, 1, 2, 3, 4}
