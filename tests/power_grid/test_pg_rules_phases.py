"""Phases 3-5: resources (P-5), building (P-6, P-11.8, P-12), bureaucracy (P-7)."""

from __future__ import annotations

from pg_helpers import act, k, new_state, notations, play_until
from turbine.plugins.power_grid.plants import FLOW_GENERATOR

# ---------------------------------------------------------------- Phase 3


def _resources(players=4, board="russia", seed=5):
    r, s = new_state(players, seed=seed, map=board)
    play_until(r, s, "resources")
    seat = r.to_move(s)
    return r, s, seat, s.players[seat]


def test_P_5_1_reverse_order():
    _r, s, seat, _me = _resources()
    assert seat == s.order[-1]


def test_P_5_2_U_16_cheapest_first_prices_russia():
    r, s, _seat, me = _resources()
    me.plants = [k(7), k(10)]  # oil 3 (holds 6), coal 2 (holds 4)
    me.res = [0, 0, 0, 0]
    me.money = 100
    for _ in range(6):
        act(r, s, "buy oil")
    for _ in range(4):
        act(r, s, "buy coal")
    # oil 1+1+1+2+2+2, coal 3+3+3+4
    assert me.money == 100 - 9 - 13
    assert "buy oil" not in notations(r, s) and "buy coal" not in notations(r, s)


def test_P_5_3_P_14_9_hybrid_storage_any_mix():
    """P-10.3."""
    r, s, _seat, me = _resources()
    me.plants = [k(5)]
    me.res = [0, 0, 0, 0]
    me.money = 100
    act(r, s, "buy coal")
    act(r, s, "buy coal")
    act(r, s, "buy coal")
    assert notations(r, s) == ["buy coal", "buy oil", "done"]
    act(r, s, "buy oil")
    assert notations(r, s) == ["done"]
    assert me.res == [3, 1, 0, 0]


def test_P_5_4_no_fuel_without_a_plant_and_P_14_9_eco_stores_nothing():
    r, s, _seat, me = _resources(board="japan")
    me.plants = [k(13)]
    assert notations(r, s) == ["done"]
    me.plants = [k(14)]  # garbage 2
    me.money = 100
    assert notations(r, s) == ["buy garbage", "done"]


def test_P_10_6_U_20_flow_generator_stores_six_of_any_kind():
    r, s, _seat, me = _resources(board="japan")
    me.plants = [FLOW_GENERATOR]
    me.money = 200
    for text in ("buy uranium", "buy garbage", "buy coal", "buy oil", "buy coal", "buy uranium"):
        act(r, s, text)
    assert notations(r, s) == ["done"]


def test_P_5_6_no_tokens_no_purchase_and_money_limit():
    r, s, _seat, me = _resources()
    me.plants = [k(4)]
    s.resources[0] = 0
    assert "buy coal" not in notations(r, s)
    s.resources[0] = 18
    me.money = 2  # coal costs 3
    assert notations(r, s) == ["done"]


# ---------------------------------------------------------------- Phase 4


def _building(players=3, board="russia", regions=None, seed=5, round_=None):
    opts = {"map": board}
    if regions:
        opts["regions"] = regions
    r, s = new_state(players, seed=seed, **opts)
    play_until(r, s, "building", round_=round_)
    seat = r.to_move(s)
    me = s.players[seat]
    me.money = 500
    return r, s, seat, me


RUS3 = ["yellow", "red", "purple"]


def test_P_14_10_russia_tomsk_novosibirsk_barnaul():
    """P-6.13: Barnaul is priced from Novosibirsk, connected earlier in the same turn."""
    r, s, _seat, me = _building(regions=RUS3)
    act(r, s, "build Tomsk (10)")
    assert "build Novosibirsk (14)" in notations(r, s)
    act(r, s, "build Novosibirsk (14)")
    act(r, s, "build Barnaul (14)")
    assert me.money == 500 - 38


def test_P_14_11_cheapest_route_kemerovo_novokuznetsk():
    r, s, _seat, _me = _building(regions=RUS3)
    act(r, s, "build Krasnoyarsk (10)")
    cost_from_krasnoyarsk = next(m for m in notations(r, s) if m.startswith("build Kemerovo"))
    act(r, s, cost_from_krasnoyarsk)
    # Kemerovo-Novokuznetsk 3 is 4 cheaper than Krasnoyarsk-Novokuznetsk 7
    assert "build Novokuznetsk (13)" in notations(r, s)


