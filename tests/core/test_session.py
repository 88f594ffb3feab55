"""Game sessions: options, moves by text, illegal moves, undo."""

from __future__ import annotations

import pytest
from turbine.core import BadOptions, Game, IllegalAction, ParseError, default_registry


def test_options_are_validated_with_clear_messages(registry):
    with pytest.raises(BadOptions, match=r"option rounds: Input should be less than or equal to 10"):
        Game(registry, "sparks", players=2, seed=1, options={"rounds": "11"})
    with pytest.raises(BadOptions, match="unknown option colour; options: rounds"):
        Game(registry, "sparks", players=2, seed=1, options={"colour": "red"})
    with pytest.raises(
        BadOptions, match=r"unknown option u25_marks \(did you mean leeghwater\.u25_marks\?\); "
    ):
        Game(
            default_registry(),
            "barrage",
            players=2,
            seed=1,
            options={"u25_marks": "ext"},
            expansions=["leeghwater"],
        )
    with pytest.raises(BadOptions, match=r"unknown option leeghwater\.u25_markz; options of leeghwater: u1"):
        Game(
            default_registry(),
            "barrage",
            players=2,
            seed=1,
            options={"leeghwater": {"u25_markz": "ext"}},
            expansions=["leeghwater"],
        )
    with pytest.raises(BadOptions, match="Sparks is for 2–4 players, not 5"):
        Game(registry, "sparks", players=5, seed=1)
    assert Game(registry, "sparks", players=2, seed=1, options={"rounds": "2"}).options == {"rounds": 2}


def test_find_accepts_number_notation_and_unique_prefix(registry):
    game = Game(registry, "sparks", players=2, seed=1)
    assert game.rules.describe(game.find("1")) == "open 1"
    assert [game.find(str(n)) for n in (2, 3, 4)] == game.legal()[1:4]
    assert game.find(" 3 ") == game.legal()[2]
    assert game.rules.describe(game.find("OPEN   10")) == "open 10"
    assert game.rules.describe(game.find("pa")) == "pass"
    with pytest.raises(ParseError, match="could mean open 1 … open 10"):
        game.find("open")
    with pytest.raises(ParseError, match="no move number 99"):
        game.find("99")


def test_a_number_typed_is_never_the_start_of_a_longer_one(registry):
    """``bid 1`` under a high bid of 3 is that illegal bid, refused with its reason, not
    the start of ``bid 10`` (a cut word is a start; a number is what it says)."""
    game = Game(registry, "sparks", players=2, seed=1)
    game.play(game.find("open 3"))
    assert "bid 10" in [game.rules.describe(a) for a in game.legal()]
    with pytest.raises(IllegalAction, match="a bid must beat the high bid of 3"):
        game.find("bid 1")


def test_illegal_move_has_a_reason_and_changes_nothing(registry):
    game = Game(registry, "sparks", players=2, seed=1)
    game.play(game.find("open 3"))
    before = game.rules.digest(game.state)
    from turbine_sparks.game import Bid

    with pytest.raises(IllegalAction, match="a bid must beat the high bid of 3"):
        game.play(Bid(2))
    with pytest.raises(IllegalAction, match="you have 10 coins, you cannot bid 11"):
        game.play(Bid(11))
    assert game.rules.digest(game.state) == before and len(game.log) == 1


def test_undo_restores_the_exact_state(registry):
    game = Game(registry, "sparks", players=2, seed=1)
    start = game.rules.clone(game.state)
    game.play(game.find("open 3"))
    after_one = game.rules.clone(game.state)
    game.play(game.find("bid 4"))
    game.undo()
    assert game.state == after_one and len(game.log) == 1
    game.undo(5)
    assert game.state == start and game.log == []


def test_where_names_round_phase_and_seat(registry):
    game = Game(registry, "sparks", players=3, seed=1)
    assert game.where() == "round 1, auction, seat 1 (Player 1) to move"


def test_typed_illegal_move_gets_the_games_reason(registry):
    game = Game(registry, "sparks", players=2, seed=1)
    game.play(game.find("open 3"))
    with pytest.raises(IllegalAction, match="a bid must beat the high bid of 3"):
        game.find("bid 2")
    with pytest.raises(IllegalAction, match="'open 4' is not possible now"):
        game.find("open 4")
    with pytest.raises(ParseError, match="'fly away' is not a legal move now"):
        game.find("fly away")


