"""The score breakdown by source (core/scores.py): the contract every game keeps.

A summed breakdown adds up to :meth:`Rules.scores` for every seat, in every state a
game passes through, and a ranked one is :meth:`Rules.rank_key` component by
component; a replay of the log (:func:`turbine.core.replay.score_breakdown`) gives
what a ledger that listened during play heard.
"""

from __future__ import annotations

import pytest
from turbine.core import Breakdown, Game, Ledger, Seat
from turbine.core.replay import score_breakdown

GAMES = [
    ("sparks", (), {}, 3),
    ("power_grid", (), {}, 3),
    ("power_grid", ("subsidy",), {}, 2),
    ("barrage", (), {"mode": "intro"}, 2),
    ("barrage", (), {"mode": "full"}, 4),
    ("barrage", (), {"mode": "full", "vp_floor_zero": False}, 3),
    ("barrage", ("leeghwater",), {}, 3),
    ("barrage", ("grants",), {}, 4),
    ("barrage", ("leeghwater", "grants"), {}, 2),
]


def _bot_game(registry, variant, expansions, options, players, seed, kinds=("greedy", "random")):
    known = registry.bots_for(variant)
    wanted = [kinds[i % len(kinds)] for i in range(players)]
    seats = [Seat(f"bot {i + 1}", kind if kind in known else "random") for i, kind in enumerate(wanted)]
    return Game(
        registry, variant, players=players, seed=seed, options=options, expansions=expansions, seats=seats
    )


def _check(rules, state, ledger):
    """The invariant of one state: a sum adds up to the scores, a ranking is the rank key."""
    breakdown = rules.score_breakdown(state, ledger)
    scores = rules.scores(state)
    assert breakdown.players == rules.players
    assert breakdown.totals() == scores
    for seat in range(rules.players):
        rows = breakdown.rows(seat)
        if breakdown.ranked:
            assert tuple(points for _, points in rows) == tuple(rules.rank_key(state, seat))
        else:
            assert sum(points for _, points in rows) == scores[seat]
    return breakdown


@pytest.mark.parametrize(("variant", "expansions", "options", "players"), GAMES)
@pytest.mark.parametrize("seed", [1, 7])
def test_breakdown_adds_up_in_every_state_of_seeded_games(
    turbine_registry, variant, expansions, options, players, seed
):
    """Greedy and random bots play a whole game; after every move the breakdown (from
    the ledger that listened to each move) equals the scores, and halfway and at the
    end a replay of the log gives the very same breakdown."""
    game = _bot_game(turbine_registry, variant, expansions, options, players, seed)
    rules = game.rules
    bots = game.make_bots()
    ledger = Ledger()
    _check(rules, game.state, ledger)
    halfway = None
    while not game.is_over:
        action = bots[game.to_move].choose(game.state, game.legal())  # bots search outside the ledger
        with rules.keeping_score(ledger):
            game.play(action)
        breakdown = _check(rules, game.state, ledger)
        if halfway is None and len(game.log) == 40:
            halfway = len(game.log)
            assert score_breakdown(game) == breakdown  # mid-game, by replay
    assert halfway is not None
    assert score_breakdown(game) == _check(rules, game.state, ledger)
    if rules.scores_by_replay:
        assert ledger.sources  # the points did come from named sources


def test_breakdown_of_a_loaded_save_needs_nothing_saved(turbine_registry, tmp_path):
    """The breakdown of a reloaded game comes from its log: the save holds no new field,
    and loading it again (every digest checked) gives the same breakdown."""
    game = _bot_game(turbine_registry, "barrage", ("leeghwater",), {}, 2, 3)
    bots = game.make_bots()
    for _ in range(60):
        game.play(bots[game.to_move].choose(game.state, game.legal()))
    path = tmp_path / "g.json"
    game.save(str(path))
    assert "ledger" not in path.read_text() and "source" not in path.read_text()
    again = Game.load(turbine_registry, str(path))
    assert score_breakdown(again) == score_breakdown(game)
    assert score_breakdown(again).totals() == again.rules.scores(again.state)


def test_default_breakdown_is_the_score_itself(turbine_registry):
    """A game that says nothing of its sources: one row, named as its score."""
    game = _bot_game(turbine_registry, "sparks", (), {}, 2, 1)
    breakdown = score_breakdown(game)
    assert breakdown.sources == ("score",)
    assert breakdown.points == ((0,), (0,))
    assert not breakdown.ranked and breakdown.reading() == ""


def test_default_breakdown_reads_a_ledger_with_the_rest_as_other(turbine_registry):
    """A game that reports some of its points gets its sources without writing a
    breakdown; what the ledger did not hear shows as ``other``."""
    game = _bot_game(turbine_registry, "sparks", (), {}, 2, 1)
    rules = game.rules
    game.state.players[0].points = 5
    game.state.players[1].points = 2
    ledger = Ledger()
    with rules.keeping_score(ledger):
        rules.scored(0, "auctions", 3)
        rules.scored(1, "auctions", 2)
    rules.scored(0, "auctions", 100)  # nobody listens: not recorded
    breakdown = rules.score_breakdown(game.state, ledger)
    assert breakdown.sources == ("other", "auctions")
    assert breakdown.points == ((2, 3), (0, 2))
    assert breakdown.totals() == [5, 2]


def test_breakdown_shapes_and_readings():
    summed = Breakdown.summed(["start", "water", "fees"], [[10, 0, 2], [10, 0, -1]], "VP")
    assert summed.totals() == [12, 9]
    assert summed.rows(1) == [("start", 10), ("water", 0), ("fees", -1)]
    assert summed.get(0, "fees") == 2 and summed.get(0, "grants") == 0
    assert summed.reading() == "VP is the sum of the sources"
    shown = summed.without_empty()
    assert shown.sources == ("start", "fees") and shown.totals() == summed.totals()
    ranked = Breakdown.ranked_by(["cities powerable", "money", "cities"], [[5, 20, 7], [5, 31, 6]])
    assert ranked.totals() == [5, 5]
    assert ranked.reading() == "ranked by cities powerable, then money, then cities"
    assert ranked.without_empty() is ranked  # every component of a ranking counts
    assert ranked.to_data(["Red", "Blue"])["seats"][1] == {
        "seat": 2,
        "name": "Blue",
        "points": {"cities powerable": 5, "money": 31, "cities": 6},
        "total": 5,
    }
    with pytest.raises(ValueError, match="one number for each"):
        Breakdown.summed(["a", "b"], [[1]])
    with pytest.raises(ValueError, match="named twice"):
        Breakdown.summed(["a", "a"], [[1, 2]])
    with pytest.raises(ValueError, match="at least one source"):
        Breakdown.ranked_by([], [[]])


def test_ledger_orders_sources_and_keeps_named_columns():
    ledger = Ledger()
    ledger.add(1, "water", 2)
    ledger.add(0, "fees", 1)
    ledger.add(0, "fees", 2)
    assert ledger.points(0, "fees") == 3 and ledger.total(0) == 3 and ledger.total(1) == 2
    breakdown = ledger.breakdown(2, first={"start": [10, 10]}, order=["contracts", "water"], score_name="VP")
    assert breakdown.sources == ("start", "contracts", "water", "fees")
    assert breakdown.points == ((10, 0, 0, 3), (10, 0, 2, 0))
