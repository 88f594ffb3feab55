"""The ``connections`` view, the last Phase 5 on the screen and the board's seat names.

The view around a city lists each neighbour with the link's printed cost (P-6.5, P-6.6),
who has a house there and what building there costs the seat now (P-6.3–P-6.5, A.4);
the view of a region splits each city's links into those inside it and those out of it.
The players view, the turn panel and the board say each player's cities powered in the
last Phase 5 and the T-1 income paid (P-7.3, P-7.5).  Every text names the seats as the
turn screen does and counts in the right number.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path

import pytest
from pg_helpers import REGIONS, REGISTRY, act, new_state, play_until, to_phase_5
from turbine.core import Game, Seat
from turbine.core.errors import ParseError
from turbine.plugins.power_grid import actions as A
from turbine.plugins.power_grid.tables import income

DATA = Path(__file__).resolve().parents[2] / "plugins" / "power_grid" / "data"


def _links(map_name: str, city: str) -> dict[str, int]:
    """The printed links of ``city`` in the map's data file: neighbour → cost."""
    data = json.loads((DATA / f"{map_name}.json").read_text())
    out = {}
    for link in data["connections"]:
        if city in (link["a"], link["b"]):
            out[link["b"] if link["a"] == city else link["a"]] = link["cost"]
    return out


def _rows(text: str) -> dict[str, str]:
    """The neighbour rows of a city's view: name → the rest of the row."""
    rows = {}
    for line in text.splitlines():
        m = re.match(r"  (\S.*?)(?: \([^)]*\))?\s+(\d+) · (.*)$", line)
        if m:
            rows[m.group(1)] = f"{m.group(2)} · {m.group(3)}"
    return rows


def _building():
    """Russia, 4 players, the first Phase 4: the seat to build has just built in Moscow."""
    r, s = new_state(4, seed=2, regions=REGIONS)
    play_until(r, s, "building")
    seat = r.to_move(s)
    act(r, s, "build Moscow (10)")
    return r, s, seat


# ---------------------------------------------------------------- around a city


def test_a_city_lists_every_neighbour_with_the_printed_link_cost():
    """P-6.5: Moscow's links are Tula 3, Ryazan 3, Yaroslavl 3, Nizhny Novgorod 7 and
    St Petersburg 10, as the map data prints them, cheapest first."""
    r, s, seat = _building()
    text = r.render_view(s, seat, "connections", "moscow")
    assert _links("russia", "Moscow") == {
        "Tula": 3,
        "Ryazan": 3,
        "St Petersburg": 10,
        "Yaroslavl": 3,
        "Nizhny Novgorod": 7,
    }
    rows = _rows(text)
    assert {name: int(row.split(" · ")[0]) for name, row in rows.items()} == _links("russia", "Moscow")
    assert list(rows) == ["Ryazan", "Tula", "Yaroslavl", "Nizhny Novgorod", "St Petersburg"]
    head = text.splitlines()[0]
    assert head == f"[bold]Moscow[/bold] (pink): Seat {seat + 1} · no space open in Step 1 (P-6.3)"
    assert "building here now costs you: already connected (P-6.8)" in text


def test_a_neighbour_shows_who_is_there_and_the_seat_s_cost_to_build():
    """P-6.5 / A.4: the space plus the cheapest links from the seat's network, exactly
    the cost of the legal ``build`` move; a city with another's house names that seat."""
    r, s, seat = _building()
    other = next(x for x in range(4) if x != seat)
    s.houses[r.city_by_name["Tula"]] += (other,)
    s.players[other].cities.append(r.city_by_name["Tula"])
    rows = _rows(r.render_view(s, seat, "connections", "Moscow"))
    assert rows["Ryazan"] == "3 · no house · 13 (10 + 3 links)"
    assert rows["Nizhny Novgorod"] == "7 · no house · 17 (10 + 7 links)"
    assert rows["St Petersburg"] == "10 · no house · 20 (10 + 10 links)"
    # Step 1: one house per city (P-6.2), so Tula, where the other seat is, is closed
    assert rows["Tula"] == f"3 · Seat {other + 1} · no space open in Step 1 (P-6.3)"
    legal = {a.city: a.cost for a in r.legal_actions(s) if isinstance(a, A.Build)}
    for name in ("Ryazan", "Nizhny Novgorod", "St Petersburg"):
        assert rows[name].endswith(f"· {legal[name]} (10 + {legal[name] - 10} links)")


