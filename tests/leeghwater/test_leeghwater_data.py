"""Leeghwater Project data files against the rulebook's counts and values (L-2, L-3, L-5 to L-12, U, D).

Rule IDs refer to ``docs/rules/leeghwater.md``; values tagged [data] there are
the BGA data set's, checked here exactly as the reference prints them.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import pytest
from turbine.plugins.barrage import data_model as bdm
from turbine.plugins.barrage.data_model import BonusTile, Officer, RewardPart
from turbine.plugins.leeghwater import data_model as dm

LOADERS = (
    dm.load_constants,
    dm.load_netherlands,
    dm.load_extensions,
    dm.load_additional_board,
    dm.load_external_works,
    dm.load_private_buildings,
    dm.load_technology,
    dm.load_bonus_tiles,
    dm.load_officers,
    dm.load_all,
)


def R(kind: str, amount: int = 1, **kw: Any) -> RewardPart:
    return RewardPart(kind, amount, **kw)  # type: ignore[arg-type]


def all_reward_parts() -> Iterator[tuple[str, RewardPart]]:
    """Every Barrage reward part the expansion's data holds, with its owner."""
    e = dm.load_all()
    for w in e.external_works.works:
        for p in w.reward:
            yield w.id, p
    for r in e.external_works.special_rewards:
        part = r.as_reward_part()
        if part is not None:
            yield r.id, part
    for row in ("base", "elevation", "conduit"):
        for income in e.netherlands.income.row(row):
            for p in income:
                yield f"CO-NED {row}", p
    for b in e.private_buildings:
        for p in b.effect.gain:
            yield b.id, p


# --------------------------------------------------------------------------- whole data layer


def test_everything_loads_and_validates():
    e = dm.load_all()
    assert isinstance(e, dm.Expansion)


def test_loaders_are_cached_and_results_frozen():
    for loader in LOADERS:
        assert loader() is loader()
    with pytest.raises(AttributeError):
        dm.load_netherlands().colour = "red"  # type: ignore[misc]


def test_encoding_is_deterministic():
    a = msgspec.json.encode(dm.load_all())
    assert a == msgspec.json.encode(dm.load_all())
    assert b"EW-T203" in a


def test_every_reward_part_is_a_valid_barrage_part():
    """HP-14: every ordinary reward is Barrage's RewardPart and survives Barrage's own decoder."""
    kinds = set(bdm.RewardKind.__args__)  # type: ignore[attr-defined]
    count = 0
    for owner, part in all_reward_parts():
        count += 1
        assert isinstance(part, RewardPart), owner
        assert part.kind in kinds, owner
        assert part.amount >= 1, owner
        again = msgspec.json.decode(msgspec.json.encode(part), type=RewardPart)
        assert again == part, owner
        assert not part.areas or part.kind == "build_base", owner
        assert part.max_value is None or part.kind == "build_conduit", owner
    assert count > 40


def test_every_cross_reference_resolves():
    e = dm.load_all()
    specials = {r.id for r in e.external_works.special_rewards}
    assert {w.special for w in e.external_works.works if w.special} <= specials
    assert {w.stack for w in e.external_works.works} == set(e.board.external_work_stacks)
    basic = {t.id for t in e.technology.basic}
    companies = {c.id for c in bdm.load_companies().companies} | {e.netherlands.id}
    assert {x.company for x in e.extensions} == companies
    assert {x.basic_tile for x in e.extensions} <= basic
    officers = {o.id for o in e.officers.officers}
    assert {t.officer for t in e.officers.traits} == officers
    tiles = {s.id: s for s in e.technology.special}
    for t in e.officers.traits:
        if t.special_tile:
            assert tiles[t.special_tile].officer == t.officer
    assert {s.officer for s in e.technology.special} <= officers


def test_ids_do_not_clash_with_barrage():
    e = dm.load_all()
    assert e.netherlands.id not in {c.id for c in bdm.load_companies().companies}
    assert not {o.id for o in e.officers.officers} & {o.id for o in bdm.load_officers()}
    base_tiles = bdm.load_technology()
    assert not {t.id for t in e.technology.advanced} & {t.id for t in base_tiles.advanced}
    assert not {t.id for t in e.bonus_tiles} & {t.id for t in bdm.load_scoring_tiles().bonus_tiles}


