"""The indexed board: river graph and conduits (B-3.1, B-3.4, B-23.2) and build costs (B-9)."""

from __future__ import annotations

import pytest
from turbine.plugins.barrage.board import SEA, BuildCost, load_board, step_basin


@pytest.fixture(scope="module")
def board():
    return load_board()


def test_B_3_1_2_counts_on_the_board(board):
    assert (len(board.basins), len(board.dam_sites), len(board.conduits), len(board.powerhouses)) == (
        12,
        20,
        20,
        23,
    )
    assert [h.id for h in board.headstreams] == ["A", "B", "C", "D"]


def test_B_3_4_1_every_conduit_joins_a_dam_site_to_a_powerhouse_site_downhill(board):
    """Each conduit starts at dam sites and ends at powerhouse sites of another basin that is not higher.

    Rules: B-3.4.2, B-22.47.
    """
    for c in board.conduits:
        src, dst = board.basins[c.basin], board.basins[c.to_basin]
        assert c.basin != c.to_basin, c.id  # B-3.4.2
        assert len(board.conduit_dams(c.index)) == 2, c.id
        assert len(board.conduit_powerhouses(c.index)) >= 2, c.id
        assert dst.tier >= src.tier, c.id
    sideways = sorted(
        c.id for c in board.conduits if board.basins[c.to_basin].tier == board.basins[c.basin].tier
    )
    assert sideways == ["C6R", "C8R"]  # B-23.2.4


def test_B_23_2_4_conduit_graph_has_no_cycle(board):
    order = {}

    def depth(b: int) -> int:
        if b not in order:
            order[b] = -1
            order[b] = 1 + max(
                (depth(board.conduits[c].to_basin) for c in board.basins[b].conduits_out), default=0
            )
        assert order[b] >= 0, "conduit cycle"
        return order[b]

    # Longest chain of conduit hops: Z-1 -> Z-5 -> Z-8 -> Z-9 -> Z-11 (5 basins).
    assert max(depth(b.index) for b in board.basins) == 5


def test_conduits_are_not_river_downstream_in_general(board):
    """DATA_NOTES §4: 9 conduits follow the river, 11 cross into another valley."""
    along = sorted(c.id for c in board.conduits if board.is_river_downstream(c.to_basin, c.basin))
    assert along == ["C10R", "C1L", "C3R", "C4L", "C4R", "C7L", "C7R", "C8L", "C9L"]


def test_B_3_1_3_every_site_reaches_the_sea(board):
    for d in board.dam_sites:
        assert board.downstream_basins(d.basin)[-1:] in ((), (board.basin("Z-11"),), (board.basin("Z-12"),))
        chain = (d.basin, *board.downstream_basins(d.basin))
        assert board.river_next(chain[-1]) == SEA
    for p in board.powerhouses:
        chain = (p.basin, *board.downstream_basins(p.basin))
        assert board.river_next(chain[-1]) == SEA


def test_B_23_2_1_river_paths_from_headstreams(board):
    def names(path):
        return [board.dam_sites[s].id if s >= 0 else "row " + board.basins[step_basin(s)].id for s in path]

    assert names(board.headstream_paths[board.headstream("A")]) == [
        "B1U",
        "B1L",
        "row Z-8",
        "B8U",
        "B8L",
        "row Z-11",
    ]
    assert names(board.headstream_paths[board.headstream("D")]) == [
        "B4U",
        "B4L",
        "row Z-7",
        "B7U",
        "B7L",
        "row Z-10",
        "B10U",
        "B10L",
        "row Z-12",
    ]
    # B-12.2.2: water released at a powerhouse of Z-5 starts at Z-5's dams, not at its powerhouse row.
    assert names(board.release_paths[board.basin("Z-5")]) == [
        "B5U",
        "B5L",
        "row Z-9",
        "B9U",
        "B9L",
        "row Z-11",
    ]
    assert names(board.arrival_paths[board.basin("Z-11")]) == ["row Z-11"]


