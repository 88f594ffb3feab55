"""How bots and the seats no one named are called: a bot kind's display form
(:func:`turbine.core.bots.bot_label`) and the default seat names, with saves that keep the
names they were made with."""

from __future__ import annotations

import json

import pytest
from turbine.core import Game, Seat, default_registry
from turbine.core.bots import bot_label, default_seat_name


@pytest.mark.parametrize(
    ("kind", "label"),
    [
        ("mcts", "MCTS"),
        ("greedy", "Greedy"),
        ("random", "Random"),
        ("thrifty", "Thrifty"),
        ("mcts_fast", "MCTS fast"),
        ("fast-mcts", "Fast MCTS"),
        ("Greedy", "Greedy"),
    ],
)
def test_a_bot_kind_reads_as_words_with_its_acronyms_in_capitals(kind, label):
    assert bot_label(kind) == label


@pytest.mark.parametrize(
    ("index", "kind", "name"),
    [
        (0, "human", "Player 1"),
        (2, "mcts", "MCTS bot 3"),
        (1, "greedy", "Greedy bot 2"),
        (3, "random", "Random bot 4"),
    ],
)
def test_a_seat_no_one_named_is_called_by_its_number_and_who_plays_it(index, kind, name):
    assert default_seat_name(index, kind) == name


def test_a_game_without_seats_names_them_players():
    game = Game(default_registry(), "power_grid", players=3, seed=0)
    assert [seat.name for seat in game.seats] == ["Player 1", "Player 2", "Player 3"]


def test_a_save_keeps_the_bot_names_it_was_made_with(tmp_path):
    """Only new games get the display forms: a save's ``Mcts bot 2`` loads, plays on and
    is saved again as it was."""
    registry = default_registry()
    seats = [Seat("Player 1"), Seat("Mcts bot 2", "mcts")]
    game = Game(registry, "power_grid", players=2, seed=3, seats=seats)
    game.play(game.legal()[0])
    path = tmp_path / "old.json"
    game.save(str(path))
    again = Game.load(registry, str(path))
    assert again.rules.player_name(1) == "Mcts bot 2"
    again.play(again.legal()[0])
    again.save(str(path))
    assert json.loads(path.read_text())["seats"] == [
        {"name": "Player 1", "kind": "human"},
        {"name": "Mcts bot 2", "kind": "mcts"},
    ]
