"""Phase 2, the auction (P-4, P-11.5, P-12.4, P-10.6)."""

from __future__ import annotations

from pg_helpers import REGISTRY, act, k, new_state, notations, play_until
from turbine.core.testing import make_game, position
from turbine.plugins.power_grid.plants import FLOW_GENERATOR


def test_P_4_10_round_1_no_pass_and_P_4_4_openings():
    r, s = new_state(4, seed=2, map="russia")
    moves = notations(r, s)
    assert "pass" not in moves
    # only the actual market (03 04 05) can be auctioned, from its number up to his money (50)
    assert moves[0] == "auction 3 bid 3" and "auction 3 bid 50" in moves and "auction 3 bid 51" not in moves
    assert {m.split()[1] for m in moves} == {"3", "4", "5"}
    assert len(moves) == 48 + 47 + 46


def test_P_4_5_bidding_clockwise_from_opener_P_4_8_opener_lost_chooses_again():
    """Also P-4.7 (the replacement is drawn) and P-14.3.

    D-7: seat numbers are the clockwise seating.
    """
    r, s = new_state(4, seed=2, map="russia")
    opener = s.order[0]
    act(r, s, "auction 4 bid 4")
    # bidding goes clockwise by seat from the opener, whatever the player order
    assert r.to_move(s) == (opener + 1) % 4
    act(r, s, "bid 5")
    assert r.to_move(s) == (opener + 2) % 4
    act(r, s, "drop out")
    act(r, s, "drop out")
    assert r.to_move(s) == opener
    assert notations(r, s)[0] == "bid 6"
    act(r, s, "drop out")
    winner = (opener + 1) % 4
    assert k(4) in s.players[winner].plants and s.players[winner].money == 45
    # the opener lost: he is the chooser again, and in round 1 he must open another auction
    assert r.to_move(s) == opener and s.auction is None
    assert "pass" not in notations(r, s)
    # P-4.7: the market was refilled from the top of the deck (13)
    assert k(13) in s.market and k(4) not in s.market


def test_P_4_6_P_14_7_last_player_buys_at_his_opening_bid():
    r, s = new_state(3, seed=4, map="russia")
    for _ in range(2):
        chooser = r.to_move(s)
        act(r, s, "auction 3 bid 3" if k(3) in s.market else "auction 4 bid 4")
        assert r.to_move(s) != chooser
        while s.auction is not None:
            act(r, s, "drop out")
    last = r.to_move(s)
    plant = r.actual_market(s)[0]
    money = s.players[last].money
    r.apply(s, next(a for a in r.legal_actions(s) if getattr(a, "plant", None) == plant and a.bid == 20))
    assert plant in s.players[last].plants and s.players[last].money == money - 20
    assert r.phase_name(s) == "resources"


def test_P_3_9_round_1_order_by_plant_after_auction():
    """P-14.2."""
    r, s = new_state(4, seed=6, map="russia")
    play_until(r, s, "resources")
    highest = [max(s.players[seat].plants) for seat in s.order]
    assert highest == sorted(highest, reverse=True)


def test_P_4_9_P_14_8_plant_limit_discard_and_tokens_to_reserve():
    g = make_game("power_grid", players=4, seed=3, options={"map": "russia"}, registry=REGISTRY)
    play_until(g.rules, g.state, "auction", round_=2)
    seat = g.to_move
    # coal, coal, oil; the 8 coal and 2 oil bought on the market
    g = (
        position(g)
        .seat(seat)
        .plants(4, 10, 16, take=True)
        .fuel(coal=8, oil=2, from_market=True)
        .money(100)
        .build()
    )
    r, s = g.rules, g.state
    me = s.players[seat]
    reserve = list(s.reserve)
    plant = r.actual_market(s)[0]
    r.apply(s, next(a for a in r.legal_actions(s) if getattr(a, "plant", None) == plant))
    while s.auction is not None:
        act(r, s, "drop out")
    # P-4.9: only one of the three older plants may go, never the new one
    assert notations(r, s) == ["discard 4", "discard 10", "discard 16"]
    act(r, s, "discard 10")
    assert sorted(me.plants) == sorted([k(4), k(16), plant])
    # 4 coal fit on plant 4 (and on the new plant if it takes coal); the rest went to the reserve
    kept_coal = me.res[0]
    assert s.reserve[0] == reserve[0] + 8 - kept_coal
    assert k(10) in s.box