def test_P_6_4_first_city_any_P_11_8_then_single_network():
    """P-6.14 (Russia: one network)."""
    r, s, _seat, me = _building(regions=RUS3)
    first = [m for m in notations(r, s) if m != "done"]
    assert len(first) == 21 and all(m.endswith("(10)") for m in first)
    assert me.networks == 0
    act(r, s, "build Tomsk (10)")
    assert me.networks == 1  # the first house is his one network
    # afterwards every city is priced with its links from Tomsk: no second free start
    assert "build Chita (10)" not in notations(r, s)
    act(r, s, next(m for m in notations(r, s) if m.startswith("build")))
    assert me.networks == 1 and len(me.cities) == 2  # it grows; no second network


def test_P_6_2_P_14_12_step_limits_and_costs():
    r, s, _seat, _me = _building(regions=RUS3)
    act(r, s, "build Novosibirsk (10)")
    act(r, s, "done")
    nxt = r.to_move(s)
    s.players[nxt].money = 500
    assert not any(m.startswith("build Novosibirsk") for m in notations(r, s))  # Step 1: one house
    s.step = 2
    assert "build Novosibirsk (15)" in notations(r, s)  # U-13 (a): a late first city at 15
    act(r, s, "build Novosibirsk (15)")
    act(r, s, "done")
    third = r.to_move(s)
    s.players[third].money = 500
    assert not any(m.startswith("build Novosibirsk") for m in notations(r, s))
    s.step = 3
    assert "build Novosibirsk (20)" in notations(r, s)


def test_U_13_b_late_first_city_only_empty():
    r, s = new_state(3, seed=5, map="russia", regions=RUS3, late_start_occupied=False)
    play_until(r, s, "building")
    act(r, s, "build Novosibirsk (10)")
    act(r, s, "done")
    s.step = 2
    s.players[r.to_move(s)].money = 500
    assert not any(m.startswith("build Novosibirsk") for m in notations(r, s))


def test_P_12_6_P_12_9_U_10_japan_round_1_two_network_starts_only():
    r, s, _seat, me = _building(
        players=4, board="japan", regions=["red", "yellow", "purple", "green"], round_=1
    )
    moves = notations(r, s)
    starts = sorted(m for m in moves if m != "done")
    assert starts == sorted(f"start {c} (10)" for c in ("Fukuoka", "Kobe", "Osaka", "Tokyo", "Yokohama"))
    act(r, s, "start Osaka (10)")
    assert all(m.startswith("start") or m == "done" for m in notations(r, s))  # U-10: no extension
    act(r, s, "start Tokyo (10)")
    assert notations(r, s) == ["done"]  # two networks started
    assert me.networks == 2


def test_P_12_8_start_city_second_ten_space_and_third_in_step_3():
    r, s, _seat, _me = _building(
        players=4, board="japan", regions=["red", "yellow", "purple", "green"], round_=1
    )
    act(r, s, "start Osaka (10)")
    act(r, s, "done")
    s.players[r.to_move(s)].money = 500
    assert "start Osaka (10)" in notations(r, s)
    act(r, s, "start Osaka (10)")
    act(r, s, "done")
    s.players[r.to_move(s)].money = 500
    assert "start Osaka (10)" not in notations(r, s)
    s.step = 3
    assert "start Osaka (20)" in notations(r, s)  # P-14.29


def test_U_8_b_second_start_space_only_from_step_2():
    r, s = new_state(
        4, seed=5, map="japan", regions=["red", "yellow", "purple", "green"], start_city_second_space="step2"
    )
    play_until(r, s, "building", round_=1)
    act(r, s, "start Osaka (10)")
    act(r, s, "done")
    assert "start Osaka (10)" not in notations(r, s)
    s.step = 2
    assert "start Osaka (10)" in notations(r, s)


