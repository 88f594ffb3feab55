"""The Leeghwater rules (docs/rules/leeghwater.md), called the way Barrage's hooks call them.

The game is a real Barrage full game with the expansion's plugin on its plugin
manager.  Expansion actions are performed through the plugin's own hook
implementations (``barrage_turn_actions``, ``barrage_decision_actions``,
``barrage_perform``), so these tests do not depend on how Barrage calls them.
"""

from __future__ import annotations

import pytest
from turbine.core.errors import BadOptions, ParseError
from turbine.core.plugins import Registry, default_registry
from turbine.core.session import Game, Seat
from turbine.core.testing import FIRST_LEGAL, make_game, play_until
from turbine.plugins.barrage.actions import Ext, Fulfil, Place, Site, Skip
from turbine.plugins.leeghwater import (
    building_actions,
    buildings,
    components,
    game_setup,
    netherlands,
    officers,
    placements,
    plugin,
    render,
    scoring,
    store,
    works,
)

REGISTRY = Registry.discover(extra=[("leeghwater", plugin)])


def drafted(players: int = 3, seed: int = 0) -> Game:
    """A full game with the expansion, the draft done (first choice each time)."""
    g = make_game(
        "barrage", players=players, seed=seed, expansions=["leeghwater"], bots="random", registry=REGISTRY
    )
    play_until(g, lambda g: not drafting(g), bots=FIRST_LEGAL)
    return g


def drafting(g: Game) -> bool:
    """The draft (B-4.4: companies and officers, then starting contracts) goes on."""
    pending = g.state.flow.pending
    return bool(pending) and pending[-1].kind in ("pair", "start")


def top(g: Game):
    return g.state.flow.pending[-1] if g.state.flow.pending else None


def do(g: Game, seat: int, action) -> None:
    """Perform an expansion placement or answer the expansion's decision on top."""
    pending = top(g)
    if pending is not None and pending.kind.startswith("lw_"):
        if action == Skip():
            g.state.flow.pending.pop()
            return
        assert action in pending.answers(g.rules, g.state), action
        pending.apply(g.rules, g.state, action)
    else:
        assert action in placements.turn_actions(g.rules, g.state, seat), action
        placements.SPACES.perform(g.rules, g.state, seat, action)  # as Barrage performs it (G-4)


def rich(g: Game, seat: int, credits: int = 30, exc: int = 12, mix: int = 12) -> None:
    p = g.state.players[seat]
    p.credits, p.excavators, p.mixers, p.engineers = credits, exc, mix, 12


def put_building(g: Game, pb: str, slot: int = 0) -> None:
    g.state.ext.leeghwater.buildings[slot] = pb


def activate(g: Game, seat: int, slot: int = 0) -> None:
    g.state.ext.leeghwater.spaces[slot][0] = seat


def show_work(g: Game, work: str, slot: int = 0) -> None:
    g.state.ext.leeghwater.ew_display[slot] = work


# -- L-1, L-3 setup ---------------------------------------------------------------------------


def test_L_1_full_game_and_players_only():
    """L-1 (U-1): the introductory game is refused."""
    with pytest.raises(BadOptions, match="full game"):
        Game(
            REGISTRY,
            "barrage",
            players=2,
            seed=0,
            options={"mode": "intro"},
            expansions=["leeghwater"],
            seats=[Seat("a", "random"), Seat("b", "random")],
        )


@pytest.mark.parametrize("players,blocked", [(2, [1, 3]), (3, [1]), (4, [])])
def test_L_3_setup(players, blocked):
    """L-3.3 (3 tiles of stack A face up), L-3.4 (5 of 10 buildings), L-3.7/T-8 (blocking), L-3.9."""
    g = drafted(players)
    s = g.state.ext.leeghwater
    assert [store.work(w).stack for w in s.ew_display] == ["A", "A", "A"]
    assert [len(st) for st in s.ew_stacks] == [2, 5, 5]
    assert len(s.buildings) == 5 and len(set(s.buildings)) == 5
    for row in s.spaces:
        assert [i for i, o in enumerate(row) if o == store.BLOCKED] == blocked
    for p in g.state.players:
        assert p.ext.leeghwater == store.Seat(works=[], pieces=5, used=[0] * 5, margot=0, architect=1)
        assert "building" in p.tiles


def test_L_3_6_advanced_stacks_get_the_new_tiles_and_lose_one_each():
    """L-3.6: AT-B1/2/3 join stacks I/II/III, one random tile leaves each: 5 per stack."""
    g = drafted(2)
    # stack I has revealed 3 into the Patent Office
    assert [len(st) for st in g.state.patent_stacks] == [2, 5, 5]
    pools = {
        "advanced": [
            ["a1", "a2", "a3", "a4", "a5"],
            ["b1", "b2", "b3", "b4", "b5"],
            ["c1", "c2", "c3", "c4", "c5"],
        ]
    }
    from turbine.core import Rng

    components.component_pools(pools, Rng.from_seed(1))
    assert [len(st) for st in pools["advanced"]] == [5, 5, 5]


def test_L_3_8_netherlands_is_in_the_draft():
    """L-3.8.1: the Netherlands joins the company pool (it comes from barrage_abilities)."""
    g = drafted(4)
    assert "CO-NED" in g.rules.companies
    seen = set()
    for seed in range(12):
        seen |= {p.company for p in drafted(4, seed).state.players}
    assert "CO-NED" in seen


# -- L-5 external works ---------------------------------------------------------------------------

WORKS = [w.id for w in store.data().external_works.works]


