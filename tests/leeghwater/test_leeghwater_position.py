"""Leeghwater positions set up with the builder: external works and private buildings
(plugins/leeghwater/position.py), checked, and the game plays on from there."""

from __future__ import annotations

import pytest
from test_leeghwater_rules import REGISTRY, drafted
from turbine.core import BadPosition
from turbine.core.testing import make_game
from turbine.plugins.barrage.actions import Ext
from turbine.plugins.leeghwater import store
from turbine.plugins.leeghwater.position import leeghwater_position


def test_an_untouched_position_builds_the_same_game():
    g = drafted(3)
    before = g.rules.digest(g.state)
    assert leeghwater_position(g).build().rules.digest(g.state) == before


def test_a_work_shown_is_offered_and_the_covered_one_goes_back_on_its_stack():
    """L-5.4.2: the display's works are the ones offered; L-3.3: each work is in one place."""
    g = drafted(3)
    s = store.shared(g.state)
    covered = s.ew_display[0]
    hidden = next(w for stack in s.ew_stacks for w in stack)
    g = leeghwater_position(g).show_work(hidden).build()
    s = store.shared(g.state)
    assert s.ew_display[0] == hidden and covered in [w for stack in s.ew_stacks for w in stack]
    seat = g.to_move
    g = leeghwater_position(g).seat(seat).excavators(9).mixers(9).credits(20).build()
    assert Ext("work", hidden) in g.legal()  # L-5.2: enough machinery for any work


def test_buildings_come_off_the_extension():
    """L-3.9.2: 5 building pieces per extension; a building on the board is one fewer."""
    g = drafted(3)
    first = store.shared(g.state).buildings[0]
    g = leeghwater_position(g).building(first, space=0, seat=1).build()
    assert store.shared(g.state).spaces[0][0] == 1
    assert g.state.players[1].ext.leeghwater.pieces == 4


def test_refusals_name_the_work_and_the_building():
    g = drafted(3)
    s = store.shared(g.state)
    shown = s.ew_display[0]
    pos = leeghwater_position(g).buildings("PB-01", "PB-01", "PB-02", "PB-03", "PB-04")
    pos.seat(0).works(shown)
    with pytest.raises(BadPosition) as refused:
        pos.build()
    problems = refused.value.problems
    assert any(p.startswith(f"external work {shown} is both in") and "display" in p for p in problems)
    assert "4 different private buildings are in play; the game has 5 (L-3.4)" in problems


def test_more_buildings_than_an_extension_holds_are_refused():
    g = drafted(4)
    pos = leeghwater_position(g)
    for building in store.shared(g.state).buildings:
        for space in (0, 1):
            pos.building(building, space, seat=0)
    with pytest.raises(
        BadPosition, match=r"more buildings on the board than its extension holds \(5, L-3.9.2\)"
    ):
        pos.build()


def test_a_game_without_the_expansion_has_no_leeghwater_builder():
    g = make_game("barrage", players=2, seed=0, registry=REGISTRY)
    with pytest.raises(BadPosition, match="without the Leeghwater expansion"):
        leeghwater_position(g)


def test_bots_finish_the_game_from_a_built_position_with_every_check_holding():
    g = drafted(3, seed=2)
    s = store.shared(g.state)
    hidden = next(w for stack in s.ew_stacks for w in stack)
    pos = leeghwater_position(g).show_work(hidden).building(s.buildings[1], space=0, seat=2)
    pos.seat(0).credits(12)
    g = pos.build()
    bots = g.make_bots()
    played = 0
    while not g.is_over:
        seat = g.to_move
        assert seat is not None
        g.play(bots[seat].choose(g.state, g.legal()))
        played += 1
        assert leeghwater_position(g).problems() == [], f"after move {played}"
    assert played > 20
