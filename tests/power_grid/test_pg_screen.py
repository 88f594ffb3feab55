"""Power Grid at the table: the turn screen fits a terminal, the question says what is
decided, every move says what it costs or earns, the views show the map, the markets and
the players, and the board's words read right."""

from __future__ import annotations

import io
import random
import re

import pytest
from pg_helpers import REGISTRY, act, k, new_state, play_until
from rich.console import Console
from turbine.cli import output, screen
from turbine.core import Game, Seat
from turbine.core.errors import ParseError
from turbine.plugins.power_grid import actions as A
from turbine.plugins.power_grid.plants import max_powerable
from turbine.plugins.power_grid.render import render
from turbine.plugins.power_grid.tables import income

WIDTH = 100


def _screen(game: Game) -> list[str]:
    buffer = io.StringIO()
    screen.decision(game, Console(file=buffer, width=WIDTH, force_terminal=False))
    return buffer.getvalue().splitlines()


def _kind(game: Game) -> tuple[str, str]:
    pending = game.state.flow.pending
    return game.rules.phase_name(game.state), pending[-1].kind if pending else ""


@pytest.mark.parametrize(("board", "seed"), [("russia", 1), ("russia", 2), ("japan", 1), ("japan", 2)])
def test_every_decision_screen_fits_45_lines_of_100_columns(board, seed):
    """A 4-player game's decision screen (rule, panel, question, moves) takes at most
    ``SCREEN_LINES`` lines and no line is wider than 100 columns, in every phase: every
    third decision of a random game is drawn, and the first of each kind in each round."""
    game = Game(REGISTRY, "power_grid", players=4, seed=seed, options={"map": board})
    rnd = random.Random(seed)
    seen: set[tuple[int, str, str]] = set()
    kinds: set[tuple[str, str]] = set()
    drawn = 0
    for step in range(game.rules.decision_bound()):
        if game.is_over:
            break
        key = (game.rules.round_number(game.state), *_kind(game))
        if step % 3 == 0 or key not in seen:
            seen.add(key)
            kinds.add(key[1:])
            lines = _screen(game)
            drawn += 1
            assert len(lines) <= screen.SCREEN_LINES, "\n".join(lines)
            assert max(len(line) for line in lines) <= WIDTH, "\n".join(lines)
        legal = game.legal()
        game.play(legal[rnd.randrange(len(legal))])
    assert game.is_over and drawn > 50
    phases = {phase for phase, _ in kinds}
    assert phases == {"auction", "resources", "building", "bureaucracy"}
    assert ("auction", "bid") in kinds


def test_the_panel_shows_the_seat_the_others_and_both_markets():
    """The seat's money, order, plants with fuel and cities powered, fuel and cities; one
    row per other player; the actual and future plant market (P-2.7) and the next prices
    of every resource (T-5)."""
    r, s = new_state(4, seed=3)
    play_until(r, s, "resources", round_=2)
    seat = r.to_move(s)
    me = s.players[seat]
    me.plants = [k(10), k(13)]
    me.res = [3, 0, 0, 0]
    me.cities = [r.city_by_name["Moscow"]]
    text = r.turn_view(s, seat)
    lines = text.splitlines()
    assert f"Seat {seat + 1} (you)[/bold]: {me.money} Elektro" in lines[1]
    assert "1 city, can power 1" in lines[1]
    assert lines[2] == "  plants (burn → cities): 10 (2 coal → 2) · 13 (eco → 1)"
    assert lines[3] == "  fuel: 3 coal · cities: Moscow"
    others = [line for line in lines if re.match(r"  \dth|  \d(st|nd|rd) Seat", line)]
    assert len(others) == 3 and all(f"Seat {seat + 1} " not in line for line in others)
    actual = " ".join(f"{A.plant_label(p)}(" for p in r.actual_market(s))
    assert any(line.startswith("Plant market: ") for line in lines)
    assert all(piece in text for piece in actual.split())
    assert "      future: " in text
    coal = r.price(s, 0)
    assert f"coal {s.resources[0]}: {coal} " in text
    assert max(len(line) for line in lines[1:]) <= WIDTH


