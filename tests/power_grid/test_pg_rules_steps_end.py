"""Steps 2 and 3 (P-8, T-11, U-17, U-18), player order (P-3), end of game (P-9)."""

from __future__ import annotations

from pg_helpers import act, k, new_state, notations, play_until
from turbine.plugins.power_grid.state import STEP3, STEP3_NEXT_ROUND


def _done_building(r, s):
    while r.to_move(s) is not None and r.phase_name(s) == "building":
        act(r, s, "done")


def test_P_3_4_P_3_5_P_14_1_player_order_example():
    """P-3.6: no tie remains."""
    r, s = new_state(4, seed=1, map="russia")
    anna, danila, anzhela, valery = 0, 1, 2, 3
    s.players[anna].cities = list(range(6))
    s.players[danila].cities = list(range(5))
    s.players[anzhela].cities = list(range(5))
    s.players[valery].cities = list(range(4))
    s.players[anna].plants = [k(10)]
    s.players[danila].plants = [k(17), k(3)]
    s.players[anzhela].plants = [k(15)]
    s.players[valery].plants = [k(30)]
    r._rank(s)
    assert s.order == [anna, danila, anzhela, valery]


def test_P_8_1_P_8_2_step_2_starts_before_phase_5_P_6_15():
    """P-3.3."""
    r, s = new_state(4, seed=5, map="russia")
    play_until(r, s, "building", round_=2)
    seat = r.to_move(s)
    me = s.players[seat]
    me.cities = list(range(6))
    me.money = 200
    build = next(m for m in notations(r, s) if m.startswith("build"))
    act(r, s, build)  # the 7th city: Step 2 is reached
    assert s.step == 1  # P-6.15: this Phase 4 stays under Step 1
    lowest = s.market[0]
    _done_building(r, s)
    assert s.step == 2 and lowest in s.box  # P-8.2: lowest plant boxed, replaced


def test_P_9_1_game_ends_after_phase_4_P_9_3_winner():
    """P-7.12 / P-9.4: no Phase 5 and no income; P-9.2: no more moves."""
    r, s = new_state(4, seed=5, map="russia")
    play_until(r, s, "building", round_=2)
    seat = r.to_move(s)
    me = s.players[seat]
    me.cities = list(range(16))
    me.money = 200
    act(r, s, next(m for m in notations(r, s) if m.startswith("build")))
    assert r.to_move(s) is not None  # the others still build in this Phase 4
    money = [p.money for p in s.players]
    with r.narrating() as told:
        _done_building(r, s)
    assert r.is_over(s) and r.to_move(s) is None
    assert "The game ends after this Phase 4 (17 cities reached, P-9.1)" in told
    assert [p.money for p in s.players] == money  # P-9.4: no income
    assert r.legal_actions(s) == []


def _ended(r, s):
    s.ended = True
    s.flow.over = True


def test_P_9_3_tie_breaks_money_then_cities_U_19_shared():
    r, s = new_state(3, seed=1, map="russia")
    for p in s.players:
        p.plants = [k(13)]  # powers 1
        p.cities = [0, 1]
        p.money = 30
        p.res = [0, 0, 0, 0]
    s.players[2].plants = [k(18)]  # powers 2
    _ended(r, s)
    assert r.scores(s) == [1, 1, 2] and r.winner(s) == [2]
    s.players[2].plants = [k(13)]
    s.players[1].money = 31
    assert r.winner(s) == [1]  # money
    s.players[1].money = 30
    s.players[0].cities = [0, 1, 2]
    assert r.winner(s) == [0]  # then cities
    s.players[0].cities = [0, 1]
    assert r.winner(s) == [0, 1, 2]  # U-19: shared


def test_P_9_3_P_14_23_largest_network_can_lose():
    """P-9.5."""
    r, s = new_state(2, seed=1, map="russia")
    s.players[0].cities = list(range(21))
    s.players[0].plants = [k(4)]
    s.players[0].res = [0, 0, 0, 0]  # no coal: powers nothing
    s.players[1].cities = list(range(5))
    s.players[1].plants = [k(13), k(18)]
    assert r.winner(s) == [1]