@pytest.mark.parametrize("work", WORKS)
def test_L_5_every_external_work(work):
    """L-5.2: 2 engineers, the machinery to the general supply, the reward at once, the tile face down."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat, credits=10, exc=8, mix=8)
    show_work(g, work)
    w = store.work(work)
    p = g.state.players[seat]
    vp, energy, wheel = p.vp, p.energy, p.wheel_open
    do(g, seat, Ext("work", work))
    gained = {
        k: sum(x.amount for x in w.reward if x.kind == k)
        for k in ("credits", "vp", "energy", "mixers", "rotate")
    }
    assert p.engineers == 10
    assert p.excavators == 8 - w.cost.excavators
    assert p.mixers == 8 - w.cost.mixers + gained["mixers"]
    assert p.credits == 10 + gained["credits"]
    assert p.vp == vp + gained["vp"]
    assert p.energy == energy + gained["energy"] + sum(
        x.amount for x in w.reward if x.kind == "energy_contract"
    )
    assert p.wheel_open == (wheel + gained["rotate"]) % 6
    assert p.ext.leeghwater.works == [work]
    assert g.state.ext.leeghwater.ew_display[0] == ""
    kinds = [q.kind for q in g.state.flow.pending if q.seat == seat]
    if w.special in ("EW-R1", "EW-R2"):
        assert ("lw_contract" in kinds) == bool(
            works.contracts_for(g.rules, g.state, seat, 99 if w.special == "EW-R1" else 4)
        )
    if w.special == "EW-R3":
        assert "lw_patent" in kinds
    if w.special in ("EW-R4", "EW-R5", "EW-R6", "EW-R7"):
        assert "free_site" in kinds
    if any(x.kind in ("water_flows", "water_delayed") for x in w.reward):
        assert "water" in kinds


def test_E_8_machinery_on_the_wheel_does_not_pay():
    """E-8, L-5.3, L-5.4: without the machinery in the personal supply the space is not offered."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat, exc=0, mix=0)
    g.state.players[seat].wheel_exc[2] = 6
    show_work(g, "EW-T1")
    assert Ext("work", "EW-T1") not in placements.turn_actions(g.rules, g.state, seat)


def test_T_12_unusable_special_part_is_forfeited():
    """T-12 (U-2 default b): EW-T1 with no face-up contract: 3 credits, the tile counts for BT-N1."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat, credits=0, exc=1, mix=0)
    g.state.players[seat].contracts = []
    show_work(g, "EW-T1")
    do(g, seat, Ext("work", "EW-T1"))
    p = g.state.players[seat]
    assert (p.credits, p.excavators) == (3, 0)
    assert not any(q.kind == "lw_contract" for q in g.state.flow.pending)
    assert scoring.bonus_count(g.state, seat, "external_works") == 1


def test_EW_R2_fulfils_a_contract_of_at_most_4_without_energy():
    """L-5.12.1: EW-T1 fulfils a face-up contract needing ≤ 4; no energy moves; its reward is paid."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat)
    table = g.rules.contracts
    small = sorted(c for c in table if table[c].kind == "private" and table[c].requirement <= 4)[0]
    big = sorted(c for c in table if table[c].kind == "private" and table[c].requirement > 4)[0]
    p = g.state.players[seat]
    p.contracts = [small, big]
    show_work(g, "EW-T1")
    do(g, seat, Ext("work", "EW-T1"))
    assert top(g).answers(g.rules, g.state) == [Fulfil(small)]
    energy = p.energy
    do(g, seat, Fulfil(small))
    assert p.contracts == [big] and p.fulfilled[-1] == small and p.energy == energy


def test_EW_R3_takes_a_patent_office_tile_for_free():
    """L-5.12.2: EW-T5: 4 credits, then a face-up advanced tile, its slot empty until the refresh."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat, credits=0)
    show_work(g, "EW-T5")
    do(g, seat, Ext("work", "EW-T5"))
    tile = g.state.patent_display[1]
    do(g, seat, Ext("patent", tile))
    p = g.state.players[seat]
    assert p.credits == 4 and tile in p.tiles and g.state.patent_display[1] == ""


def test_T_7_end_of_round_refresh_runs_A_to_C():
    """T-7, L-13.1: AAA, AAB, BBB, BCC, CCC."""
    g = drafted(2)
    seen = []
    for _ in range(5):
        seen.append("".join(store.work(w).stack for w in g.state.ext.leeghwater.ew_display))
        scoring.end_of_round(g.rules, g.state)
    assert seen == ["AAA", "AAB", "BBB", "BCC", "CCC"]


# -- L-6 building ---------------------------------------------------------------------------------


def test_T_5_building_on_a_red_frame_with_the_second_construction_space():
    """T-5, L-6.2: 2 engineers, tile and machinery on the wheel, +3 credits, the leftmost piece, activated."""
    g = drafted(4)
    seat = g.state.turn_order[0]
    rich(g, seat, credits=10, exc=8, mix=8)
    put_building(g, "PB-03")
    g.state.ext.leeghwater.spaces[0] = [1 - min(seat, 1), 2 if seat != 2 else 3, store.FREE, store.FREE]
    p = g.state.players[seat]
    p.spaces_used = 1
    open_sector = p.wheel_open
    do(g, seat, Ext("build", "PB-03"))
    assert (p.engineers, p.credits, p.spaces_used) == (10, 10, 2)  # 2nd space: 2 engineers, no credits
    do(g, seat, Ext("tile", "BUILDING"))
    assert p.wheel_tile[open_sector] == "building"
    assert (p.wheel_exc[open_sector], p.wheel_mix[open_sector]) == (2, 2)
    assert (p.excavators, p.mixers, p.credits) == (6, 6, 7)
    assert p.wheel_open == (open_sector + 1) % 6
    assert g.state.ext.leeghwater.spaces[0][2] == seat
    assert p.ext.leeghwater.pieces == 4
    assert building_actions.activated(g.state, seat, 0)
    assert Ext("build", "PB-03") not in placements.turn_actions(g.rules, g.state, seat)  # L-6.4: one per tile


def test_L_6_7_no_building_tile_no_building():
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat)
    g.state.players[seat].tiles.remove("building")
    assert not any(a.name == "build" for a in placements.turn_actions(g.rules, g.state, seat))


@pytest.mark.parametrize("tile,paid", [("AT-B2=E", (1, 0)), ("AT-B2=M", (0, 5))])
def test_L_9_3_AT_B2_pays_one_machinery_type(tile, paid):
    """L-9.3: the Robot Factory (1e 5m) with AT-B2: only the chosen type goes on the wheel."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat, exc=6, mix=6)
    put_building(g, "PB-06")
    p = g.state.players[seat]
    p.tiles = ["AT-B2"]
    sector = p.wheel_open
    do(g, seat, Ext("build", "PB-06"))
    do(g, seat, Ext("tile", tile))
    assert (p.wheel_exc[sector], p.wheel_mix[sector]) == paid
    assert p.wheel_tile[sector] == "AT-B2"