# ---------------------------------------------------------------- the question


def test_the_question_says_what_is_decided_in_each_phase():
    """P-4.2/P-4.10, P-4.5, P-5, P-6, P-7.1: the question of every phase, in words."""
    r, s = new_state(4, seed=2)
    assert r.question(s) == "choose a power plant to auction: everyone buys one in round 1 (P-4.10)"
    opener = r.to_move(s)
    act(r, s, "auction 3 bid 3")
    assert r.question(s) == f"bid on plant 3 (highest bid 3 by Seat {opener + 1}) or drop out (P-4.5)"
    play_until(r, s, "resources")
    assert r.question(s) == "buy resources for your plants, one at a time, or done (P-5)"
    play_until(r, s, "building")
    assert r.question(s) == "build in a city, or done (P-6)"
    play_until(r, s, "auction", round_=2)
    assert r.question(s) == "choose a power plant to auction, or pass (P-4.2)"
    r, s = new_state(4, seed=2, map="japan")
    play_until(r, s, "building")  # round 1 starts networks only (P-12.9)
    assert r.question(s) == "start a network in a start city, or done (P-12.6)"
    seat = r.to_move(s)
    act(r, s, r.describe(next(a for a in r.legal_actions(s) if isinstance(a, A.Start))))
    act(r, s, "done")
    play_until(r, s, "building", round_=2)
    while r.to_move(s) != seat:
        act(r, s, "done")
    assert r.question(s) == "build in a city or start a network in a start city, or done (P-6, P-12.6)"
    for p in s.players:  # two networks each: no start city is offered any more
        p.networks = 2
    assert r.question(s) == "build in a city, or done (P-6)"


def test_the_question_says_why_done_is_the_only_move():
    """``1. done (stop building)`` alone, with 12 Elektro and the cheapest city at 15, said
    nothing of why (P-5, P-6): the question says what the cheapest costs, or that the
    plants have no room."""
    r, s = new_state(4, seed=2)
    play_until(r, s, "resources")
    seat = r.to_move(s)
    p = s.players[seat]
    p.money, p.plants, p.res = 0, [k(4)], [0, 0, 0, 0]  # plant 4 burns 2 coal: room for 4 coal
    assert r.legal_actions(s) == [A.DONE]
    assert r.question(s) == (
        f"done: nothing to buy (the cheapest token your plants can store costs {r.price(s, 0)} Elektro, "
        "you have 0) (P-5)"
    )
    s.players[seat].plants = []  # no plant: no room for any token
    assert r.question(s) == (
        "done: nothing to buy (your plants have no room for the tokens on the market) (P-5)"
    )
    r, s = new_state(4, seed=2)
    play_until(r, s, "building")
    seat = r.to_move(s)
    s.players[seat].money = 9
    assert r.legal_actions(s) == [A.DONE]
    assert r.question(s) == "done: nothing to build (the cheapest city costs 10 Elektro, you have 9) (P-6)"


