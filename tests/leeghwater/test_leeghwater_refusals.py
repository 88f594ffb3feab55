"""Refused Leeghwater placements cite the Leeghwater rule that forbids them (L-3.4, L-5.2,
L-5.4, L-5.4.2, L-6.4, L-6.5, L-6.7, L-6.9, L-7.1, L-7.3, L-7.4, L-12.1.2, L-12.2.1), and a
placement the game offers is never refused."""

from __future__ import annotations

import pytest
from test_leeghwater_play import greedy_game
from test_leeghwater_rules import activate, do, drafted, put_building, rich, show_work
from turbine.core.errors import IllegalAction
from turbine.core.session import Game
from turbine.core.testing import assert_refused
from turbine.plugins.barrage.actions import Ext, Place
from turbine.plugins.leeghwater import placements, store
from turbine.plugins.leeghwater.refusals import refuse_placement


def refused(g: Game, seat: int, action: Ext) -> tuple[str, str | None]:
    """``seat`` is not offered ``action`` and Leeghwater's refusal names the reason; when
    ``seat`` is the one to move, playing it anyway is refused for that very reason and
    changes nothing (``assert_refused``)."""
    assert action not in placements.turn_actions(g.rules, g.state, seat)
    why = refuse_placement(g.rules, g.state, seat, action)
    assert why is not None, action
    if seat == g.to_move:
        g.reset_caches()  # the test set the position by hand: drop the lists cached before
        assert_refused(g, action, why.rule, reason=why.reason)
    return why.reason, why.rule


def first(g: Game) -> int:
    return g.state.turn_order[0]


# -- external works (L-5) --------------------------------------------------------------------------


def test_L_5_4_external_work_without_its_machinery():
    g = drafted()
    seat = first(g)
    rich(g, seat, exc=0, mix=0)
    show_work(g, "EW-T2")
    reason, rule = refused(g, seat, Ext("work", "EW-T2"))
    assert rule == "L-5.4"
    assert "EW-T2 needs 0 excavators and 1 mixer" in reason
    assert "you have 0 excavators and 0 mixers" in reason


def test_L_5_4_2_external_work_not_face_up():
    g = drafted()
    seat = first(g)
    rich(g, seat)
    display = g.state.ext.leeghwater.ew_display
    hidden = next(w.id for w in store.data().external_works.works if w.id not in display)
    reason, rule = refused(g, seat, Ext("work", hidden))
    assert rule == "L-5.4.2"
    assert f"{hidden} is not face up" in reason


def test_L_5_2_an_external_work_unnamed_is_asked_for_by_the_works_face_up():
    """``x work`` alone said ``there is no external work ''``."""
    g = drafted()
    seat = first(g)
    rich(g, seat)
    reason, rule = refused(g, seat, Ext("work", ""))
    shown = ", ".join(w for w in g.state.ext.leeghwater.ew_display if w)
    assert (reason, rule) == (f"name the external work to take (face up now: {shown})", "L-5.2")


def test_L_5_2_external_work_takes_two_engineers():
    g = drafted()
    seat = first(g)
    rich(g, seat)
    g.state.players[seat].engineers = 1
    show_work(g, "EW-T2")
    reason, rule = refused(g, seat, Ext("work", "EW-T2"))
    assert rule == "L-5.2"
    assert "exactly 2 engineers" in reason


def test_L_12_1_2_only_leslie_pays_onto_her_wheel():
    g = drafted()
    seat = next(s for s, p in enumerate(g.state.players) if p.officer != store.LESLIE)
    rich(g, seat)
    show_work(g, "EW-T2")
    reason, rule = refused(g, seat, Ext("work_wheel", "EW-T2"))
    assert rule == "L-12.1.2"
    assert "Leslie Spencer" in reason


# -- building (L-6) ---------------------------------------------------------------------------------