def test_L_9_4_AT_B3_scores_the_tile_at_once_and_again_at_the_end():
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat)
    put_building(g, "PB-10")
    p = g.state.players[seat]
    p.tiles = ["AT-B3"]
    vp = p.vp
    do(g, seat, Ext("build", "PB-10"))
    do(g, seat, Ext("tile", "AT-B3"))
    assert p.vp == vp  # the VP come with the activation, after the building space (L-6.2 step 5)
    do(g, seat, Ext("space", "1:0C"))
    assert p.vp == vp + 7
    assert (seat, 7, "PB-10 activated (L-14.1)") in scoring.final_scoring(g.state)


def test_L_9_2_AT_B1_performs_the_action_at_once_and_it_counts():
    """L-9.2 (U-7 default a): the Finance Department right after building; no second use this round."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat, credits=10)
    put_building(g, "PB-07")
    p = g.state.players[seat]
    p.tiles = ["AT-B1"]
    do(g, seat, Ext("build", "PB-07"))
    do(g, seat, Ext("tile", "AT-B1"))
    do(g, seat, Ext("space", "1:0C"))
    assert top(g).kind == "lw_now"
    do(g, seat, Ext("now", "PB-07"))
    assert p.credits == 15
    assert not g.state.ext.leeghwater.left[0]  # L-7.3.1: no space taken
    assert Ext("use", "PB-07") not in placements.turn_actions(g.rules, g.state, seat)


# -- L-7, L-8 using buildings -----------------------------------------------------------------------


def test_E_1_left_first_then_right_with_its_frame():
    """E-1, L-7.3: the first placement takes the left space, later ones a right space (+3 credits)."""
    g = drafted(3)
    a, b = g.state.turn_order[0], g.state.turn_order[1]
    put_building(g, "PB-07")
    g.state.ext.leeghwater.spaces[0] = [a, store.BLOCKED, b, store.FREE]
    rich(g, a, credits=0)
    rich(g, b, credits=0)
    do(g, a, Ext("use", "PB-07"))
    assert (g.state.players[a].engineers, g.state.players[a].credits) == (11, 5)
    do(g, b, Ext("use", "PB-07"))  # PB-07's right space: 2 engineers, no credits (L-7.2 data)
    assert (g.state.players[b].engineers, g.state.players[b].credits) == (10, 5)


def test_E_1_right_space_red_frame_costs_3():
    g = drafted(3)
    a, b = g.state.turn_order[0], g.state.turn_order[1]
    put_building(g, "PB-05")
    g.state.ext.leeghwater.spaces[0] = [a, store.BLOCKED, b, store.FREE]
    rich(g, a, credits=4)
    rich(g, b, credits=4)
    do(g, a, Ext("use", "PB-05"))
    assert g.state.players[a].credits == 3  # left: the symbol's 1 credit
    assert Ext("use", "PB-05") in placements.turn_actions(g.rules, g.state, b)
    do(g, b, Ext("use", "PB-05"))
    assert g.state.players[b].credits == 0  # right: 3 + 1
    rich(g, a, credits=3)


def test_L_7_4_once_per_round_then_again_after_the_round():
    g = drafted(3)
    seat = g.state.turn_order[0]
    put_building(g, "PB-07")
    activate(g, seat)
    rich(g, seat)
    do(g, seat, Ext("use", "PB-07"))
    assert Ext("use", "PB-07") not in placements.turn_actions(g.rules, g.state, seat)
    scoring.end_of_round(g.rules, g.state)
    assert Ext("use", "PB-07") in placements.turn_actions(g.rules, g.state, seat)
    assert g.state.ext.leeghwater.left == [False] * 5


def test_L_7_1_only_activated_players():
    g = drafted(3)
    seat = g.state.turn_order[0]
    put_building(g, "PB-07")
    rich(g, seat)
    assert Ext("use", "PB-07") not in placements.turn_actions(g.rules, g.state, seat)


def used(g: Game, pb: str, credits: int = 10, exc: int = 5, mix: int = 5) -> tuple[Game, int]:
    g = g or drafted(3)
    seat = g.state.turn_order[0]
    put_building(g, pb)
    activate(g, seat)
    rich(g, seat, credits=credits, exc=exc, mix=mix)
    return g, seat


def test_PB_01_protective_dike_places_water_at_a_neutral_or_own_dam():
    g, seat = used(drafted(3), "PB-01")
    neutral = [d for d, o in enumerate(g.state.dam_owner) if o == -2]
    do(g, seat, Ext("use", "PB-01"))
    answers = top(g).answers(g.rules, g.state)
    room = [d for d in neutral if g.rules.dam_room(g.state, d) > 0]
    assert answers == [Site(g.rules.board.dams[d].id) for d in room]
    if answers:
        d = room[0]
        before = g.state.dam_water[d]
        do(g, seat, answers[0])
        assert g.state.dam_water[d] == before + 1


def test_PB_02_design_bureau_returns_a_tile_and_leaves_the_machinery():
    g, seat = used(drafted(3), "PB-02")
    p = g.state.players[seat]
    assert Ext("use", "PB-02") not in placements.turn_actions(g.rules, g.state, seat)  # no tile on the wheel
    p.tiles.remove("base")
    p.wheel_tile[3], p.wheel_exc[3] = "base", 2
    do(g, seat, Ext("use", "PB-02"))
    do(g, seat, Ext("sector", "3"))
    assert "base" in p.tiles and p.wheel_tile[3] == "" and p.wheel_exc[3] == 2


def test_T_2_PB_03_research_centre_returns_half_rounded_down():
    """T-2: 3 excavators + 2 mixers: 2 units of the player's choice return; 1-unit sectors are no choice."""
    g, seat = used(drafted(3), "PB-03", exc=0, mix=0)
    p = g.state.players[seat]
    p.wheel_exc[2], p.wheel_mix[2], p.wheel_tile[2] = 3, 2, "base"
    p.wheel_exc[4] = 1
    do(g, seat, Ext("use", "PB-03"))
    assert top(g).answers(g.rules, g.state) == [
        Ext("half", "2:2"),
        Ext("half", "2:1"),
        Ext("half", "2:0"),
    ]
    do(g, seat, Ext("half", "2:0"))
    assert (p.excavators, p.mixers, p.wheel_exc[2], p.wheel_mix[2], p.wheel_tile[2]) == (0, 2, 3, 0, "base")