def test_the_question_of_a_discard_a_return_and_a_burn():
    """P-4.9 (plant limit, tokens that no longer fit) and P-7.2 (the hybrid's mix)."""
    r, s = new_state(4, seed=5)
    play_until(r, s, "building", round_=2)
    seat = s.order[0]
    me = s.players[seat]
    me.plants, me.res, me.cities = [k(5)], [2, 2, 0, 0], [0]
    while r.phase_name(s) == "building":
        act(r, s, "done")
    act(r, s, "power 5")
    assert r.question(s) == "choose the coal and oil your hybrid plants burn: 2 in all (P-7.2)"
    assert r.continues_turn(s)
    texts = [r.choice_text(s, a) for a in r.legal_actions(s)]
    assert texts == [
        "burn 2 coal  (keeps 2 oil)",
        "burn 1 coal 1 oil  (keeps 1 coal 1 oil)",
        "burn 2 oil  (keeps 2 coal)",
    ]

    r, s = new_state(4, seed=5)
    play_until(r, s, "auction", round_=2)
    seat = r.to_move(s)
    me = s.players[seat]
    me.money = 200
    me.plants = [k(12), k(21), k(27)]  # two hybrids (2 coal/oil each, storing 4) and an eco: the limit
    me.res = [4, 4, 0, 0]
    act(r, s, "auction 11 bid 150")  # uranium: no room for coal or oil
    while r.to_move(s) != seat or not s.flow.pending or s.flow.pending[-1].kind != "discard":
        act(r, s, "drop out")
    assert r.question(s) == "you may own 3 plants: discard one of your older plants to the box (P-4.9)"
    assert not r.continues_turn(s)
    assert [r.choice_text(s, a) for a in r.legal_actions(s)] == [
        "discard 12  (2 coal/oil → 2 cities)",
        "discard 21  (2 coal/oil → 4 cities)",
        "discard 27  (eco → 3 cities)",
    ]
    act(r, s, "discard 21")  # 8 tokens, room for 4: which go is a choice
    assert r.question(s) == (
        "the tokens of plant 21 that your other plants cannot store go to the reserve: return one (P-4.9)"
    )
    r.rules_versions = {"power_grid": 1}  # a game saved under version 1 asked without naming the plant
    s.flow.pending[-1].plants = []
    assert r.question(s) == "your plants cannot store all your tokens: return one to the reserve (P-4.9)"
    r.rules_versions = {}
    s.flow.pending[-1].plants = [k(21)]
    assert r.continues_turn(s)
    assert [r.choice_text(s, a) for a in r.legal_actions(s)] == [
        "return coal  (to the reserve)",
        "return oil  (to the reserve)",
    ]


# ---------------------------------------------------------------- the moves


def _costs(r, s) -> list[tuple[str, str]]:
    """Every legal move's notation and the text after it; the notation reads back as the move."""
    out = []
    for action in r.legal_actions(s):
        text = r.choice_text(s, action)
        notation = r.describe(action)
        assert text.startswith(notation)
        assert r.read_action(notation) == action
        out.append((notation, text[len(notation) :]))
    return out


def test_the_last_seat_to_buy_is_told_no_one_can_outbid_it():
    """P-4.6: with every other seat bought or passed, the plant goes at the opening bid; the
    menu offered ``auction 21 bid 21…45`` as if a higher bid could matter."""
    r, s = new_state(4, seed=2)
    seat = r.to_move(s)
    assert "no one is left" not in dict(_costs(r, s))["auction 3 bid 3"]
    for other in range(4):
        s.flow.done[s.flow.order.index(other)] = other != seat
    assert dict(_costs(r, s))["auction 3 bid 3"] == (
        "  (2 oil → 1 city, min bid 3, and no one is left to outbid it (P-4.6))"
    )


def test_an_auction_choice_says_what_the_plant_burns_powers_and_its_minimum_bid():
    """P-4.4: the opening bid is at least the plant's number; the text does not change with
    the bid, so the menu folds ``auction 3 bid 3…50`` into one entry."""
    r, s = new_state(4, seed=2)
    moves = dict(_costs(r, s))
    assert moves["auction 3 bid 3"] == moves["auction 3 bid 50"] == "  (2 oil → 1 city, min bid 3)"
    assert moves["auction 5 bid 9"] == "  (2 coal/oil → 1 city, min bid 5)"
    game = Game(REGISTRY, "power_grid", players=4, seed=2)
    groups = output.move_groups(game)
    assert [text for _, _, text in groups] == [
        "auction 3 bid 3…50  (2 oil → 1 city, min bid 3)",
        "auction 4 bid 4…50  (2 coal → 1 city, min bid 4)",
        "auction 5 bid 5…50  (2 coal/oil → 1 city, min bid 5)",
    ]
    game.play(game.find("auction 4 bid 10"))
    assert [text for _, _, text in output.move_groups(game)] == [
        "bid 11…50  (plant 4, highest bid 10)",
        "drop out  (leave the auction for plant 4)",
    ]