def _coal_overflow(rules_versions=None):
    """Coal plants 4 and 10 hold 8 coal, hybrid 5 holds 4 oil; plant 13 bought, 10 discarded."""
    r, s = new_state(4, seed=3, map="russia")
    r.rules_versions = dict(rules_versions or {})
    play_until(r, s, "auction", round_=2)
    seat = r.to_move(s)
    me = s.players[seat]
    me.plants = [k(4), k(10), k(5)]  # coal 4 + coal 4 + hybrid 4
    me.res = [8, 4, 0, 0]
    me.money = 100
    s.market[:3] = [k(13), k(18), k(22)]  # ecological plants: no storage
    s.market.sort()
    act(r, s, "auction 13 bid 13")
    while s.auction is not None:
        act(r, s, "drop out")
    reserve = list(s.reserve)
    act(r, s, "discard 10")
    return r, s, me, seat, reserve


def test_P_4_9_only_the_discarded_plants_tokens_go():
    """P-4.9: the tokens of the closed plant may move to the plants kept; those that do not
    fit go to the reserve.  Plant 10's 4 coal cannot move (plant 4 is full, the hybrid holds
    oil): they go, without a choice, and the hybrid keeps its oil."""
    r, s, me, seat, reserve = _coal_overflow()
    assert me.res == [4, 4, 0, 0]
    assert s.reserve[0] == reserve[0] + 4 and s.reserve[1] == reserve[1]
    assert r.to_move(s) != seat or s.flow.pending == []


def test_P_4_9_a_game_saved_under_rules_version_1_still_chooses_any_kind():
    """Rules version 1 let any kind go (4 tokens, either kind making room): a save made
    under it is replayed so."""
    r, s, me, seat, _ = _coal_overflow({"power_grid": 1})
    assert notations(r, s) == ["return coal", "return oil"]
    for text in ("return oil", "return oil", "return coal", "return coal"):
        act(r, s, text)
    assert me.res == [6, 2, 0, 0]
    assert r.to_move(s) != seat or s.flow.pending == []


def test_P_11_5_U_4_russia_first_pass_removes_cheapest_once():
    r, s = new_state(4, seed=8, map="russia")
    play_until(r, s, "auction", round_=2)
    lowest = s.market[0]
    top = s.deck[-1]
    act(r, s, "pass")
    assert lowest in s.box and lowest not in s.market
    assert top in s.market
    market = list(s.market)
    act(r, s, "pass")  # once per round
    assert s.market == market


def _round_2_after_position_one_buys(**options):
    """Round 2 of a Russia game, Phase 2, after position one opened and won an auction."""
    r, s = new_state(4, seed=8, map="russia", **options)
    play_until(r, s, "auction", round_=2)
    first = r.to_move(s)
    assert first == s.order[0]
    plant = r.actual_market(s)[0]
    s.players[first].money = 200
    r.apply(s, next(a for a in r.legal_actions(s) if getattr(a, "plant", None) == plant))
    while s.auction is not None or s.flow.pending:
        act(r, s, "drop out" if s.auction is not None else notations(r, s)[0])
    assert r.to_move(s) == s.order[1]
    return r, s


def test_P_11_5_U_4_a_only_position_one_triggers_removal():
    """P-11.5 as the rulebook words it (U-4 (a), the default): «если первый в очереди игрок
    решает не начинать аукцион и пасует» — only a pass by the player first in order removes
    the cheapest plant; position 1 bought, so position 2's pass removes nothing."""
    r, s = _round_2_after_position_one_buys()
    market = list(s.market)
    act(r, s, "pass")  # position 2 passes: no removal under (a)
    assert s.market == market


def test_U_4_b_a_pass_by_any_player_removes_the_cheapest_plant():
    """U-4 (b), an option: from round 2 the first pass of Phase 2 by *any* player removes
    the cheapest plant, not only a pass by position one."""
    r, s = _round_2_after_position_one_buys(pass_removal_trigger="first_pass")
    cheapest = r.actual_market(s)[0]
    act(r, s, "pass")  # position 2's pass is the round's first
    assert cheapest in s.box and cheapest not in s.market