# ------------------------------------------------------------------ L-1, L-2, L-3 components and setup


def test_L_1_3_two_to_four_players_full_game_only():
    c = dm.load_constants()
    assert (c.players_min, c.players_max) == (2, 4)
    assert c.full_game_only  # L-1.2


def test_L_2_4_4_pool_sizes_after_the_expansion():
    e = dm.load_all()
    assert len(bdm.load_companies().companies) + 1 == 5
    assert len(bdm.load_officers()) + len(e.officers.officers) == 11
    assert len(bdm.load_scoring_tiles().bonus_tiles) + len(e.bonus_tiles) == 8
    assert len(bdm.load_technology().advanced) + len(e.technology.advanced) == 18
    assert len(e.external_works.works) == 15
    assert len(e.private_buildings) == 10


def test_L_3_6_advanced_stacks_keep_five_each_after_culling():
    """L-3.6.1: one new tile per stack, then 1 random tile removed per stack: 5 per stack, 15 in all."""
    removed = dm.load_constants().advanced_removed_per_stack
    assert removed == 1
    for level in (1, 2, 3):
        total = len(bdm.load_technology().level(level)) + len(dm.load_technology().level(level))
        assert total - removed == 5


def test_L_3_4_L_3_5_tiles_drawn():
    c = dm.load_constants()
    assert c.private_buildings_in_play == 5
    assert c.bonus_tiles_drawn == 5
    assert c.external_works_display == 3


def test_L_2_4_1_grand_totals_of_building_pieces_extensions_and_new_basic_tiles():
    ext = dm.load_extensions()
    assert len(ext) == 5
    assert sum(x.building_pieces for x in ext) == 25
    new_tiles = sum(x.new_tile for x in ext)
    assert new_tiles == 4
    assert new_tiles + len(dm.load_netherlands().basic_tiles) == 9


def test_L_3_9_every_company_gets_an_extension_and_a_building_tile_in_its_colour():
    colours = {c.id: c.colour for c in bdm.load_companies().companies} | {"CO-NED": "orange"}
    for x in dm.load_extensions():
        assert x.colour == colours[x.company]
        assert x.basic_tile == "building"
        assert x.building_pieces == 5  # L-3.9.2
    assert dm.load_technology().basic[0].builds == ("building",)


# ------------------------------------------------------------------ L-3.7 additional management board


def test_L_3_7_building_spaces_four_per_tile_two_red_framed():
    board = dm.load_additional_board()
    assert board.tile_slots == 5
    assert [s.red_frame for s in board.building_spaces] == [False, False, True, True]
    assert dm.load_constants().red_frame_credits == 3


def test_L_3_7_blocking_by_player_count_rulebook_marks():
    """4 players: nothing blocked; 3: every space marked "4"; 2: every space marked "3+" or "4"."""
    board = dm.load_additional_board()
    open_ = {n: [s.index for s in board.open_building_spaces(n)] for n in (2, 3, 4)}
    assert open_ == {4: [0, 1, 2, 3], 3: [0, 2, 3], 2: [0, 2]}
    marks = Counter(s.mark for s in board.building_spaces)
    assert marks == {"": 2, "3+": 1, "4": 1}  # L-3.7.3's presumption


def test_U_25_bga_blocking_table_kept_as_the_ext_option():
    """BGA removes the 2nd (free) space with 2 or 3 players; no "3+" space."""
    board = dm.load_additional_board()
    open_ = {n: [s.index for s in board.open_building_spaces(n, "ext")] for n in (2, 3, 4)}
    assert open_ == {4: [0, 1, 2, 3], 3: [0, 2, 3], 2: [0, 2, 3]}


def test_L_6_4_every_player_can_activate_every_tile():
    """One building per player per tile, 5 per game: each player count leaves a space per player."""
    board = dm.load_additional_board()
    c = dm.load_constants()
    assert c.buildings_per_player_per_tile == 1
    assert c.building_pieces_per_company == c.private_buildings_in_play == 5
    for players in (2, 3, 4):
        assert len(board.open_building_spaces(players)) >= players


