"""The Power Grid board picture: every city at its place, houses, markets, players (issue: board pictures)."""

from __future__ import annotations

import pytest
from pictures_helpers import by_class, check_golden, parse, play
from turbine.core.data import DataError
from turbine.core.drawing import SEAT_COLOURS, svg
from turbine.plugins.power_grid import draw_data
from turbine.plugins.power_grid.data_model import load_map


@pytest.fixture(scope="module")
def russia():
    return play("power_grid", 4, seed=5, moves=160)


@pytest.fixture(scope="module")
def japan():
    return play("power_grid", 5, seed=7, moves=160, options={"map": "japan"})


def cities(root):
    return {e.get("data-name"): e for e in by_class(root, "city")}


def test_russia_has_42_cities_and_91_links_each_drawn_once(russia):
    root = parse(svg(russia, None))
    drawn = cities(root)
    assert len(by_class(root, "city")) == 42
    assert set(drawn) == {c.name for c in load_map("russia").cities}
    assert len(by_class(root, "connection")) == 91
    assert len(by_class(root, "city-name")) == 42


def test_japan_has_35_cities_6_start_cities_and_its_small_cities(japan):
    root = parse(svg(japan, None))
    drawn = cities(root)
    m = japan.rules.map
    assert len(drawn) == 35
    assert len(by_class(root, "connection")) == 53
    starts = {name for name, e in drawn.items() if e.get("data-start") == "true"}
    assert starts == {"Fukuoka", "Kobe", "Osaka", "Sapporo", "Tokyo", "Yokohama"}  # P-12.7
    assert len(by_class(root, "start-city")) == 6
    for city in m.cities:  # P-12.12: a small city has two spaces, taken or free
        group = drawn[city.name]
        shown = by_class(group, "space") + by_class(group, "house")
        assert len(shown) == len(city.spaces), city.name


@pytest.mark.parametrize("which", ["russia", "japan"])
def test_houses_regions_and_links_follow_the_state(which, request):
    game = request.getfixturevalue(which)
    s = game.state
    m = game.rules.map
    root = parse(svg(game, None))
    drawn = cities(root)
    in_play = {m.cities[c].name for c in s.in_play}
    assert {n for n, e in drawn.items() if e.get("data-in-play") == "true"} == in_play
    assert len(by_class(root, "region-tint")) == len(in_play)  # regions out of play are grey
    for city in m.cities:
        seats = [int(h.get("data-seat")) for h in by_class(drawn[city.name], "house")]
        assert seats == [seat + 1 for seat in s.houses[city.index]], city.name
    assert sum(len(h) for h in s.houses) > 4, "the game should have houses on the map by now"
    costs = sorted(int(e.get("data-cost")) for e in by_class(root, "connection"))
    assert costs == sorted(link.cost for link in m.connections)


def test_markets_and_players_match_the_state(russia):
    s = russia.state
    root = parse(svg(russia, None))
    tokens = {}
    for e in by_class(root, "price-space"):
        tokens[e.get("data-resource")] = tokens.get(e.get("data-resource"), 0) + int(e.get("data-tokens"))
    assert [tokens[r] for r in ("coal", "oil", "garbage", "uranium")] == s.resources
    market = by_class(next(e for e in by_class(root, "panel") if e.get("data-panel") == "plants"), "plant")
    assert len(market) == len(s.market)
    players = by_class(root, "player")
    assert [int(p.get("data-money")) for p in players] == [p.money for p in s.players]
    owned = [len(by_class(p, "owned-plant")) for p in players]
    assert owned == [len(p.plants) for p in s.players]


def _market_rows(game):
    panel = next(e for e in by_class(parse(svg(game, None)), "panel") if e.get("data-panel") == "plants")
    labels = [e.text for e in panel.iter() if e.tag.endswith("text") and e.get("font-size") == "11"]
    return panel, labels


def test_step_3_draws_one_market_and_an_empty_one_says_so():
    """P-8.7: in Step 3 every plant of the market is on sale: one row, no future row; a
    market the deck could not refill says it has no plant left."""
    game = play("power_grid", 4, seed=5, moves=160)  # changed below: not the shared game
    panel, labels = _market_rows(game)
    assert labels[:2] == ["actual", "future"]
    game.state.step = 3
    panel, labels = _market_rows(game)
    assert "Step 3: all" in labels and "future" not in labels
    assert len(by_class(panel, "plant")) == len(game.state.market)
    game.state.market = []
    panel, _ = _market_rows(game)
    assert [e.text for e in by_class(panel, "no-plant")] == ["no plant left"]
    assert by_class(panel, "plant") == []


def test_seat_colours_are_the_okabe_ito_palette_one_per_seat(japan):
    assert len(set(SEAT_COLOURS)) == 6 and "#E69F00" in SEAT_COLOURS and "#0072B2" in SEAT_COLOURS
    root = parse(svg(japan, None))
    for house in by_class(root, "house"):
        seat = int(house.get("data-seat")) - 1
        disc = house.find("{http://www.w3.org/2000/svg}circle")
        assert disc is not None and disc.get("fill") == SEAT_COLOURS[seat]
        label = house.find("{http://www.w3.org/2000/svg}text")
        assert label is not None and label.text == str(seat + 1)  # not by colour alone


def test_every_city_of_both_maps_has_a_position():
    for name in draw_data.MAPS:
        assert set(draw_data.positions(name)) == {c.name for c in load_map(name).cities}
    assert len(draw_data.positions("russia")) == 42 and len(draw_data.positions("japan")) == 35


def test_a_city_without_a_position_or_an_unknown_one_is_a_data_error():
    good = draw_data.load_coordinates()
    russia = dict(good.maps["russia"])
    where = russia.pop("Moscow")
    with pytest.raises(DataError, match="cities without a position: Moscow"):
        draw_data.check(draw_data.Coordinates(good.source, good.note, {**good.maps, "russia": russia}))
    russia["Moskva"] = where
    russia["Moscow"] = where
    with pytest.raises(DataError, match="unknown cities: Moskva"):
        draw_data.check(draw_data.Coordinates(good.source, good.note, {**good.maps, "russia": russia}))


def test_the_picture_is_the_same_for_the_same_state(russia, tmp_path):
    from turbine.core import Game, default_registry

    first = svg(russia, 1)
    assert svg(russia, 1) == first
    russia.save(str(tmp_path / "g.json"))
    again = Game.load(default_registry(), str(tmp_path / "g.json"))
    assert svg(again, 1) == first
    assert 'id="' not in first  # no generated ids


def test_golden_russia(russia):
    check_golden("power_grid_russia", svg(russia, None))


def test_golden_japan(japan):
    check_golden("power_grid_japan", svg(japan, 0))


def test_each_player_line_counts_cities_in_the_right_number():
    """The player panels say ``1 city`` and ``N cities``, as the screens do; a game
    early enough that some player has exactly one city."""
    game = next(
        g
        for moves in range(20, 200, 5)
        if (g := play("power_grid", 3, seed=3, moves=moves))
        and any(len(p.cities) == 1 for p in g.state.players)
    )
    text = svg(game, None)
    for p in game.state.players:
        count = "1 city" if len(p.cities) == 1 else f"{len(p.cities)} cities"
        assert f"{p.money} Elektro · {count} · can power" in text
    assert "· 1 cities ·" not in text
