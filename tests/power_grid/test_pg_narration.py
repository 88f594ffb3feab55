"""The automatic steps said aloud: ``Game.play`` collects what the rules tell (``Game.told``)
after the move that set them off, and only that move's: incomes by the payment table,
resupply, plants leaving and entering the market, Step changes, the new player order,
and the answers the rules give for a player when only one is possible."""

from __future__ import annotations

from pg_helpers import REGISTRY, default_choice, k
from turbine.core import Game, Seat
from turbine.plugins.power_grid.actions import plant_label
from turbine.plugins.power_grid.state import STEP3
from turbine.plugins.power_grid.words import plant_long


def _game(seed: int = 5, **options) -> Game:
    return Game(REGISTRY, "power_grid", players=4, seed=seed, options=options)


def _dull(game: Game) -> None:
    game.play(default_choice(game.rules, game.state))


def _play_until(game: Game, phase: str, round_: int) -> None:
    while not (game.rules.phase_name(game.state) == phase and game.state.flow.round == round_):
        _dull(game)


def _seat(seat: int) -> str:
    """How the narration names a seat's player: by name, here the default ``Player 2``."""
    return f"Player {seat + 1}"


def test_P_7_5_T_1_incomes_resupply_market_and_order_are_told_after_the_last_powering():
    """P-14.17: plants 7, 10 and 15 with 6 cities power 6 (capacity 7, P-7.3) and pay 73
    (T-1, P-7.5); the seats with no city are paid 10 without being asked.  Then, in the
    order of Phase 5 and the next round: the resupply by T-4 (Russia, 4 players, Step 1:
    coal 3, oil 5, garbage 3, uranium 1; P-7.6-P-7.8), the highest plant under the deck
    and its replacement (P-7.10), and the new player order (P-3.4)."""
    game = _game(seed=5)
    _play_until(game, "building", 2)
    s = game.state
    anna = s.order[0]
    me = s.players[anna]
    me.plants, me.res, me.cities = [k(7), k(10), k(15)], [4, 3, 0, 0], [0, 1, 2, 3, 4, 5]
    while game.rules.phase_name(s) == "building":
        _dull(game)
        assert not any("Elektro, now" in line for line in game.told)  # nobody is paid in Phase 4
    assert game.rules.phase_name(s) == "bureaucracy" and game.to_move == anna
    money = {seat: p.money for seat, p in enumerate(s.players)}
    market, on_market, reserve = list(s.market), list(s.resources), list(s.reserve)
    game.play(game.find("power 7 10 15"))
    told = game.told
    others = [seat for seat in s.order if seat != anna]
    assert told[:4] == [
        f"{_seat(anna)} powers all 6 cities (their plants could power 7): +73 Elektro, "
        f"now {money[anna] + 73} (T-1, P-7.5)",
        *(
            f"{_seat(seat)} powers no city (no city connected): +10 Elektro, now {money[seat] + 10} "
            "(T-1, P-7.5)"
            for seat in others
        ),
    ]
    burned = [4, 3, 0, 0]  # 2 + 2 coal, 3 oil go to the reserve (P-7.4)
    parts = []
    for name, due, n, held, spent, cap in zip(
        ("coal", "oil", "garbage", "uranium"),
        (3, 5, 3, 1),
        on_market,
        reserve,
        burned,
        (24, 24, 24, 12),
        strict=True,
    ):
        now = min(cap, n + min(due, held + spent))
        short = "" if now - n == due else (" (market full)" if now == cap else " (reserve empty)")
        parts.append(f"{name} +{now - n} → {now}{short}")
    assert told[4] == "Resupply (Step 1, P-7.6): " + ", ".join(parts)
    assert told[5] == f"{plant_long(market[-1]).capitalize()} goes under the deck (P-7.10)"
    assert s.deck[0] == market[-1]
    new = next(p for p in s.market if p not in market)
    assert told[6] == f"New in the plant market: {plant_long(new)}"
    places = ", ".join(
        f"{n} {_seat(seat)}" for n, seat in zip(("1st", "2nd", "3rd", "4th"), s.order, strict=True)
    )
    assert told[7:] == [f"Player order (most cities first, P-3.4): {places}"]
    assert s.order[0] == anna  # 6 cities, the most (P-3.4)
    _dull(game)  # the next move's lines replace them
    assert not any("Elektro, now" in line for line in game.told)


def test_P_4_5_P_4_6_P_3_9_sales_new_plants_and_the_round_1_order_are_told():
    """Each sale names the buyer, the plant and the price; the plant drawn to replace it
    (P-4.7) follows; the last opener buys alone at his bid (P-4.6); after the last sale of
    round 1 the order is set by the highest plant (P-3.9)."""
    game = _game(seed=2)
    opener = game.to_move
    game.play(game.find("auction 3 bid 3"))
    while game.state.auction is not None:
        before = list(game.state.market)
        _dull(game)  # the others drop out
    assert game.told[0] == f"{_seat(opener)} buys plant 3 (2 oil → 1 city) for 3 Elektro"
    new = next(p for p in game.state.market if p not in before)
    assert game.told[1] == f"New in the plant market: {plant_long(new)}"
    while game.rules.phase_name(game.state) == "auction":
        last = game.to_move
        _dull(game)
    assert game.told[0].startswith(f"{_seat(last)} buys plant ")
    assert game.told[0].endswith(" Elektro (nobody else may bid, P-4.6)")
    places = ", ".join(
        f"{n} {_seat(s)}" for n, s in zip(("1st", "2nd", "3rd", "4th"), game.state.order, strict=True)
    )
    assert game.told[-1] == f"Player order (highest plant first, P-3.9): {places}"