def test_P_8_4_case_A_step_3_card_in_phase_2():
    """P-8.3, T-11 (Phase 2 row), P-14.24."""
    r, s = new_state(4, seed=5, map="russia")
    play_until(r, s, "auction", round_=2)
    s.step = 2
    under = [k(44), k(46)]
    s.deck = [*under, STEP3]  # the next card is the Step 3 card; 44, 46 lie under it
    lowest_before = s.market[0]
    act(r, s, f"auction {lowest_before // 3} bid {lowest_before // 3}")
    while s.auction is not None:
        act(r, s, "drop out")
    # placed as the highest card of the future market; it cannot be auctioned
    assert s.market[-1] == STEP3 and STEP3 not in r.actual_market(s)
    assert sorted(s.deck) == under  # reshuffled
    # later purchases are replaced from the reshuffled deck, below the Step 3 card
    chooser = r.to_move(s)
    s.players[chooser].money = 200
    lowest = s.market[0]
    act(r, s, f"auction {lowest // 3} bid {lowest // 3}")
    while s.auction is not None:
        act(r, s, "drop out")
    assert s.market[-1] == STEP3 and (k(44) in s.market or k(46) in s.market)
    while r.phase_name(s) == "auction":
        act(r, s, "pass")
    # end of Phase 2: lowest plant and the card go, without replacement; Step 3 from Phase 3
    assert s.step == 3 and STEP3 not in s.market
    assert len(s.market) == 4 and r.actual_market(s) == s.market  # P-8.7 Russia: 4, all actual


def test_P_8_5_case_B_japan_step_3_card_in_phase_4():
    """P-8.3, T-11 (Phase 4 row)."""
    r, s = new_state(4, seed=5, map="japan", regions=["red", "yellow", "purple", "green"])
    play_until(r, s, "building", round_=2)
    s.step = 2
    seat = r.to_move(s)
    me = s.players[seat]
    me.money = 300
    me.cities = [r.city_by_name[n] for n in ("Nagasaki", "Kumamoto", "Kagoshima", "Miyazaki", "Oita")]
    for c in me.cities:
        s.houses[c] = (seat,)
    me.networks = 1
    s.market = [k(n) for n in (6, 20, 21, 22, 23, 24, 25, 26)]
    s.deck = [k(40), STEP3]
    act(r, s, "start Fukuoka (10)")  # 6 cities: plant 6 is outdated, the Step 3 card is drawn
    assert k(6) in s.box and k(20) in s.box and STEP3 not in s.market
    assert len(s.market) == 6
    assert s.step == 2  # P-8.5 (4): the rest of Phase 4 under Step 2
    for p in s.players:
        p.cities = [] if p is not me else p.cities
    me.plants, me.res = [], [0, 0, 0, 0]
    _done_building(r, s)
    assert s.step == 3  # Step 3 begins with Phase 5
    play_until(r, s, "auction", round_=3)
    assert s.step == 3


def test_P_8_6_case_C_step_3_card_in_phase_5_resupply_with_step_2():
    """P-8.3, T-11 (Phase 5 row)."""
    r, s = new_state(4, seed=5, map="russia")
    play_until(r, s, "building", round_=2)
    s.step = 2
    for p in s.players:
        p.cities = []
    s.deck = [k(44), STEP3]
    s.resources = [0, 0, 0, 0]
    s.reserve = [24, 24, 24, 12]
    for p in s.players:
        p.res = [0, 0, 0, 0]
    highest = s.market[-1]
    with r.narrating() as told:
        _done_building(r, s)
    said = "Step 3 begins with the next round (P-8.6); this round's resupply, already done, was Step 2's"
    assert said in told
    assert any(line.endswith("the lowest plant leaves with the Step 3 card (P-8.6)") for line in told)
    # Step 2 resupply for 4 players: 4 / 6 / 3 / 2 (T-4 Russia)
    assert s.resources == [4, 6, 3, 2]
    assert s.deck[0] == highest or highest in s.deck  # under the deck, reshuffled
    assert STEP3 not in s.market and len(s.market) == 4
    assert r.phase_name(s) == "auction" and s.flow.round == 3
    assert s.step == 3 and s.step3 != STEP3_NEXT_ROUND  # began with Phase 1 of the next round