def test_L_5_7_U_21_external_work_spaces_two_engineers_no_cost_no_mark():
    spaces = dm.load_additional_board().external_work_spaces
    assert [s.slot for s in spaces] == [1, 2, 3]
    assert {(s.engineers, s.red_frame, s.mark) for s in spaces} == {(2, False, "")}


# --------------------------------------------------------------------------- L-5 external works

CATALOGUE = {
    # id: (stack, excavators, mixers, ordinary parts, special) -- L-5.13
    "EW-T1": ("A", 1, 0, [R("credits", 3)], "EW-R2"),
    "EW-T2": ("A", 0, 1, [R("credits", 3), R("rotate", 2)], None),
    "EW-T3": ("A", 0, 2, [R("vp", 4)], "EW-R5"),
    "EW-T4": ("A", 1, 1, [R("credits", 2)], "EW-R4"),
    "EW-T5": ("A", 2, 0, [R("credits", 4)], "EW-R3"),
    "EW-T100": ("B", 2, 1, [R("credits", 5), R("energy_contract", 6)], None),
    "EW-T101": ("B", 0, 4, [R("vp", 2)], "EW-R7"),
    "EW-T102": ("B", 0, 3, [R("credits", 3), R("vp", 3)], "EW-R6"),
    "EW-T103": ("B", 3, 0, [R("vp", 5), R("energy", 6)], None),
    "EW-T104": ("B", 4, 0, [R("vp", 4), R("water_delayed", 2), R("rotate", 2)], None),
    "EW-T200": ("C", 2, 4, [R("vp", 8), R("rotate", 3)], None),
    "EW-T201": ("C", 0, 5, [R("vp", 10), R("water_flows", 1)], None),
    "EW-T202": ("C", 6, 0, [R("vp", 5)], "EW-R1"),
    "EW-T203": ("C", 3, 2, [R("vp", 6), R("water_flows", 2)], None),
    "EW-T204": ("C", 5, 0, [R("vp", 6), R("mixers", 3)], None),
}


def test_C_5_L_13_4_fifteen_external_works_five_per_stack():
    d = dm.load_external_works()
    assert len(d.works) == 15
    assert Counter(w.stack for w in d.works) == {"A": 5, "B": 5, "C": 5}
    assert [(s.id, s.size) for s in d.stacks] == [("A", 5), ("B", 5), ("C", 5)]
    # 3 shown at setup + 3 after each of rounds 1-4 = exactly 15 (L-13.4)
    assert dm.load_constants().external_works_display * bdm.load_constants().rounds == 15


def test_L_5_13_external_work_catalogue():
    d = dm.load_external_works()
    got = {w.id: (w.stack, w.cost.excavators, w.cost.mixers, list(w.reward), w.special) for w in d.works}
    assert got == CATALOGUE


def test_L_5_12_special_rewards_as_the_text_defines_them():
    d = dm.load_external_works()
    got = {r.id: (r.kind, r.amount, r.areas, r.max_value, r.max_requirement) for r in d.special_rewards}
    assert got == {
        "EW-R1": ("fulfil_contract", 1, (), None, None),  # any requirement
        "EW-R2": ("fulfil_contract", 1, (), None, 4),  # requirement 4 or less
        "EW-R3": ("advanced_tile", 1, (), None, None),
        "EW-R4": ("build_powerhouse", 1, (), None, None),
        "EW-R5": ("build_base", 1, ("plain",), None, None),  # base in the plains
        "EW-R6": ("build_conduit", 1, (), 4, None),  # conduit of value 4 or less
        "EW-R7": ("build_elevation", 2, (), None, None),  # 2 elevations
    }


def test_L_5_12_free_builds_are_barrage_reward_parts_and_the_rest_are_not():
    d = dm.load_external_works()
    parts = {r.id: r.as_reward_part() for r in d.special_rewards}
    assert parts == {
        "EW-R1": None,
        "EW-R2": None,
        "EW-R3": None,
        "EW-R4": R("build_powerhouse"),
        "EW-R5": R("build_base", areas=("plain",)),
        "EW-R6": R("build_conduit", max_value=4),
        "EW-R7": R("build_elevation", 2),
    }