def test_T_1_PB_04_loan_agency():
    """T-1: EW-T203 (3e 2m) for 10 credits; 6 VP and 2 water moving now; no machinery moves."""
    g, seat = used(drafted(3), "PB-04", credits=12, exc=0, mix=0)
    show_work(g, "EW-T203", slot=2)
    p = g.state.players[seat]
    vp = p.vp
    do(g, seat, Ext("use", "PB-04"))
    assert (p.engineers, p.credits) == (11, 12)  # left space: 1 engineer, no credits
    do(g, seat, Ext("loan", "EW-T203"))
    assert (p.credits, p.vp, p.excavators, p.mixers) == (2, vp + 6, 0, 0)
    assert p.ext.leeghwater.works == ["EW-T203"]
    assert g.state.ext.leeghwater.ew_display[2] == ""
    assert top(g).kind == "water" and top(g).markers == 2 and top(g).flows


def test_PB_05_substation_energy_not_for_contracts():
    g, seat = used(drafted(3), "PB-05", credits=1)
    p = g.state.players[seat]
    do(g, seat, Ext("use", "PB-05"))
    assert (p.credits, p.energy) == (0, 4)
    assert not any(q.kind == "contract" for q in g.state.flow.pending)


def test_PB_06_robot_factory_two_machinery():
    g, seat = used(drafted(3), "PB-06", credits=1)
    do(g, seat, Ext("use", "PB-06"))
    assert g.state.players[seat].credits == 0
    assert (top(g).kind, top(g).units) == ("machinery", 2)


def test_PB_07_finance_department():
    g, seat = used(drafted(3), "PB-07", credits=0)
    do(g, seat, Ext("use", "PB-07"))
    assert g.state.players[seat].credits == 5


def _production_system(g: Game, seat: int) -> None:
    """The seat's own dam (1 marker), conduit and powerhouse: one production possible."""
    b = g.rules.board
    c = next(
        c
        for c in b.conduits
        if b.dams_in_zone.get(c.zone) and any(p.zone == c.to_zone for p in b.powerhouses)
    )
    d = b.dams_in_zone[c.zone][0]
    ph = next(p for p in b.powerhouses if p.zone == c.to_zone)
    s = g.state
    s.dam_owner[d], s.dam_height[d], s.dam_water[d] = seat, 1, 1
    s.conduit_owner[c.index] = seat
    s.ph_owner[ph.index] = seat


def test_PB_08_control_centre_needs_a_possible_production():
    """PB-08: offered only when a production with +3 is possible; then a production is started."""
    g, seat = used(drafted(3), "PB-08")
    assert Ext("use", "PB-08") not in placements.turn_actions(g.rules, g.state, seat)
    _production_system(g, seat)
    do(g, seat, Ext("use", "PB-08"))
    assert (top(g).kind, top(g).modifier) == ("produce", 3)
    # Appendix 3: "perform a production action": the engineers placed pay for it, so it is
    # not declined (rules version 2 let it be, as a tile's reward may be)
    assert not top(g).optional and Skip() not in g.legal()


def test_PB_08_under_leeghwater_rules_version_2_the_production_could_be_declined():
    g, seat = used(drafted(3), "PB-08")
    g.rules.rules_versions = {"leeghwater": 2}  # as a game saved under version 2 is played
    _production_system(g, seat)
    do(g, seat, Ext("use", "PB-08"))
    assert top(g).optional and Skip() in g.legal()


def test_PB_09_wind_turbine_energy_may_fulfil_a_contract():
    g, seat = used(drafted(3), "PB-09", credits=2)
    table = g.rules.contracts
    c = sorted(c for c in table if table[c].kind == "private" and table[c].requirement <= 5)[0]
    p = g.state.players[seat]
    p.contracts = [c]
    do(g, seat, Ext("use", "PB-09"))
    assert (p.credits, p.energy) == (0, 5)
    assert top(g).kind == "contract" and top(g).energy == 5


def test_PB_10_customer_department_any_requirement():
    g, seat = used(drafted(3), "PB-10", credits=3)
    table = g.rules.contracts
    c = max((c for c in table if table[c].kind == "private"), key=lambda c: (table[c].requirement, c))
    p = g.state.players[seat]
    p.contracts = [c]
    do(g, seat, Ext("use", "PB-10"))
    assert p.credits == 0
    do(g, seat, Fulfil(c))
    assert p.contracts == [] and p.fulfilled[-1] == c and p.energy == 0


# -- L-10, L-11, L-14 ------------------------------------------------------------------------------


def test_L_10_bonus_tiles_rows_and_counts():
    assert components.bonus_tile_rows() == [
        ("BT-N1", 5, "external_works", False),
        ("BT-N2", 4, "buildings", False),
    ]
    g = drafted(3)
    seat = g.state.turn_order[0]
    g.state.players[seat].ext.leeghwater.works = ["EW-T1", "EW-T2"]
    activate(g, seat, 0)
    activate(g, seat, 3)
    assert scoring.bonus_count(g.state, seat, "external_works") == 2
    assert scoring.bonus_count(g.state, seat, "buildings") == 2
    assert scoring.bonus_count(g.state, seat, "contracts") is None


def test_L_11_2_netherlands_income_rows():
    g = drafted(3)
    rows = netherlands.company_income(g.rules, "CO-NED")
    assert [[at for at, _ in row] for row in rows] == [[2, 4, 5]] * 3
    assert rows[0][0][1][0][:2] == ("water_delayed", 2)
    assert rows[1][1][1][1][:2] == ("water_flows", 2)
    assert rows[2][1][1][0][:2] == ("machinery", 2)
    assert [row[2][1][0][:2] for row in rows] == [("vp", 7)] * 3
    assert netherlands.company_income(g.rules, "CO-USA") is None