def test_P_12_12_U_11_small_cities():
    r, s, seat, me = _building(
        players=4, board="japan", regions=["red", "yellow", "purple", "green"], round_=2
    )
    me.cities = []
    me.networks = 0
    act(r, s, "start Fukuoka (10)")
    moves = notations(r, s)
    assert any(m.startswith("build Oita (") for m in moves)  # 10/15 city, first space from Step 1
    assert any(m.startswith("build Miyazaki (") for m in moves)  # 15/20 city, first space 15 from Step 1
    c = r.city_by_name["Oita"]
    s.houses[c] = [(seat + 1) % 4]
    assert not any(m.startswith("build Oita (") for m in notations(r, s))
    s.step = 2
    oita = [m for m in notations(r, s) if m.startswith("build Oita (")]
    assert len(oita) == 1
    s.houses[c].append((seat + 2) % 4)
    s.step = 3
    assert not any(m.startswith("build Oita (") for m in notations(r, s))  # two spaces only


def test_U_11_c_source_availability_closes_15_20_cities_in_step_1():
    r, s = new_state(
        4, seed=5, map="japan", regions=["red", "yellow", "purple", "green"], small_city_steps="source"
    )
    play_until(r, s, "building", round_=2)
    s.players[r.to_move(s)].money = 500
    act(r, s, "start Fukuoka (10)")
    assert not any(m.startswith("build Miyazaki") for m in notations(r, s))


def test_P_12_7_U_9_japan_first_network_in_start_city_and_second_start_later():
    r, s, _seat, me = _building(
        players=4, board="japan", regions=["red", "yellow", "purple", "green"], round_=2
    )
    me.cities, me.networks = [], 0
    assert all(m.startswith("start") or m == "done" for m in notations(r, s))
    act(r, s, "start Fukuoka (10)")
    moves = notations(r, s)
    assert "start Tokyo (10)" in moves  # second network
    tokyo_extension = [m for m in moves if m.startswith("build Tokyo")]
    assert tokyo_extension and int(tokyo_extension[0].split("(")[1][:-1]) > 10
    act(r, s, "start Tokyo (10)")
    act(r, s, "build Yokohama (10)")  # Tokyo-Yokohama link costs 0
    assert not any(m.startswith("start") for m in notations(r, s))


def test_P_12_5_P_14_16_japan_outdated_plants_leave_the_market():
    """P-6.11 / U-7 (a): checked right after the connection."""
    r, s, seat, me = _building(
        players=4, board="japan", regions=["red", "yellow", "purple", "green"], round_=2
    )
    s.market = [k(n) for n in (6, 7, 20, 21, 22, 23, 24, 25)]
    s.deck = [s.deck[0], k(8), k(30)]  # Step 3 card, then 30 under 8? top is last: 30 is next
    s.deck = [s.deck[0], k(30), k(8)]
    owned = list(me.plants)
    me.cities = [r.city_by_name[n] for n in ("Nagasaki", "Kumamoto", "Kagoshima", "Miyazaki", "Oita")]
    for c in me.cities:
        s.houses[c] = [seat]
    me.networks = 1
    act(r, s, "start Fukuoka (10)")  # his 6th city
    # 6 goes, its replacement 8 is too small?  No: 8 > 6, it stays; 6 is in the box
    assert k(6) in s.box and k(8) in s.market and me.plants == owned
    s.market = [k(n) for n in (7, 8, 20, 21, 22, 23, 24, 25)]
    s.deck = [s.deck[0], k(31), k(9)]
    act(r, s, "build Shimonoseki (10)") if "build Shimonoseki (10)" in notations(r, s) else act(
        r, s, next(m for m in notations(r, s) if m.startswith("build"))
    )
    # 8 cities? no: 7 cities: 7 goes, 9 comes and stays
    assert k(7) in s.box and k(9) in s.market


def test_P_12_5_outdated_chain_of_replacements():
    r, s, seat, me = _building(
        players=4, board="japan", regions=["red", "yellow", "purple", "green"], round_=2
    )
    me.cities = [
        r.city_by_name[n] for n in ("Nagasaki", "Kumamoto", "Kagoshima", "Miyazaki", "Oita", "Kochi")
    ]
    for c in me.cities:
        s.houses[c] = [seat]
    me.networks = 1
    s.market = [k(n) for n in (8, 20, 21, 22, 23, 24, 25, 26)]
    s.deck = [s.deck[0], k(30), k(5), k(4)]
    act(r, s, "start Fukuoka (10)")  # 7 cities: nothing outdated (8 > 7)
    assert k(8) in s.market
    act(r, s, next(m for m in notations(r, s) if m.startswith("build")))  # 8 cities
    # 8 goes; 4 comes and goes; 5 comes and goes; 30 stays
    assert [k(8), k(4), k(5)] == s.box[-3:] and k(30) in s.market