def test_the_auction_line_names_the_bidders_still_in_within_100_columns():
    """P-4.5: who is still in the auction, in bidding order, by their players' names; six
    of them go on under the line rather than past the panel's width."""
    game = Game(REGISTRY, "power_grid", players=6, seed=2, options={"map": "russia"})
    game.play(game.find("auction 3 bid 3"))
    lines = _screen(game)
    start = next(i for i, line in enumerate(lines) if line.startswith("Auction:"))
    auction = lines[start : start + 2]
    assert auction[0].startswith("Auction: 3(2 oil→1) · highest bid 3 by Player 6 · still in: Player 6,")
    assert auction[1].startswith("    ")
    order = [f"Player {b + 1}" for b in game.state.auction.bidders]
    assert len(order) == 6
    said = " ".join(auction).split("still in: ", 1)[1]
    assert said.split() == " ".join(f"{name}," for name in order).rstrip(",").split()
    assert all(len(line) <= WIDTH for line in auction)


def test_a_purchase_shows_the_price_of_the_next_token():
    """P-5.2 / T-5: the cheapest token's price, which rises as the track empties."""
    r, s = new_state(4, seed=2)
    play_until(r, s, "resources")
    seat = r.to_move(s)
    me = s.players[seat]
    me.plants, me.money = [k(10)], 100
    costs = dict(_costs(r, s))
    assert costs["buy coal"] == f"  ({r.price(s, 0)} Elektro)"
    assert costs["done"] == "  (stop buying)"
    seen = []
    for _ in range(4):
        seen.append(r.choice_text(s, A.Buy("coal")))
        act(r, s, "buy coal")
    assert seen == ["buy coal  (3 Elektro)"] * 3 + ["buy coal  (4 Elektro)"]  # T-6: 3 on the 3 space


def test_a_build_shows_its_space_and_its_links():
    """P-6.3–P-6.5: a first city pays only the space; a later one the space and the links
    of the cheapest path (A.4), which the text splits."""
    r, s = new_state(4, seed=2, regions=["pink", "green", "brown", "purple"])
    play_until(r, s, "building")
    seat = r.to_move(s)
    s.players[seat].money = 200
    first = dict(_costs(r, s))
    assert first["build Moscow (10)"] == "  (first city)"
    assert first["done"] == "  (stop building)"
    act(r, s, "build Moscow (10)")
    later = dict(_costs(r, s))
    assert later["build Tula (13)"] == "  (10 + 3 links)"  # Moscow–Tula 3
    for notation, text in later.items():
        if notation.startswith("build"):
            space, links = map(int, re.fullmatch(r"  \((\d+) \+ (\d+) links\)", text).groups())
            assert f"({space + links})" in notation


def test_a_japanese_start_says_it_opens_a_network():
    """P-12.6/P-12.7: a network starts in a start city, paying only the space."""
    r, s = new_state(4, seed=2, map="japan")
    play_until(r, s, "building")
    starts = [(n, t) for n, t in _costs(r, s) if n.startswith("start")]
    assert starts and all(t == "  (new network)" for _, t in starts)