def test_T_4_netherlands_drop_after_the_contract_and_not_at_the_production_dam():
    """T-4, L-11.3: own dams with room, not the one just used; after Barrage's contract step (U-9)."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    s = g.state
    s.players[seat].company = "CO-NED"
    s.players[seat].officer = "EO-VF"
    s.players[seat].built[3] = 3  # ability unlocked (3rd powerhouse)
    free = [d for d, o in enumerate(s.dam_owner) if o == -1][:3]
    x, y, z = free
    for d, h, w in ((x, 2, 1), (y, 3, 3), (z, 1, 0)):
        s.dam_owner[d], s.dam_height[d], s.dam_water[d] = seat, h, w
    from turbine.plugins.barrage.decisions import ChooseContract, CompanyAbility

    s.flow.pending += [
        CompanyAbility(seat=seat, basin=-1, dam=-1, flags=-1),
        ChooseContract(seat=seat, energy=5, optional=True),
    ]
    netherlands.after_production(g.rules, s, seat, {"dam": x, "conduit": 0, "markers": 1, "energy": 5})
    assert [q.kind for q in s.flow.pending[-3:]] == ["lw_dam", "ability", "contract"]
    drop = s.flow.pending[-3]
    assert drop.answers(g.rules, s) == [Site(g.rules.board.dams[z].id)]
    s.players[seat].officer = "EO-GD"  # Graziano del Monte: the height-3 dam holds a 4th
    assert drop.answers(g.rules, s) == [Site(g.rules.board.dams[d].id) for d in sorted((y, z))]


def test_L_14_final_scoring_each_activated_tile_for_each_player():
    g = drafted(3)
    a, b = g.state.turn_order[0], g.state.turn_order[1]
    put_building(g, "PB-07", 0)
    put_building(g, "PB-10", 1)
    g.state.ext.leeghwater.spaces[0][:1] = [a]
    g.state.ext.leeghwater.spaces[0][2] = b
    g.state.ext.leeghwater.spaces[1][0] = b
    lines = scoring.final_scoring(g.state)
    assert sorted(lines) == sorted(
        [
            (a, 6, "PB-07 activated (L-14.1)"),
            (b, 6, "PB-07 activated (L-14.1)"),
            (b, 7, "PB-10 activated (L-14.1)"),
        ]
    )


def test_view_shows_the_additional_board():
    g = drafted(3)
    text = g.render_view(None, "leeghwater")
    assert text.startswith("Leeghwater: additional management board")
    assert "LW-EW1" in text and g.state.ext.leeghwater.buildings[0] in text


def test_the_whole_board_shows_the_additional_board_once():
    """The spaces are on Barrage's management board and each company's works and buildings
    under its company: the text under the board repeated them all (24 lines at 2 players)."""
    g = drafted(2)
    board = g.render(None)
    first = g.state.ext.leeghwater.buildings[0]
    assert board.count(f"    {first} ") == 1
    assert board.count("    LW-EW1: ") == 1
    assert "Leeghwater: additional management board" not in board


def test_the_additional_boards_spaces_are_on_the_management_board():
    """L-4.3: the ``actions`` view (the management board: who occupies each action space)
    lists the external works and private buildings too, before the Bank."""
    g = drafted(3)
    lines = g.render_view(None, "actions").splitlines()
    works = next(i for i, line in enumerate(lines) if line.startswith("  External works (2 engineers;"))
    bank = next(i for i, line in enumerate(lines) if line.startswith("  Bank "))
    assert works < bank
    assert lines[works + 1].startswith(f"    LW-EW1: {g.state.ext.leeghwater.ew_display[0]}: give ")
    assert any(line.startswith(f"    {g.state.ext.leeghwater.buildings[0]} ") for line in lines[works:bank])


def test_the_additional_board_is_a_view_of_its_own():
    """``leeghwater`` at the table: the board under Barrage's, alone; it takes no argument,
    and a game without the expansion has no such view."""
    g = drafted(3)
    assert "leeghwater" in g.views() and list(g.views())[:6] == list(g.rules.views())
    assert g.render_view(0, "leeghwater") == g.render_view(None, "leeghwater")  # nothing in it is secret
    with pytest.raises(ParseError, match="takes no argument"):
        g.render_view(0, "leeghwater", "2")
    base = Game(default_registry(), "barrage", players=3, seed=1, options={"mode": "full"})
    assert "leeghwater" not in base.views()
    with pytest.raises(ParseError, match="is not a view"):
        base.render_view(0, "leeghwater")


def test_the_board_says_what_works_give_and_buildings_do_and_names_companies():
    """L-5.2: a work's machinery given up and its reward in words (EW-R symbols spelled out,
    L-5.12); L-8: each building's action; builders named by company, as on Barrage's board."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    g.state.ext.leeghwater.spaces[0][0] = seat
    text = g.render_view(None, "leeghwater")
    shown = g.state.ext.leeghwater.ew_display[0]
    work = store.work(shown)
    assert f"LW-EW1: {shown}: give " in text
    if work.special:
        special = next(r for r in store.data().external_works.special_rewards if r.id == work.special)
        words = special.text.rstrip(".")
        if work.reward:  # after the reward's parts, in the same sentence: "4 VP + build a base …"
            words = words[0].lower() + words[1:]
        assert f"{words} ({work.special})" in text
    first = store.building(g.state.ext.leeghwater.buildings[0])
    assert f"action (builders only; next: the left action space): {first.effect_text}" in text
    company = g.rules.company(g.state, seat).name
    assert f"[{company} " in text
    assert (
        f"  {company}: external works none · buildings PB-{g.state.ext.leeghwater.buildings[0][3:]} · "
        in text
    )
    assert " P1" not in text and "->" not in text


