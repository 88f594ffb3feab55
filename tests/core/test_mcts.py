"""The ``mcts`` bot (:mod:`turbine.core.mcts`) and bot options (:mod:`turbine.core.botopts`).

Each game here is small or short: the example game Sparks plays a whole game in a
few dozen decisions, and the Power Grid and Barrage positions are a few random moves
into a game, searched with a tiny iteration budget.
"""

from __future__ import annotations

import pytest
from turbine.core import BadOptions, Game, Rng, Rules
from turbine.core.botopts import parse_bot_options, with_bot_options
from turbine.core.mcts import MctsBot, MctsOptions
from turbine.core.plugins import default_registry
from turbine.core.savefile import Seat
from turbine.core.testing import check_variant, make_game, play_until

TINY = MctsOptions(iterations=6, depth=6)


def _after(variant: str, moves: int, seed: int = 3, **options) -> Game:
    game = make_game(variant, players=2, seed=seed, options=options or None)
    play_until(game, lambda g: len(g.log) >= moves, bots="random")
    return game


def _positions() -> list[Game]:
    return [_after("power_grid", 12, map="russia"), _after("barrage", 9, mode="full")]


@pytest.fixture(scope="module")
def positions() -> list[Game]:
    return _positions()


def test_mcts_is_registered_for_every_variant():
    registry = default_registry()
    for variant in registry.variants:
        assert "mcts" in registry.bots_for(variant)
    assert registry.bot("mcts", "barrage").options is MctsOptions


def test_mcts_passes_the_conformance_kit(registry):
    """Issue 15 item 4: the kit plays whole games with mcts in every seat, checking after
    each move that the bot left the state alone and chose a legal move."""
    tiny = with_bot_options(registry, {"mcts": MctsOptions(iterations=4, depth=4)})
    report = check_variant("sparks", players=[2, 3], seeds=range(2), bot="mcts", registry=tiny)
    assert report.games == 4 and report.actions > 0


def test_mcts_conforms_on_power_grid():
    tiny = with_bot_options(default_registry(), {"mcts": MctsOptions(iterations=2, depth=2)})
    report = check_variant(
        "power_grid", players=[2], seeds=[1], bot="mcts", registry=tiny, options={"map": "russia"}
    )
    assert report.games == 1


def test_a_fixed_budget_and_seed_give_the_same_moves(positions):
    for game in positions:
        seat = game.to_move
        first = MctsBot(game.rules, seat, 7, TINY)
        again = MctsBot(game.rules, seat, 7, TINY)
        legal = game.legal()
        assert len(legal) > 1
        assert [first.choose(game.state, legal) for _ in range(3)] == [
            again.choose(game.state, legal) for _ in range(3)
        ]
        assert first.stats.iterations == TINY.iterations and first.stats.searched


def test_the_bot_never_changes_the_state_and_chooses_a_legal_move(positions):
    for game in positions:
        before = game.rules.digest(game.state)
        action = MctsBot(game.rules, game.to_move, 1, TINY).choose(game.state, game.legal())
        assert game.rules.digest(game.state) == before
        assert action in game.legal()


def test_the_bot_given_the_view_plays_as_given_the_state(positions):
    """The bot looks at its seat's view first, and a view of a view is that view: handed
    the view instead of the state it searches the same tree and plays the same move."""
    for game in positions:
        seat = game.to_move
        view = game.rules.view(game.state, seat)
        legal = game.legal()
        from_state = MctsBot(game.rules, seat, 5, TINY).choose(game.state, legal)
        from_view = MctsBot(game.rules, seat, 5, TINY).choose(view, legal)
        assert from_state == from_view


def test_the_search_never_reads_what_the_seat_cannot_see(positions):
    """Reordering the hidden cards of the real state (Power Grid's face-down deck,
    Barrage's contract stacks) does not change the bot's move."""
    pg, barrage = positions
    twins = [pg.rules.clone(pg.state), barrage.rules.clone(barrage.state)]
    hidden = [i for i, c in enumerate(pg.rules.view(twins[0], pg.to_move).deck) if c == -1]
    cards = [twins[0].deck[i] for i in hidden]
    for i, card in zip(hidden, reversed(cards), strict=True):
        twins[0].deck[i] = card
    twins[1].stacks = [list(reversed(stack)) for stack in twins[1].stacks]
    for game, twin in zip(positions, twins, strict=True):
        assert twin != game.state
        seat, legal = game.to_move, game.legal()
        assert MctsBot(game.rules, seat, 2, TINY).choose(game.state, legal) == MctsBot(
            game.rules, seat, 2, TINY
        ).choose(twin, legal)