def test_B_23_2_3_river_merges_never_splits(board):
    upstream = {
        b.id: sorted(board.basins[u].id for u in board.upstream_basins(b.index)) for b in board.basins
    }
    assert upstream["Z-10"] == ["Z-6", "Z-7"]
    assert upstream["Z-11"] == ["Z-8", "Z-9"]
    assert upstream["Z-12"] == ["Z-10"]
    assert all(
        len(set(board.downstream_basins(b.index))) == len(board.downstream_basins(b.index))
        for b in board.basins
    )


def test_neighbour_and_downstream_queries(board):
    z = board.basin
    assert board.downstream_basins(z("Z-2")) == (z("Z-5"), z("Z-9"), z("Z-11"))
    assert board.river_neighbours(z("Z-10")) == (z("Z-6"), z("Z-7"), z("Z-12"))
    assert board.is_river_downstream(z("Z-12"), z("Z-3"))
    assert not board.is_river_downstream(z("Z-3"), z("Z-12"))
    assert [board.dam_sites[s].id for s in board.dams_downstream_of_dam(board.dam("B6U"))] == [
        "B6L",
        "B10U",
        "B10L",
    ]
    assert [
        board.conduits[c].id for c in board.conduits_between(board.dam("B5U"), board.powerhouse("P8_1"))
    ] == [
        "C5L",
    ]
    assert board.conduits_between(board.dam("B5U"), board.powerhouse("P9_0")) == ()


def test_unknown_names_raise(board):
    with pytest.raises(KeyError, match="Z-13"):
        board.basin("Z-13")


# --------------------------------------------------------------------------- B-9 build costs


def test_B_9_1_base_costs_by_area_with_red_frame(board):
    got = {d.id: board.base_costs[d.index] for d in board.dam_sites}
    for n in range(1, 11):
        area_cost = 5 if n <= 4 else 4 if n <= 7 else 3
        assert got[f"B{n}U"] == BuildCost(excavators=area_cost, credits=3)
        assert got[f"B{n}L"] == BuildCost(excavators=area_cost)
    # B-22.12: a base in the hills needs 4 excavators.
    assert board.base_costs[board.dam("B5L")].excavators == 4


def test_B_9_1_elevation_costs_never_pay_the_red_frame(board):
    for d in board.dam_sites:
        expected = {"mountain": 4, "hill": 3, "plain": 2}[d.area]
        assert board.elevation_costs[d.index] == BuildCost(mixers=expected), d.id  # B-22.34


def test_B_9_1_conduit_costs_are_2_excavators_per_value(board):
    got = {c.id: board.conduit_costs[c.index].excavators for c in board.conduits}
    assert got == {
        "C1L": 10,
        "C1R": 8,
        "C2L": 6,
        "C2R": 10,
        "C3L": 8,
        "C3R": 6,
        "C4L": 6,
        "C4R": 10,
        "C5L": 6,
        "C5R": 8,
        "C6L": 8,
        "C6R": 4,
        "C7L": 4,
        "C7R": 6,
        "C8L": 6,
        "C8R": 4,
        "C9L": 2,
        "C9R": 6,
        "C10L": 4,
        "C10R": 2,
    }
    assert all(board.conduit_costs[c.index].credits == 0 for c in board.conduits)  # no red-framed conduits
    # [GH]: a yellow conduit (value 3) costs 6 excavators.
    assert {c.colour for c in board.conduits if c.value == 3} == {"yellow"}


def test_B_9_1_powerhouse_costs_2_to_5_mixers_plus_red_frame(board):
    plain, red = board.powerhouse("P8_0"), board.powerhouse("P8_2")
    assert [board.powerhouse_cost(plain, n) for n in range(4)] == [
        BuildCost(mixers=2),
        BuildCost(mixers=3),
        BuildCost(mixers=4),
        BuildCost(mixers=5),
    ]
    assert board.powerhouse_cost(red, 1) == BuildCost(mixers=3, credits=3)
    red_sites = sorted(p.id for p in board.powerhouses if board.powerhouse_surcharges[p.index] == 3)
    assert len(red_sites) == 12