def test_P_4_5_a_bidder_who_cannot_raise_is_said_to_drop_out():
    """P-4.5: a bidder whose money does not beat the high bid drops out, said aloud."""
    game = _game(seed=2)
    opener = game.to_move
    poor = (opener + 1) % 4
    game.state.players[poor].money = 3
    game.play(game.find("auction 3 bid 3"))
    assert game.told[0] == f"{_seat(poor)} has 3 Elektro, too few to bid over 3, and drops out (P-4.5)"
    assert poor not in game.state.auction.bidders


def test_P_11_5_the_first_pass_removes_the_lowest_plant_aloud():
    """Russia (P-11.5, U-4 a): from round 2, the first player in order passing boxes the
    lowest plant and draws a replacement."""
    game = _game(seed=3)
    _play_until(game, "auction", 2)
    lowest = game.state.market[0]
    shown = game.rules.choice_text(game.state, game.find("pass"))
    assert shown == f"pass  (buy no plant this round; plant {plant_label(lowest)} goes to the box (P-11.5))"
    game.play(game.find("pass"))
    assert game.rules.choice_text(game.state, game.find("pass")) == "pass  (buy no plant this round)"  # once
    assert game.told[0] == (
        f"{plant_long(lowest).capitalize()} goes to the box: "
        "the first player in order passes, which removes it (P-11.5, U-4 a)"
    )
    assert game.told[1].startswith("New in the plant market: plant ")
    assert game.state.box[-1] == lowest


def test_P_8_1_P_8_2_step_2_is_told_with_the_plant_it_removes():
    """A player with 7 cities at the end of Phase 4 (4 players, T-2) starts Step 2 before
    Phase 5; the lowest plant goes to the box and is replaced (P-8.2)."""
    game = _game(seed=3)
    _play_until(game, "building", 2)
    game.state.players[game.state.order[0]].cities = list(range(7))
    lowest = game.state.market[0]
    while game.rules.phase_name(game.state) == "building":
        _dull(game)
    told = game.told
    start = told.index("Step 2 begins (P-8.1): a player has 7 cities")
    assert told[start + 1] == (
        f"{plant_long(lowest).capitalize()} goes to the box: the lowest plant leaves as Step 2 begins (P-8.2)"
    )
    assert told[start + 2].startswith("New in the plant market: ")
    assert game.state.step == 2


def test_P_8_4_the_step_3_card_drawn_in_phase_2_is_told_twice():
    """Case A: drawn in Phase 2 it waits in the market; at the end of Phase 2 it leaves
    with the lowest plant and Step 3 begins."""
    game = _game(seed=3)
    _play_until(game, "auction", 2)
    deck = game.state.deck
    deck.remove(STEP3)
    deck.append(STEP3)  # on top: the first pass draws it (P-11.5)
    game.play(game.find("pass"))
    assert game.told[1].startswith("The Step 3 card is drawn; the deck under it is shuffled (")
    assert game.told[2] == "It waits at the end of the market: Step 3 begins after this auction phase (P-8.4)"
    while game.rules.phase_name(game.state) == "auction":
        lowest = game.state.market[0]
        _dull(game)
    assert game.told[-2:] == [
        f"{plant_long(lowest).capitalize()} goes to the box: "
        "the lowest plant leaves with the Step 3 card (P-8.4)",
        "Step 3 begins (P-8.4): every plant in the market can be auctioned",
    ]
    assert game.state.step == 3


def test_nothing_is_told_outside_game_play_and_telling_changes_nothing():
    """The rules say their steps only while a game narrates; bots and replays that call
    ``apply`` directly pay nothing, and the same moves give the same state either way."""
    told = _game(seed=4)
    silent = _game(seed=4)
    heard = 0
    for _ in range(400):
        if told.is_over:
            break
        action = default_choice(told.rules, told.state)
        told.play(action)
        heard += len(told.told)
        assert not told.rules.telling()
        silent.rules.apply(silent.state, action)
    assert heard > 0
    assert told.rules.digest(told.state) == silent.rules.digest(silent.state)


def test_P_7_2_the_income_of_a_hybrid_is_told_once_its_mix_is_burned():
    """P-7.2: the mix a hybrid burns is a further step of the seat's powering; the income
    (1 city: 22, T-1) is said after it, not after choosing the plant."""
    game = _game(seed=5)
    _play_until(game, "building", 2)
    s = game.state
    me = s.players[s.order[0]]
    me.plants, me.res, me.cities = [k(5)], [2, 2, 0, 0], [0]
    while game.rules.phase_name(s) == "building":
        _dull(game)
    game.play(game.find("power 5"))
    assert game.told == []  # the mix is still to choose: nobody is paid yet
    game.play(game.find("burn 1 coal 1 oil"))
    assert game.told[0].startswith(f"{_seat(s.order[0])} powers their city: +22 Elektro")


def test_what_happened_names_the_player_as_typed():
    """The narration is plain text (the screen prints it as it is): a name that reads as
    markup is written as typed, with no escape."""
    from turbine.plugins.power_grid import narration

    game = Game(REGISTRY, "power_grid", players=2, seed=1, seats=[Seat("[b]Ann[/b]"), Seat("Ben")])
    told: list[str] = []
    game.rules.tell = told.append  # type: ignore[method-assign]
    narration.sold(game.rules, 0, k(5), 6, False)
    narration.cannot_raise(game.rules, 1, 9, 9)
    assert told[0].startswith("[b]Ann[/b] buys plant 5 ")
    assert told[1] == "Ben has 9 Elektro, too few to bid over 9, and drops out (P-4.5)"
