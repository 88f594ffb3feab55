"""The board the engine runs: river graph and conduits (B-3.1, B-3.4, B-23.2) and build costs (B-9)."""

from __future__ import annotations

import pytest
from turbine.plugins.barrage.board import SEA, Board, load_board, step_basin
from turbine.plugins.barrage.construction import CostTable, cost_table
from turbine.plugins.barrage.data_model import AREAS
from turbine.plugins.barrage.tables import BASE, CONDUIT, ELEVATION, POWERHOUSE, constants


@pytest.fixture(scope="module")
def board():
    return load_board()


@pytest.fixture(scope="module")
def costs(board) -> CostTable:
    """The printed cost table exactly as the rules engine builds it."""
    table = constants()["costs"]
    return cost_table(board, table, table["red_frame_credits"])


def downstream(board: Board, basin: int) -> tuple[int, ...]:
    """Every basin the river reaches from ``basin``, nearest first (follows ``river_to``)."""
    chain = []
    b = board.basins[basin].river_to
    while b != SEA:
        chain.append(b)
        b = board.basins[b].river_to
    return tuple(chain)


def upstream(board: Board, basin: int) -> tuple[int, ...]:
    """Basins whose river flows directly into ``basin``."""
    return tuple(b.index for b in board.basins if b.river_to == basin)


def is_river_downstream(board: Board, lower: int, upper: int) -> bool:
    return lower in downstream(board, upper)


def test_B_3_1_2_counts_on_the_board(board):
    assert (len(board.basins), len(board.dams), len(board.conduits), len(board.powerhouses)) == (
        12,
        20,
        20,
        23,
    )
    assert board.headstreams == ("A", "B", "C", "D")
    assert [board.basins[b].id for b in board.headstream_basin] == ["Z-1", "Z-2", "Z-3", "Z-4"]


def test_B_3_4_1_every_conduit_joins_a_dam_site_to_a_powerhouse_site_downhill(board):
    """Each conduit starts at dam sites and ends at powerhouse sites of another basin that is not higher.

    Rules: B-3.4.2, B-22.47.
    """
    for c in board.conduits:
        src, dst = board.basins[c.basin], board.basins[c.to_basin]
        assert c.basin != c.to_basin, c.id  # B-3.4.2
        # the dams a production may draw from and the powerhouses it may feed (B-11.1)
        assert board.dams_in_zone[c.zone] == src.dams and len(src.dams) == 2, c.id
        assert board.powerhouses_in_zone[c.to_zone] == dst.powerhouses and len(dst.powerhouses) >= 2, c.id
        assert c.index in board.conduits_into_zone[c.to_zone], c.id
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
    along = sorted(c.id for c in board.conduits if is_river_downstream(board, c.to_basin, c.basin))
    assert along == ["C10R", "C1L", "C3R", "C4L", "C4R", "C7L", "C7R", "C8L", "C9L"]


def test_B_3_1_3_every_site_reaches_the_sea(board):
    for d in board.dams:
        assert downstream(board, d.basin)[-1:] in ((), (board.basin("Z-11"),), (board.basin("Z-12"),))
        chain = (d.basin, *downstream(board, d.basin))
        assert board.basins[chain[-1]].river_to == SEA
    for p in board.powerhouses:
        chain = (p.basin, *downstream(board, p.basin))
        assert board.basins[chain[-1]].river_to == SEA


def test_B_23_2_1_river_paths_from_headstreams(board):
    def names(path):
        return [board.dams[s].id if s >= 0 else "row " + board.basins[step_basin(s)].id for s in path]

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
    upstream_of = {b.id: sorted(board.basins[u].id for u in upstream(board, b.index)) for b in board.basins}
    assert upstream_of["Z-10"] == ["Z-6", "Z-7"]
    assert upstream_of["Z-11"] == ["Z-8", "Z-9"]
    assert upstream_of["Z-12"] == ["Z-10"]
    assert all(len(set(downstream(board, b.index))) == len(downstream(board, b.index)) for b in board.basins)


def test_neighbour_and_downstream_queries(board):
    z = board.basin
    assert downstream(board, z("Z-2")) == (z("Z-5"), z("Z-9"), z("Z-11"))
    neighbours = sorted({*upstream(board, z("Z-10")), board.basins[z("Z-10")].river_to})
    assert tuple(neighbours) == (z("Z-6"), z("Z-7"), z("Z-12"))
    assert is_river_downstream(board, z("Z-12"), z("Z-3"))
    assert not is_river_downstream(board, z("Z-3"), z("Z-12"))
    # B-12.2.2: water leaving B6U meets the rest of its basin's release path
    b6u = board.dams[board.dam("B6U")]
    after = [s for s in board.release_paths[b6u.basin] if s >= 0][b6u.position + 1 :]
    assert [board.dams[s].id for s in after] == ["B6L", "B10U", "B10L"]

    # B-3.4: the conduits joining a dam site to a powerhouse site, as production reads them (B-11.1)
    def conduits_between(dam: str, powerhouse: str) -> list[str]:
        zone, to_zone = board.dam_zone[board.dam(dam)], board.ph_zone[board.powerhouse(powerhouse)]
        return [
            board.conduits[c].id for c in board.conduits_into_zone[to_zone] if board.conduits[c].zone == zone
        ]

    assert conduits_between("B5U", "P8_1") == ["C5L"]
    assert conduits_between("B5U", "P9_0") == []


