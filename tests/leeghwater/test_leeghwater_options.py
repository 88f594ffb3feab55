"""The Leeghwater options (``plugins/leeghwater/options.py``): one per UNCERTAIN item where
players might disagree (``docs/rules/leeghwater.md``, U-…).  Each test checks the default
(the recommended reading) and the other value, through ``options["leeghwater"]``.
"""

from __future__ import annotations

import pytest
from test_leeghwater_rules import REGISTRY, do, put_building, req, rich, show_work, top
from turbine.core.errors import BadOptions, IllegalAction
from turbine.core.session import Game, Seat
from turbine.plugins.barrage.actions import Bank, Ext, Fulfil, Pay, Place, Skip
from turbine.plugins.barrage.decisions import ChooseContract
from turbine.plugins.leeghwater import netherlands, officers, placements, plugin, scoring, store, works
from turbine.plugins.leeghwater.options import LeeghwaterOptions


def game_with(players: int = 3, seed: int = 0, rules_versions=None, **options) -> Game:
    """A full game with the expansion and ``options["leeghwater"]``, the draft done
    (``rules_versions``: played under those, as a save made under them is)."""
    g = Game(
        REGISTRY,
        "barrage",
        players=players,
        seed=seed,
        options={"leeghwater": options} if options else {},
        expansions=["leeghwater"],
        seats=[Seat(f"p{i}", "random") for i in range(players)],
        rules_versions=rules_versions,
    )
    while g.state.flow.pending and g.state.flow.pending[-1].kind in ("pair", "start"):
        g.play(g.legal()[0])
    return g


def first(g: Game, pb: str = "", active: bool = False, **resources) -> tuple[int, object]:
    seat = g.state.turn_order[0]
    rich(g, seat, **resources)
    if pb:
        put_building(g, pb)
    if active:
        g.state.ext.leeghwater.spaces[0][0] = seat
    return seat, g.state.players[seat]


def test_the_options_model_is_the_expansions():
    [spec] = plugin.turbine_expansions()
    assert spec.options is LeeghwaterOptions
    defaults = LeeghwaterOptions()
    assert store.opt(game_with().rules) == defaults
    for name, field in LeeghwaterOptions.model_fields.items():
        assert field.description and "U-" in field.description, name
    with pytest.raises(BadOptions):
        game_with(u5_wild=False)


def test_U_5_false_wild_tiles_do_not_build_buildings():
    """U-5 (b): the wild tiles cover only the four map structures; Anton's copy of one neither."""
    g = game_with(u5_wild_builds=False)
    seat, p = first(g, "PB-03")
    p.tiles = ["AT-I-W", "AT-II-W", "AT-III-W"]
    assert Ext("build", "PB-03") not in placements.turn_actions(g.rules, g.state, seat)
    p.tiles, p.officer, p.copy = ["anton"], "EO-AK", ""
    p.wheel_tile[(p.wheel_open + 2) % 6] = "AT-I-W"
    assert Ext("build", "PB-03") not in placements.turn_actions(g.rules, g.state, seat)
    p.tiles = ["anton", "building"]
    do(g, seat, Ext("build", "PB-03"))
    assert top(g).answers(g.rules, g.state) == [Ext("tile", "BUILDING")]


@pytest.mark.parametrize("on", [False, True])
def test_U_6_solomon_and_external_works(on):
    """U-6: Solomon's credits pay a building always (L-6.10), an external work only with the option."""
    g = game_with(u6_solomon_external_works=on)
    seat, p = first(g, credits=6, exc=0, mix=0)
    p.officer, p.copy = "EO-SJ", ""
    show_work(g, "EW-T4")  # 1e 1m, 2 credits and a free powerhouse
    legal = placements.turn_actions(g.rules, g.state, seat)
    assert (Ext("work", "EW-T4") in legal) is on
    if not on:
        return
    do(g, seat, Ext("work", "EW-T4"))  # only one payment: 6 credits
    assert (p.credits, p.engineers) == (0 + 2, 10)
    assert p.ext.leeghwater.works == ["EW-T4"]