def test_a_powering_choice_shows_the_fuel_and_the_income():
    """P-7.2, P-7.3, P-7.5 / T-1: what the chosen plants burn, the cities powered (capped
    by the cities connected) and the income those cities pay; 0 cities pays 10."""
    r, s = new_state(4, seed=5)
    play_until(r, s, "building", round_=2)
    seat = s.order[0]
    me = s.players[seat]
    me.plants, me.res, me.cities = [k(7), k(10), k(15)], [4, 3, 0, 0], [0, 1, 2, 3, 4, 5]
    while r.phase_name(s) == "building":
        act(r, s, "done")
    costs = dict(_costs(r, s))
    assert costs["power none"] == f"  (burns nothing; 0 cities → {income(0)} Elektro)"
    assert costs["power 7"] == "  (burns 3 oil; 2 cities → 33 Elektro)"
    assert costs["power 10 15"] == "  (burns 4 coal; 5 cities → 64 Elektro)"
    assert costs["power 7 10 15"] == "  (burns 4 coal 3 oil; 6 cities → 73 Elektro)"  # P-14.17


def test_a_hybrid_says_the_fuel_it_will_burn_when_there_is_one_mix():
    """P-7.2: a hybrid burns coal and oil in any mix; where what the seat holds leaves one
    mix, the menu says it (``burns 2 oil``: it said ``2 coal/oil`` beside a seat holding oil
    alone), else it says the choice still to make."""
    for held, five, both in (
        ([0, 2, 0, 0], "2 oil", None),
        ([2, 0, 0, 0], "2 coal", None),
        ([3, 0, 0, 0], "2 coal", None),  # the need, not all the coal held
        ([1, 1, 0, 0], "1 coal 1 oil", None),  # the one mix of two
        ([3, 1, 0, 0], "2 coal/oil", "3 coal 1 oil"),  # 10 takes 2 coal: 1 coal + 1 oil left for 5
        ([4, 1, 0, 0], "2 coal/oil", "2 coal 2 coal/oil"),  # 2 coal + 1 oil left: a choice
    ):
        r, s = new_state(4, seed=5)
        play_until(r, s, "building", round_=2)
        me = s.players[s.order[0]]
        me.plants, me.cities, me.res = [k(5), k(10)], [0, 1, 2, 3, 4, 5], held  # 5: 2 coal/oil; 10: 2 coal
        while r.phase_name(s) == "building":
            act(r, s, "done")
        costs = dict(_costs(r, s))
        assert costs["power 5"].startswith(f"  (burns {five}; "), (held, costs["power 5"])
        if both is not None:
            assert costs["power 5 10"].startswith(f"  (burns {both}; "), (held, costs["power 5 10"])


# ---------------------------------------------------------------- the views


def test_the_map_view_lists_each_city_in_play_with_houses_space_and_links():
    """P-6.2, P-6.5, U-14: every city of the regions in play once, under its region, with
    the houses on it, the next space's cost and its links inside the play area."""
    r, s = new_state(4, seed=2, regions=["pink", "green", "brown", "purple"])
    play_until(r, s, "building")
    seat = r.to_move(s)
    act(r, s, "build Moscow (10)")
    text = r.render_view(s, seat, "map")
    assert set(r.views()) == {"map", "connections", "market", "resources", "players"}
    for c in s.in_play:
        assert text.count(f"  {r.city_names[c]}: ") == 1, r.city_names[c]
    moscow = next(line for line in text.splitlines() if line.startswith("  Moscow: "))
    assert moscow.startswith(f"  Moscow: Seat {seat + 1} · no space open · links ")  # Step 1: one house
    assert "Tula 3" in moscow and "Ryazan 3" in moscow
    pink = r.render_view(s, seat, "map", "pink").splitlines()
    assert sum(1 for line in pink if line.startswith("  ") and not line.startswith("    ")) == 7
    one = r.render_view(s, None, "map", "st. petersburg").splitlines()
    assert [line for line in one if line.startswith("  ") and not line.startswith("   ")][-1].startswith(
        "  St Petersburg: "
    )
    for line in text.splitlines():  # a link's name and its cost on one line (it was 'St' / 'Petersburg 14')
        assert not re.search(r"\b(St|Nizhny)$", line) and not re.search(r"^\s+\d+[,]?\s", line), line
    with pytest.raises(ParseError, match="give a region"):
        r.render_view(s, seat, "map", "Atlantis")
    with pytest.raises(ParseError):
        r.render_view(s, seat, "market", "extra")