def test_U_18_step_3_card_at_start_of_step_2():
    """P-8.11."""
    for option, step_in_phase5 in (("case_b", 3), ("case_c", 2)):
        r, s = new_state(4, seed=5, map="russia", step3_at_step2_start=option)
        play_until(r, s, "building", round_=2)
        seat = r.to_move(s)
        me = s.players[seat]
        me.cities = list(range(6))
        me.money = 200
        act(r, s, next(m for m in notations(r, s) if m.startswith("build")))
        s.deck = [k(44), STEP3]
        for p in s.players:
            p.res = [0, 0, 0, 0]
        s.resources = [0, 0, 0, 0]
        s.reserve = [24, 24, 24, 12]
        me.plants = [k(13)]
        _done_building(r, s)
        # Step 2 start boxes the lowest plant and draws the Step 3 card
        expected = {3: [5, 4, 4, 2], 2: [4, 6, 3, 2]}[step_in_phase5]  # Russia 4p Step 3 / Step 2 amounts
        if r.to_move(s) is not None and r.phase_name(s) == "bureaucracy":
            act(r, s, notations(r, s)[-1])
        assert s.resources == expected, option


def test_U_17_step_3_card_in_step_1_skips_step_2():
    """P-8.11."""
    r, s = new_state(4, seed=5, map="russia")
    play_until(r, s, "auction", round_=2)
    s.deck = [STEP3]
    lowest = s.market[0]
    s.players[r.to_move(s)].money = 200
    act(r, s, f"auction {lowest // 3} bid {lowest // 3}")
    while s.auction is not None:
        act(r, s, "drop out")
    while r.phase_name(s) == "auction":
        act(r, s, "pass" if "pass" in notations(r, s) else notations(r, s)[0])
    assert s.step == 3
    play_until(r, s, "building")
    s.players[r.to_move(s)].cities = list(range(8))
    _done_building(r, s)
    assert s.step == 3


def test_round_limit_option_ends_the_game():
    r, s = new_state(3, seed=1, map="russia", max_rounds=2)
    play_until(r, s, "building", round_=2)
    _done_building(r, s)
    assert r.is_over(s) and s.flow.round == 2


def test_U_17_case_C_in_step_1_says_the_resupply_it_made():
    """U-17 (a): the Step 3 card drawn in Phase 5 while the game is still in Step 1 (the
    rulebook does not foresee it).  This Phase 5 resupplied as Step 1 before the card came
    out (P-7.6 comes before P-7.10), and the announcement says so; Step 3 begins next round."""
    r, s = new_state(4, seed=5, map="russia")
    play_until(r, s, "building", round_=2)
    assert s.step == 1
    for p in s.players:
        p.cities, p.res = [], [0, 0, 0, 0]
    s.deck = [k(44), STEP3]
    s.resources, s.reserve = [0, 0, 0, 0], [24, 24, 24, 12]
    with r.narrating() as told:
        _done_building(r, s)
    said = "Step 3 begins with the next round (P-8.6); this round's resupply, already done, was Step 1's"
    assert said in told
    assert s.resources == [3, 5, 3, 1]  # T-4 Russia, 4 players, Step 1
    play_until(r, s, "auction", round_=3)
    assert s.step == 3


def test_the_round_limit_of_the_max_rounds_option_is_said_as_no_rule():
    """``max_rounds`` is the engine's bound, not the rulebook's: its end cited P-9.1, which
    ends the game on the city count only."""
    r, s = new_state(3, seed=5, map="russia", max_rounds=1)
    play_until(r, s, "building", round_=1)
    with r.narrating() as told:
        while r.to_move(s) is not None and r.phase_name(s) == "building":
            _done_building(r, s)
    assert r.is_over(s)
    assert (
        "The game ends after this Phase 4 (round 1, the limit of the max_rounds option, not a rule)" in told
    )