def test_U_6_solomon_chooses_how_to_pay_an_external_work():
    g = game_with(u6_solomon_external_works=True)
    seat, p = first(g, credits=3, exc=1, mix=1)
    p.officer, p.copy = "EO-SJ", ""
    show_work(g, "EW-T1")  # 1 excavator
    do(g, seat, Ext("work", "EW-T1"))
    assert top(g).kind == "lw_work_pay"
    assert top(g).answers(g.rules, g.state) == [Pay(1, 0, 0), Pay(0, 0, 3)]
    do(g, seat, Pay(0, 0, 3))
    assert (p.excavators, p.mixers, p.credits) == (1, 1, 3)  # 3 paid, then EW-T1's 3 credits
    assert p.ext.leeghwater.works == ["EW-T1"]


@pytest.mark.parametrize("counts", [True, False])
def test_U_7_AT_B1_use_counts_or_not(counts):
    """U-7: (a) AT-B1's action counts toward once per round (default); (b) it does not (BGA)."""
    g = game_with(u7_at_b1_counts=counts)
    seat, p = first(g, "PB-07", credits=10)
    p.tiles = ["AT-B1"]
    do(g, seat, Ext("build", "PB-07"))
    do(g, seat, Ext("tile", "AT-B1"))
    do(g, seat, Ext("space", "1:0C"))
    do(g, seat, Ext("now", "PB-07"))
    assert p.credits == 15
    assert p.ext.leeghwater.used[0] == (1 if counts else 0)
    assert (Ext("use", "PB-07") in placements.turn_actions(g.rules, g.state, seat)) is not counts


@pytest.mark.parametrize("kept", [True, False])
def test_U_4_loan_agency_tile_kept_or_discarded(kept):
    """U-4: the Loan Agency's tile face down to the taker (BT-N1 counts it) or discarded."""
    g = game_with(u4_loan_tile_kept=kept)
    seat, p = first(g, "PB-04", active=True, credits=12, exc=0, mix=0)
    show_work(g, "EW-T203", slot=2)
    vp = p.vp
    do(g, seat, Ext("use", "PB-04"))
    do(g, seat, Ext("loan", "EW-T203"))
    assert (p.credits, p.vp) == (2, vp + 6)
    assert p.ext.leeghwater.works == (["EW-T203"] if kept else [])
    assert scoring.bonus_count(g.state, seat, "external_works") == (1 if kept else 0)
    assert g.state.ext.leeghwater.ew_display[2] == ""


@pytest.mark.parametrize("discount", [False, True])
def test_U_3_france_and_the_no_energy_fulfilments(discount):
    """U-3: EW-R2 / PB-10 / EW-R1 compare the printed requirement, or France's reduced one."""
    g = game_with(u3_france_discount=discount)
    seat, p = first(g)
    p.company = "CO-FRA"
    p.built[3] = 3  # ability unlocked (3rd powerhouse)
    p.contracts = [req(g, 4), req(g, 7)]
    expected = [req(g, 4), req(g, 7)] if discount else [req(g, 4)]
    assert works.contracts_for(g.rules, g.state, seat, 4) == expected
    p.built[3] = 2  # locked: printed either way
    assert works.contracts_for(g.rules, g.state, seat, 4) == [req(g, 4)]


@pytest.mark.parametrize("before", [False, True])
def test_U_9_netherlands_drop_before_or_after_the_contract(before):
    g = game_with(u9_drop_before_contract=before)
    seat, p = first(g)
    p.company = "CO-NED"
    pending = g.state.flow.pending
    pending.append(ChooseContract(seat=seat, energy=6, optional=True))
    netherlands.after_production(g.rules, g.state, seat, {"dam": 0})
    kinds = [x.kind for x in pending[-2:]]
    assert kinds == (["contract", "lw_dam"] if before else ["lw_dam", "contract"])


@pytest.mark.parametrize("rule", ["forfeit", "illegal"])
def test_U_2_T_12_unusable_special_part(rule):
    """T-12, U-2: no face-up contract, EW-T1 (EW-R2): taken with the part forfeited, or illegal."""
    g = game_with(u2_unusable_special=rule)
    seat, p = first(g)
    p.contracts = []
    show_work(g, "EW-T1")
    assert (Ext("work", "EW-T1") in placements.turn_actions(g.rules, g.state, seat)) is (rule == "forfeit")
    p.contracts = [req(g, 4)]
    assert Ext("work", "EW-T1") in placements.turn_actions(g.rules, g.state, seat)
    p.contracts = [req(g, 5)]  # EW-R2: requirement at most 4
    assert (Ext("work", "EW-T1") in placements.turn_actions(g.rules, g.state, seat)) is (rule == "forfeit")