def test_every_build_cost_in_the_view_is_the_legal_move_s_cost():
    """P-6.3–P-6.5: for every city in play, the cost the view gives the seat in its own
    Phase 4 turn is the cost of its legal ``build`` move, and a city it cannot build in
    has no legal move."""
    r, s, seat = _building()
    legal = {a.city: a.cost for a in r.legal_actions(s) if isinstance(a, A.Build)}
    for c in s.in_play:
        name = r.city_names[c]
        said = r.render_view(s, seat, "connections", name).splitlines()[1]
        assert said.startswith("  building here now costs you: ")
        cost = said.split(": ", 1)[1]
        if name in legal:
            assert cost.split(" ")[0] == str(legal[name]), (name, cost)
        else:
            assert not cost[:1].isdigit() or "more than the" in cost or "not allowed" in cost, (name, cost)


def test_a_first_city_costs_only_its_space_and_a_spectator_sees_the_seat_to_move():
    """P-6.4: a seat without a city pays the space alone; without a viewer the costs are
    those of the seat to move, named as the screen names it."""
    r, s = new_state(4, seed=2, regions=REGIONS)
    play_until(r, s, "building")
    mover = r.to_move(s)
    text = r.render_view(s, None, "connections", "Tula")
    assert f"building here now costs Seat {mover + 1}: 10 (first city, P-6.4)" in text
    assert _rows(text)["Voronezh"] == "5 · no house · 10 (first city, P-6.4)"
    assert "(brown)" in text  # Voronezh lies in another region


def test_a_neighbour_out_of_play_is_marked():
    """P-6.12: a link to a region out of play leads to a city nobody may build in."""
    r, s = new_state(4, seed=2, regions=REGIONS)
    text = r.render_view(s, 0, "connections", "Arkhangelsk")
    # a neighbour in another region names it; one in Arkhangelsk's own (green) does not
    assert "  Nizhny Novgorod (pink) " in text and "  Syktyvkar  " in text
    text = r.render_view(s, 0, "connections", "Syktyvkar")
    surgut = next(line for line in text.splitlines() if line.startswith("  Surgut"))
    assert "(yellow, out of play)" in surgut and surgut.endswith("out of play (P-6.12)")


def test_japan_a_first_city_must_be_a_start_city():
    """P-12.6/P-12.7: a network starts in a start city, for the space alone."""
    r, s = new_state(4, seed=2, map="japan")
    play_until(r, s, "building")
    seat = r.to_move(s)
    start = next(c for c in s.in_play if r.start_city[c])
    plain = next(c for c in s.in_play if not r.start_city[c])
    assert "(new network, P-12.6)" in r.render_view(s, seat, "connections", r.city_names[start])
    assert "a first city must be a start city (P-12.7)" in r.render_view(
        s, seat, "connections", r.city_names[plain]
    )


# ---------------------------------------------------------------- a region


def test_a_region_lists_its_cities_with_links_inside_and_out():
    """Each city of the region once, who is there, and its links split by region."""
    r, s, seat = _building()
    text = r.render_view(s, seat, "connections", "Pink")
    lines = text.splitlines()
    assert lines[0] == "[bold]pink[/bold] region, in play: 7 cities · borders brown, green"
    pink = r.map.regions[r.map.region_index["pink"]]
    for c in pink.cities:
        assert text.count(f"  [bold]{r.city_names[c]}[/bold]: ") == 1
    at = lines.index(f"  [bold]Moscow[/bold]: Seat {seat + 1} · no space open in Step 1 (P-6.3)")
    assert lines[at + 1] == "    inside: Ryazan 3, Tula 3, Yaroslavl 3, Nizhny Novgorod 7, St Petersburg 10"
    assert lines[at + 2] == "    out: none"
    ryazan = lines.index("  [bold]Ryazan[/bold]: no house · next space 10")
    assert lines[ryazan + 1] == "    inside: Tula 0, Moscow 3"  # P-6.6: an unprinted link costs 0
    assert lines[ryazan + 2] == "    out: Voronezh 5 (brown), Ulyanovsk 9 (green)"
    assert max(len(line) for line in lines) <= 100