def test_an_unknown_bot_in_a_seat_is_refused(registry):
    from turbine.core import Seat

    with pytest.raises(BadOptions, match="no bot 'nosuch' for sparks; bots: mcts, random, thrifty"):
        Game(registry, "sparks", players=2, seed=1, seats=[Seat("a"), Seat("b", "nosuch")])


@pytest.mark.parametrize("limit", [6, None])
def test_an_ambiguous_prefix_of_a_run_names_its_ends_and_how_many_there_are(registry, limit):
    """More than five moves that differ only by their last number (``open 1`` … ``open 10``):
    the run by its ends, and that the number is to be typed."""
    game = Game(registry, "sparks", players=2, seed=1)
    game._legal = game.legal()[:limit]  # open 1 … open 6, or every legal move
    opens = sum(game.rules.describe(a).startswith("open") for a in game.legal())
    assert opens == (limit or 10)
    with pytest.raises(ParseError) as info:
        game.find("open")
    assert str(info.value) == (
        f"'open' could mean open 1 … open {opens} ({opens} moves): type it with the number"
    )


@pytest.mark.parametrize("count", [2, 5])
def test_an_ambiguous_prefix_of_five_moves_or_fewer_names_them_all_without_a_count(registry, count):
    game = Game(registry, "sparks", players=2, seed=1)
    game._legal = game.legal()[:count]  # open 1 … open N: as if only these were legal
    with pytest.raises(ParseError) as info:
        game.find("open")
    named = ", ".join(f"open {n}" for n in range(1, count + 1))
    assert str(info.value) == f"'open' could mean several moves: {named}"


@pytest.mark.parametrize("typed", ["o", "O"])
def test_one_letter_of_the_one_move_it_starts_plays_nothing(registry, typed):
    """``x`` played ``x margot PB-05``, the one legal move it started: one letter typed by
    mistake used an officer's once-a-round space.  Two letters play it (``dr`` for ``drop
    out`` in Power Grid), and so do its number and a one-letter notation."""
    game = Game(registry, "sparks", players=2, seed=1)
    game._legal = game.legal()[:1]  # open 1 alone
    with pytest.raises(ParseError) as info:
        game.find(typed)
    assert str(info.value) == f"{typed!r} is one letter of 'open 1': type more of it, or its number"
    assert game.find("op") == game.find("1") == game.legal()[0]


def test_a_move_typed_without_its_first_words_is_suggested():
    """``MS1L`` for ``place MS1L``, ``build PB-01`` for the expansion's ``x build PB-01``:
    the move whose notation holds the typed words whole is named (a number stays whole:
    ``bank 1`` is no suggestion for ``1`` … nor ``WM1`` for ``WM1L``)."""
    game = Game(default_registry(), "barrage", players=2, seed=1, options={"mode": "intro"})
    with pytest.raises(ParseError, match=r"^'WM1L' is not a legal move now; did you mean 'place WM1L'\?$"):
        game.find("WM1L")
    with pytest.raises(ParseError, match=r"^'WM1' is not a legal move now$"):
        game.find("WM1")


def test_move_numbers_start_at_1(registry):
    game = Game(registry, "sparks", players=2, seed=1)
    count = len(game.legal())
    for number in (0, count + 1):
        with pytest.raises(ParseError) as info:
            game.find(str(number))
        assert str(info.value) == f"there is no move number {number}; moves are numbered 1–{count}"
    assert game.find(str(count)) == game.legal()[-1]
    game._legal = game.legal()[:1]  # one move: not "numbered 1–1"
    with pytest.raises(ParseError) as info:
        game.find("2")
    assert str(info.value) == "there is no move number 2; the one move is number 1"


@pytest.mark.parametrize("text", ["", "   "])
def test_no_move_given_is_said_so(registry, text):
    game = Game(registry, "sparks", players=2, seed=1)
    with pytest.raises(ParseError) as info:
        game.find(text)
    assert str(info.value) == "no move given: type its number, its notation or the start of it"


def test_bots_are_seeded_from_the_game_seed_plus_the_offset(registry):
    """``turbine move`` makes new bots after each saved move, seeded with the seed plus
    the log length, so a game resumed from a file goes on the same way every time."""
    from turbine.core import Seat
    from turbine.core.bots import RandomBot

    game = Game(registry, "sparks", players=2, seed=7, seats=[Seat("a", "random"), Seat("b", "random")])
    bot = game.make_bots(seed_offset=5)[0]
    twin = RandomBot(game.rules, 0, 12)
    legal = game.legal()
    assert [bot.choose(game.state, legal) for _ in range(20)] == [
        twin.choose(game.state, legal) for _ in range(20)
    ]