def test_L_5_12_9_each_special_reward_on_one_tile_always_with_credits_or_vp():
    d = dm.load_external_works()
    specials = Counter(w.special for w in d.works if w.special)
    assert specials == Counter({f"EW-R{i}": 1 for i in range(1, 8)})
    assert sum(w.special is None for w in d.works) == 8
    for w in d.works:
        assert len(w.reward) + (w.special is not None) in (2, 3), w.id  # 2 or 3 parts
        if w.special:
            assert {p.kind for p in w.reward} <= {"credits", "vp"}, w.id


def test_L_5_12_10_tile_energy_one_usable_for_a_contract_one_not():
    d = dm.load_external_works()
    energy = {w.id: p for w in d.works for p in w.reward if p.kind.startswith("energy")}
    assert energy == {"EW-T100": R("energy_contract", 6), "EW-T103": R("energy", 6)}


def test_L_5_13_1_every_cost_names_excavators_or_mixers():
    for w in dm.load_external_works().works:
        assert w.cost.units > 0, w.id


def test_L_5_13_2_requirements_grow_with_the_stack():
    d = dm.load_external_works()
    units = {s: sorted({w.cost.units for w in d.of_stack(s)}) for s in "ABC"}
    assert units == {"A": [1, 2], "B": [3, 4], "C": [5, 6]}


def test_L_8_4_loan_agency_prices():
    d = dm.load_external_works()
    per_unit = dm.load_constants().loan_credits_per_machinery_unit
    assert per_unit == 2
    prices = {w.id: w.loan_price(per_unit) for w in d.works}
    assert prices == {
        "EW-T1": 2, "EW-T2": 2, "EW-T3": 4, "EW-T4": 4, "EW-T5": 4,
        "EW-T100": 6, "EW-T101": 8, "EW-T102": 6, "EW-T103": 6, "EW-T104": 8,
        "EW-T200": 12, "EW-T201": 10, "EW-T202": 12, "EW-T203": 10, "EW-T204": 10,
    }  # fmt: skip


def test_T_1_loan_agency_on_ew_t203():
    w = dm.load_external_works().by_id("EW-T203")
    assert w.loan_price(dm.load_constants().loan_credits_per_machinery_unit) == 10
    assert w.reward == (R("vp", 6), R("water_flows", 2))


def test_T_11_ew_t4_credits_come_before_the_free_powerhouse():
    """U-27: ordinary gains first, so EW-T4's 2 credits can pay its powerhouse's red frame."""
    d = dm.load_external_works()
    w = d.by_id("EW-T4")
    special = d.special_of(w)
    assert special is not None
    assert [*w.reward, special.as_reward_part()] == [R("credits", 2), R("build_powerhouse")]


def test_L_13_4_T_7_display_sequence_over_five_rounds():
    """Reveal 3 per round from A, then B, then C: AAA, AAB, BBB, BCC, CCC."""
    d = dm.load_external_works()
    deck = [s.id for s in d.stacks for _ in range(s.size)]
    shown = dm.load_constants().external_works_display
    rounds = ["".join(deck[i : i + shown]) for i in range(0, len(deck), shown)]
    assert rounds == ["AAA", "AAB", "BBB", "BCC", "CCC"]


# --------------------------------------------------------------------------- L-7, L-8 private buildings

BUILDINGS = {
    # id: (key, excavators, mixers, VP, left engineers, right engineers, right red frame, action cost) -- L-8
    "PB-01": ("protective_dike", 2, 1, 3, 1, 1, True, 0),
    "PB-02": ("design_bureau", 1, 2, 3, 1, 1, True, 0),
    "PB-03": ("research_centre", 2, 2, 4, 1, 1, True, 0),
    "PB-04": ("loan_agency", 1, 3, 4, 1, 2, False, 0),
    "PB-05": ("substation", 4, 1, 4, 1, 1, True, 1),
    "PB-06": ("robot_factory", 1, 5, 5, 2, 2, True, 1),
    "PB-07": ("finance_department", 3, 4, 6, 1, 2, False, 0),
    "PB-08": ("control_centre", 4, 3, 5, 2, 2, True, 0),
    "PB-09": ("wind_turbine", 6, 2, 5, 2, 2, True, 2),
    "PB-10": ("customer_department", 3, 5, 7, 2, 2, True, 3),
}