def test_unknown_names_raise(board):
    with pytest.raises(KeyError, match="Z-13"):
        board.basin("Z-13")
    with pytest.raises(KeyError, match="no dam called 'C5L'"):
        board.dam("C5L")


# --------------------------------------------------------------------------- B-9 build costs


def test_B_9_1_base_costs_by_area_with_red_frame(board, costs):
    got = {d.id: (costs.normal[BASE][d.index], costs.surcharge[BASE][d.index]) for d in board.dams}
    for n in range(1, 11):
        area_cost = 5 if n <= 4 else 4 if n <= 7 else 3
        assert got[f"B{n}U"] == ((area_cost, 0), 3)
        assert got[f"B{n}L"] == ((area_cost, 0), 0)
    # B-22.12: a base in the hills needs 4 excavators.
    assert costs.normal[BASE][board.dam("B5L")][0] == 4


def test_B_9_1_elevation_costs_never_pay_the_red_frame(board, costs):
    for d in board.dams:
        expected = {"mountain": 4, "hill": 3, "plain": 2}[AREAS[d.area]]
        assert costs.normal[ELEVATION][d.index] == (0, expected), d.id  # B-22.34
        assert costs.surcharge[ELEVATION][d.index] == 0, d.id


def test_B_9_1_conduit_costs_are_2_excavators_per_value(board, costs):
    got = {c.id: costs.normal[CONDUIT][c.index][0] for c in board.conduits}
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
    assert all(costs.normal[CONDUIT][c.index][1] == 0 for c in board.conduits)  # no mixers
    assert all(costs.surcharge[CONDUIT][c.index] == 0 for c in board.conduits)  # no red-framed conduits
    # [GH]: a yellow conduit (value 3) costs 6 excavators.
    assert {c.colour for c in board.conduits if c.value == 3} == {"yellow"}


def test_B_9_1_powerhouse_costs_2_to_5_mixers_plus_red_frame(board, costs):
    plain, red = board.powerhouse("P8_0"), board.powerhouse("P8_2")
    assert costs.powerhouse_mixers == (2, 3, 4, 5)
    assert costs.surcharge[POWERHOUSE][plain] == 0
    assert (costs.powerhouse_mixers[1], costs.surcharge[POWERHOUSE][red]) == (3, 3)
    red_sites = sorted(p.id for p in board.powerhouses if costs.surcharge[POWERHOUSE][p.index] == 3)
    assert len(red_sites) == 12


# --------------------------------------------------------------------------- one board, one data path


def test_the_engine_runs_this_board_for_rules_and_water(board):
    """The legal-move tables and the water algorithm read the one board (B-3, B-12)."""
    from barrage_setup import new_game

    for mode in ("intro", "full"):
        rules = new_game(4, seed=1, mode=mode).rules
        assert rules.board is board and rules.water_board is board
        assert [rules.basin_of_zone[z] for z in board.zones] == [board.basin(f"Z-{z}") for z in board.zones]


def test_board_is_built_from_the_validated_map(board):
    """Every site of ``map.json`` (as the data model decoded it) is on the board, in map order."""
    from turbine.plugins.barrage.data_model import load_map

    m = load_map()
    assert [b.id for b in board.basins] == [b.id for b in m.basins]
    assert [d.id for d in board.dams] == [s.id for b in m.basins for s in b.dam_sites]
    assert [c.id for c in board.conduits] == [s.id for b in m.basins for s in b.conduits]
    assert [p.id for p in board.powerhouses] == [s.id for b in m.basins for s in b.powerhouse_sites]
    assert [d.red for d in board.dams] == [s.red_frame for b in m.basins for s in b.dam_sites]


def test_data_and_board_modules_import_nothing_above_them():
    """``data_model`` and ``state`` import no plugin module; ``board`` only ``data_model``,
    ``tables`` only those two (the owner codes are the state's), so any module (rules,
    views, expansions) may import them without a cycle."""
    import ast
    from pathlib import Path

    import turbine.plugins.barrage as package

    root = Path(package.__file__).parent
    allowed = {
        "data_model": set(),
        "state": set(),
        "board": {"data_model"},
        "tables": {"data_model", "state"},
    }
    for module, ok in allowed.items():
        tree = ast.parse((root / f"{module}.py").read_text(encoding="utf-8"))
        used = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level:
                used.update([node.module] if node.module else [a.name for a in node.names])
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("turbine.plugins"):
                used.add(node.module.rsplit(".", 1)[-1])
        assert used <= ok, (module, used)