def test_P_11_6_U_5_no_outdated_removal_in_russia():
    r, s, _seat, _me = _building(regions=RUS3)
    s.market = [k(n) for n in (3, 4, 5, 7, 8, 9)]
    for name in ("Tomsk", "Novosibirsk", "Barnaul", "Omsk"):
        act(r, s, next(m for m in notations(r, s) if m.startswith(f"build {name}")))
    assert s.market[0] == k(3)


# ---------------------------------------------------------------- Phase 5


def _bureau(board="russia", seed=5):
    r, s = new_state(4, seed=seed, map=board)
    play_until(r, s, "building", round_=2)
    return r, s


def test_P_14_17_income_example_anna():
    r, s = _bureau()
    seat = s.order[0]
    # Anna: plants 7 (3 oil), 10 (2 coal), 15 (2 coal), 6 cities
    me = s.players[seat]
    me.plants = [k(7), k(10), k(15)]
    me.res = [4, 3, 0, 0]
    me.cities = [0, 1, 2, 3, 4, 5]
    while r.phase_name(s) == "building":
        act(r, s, "done")
    assert r.phase_name(s) == "bureaucracy" and r.to_move(s) == seat
    money = me.money
    act(r, s, "power 7 10 15")
    assert me.money == money + 73
    assert me.res == [0, 0, 0, 0]
    assert me.powered == 6


def test_P_7_2_hybrid_mix_is_a_choice():
    r, s = _bureau()
    me = s.players[s.order[0]]
    me.plants = [k(5)]
    me.res = [2, 2, 0, 0]
    me.cities = [0]
    while r.phase_name(s) == "building":
        act(r, s, "done")
    assert notations(r, s) == ["power none", "power 5"]
    act(r, s, "power 5")
    assert notations(r, s) == ["burn 2 coal", "burn 1 coal 1 oil", "burn 2 oil"]
    money = me.money
    act(r, s, "burn 1 coal 1 oil")
    assert me.res == [1, 1, 0, 0] and me.money == money + 22


def test_P_7_2_P_14_9_plant_runs_only_with_its_full_need():
    r, s = _bureau()
    me = s.players[s.order[0]]
    me.plants = [k(14), k(13)]
    me.res = [0, 0, 1, 0]
    me.cities = [0, 1, 2]
    while r.phase_name(s) == "building":
        act(r, s, "done")
    assert notations(r, s) == ["power none", "power 13"]


def test_P_7_5_T_1_no_cities_pays_10_without_asking():
    r, s = _bureau()
    for p in s.players:
        p.cities = []
    money = [p.money for p in s.players]
    while r.phase_name(s) == "building":
        act(r, s, "done")
    assert r.phase_name(s) == "auction" and s.flow.round == 3
    assert [p.money for p in s.players] == [m + 10 for m in money]


def test_P_14_19_resupply_example_russia_5_players():
    """P-7.6, P-14.32 (hoarded oil is not resupplied), U-21."""
    r, s = new_state(5, seed=5, map="russia")
    play_until(r, s, "building", round_=1)
    # after Phase 3: 4 coal and 8 oil bought; 4 oil burned back to the reserve
    s.resources = [14, 16, 0, 7]
    s.reserve = [6, 4, 24, 5]
    for p in s.players:
        p.cities = []
        p.res = [0, 0, 0, 0]
    while r.phase_name(s) == "building":
        act(r, s, "done")
    assert s.resources == [18, 20, 4, 9]
    assert [r.price(s, i) for i in range(4)] == [3, 2, 7, 4]
    assert s.reserve == [2, 0, 20, 3]


def test_P_7_10_step_1_market_update_highest_goes_under_the_deck():
    r, s = _bureau()
    for p in s.players:
        p.cities = []
    highest = s.market[-1]
    top = s.deck[-1]
    while r.phase_name(s) == "building":
        act(r, s, "done")
    assert s.deck[0] == highest and top in s.market