def test_C_7_ten_private_buildings_five_in_play():
    assert len(dm.load_private_buildings()) == 10
    assert dm.load_constants().private_buildings_in_play == 5


def test_L_8_private_building_catalogue():
    got = {
        b.id: (
            b.key, b.cost.excavators, b.cost.mixers, b.vp,
            b.left.engineers, b.right[0].engineers, b.right[0].red_frame, b.action_cost,
        )
        for b in dm.load_private_buildings()
    }  # fmt: skip
    assert got == BUILDINGS


def test_L_8_russian_names_from_the_rulebook():
    names = [b.name_ru for b in dm.load_private_buildings()]
    assert names == [
        "Защитная дамба", "Проектное бюро", "Научный центр", "Ссудное агентство", "Подстанция",
        "Завод роботов", "Финансовый отдел", "Центр управления", "Ветрогенератор", "Клиентский отдел",
    ]  # fmt: skip


def test_L_8_0_costs_name_both_machinery_types():
    for b in dm.load_private_buildings():
        assert b.cost.types == 2, b.id  # so AT-B2 always leaves one type to pay (L-9.3)
    assert sorted({b.cost.units for b in dm.load_private_buildings()}) == [3, 4, 5, 6, 7, 8]
    assert sorted({b.vp for b in dm.load_private_buildings()}) == [3, 4, 5, 6, 7]


def test_L_7_2_one_cheap_left_space_and_three_dearer_right_spaces():
    for b in dm.load_private_buildings():
        assert len(b.spaces) == 4
        assert not b.left.red_frame
        assert len(set(b.right)) == 1
        r = b.right[0]
        assert r.red_frame != (r.engineers > b.left.engineers), b.id  # dearer by 3 credits xor an engineer


def test_L_7_6_credits_for_a_space_are_frame_plus_symbol():
    by_id = {b.id: b for b in dm.load_private_buildings()}
    frame = dm.load_constants().red_frame_credits
    assert by_id["PB-05"].space_credits(0, frame) == 1
    assert by_id["PB-05"].space_credits(1, frame) == 4
    assert by_id["PB-10"].space_credits(3, frame) == 6
    assert by_id["PB-04"].space_credits(2, frame) == 0  # an extra engineer instead of credits
    assert by_id["PB-07"].space_credits(1, frame) == 0


def test_L_12_4_7_private_building_spaces_that_need_one_engineer():
    one = {(b.id, i) for b in dm.load_private_buildings() for i, s in enumerate(b.spaces) if s.engineers == 1}
    expected = {(p, i) for p in ("PB-01", "PB-02", "PB-03", "PB-05") for i in range(4)}
    assert one == expected | {("PB-04", 0), ("PB-07", 0)}


def test_L_8_effects_as_data():
    e = {b.id: b.effect for b in dm.load_private_buildings()}
    assert e["PB-01"].kind == "water_to_dam"
    assert e["PB-01"].water == dm.DamWater(
        1, ("neutral", "own"), exclude_production_dam=False, optional=False
    )
    assert (e["PB-02"].kind, e["PB-02"].amount) == ("return_wheel_tile", 1)
    assert (e["PB-03"].kind, e["PB-03"].amount) == ("return_half_sector", 2)  # T-2: 5 units -> 2
    assert e["PB-04"].kind == "loan_external_work"
    assert e["PB-05"].gain == (R("energy", 4),)  # cannot be used for a contract
    assert e["PB-06"].gain == (R("machinery", 2),)  # any mix
    assert e["PB-07"].gain == (R("credits", 5),)
    assert (e["PB-08"].kind, e["PB-08"].modifier) == ("production", 3)
    assert e["PB-09"].gain == (R("energy_contract", 5),)  # may be used for a contract
    assert (e["PB-10"].kind, e["PB-10"].max_requirement) == ("fulfil_contract", None)  # any requirement


def test_L_7_4_once_per_round_per_building():
    assert dm.load_constants().building_uses_per_round == 1


# --------------------------------------------------------------------------- L-9 technology, L-10 bonus tiles