def test_L_6_4_one_building_per_tile():
    g = drafted()
    seat = first(g)
    rich(g, seat)
    pb = g.state.ext.leeghwater.buildings[0]
    activate(g, seat)
    reason, rule = refused(g, seat, Ext("build", pb))
    assert rule == "L-6.4"
    assert f"already have a building next to {pb}" in reason


def test_L_6_5_no_free_building_space():
    g = drafted()
    seat = first(g)
    rich(g, seat)
    pb = g.state.ext.leeghwater.buildings[0]
    spaces = g.state.ext.leeghwater.spaces[0]
    other = (seat + 1) % len(g.state.players)
    spaces[:] = [other if o == store.FREE else o for o in spaces]
    reason, rule = refused(g, seat, Ext("build", pb))
    assert rule == "L-6.5"
    assert f"no building space next to {pb} is free" in reason


def test_L_6_9_no_building_tile():
    g = drafted()
    seat = first(g)
    rich(g, seat)
    put_building(g, "PB-07")
    g.state.players[seat].tiles.remove(store.BUILDING_TILE)
    reason, rule = refused(g, seat, Ext("build", "PB-07"))
    assert rule == "L-6.9"
    assert "no technology tile" in reason


def test_L_6_7_building_without_its_machinery():
    g = drafted()
    seat = first(g)
    rich(g, seat, exc=0, mix=0)
    put_building(g, "PB-07")
    reason, rule = refused(g, seat, Ext("build", "PB-07"))
    assert rule == "L-6.7"
    assert "PB-07 costs" in reason and "you have 0 excavators and 0 mixers" in reason


def test_L_3_4_building_not_in_play():
    g = drafted()
    seat = first(g)
    rich(g, seat)
    absent = next(
        b.id for b in store.data().private_buildings if b.id not in g.state.ext.leeghwater.buildings
    )
    reason, rule = refused(g, seat, Ext("build", absent))
    assert rule == "L-3.4"
    assert f"{absent} is not one of the private buildings in play" in reason


# -- using (L-7, L-12.2) ----------------------------------------------------------------------------


def test_L_7_1_using_a_building_one_has_not_activated():
    g = drafted()
    seat = first(g)
    rich(g, seat)
    put_building(g, "PB-07")
    reason, rule = refused(g, seat, Ext("use", "PB-07"))
    assert rule == "L-7.1"
    assert "you have not activated PB-07" in reason


def test_L_7_4_using_a_building_twice_in_a_round():
    g = drafted()
    seat = first(g)
    rich(g, seat)
    put_building(g, "PB-07")
    activate(g, seat)
    do(g, seat, Ext("use", "PB-07"))
    reason, rule = refused(g, seat, Ext("use", "PB-07"))
    assert rule == "L-7.4"
    assert "already used PB-07 this round" in reason


def test_L_7_3_the_next_action_space_needs_its_engineers():
    """PB-07's right spaces need 2 engineers (L-7.2 data) once the left one is taken."""
    g = drafted()
    seat = first(g)
    rich(g, seat)
    put_building(g, "PB-07")
    activate(g, seat)
    g.state.ext.leeghwater.left[0] = True
    g.state.players[seat].engineers = 1
    reason, rule = refused(g, seat, Ext("use", "PB-07"))
    assert rule == "L-7.3"
    assert "the right one) needs 2 engineers" in reason


def test_L_7_6_an_action_that_cannot_be_carried_out_says_what_stops_it():
    """``PB-02's action cannot be carried out in full now`` said neither why nor which
    rule: the Design Bureau returns a tile from the wheel (L-8.2), and none is there."""
    g = drafted()
    seat = first(g)
    rich(g, seat)
    put_building(g, "PB-02")
    activate(g, seat)
    player = g.state.players[seat]
    player.wheel_tile = [""] * len(player.wheel_tile)
    reason, rule = refused(g, seat, Ext("use", "PB-02"))
    assert (reason, rule) == (
        "PB-02's action cannot be carried out in full: no technology tile of yours is on your "
        "construction wheel to return (L-8.2)",
        "L-7.6",
    )