def test_the_market_view_shows_the_deck_as_a_player_knows_it():
    """P-2.7, P-2.9/P-2.10: the actual and future markets, plant 13 known on top of the
    deck, the rest face down, and the Step 3 card at the bottom; the box."""
    r, s = new_state(4, seed=2)
    text = r.render_view(s, 0, "market")
    assert "  plant 3 (2 oil → 1 city), min bid 3" in text
    assert "Future market" in text and "  plant 9 (1 oil → 1 city)" in text
    assert f"Deck: {len(s.deck)} cards: plant 13 on top, then {len(s.deck) - 2} cards face down, " in text
    assert text.count("then the Step 3 card at the bottom") == 1
    assert "Box: 6 14 (+4 cards removed face down at setup)" in text


def test_the_resources_and_players_views():
    """T-5 prices by space, the reserve and the T-4 resupply; each player in full."""
    r, s = new_state(4, seed=2)
    resources = r.render_view(s, 0, "resources")
    assert (
        "coal     18 on the market: 3×3, 4×3, 5×3, 6×3, 7×3, 8×3 · reserve 6 · resupply 3 a round"
        in resources
    )
    assert "uranium   7 on the market: 6×1, 7×1, 8×1, 10×1, 12×1, 14×1, 16×1 · reserve 5" in resources
    players = r.render_view(s, None, "players")
    assert players.count("Elektro") == 4 and players.count("plants: none") == 4


# ---------------------------------------------------------------- the board's words and the scores


def test_the_board_counts_one_city_and_names_plant_13_on_top():
    """ "1 city", not "1 cities"; the deck's known top card reads as a plant, not a count."""
    r, s = new_state(4, seed=2)
    s.players[0].cities = [0]
    text = render(r, s, 1)
    assert "Seat 1[/bold]: 50 Elektro, 1 city (can power 0)" in text
    assert "Seat 2[/bold]: 50 Elektro, 0 cities" in text
    assert "Deck: 31 cards: plant 13 on top, then 29 cards face down, then the Step 3 card" in text


def test_the_score_column_is_the_cities_each_player_could_power():
    """P-9.3 / A.5: the score is the most cities a player can power with his plants and
    fuel, capped by his connected cities: not the cities he is connected to."""
    r, s = new_state(4, seed=2)
    assert r.score_name() == "cities powerable"
    me = s.players[0]
    me.plants, me.res, me.cities = [k(7), k(10), k(15)], [4, 3, 0, 0], list(range(6))
    s.players[1].cities = list(range(9))  # many cities, no plant: powers none
    assert r.scores(s)[:2] == [6, 0]  # 2 + 2 + 3 = 7 capped by 6 cities
    assert r.scores(s) == [max_powerable(p) for p in s.players]


def test_the_moves_as_data_name_plants_by_their_printed_number():
    """``turbine legal --json`` speaks the notation: ``auction 4`` is plant 4, not its key 12."""
    r, s = new_state(4, seed=2)
    assert r.action_terms(A.OpenAuction(k(4), 4)) == {"type": "auction", "plant": 4, "bid": 4}
    assert r.action_terms(A.Power((k(13), 100))) == {"type": "power", "plants": [13, "33⅓"]}
    assert r.action_terms(A.Discard(k(4))) == {"type": "discard", "plant": 4}
    assert r.action_terms(A.Build("Moscow", 22)) == {"type": "build", "city": "Moscow", "cost": 22}
    for action in r.legal_actions(s):
        data = r.action_terms(action)
        assert f"auction {data['plant']} bid {data['bid']}" == r.describe(action)
    assert r.action_to_data(A.OpenAuction(k(4), 4))["plant"] == 12  # the saved log is unchanged