def test_U_2_illegal_through_the_engine_changes_nothing():
    g = game_with(u2_unusable_special="illegal")
    seat = g.to_move
    rich(g, seat)
    g.state.players[seat].contracts = []
    show_work(g, "EW-T1")
    g.reset_caches()
    before = g.rules.digest(g.state)
    with pytest.raises(IllegalAction):
        g.play(Ext("work", "EW-T1"))
    assert g.rules.digest(g.state) == before


@pytest.mark.parametrize("rule", ["forfeit", "illegal"])
def test_U_18_EW_R7_with_room_for_one_elevation(rule):
    """U-18 with U-2: one own dam of height 2 (room for 1 elevation): EW-T101 builds 1, or is illegal."""
    g = game_with(u2_unusable_special=rule)
    seat, _p = first(g)
    owner = g.state.dam_owner
    for d, o in enumerate(owner):
        if o == seat:
            owner[d] = -1
            g.state.dam_height[d] = 0
    d = owner.index(-1)
    owner[d], g.state.dam_height[d] = seat, 2
    show_work(g, "EW-T101")
    assert (Ext("work", "EW-T101") in placements.turn_actions(g.rules, g.state, seat)) is (rule == "forfeit")
    g.state.dam_height[d] = 1  # room for both
    assert Ext("work", "EW-T101") in placements.turn_actions(g.rules, g.state, seat)


@pytest.mark.parametrize("rule", ["forfeit", "illegal"])
def test_U_2_EW_R3_and_the_loan_agency(rule):
    """U-2 for EW-R3 (empty Patent Office) and for the Loan Agency's pick (L-8.4)."""
    g = game_with(u2_unusable_special=rule)
    seat, _p = first(g, "PB-04", active=True, credits=20)
    g.state.patent_display = [""] * len(g.state.patent_display)
    show_work(g, "EW-T5")
    assert (Ext("work", "EW-T5") in placements.turn_actions(g.rules, g.state, seat)) is (rule == "forfeit")
    g.state.ext.leeghwater.ew_display = ["EW-T5", "", ""]
    assert (Ext("use", "PB-04") in placements.turn_actions(g.rules, g.state, seat)) is (rule == "forfeit")


@pytest.mark.parametrize("per_contract", [True, False])
def test_U_11_france_discount_per_contract_or_once_per_production(per_contract):
    """U-11, L-12.3.3: Simone as France (unlocked), 6 energy, contracts 7 and 5.  Per contract:
    7 uses 4, the 2 left fulfil 5 (−3); once per production: 5 needs 5, no second contract."""
    g = game_with(u11_france_per_contract=per_contract)
    seat, p = first(g)
    p.company, p.officer, p.copy = "CO-FRA", "EO-SL", ""
    p.built[3] = 3
    p.contracts = [req(g, 7), req(g, 5)]
    g.state.nationals = []
    g.state.flow.pending.append(ChooseContract(seat=seat, energy=6, optional=True))
    g.reset_caches()
    assert set(g.legal()) == {Fulfil(req(g, 7)), Fulfil(req(g, 5)), Skip()}
    g.play(Fulfil(req(g, 7)))
    if per_contract:
        assert top(g).kind == "contract" and (top(g).energy, top(g).discounted) == (2, False)
        g.play(Fulfil(req(g, 5)))
        assert p.fulfilled[-2:] == [req(g, 7), req(g, 5)]
    else:
        assert not any(q.kind == "contract" for q in g.state.flow.pending)
        assert p.fulfilled[-1] == req(g, 7) and p.contracts == [req(g, 5)]
    expected = {"summed": True} if per_contract else {"summed": True, "discount_once": True}
    assert officers.contract_policy(g.rules, g.state, seat, "production") == expected