def test_L_7_6_an_action_short_of_credits_says_how_many_it_needs():
    """The Wind Turbine's action costs 2 credits (L-8.9): with 1, it cannot be used."""
    g = drafted()
    seat = first(g)
    rich(g, seat, credits=1)
    put_building(g, "PB-09")
    activate(g, seat)
    reason, rule = refused(g, seat, Ext("use", "PB-09"))
    assert (reason, rule) == (
        "PB-09's action cannot be carried out in full: it needs 2 credits and you would have 1 left",
        "L-7.6",
    )


def test_L_12_2_1_margots_space_is_hers():
    g = drafted()
    seat = next(s for s, p in enumerate(g.state.players) if p.officer != store.MARGOT)
    rich(g, seat)
    put_building(g, "PB-07")
    activate(g, seat)
    reason, rule = refused(g, seat, Ext("margot", "PB-07"))
    assert rule == "L-12.2.1"
    assert "Margot Fouché's personal space" in reason


def test_other_actions_are_not_leeghwater_placements():
    g = drafted()
    seat = first(g)
    assert refuse_placement(g.rules, g.state, seat, Place("TS1L")) is None
    assert refuse_placement(g.rules, g.state, seat, Ext("tile", "BUILDING")) is None


# -- every placement of seeded games -----------------------------------------------------------------


def candidates(g: Game) -> list[Ext]:
    works = [w.id for w in store.data().external_works.works]
    buildings = [b.id for b in store.data().private_buildings]
    out = [Ext(name, w) for name in ("work", "work_wheel") for w in works]
    return out + [Ext(name, b) for name in ("build", "use", "margot", "margot_bank") for b in buildings]


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (4, 3)])
def test_every_placement_is_offered_or_refused_with_a_leeghwater_rule(players, seed):
    g = greedy_game(players, seed)
    bots = g.make_bots()
    rules: set[str] = set()
    offered = 0
    while not g.is_over:
        seat = g.to_move
        if not g.state.flow.pending and store.extension(g.state.players[seat]) is not None:
            legal = set(placements.turn_actions(g.rules, g.state, seat))
            for action in candidates(g):
                why = refuse_placement(g.rules, g.state, seat, action)
                if action in legal:
                    offered += 1
                    assert why is None, (action, why)
                else:
                    assert why is not None and (why.rule or "").startswith("L-"), action
                    rules.add(why.rule)
        g.play(bots[seat].choose(g.state, g.legal()))
    assert offered > 20
    assert {"L-3.4", "L-5.4.2", "L-7.1"} <= rules


def test_the_engine_cites_the_L_rule_and_changes_nothing():
    """Barrage asks the expansion why its placement is refused (``barrage_refuse_placement``):
    taking EW-T2 without its mixer is refused by the game itself with L-5.4, and the state
    is unchanged."""
    g = drafted()
    seat = g.to_move
    rich(g, seat, exc=0, mix=0)
    show_work(g, "EW-T2")
    g.reset_caches()
    before = g.rules.digest(g.state)
    with pytest.raises(IllegalAction) as refusal:
        g.rules.apply(g.state, Ext("work", "EW-T2"))
    assert refusal.value.rule == "L-5.4"
    assert "EW-T2 needs 0 excavators and 1 mixer" in refusal.value.reason
    assert g.rules.digest(g.state) == before


def test_an_expansion_move_no_space_places_is_said_to_be_none():
    """``x teleport PB-10`` was refused as if it answered another decision; the placements
    named are those open to the seat now (``x build, x work``), not every name an officer's
    copy may use (``x margot_bank``, ``x work_wheel``)."""
    g = drafted()
    g.reset_caches()
    for action in (Ext("teleport", "PB-10"), Ext("loan", "EW-T1")):
        refusal = assert_refused(g, action, "B-7.2")
        assert refusal.reason.startswith(
            f"'x {action.name} {action.arg}' is no placement (the expansions' placements open to you "
            "now: x build, x work), "
        )
        assert "and no decision is asked that it answers: it is" in refusal.reason