def test_C_8_L_9_6_three_building_technologies_one_per_stack():
    t = dm.load_technology()
    assert [(a.id, a.level, a.builds) for a in t.advanced] == [
        ("AT-B1", 1, ("building",)),
        ("AT-B2", 2, ("building",)),
        ("AT-B3", 3, ("building",)),
    ]
    assert [len(t.level(n)) for n in (1, 2, 3)] == [1, 1, 1]
    assert [a.effect for a in t.advanced] == [
        "perform_activated_action",
        "one_machinery_type",
        "score_activated_vp",
    ]


def test_C_6_L_10_4_two_new_bonus_tiles():
    tiles = dm.load_bonus_tiles()
    assert all(isinstance(t, BonusTile) for t in tiles)
    assert [(t.id, t.vp_each, t.counts, t.intro) for t in tiles] == [
        ("BT-N1", 5, "external_works", False),
        ("BT-N2", 4, "buildings", False),
    ]


# --------------------------------------------------------------------------- L-11 the Netherlands


def test_L_11_1_C_12_to_C_24_netherlands_board():
    n = dm.load_netherlands()
    assert (n.id, n.name, n.character, n.colour) == ("CO-NED", "Netherlands", "Ellen Vos", "orange")
    rows = n.structure_rows
    assert (rows.base, rows.elevation, rows.conduit, rows.powerhouse, rows.building) == (5, 5, 5, 4, 5)
    assert n.engineers == 12
    assert (n.starting.credits, n.starting.excavators, n.starting.mixers) == (6, 6, 4)


def test_L_11_2_netherlands_incomes():
    inc = dm.load_netherlands().income
    assert inc.base == ((R("water_delayed", 2),), (R("rotate", 2),), (R("vp", 7),))
    assert inc.elevation == ((R("credits", 3),), (R("vp", 2), R("water_flows", 2)), (R("vp", 7),))
    assert inc.conduit == ((R("energy", 2),), (R("machinery", 2),), (R("vp", 7),))


def test_L_11_2_incomes_revealed_and_powerhouse_track():
    n = dm.load_netherlands()
    assert [n.revealed_incomes("base", k) for k in range(6)] == [0, 0, 1, 1, 2, 3]
    assert n.revealed_incomes("building", 5) == 0  # L-6.6: buildings give no income
    assert [n.production_bonus(k) for k in range(5)] == [0, 0, 1, 1, 3]
    assert [n.ability_unlocked(k) for k in range(5)] == [False, False, False, True, True]  # U-9


def test_L_11_3_netherlands_drop():
    n = dm.load_netherlands()
    assert n.drop == dm.DamWater(1, ("own",), exclude_production_dam=True, optional=True)


def test_U_23_netherlands_basic_tiles_without_joker():
    assert sorted(dm.load_netherlands().basic_tiles) == sorted(
        ["base", "elevation", "conduit", "powerhouse", "building"]
    )


# --------------------------------------------------------------------------- L-12 officers


def test_C_2_L_12_four_new_officers():
    d = dm.load_officers()
    assert all(isinstance(o, Officer) for o in d.officers)
    assert [(o.id, o.name) for o in d.officers] == [
        ("EO-LS", "Leslie Spencer"),
        ("EO-MF", "Margot Fouché"),
        ("EO-SL", "Simone Luciani"),
        ("EO-TB", "Tommaso Battista"),
    ]
    assert all(o.starting_credits is None for o in d.officers)


def test_L_12_1_leslie_special_tile_builds_nothing():
    t = dm.load_officers().traits_of("EO-LS")
    tile = {s.id: s for s in dm.load_technology().special}[t.special_tile or ""]
    assert tile.officer == "EO-LS"
    assert tile.builds == ()  # L-12.1.8


def test_L_12_2_4_U_12_margot_personal_space():
    space = dm.load_officers().traits_of("EO-MF").personal_space
    assert space is not None
    assert (space.engineers, space.red_frame, space.uses_per_round) == (1, False, 1)


def test_L_12_3_1_simone_holds_four_contracts():
    t = dm.load_officers().traits_of("EO-SL")
    assert t.hand_limit == 4 > bdm.load_constants().hand_limit
    assert t.multi_contract


def test_L_12_4_1_tommaso_one_architect_among_twelve_engineers():
    assert dm.load_officers().traits_of("EO-TB").architects == 1
    assert bdm.load_constants().starting.engineers == 12