def test_U_11_discount_once_then_printed_requirements():
    """U-11 once per production: after the discounted contract, the next one fits at its printed value."""
    g = game_with(u11_france_per_contract=False)
    seat, p = first(g)
    p.company, p.officer, p.copy = "CO-FRA", "EO-SL", ""
    p.built[3] = 3
    p.contracts = [req(g, 5), req(g, 3), req(g, 4)]
    g.state.nationals = []
    g.state.flow.pending.append(ChooseContract(seat=seat, energy=9, optional=True))
    g.reset_caches()
    g.play(Fulfil(req(g, 5)))  # needs 2 with France's −3: 7 left, no more reduction
    assert top(g).kind == "contract" and (top(g).energy, top(g).discounted) == (7, True)
    assert set(g.legal()) == {Fulfil(req(g, 3)), Fulfil(req(g, 4)), Skip()}
    g.play(Fulfil(req(g, 4)))  # 3 left: the printed 3 fits
    assert top(g).kind == "contract" and (top(g).energy, top(g).discounted) == (3, True)
    g.play(Fulfil(req(g, 3)))
    assert p.contracts == []


@pytest.mark.parametrize("bank", [True, False])
def test_U_13_mahiri_copying_margot(bank):
    """U-13: the Bank engineer in addition to her copy space (default), or none."""
    g = game_with(u13_mahiri_bank_engineer=bank)
    seat, p = first(g, "PB-07", active=True, credits=0)
    p.officer, p.copy, p.copy_turns = "EO-MS", "EO-MF", 1
    before = g.state.bank[seat]
    do(g, seat, Ext("margot_bank", "PB-07"))
    assert (p.engineers, p.credits, g.state.bank[seat]) == ((11, 5, before + 1) if bank else (12, 5, before))
    p.engineers = 0
    assert (Ext("margot_bank", "PB-07") in placements.turn_actions(g.rules, g.state, seat)) is not bank


@pytest.mark.parametrize("allowed", [False, True])
def test_U_14_architect_in_the_bank(allowed):
    g = game_with(u14_architect_bank_and_copy=allowed)
    seat, p = first(g)
    p.officer, p.copy = "EO-TB", ""
    got = officers.after_placement(g.rules, g.state, seat, Bank(1), 1)
    assert (got is not None and [x.kind for x in got] == ["lw_architect"]) is allowed
    assert officers.after_placement(g.rules, g.state, seat, Bank(2), 2) is None


@pytest.mark.parametrize("allowed", [False, True])
def test_U_14_mahiris_copy_space_engineer_as_the_architect(allowed):
    """U-14, L-12.5.4: with the option, her copy-space engineer may be the architect once she has
    copied Tommaso (the decision comes after the copied action); copying another officer, no."""
    g = game_with(u14_architect_bank_and_copy=allowed)
    seat, p = first(g)
    p.officer, p.copy = "EO-MS", ""
    got = officers.after_placement(g.rules, g.state, seat, Place("MAHIRI"), 1)
    if not allowed:
        assert got is None
        return
    [pending] = got
    assert (pending.kind, pending.mahiri, pending.optional) == ("lw_architect", True, True)
    p.copy = "EO-TB"
    assert pending.answers(g.rules, g.state) == [Ext("architect")]
    p.ext.leeghwater.architect = 0  # already used this round (by the copied action)
    assert pending.answers(g.rules, g.state) == []
    p.ext.leeghwater.architect = 1
    p.copy = "EO-WA"
    assert pending.answers(g.rules, g.state) == []


def test_U_14_default_her_copy_space_engineer_is_never_the_architect_even_with_a_copy_in_force():
    """U-14 default (L-12.5.4): Mahiri still holding last turn's copy of Tommaso places on her
    copy space again: that engineer is not the architect, so no extra turn is offered."""
    g = game_with(u14_architect_bank_and_copy=False)
    seat, p = first(g)
    p.officer, p.copy = "EO-MS", "EO-TB"
    assert g.rules.officer(g.state, seat).id == "EO-TB"  # the copy is still in force
    assert officers.after_placement(g.rules, g.state, seat, Place("MAHIRI"), 1) is None


def test_U_14_a_game_saved_under_leeghwater_rules_version_1_is_still_played_so():
    """Version 1 offered that engineer as the architect while the copy of Tommaso was in
    force; a save made under it replays and plays on with that outcome."""
    g = game_with(u14_architect_bank_and_copy=False, rules_versions={"leeghwater": 1})
    assert g.rules_versions == {"barrage": 2, "leeghwater": 1}
    seat, p = first(g)
    p.officer, p.copy = "EO-MS", "EO-TB"
    offered = officers.after_placement(g.rules, g.state, seat, Place("MAHIRI"), 1)
    assert offered is not None and [type(d).__name__ for d in offered] == ["LwArchitect"]