def test_U_5_b_pass_removal_skipped_for_outdated_plant():
    r, s = new_state(4, seed=8, map="russia", pass_removal_skip_outdated=True)
    play_until(r, s, "auction", round_=2)
    s.players[0].cities = list(range(s.market[0] // 3))  # as many cities as the cheapest plant's number
    market = list(s.market)
    act(r, s, "pass")
    assert s.market == market


def test_P_11_7_U_23_no_sale_removal_not_on_russia():
    r, s = new_state(4, seed=8, map="russia")
    play_until(r, s, "auction", round_=2)
    for _ in range(4):
        act(r, s, "pass")
    # only the first-pass removal happened
    assert len([c for c in s.box if c not in (k(6), k(14))]) == 1


def test_P_12_4_japan_no_sale_removes_cheapest_at_end_of_phase_2():
    r, s = new_state(4, seed=8, map="japan")
    play_until(r, s, "auction", round_=2)
    lowest = s.market[0]
    box = len(s.box)
    for _ in range(4):
        assert lowest in s.market
        act(r, s, "pass")
    assert lowest in s.box and len(s.box) >= box + 1
    assert r.phase_name(s) == "resources"


def test_P_12_4_a_sale_keeps_the_cheapest_plant_and_is_counted():
    """P-12.4: the cheapest plant leaves only when no plant was sold in Phase 2; the
    round's sales are counted as they happen (one here)."""
    r, s = new_state(4, seed=8, map="japan")
    play_until(r, s, "auction", round_=2)
    assert s.sold == 0
    act(r, s, "auction 7 bid 7")
    while s.auction is not None:  # the others drop out: the opener buys it
        act(r, s, "drop out")
    assert s.sold == 1
    lowest = s.market[0]
    while r.phase_name(s) == "auction":
        act(r, s, "pass")
    assert s.sold == 1 and lowest in s.market


def test_U_22_b_japan_no_sale_at_end_of_round():
    r, s = new_state(4, seed=8, map="japan", no_sale_timing="round_end")
    play_until(r, s, "auction", round_=2)
    lowest = s.market[0]
    for _ in range(4):
        act(r, s, "pass")
    assert lowest in s.market
    play_until(r, s, "auction", round_=3)
    assert lowest in s.box


def test_P_10_6_flow_generator_entering_market_boxes_lowest_and_redraws():
    """A.1 (33⅓ step of draw_into_market)."""
    r, s = new_state(4, seed=1, map="russia", flow_generator=True)
    if FLOW_GENERATOR in s.deck:
        s.deck.remove(FLOW_GENERATOR)
    s.deck.append(FLOW_GENERATOR)  # on top
    nxt = s.deck[-2]
    act(r, s, "auction 5 bid 5")
    while s.auction is not None:
        act(r, s, "drop out")
    # 33⅓ came in, the lowest plant (03) went to the box, and a further card was drawn
    assert FLOW_GENERATOR in s.market and k(3) in s.box and nxt in s.market
    assert len(s.market) == 6


def test_P_14_26_flow_generator_lowest_boxes_itself():
    r, s = new_state(4, seed=1, map="russia", flow_generator=True)
    if FLOW_GENERATOR in s.deck:
        s.deck.remove(FLOW_GENERATOR)
    s.market = [k(n) for n in (3, 34, 35, 36, 37, 38)]
    s.deck.append(FLOW_GENERATOR)
    nxt = s.deck[-2]
    act(r, s, "auction 3 bid 3")
    while s.auction is not None:
        act(r, s, "drop out")
    assert FLOW_GENERATOR in s.box and nxt in s.market and FLOW_GENERATOR not in s.market


def test_P_10_6_flow_generator_minimum_bid_33_and_order_above_33():
    r, s = new_state(4, seed=1, map="russia", flow_generator=True)
    s.step = 3
    s.market = [FLOW_GENERATOR, k(33), k(34)]
    s.market.sort()
    assert s.market == [k(33), FLOW_GENERATOR, k(34)]
    moves = notations(r, s)
    assert "auction 33⅓ bid 33" in moves and "auction 33⅓ bid 32" not in moves


def test_P_14_25_empty_market_only_pass():
    r, s = new_state(4, seed=1, map="russia")
    play_until(r, s, "auction", round_=2)
    s.market = []
    s.deck = []
    assert notations(r, s) == ["pass"]


def test_P_4_5_cannot_bid_above_money_and_broke_bidder_drops_automatically():
    r, s = new_state(3, seed=2, map="russia")
    opener = r.to_move(s)
    nxt = (opener + 1) % 3
    s.players[nxt].money = 10
    act(r, s, "auction 4 bid 6")
    assert notations(r, s) == ["bid 7", "bid 8", "bid 9", "bid 10", "drop out"]
    act(r, s, "bid 10")
    third = (opener + 2) % 3
    assert r.to_move(s) == third
    act(r, s, "drop out")
    assert r.to_move(s) == opener
    act(r, s, "bid 11")
    # nxt has only 10 and is out without being asked: the opener wins at 11
    assert s.auction is None and k(4) in s.players[opener].plants
    assert s.players[opener].money == 50 - 11