def test_L_12_5_how_mahiri_copies_the_new_officers():
    d = dm.load_officers()
    assert d.traits_of("EO-MF").mahiri.bank_engineers == 1  # L-12.5.2
    assert d.traits_of("EO-SL").mahiri.temporary_hand_limit == 4  # L-12.5.3
    assert d.traits_of("EO-SL").mahiri.multi_contract
    assert d.traits_of("EO-TB").mahiri.architects == 1  # L-12.5.4
    assert "without the special tile" in d.traits_of("EO-LS").mahiri.text  # L-12.5.1


# --------------------------------------------------------------------------- validation fails loudly


@pytest.fixture
def patch_file(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, Callable[[Any], None]], None]]:
    """Replace one data file by an edited copy; the loader caches are cleared before and after."""
    original = dm._read

    def patch(name: str, edit: Callable[[Any], None]) -> None:
        doc = json.loads(original(name))
        edit(doc)
        patched = json.dumps(doc).encode()
        monkeypatch.setattr(dm, "_read", lambda n: patched if n == name else original(n))
        for loader in LOADERS:
            loader.cache_clear()

    yield patch
    monkeypatch.undo()
    for loader in LOADERS:
        loader.cache_clear()


def _set(path: str, value: Any) -> Callable[[Any], None]:
    """An edit that sets ``doc[a][b]…`` for the dotted ``path`` (integers index lists)."""

    def edit(doc: Any) -> None:
        *head, last = [int(p) if p.isdigit() else p for p in path.split(".")]
        for key in head:
            doc = doc[key]
        doc[last] = value

    return edit


BAD = [
    ("constants.json", "players_max", 5, "5 players"),
    ("netherlands.json", "colour", "red", "colour red is taken"),
    ("netherlands.json", "powerhouse_track.2.production_bonus", 2, "powerhouse track"),
    ("netherlands.json", "income.base.2", [{"kind": "vp", "amount": 6}], "7 VP"),
    ("netherlands.json", "starting.credits", 7, "starting resources"),
    ("extensions.json", "extensions.0.colour", "orange", "colour"),
    ("additional_board.json", "building_spaces.0.mark", "3+", "building spaces for 2 players"),
    ("external_works.json", "works.0.stack", "B", "stack A"),
    ("external_works.json", "works.1.id", "EW-T1", "duplicate"),
    ("external_works.json", "works.0.special", "EW-R9", "unknown EW-R9"),
    ("external_works.json", "works.1.reward.1", {"kind": "build_base", "amount": 1}, "ordinary part"),
    ("external_works.json", "works.1.reward.1", {"kind": "teleport", "amount": 1}, "kind"),
    ("external_works.json", "works.0.cost", {"excavators": 0, "mixers": 0}, "costs machinery"),
    ("private_buildings.json", "buildings.0.spaces.1", {"engineers": 1, "red_frame": False}, "right"),
    ("private_buildings.json", "buildings.0.spaces.0.red_frame", True, "left space"),
    ("private_buildings.json", "buildings.4.effect.gain", [], "gain iff"),
    ("technology.json", "advanced.0.builds", ["base"], "buildings only"),
    ("technology.json", "advanced.0.id", "AT-I-B", "clashes"),
    ("bonus_tiles.json", "bonus_tiles.0.id", "BT-1", "clashes"),
    ("officers.json", "officers.0.id", "EO-GD", "clashes"),
    ("officers.json", "traits.0.special_tile", "anton", "unknown special tile"),
]


@pytest.mark.parametrize(("name", "path", "value", "message"), BAD, ids=[f"{b[0]}:{b[1]}" for b in BAD])
def test_bad_data_raises_data_error(patch_file, name, path, value, message):
    patch_file(name, _set(path, value))
    with pytest.raises(dm.DataError, match=message) as info:
        dm.load_all()
    assert isinstance(info.value, bdm.DataError)  # Barrage's guard catches it too
    assert name in str(info.value)


def test_L_11_the_netherlands_company_is_orange_as_its_data_says():
    """L-11: the screens colour the Netherlands by its ability object's ``colour``."""
    from turbine.plugins.leeghwater.data_model import load_netherlands
    from turbine.plugins.leeghwater.netherlands import Netherlands

    assert Netherlands.colour == load_netherlands().colour == "orange"
