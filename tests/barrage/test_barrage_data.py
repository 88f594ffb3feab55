"""Barrage data files against the rulebook's counts and stated values (B-2, B-3.1, B-13, B-21, B-23)."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest
from turbine.plugins.barrage import data_model as dm
from turbine.plugins.barrage.data_model import RewardPart


def test_B_3_1_2_twelve_basins_by_area():
    basins = dm.load_map().basins
    assert len(basins) == 12
    assert Counter(b.area for b in basins) == {"mountain": 4, "hill": 3, "plain": 5}
    assert Counter(b.tier for b in basins) == {0: 4, 1: 3, 2: 3, 3: 2}


def test_B_3_1_2_building_spaces_per_basin():
    by_tier: dict[int, set[tuple[int, int, int]]] = {}
    for b in dm.load_map().basins:
        by_tier.setdefault(b.tier, set()).add((len(b.dam_sites), len(b.conduits), len(b.powerhouse_sites)))
    assert by_tier == {0: {(2, 2, 0)}, 1: {(2, 2, 2)}, 2: {(2, 2, 3)}, 3: {(0, 0, 4)}}


def test_B_3_1_2_totals_20_dam_20_conduit_23_powerhouse_spaces():
    basins = dm.load_map().basins
    assert sum(len(b.dam_sites) for b in basins) == 20
    assert sum(len(b.conduits) for b in basins) == 20
    assert sum(len(b.powerhouse_sites) for b in basins) == 23


def test_B_23_2_4_conduit_values():
    values = Counter(c.value for b in dm.load_map().basins for c in b.conduits)
    assert values == {1: 2, 2: 4, 3: 7, 4: 4, 5: 3}


def test_B_23_2_red_frames_one_upper_dam_site_per_basin_and_powerhouse_counts():
    for b in dm.load_map().basins:
        if b.dam_sites:
            assert [s.red_frame for s in b.dam_sites] == [True, False], b.id
    basins = dm.load_map().basins
    red = {b.id: sum(p.red_frame for p in b.powerhouse_sites) for b in basins if b.powerhouse_sites}
    assert red == {"Z-5": 1, "Z-6": 1, "Z-7": 1, "Z-8": 1, "Z-9": 1, "Z-10": 2, "Z-11": 2, "Z-12": 3}


def test_B_23_3_headstream_tiles_sum_as_stated():
    tiles = dm.load_headstream_tiles()
    assert len(tiles) == 8
    assert {t.id: t.total for t in tiles} == {
        "HS-1": 4,
        "HS-2": 4,
        "HS-3": 4,
        "HS-4": 4,
        "HS-5": 3,
        "HS-6": 3,
        "HS-7": 5,
        "HS-8": 4,
    }
    for t in tiles:
        assert sum(t.water) == t.total
        assert t.water_in_round(5) == 0  # B-6.4.2
    # The rulebook's illustration: a tile receiving 2 water in round 1 (B-23.3).
    assert [t.id for t in tiles if t.water_in_round(1) == 2] == ["HS-3"]


def test_B_4_1_11_ten_neutral_dam_tiles_split_4_3_3():
    tiles = dm.load_map().neutral_dam_tiles
    assert len(tiles) == 10
    assert Counter(t.area for t in tiles) == {"mountain": 4, "hill": 3, "plain": 3}


def test_B_13_1_fifty_five_contracts_split_per_stack():
    data = dm.load_contracts()
    assert len(data.contracts) == 55
    assert Counter(c.kind for c in data.contracts) == {"starting": 4, "national": 6, "private": 45}
    assert Counter(c.stack for c in data.of_kind("private")) == {"green": 15, "yellow": 15, "red": 15}
    stacks = ("green", "yellow", "red")
    ranges = {s: sorted({c.requirement for c in data.of_kind("private", s)}) for s in stacks}
    assert ranges == {"green": [2, 3, 4], "yellow": [5, 6, 7], "red": [8, 9, 10]}


def test_B_13_8_contracts_stated_in_the_text():
    data = dm.load_contracts()
    # "Goal of the game": 3 energy -> 4 VP + 2 credits.
    assert data.by_id("PC-G10").requirement == 3
    assert data.by_id("PC-G10").reward == (RewardPart("vp", 4), RewardPart("credits", 2))
    # B-22.15: the requirement-3 contract giving 2 energy and 2 rotations.
    assert data.by_id("PC-G09").reward == (RewardPart("energy", 2), RewardPart("rotate", 2))
    # B-13.4.3: two national contracts require 14.
    assert sorted(c.id for c in data.of_kind("national") if c.requirement == 14) == ["NC-3", "NC-4"]
    # B-4.3 [HU]: intro starting contracts 3, 3, 2, 4.
    assert [c.requirement for c in data.of_kind("starting")] == [3, 3, 2, 4]
    # SY-20: build a conduit of value <= 2 without engineers, machinery or tile.
    assert data.by_id("PC-G11").reward == (RewardPart("build_conduit", 1, max_value=2),)
    assert data.by_id("PC-Y06").reward == (RewardPart("build_base", 1, areas=("hill", "plain")),)


def test_B_21_2_company_rows_and_incomes():
    """Rules: B-1.1."""
    data = dm.load_companies()
    assert [c.id for c in data.companies] == ["CO-USA", "CO-GER", "CO-ITA", "CO-FRA"]
    assert [c.colour for c in data.companies] == ["red", "black", "green", "white"]
    rows = data.structure_rows
    assert (rows.base, rows.elevation, rows.conduit, rows.powerhouse) == (5, 5, 5, 4)
    assert data.income_reveal_at == (2, 4, 5)
    # B-22.3: Germany's 2nd base gives 3 VP.
    assert data.by_id("CO-GER").income.base[0] == (RewardPart("vp", 3),)
    for c in data.companies:
        for row in ("base", "elevation", "conduit"):
            assert c.income.row(row)[2] == (RewardPart("vp", 7),)


def test_B_6_2_income_reveal_and_powerhouse_track():
    data = dm.load_companies()
    assert [data.revealed_incomes("base", n) for n in range(6)] == [0, 0, 1, 1, 2, 3]
    assert data.revealed_incomes("powerhouse", 4) == 0
    assert [data.production_bonus(n) for n in range(5)] == [0, 0, 1, 1, 3]
    assert [data.ability_unlocked(n) for n in range(5)] == [False, False, False, True, True]


def test_B_21_1_seven_officers_and_intro_assignment():
    officers = dm.load_officers()
    assert [o.id for o in officers] == ["EO-WA", "EO-GD", "EO-VF", "EO-JM", "EO-SJ", "EO-AK", "EO-MS"]
    assert all(o.starting_credits is None for o in officers)  # U-9.4 default: everyone starts with 6
    c = dm.load_constants()
    assert [(s.company, s.officer, s.contract) for s in c.intro_assignment] == [
        ("CO-USA", "EO-WA", "SC-1"),
        ("CO-GER", "EO-JM", "SC-2"),
        ("CO-ITA", "EO-SJ", "SC-3"),
        ("CO-FRA", "EO-VF", "SC-4"),
    ]


def test_B_14_technology_tiles():
    t = dm.load_technology()
    assert [b.id for b in t.basic] == ["base", "elevation", "conduit", "powerhouse", "joker"]
    assert [b.id for b in t.basic if b.intro_only] == ["joker"]
    assert len(t.advanced) == 15
    for level, tag in ((1, "I"), (2, "II"), (3, "III")):
        tiles = t.level(level)
        assert [x.id for x in tiles] == [f"AT-{tag}-{s}" for s in "BECPW"]
        assert [len(x.builds) for x in tiles] == [1, 1, 1, 1, 4]
    assert [s.officer for s in t.special] == ["EO-AK"]


def test_B_21_4_B_21_5_scoring_tiles():
    s = dm.load_scoring_tiles()
    assert [(b.id, b.vp_each) for b in s.bonus_tiles] == [
        ("BT-1", 2),
        ("BT-2", 5),
        ("BT-3", 4),
        ("BT-4", 4),
        ("BT-5", 4),
        ("BT-6", 4),
    ]
    assert [b.id for b in s.bonus_tiles if not b.intro] == ["BT-6"]
    assert len(s.objective_tiles) == 6
    assert s.objective_awards == (15, 10, 5)


def test_B_21_7_constants():
    c = dm.load_constants()
    assert (c.starting.credits, c.starting.excavators, c.starting.mixers, c.starting.vp) == (6, 6, 4, 10)
    assert c.starting.engineers == 12
    assert [(s.engineers, s.credits) for s in c.construction_spaces] == [(1, 0), (2, 0), (3, 0), (3, 3)]
    assert (c.hand_limit, c.wheel_sectors, c.rounds, c.energy_wrap) == (3, 6, 5, 30)
    assert (c.neutral_dams.mountain, c.neutral_dams.hill, c.neutral_dams.plain) == (1, 2, 3)
    assert (c.zero_energy.credits, c.zero_energy.vp) == (3, -3)


def test_B_18_3_energy_track_credits():
    c = dm.load_constants()
    got = {e: c.energy_credits(e) for e in (0, 1, 2, 3, 4, 6, 7, 10, 11, 15, 16, 21, 22, 28, 29, 30, 45)}
    assert got == {
        0: 3,
        1: 1,
        2: 2,
        3: 2,
        4: 3,
        6: 3,
        7: 4,
        10: 4,
        11: 5,
        15: 5,
        16: 6,
        21: 6,
        22: 7,
        28: 7,
        29: 8,
        30: 8,
        45: 8,
    }


def test_B_10_2_management_board():
    spaces = {s.id: s for s in dm.load_management_board()}
    assert len(spaces) == 36
    ts1l, ts1r = spaces["MB-TS1-L"], spaces["MB-TS1-R"]
    assert (ts1l.engineers, ts1l.red_frame, ts1l.modifier) == (2, False, 2)
    assert (ts1r.engineers, ts1r.red_frame, ts1r.modifier) == (3, True, 2)
    assert [spaces[f"MB-TS{i}-L"].modifier for i in range(1, 6)] == [2, 1, 0, -1, -2]
    assert spaces["MB-WS2-L"].cost == 2 and spaces["MB-WS2-L"].gain == (RewardPart("rotate", 2),)
    assert spaces["MB-CO3-L"].cost == 1 and spaces["MB-CO3-L"].amount == 2
    assert spaces["MB-BK"].engineers == 0 and not spaces["MB-BK"].exclusive
    assert [spaces[f"MB-PO{k}"].cost for k in (1, 2, 3)] == [5, 5, 5]


def test_B_4_7_spaces_blocked_by_player_count():
    spaces = dm.load_management_board()
    blocked = {n: sorted(s.id for s in spaces if not s.available_with(n)) for n in (2, 3, 4)}
    four = ["MB-CO2-L", "MB-CO2-R", "MB-MS2-L", "MB-MS2-R", "MB-TS2-L", "MB-TS2-R"]
    assert blocked[4] == []
    assert blocked[3] == four
    assert blocked[2] == sorted([*four, "MB-TS4-L", "MB-TS4-R", "MB-WS2-L", "MB-WS2-R"])


def test_loaders_are_cached_and_frozen():
    assert dm.load_map() is dm.load_map()
    with pytest.raises(AttributeError):
        dm.load_constants().rounds = 6  # type: ignore[misc]


def test_decode_validates(monkeypatch):
    """A malformed file fails at load time with the file name (validation on decode)."""
    bad = b'{"about": "x", "tiles": [{"id": "HS-1", "water": [1, 2, 3], "total": 6}]}'
    monkeypatch.setattr(dm, "_read", lambda name: bad)
    dm.load_headstream_tiles.cache_clear()
    try:
        with pytest.raises(dm.DataError, match=r"headstream_tiles\.json"):
            dm.load_headstream_tiles()
    finally:
        monkeypatch.undo()
        dm.load_headstream_tiles.cache_clear()
    assert len(dm.load_headstream_tiles()) == 8


def test_reward_part_rejects_unknown_kind():
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"kind": "gold", "amount": 1}', type=RewardPart)


def test_B_2_each_company_s_ability_carries_the_colour_of_its_data():
    """The screens colour a company by its ability object's ``colour`` (Germany's black
    as bright black on a terminal): the same as the data file says."""
    from turbine.plugins.barrage.companies import USA, France, Germany, Italy, NoCompany

    data = dm.load_companies()
    for company in (USA, Germany, Italy, France):
        assert company.colour == data.by_id(company.id).colour, company.id
    assert NoCompany.colour == ""