def test_one_legal_answer_costs_no_search(monkeypatch):
    game = make_game("sparks", players=2, seed=0)
    bot = MctsBot(game.rules, 0, 0, TINY)

    def refuse(*args, **kwargs):
        raise AssertionError("a forced move must not be searched")

    monkeypatch.setattr(game.rules, "determinise", refuse)
    only = game.legal()[0]
    assert bot.choose(game.state, [only]) == only
    assert not bot.stats.searched and bot.stats.iterations == 0


def test_the_search_is_not_narrated(positions):
    """The moves the search tries are not the table's: nothing is told while it runs."""
    game = positions[0]
    with game.rules.narrating() as lines:
        MctsBot(game.rules, game.to_move, 1, TINY).choose(game.state, game.legal())
    assert lines == []


def test_a_time_budget_stops_the_search():
    game = _after("power_grid", 12, map="russia")
    bot = MctsBot(game.rules, game.to_move, 1, MctsOptions(seconds=0.05, depth=4))
    bot.choose(game.state, game.legal())
    assert bot.stats.iterations >= 1 and bot.stats.seconds < 1.0


def test_mcts_beats_random_at_sparks():
    """A seeded sample, seats alternating: 30 playouts a move win clearly.  Seeded, so
    the count is the same on every run; 5 of 10 would be parity."""
    registry = default_registry()
    wins = 0.0
    for seed in range(10):
        me = seed % 2
        game = Game(
            registry, "sparks", players=2, seed=seed, seats=[Seat("a", "random"), Seat("b", "random")]
        )
        bots = game.make_bots()
        bots[me] = MctsBot(game.rules, me, seed, MctsOptions(iterations=30, depth=None))
        while not game.is_over:
            seat = game.to_move
            game.play(bots[seat].choose(game.state, game.legal()))
        winners = game.rules.winner(game.state)
        wins += (me in winners) / len(winners)
    assert wins >= 9


def test_the_default_determinisation_is_a_copy_of_the_view_and_sparks_deals_its_deck():
    """The core's default suits a game that hides nothing; Sparks hides its deck and deals
    it again from the generators seen nowhere."""
    game = _after("sparks", 5)
    view = game.rules.view(game.state, 0)
    copy = Rules.redeal(game.rules, view, 0, Rng.from_seed(1))
    assert copy == view and copy is not view
    dealt = game.rules.determinise(view, 0, Rng.from_seed(1))
    assert game.rules.view(dealt, 0) == view
    assert sorted(dealt.deck) == sorted(game.state.deck)
    assert dealt == game.rules.determinise(view, 0, Rng.from_seed(1))


# -- bot options -----------------------------------------------------------------------


def test_bot_options_are_typed_and_bound_to_a_copy_of_the_registry():
    registry = default_registry()
    options = parse_bot_options(registry, "sparks", ["mcts.iterations=12", "mcts.depth=null"])
    assert options == {"mcts": MctsOptions(iterations=12, depth=None)}
    bound = with_bot_options(registry, options)
    game = Game(bound, "sparks", players=2, seed=0, seats=[Seat("a", "mcts"), Seat("b", "random")])
    assert game.make_bots()[0].bot.options == MctsOptions(iterations=12, depth=None)
    plain = Game(registry, "sparks", players=2, seed=0, seats=[Seat("a", "mcts"), Seat("b", "random")])
    assert plain.make_bots()[0].bot.options == MctsOptions()  # the registry itself is unchanged
    assert with_bot_options(registry, {}) is registry


@pytest.mark.parametrize(
    ("pair", "message"),
    [
        ("mcts.iterations=0", "bad option mcts.iterations"),
        ("mcts.iterations=true", "^bad option mcts.iterations: give a number, not true$"),  # read as 1
        ("mcts.seconds=fast", "bad option mcts.seconds"),
        ("mcts.widening=inf", "bad option mcts.widening: Input should be a finite number"),
        ("mcts.exploration=nan", "bad option mcts.exploration: Input should be a finite number"),
        ("mcts.seconds=inf", "bad option mcts.seconds: Input should be a finite number"),
        ("mcts.seconds=1e308", "bad option mcts.seconds: Input should be less than or equal to 3600"),
        ("mcts.iterations=1000000000", "bad option mcts.iterations: Input should be less than or equal to"),
        ("mcts.speed=3", "bot 'mcts' has no option 'speed'; its options: iterations, seconds, exploration, "),
        ("mcts=3", "expects BOT.KEY=VALUE"),
        ("random.iterations=3", "takes no options"),
        ("nobody.iterations=3", "no bot 'nobody'"),
    ],
)
def test_bad_bot_options_are_refused_in_one_line(pair, message):
    with pytest.raises(BadOptions, match=message) as caught:
        parse_bot_options(default_registry(), "sparks", [pair])
    assert "\n" not in str(caught.value)