def test_each_company_shows_its_works_buildings_and_pieces():
    """L-5.2, L-7.4, L-3.9.2: under the company, wherever it is shown in full (here the
    ``company`` view), its external works, the buildings it activated (those used this
    round marked) and its building pieces left (``barrage_company_lines``)."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    lw = g.state.ext.leeghwater
    lw.spaces[1][0] = seat
    lw.spaces[3][0] = seat
    mine = g.state.players[seat].ext.leeghwater
    mine.used[3] = 1
    mine.works = ["EW-T2"]
    mine.pieces = 3
    text = g.render_view(seat, "company", str(seat + 1))
    expected = (
        f"    leeghwater: external works EW-T2 · buildings {lw.buildings[1]}, {lw.buildings[3]} "
        "(used this round) · building pieces left 3"
    )
    assert expected in text.splitlines()
    other = (seat + 1) % 3
    assert "    leeghwater: external works none · buildings none · building pieces left 5" in g.render_view(
        other, "company", str(other + 1)
    )


def test_views_hide_the_external_works_stacks():
    g = drafted(3)
    view = g.rules.clone(g.state)
    plugin.turbine_view(g.rules, view, 0)
    assert [len(s) for s in view.ext.leeghwater.ew_stacks] == [2, 5, 5]
    assert all(w == "" for s in view.ext.leeghwater.ew_stacks for w in s)
    assert g.state.ext.leeghwater.ew_stacks[1][0] != ""


# -- L-12 officers -------------------------------------------------------------------------------------


def test_L_3_8_2_the_four_officers_join_the_draft():
    g = drafted(3)
    assert {"EO-LS", "EO-MF", "EO-SL", "EO-TB"} <= set(g.rules.officers)
    assert len([o for o in g.rules.officers if o]) == 11


def leslie(copy: bool = False) -> tuple[Game, int]:
    g = drafted(3)
    seat = g.state.turn_order[0]
    p = g.state.players[seat]
    rich(g, seat, credits=0, exc=4, mix=4)
    p.tiles = [t for t in p.tiles if t != "leslie"]  # whoever the draft gave this seat
    if copy:  # Mahiri Sekibo with her copy of Leslie (L-12.5.1)
        p.officer, p.copy, p.copy_turns = "EO-MS", "EO-LS", 1
    else:
        p.officer = "EO-LS"
        p.ext.leeghwater = None
        game_setup.setup_player(g.rules, g.state, seat)  # L-3.9.5: her special tile
    show_work(g, "EW-T4")
    return g, seat


def test_L_12_1_leslie_pays_an_external_work_onto_her_wheel():
    g, seat = leslie()
    p = g.state.players[seat]
    assert "leslie" in p.tiles
    sector = p.wheel_open
    do(g, seat, Ext("work_wheel", "EW-T4"))
    assert (p.wheel_exc[sector], p.wheel_mix[sector], p.wheel_tile[sector]) == (1, 1, "leslie")
    assert (p.excavators, p.mixers, p.credits, p.engineers) == (3, 3, 2, 10)
    assert p.wheel_open == (sector + 1) % 6
    assert p.ext.leeghwater.works == ["EW-T4"]
    show_work(g, "EW-T2", slot=1)
    legal = placements.turn_actions(g.rules, g.state, seat)  # L-12.1.5: the tile is on the wheel
    assert Ext("work", "EW-T2") in legal and Ext("work_wheel", "EW-T2") not in legal


def test_E_2_mahiri_copies_leslie_without_a_tile():
    g, seat = leslie(copy=True)
    p = g.state.players[seat]
    sector = p.wheel_open
    assert "leslie" not in p.tiles
    do(g, seat, Ext("work_wheel", "EW-T4"))
    assert (p.wheel_exc[sector], p.wheel_mix[sector], p.wheel_tile[sector]) == (1, 1, "")


def margot(copy: bool = False) -> tuple[Game, int]:
    g = drafted(3)
    seat = g.state.turn_order[0]
    p = g.state.players[seat]
    if copy:
        p.officer, p.copy, p.copy_turns = "EO-MS", "EO-MF", 1
    else:
        p.officer = "EO-MF"
    put_building(g, "PB-07")
    activate(g, seat)
    rich(g, seat, credits=0)
    return g, seat


def test_L_12_2_margot_second_use_through_her_space():
    """L-12.2.2, L-12.2.3: the tile's space once, her personal space once, the left space untouched."""
    g, seat = margot()
    p = g.state.players[seat]
    do(g, seat, Ext("margot", "PB-07"))
    assert (p.engineers, p.credits) == (11, 5)
    assert not g.state.ext.leeghwater.left[0]
    assert Ext("margot", "PB-07") not in placements.turn_actions(
        g.rules, g.state, seat
    )  # U-12: once per round
    do(g, seat, Ext("use", "PB-07"))
    assert p.credits == 10
    assert Ext("use", "PB-07") not in placements.turn_actions(g.rules, g.state, seat)
    scoring.end_of_round(g.rules, g.state)
    assert Ext("margot", "PB-07") in placements.turn_actions(g.rules, g.state, seat)


def test_L_12_2_4_margots_second_use_of_her_space_in_a_round_cites_the_reading():
    """U-12 (L-12.2.4): her personal space once per round; the refusal cited L-12.2.2, the
    rule that she may use a building twice, which says nothing of the limit."""
    from turbine.plugins.leeghwater.refusals import refuse_placement

    g, seat = margot()
    do(g, seat, Ext("margot", "PB-07"))
    refusal = refuse_placement(g.rules, g.state, seat, Ext("margot", "PB-07"))
    assert refusal is not None
    assert (refusal.reason, refusal.rule) == (
        "Margot Fouché's personal space is used once per round (U-12)",
        "L-12.2.4",
    )


def test_E_3_mahiri_copies_margot_with_an_engineer_in_the_bank():
    g, seat = margot(copy=True)
    p = g.state.players[seat]
    bank = g.state.bank[seat]
    do(g, seat, Ext("margot_bank", "PB-07"))
    assert (p.engineers, p.credits, g.state.bank[seat]) == (11, 5, bank + 1)


def req(g: Game, n: int) -> str:
    table = g.rules.contracts
    return sorted(c for c in table if table[c].kind == "private" and table[c].requirement == n)[0]


def simone(copy: bool = False) -> tuple[Game, int, list[str]]:
    from turbine.plugins.barrage.decisions import ChooseContract

    g = drafted(3)
    seat = g.state.turn_order[0]
    p = g.state.players[seat]
    p.company = "CO-USA"
    if copy:
        p.officer, p.copy, p.copy_turns = "EO-MS", "EO-SL", 1
    else:
        p.officer = "EO-SL"
    hand = [req(g, 3), req(g, 5), req(g, 6)]
    p.contracts = list(hand)
    g.state.nationals = []
    g.state.flow.pending.append(ChooseContract(seat=seat, energy=9, optional=True))
    return g, seat, hand