def test_the_panel_names_the_players_as_the_table_named_them():
    """``turbine new --names``: the panel, the auction line and the question name each
    player as the table did, where before they said ``Seat 3``; a name that reads as
    markup is shown as typed."""
    seats = [Seat("Anna"), Seat("[bold]Ben[/bold]"), Seat("Cleo")]
    game = Game(REGISTRY, "power_grid", players=3, seed=0, options={"map": "russia"}, seats=seats)
    game.play(game.find("auction 5 bid 5"))  # Cleo, first in the order, opens
    lines = _screen(game)
    assert "Anna (you): 50 Elektro · 2nd in player order · 0 cities, can power 0" in lines
    assert [line.split()[:3] for line in lines if line.startswith(("  1st", "  3rd"))] == [
        ["1st", "Cleo", "50"],
        ["3rd", "[bold]Ben[/bold]", "50"],
    ]
    auction = next(line for line in lines if line.startswith("Auction:"))
    assert auction.endswith("highest bid 5 by Cleo · still in: Cleo, Anna, [bold]Ben[/bold]")
    assert "Seat 1 · Anna: bid on plant 5 (highest bid 5 by Cleo) or drop out (P-4.5)" in lines
    assert not any(re.search(r"\bSeat [23]\b", line) for line in lines)


def test_rules_without_a_table_name_seats_by_number():
    """Rules used alone (a test, a bot's playout) have no names: ``Seat 2``."""
    r, _ = new_state(3)
    assert [r.player(seat) for seat in range(3)] == ["Seat 1", "Seat 2", "Seat 3"]


def test_the_others_table_lines_up_wide_and_bracketed_names():
    """A name of wide characters (two columns each) or one that reads as markup takes
    the columns it shows in, so the money column lines up under its heading."""
    from rich.cells import cell_len

    seats = [Seat("Anna"), Seat("李雷"), Seat("[b]Ann[/b]"), Seat("Dan")]
    game = Game(REGISTRY, "power_grid", players=4, seed=0, options={"map": "russia"}, seats=seats)
    lines = _screen(game)
    head = next(i for i, line in enumerate(lines) if "Elektro  cities" in line)
    rows = lines[head : head + 4]
    others = [seat.name for i, seat in enumerate(seats) if i != game.to_move]
    assert sorted(row.split()[1] for row in rows[1:]) == sorted(others)
    ends = [cell_len(row[: row.index("Elektro") + len("Elektro")]) for row in rows[:1]]
    ends += [cell_len(row[: row.index(" 50 ") + 3]) for row in rows[1:]]
    assert len(set(ends)) == 1, rows
    # and no wider than the widest label shows: two spaces, the label, two spaces, the money
    widest = max(cell_len(" ".join(row.split()[:2])) for row in rows[1:])
    assert ends[0] == 2 + widest + 2 + len("Elektro")


def test_the_board_says_no_plants_once():
    """A player without plants: ``no plants`` (it said ``plants no plants``)."""
    game = Game(REGISTRY, "power_grid", players=2, seed=1)
    board = game.render(None)
    assert "(can power 0), no plants, holds no fuel" in board
    assert "plants no plants" not in board


def test_at_80_columns_the_others_plants_go_on_under_their_heading():
    """The plants column of the others' table stays under ``plants`` when a row is too
    long for them (it fell back to 4 columns in at 80 columns)."""
    game = Game(REGISTRY, "power_grid", players=4, seed=3)
    for p in game.state.players:  # three plants and wide fuel columns, as late in a game
        p.plants[:] = [k(21), k(29), k(30)]
        p.res[:] = [3, 3, 0, 0]
    game.rules.table_width = 80
    lines = [line for line in game.rules.turn_view(game.state, game.to_move).splitlines()]
    head = next(i for i, line in enumerate(lines) if "Elektro  cities" in line)
    column = lines[head].index("plants")
    table = lines[head + 1 : head + 1 + 3 * 3]
    continued = [line for line in table if line.startswith(" " * column)]
    assert continued, table
    assert all(line[column] != " " for line in continued) and max(map(len, table)) <= 80, table