def test_a_region_out_of_play_says_so():
    r, s = new_state(4, seed=2, regions=REGIONS)
    text = r.render_view(s, 0, "connections", "yellow")
    assert text.startswith("[bold]yellow[/bold] region, out of play (P-6.12): 7 cities")
    assert text.count("not in play (P-6.12)") == 7


# ---------------------------------------------------------------- names it does not know


def test_an_unknown_name_is_one_line_with_the_close_matches():
    r, s = new_state(4, seed=2, regions=REGIONS)
    with pytest.raises(ParseError) as info:
        r.render_view(s, 0, "connections", "Moskva")
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith("'Moskva' is no city or region of Russia; did you mean Moscow")
    with pytest.raises(ParseError, match="did you mean St Petersburg"):
        r.render_view(s, 0, "connections", "St Peterburg")
    # the four regions chosen (REGIONS), in the map's order, then the two left out
    with pytest.raises(
        ParseError, match="regions in play: brown, green, pink, purple; out of play: red, yellow "
    ):
        r.render_view(s, 0, "connections", "Atlantis")


def test_without_a_place_the_view_shows_where_the_seat_s_network_can_grow():
    """With no city or region named: each of the seat's cities with its links to cities
    it is not in, each with the legal ``build`` move's cost (P-6.3–P-6.5) when it can
    pay it; before its first city, that the first costs only its space (P-6.4)."""
    r, s, seat = _building()
    first = r.render_view(s, seat, "connections", "")
    assert "regions in play: " in first
    mine = s.players[seat].cities
    if not mine:
        assert "You have no city yet: the first costs only its space (P-6.4)." in first
    r2, s2 = new_state(4, seed=2, regions=REGIONS)
    assert "no city yet" in r2.render_view(s2, 0, "connections", "")
    while not any(p.cities for p in s.players) or r.to_move(s) is None or not s.players[r.to_move(s)].cities:
        act(r, s, r.legal_actions(s)[0])
    seat = r.to_move(s)
    legal = {a.city: a.cost for a in r.legal_actions(s) if isinstance(a, A.Build)}
    text = re.sub(r"\[/?bold\]", "", r.render_view(s, seat, "connections", ""))
    links = re.findall(r"([A-Z][\w .-]+?) (\d+) → (\d+) \(", text)
    assert links, text
    for city, _link, cost in links:
        assert city in legal and legal[city] == int(cost), (city, cost, legal)


# ---------------------------------------------------------------- the last Phase 5


def test_the_players_view_and_the_panel_say_the_last_phase_5():
    """P-7.3/P-7.5, T-1: before the first Phase 5 nothing is said; once a player is paid,
    his cities powered and the income appear in the players view, the turn panel and the
    board."""
    r, s = new_state(4, seed=3)
    seat = r.to_move(s)
    assert "Last Phase 5" not in r.turn_view(s, seat)
    assert r.render_view(s, None, "players").count("no Phase 5 yet") == 4
    to_phase_5(r, s)
    while r.phase_name(s) == "bureaucracy":
        r.apply(s, r.legal_actions(s)[-1])  # run every plant it can
    assert s.flow.round == 2
    players = r.render_view(s, None, "players")
    panel = r.turn_view(s, r.to_move(s))
    board = r.render(s, None)
    assert "no Phase 5 yet" not in players
    for who, p in enumerate(s.players):
        cities = "1 city" if p.powered == 1 else f"{p.powered} cities"
        said = f"powered {cities} in the last Phase 5: +{income(p.powered)} Elektro"
        assert said in players and said in board
        short = f"{p.powered}→{income(p.powered)}"
        assert (f"Seat {who + 1}: {short}" in panel) or (who == r.to_move(s) and f"you: {short}" in panel)
    assert any(p.powered == 1 for p in s.players)  # a city and a plant with fuel: 1 city, 22 Elektro
    assert "1→22" in panel