@pytest.mark.parametrize("first,second,third", [(3, 5, None), (3, 6, None), (6, 3, None), (5, 3, None)])
def test_T_3_simone_fulfils_several_contracts_with_one_production(first, second, third):
    """T-3, L-12.3.2: 9 energy; {3,5}, {3,6} are legal, {5,6} is not (11 > 9)."""
    g, seat, hand = simone()
    by = dict(zip((3, 5, 6), hand, strict=True))
    g.play(Fulfil(by[first]))
    assert top(g).kind == "contract" and top(g).energy == 9 - first
    assert Fulfil(by[second]) in g.legal()
    if {first, 5} == {5, 6} or first == 5:
        assert Fulfil(by[6]) not in g.legal()
    g.play(Fulfil(by[second]))
    assert set(g.state.players[seat].fulfilled[-2:]) == {by[first], by[second]}
    assert not any(q.kind == "contract" for q in g.state.flow.pending)


def test_L_12_3_1_simone_holds_four_contracts():
    g, seat, _ = simone()
    assert g.rules.hand_limit_of(g.state, seat) == 4
    other = g.state.turn_order[1]
    if g.state.players[other].officer != "EO-SL":
        assert g.rules.hand_limit_of(g.state, other) == 3


def test_E_4_mahiri_copies_simone():
    """E-4, L-12.5.3: several contracts in that production; the limit 4 lasts until her next fulfilment."""
    g, seat, hand = simone(copy=True)
    p = g.state.players[seat]
    officers.simone_copy_used(g.rules, g.state, seat, Place("CO1L"))  # the copy's action: contracts
    g.play(Fulfil(hand[0]))
    assert top(g).kind == "contract" and top(g).energy == 6
    p.copy = ""
    assert g.rules.hand_limit_of(g.state, seat) == 3  # she has fulfilled one since the copy
    p.copy = "EO-SL"
    officers.simone_copy_used(g.rules, g.state, seat, Place("CO2L"))
    p.copy = ""  # the copy is over; the limit of 4 lasts until she fulfils a contract
    assert g.rules.hand_limit_of(g.state, seat) == 4


def test_L_12_5_3_a_copy_of_simone_used_outside_the_contract_office_gives_no_limit_of_4():
    """Appendix 4: "if you perform an action in the contract office" with the copy, you may
    hold 4 contracts until you fulfil one.  A copy that went with a Bank action gives nothing
    once it is over (rules version 2 and earlier: the copy alone kept the limit at 4)."""
    from turbine.plugins.barrage.actions import Bank

    g, seat, _ = simone(copy=True)
    p = g.state.players[seat]
    officers.ability_used(g.rules, g.state, seat, "copies EO-SL")
    officers.simone_copy_used(g.rules, g.state, seat, Bank(1))
    assert g.rules.hand_limit_of(g.state, seat) == 4  # while the copy is in force
    p.copy = ""
    assert g.rules.hand_limit_of(g.state, seat) == 3
    g.rules.rules_versions = {"leeghwater": 2}  # a game saved under version 2
    officers.ability_used(g.rules, g.state, seat, "copies EO-SL")
    assert g.rules.hand_limit_of(g.state, seat) == 4


def test_simone_policy_is_production_only_and_others_keep_one_contract():
    """U-11 (c): tile energy keeps Barrage's one-contract rule; other officers get no policy."""
    g, seat, _ = simone()
    assert officers.contract_policy(g.rules, g.state, seat, "production") == {"summed": True}
    assert officers.contract_policy(g.rules, g.state, seat, "tile") is None
    g.state.players[seat].officer = "EO-VF"
    assert officers.contract_policy(g.rules, g.state, seat, "production") is None


def tommaso(copy: bool = False) -> tuple[Game, int]:
    g = drafted(3)
    seat = g.state.turn_order[0]
    while g.to_move != seat:  # the first seat to act
        seat = g.to_move
    p = g.state.players[seat]
    if copy:
        p.officer, p.copy, p.copy_turns = "EO-MS", "EO-TB", 2
    else:
        p.officer = "EO-TB"
    rich(g, seat, credits=10)
    return g, seat


def test_T_9_architect_alone_on_a_one_engineer_space_gives_another_turn():
    """T-9, L-12.4.2: 1 engineer on a 1-engineer space: after its action, another turn (once per round)."""
    g, seat = tommaso()
    one = next(
        a
        for a in g.legal()
        if type(a).__name__ == "Place" and g.rules.spaces[g.rules.space_index[a.space]].engineers == 1
    )
    g.play(one)
    while top(g) is not None and top(g).kind != "lw_architect":
        g.play(g.legal()[0])
    assert top(g).kind == "lw_architect" and set(g.legal()) == {Ext("architect"), Skip()}
    g.play(Ext("architect"))
    assert top(g).kind == "extra" and g.to_move == seat
    assert g.state.players[seat].ext.leeghwater.architect == 0
    scoring.end_of_round(g.rules, g.state)
    assert g.state.players[seat].ext.leeghwater.architect == 1


def test_T_9_no_extra_turn_with_two_engineers_or_in_the_bank():
    """L-12.4.3, U-14 (a)."""
    g, seat = tommaso()
    two = next(
        a
        for a in g.legal()
        if type(a).__name__ == "Place" and g.rules.spaces[g.rules.space_index[a.space]].engineers == 2
    )
    assert officers.after_placement(g.rules, g.state, seat, two, 2) is None
    from turbine.plugins.barrage.actions import Bank

    assert officers.after_placement(g.rules, g.state, seat, Bank(1), 1) is None
    g.state.players[seat].ext.leeghwater.architect = 0  # already placed this round
    assert officers.after_placement(g.rules, g.state, seat, Ext("use", "PB-07"), 1) is None


def test_E_5_mahiri_copies_tommaso():
    """E-5, L-12.5.4: one of her engineers acts as the architect."""
    g, seat = tommaso(copy=True)
    pending = officers.after_placement(g.rules, g.state, seat, Ext("use", "PB-07"), 1)
    assert [p.kind for p in pending] == ["lw_architect"]