@pytest.mark.parametrize("width", [60, 80, 100])
def test_six_long_names_fit_the_panel_at_every_width(width):
    """Six players named with 24 characters (wide ones too) at 60 to 100 columns: the
    others' table goes on a player's lines of their own where its columns do not fit,
    and the auction's heading breaks; no line of the panel passes the edge."""
    from rich.cells import cell_len
    from rich.text import Text

    names = [
        "Alexandrina Featherstone",
        "Bartholomew Cholmondely",
        "Constantinopolis Smithe",
        "Dmitri Ivanovich Karama",
        "李雷" * 6,
        "Ed",
    ]
    game = Game(REGISTRY, "power_grid", players=6, seed=1, seats=[Seat(n) for n in names])
    rnd = random.Random(1)
    for _ in range(260):
        game.rules.table_width = width
        shown = Text.from_markup(game.rules.turn_view(game.state, game.to_move)).plain
        assert max(cell_len(line) for line in shown.splitlines()) <= width, shown
        assert width > 60 or "Others, in player order:" in shown, shown  # no room for the table's columns
        game.play(game.legal()[rnd.randrange(len(game.legal()))])


def test_a_short_terminal_keeps_the_others_money_in_an_auction():
    """At 80 × 24 with six players the table of the others (a line each) gave way to the
    plant market, so a bidder saw no one's money: where it does not fit, the others' money
    and cities take a line or two instead."""
    game = Game(REGISTRY, "power_grid", players=6, seed=1, seats=[Seat(f"P{i}") for i in range(6)])
    game.play(game.legal()[0])  # an auction under way
    rules, state, seat = game.rules, game.state, game.to_move
    rules.table_width = 80
    try:
        rules.table_rows = 9
        shown = rules.turn_view(state, seat)
    finally:
        rules.table_rows = None
    lines = shown.splitlines()
    assert not any(line.startswith("Others, in player order") for line in lines)
    assert any(line.startswith("Others: ") for line in lines) and len(lines) <= 9
    assert "  fuel: no fuel" in lines and "cities: none yet" not in shown  # names are for building
    for other in state.order:
        if other != seat:
            assert f"{rules.player(other)} {state.players[other].money} Elektro" in shown


def test_a_build_says_before_it_is_played_that_it_sets_off_step_2_or_the_end():
    """P-8.1, P-9.1: the 17th city showed only its cost; the end was said after 'done'."""
    r, s = new_state(4, seed=2)
    play_until(r, s, "building", round_=2)
    seat = r.to_move(s)
    builds = [a for a in r.legal_actions(s) if isinstance(a, A.Build)]
    others = [p for i, p in enumerate(s.players) if i != seat]
    for p in others:
        p.cities = p.cities[:1]
    s.players[seat].cities = list(range(r.step2_cities - 1))  # one short of Step 2 (7 in Russia)
    shown = r.choice_text(s, builds[0])
    assert shown.endswith(f"; your {r.step2_cities}th city: Step 2 begins in this round's Phase 5 (P-8.1))")
    others[0].cities = list(range(r.step2_cities))  # another's cities set it off already
    assert "Step 2" not in r.choice_text(s, builds[0])
    others[0].cities = others[0].cities[:1]
    s.players[seat].cities = list(range(r.end_cities - 1))  # one short of the end
    assert r.choice_text(s, builds[0]).endswith(
        f"; your {r.end_cities}th city: the game ends after this phase (P-9.1))"
    )
    others[0].cities = list(range(r.end_cities))  # another has set it off: nothing to say
    assert "the game ends" not in r.choice_text(s, builds[0])


def test_ordinals_past_ten():
    from turbine.plugins.power_grid.words import ordinal

    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 17, 21, 22)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "17th",
        "21st",
        "22nd",
    ]