@pytest.mark.parametrize("special", [True, False])
def test_U_16_design_bureau_and_special_tiles(special):
    """U-16: Leslie's and Anton's tiles may go back with PB-02 (default), or not."""
    g = game_with(u16_return_special_tiles=special)
    seat, p = first(g, "PB-02", active=True)
    p.wheel_tile[2], p.wheel_tile[4] = "leslie", "anton"
    assert (Ext("use", "PB-02") in placements.turn_actions(g.rules, g.state, seat)) is special
    p.wheel_tile[5] = "base"
    do(g, seat, Ext("use", "PB-02"))
    sectors = (
        [Ext("sector", "2"), Ext("sector", "4"), Ext("sector", "5")] if special else [Ext("sector", "5")]
    )
    assert top(g).answers(g.rules, g.state) == sectors


@pytest.mark.parametrize("no_op", [False, True])
def test_U_17_research_centre_without_a_two_unit_sector(no_op):
    g = game_with(u17_half_no_op=no_op)
    seat, p = first(g, "PB-03", active=True, exc=0, mix=0)
    p.wheel_exc = [0] * 6
    p.wheel_mix = [0] * 6
    p.wheel_exc[1] = 1
    assert (Ext("use", "PB-03") in placements.turn_actions(g.rules, g.state, seat)) is no_op
    if no_op:
        credits = p.credits
        do(g, seat, Ext("use", "PB-03"))
        assert top(g).kind == "lw_half" and top(g).optional
        assert top(g).answers(g.rules, g.state) == []  # Barrage adds Skip
        do(g, seat, Skip())
        assert (p.excavators, p.wheel_exc[1], p.credits) == (0, 1, credits)


@pytest.mark.parametrize(
    "marks,blocked", [("rulebook", {2: [1, 3], 3: [1], 4: []}), ("ext", {2: [1], 3: [1], 4: []})]
)
def test_U_25_building_spaces_blocked_by_player_count(marks, blocked):
    for players in (2, 3, 4):
        g = game_with(players, u25_marks=marks)
        for row in g.state.ext.leeghwater.spaces:
            assert [i for i, o in enumerate(row) if o == store.BLOCKED] == blocked[players]


OTHER_VALUES = {
    "u2_unusable_special": "illegal",
    "u3_france_discount": True,
    "u4_loan_tile_kept": False,
    "u5_wild_builds": False,
    "u6_solomon_external_works": True,
    "u7_at_b1_counts": False,
    "u9_drop_before_contract": True,
    "u11_france_per_contract": False,
    "u13_mahiri_bank_engineer": False,
    "u14_architect_bank_and_copy": True,
    "u16_return_special_tiles": False,
    "u17_half_no_op": True,
    "u25_marks": "ext",
}


def test_every_option_has_its_other_value_here():
    assert set(OTHER_VALUES) == set(LeeghwaterOptions.model_fields)
    assert all(OTHER_VALUES[k] != v for k, v in LeeghwaterOptions().model_dump().items())


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_conformance_kit_with_every_option_changed(bot):
    """The core contract (determinism, notation round trip, views) with every non-default reading."""
    from turbine.core.testing import check_variant

    report = check_variant(
        "barrage",
        players=[2, 4],
        seeds=range(2),
        options={"leeghwater": OTHER_VALUES},
        expansions=["leeghwater"],
        bot=bot,
        registry=REGISTRY,
    )
    assert report.games == 4


def test_U_14_mahiris_copy_space_architect_through_the_engine():
    """U-14 (b): place on her space, copy Tommaso, the copied action (2 engineers to the Bank),
    then her copy-space engineer as the architect: one more turn."""
    from turbine.plugins.barrage.actions import Copy

    g = game_with(3, u14_architect_bank_and_copy=True)
    seat = g.to_move
    p = g.state.players[seat]
    p.officer, p.copy = "EO-MS", ""
    g.state.players[(seat + 1) % 3].officer = "EO-TB"
    rich(g, seat)
    g.reset_caches()
    g.play(Place("MAHIRI"))
    g.play(Copy("EO-TB"))
    g.play(Bank(2))
    assert top(g).kind == "lw_architect" and set(g.legal()) == {Ext("architect"), Skip()}
    g.play(Ext("architect"))
    assert top(g).kind == "extra" and g.to_move == seat
    assert p.ext.leeghwater.architect == 0