def test_placements_and_building_spaces_say_their_cost_in_the_menu():
    """L-5.2: a work costs 2 engineers and its machinery, for its reward; L-6.2 step 1: a
    building the construction space's engineers and its printed machinery; L-6.5: a
    red-framed building space 3 credits."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat, credits=10, exc=8, mix=8)
    texts = {g.rules.describe(a): g.rules.choice_text(g.state, a) for a in g.legal()}
    shown = g.state.ext.leeghwater.ew_display[0]
    work = store.work(shown)
    units = " + ".join(render.machinery_short(work.cost))
    assert texts[f"x work {shown}"] == (
        f"x work {shown}  (2 eng + {units}: {render.work_reward(work, short=True)})"
    )
    pb = g.state.ext.leeghwater.buildings[0]
    b = store.building(pb)
    units = " + ".join(render.machinery_short(b.cost))
    assert texts[f"x build {pb}"] == f"x build {pb}  (1 eng + {units}: {b.name}, {b.vp} VP)"
    g.play(Ext("build", pb))
    while not isinstance(g.state.flow.pending[-1], buildings.LwSpace):
        g.play(g.legal()[0])
    assert g.rules.question(g.state) == f"on which building space next to {b.name} (L-6.2)"
    for action in g.legal():
        text = g.rules.choice_text(g.state, action)
        assert text.endswith("no surcharge)") or text.endswith("red frame: 3 credits)"), text


def test_a_building_whose_free_spaces_are_all_red_framed_says_the_surcharge():
    """L-6.5: building on a red-framed space costs 3 credits more; when no other space is
    free beside the tile, the menu adds them to the building's cost (it charged them
    unannounced)."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat, credits=10, exc=8, mix=8)
    spaces = g.state.ext.leeghwater.spaces[0]
    pb = g.state.ext.leeghwater.buildings[0]
    b = store.building(pb)
    for i in range(len(spaces)):
        if not store.red_frame(i):
            spaces[i] = (seat + 1) % 3  # another company's building there
    assert any(store.red_frame(i) and o == store.FREE for i, o in enumerate(spaces))
    g.reset_caches()
    units = " + ".join(render.machinery_short(b.cost))
    texts = {g.rules.describe(a): g.rules.choice_text(g.state, a) for a in g.legal()}
    assert texts[f"x build {pb}"] == f"x build {pb}  (1 eng + {units} + 3 cr red frame: {b.name}, {b.vp} VP)"
    credits = g.state.players[seat].credits
    g.play(Ext("build", pb))
    while g.to_move == seat and g.state.flow.pending:
        g.play(g.legal()[0])
    assert g.state.players[seat].credits == credits - 3


def test_the_menu_says_a_wheel_work_and_a_building_use_with_their_cost():
    """L-12.1.2: Leslie's work onto her wheel costs 2 engineers and the work's machinery;
    L-7.3, L-7.6: using a building costs its action space's engineers, 3 credits on a
    red-framed (right) space and the credits of its action's symbol (L-8.6: the Robot
    Factory's 1), all shown before what the action does (the menu said ``Pay 1 credit`` as
    if that were the Robot Factory's effect)."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat)
    player = g.state.players[seat]
    player.officer = "EO-LS"
    player.tiles.append(store.LESLIE_TILE)
    show_work(g, "EW-T2")
    w = store.work("EW-T2")
    units = " + ".join(render.machinery_short(w.cost))
    assert g.rules.choice_text(g.state, Ext("work_wheel", "EW-T2")) == (
        f"x work_wheel EW-T2  (2 eng + {units} onto your wheel: {render.work_reward(w, short=True)})"
    )
    put_building(g, "PB-06")
    activate(g, seat)
    b = store.building("PB-06")
    left, right = b.spaces[0], b.spaces[1]
    assert (left.engineers, left.red_frame, right.engineers, right.red_frame) == (2, False, 2, True)
    text = placements.placement_words(g.rules, g.state, seat, Ext("use", "PB-06"))
    effect = "Robot Factory: gain 2 machinery in any mix of excavators and mixers"
    assert text == f"2 eng + 1 cr: {effect}"
    g.state.ext.leeghwater.left[0] = True  # the left space taken this round
    text = placements.placement_words(g.rules, g.state, seat, Ext("use", "PB-06"))
    assert text == f"2 eng + 4 cr: {effect}"


def test_L_12_5_2_mahiris_copy_of_margot_is_over_at_her_next_turn():
    """L-12.5.2 with B-16.7.3 / U-9.2: Mahiri copies Margot and uses an activated building from
    the Bank; at her next turn the copy is over, so ``x margot_bank`` is not offered again
    without a new copy (Barrage rules version 1 still listed it)."""
    g = drafted(3)
    s = g.state
    seat = g.to_move
    other = next(i for i in s.turn_order if i != seat)
    s.players[seat].officer, s.players[other].officer = "EO-MS", "EO-MF"
    s.ext.leeghwater.buildings[0] = "PB-07"
    activate(g, seat)
    rich(g, seat, credits=20)
    g.reset_caches()
    for move in ("place MAHIRI", "copy EO-MF", "x margot_bank PB-07"):
        g.play(g.find(move))
    while g.to_move != seat:
        g.play(g.find("bank 1"))
    moves = [g.rules.describe(a) for a in g.legal()]
    assert "x use PB-07" in moves and "x margot_bank PB-07" not in moves


def test_U_2_a_special_part_that_cannot_be_used_is_said_to_be_lost():
    """U-2 (b), L-5.12.1: EW-T1's fulfilment without a contract to fulfil is forfeited, the
    rest of its reward received; the table is told, not left to guess."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat)
    g.state.players[seat].contracts.clear()
    show_work(g, "EW-T1")
    g.reset_caches()
    g.play(Ext("work", "EW-T1"))
    company = g.rules.company(g.state, seat).name
    said = f"{company}: no contract needing at most 4 energy to fulfil, so the special part of EW-T1's reward"
    assert f"{said} is lost (U-2)" in g.told
    assert not any(isinstance(d, works.LwContract) for d in g.state.flow.pending)


def test_the_expansion_bonus_tile_reads_per_building():
    """L-10.3 (BT-N2): the board and the panel say what the expansion's bonus tile pays for
    in Barrage's words (it read ``4 VP buildings``)."""
    from turbine.plugins.barrage.render import bonus_text

    counts = {tile: c for tile, (_, c, _) in drafted(3).rules.bonus_table.items()}
    assert bonus_text(counts["BT-N2"]) == "per building"
    assert bonus_text(counts["BT-1"]) == "per fulfilled contract"