def test_seats_default_to_numbered_human_players(registry):
    game = Game(registry, "sparks", players=3, seed=1)
    assert [(s.name, s.kind) for s in game.seats] == [
        ("Player 1", "human"),
        ("Player 2", "human"),
        ("Player 3", "human"),
    ]


def test_rewind_goes_to_any_point_of_the_log_and_no_further(registry):
    game = Game(registry, "sparks", players=2, seed=1)
    game.play(game.find("open 3"))
    game.play(game.find("bid 4"))
    after_two = game.rules.clone(game.state)
    game.rewind(2)  # to where it is: nothing changes
    assert game.state == after_two and len(game.log) == 2
    with pytest.raises(BadOptions, match="the log has 2 actions, cannot go to 3"):
        game.rewind(3)
    with pytest.raises(BadOptions, match="cannot go to -1"):
        game.rewind(-1)
    game.rewind(0)
    assert game.log == []


def test_first_reveal_finds_the_moves_whose_outcome_something_hidden_decided():
    """A move shows something when its outcome differs on two deals of what the seat
    could not see: Sparks' sale draws the next generator from the hidden deck (a drop that
    ends an auction), an opening bid draws nothing; Power Grid's sale draws the next plant."""
    from turbine.core import Game, Seat, default_registry

    registry = default_registry()
    game = Game(registry, "sparks", players=2, seed=0, seats=[Seat("a"), Seat("b")])
    game.play(game.find("open 2"))
    game.play(game.find("bid 3"))
    assert game.first_reveal(0, [0, 1]) is None
    game.play(game.find("drop"))  # seat 1 takes it at 3; the next one is drawn
    assert game.first_reveal(0, [0, 1]) == 2 and game.first_reveal(2, [0, 1]) == 2
    assert game.first_reveal(3, [0, 1]) is None
    assert game.first_reveal(0, []) is None  # nobody watching: nothing shown to anyone

    pg = Game(registry, "power_grid", players=2, seed=1, seats=[Seat("a", "greedy"), Seat("b", "greedy")])
    bots, decks = pg.make_bots(), []
    while len(pg.log) < 40:
        decks.append(len(pg.state.deck))
        pg.play(bots[pg.to_move].choose(pg.state, pg.legal()))
    decks.append(len(pg.state.deck))
    shown = pg.first_reveal(0, [0])
    # a move after which a plant left the deck (P-4.8; the first, plant 13, lay known on top)
    assert shown is not None and decks[shown + 1] < decks[shown]
    # and an earlier move drew the 13, which every player knew: it showed nothing
    assert any(decks[i + 1] < decks[i] for i in range(shown))


def test_first_reveal_is_none_in_a_game_that_hides_nothing(monkeypatch):
    from turbine.core import Game, Rules, Seat, default_registry
    from turbine_sparks.game import SparksRules

    monkeypatch.setattr(SparksRules, "hide", Rules.hide)
    game = Game(default_registry(), "sparks", players=2, seed=0, seats=[Seat("a"), Seat("b")])
    for move in ("open 2", "drop"):
        game.play(game.find(move))
    assert game.first_reveal(0, [0, 1]) is None


def test_a_game_that_does_not_narrate_plays_the_same_and_says_nothing():
    """``simulate`` and ``tournament`` turn :attr:`Game.narrate` off: the words of the
    automatic steps (P-7.5's incomes) are not built, and the game is the same move for
    move; a game that narrates says them after the move that led to them."""
    from turbine.cli.games import Plan
    from turbine.core import Seat

    plan = Plan("power_grid", seed=3, players=2, seats=(Seat("A", "random"), Seat("B", "random")))
    quiet, narrated = plan.game(default_registry(), 0), plan.game(default_registry(), 0)
    narrated.narrate = True
    assert not quiet.narrate
    said: dict[bool, list[str]] = {True: [], False: []}
    for game in (quiet, narrated):
        bots = game.make_bots()
        while not game.is_over:
            game.play(bots[game.to_move].choose(game.state, game.legal()))
            said[game.narrate] += game.told
    assert [e.notation for e in quiet.log] == [e.notation for e in narrated.log]
    assert quiet.rules.digest(quiet.state) == narrated.rules.digest(narrated.state)
    assert said[False] == [] and any("Elektro" in line for line in said[True])