def _cli(argv: list[str], capsys) -> tuple[int, str]:
    from turbine.cli.app import main

    with pytest.raises(SystemExit) as exited:
        main(argv)
    out = capsys.readouterr()
    return int(exited.value.code or 0), out.out + out.err


def test_simulate_takes_bot_options(capsys):
    args = ["simulate", "sparks", "--games", "2", "--bots", "mcts,random", "--json"]
    code, text = _cli([*args, "--bot-option", "mcts.iterations=3"], capsys)
    assert code == 0, text
    assert '"finished": 2' in text
    code, text = _cli([*args, "--bot-option", "mcts.iterations=-1"], capsys)
    assert code == 2
    assert "mcts.iterations" in text and len(text.strip().splitlines()) == 1


def test_the_progressive_bias_keeps_the_search_on_the_policy_move(positions):
    """The bonus ``bias / (1 + visits)`` goes to the rollout policy's move: with an
    overwhelming bias every iteration that does not widen the root goes through it, so
    the bot plays the policy's move; without it the search spreads over the moves."""
    for game in positions:
        seat = game.to_move
        view = game.rules.view(game.state, seat)
        strong = MctsBot(game.rules, seat, 5, MctsOptions(iterations=12, depth=4, bias=1e9))
        root = strong._search(view, seat)
        assert root.preferred is not None
        widened = len(root.children) - 1  # each other move tried once, when the root widened
        assert widened > 0
        assert root.children[root.preferred].visits == 12 - widened
        assert strong.choose(game.state, game.legal()) == root.children[root.preferred].action
        unbiased = MctsBot(game.rules, seat, 5, MctsOptions(iterations=12, depth=4, bias=0))
        spread = unbiased._search(view, seat)
        assert max(child.visits for child in spread.children.values()) < 12


@pytest.mark.parametrize(
    ("seconds", "bias"),
    [
        (None, 3.0),  # an iteration budget keeps 3: its moves must not depend on the machine
        (0.03, 3.0),
        (0.3, 3.0),  # the budget the targets were measured at, unchanged
        (0.31, 3.1),
        (0.5, 5.0),
        (1.0, 10.0),  # where bias=10 won 22 of 24 games, two- and four-player (docs/bots.md)
        (4.0, 10.0),  # no longer budget was measured: it stays at 10
    ],
)
def test_power_grid_trusts_its_greedy_move_more_under_a_time_budget_above_a_third_of_a_second(seconds, bias):
    rules = _after("power_grid", 0).rules
    exact = bias if seconds != 0.31 else pytest.approx(bias)  # 3 at 0.3 s is exactly 3, as before
    assert rules.search_bias(seconds) == exact
    options = MctsOptions() if seconds is None else MctsOptions(seconds=seconds)
    assert MctsBot(rules, 0, 1, options).bias == exact


@pytest.mark.parametrize("seconds", [None, 0.3, 1.0, 4.0])
def test_barrage_keeps_a_bias_of_3_at_every_budget(seconds):
    """At 1 s a bias of 10 won 17 of 24 four-player Barrage games, where 3 won all 24."""
    rules = _after("barrage", 0).rules
    assert rules.search_bias(seconds) == 3.0
    options = MctsOptions() if seconds is None else MctsOptions(seconds=seconds)
    assert MctsBot(rules, 0, 1, options).bias == 3.0


@pytest.mark.parametrize("variant", ["power_grid", "barrage"])
def test_a_bias_given_in_the_options_is_the_bias_used(variant):
    rules = _after(variant, 0).rules
    for bias in (0.0, 7.0):
        assert MctsBot(rules, 0, 1, MctsOptions(seconds=1.0, bias=bias)).bias == bias
        assert MctsBot(rules, 0, 1, MctsOptions(bias=bias)).bias == bias


def test_the_default_bias_of_an_iteration_budget_searches_as_a_bias_of_3(positions):
    """The default (``bias`` unset) and ``bias=3`` grow the same tree from the same seed."""
    for game in positions:
        seat = game.to_move
        view = game.rules.view(game.state, seat)
        trees = []
        for options in (MctsOptions(iterations=12, depth=4), MctsOptions(iterations=12, depth=4, bias=3.0)):
            root = MctsBot(game.rules, seat, 5, options)._search(view, seat)
            trees.append(sorted((key, child.visits, child.wins) for key, child in root.children.items()))
        assert trees[0] == trees[1]