def test_a_player_paid_in_round_1_shows_before_the_others():
    """Round 1's Phase 5: who has been paid shows his income, the others not yet."""
    r, s = new_state(4, seed=3)
    to_phase_5(r, s)
    first = r.to_move(s)
    r.apply(s, r.legal_actions(s)[-1])
    while s.flow.pending:  # a hybrid's mix
        r.apply(s, r.legal_actions(s)[0])
    players = r.render_view(s, None, "players").splitlines()
    paid = {who for who, done in zip(s.flow.order, s.flow.done, strict=True) if done}
    assert first in paid and len(paid) < 4  # a player with nothing to run is paid at once (P-7.5)
    for who, p in enumerate(s.players):
        line = next(line for line in players if f"Seat {who + 1}[/bold]" in line)
        if who in paid:
            assert f"in the last Phase 5: +{income(p.powered)} Elektro" in line
        else:
            assert "no Phase 5 yet" in line


# ---------------------------------------------------------------- seat names and plurals


def test_every_text_names_seats_as_the_screen_does_and_counts_in_the_right_number():
    """The board, the panel, the views, the refusals and the narration name each seat by
    its player's name, never ``Seat 2`` or ``P2``, and never say ``1 cities``, ``1 plants``,
    ``1 cards`` or ``1 tokens``."""
    names = ["Anna", "Ben", "Cleo", "Dan"]
    seats = [Seat(name) for name in names]
    game = Game(REGISTRY, "power_grid", players=4, seed=7, options={"regions": REGIONS}, seats=seats)
    rnd = random.Random(7)
    wrong = re.compile(r"\bP[1-6]\b|\bSeat [1-6]\b|\b1 (cities|plants|cards|tokens|networks|links)\b")
    texts: list[str] = []
    for step in range(1500):
        if game.is_over:
            break
        seat = game.to_move
        assert seat is not None
        if step % 5 == 0:
            texts += [
                game.render(seat),
                game.rules.turn_view(game.state, seat),
                game.rules.question(game.state),
            ]
            texts += [
                game.rules.render_view(game.state, seat, v, "") for v in ("market", "players", "resources")
            ]
            texts.append(game.rules.render_view(game.state, seat, "connections", "Moscow"))
            texts.append(str(game.rules.why_illegal(game.state, A.Pass())))
        legal = game.legal()
        game.play(legal[rnd.randrange(len(legal))])
        texts += game.told
    assert len(texts) > 500
    for text in texts:
        assert not wrong.search(text), text
    assert all(any(name in text for text in texts) for name in names)


def test_during_a_phase_5_the_panel_says_only_this_round_s_payments():
    """P-7.5: during Bureaucracy the panel names who was paid this round and who is to come,
    not last round's payments beside this round's."""
    r, s = new_state(4, seed=3)
    to_phase_5(r, s)
    first = r.to_move(s)
    r.apply(s, r.legal_actions(s)[-1])
    s.flow.round = 2  # as in a later round, where every seat's last count is still kept
    for p in s.players:
        p.powered = p.powered or 7
    panel = " ".join(r.turn_view(s, r.to_move(s)).split())
    assert "This Phase 5 so far, cities powered→Elektro paid:" in panel and "Last Phase 5" not in panel
    flow = s.flow
    waiting = [who for who in flow.order if not flow.done[flow.order.index(who)]]
    assert first not in waiting and 0 < len(waiting) < 4
    names = ["you" if who == r.to_move(s) else r.player(who) for who in waiting]
    assert panel.count("to come") == 1 and f"to come: {', '.join(names)}" in panel  # in one line
    assert panel.count("7→") == 4 - len(waiting) - (s.players[first].powered != 7)


def test_six_players_phase_5_payments_take_few_lines_at_80_columns():
    """Under a head of 50 columns each payment took a line of its own at 80 columns: they
    flow four columns in where that takes fewer lines."""
    r, s = new_state(6, seed=3)
    to_phase_5(r, s)
    r.apply(s, r.legal_actions(s)[-1])
    r.table_width = 80
    try:
        panel = r.turn_view(s, r.to_move(s)).splitlines()
    finally:
        r.table_width = 100
    at = next(i for i, line in enumerate(panel) if line.startswith("This Phase 5 so far"))
    rest = list(itertools.takewhile(lambda line: line.startswith("    "), panel[at + 1 :]))
    block = [panel[at], *rest]
    assert len(block) <= 3, block
